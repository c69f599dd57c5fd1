"""Moves carry the move number they expect: duplicates, stale moves, races, reconnects, seats.

Runs against a real server process on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import threading
from collections import Counter

import httpx
import pytest
from server_helpers import WS, Api, Server, expected_view_parts, log_of

GAME = "gambit"
OPTIONS = {"players": 2}


def two_people(srv: Server, http: httpx.Client) -> tuple[str, list[Api]]:
    a, b = Api(http, "Ann"), Api(http, "Bob")
    table = a.create(GAME, OPTIONS, [{"kind": "human"}, {"kind": "human"}], seat=0)
    b.post(f"/api/tables/{table['id']}/join", {"seat": 1})
    return table["id"], [a, b]


def test_duplicate_and_stale_moves_are_refused_clearly(live: Server) -> None:
    with httpx.Client(base_url=live.base, timeout=30) as http:
        tid, people = two_people(live, http)
        view = people[0].get(f"/api/tables/{tid}/view?seat=0")
        mover = view["to_move"]
        p = people[mover]
        view = p.get(f"/api/tables/{tid}/view?seat={mover}")
        n, first, second = view["n"], view["legal"][0]["id"], view["legal"][-1]["id"]
        assert first != second
        ws = WS(live.base, tid, p.token)
        try:
            ws.view_at(n)
            ws.send({"type": "move", "n": n, "action": first, "ref": "a"})
            ack = ws.until(lambda m: m.get("ref") == "a")
            assert ack["type"] == "ack" and ack["n"] == n and "duplicate" not in ack
            # the same move again (a resend after a lost ack): acknowledged, applied once
            ws.send({"type": "move", "n": n, "action": first, "ref": "b"})
            again = ws.until(lambda m: m.get("ref") == "b")
            assert again["type"] == "ack" and again["duplicate"] is True
            # a different move for a number already taken: stale, then the current view
            ws.send({"type": "move", "n": n, "action": second, "ref": "c"})
            stale = ws.until(lambda m: m.get("ref") == "c")
            assert stale["type"] == "error" and stale["code"] == "stale"
            assert stale["now"] == ack["now"] and "move" in stale["message"]
            resync = ws.view_at(ack["now"])
            assert resync["n"] == ack["now"]
            # a move from the future is stale too
            ws.send({"type": "move", "n": n + 50, "action": first, "ref": "d"})
            assert ws.until(lambda m: m.get("ref") == "d")["code"] == "stale"
        finally:
            ws.close()
        # over HTTP the same rules hold
        r = http.post(f"/api/tables/{tid}/moves", json={"n": n, "action": second},
                      headers=p.headers)
        assert r.status_code == 409 and r.json()["code"] == "stale"
        r = http.post(f"/api/tables/{tid}/moves", json={"n": n, "action": first},
                      headers=p.headers)
        assert r.status_code == 200 and r.json()["duplicate"] is True
    rows = log_of(live.db_url, tid)
    assert [r[0] for r in rows] == list(range(len(rows)))
    assert Counter(r[0] for r in rows)[n] == 1 and rows[n][1] == first


def test_two_moves_at_once_one_lands(live: Server) -> None:
    with httpx.Client(base_url=live.base, timeout=30) as http:
        tid, people = two_people(live, http)
        mover = people[0].get(f"/api/tables/{tid}/view")["to_move"]
        p = people[mover]
        for _round in range(3):
            view = p.get(f"/api/tables/{tid}/view?seat={mover}")
            if view["to_move"] != mover:
                break
            n, legal = view["n"], [a["id"] for a in view["legal"]]
            if len(legal) < 2:
                p.post(f"/api/tables/{tid}/moves", {"n": n, "action": legal[0]})
                continue
            results: list[httpx.Response] = []
            barrier = threading.Barrier(2)

            def send(action: int, n: int, results: list, barrier: threading.Barrier) -> None:
                with httpx.Client(base_url=live.base, timeout=30) as own:
                    barrier.wait()
                    results.append(own.post(f"/api/tables/{tid}/moves",
                                            json={"n": n, "action": action}, headers=p.headers))

            threads = [threading.Thread(target=send, args=(a, n, results, barrier))
                       for a in legal[:2]]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            codes = sorted(r.status_code for r in results)
            assert codes == [200, 409], [r.text for r in results]
            loser = next(r for r in results if r.status_code == 409).json()
            assert loser["code"] == "stale"
        # the same race between two sockets of one seat (two tabs)
        view = p.get(f"/api/tables/{tid}/view?seat={mover}")
        if view["to_move"] == mover and len(view["legal"]) >= 2:
            tabs = [WS(live.base, tid, p.token) for _ in range(2)]
            try:
                for t in tabs:
                    t.view_at(view["n"])
                for i, t in enumerate(tabs):
                    t.send({"type": "move", "n": view["n"], "action": view["legal"][i]["id"],
                            "ref": f"t{i}"})
                replies = [t.until(lambda m, i=i: m.get("ref") == f"t{i}")
                           for i, t in enumerate(tabs)]
                assert sorted(r["type"] for r in replies) == ["ack", "error"]
                assert next(r for r in replies if r["type"] == "error")["code"] == "stale"
            finally:
                for t in tabs:
                    t.close()
    rows = log_of(live.db_url, tid)
    assert [r[0] for r in rows] == list(range(len(rows)))


def test_reconnect_gets_the_current_view_and_what_was_missed(live: Server) -> None:
    with httpx.Client(base_url=live.base, timeout=30) as http:
        tid, people = two_people(live, http)
        socks = [WS(live.base, tid, p.token) for p in people]
        try:
            views = [s.view_at(0) for s in socks]
            # play until seat 1 is to move; seat 0 then drops and seat 1 plays its whole turn
            for _ in range(200):
                mover = views[0]["to_move"]
                if mover == 1:
                    break
                socks[mover].send({"type": "move", "n": views[0]["n"],
                                   "action": views[mover]["legal"][0]["id"]})
                now = socks[mover].until(lambda m: m.get("type") == "ack")["now"]
                views = [s.view_at(now) for s in socks]
            assert views[0]["to_move"] == 1
            left_at = views[0]["n"]
            socks[0].close()
            view = views[1]
            while view["to_move"] == 1 and view["table"]["status"] == "playing":
                socks[1].send({"type": "move", "n": view["n"], "action": view["legal"][0]["id"]})
                now = socks[1].until(lambda m: m.get("type") == "ack")["now"]
                view = socks[1].view_at(now)
            back = WS(live.base, tid, people[0].token, n=left_at)
            socks[0] = back
            fresh = back.until(lambda m: m.get("type") == "view" and "missed" in m)
            assert fresh["n"] == view["n"] > left_at
            assert fresh["missed"] == view["n"] - left_at
            actions = [a for _, a, _ in log_of(live.db_url, tid)]
            want = expected_view_parts(GAME, {**OPTIONS}, actions[: fresh["n"]], 0)
            assert fresh["obs"] == want["obs"] and fresh["legal"] == want["legal"]
            # a sync message asks for the same
            back.send({"type": "sync", "n": left_at})
            again = back.until(lambda m: m.get("type") == "view" and "missed" in m)
            assert again["n"] == fresh["n"]
        finally:
            for s in socks:
                s.close()


def test_seats_belong_to_their_holders(live: Server) -> None:
    with httpx.Client(base_url=live.base, timeout=30) as http:
        a, b, c = Api(http, "Ann"), Api(http, "Bob"), Api(http, "Cid")
        table = a.create(GAME, {"players": 3}, [{"kind": "human"}] * 3, seat=0)
        tid = table["id"]
        assert table["status"] == "waiting"
        # moves before the start are refused
        r = http.post(f"/api/tables/{tid}/moves", json={"n": 0, "action": 0}, headers=a.headers)
        assert r.status_code == 400 and r.json()["code"] == "not_started"
        # many people race for the last two seats: each seat goes to exactly one
        racers = [Api(http, f"R{i}") for i in range(6)]
        results: list[int] = []
        barrier = threading.Barrier(len(racers))

        def grab(p: Api, seat: int) -> None:
            with httpx.Client(base_url=live.base, timeout=30) as own:
                barrier.wait()
                results.append(own.post(f"/api/tables/{tid}/join", json={"seat": seat},
                                        headers=p.headers).status_code)

        threads = [threading.Thread(target=grab, args=(p, 1 + i % 2)) for i, p in enumerate(racers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(results) == [200, 200] + [409] * 4
        table = a.get(f"/api/tables/{tid}")
        assert table["status"] == "playing" and all(s["taken"] for s in table["seats"])
        # a seat cannot be taken twice, a bystander cannot move, a forged token is nobody
        r = http.post(f"/api/tables/{tid}/join", json={"seat": 1}, headers=b.headers)
        assert r.status_code == 409
        view = a.get(f"/api/tables/{tid}/view")
        r = http.post(f"/api/tables/{tid}/moves", json={"n": view["n"], "action": 0},
                      headers=c.headers)
        assert r.status_code == 403 and r.json()["code"] == "forbidden"
        forged = a.token[:-4] + ("0000" if not a.token.endswith("0000") else "1111")
        r = http.post(f"/api/tables/{tid}/moves", json={"n": 0, "action": 0},
                      headers={"Authorization": f"Bearer {forged}"})
        assert r.status_code == 401
        r = http.get(f"/api/tables/{tid}/view?seat=1", headers=a.headers)
        assert r.status_code == 403  # you cannot ask for another seat's view
        # a spectator socket cannot move
        watcher = WS(live.base, tid)
        try:
            v = watcher.view_at(0)
            assert v["seat"] is None and v["legal"] == []
            watcher.send({"type": "move", "n": v["n"], "action": 0, "ref": 1})
            assert watcher.until(lambda m: m.get("ref") == 1)["code"] == "forbidden"
            for bad in ("not json", "[1, 2]", '{"type": "move"}', '{"type": "dance"}',
                        '{"type": "move", "n": "x", "action": true}', "x" * 4000):
                watcher.ws.send(bad)
                assert watcher.until(lambda m: m.get("type") == "error")["code"] in (
                    "bad_request", "forbidden")
            watcher.send({"type": "ping", "ref": "p"})
            assert watcher.until(lambda m: m.get("ref") == "p")["type"] == "pong"
        finally:
            watcher.close()


@pytest.mark.parametrize("status", [None, "waiting", "playing", "finished"])
def test_lobby_lists_tables(live: Server, status: str | None) -> None:
    with httpx.Client(base_url=live.base, timeout=30) as http:
        a = Api(http, "Ann")
        a.create(GAME, OPTIONS, [{"kind": "human"}, {"kind": "human"}], seat=0)
        rows = a.get("/api/tables" + (f"?status={status}" if status else ""))
        assert all(status is None or r["status"] == status for r in rows)
        if status in (None, "waiting"):
            assert rows

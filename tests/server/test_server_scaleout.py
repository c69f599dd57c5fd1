"""Two server processes on one PostgreSQL: a move made on one reaches pages on the other.

Ann's page talks to process 1, Bob's to process 2, a spectator watches on process 2; the
processes learn of each other's moves through LISTEN/NOTIFY. Both processes also race for the
same move number: the database lets exactly one win.
"""

from __future__ import annotations

import threading
import time

import httpx
import pytest
from server_helpers import WS, Api, Server, expected_view_parts, log_of

GAME = "gambit"
OPTIONS = {"players": 2}


@pytest.fixture
def pair(pg):  # noqa: ANN001, ANN201
    url = pg.new_db()
    # the first migrates the database before the second starts; bots move every 20 ms
    first = Server(url, GARRISON_BOT_DELAY="0.02").start()
    second = Server(url, GARRISON_BOT_DELAY="0.02").start()
    yield first, second
    first.kill()
    second.kill()


def test_moves_cross_processes(pair: tuple[Server, Server]) -> None:
    one, two = pair
    with httpx.Client(base_url=one.base, timeout=30) as h1, \
            httpx.Client(base_url=two.base, timeout=30) as h2:
        ann = Api(h1, "Ann")
        tid = ann.create(GAME, OPTIONS, [{"kind": "human"}] * 2, seat=0)["id"]
        bob = Api(h2, "Bob")
        bob.post(f"/api/tables/{tid}/join", {"seat": 1})  # joined on process 2
        socks = [WS(one.base, tid, ann.token), WS(two.base, tid, bob.token)]
        watcher = WS(two.base, tid)
        try:
            views = [s.view_at(0) for s in socks]
            watcher.view_at(0)
            moved = {0: 0, 1: 0}
            for _ in range(40):
                if views[0]["table"]["status"] != "playing":
                    break
                mover = views[0]["to_move"]
                socks[mover].send({"type": "move", "n": views[mover]["n"],
                                   "action": views[mover]["legal"][0]["id"]})
                ack = socks[mover].until(lambda m: m.get("type") in ("ack", "error"))
                assert ack["type"] == "ack", ack
                moved[mover] += 1
                # the other process hears of it and updates its pages
                views = [s.view_at(ack["now"], timeout=15) for s in socks]
                assert watcher.view_at(ack["now"], timeout=15)["n"] == ack["now"]
            assert moved[0] and moved[1], moved
            actions = [a for _, a, _ in log_of(one.db_url, tid)]
            for seat, view in enumerate(views):
                assert view["obs"] == expected_view_parts(GAME, OPTIONS, actions[: view["n"]],
                                                          seat)["obs"]
            # both processes race for the same move number: one lands, the other is told
            if views[0]["table"]["status"] == "playing":
                mover = views[0]["to_move"]
                holder = (ann, bob)[mover]
                legal = views[mover]["legal"]
                n = views[mover]["n"]
                results: list[httpx.Response] = []
                barrier = threading.Barrier(2)

                def send(base: str, action: int) -> None:
                    barrier.wait()
                    results.append(httpx.post(f"{base}/api/tables/{tid}/moves", timeout=30,
                                              json={"n": n, "action": action},
                                              headers=holder.headers))

                picks = [legal[0]["id"], legal[-1]["id"]]
                threads = [threading.Thread(target=send, args=(srv.base, act))
                           for srv, act in zip((one, two), picks)]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                codes = sorted(r.status_code for r in results)
                if picks[0] == picks[1]:
                    assert codes == [200, 200]  # the same move twice: applied once
                else:
                    assert codes == [200, 409], [r.text for r in results]
            log = log_of(one.db_url, tid)
            assert [r[0] for r in log] == list(range(len(log)))
        finally:
            for s in (*socks, watcher):
                s.close()


def test_bot_table_on_one_process_is_watched_on_the_other(pair: tuple[Server, Server]) -> None:
    one, two = pair
    with httpx.Client(base_url=one.base, timeout=30) as h1:
        ann = Api(h1, "Ann")
        tid = ann.create(GAME, {"players": 3}, [{"kind": "bot", "bot": "random"}] * 3,
                         seat=None)["id"]
    watcher = WS(two.base, tid)
    try:
        final = watcher.until(lambda m: m.get("type") == "view" and m["table"]["status"] == "finished",
                              timeout=120)
    finally:
        watcher.close()
    views = [m for m in watcher.received if m.get("type") == "view"]
    assert len(views) > 5, "the watcher on process 2 follows the game move by move"
    log = log_of(one.db_url, tid)
    assert final["n"] == len(log)
    assert final["obs"] == expected_view_parts(GAME, {"players": 3}, [r[1] for r in log],
                                               None)["obs"]


def test_a_killed_process_hands_its_bot_tables_to_the_other(pg) -> None:  # noqa: ANN001
    """Tables driven by a process killed with SIGKILL stopped for good; now the other process
    takes over their leases within seconds and the bots play on, and only one process drives a
    table at a time."""
    url = pg.new_db()
    one = Server(url, GARRISON_BOT_DELAY="0.2").start()
    two = Server(url, GARRISON_BOT_DELAY="0.2").start()
    try:
        with httpx.Client(base_url=one.base, timeout=30) as h1:
            ann = Api(h1, "Ann")
            tid = ann.create(GAME, {"players": 3}, [{"kind": "bot", "bot": "greedy"}] * 3,
                             seat=None)["id"]
            deadline = time.monotonic() + 20
            while len(log_of(url, tid)) < 5:
                assert time.monotonic() < deadline, "the bots did not start"
                time.sleep(0.2)
        one.kill()  # SIGKILL: no goodbye, its lease simply runs out
        moves = len(log_of(url, tid))
        deadline = time.monotonic() + 20
        while len(log_of(url, tid)) <= moves + 3:
            assert time.monotonic() < deadline, "the table stopped with its process"
            time.sleep(0.3)
        with httpx.Client(base_url=two.base, timeout=30) as h2:
            assert h2.get("/api/health").status_code == 200
        seq = [n for n, _, _ in log_of(url, tid)]
        assert seq == list(range(len(seq))), "one move per number: nobody moved twice"
    finally:
        one.kill()
        two.kill()


def test_a_seat_that_changes_hands_on_one_process_is_lost_on_the_other(pair) -> None:  # noqa: ANN001
    """A's socket is on process 1; A leaves and B takes the seat on process 2. Process 1 hears
    of it (NOTIFY) and A's socket gets the notice and the spectator's view only."""
    one, two = pair
    with httpx.Client(base_url=one.base, timeout=30) as h1, \
            httpx.Client(base_url=two.base, timeout=30) as h2:
        ann = Api(h1, "Ann")
        tid = ann.create("scopa", {"players": 2}, [{"kind": "human"}, {"kind": "human"}],
                         seat=0)["id"]
        old = WS(one.base, tid, ann.token, seat=0)
        try:
            assert old.until(lambda m: m.get("type") == "view")["seat"] == 0
            ann.post(f"/api/tables/{tid}/leave", {"seat": 0})
            bob, cid = Api(h2, "Bob"), Api(h2, "Cid")
            bob.post(f"/api/tables/{tid}/join", {"seat": 0})
            cid.post(f"/api/tables/{tid}/join", {"seat": 1})
            lost = old.until(lambda m: m.get("type") == "seat_lost", timeout=15)
            assert lost["seat"] == 0
            view = old.until(lambda m: m.get("type") == "view" and m["table"]["status"] == "playing",
                             timeout=15)
            assert view["seat"] is None and not view["obs"].get("hand") and view["legal"] == []
        finally:
            old.close()

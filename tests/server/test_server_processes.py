"""Everything players share crosses between server processes on one PostgreSQL, not only moves:
two processes started at the same moment set the schema up one after the other; Ann's page on
one and Bob's on the other see each other here (presence), chat, answer one rematch offer that
makes one table, and a sign-out on one closes the sockets on the other (the third outside
attack run found all of these kept in each process's memory)."""

from __future__ import annotations

import json
import random
import threading
import time

import httpx
import pytest
from server_helpers import WS, Api, Server


@pytest.fixture
def pair(pg):  # noqa: ANN001, ANN201
    """Two processes on one new database, started at the same moment."""
    url = pg.new_db()
    servers = [Server(url, GARRISON_SWEEP="0.2") for _ in range(2)]
    errors: list[BaseException] = []

    def start(server: Server) -> None:
        try:
            server.start()
        except BaseException as err:  # shown below, with the server's own words
            errors.append(err)

    threads = [threading.Thread(target=start, args=(s,)) for s in servers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert not errors, errors
        yield servers
    finally:
        for s in servers:
            s.kill()


def _play_out(tid: str, people: list[tuple[int, Api]]) -> None:
    """Each person plays its seat through its own process (its ``Api``'s client) until the
    game is over."""
    rng = random.Random(5)
    for _ in range(3000):
        if people[0][1].get(f"/api/tables/{tid}")["status"] == "finished":
            return
        for seat, who in people:
            view = who.get(f"/api/tables/{tid}/view?seat={seat}")
            if view["legal"]:
                who.client.post(f"/api/tables/{tid}/moves", headers=who.headers,
                                json={"n": view["n"], "seat": seat,
                                      "action": rng.choice(view["legal"])["id"]})
    raise AssertionError("the game did not end")


def test_chat_presence_rematch_and_sign_out_cross_processes(pair: list[Server]) -> None:
    one, two = pair
    with httpx.Client(base_url=one.base, timeout=30) as h1, \
            httpx.Client(base_url=two.base, timeout=30) as h2:
        ann, bob = Api(h1, "Ann"), Api(h2, "Bob")
        tid = ann.create("gambit", {"players": 2, "lives": 1, "dice": 2},
                         [{"kind": "human"}] * 2, seat=0)["id"]
        bob.post(f"/api/tables/{tid}/join", {"seat": 1})
        a = WS(one.base, tid, ann.token, room=1)
        b = WS(two.base, tid, bob.token, room=1)
        try:
            # each page sees the other's seat taken, though its socket is on the other process
            a.until(lambda m: m.get("type") == "presence" and m["seats"] == [0, 1])
            b.until(lambda m: m.get("type") == "presence" and m["seats"] == [0, 1])
            b.send({"type": "chat", "text": "good luck from process two"})
            line = a.until(lambda m: m.get("type") == "chat")
            assert line["text"] == "good luck from process two" and line["name"] == "Bob"
            _play_out(tid, [(0, ann), (1, bob)])  # Ann on process one, Bob on two
            assert h2.get(f"/api/tables/{tid}").json()["status"] == "finished"
            a.send({"type": "rematch"})
            offer = b.until(lambda m: m.get("type") == "rematch")
            assert offer["state"] == "open" and offer["by"] == 0 and offer["waiting"] == [1]
            b.send({"type": "rematch", "accept": True})
            ready_b = b.until(lambda m: m.get("type") == "rematch" and m["state"] == "ready")
            ready_a = a.until(lambda m: m.get("type") == "rematch" and m["state"] == "ready")
            assert ready_a["table"] == ready_b["table"]
            new = h2.get(f"/api/tables/{ready_a['table']}").json()
            assert new["status"] == "playing"
            assert [s["player"] for s in new["seats"]] == [bob.id, ann.id]
            # one table made, however the answers crossed
            mine = [t for t in h1.get("/api/me/tables", headers=ann.headers).json()
                    if t["id"] != tid]
            assert [t["id"] for t in mine] == [ready_a["table"]]
            # a sign-out on process one closes Bob's socket on process two within 2 s
            signed_out = time.monotonic()
            bob.client = h1
            bob.post("/api/guests/signout", {})
            gone = b.until(lambda m: m.get("type") == "error", timeout=5)
            assert gone["code"] == "unauthorized"
            assert time.monotonic() - signed_out < 2.5
        finally:
            a.close()
            b.close()
        # chat is kept with the table: a page on either process reads it
        late = WS(one.base, tid, room=1)
        try:
            log = late.until(lambda m: m.get("type") == "chat_log")
            assert [line["text"] for line in log["lines"]] == ["good luck from process two"]
        finally:
            late.close()


def test_a_chat_line_too_long_for_a_notify_still_reaches_the_other_process(
        pair: list[Server]) -> None:
    """PostgreSQL's NOTIFY takes 8,000 bytes; a line of 300 four-byte characters with its
    envelope still fits, and is heard on the other process."""
    one, two = pair
    with httpx.Client(base_url=one.base, timeout=30) as h1, \
            httpx.Client(base_url=two.base, timeout=30) as h2:
        ann, bob = Api(h1, "Ann"), Api(h2, "Bob")
        tid = ann.create("gambit", {"players": 2}, [{"kind": "human"}] * 2, seat=0)["id"]
        bob.post(f"/api/tables/{tid}/join", {"seat": 1})
        a, b = WS(one.base, tid, ann.token, room=1), WS(two.base, tid, bob.token, room=1)
        try:
            b.until(lambda m: m.get("type") == "presence" and m["seats"] == [0, 1])
            text = "\U0001F3B2" * 300
            b.send({"type": "chat", "text": text})
            assert a.until(lambda m: m.get("type") == "chat")["text"] == text
            assert len(json.dumps({"text": text}, ensure_ascii=False).encode()) > 1200
        finally:
            a.close()
            b.close()

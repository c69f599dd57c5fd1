"""Kill the server mid-game (SIGKILL, and SIGTERM), start it again: no game or move is lost.

Two people play at one table while two all-bot tables play themselves. The server is killed
with SIGKILL between moves and once with a move in flight (sent, no ack read), then started
again on the same database. Every acknowledged move is in the log exactly once, the log
rebuilds the state, the reconnecting pages get the right views, and all games finish.
"""

from __future__ import annotations

import base64
import os
import random
import signal
import socket
import subprocess
import time

import httpx
from server_helpers import WS, Api, Server, expected_view_parts, log_of

import garrison

GAME = "gambit"
OPTIONS = {"players": 2}
BOT_DELAY = "0.1"  # slow enough that the bot tables are mid-game at every kill


def _play(srv: Server, tid: str, people: list[Api], rng: random.Random, moves: int,
          acked: dict[int, int]) -> None:
    """Make up to ``moves`` moves over fresh sockets; record each acknowledged move."""
    socks = [WS(srv.base, tid, p.token) for p in people]
    try:
        views = [s.view_at(0) for s in socks]
        for _ in range(moves):
            if views[0]["table"]["status"] != "playing":
                return
            mover = views[0]["to_move"]
            mine = views[mover]
            action = rng.choice(mine["legal"])["id"]
            socks[mover].send({"type": "move", "n": mine["n"], "action": action})
            ack = socks[mover].until(lambda m: m.get("type") in ("ack", "error"))
            assert ack["type"] == "ack", ack
            acked[ack["n"]] = action
            views = [s.view_at(ack["now"]) for s in socks]
    finally:
        for s in socks:
            s.close()


def test_sigkill_mid_game_loses_nothing(db_url: str) -> None:
    rng = random.Random(7)
    acked: dict[int, int] = {}
    srv = Server(db_url, GARRISON_BOT_DELAY=BOT_DELAY).start()
    try:
        with httpx.Client(base_url=srv.base, timeout=30) as http:
            a, b = Api(http, "Ann"), Api(http, "Bob")
            tid = a.create(GAME, OPTIONS, [{"kind": "human"}] * 2, seat=0)["id"]
            b.post(f"/api/tables/{tid}/join", {"seat": 1})
            bot_tables = [a.create(GAME, {"players": 3}, [{"kind": "bot", "bot": "random"}] * 3,
                                   seat=None)["id"] for _ in range(2)]
        _play(srv, tid, [a, b], rng, 6, acked)
        deadline = time.monotonic() + 30
        while True:  # kill only once the bot tables are under way
            mid = [httpx.get(f"{srv.base}/api/tables/{t}", timeout=30).json() for t in bot_tables]
            if all(r["moves"] > 3 for r in mid) or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert all(r["status"] == "playing" and r["moves"] > 3 for r in mid), [
            (r["status"], r["moves"]) for r in mid]
        for how in (signal.SIGKILL, signal.SIGTERM):  # a crash, then a clean stop
            srv.kill(how)
            srv = Server(db_url, GARRISON_BOT_DELAY=BOT_DELAY).start()
            _play(srv, tid, [a, b], rng, 6, acked)
        # a move in flight when the server dies: after the restart it is resent with the same
        # move number and acknowledged exactly once (as new, or as a duplicate)
        view = httpx.get(f"{srv.base}/api/tables/{tid}/view", timeout=30).json()
        mover = view["to_move"]
        p = (a, b)[mover]
        mine = httpx.get(f"{srv.base}/api/tables/{tid}/view?seat={mover}", headers=p.headers,
                         timeout=30).json()
        sock = WS(srv.base, tid, p.token)
        sock.view_at(0)
        action = mine["legal"][0]["id"]
        sock.send({"type": "move", "n": mine["n"], "action": action})
        srv.kill(signal.SIGKILL)
        sock.close()
        srv = Server(db_url, GARRISON_BOT_DELAY=BOT_DELAY).start()
        sock = WS(srv.base, tid, p.token)
        sock.view_at(0)
        sock.send({"type": "move", "n": mine["n"], "action": action})
        ack = sock.until(lambda m: m.get("type") in ("ack", "error"))
        assert ack["type"] == "ack" and ack["n"] == mine["n"], ack
        acked[ack["n"]] = action
        sock.close()
        # the people finish their game; the bot tables finish by themselves
        _play(srv, tid, [a, b], rng, 10_000, acked)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            rows = [httpx.get(f"{srv.base}/api/tables/{t}", timeout=30).json() for t in bot_tables]
            if all(r["status"] == "finished" for r in rows):
                break
            time.sleep(0.2)
        assert all(r["status"] == "finished" for r in rows), rows
        table = httpx.get(f"{srv.base}/api/tables/{tid}", timeout=30).json()
        assert table["status"] == "finished"
        log = log_of(db_url, tid)
        assert [r[0] for r in log] == list(range(len(log)))  # dense: nothing twice, no gap
        for n, action in acked.items():
            assert log[n][1] == action, f"acknowledged move {n} was lost"
        # the log rebuilds the finished game; a returning page sees exactly its observation
        actions = [r[1] for r in log]
        state = garrison.replay({"game": GAME, "options": OPTIONS, "actions": actions})
        assert state.is_terminal() and table["result"]["returns"] == state.returns()
        back = WS(srv.base, tid, a.token)
        view = back.view_at(0)
        back.close()
        assert view["obs"] == expected_view_parts(GAME, OPTIONS, actions, 0)["obs"]
        for t in bot_tables:
            bot_log = log_of(db_url, t)
            assert [r[0] for r in bot_log] == list(range(len(bot_log)))
            record = {"game": GAME, "options": {"players": 3}, "actions": [r[1] for r in bot_log]}
            assert garrison.replay(record).is_terminal()
    finally:
        srv.kill()


def _stalled_socket(srv: Server, tid: str, token: str) -> socket.socket:
    """A WebSocket whose client did the handshake and then stopped reading and answering (a
    load client that died, a frozen tab): it never answers the server's close."""
    raw = socket.create_connection(("127.0.0.1", srv.port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall((f"GET /ws/tables/{tid} HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\n"
                 "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                 f"Sec-WebSocket-Protocol: garrison, token.{token}\r\n\r\n").encode())
    assert raw.recv(4096).startswith(b"HTTP/1.1 101")
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    return raw


def test_sigterm_stops_the_server_with_sockets_open(tmp_path) -> None:  # noqa: ANN001
    """The attack run saw a server not stop within 30 s of SIGTERM with its sockets open. Open
    sockets whose clients stopped answering do not hold a stop up: the server gives open
    connections at most 5 s (uvicorn's graceful shutdown), then stops; its tables are in the
    database. (This did not hang before either: the run's hang was not reproduced here.)"""
    srv = Server(f"sqlite:///{tmp_path / 'g.db'}").start()
    with httpx.Client(base_url=srv.base, timeout=30) as http:
        ann = Api(http, "Ann")
        tid = ann.create(GAME, OPTIONS, [{"kind": "human"}, {"kind": "human"}], seat=0)["id"]
        stalled = [_stalled_socket(srv, tid, ann.token) for _ in range(20)]
    assert srv.proc is not None
    started = time.monotonic()
    srv.proc.send_signal(signal.SIGTERM)
    try:
        srv.proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        srv.proc.kill()
        raise AssertionError("the server did not stop within 30 s of SIGTERM") from None
    finally:
        for raw in stalled:
            raw.close()
    assert time.monotonic() - started < 15, srv.output()

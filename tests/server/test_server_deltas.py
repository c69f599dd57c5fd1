"""The delta protocol (``delta=1``): after a whole view, each change comes as a patch.

Runs against a real server process on SQLite and on PostgreSQL. A page that asks for deltas
and one that asks for whole views sit at the same seat; after every move the view the delta
page rebuilds (``wire.patch``, the rule ``app.js`` applies too) equals the whole view the other
page got, and equals what the kernel says the seat may see. Reconnects, ``sync`` and stale
moves still answer with a whole view, so a page that is out of step starts afresh.
"""

from __future__ import annotations

import json
import random

import httpx
from server_helpers import WS, Api, Server, expected_view_parts, log_of

from garrison.server.net.wire import diff, patch

GAME = "scopa"
OPTIONS = {"players": 2}


def test_diff_and_patch_round_trip() -> None:
    old = {"n": 3, "obs": {"log": ["a", "b", "c"], "hand": [1, 2], "gone": 1, "deep": {"x": {"y": 1}}},
           "legal": [{"id": 1}], "text": "t"}
    new = {"n": 4, "obs": {"log": ["b", "c", "d"], "hand": [2], "deep": {"x": {"y": 2}}},
           "legal": [], "text": "t", "ui": None}
    p = diff(old, new)
    assert patch(old, p) == new
    assert p["sub"]["obs"]["list"]["log"] == [1, ["d"]]  # a moving window of the log
    assert "text" not in p.get("set", {})                # unchanged values are not sent
    assert diff(new, new) == {}
    assert old["obs"]["log"] == ["a", "b", "c"]          # patch leaves its input alone
    rng = random.Random(3)
    for _ in range(300):  # random nested dicts and lists
        def value(depth: int = 0):  # noqa: ANN202
            r = rng.random()
            if depth < 3 and r < 0.3:
                return {rng.choice("abcde"): value(depth + 1) for _ in range(rng.randrange(4))}
            if r < 0.6:
                return [rng.randrange(4) for _ in range(rng.randrange(6))]
            return rng.choice([None, 1, "x", True])
        a, b = value(), value()
        if isinstance(a, dict) and isinstance(b, dict):
            assert patch(a, diff(a, b)) == b


def test_deltas_rebuild_the_whole_view(live: Server) -> None:
    with httpx.Client(base_url=live.base, timeout=30) as http:
        a, b = Api(http, "Ann"), Api(http, "Bob")
        table = a.create(GAME, OPTIONS, [{"kind": "human"}, {"kind": "human"}], seat=0)
        tid = table["id"]
        b.post(f"/api/tables/{tid}/join", {"seat": 1})
        people = [a, b]
        lean = [WS(live.base, tid, p.token, delta=1) for p in people]
        whole = [WS(live.base, tid, p.token) for p in people]
        watcher = WS(live.base, tid, delta=1)
        rng = random.Random(11)
        try:
            latest = [s.view_at(0) for s in whole]
            for s in (*lean, watcher):
                s.view_at(latest[0]["n"])
            view = latest[0]
            moves = 0
            while view["table"]["status"] == "playing" and moves < 40:
                mover = view["to_move"]
                at = view["n"]
                legal = latest[mover]["legal"]
                lean[mover].send({"type": "move", "n": at, "action": rng.choice(legal)["id"],
                                  "ref": moves})
                ack = lean[mover].until(lambda m: m.get("type") in ("ack", "error"))
                assert ack["type"] == "ack", ack
                for seat in range(2):
                    latest[seat] = whole[seat].view_at(ack["now"])
                    rebuilt = dict(lean[seat].view_at(ack["now"]))
                    assert rebuilt.pop("from_delta") is True
                    assert rebuilt == latest[seat]
                watcher.view_at(ack["now"])
                view = latest[0]
                moves += 1
            assert moves > 5
            # deltas are smaller than the views they stand for
            sizes = [(len(json.dumps(f)), f) for f in lean[0].frames if f["type"] == "delta"]
            assert sizes and sum(s for s, _ in sizes) < 0.6 * sum(
                len(json.dumps(f)) for f in whole[0].frames if f["type"] == "view")
            # out of step: sync answers with the whole view
            lean[1].send({"type": "sync", "n": 0})
            again = lean[1].until(lambda m: m.get("type") == "view" and "missed" in m)
            assert again["n"] == view["n"] and again["missed"] == view["n"]
            assert "from_delta" not in again
            # a stale move on a delta socket: the error, then the whole view
            mover = view["to_move"]
            if mover is not None:
                lean[mover].send({"type": "move", "n": 1, "action": 0, "ref": "old"})
                err = lean[mover].until(lambda m: m.get("ref") == "old")
                assert err["code"] == "stale"
                fresh = lean[mover].until(lambda m: m.get("type") == "view" and "from_delta" not in m
                                          and m["n"] == view["n"])
                assert fresh["legal"]
        finally:
            for s in (*lean, *whole, watcher):
                s.close()
        # a reconnect with n= gets the whole current view and how many moves it missed
        back = WS(live.base, tid, b.token, delta=1, n=2)
        try:
            first = back.recv()
            assert first["type"] == "view" and first["missed"] == view["n"] - 2
        finally:
            back.close()
        actions = [x for _, x, _ in log_of(live.db_url, tid)]
        for seat, sock in enumerate(lean):
            for msg in sock.received:
                if msg["type"] == "view":
                    want = expected_view_parts(GAME, OPTIONS, actions[: msg["n"]], seat)
                    for key, value in want.items():
                        assert msg[key] == value, (seat, msg["n"], key)

"""No seat's page ever receives more than that seat may see — for every registered game.

One person per seat and a spectator connect to a real server over WebSocket; the seats play
seeded random moves. Every message each socket receives is checked against the kernel: a view
holds exactly ``observation(seat)``, the game's text view and widgets of it, and legal actions
only for the seat to move (and only its own). With ``delta=1`` every delta is applied as a page
would, each resulting view is checked the same way, and every value a delta carries must be
part of the view it leads to (so it carries nothing else). A view that equals the observation cannot carry another
seat's hidden cards or pieces, because the observation is the game's one gate.
"""

from __future__ import annotations

import random

import pytest
from server_helpers import WS, Api, Server, expected_view_parts, log_of

import garrison
from garrison.server.net.wire import patch

VIEW_KEYS = {"type", "table", "n", "seat", "to_move", "status", "obs", "text", "legal", "ui",
             "returns"}
MAX_MOVES = 80


def _config(name: str) -> dict:
    return dict(garrison.game_class(name).test_configs[0])


def assert_only_changes(p: dict, new: dict) -> None:
    """Every value a patch carries is part of the view it leads to."""
    assert set(p) <= {"set", "del", "sub", "list"}, p
    for key, value in p.get("set", {}).items():
        assert new[key] == value
    for key in p.get("del", []):
        assert key not in new
    for key, (_drop, items) in p.get("list", {}).items():
        assert items == (new[key][len(new[key]) - len(items):] if items else [])
    for key, sub in p.get("sub", {}).items():
        assert_only_changes(sub, new[key])


@pytest.mark.parametrize("delta", [False, True], ids=["views", "deltas"])
@pytest.mark.parametrize("name", garrison.games())
def test_each_seat_gets_only_its_observation(live: Server, name: str, delta: bool) -> None:
    import httpx

    options = _config(name)
    game = garrison.load(name, **options)
    n = game.num_players
    with httpx.Client(base_url=live.base, timeout=30) as http:
        people = [Api(http, f"P{i}") for i in range(n)]
        table = people[0].create(name, options, [{"kind": "human"}] * n, seat=0)
        for i in range(1, n):
            people[i].post(f"/api/tables/{table['id']}/join", {"seat": i})
        tid = table["id"]
        mode = {"delta": 1} if delta else {}
        socks = [WS(live.base, tid, p.token, **mode) for p in people]
        watcher = WS(live.base, tid, **mode)
        try:
            views = [s.view_at(0) for s in socks]
            assert [v["seat"] for v in views] == list(range(n))
            watcher.view_at(0)
            rng = random.Random(name)
            latest = views
            moves = 0
            while latest[0]["table"]["status"] == "playing" and moves < MAX_MOVES:
                mover = latest[0]["to_move"]
                at = latest[0]["n"]
                assert mover is not None
                if n > 1:  # a seat that is not to move is told so, and learns nothing else
                    other = socks[(mover + 1) % n]
                    other.send({"type": "move", "n": at, "action": 0, "ref": "x"})
                    err = other.until(lambda m: m.get("type") == "error")
                    assert err["code"] == "not_your_turn"
                    assert set(err) == {"type", "code", "message", "ref"}
                legal = latest[mover]["legal"]
                assert legal, "the seat to move is offered its legal actions"
                socks[mover].send({"type": "move", "n": at, "action": rng.choice(legal)["id"]})
                ack = socks[mover].until(lambda m: m.get("type") in ("ack", "error"))
                assert ack["type"] == "ack", ack
                assert set(ack) <= {"type", "n", "now", "ref", "duplicate"}
                latest = [s.view_at(ack["now"]) for s in socks]
                watcher.view_at(ack["now"])
                moves += 1
        finally:
            for s in (*socks, watcher):
                s.close()
    actions = [a for _, a, _ in log_of(live.db_url, tid)]
    checked = 0
    deltas = 0
    for seat, sock in [*enumerate(socks), (None, watcher)]:
        held = None
        for frame in sock.frames:  # a delta is exactly the change between two views checked below
            if frame["type"] == "delta":
                assert set(frame) == {"type", "from", "n", "patch"}
                new = patch(held, frame["patch"])
                assert_only_changes(frame["patch"], new)
                held = new
                deltas += 1
            elif frame["type"] == "view":
                held = {k: v for k, v in frame.items() if k != "missed"}
        for msg in sock.received:
            if msg["type"] != "view":
                continue
            extra = set(msg) - VIEW_KEYS
            assert extra <= {"missed", "from_delta"}, extra
            assert msg["seat"] == seat
            want = expected_view_parts(name, options, actions[: msg["n"]], seat)
            for key, value in want.items():
                assert msg[key] == value, (name, seat, msg["n"], key)
            for s in msg["table"]["seats"]:
                # public facts of a seat only (away: a bot keeps it for its absent person)
                assert set(s) == {"seat", "kind", "name", "bot", "taken", "player", "away",
                                  "away_from"}
            checked += 1
    assert checked >= (n + 1) * 2
    assert (deltas > 0) == delta
    for seat, sock in [*enumerate(socks), (None, watcher)]:
        assert_other_messages_hide_moves(name, options, actions, seat, sock.frames)


#: Every kind of message a socket may get besides views and deltas.
OTHER_TYPES = {"ack", "error", "pong", "notice", "seat_lost", "log", "clock", "rematch", "chat",
               "chat_log", "presence"}


def assert_other_messages_hide_moves(name: str, options: dict, actions: list[int],
                                     seat: int | None, frames: list[dict]) -> None:
    """Messages other than views (errors, acks, notices, ...) carry no move in the words of a
    mover this seat may not read: every other seat's move text that this seat's views never
    showed must be absent from them."""
    state = garrison.replay({"game": name, "options": options, "actions": []})
    hidden = set()
    for action in actions:
        mover = state.current_player()
        if mover != seat and mover >= 0:
            hidden.add(state.action_to_string(action))
        state.apply_action(action)
    seen = " ".join(str(f) for f in frames if f["type"] in ("view", "delta"))
    hidden = {h for h in hidden if len(h) > 3 and h not in seen}
    for frame in frames:
        if frame["type"] in ("view", "delta"):
            continue
        assert frame["type"] in OTHER_TYPES, frame
        text = str(frame)
        leaked = [h for h in hidden if h in text]
        assert not leaked, (name, seat, frame, leaked)

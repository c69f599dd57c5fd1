"""Ending a game before its rules do: resigning (a lost Stratego game against a bot once had to
be played out, 690 plies) and a draw agreed by the two players of a two-player game."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import FAST, Api, protocols, until

from garrison.core import load
from garrison.server import Settings, create_app


def _two_people(client: Any, game: str, options: dict[str, Any]) -> tuple[str, Api, Api]:
    ann, bob = Api(client, "Ann"), Api(client, "Bob")
    tid = ann.create(game, options, [{"kind": "human"}] * 2, seat=0)["id"]
    bob.post(f"/api/tables/{tid}/join", {"seat": 1})
    return str(tid), ann, bob


def test_resigning_a_two_player_game_ends_it_with_the_other_seat_winning(sqlite_url: str) -> None:
    game = load("stratego")
    with TestClient(create_app(Settings(db_url=sqlite_url, **FAST))) as client:
        tid, ann, bob = _two_people(client, "stratego", {})
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(ann.token)) as a, \
                client.websocket_connect(f"/ws/tables/{tid}",
                                         subprotocols=protocols(bob.token)) as b:
            until(a, lambda m: m.get("type") == "view")
            until(b, lambda m: m.get("type") == "view")
            a.send_json({"type": "resign", "ref": "r"})
            said = until(a, lambda m: m.get("type") == "ended")
            assert said["ref"] == "r" and said["by"] == 0
            notice = until(b, lambda m: m.get("type") == "notice")
            assert notice["message"] == "P1 resigned; the game is over"
            over = until(b, lambda m: m.get("type") == "view" and m["table"]["status"] == "finished")
            assert over["returns"] == [game.min_utility, game.max_utility]
            assert over["ended"] == {"how": "resigned", "by": 0}
            b.send_json({"type": "resign"})  # nothing left to resign
            assert until(b, lambda m: m.get("type") == "error")["code"] == "conflict"
        table = client.get(f"/api/tables/{tid}").json()
        assert table["status"] == "finished"
        assert table["result"]["ended"] == {"how": "resigned", "by": 0}
        # its replay and record are there as for any finished game
        assert client.get(f"/api/tables/{tid}/replay?step=0").status_code == 200
        assert client.get(f"/api/tables/{tid}/record").status_code == 200


def test_resigning_a_larger_game_hands_the_seat_to_a_bot_that_plays_on(sqlite_url: str) -> None:
    with TestClient(create_app(Settings(db_url=sqlite_url, **FAST))) as client:
        ann = Api(client, "Ann")
        tid = ann.create("gambit", {"players": 3},
                         [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                          {"kind": "bot", "bot": "random"}], seat=0)["id"]
        said = ann.post(f"/api/tables/{tid}/resign", {"seat": 0})
        assert said["message"].startswith("P1 resigned; the bot ")
        deadline = time.monotonic() + 60
        while client.get(f"/api/tables/{tid}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish the game"
            time.sleep(0.05)
        table = client.get(f"/api/tables/{tid}").json()
        assert table["seats"][0]["kind"] == "bot" and table["seats"][0]["player"] is None
        assert "ended" not in table["result"]  # the game's own rules ended it
        ann.post(f"/api/tables/{tid}/draw", {}, 403)  # Ann holds no seat there any more


def test_a_draw_is_offered_declined_and_agreed(sqlite_url: str) -> None:
    game = load("scopa", players=2)
    with TestClient(create_app(Settings(db_url=sqlite_url, **FAST))) as client:
        tid, ann, bob = _two_people(client, "scopa", {"players": 2})
        carl = Api(client, "Carl")
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(ann.token)) as a, \
                client.websocket_connect(f"/ws/tables/{tid}",
                                         subprotocols=protocols(carl.token)) as watcher:
            until(a, lambda m: m.get("type") == "view")
            until(watcher, lambda m: m.get("type") == "view")
            watcher.send_json({"type": "draw"})
            assert until(watcher, lambda m: m.get("type") == "error")["code"] == "forbidden"
            bob.post(f"/api/tables/{tid}/draw", {"accept": False}, 409)  # nothing to decline
            a.send_json({"type": "draw"})
            offer = until(watcher, lambda m: m.get("type") == "draw")
            assert offer == {"type": "draw", "state": "open", "by": 0}
            # a page that comes later is told of the offer standing
            with client.websocket_connect(f"/ws/tables/{tid}",
                                          subprotocols=protocols(bob.token)) as b:
                assert until(b, lambda m: m.get("type") == "draw")["state"] == "open"
                b.send_json({"type": "draw", "accept": False})
                until(a, lambda m: m.get("type") == "draw" and m["state"] == "declined")
                a.send_json({"type": "draw"})
                until(b, lambda m: m.get("type") == "draw" and m["state"] == "open")
                b.send_json({"type": "draw", "accept": True})
                agreed = until(a, lambda m: m.get("type") == "draw" and m["state"] == "agreed")
                assert agreed["by"] == 0
                over = until(a, lambda m: m.get("type") == "view" and m["table"]["status"] == "finished")
        middle = (game.min_utility + game.max_utility) / 2
        assert over["returns"] == [middle, middle] and over["ended"] == {"how": "draw", "by": 0}


def test_a_draw_is_for_two_player_games(sqlite_url: str) -> None:
    with TestClient(create_app(Settings(db_url=sqlite_url, **FAST))) as client:
        ann = Api(client, "Ann")
        tid = ann.create("gambit", {"players": 3},
                         [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                          {"kind": "bot", "bot": "random"}], seat=0)["id"]
        refused = client.post(f"/api/tables/{tid}/draw", json={}, headers=ann.headers)
        assert refused.status_code == 409 and "two-player" in refused.json()["message"]


def test_a_person_a_bot_played_for_comes_back_to_their_seat_and_result(sqlite_url: str) -> None:
    """Coming back after a bot finished the game, the person was shown as a spectator, with no
    result of theirs and no rematch."""
    with TestClient(create_app(Settings(db_url=sqlite_url, **{**FAST, "grace": 0.5}))) as client:
        ann, bob = Api(client, "Ann"), Api(client, "Bob")
        tid = ann.create("gambit", {"players": 2, "lives": 1, "dice": 2},
                         [{"kind": "human"}] * 2, seat=0)["id"]
        bob.post(f"/api/tables/{tid}/join", {"seat": 1})
        deadline = time.monotonic() + 60
        while client.get(f"/api/tables/{tid}").json()["status"] != "finished":  # both away
            assert time.monotonic() < deadline, "the bots did not finish the game"
            time.sleep(0.05)
        seats = client.get(f"/api/tables/{tid}").json()["seats"]
        assert [(s["kind"], s["player"]) for s in seats] == [("human", ann.id),
                                                             ("human", bob.id)]
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(bob.token)) as b:
            view = until(b, lambda m: m.get("type") == "view")
            assert view["seat"] == 1 and view["table"]["status"] == "finished" and view["returns"]
            b.send_json({"type": "rematch"})
            offer = until(b, lambda m: m.get("type") == "rematch")
            assert offer["state"] == "open" and offer["by"] == 1 and offer["waiting"] == [0]

"""Around the table (issue 28), through the HTTP API and the WebSocket, in-process: a seat a bot
keeps for an absent person and takes back; recovery codes; "your tables"; the rematch offer
every seated player answers; chat and presence; the lobby's ETag; the lobby's words; replays
counted in decisions.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Api, fast_app, protocols, until, wait_for

from garrison.bots.levels import levels
from garrison.core import game_class, load
from garrison.server import Settings, create_app
from garrison.server.background import Background
from garrison.server.botlimits import BotLimits
from garrison.server.routes import socket as routes_socket


def _play_out(client: Any, tid: str, people: dict[int, Api], rng: random.Random) -> None:
    """Every person moves at random (over HTTP) until the game is over."""
    for _ in range(3000):
        table = client.get(f"/api/tables/{tid}").json()
        if table["status"] == "finished":
            return
        moved = False
        for seat, who in people.items():
            view = who.get(f"/api/tables/{tid}/view?seat={seat}")
            if view["legal"]:
                r = who.client.post(f"/api/tables/{tid}/moves", headers=who.headers,
                                    json={"n": view["n"], "action": rng.choice(view["legal"])["id"],
                                          "seat": seat})
                assert r.status_code in (200, 409), r.text
                moved = True
        if not moved:
            time.sleep(0.02)
    raise AssertionError("the game did not end")


# -- your seat ---------------------------------------------------------------------------------

def test_a_seat_kept_by_a_bot_is_shown_away_and_taken_back(sqlite_url: str) -> None:
    app = fast_app(sqlite_url, grace=2.0)
    with TestClient(app) as client:
        ann, bob = Api(client, "Ann"), Api(client, "Bob")
        # twenty lives: the game cannot end in the few turns before Bob comes back
        tid = ann.create("gambit", {"players": 2, "lives": 20}, [{"kind": "human"}] * 2, seat=0)["id"]
        # Ann's page is open before the game starts, so she is never away, however slow the
        # machine (a table whose every person is away past the grace is ended)
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(ann.token)) as ws:
            view = ws.receive_json()
            bob.post(f"/api/tables/{tid}/join", {"seat": 1})
            # nothing kept for Bob while he is here (a page of his open: the grace cannot run
            # out while it is)
            with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(bob.token)) as present:
                assert present.receive_json()["seat"] == 1
                bob.get(f"/api/tables/{tid}/away", 404)
            # Bob stays away: a bot takes his seat and the table says he is away
            wait_for(lambda: ann.get(f"/api/tables/{tid}")["seats"][1]["kind"] == "bot")
            seat = ann.get(f"/api/tables/{tid}")["seats"][1]
            assert seat["away"] and seat["name"] == "Bob" and seat["player"] == bob.id
            assert seat["away_from"] is not None
            # Ann plays on for a while; Bob's bot answers. Ann stays, so on her turn the table
            # waits for her
            for _ in range(400):
                if view.get("type") == "view" and view["legal"]:
                    if view["n"] > 12:
                        break
                    ws.send_json({"type": "move", "n": view["n"], "action": view["legal"][0]["id"]})
                view = ws.receive_json()
                assert view.get("table", {}).get("status") != "finished", "the game ended before Bob came back"
            away = bob.get(f"/api/tables/{tid}/away")
            assert away["seat"] == 1 and away["since"] == seat["away_from"]
            # only Bob's own seat's moves, each in the words his seat's legal list uses
            rt = app.state.hub.runtimes[tid]
            mine = [n for n, mover in enumerate(rt.movers) if mover == 1 and n >= away["since"]]
            assert [m["n"] for m in away["moves"]] == mine and mine
            ann.get(f"/api/tables/{tid}/away", 404)  # Ann has no kept seat; she cannot read Bob's
            ann.post(f"/api/tables/{tid}/reclaim", {"seat": 1}, 409)  # nor take it
            # while away, Bob's socket cannot act for the seat (it is the bot's)
            with client.websocket_connect(f"/ws/tables/{tid}?seat=1",
                                          subprotocols=protocols(bob.token)) as bws:
                first = bws.receive_json()
                assert first["type"] == "error" and first["code"] == "forbidden"
            back = bob.post(f"/api/tables/{tid}/reclaim", {"seat": 1})
            assert back["seat"] == 1 and back["played"] == away["moves"]
            seat = back["table"]["seats"][1]
            assert seat["kind"] == "human" and not seat["away"] and seat["player"] == bob.id
            bob.post(f"/api/tables/{tid}/reclaim", {"seat": 1}, 409)  # once only
            with client.websocket_connect(f"/ws/tables/{tid}?seat=1",
                                          subprotocols=protocols(bob.token)) as bws:
                assert bws.receive_json()["seat"] == 1
            # Ann's page sees Bob back at his seat
            until(ws, lambda m: m.get("type") == "view"
                   and m["table"]["seats"][1]["kind"] == "human")


def test_played_for_names_only_the_seats_own_moves(sqlite_url: str) -> None:
    """The moves shown to a returning player are their own seat's decisions, in the text their
    seat's legal list gave them, never a chance outcome or another seat's move."""
    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        ann = Api(client, "Ann")
        tid = ann.create("soldateska", {"players": 3}, [{"kind": "human"}] +
                         [{"kind": "bot", "bot": "random"}] * 2, seat=0)["id"]
        rt = app.state.hub.runtimes[tid]
        rt.row.seats[1].away_from = 0
        rt.row.seats[1].player_id = "0" * 16
        wait_for(lambda: rt.n > 0)
        played = rt.played_for(1)
        state = rt.game.new_initial_state()
        expected = []
        for n, (action, mover) in enumerate(zip(rt.actions, rt.movers, strict=True)):
            if mover == 1:
                legal = {a: state.action_to_string(a) for a in state.legal_actions()}
                expected.append({"n": n, "text": legal[action]})
            state.apply_action(action)
        assert played == expected


# -- recovery codes and your tables ----------------------------------------------------------

def test_a_guest_recovers_its_identity_with_the_code(sqlite_url: str) -> None:
    app = fast_app(sqlite_url, guests_per_hour=8)  # bursts of two
    with TestClient(app) as client:
        made = client.post("/api/guests", json={"name": "Ann"}).json()
        code = made["recovery"]
        assert len(code) == 14 and code.count("-") == 2
        headers = {"Authorization": f"Bearer {made['token']}"}
        tid = client.post("/api/tables", headers=headers, json={
            "game": "gambit", "options": {"players": 2}, "seat": 0,
            "seats": [{"kind": "human"}, {"kind": "human"}]}).json()["id"]
        assert client.post("/api/guests/signout", headers=headers).status_code == 200
        assert client.get("/api/me", headers=headers).status_code == 401
        # a new guest of the same name holds nothing; the code brings the old one back
        wrong = client.post("/api/guests/recover", json={"name": "Ann", "code": "AAAA-BBBB-CCCC"})
        assert wrong.status_code == 401 and "recovery code" in wrong.json()["message"]
        back = client.post("/api/guests/recover",
                           json={"name": "Ann", "code": code.lower().replace("-", " ")})
        assert back.status_code == 200, back.text
        assert back.json()["id"] == made["id"] and "recovery" not in back.json()
        headers = {"Authorization": f"Bearer {back.json()['token']}"}
        assert client.get("/api/me", headers=headers).json()["id"] == made["id"]
        mine = client.get("/api/me/tables", headers=headers).json()
        assert [(t["id"], t["mine"]) for t in mine] == [(tid, 0)]
        # the wrong name with the right code is no way in either
        other = client.post("/api/guests/recover", json={"name": "Bob", "code": code})
        assert other.status_code in (401, 429)
        # tries are limited per address like new guests
        statuses = [client.post("/api/guests/recover", json={"name": "Ann", "code": "x"}).status_code
                    for _ in range(4)]
        assert 429 in statuses
        limited = client.post("/api/guests/recover", json={"name": "Ann", "code": code})
        assert limited.status_code == 429 and limited.headers.get("Retry-After")


def test_the_recovery_code_is_stored_hashed(sqlite_url: str) -> None:
    import sqlalchemy as sa

    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        made = client.post("/api/guests", json={"name": "Ann"}).json()
        store = app.state.hub.store
        with store.engine.begin() as conn:
            stored = conn.execute(sa.text("SELECT recovery FROM players WHERE id = :i"),
                                  {"i": made["id"]}).scalar()
        plain = made["recovery"].replace("-", "")
        assert stored and plain not in stored and made["recovery"] not in stored


# -- rematch, chat and presence --------------------------------------------------------------

def _finished_two_person_table(client: Any) -> tuple[str, Api, Api]:
    ann, bob = Api(client, "Ann"), Api(client, "Bob")
    tid = ann.create("gambit", {"players": 2, "lives": 1, "dice": 2},
                     [{"kind": "human"}] * 2, seat=0)["id"]
    bob.post(f"/api/tables/{tid}/join", {"seat": 1})
    _play_out(client, tid, {0: ann, 1: bob}, random.Random(3))
    return tid, ann, bob


def test_a_rematch_is_an_offer_every_player_accepts(sqlite_url: str) -> None:
    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        tid, ann, bob = _finished_two_person_table(client)
        carl = Api(client, "Carl")
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(ann.token)) as aws, \
                client.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(bob.token)) as bws, \
                client.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(carl.token)) as cws:
            for ws in (aws, bws, cws):
                assert ws.receive_json()["type"] == "view"
            # a spectator cannot offer one
            cws.send_json({"type": "rematch", "ref": 1})
            refused = until(cws, lambda m: m.get("type") == "error")
            assert refused["code"] == "forbidden" and refused["ref"] == 1
            aws.send_json({"type": "rematch"})
            for ws in (aws, bws, cws):  # everyone hears of the offer, spectators too
                offer = until(ws, lambda m: m.get("type") == "rematch")
                assert offer["state"] == "open" and offer["by"] == 0
                assert offer["accepted"] == [0] and offer["waiting"] == [1] and offer["table"] is None
            bws.send_json({"type": "rematch", "accept": True})
            for ws in (aws, bws, cws):
                ready = until(ws, lambda m: m.get("type") == "rematch")
                assert ready["state"] == "ready" and ready["table"]
        new = ann.get(f"/api/tables/{ready['table']}")
        # seats rotated: the old P1 (Ann) sits at P2, Bob at P1; the game starts at once
        assert [s["player"] for s in new["seats"]] == [bob.id, ann.id]
        assert new["status"] == "playing" and new["game"] == "gambit"
        assert new["options"]["lives"] == 1
        # the offer is answered the same way afterwards (no second table)
        again = ann.post(f"/api/tables/{tid}/rematch", {"accept": True})
        assert again["table"] == ready["table"]


def test_the_rematch_table_is_playing_before_anyone_is_sent_there(sqlite_url: str) -> None:
    """A page told ``ready`` goes to the new table at once: the game there has started. (Under
    load the message once went out before the table started, and the page found it waiting;
    here the start is slowed to make that certain.)"""
    import asyncio

    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        hub = app.state.hub
        start = hub.start_if_full

        async def slow_start(rt: Any) -> None:
            await asyncio.sleep(0.5)
            await start(rt)

        hub.start_if_full = slow_start
        tid, ann, bob = _finished_two_person_table(client)
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(bob.token)) as bws:
            assert bws.receive_json()["type"] == "view"
            ann.post(f"/api/tables/{tid}/rematch", {})
            bws.send_json({"type": "rematch", "accept": True})
            ready = until(bws, lambda m: m.get("type") == "rematch" and m["state"] == "ready")
            assert bob.get(f"/api/tables/{ready['table']}")["status"] == "playing"


def test_a_socket_opened_as_the_sweep_releases_its_table_joins_the_table(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep lets a finished table nobody watches leave memory. A socket opening at that
    moment once joined the released copy and heard nothing of the table again: under load a
    rematch offer never reached it and the page waited for ever. Here the sweep releases the
    table while the socket is being opened, every time."""
    monkeypatch.setattr(Background, "KEEP_AFTER_USE", 0.0)  # (the next test's guard, off)
    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        hub = app.state.hub
        tid, ann, bob = _finished_two_person_table(client)
        released: list[Any] = []
        held_seat = routes_socket.held_seat

        async def sweep_meanwhile(rt: Any, pid: str | None, seat: int | None) -> int | None:
            if not released and Background(hub)._idle(rt, time.time()):
                released.append(hub.runtimes.pop(rt.row.id))  # what the sweep does
            return await held_seat(rt, pid, seat)

        monkeypatch.setattr(routes_socket, "held_seat", sweep_meanwhile)
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(bob.token)) as bws:
            assert bws.receive_json()["type"] == "view"
            assert released  # the table did leave memory while the socket opened
            ann.post(f"/api/tables/{tid}/rematch", {})
            assert [k.player_id for k in hub.runtimes[tid].conns] == [bob.id]
            offer = until(bws, lambda m: m.get("type") == "rematch")
            assert offer["state"] == "open" and offer["waiting"] == [1]


def test_a_table_a_request_is_working_on_stays_in_memory(sqlite_url: str) -> None:
    """A request holds its table across awaits; were the sweep to let the table go meanwhile,
    what the request leaves there would be lost with the copy. Here the sweep looks while an
    offer of a rematch is being made over HTTP: the table stays, and the offer can be answered.
    Once nobody has looked it up for ``KEEP_AFTER_USE`` seconds it may go."""
    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        hub = app.state.hub
        tid, ann, bob = _finished_two_person_table(client)
        sweep = Background(hub)
        looked: list[bool] = []
        catch_up = hub.catch_up

        async def sweep_meanwhile(rt: Any, **kw: Any) -> None:
            idle = sweep._idle(rt, time.time())
            looked.append(idle)
            if idle:
                hub.runtimes.pop(rt.row.id)  # what the sweep does
            await catch_up(rt, **kw)

        hub.catch_up = sweep_meanwhile
        ann.post(f"/api/tables/{tid}/rematch", {})
        hub.catch_up = catch_up
        assert looked and not any(looked)
        assert bob.post(f"/api/tables/{tid}/rematch", {"accept": False})["state"] == "declined"
        rt = hub.runtimes[tid]
        assert not sweep._idle(rt, time.time())
        assert sweep._idle(rt, time.time() + Background.KEEP_AFTER_USE)


def test_a_rematch_can_be_declined_and_bots_accept_at_once(sqlite_url: str) -> None:
    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        tid, ann, bob = _finished_two_person_table(client)
        offer = ann.post(f"/api/tables/{tid}/rematch", {})
        assert offer["state"] == "open" and offer["waiting"] == [1]
        declined = bob.post(f"/api/tables/{tid}/rematch", {"accept": False})
        assert declined["state"] == "declined"
        bob.post(f"/api/tables/{tid}/rematch", {"accept": False}, 409)  # nothing left to decline
        # against bots: the offer is accepted at once
        solo = ann.create("gambit", {"players": 2, "lives": 1, "dice": 2},
                          [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seat=0)["id"]
        _play_out(client, solo, {0: ann}, random.Random(4))
        ready = ann.post(f"/api/tables/{solo}/rematch", {})
        assert ready["state"] == "ready"
        seats = ann.get(f"/api/tables/{ready['table']}")["seats"]
        assert seats[0]["kind"] == "bot" and seats[1]["player"] == ann.id
        # while a game is on there is no rematch
        live = ann.create("gambit", {"players": 2}, [{"kind": "human"}, {"kind": "bot"}], seat=0)
        ann.post(f"/api/tables/{live['id']}/rematch", {}, 409)


def test_chat_and_presence(sqlite_url: str) -> None:
    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        ann, bob = Api(client, "Ann"), Api(client, "Bob")
        tid = ann.create("gambit", {"players": 2}, [{"kind": "human"}] * 2, seat=0)["id"]
        bob.post(f"/api/tables/{tid}/join", {"seat": 1})
        with client.websocket_connect(f"/ws/tables/{tid}?room=1",
                                      subprotocols=protocols(ann.token)) as aws:
            assert aws.receive_json()["type"] == "view"
            assert aws.receive_json() == {"type": "chat_log", "lines": []}
            here = until(aws, lambda m: m.get("type") == "presence")
            assert here["seats"] == [0] and here["watchers"] == [] and here["anonymous"] == 0
            with client.websocket_connect(f"/ws/tables/{tid}?room=1",
                                          subprotocols=protocols(bob.token)) as bws, \
                    client.websocket_connect(f"/ws/tables/{tid}?room=1") as anon:
                until(aws, lambda m: m.get("type") == "presence" and m["seats"] == [0, 1]
                       and m["anonymous"] == 1)
                bws.send_json({"type": "chat", "text": "  good \u202eluck  "})
                line = until(aws, lambda m: m.get("type") == "chat")
                assert line["text"] == "good luck" and line["name"] == "Bob"
                assert line["seat"] == 1 and line["from"] == bob.id
                assert until(anon, lambda m: m.get("type") == "chat")["text"] == "good luck"
                # a watcher without a name cannot chat; long lines and floods are refused
                anon.send_json({"type": "chat", "text": "hi"})
                assert until(anon, lambda m: m.get("type") == "error")["code"] == "unauthorized"
                bws.send_json({"type": "chat", "text": "x" * 301})
                long = until(bws, lambda m: m.get("type") == "error")
                assert long["code"] == "bad_request" and "300" in long["message"]
                for i in range(8):
                    bws.send_json({"type": "chat", "text": f"line {i}"})
                flood = until(bws, lambda m: m.get("type") == "error")
                assert flood["code"] == "rate_limited"
            until(aws, lambda m: m.get("type") == "presence" and m["seats"] == [0]
                   and m["anonymous"] == 0)
        # a page that comes later gets the latest lines
        with client.websocket_connect(f"/ws/tables/{tid}?room=1") as late:
            late.receive_json()
            log = late.receive_json()
            assert log["type"] == "chat_log" and log["lines"][0]["text"] == "good luck"
        # sockets without room=1 get neither chat nor presence
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(ann.token)) as plain:
            assert plain.receive_json()["type"] == "view"
            plain.send_json({"type": "ping", "ref": "p"})
            assert plain.receive_json()["type"] == "pong"


def test_chat_and_rematch_messages_are_checked(sqlite_url: str) -> None:
    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        ann = Api(client, "Ann")
        tid = ann.create("gambit", {"players": 2}, [{"kind": "human"}, {"kind": "bot"}], seat=0)["id"]
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=protocols(ann.token)) as ws:
            ws.receive_json()
            for bad, field in (({"type": "chat"}, "text"), ({"type": "chat", "text": 5}, "text"),
                               ({"type": "rematch", "accept": "yes"}, "accept"),
                               ({"type": "chat", "text": "hi", "to": 1}, "to")):
                ws.send_json(bad)
                err = until(ws, lambda m: m.get("type") == "error")
                assert err["code"] == "bad_request" and f"'{field}'" in err["message"], err


# -- the lobby ---------------------------------------------------------------------------------

def test_the_lobby_list_has_an_etag(sqlite_url: str) -> None:
    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        ann = Api(client, "Ann")
        first = client.get("/api/tables")
        etag = first.headers["ETag"]
        same = client.get("/api/tables", headers={"If-None-Match": etag})
        assert same.status_code == 304 and not same.content
        ann.create("gambit", {"players": 2}, [{"kind": "human"}] * 2, seat=0)
        changed = client.get("/api/tables", headers={"If-None-Match": etag})
        assert changed.status_code == 200 and changed.headers["ETag"] != etag
        assert len(changed.json()) == 1


def test_the_strong_level_says_whether_it_keeps_the_quick_players_move(sqlite_url: str) -> None:
    """A search with ``fallback`` keeps the good bot's move unless it finds a better one; 1848's
    strong search plays its own choice, and says so; Gambit's is its own solver."""
    with TestClient(fast_app(sqlite_url)) as client:
        docs = {info["name"]: {s["level"]: s for s in info["strengths"]}["strong"]
                for info in client.get("/api/games").json()}
    assert "fallback=0" in docs["1848"]["bot"]
    assert docs["1848"]["doc"].endswith("plays the move it finds best")
    for name in ("scopa", "soldateska", "solo66", "stratego"):
        assert "fallback=1.5" in docs[name]["bot"]
        assert "keeps the quick player's move unless its search finds a better one" in docs[name]["doc"]
    assert docs["gambit"]["doc"] == "the game's own strongest player"


def test_games_speak_in_words(sqlite_url: str) -> None:
    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        for info in client.get("/api/games").json():
            name = info["name"]
            lo, hi = game_class(name).player_range()
            for o in info["options"]:
                assert o["label"] and "_" not in o["label"], (name, o)
                assert o["doc"]
                if o["name"] == "players":  # a count is a choice, never free text
                    assert o["choices"] and set(o["choices"]) <= set(range(lo, hi + 1))
                    assert not o["more"]
                if o["name"] in ("setup_file", "cards"):
                    assert o["more"]
                # an option for exact game theory is marked so, under "More options", never a
                # way to play at once; every one the labels call research is marked
                assert o["research"] == ("(research)" in o["label"]), (name, o)
                if o["research"]:
                    spec = {x.name: x for x in game_class(name).option_specs()}[o["name"]]
                    assert o["more"] and "game theory" in spec.doc, (name, o)
            presets = info["presets"]
            assert presets[0]["name"] == "classic" and len(presets) >= 2
            params = game_class(name).Params
            assert info["bundles"] == ({"option": params.PRESET_OPTION, "values": params.PRESETS}
                                       if params.PRESETS else None)
            for p in presets:
                load(name, **p["options"])  # every preset is a game
            offered = [s["level"] for s in info["strengths"]]
            assert offered == list(levels(game_class(name)))
            assert offered[:3] == ["easy", "good", "strong"]
            for s in info["strengths"]:
                BotLimits().check(game_class(name)(), s["bot"])
            assert info["strengths"][0]["bot"] == "random"


def test_the_levels_follow_the_tables_options(sqlite_url: str) -> None:
    """``GET /api/games/{name}/levels?options=...`` gives the levels of a table of those
    options, with their ratings there: Stratego's ``master`` with the classic army only, each
    player count's own Elo; bad options are refused by name and change nothing."""
    import json

    from garrison.bots.levels import ratings

    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        def offered(name: str, **options: Any) -> list[dict[str, Any]]:
            r = client.get(f"/api/games/{name}/levels", params={"options": json.dumps(options)})
            assert r.status_code == 200, r.text
            return r.json()

        assert [s["level"] for s in offered("stratego")] == ["easy", "good", "strong", "master"]
        assert [s["level"] for s in offered("stratego", rules="barrage")] == ["easy", "good", "strong"]
        assert offered("stratego") == client.get("/api/games/stratego").json()["strengths"]
        for players in (2, 4):
            strong = next(s for s in offered("scopa", players=players) if s["level"] == "strong")
            assert strong["elo"] == ratings(load("scopa", players=players))["strong"]
        unrated = next(s for s in offered("scopa", players=2, target=16) if s["level"] == "strong")
        assert unrated["elo"] is None and unrated["rating"] is None  # never measured
        for name, options, code, words in (
                ("scopa", '{"players": 9}', "bad_option", "players"),
                ("stratego", '{"army": "nonsense"}', "bad_option", "army"),
                ("stratego", '{"nope": 1}', "bad_option", "nope"),
                ("gambit", "[1, 2]", "bad_request", "JSON object"),
                ("gambit", "{", "bad_request", "JSON object")):
            r = client.get(f"/api/games/{name}/levels", params={"options": options})
            assert r.status_code == 400, (options, r.text)
            body = r.json()
            assert body["code"] == code and words in body["message"], (options, body)
        r = client.get("/api/games/nonesuch/levels")
        assert r.status_code == 400 and "nonesuch" in r.json()["message"]


def test_the_seats_say_the_teams_of_partners_at_the_tables_options(sqlite_url: str) -> None:
    """``GET /api/games/{name}/seats?options=...``: how many play and who are partners (Scopa's
    four as two teams sitting opposite, six as three); none where each plays alone; the
    defaults' teams in the game's info; bad options refused by name."""
    import json

    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        def seats(name: str, **options: Any) -> dict[str, Any]:
            r = client.get(f"/api/games/{name}/seats", params={"options": json.dumps(options)})
            assert r.status_code == 200, r.text
            return r.json()

        assert seats("scopa", players=4) == {"players": 4, "teams": [[0, 2], [1, 3]]}
        assert seats("scopa", players=6) == {"players": 6, "teams": [[0, 3], [1, 4], [2, 5]]}
        assert seats("scopa", players=2) == {"players": 2, "teams": []}
        assert seats("solo66") == {"players": 5, "teams": []}  # soloist and defenders change
        assert client.get("/api/games/scopa").json()["teams"] == [[0, 2], [1, 3]]
        assert client.get("/api/games/gambit").json()["teams"] == []
        r = client.get("/api/games/scopa/seats", params={"options": '{"players": 5}'})
        assert r.status_code == 400 and r.json()["code"] == "bad_option"
        assert "players" in r.json()["message"]
        r = client.get("/api/games/scopa/seats", params={"options": "[4]"})
        assert r.status_code == 400 and r.json()["code"] == "bad_request"
        # a table's summary carries its teams, in the lobby's list too
        ann = Api(client, "Ann")
        four = ann.create("scopa", {"players": 4}, [{"kind": "human"}] * 4)["id"]
        two = ann.create("scopa", {"players": 2}, [{"kind": "human"}] * 2)["id"]
        listed = {t["id"]: t["teams"] for t in client.get("/api/tables").json()}
        assert listed[four] == [[0, 2], [1, 3]] and listed[two] == []
        assert client.get(f"/api/tables/{four}").json()["teams"] == [[0, 2], [1, 3]]


# -- replays -----------------------------------------------------------------------------------

def test_a_replay_counts_decisions_and_marks_tricks_and_hands(sqlite_url: str) -> None:
    app = fast_app(sqlite_url)
    with TestClient(app) as client:
        ann = Api(client, "Ann")
        tid = ann.create("solo66", {"deals": 1}, [{"kind": "bot", "bot": "random"}] * 5,
                         seat=None)["id"]
        wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "finished", 60)
        rt = app.state.hub.runtimes.get(tid) or None
        first = client.get(f"/api/tables/{tid}/replay?step=0").json()
        decisions = sum(1 for m in app.state.hub.store.moves(tid) if m[2] >= 0)
        assert first["decisions"] == decisions and first["step"] == 0
        # step 0 is the table dealt, before the first decision: hands are in
        assert first["n"] > 0 and first["ui"]
        assert len(first["steps"]) == decisions + 1
        assert first["hand_word"] == "deal"  # what the game calls a hand, for the replay's words
        assert first["tricks"], "a deal of Solo 66 has tricks"
        mid = client.get(f"/api/tables/{tid}/replay?step={first['tricks'][0]}").json()
        assert mid["step"] == first["tricks"][0]
        # every seat's view once the game is over, each through its own observation
        every = client.get(f"/api/tables/{tid}/replay?step=3&all=1").json()
        assert [v["seat"] for v in every["views"]] == [0, 1, 2, 3, 4]
        hands = [v["obs"]["hand"] for v in every["views"]]
        assert all(isinstance(h, list) and h for h in hands)
        # any seat may be watched now (the record is public); a seat that is not there is refused
        assert client.get(f"/api/tables/{tid}/replay?step=1&seat=2").json()["seat"] == 2
        bad = client.get(f"/api/tables/{tid}/replay?seat=7")
        assert bad.status_code == 400 and "seats 0 to 4" in bad.json()["message"]
        del rt


# -- the first hour ----------------------------------------------------------------------------

def test_the_command_line_help_shows_no_raw_markup() -> None:
    """Every command's --help reads as words: no reStructuredText quotes (``--search``), and the
    list of commands shows one short line each."""
    from typer.testing import CliRunner

    from garrison.cli.main import app

    runner = CliRunner()
    top = runner.invoke(app, ["--help"], env={"COLUMNS": "100"})
    assert top.exit_code == 0 and "``" not in top.output
    commands = [c.name for c in app.registered_commands if c.name] + [
        "list", "replay", "import", "bench", "serve"]
    for name in sorted(set(commands)):
        result = runner.invoke(app, [name, "--help"], env={"COLUMNS": "100"})
        assert result.exit_code == 0, (name, result.output)
        assert "``" not in result.output, (name, result.output)
    assert "--search" in runner.invoke(app, ["bench", "--help"]).output


def test_the_lobby_explains_each_game_in_its_own_words(sqlite_url: str) -> None:
    """/api/games/{name}'s how-to is the game's own (``Game.how_to_play``, from its default
    options), in the words its board uses: one vocabulary for help, board and log."""
    from fastapi.testclient import TestClient

    import garrison
    from garrison.server import Settings, create_app

    with TestClient(create_app(Settings(db_url=sqlite_url))) as client:
        for name in garrison.games():
            info = client.get(f"/api/games/{name}").json()
            assert info["how_to_play"] == garrison.load(name).how_to_play()
            assert len(info["how_to_play"]) >= 2


def test_an_open_rematch_offer_outlives_the_sweep(sqlite_url: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep releases finished tables nobody watches, an open rematch offer or not: the offer
    is kept with the table, so the other player can still answer it."""
    monkeypatch.setattr(Background, "KEEP_AFTER_USE", 0.0)
    app = create_app(Settings(db_url=sqlite_url, bot_delay=0, grace=0, http_rate=0, ws_rate=0,
                              sweep_every=0.05))
    with TestClient(app) as client:
        tid, ann, bob = _finished_two_person_table(client)
        ann.post(f"/api/tables/{tid}/rematch", {})
        wait_for(lambda: tid not in app.state.hub.runtimes)  # let go by the sweep
        ready = bob.post(f"/api/tables/{tid}/rematch", {"accept": True})
        assert ready["state"] == "ready" and ready["table"]

"""A person who stays away past the grace period is replaced by a bot; the table finishes.

In-process (Starlette's TestClient) with a one-second grace period and fast sweeps.
"""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from server_helpers import Api

from garrison.server import Settings, create_app
from garrison.server.store.db import Store, migrate


def test_absent_seat_goes_to_a_bot_after_the_grace(sqlite_url: str) -> None:
    app = create_app(Settings(db_url=sqlite_url, bot_delay=0, grace=1.0, sweep_every=0.1,
                              http_rate=0, ws_rate=0))
    with TestClient(app) as client:
        ann, bob = Api(client, "Ann"), Api(client, "Bob")
        tid = ann.create("gambit", {"players": 2}, [{"kind": "human"}] * 2, seat=0)["id"]
        # Ann's page is open before Bob joins: she is never away, however slow the machine
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=["garrison", f"token.{ann.token}"]) as ws:
            view = ws.receive_json()
            assert view["seat"] == 0
            bob.post(f"/api/tables/{tid}/join", {"seat": 1})
            deadline = time.monotonic() + 20
            seats = None
            while time.monotonic() < deadline:  # Bob never comes: after ~1 s a bot sits down
                seats = ann.get(f"/api/tables/{tid}")["seats"]
                if seats[1]["kind"] == "bot":
                    break
                time.sleep(0.1)
            assert seats and seats[1]["kind"] == "bot" and seats[1]["bot"]
            assert seats[0]["kind"] == "human"  # Ann is here: her seat stays hers
            # Ann plays on against the bot until the end
            for _ in range(1000):
                if view.get("type") == "view" and view["table"]["status"] == "finished":
                    break
                if view.get("type") == "view" and view["legal"]:
                    ws.send_json({"type": "move", "n": view["n"], "action": view["legal"][0]["id"]})
                view = ws.receive_json()
            assert view["table"]["status"] == "finished"
            assert ann.get(f"/api/tables/{tid}")["seats"][0]["kind"] == "human"


def test_a_player_who_leaves_is_replaced_after_the_grace(sqlite_url: str) -> None:
    app = create_app(Settings(db_url=sqlite_url, bot_delay=0, grace=1.0, sweep_every=0.1,
                              http_rate=0, ws_rate=0))
    with TestClient(app) as client:
        ann, bob = Api(client, "Ann"), Api(client, "Bob")
        tid = ann.create("gambit", {"players": 2}, [{"kind": "human"}] * 2, seat=0)["id"]
        # Ann's page is open before Bob joins: she is never away, however slow the machine
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=["garrison", f"token.{ann.token}"]):
            bob.post(f"/api/tables/{tid}/join", {"seat": 1})
            with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=["garrison", f"token.{bob.token}"]) as bob_ws:
                assert bob_ws.receive_json()["seat"] == 1
                time.sleep(1.5)  # both present: nobody is replaced
                assert ann.get(f"/api/tables/{tid}")["seats"][1]["kind"] == "human"
                left = time.monotonic()
                bob.post(f"/api/tables/{tid}/leave", {"seat": 1})
                while ann.get(f"/api/tables/{tid}")["seats"][1]["kind"] != "bot":
                    assert time.monotonic() - left < 20
                    time.sleep(0.05)
                assert time.monotonic() - left >= 0.9  # not before the grace period
                assert ann.get(f"/api/tables/{tid}")["seats"][0]["kind"] == "human"


def test_migrations_go_up_and_down(sqlite_url: str) -> None:
    from alembic import command
    from alembic.config import Config

    store = Store(sqlite_url)
    migrate(store.engine)
    cfg = Config()
    from pathlib import Path

    import garrison.server.store.db as db

    cfg.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "base")
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
    assert store.secret() == store.secret()
    store.close()

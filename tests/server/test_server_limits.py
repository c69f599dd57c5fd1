"""Rate limits: a flood over HTTP gets 429s, a flood over a WebSocket closes it with 1008."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from server_helpers import Api
from starlette.websockets import WebSocketDisconnect

from garrison.server import Settings, create_app


def test_floods_are_cut_off(sqlite_url: str) -> None:
    app = create_app(Settings(db_url=sqlite_url, bot_delay=0, grace=0, http_rate=5, ws_rate=2))
    with TestClient(app) as client:
        ann = Api(client, "Ann")
        tid = ann.create("gambit", {"players": 2})["id"]
        codes = [client.get("/api/health").status_code for _ in range(40)]
        assert codes.count(429) > 0 and codes[0] == 200
        limited = client.get("/api/health")
        if limited.status_code == 429:
            assert limited.json()["code"] == "rate_limited"
        time.sleep(1.0)  # a handshake counts against the same limit: let it refill
        with client.websocket_connect(f"/ws/tables/{tid}", subprotocols=["garrison", f"token.{ann.token}"]) as ws:
            assert ws.receive_json()["type"] == "view"
            replies = []
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(40):
                    ws.send_json({"type": "ping"})
                    replies.append(ws.receive_json())
            assert closed.value.code == 1008
            assert replies[-1]["code"] == "rate_limited"

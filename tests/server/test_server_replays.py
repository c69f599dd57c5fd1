"""Replays cost what a page needs, never more: a finished game's marks are worked out once, when
it ends, and kept with the table; a replay's log is bounded like a live view's and paged; builds
run in a pool of their own, a few per address at once (the third outside attack run: 8-12
concurrent replays of a long game held /api/health for seconds)."""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import FAST, Api, wait_for

from garrison.server import Settings, create_app
from garrison.server.domain import replays
from garrison.server.store.db import Store


def _finished_bot_game(client: Any) -> str:
    ann = Api(client, "Ann")
    tid = str(ann.create("soldateska", {"players": 3}, [{"kind": "bot", "bot": "random"}] * 3,
                         seat=None)["id"])
    wait_for(lambda: client.get(f"/api/tables/{tid}").json()["status"] == "finished")
    return tid


def test_the_marks_are_worked_out_once_when_the_game_ends_in_the_replay_pool(
        sqlite_url: str, monkeypatch: Any) -> None:
    calls: list[str] = []
    real = replays.compute_marks

    def counted(rt: Any) -> dict[str, Any]:
        calls.append(threading.current_thread().name)
        return real(rt)

    monkeypatch.setattr(replays, "compute_marks", counted)
    with TestClient(create_app(Settings(db_url=sqlite_url, **FAST))) as client:
        tid = _finished_bot_game(client)
        store = Store(sqlite_url)
        try:
            wait_for(lambda: store.table(tid).replay_marks is not None)  # type: ignore[union-attr]
            kept = store.table(tid).replay_marks  # type: ignore[union-attr]
        finally:
            store.close()
        for step in (0, 5, 10):
            view = client.get(f"/api/tables/{tid}/replay?step={step}&all=1").json()
            assert view["steps"] == kept["steps"] and view["tricks"] == kept["tricks"]
        assert len(calls) == 1 and calls[0].startswith("garrison-replay"), calls
    # a server started again reads them from the table, working nothing out
    with TestClient(create_app(Settings(db_url=sqlite_url, **FAST))) as client:
        assert client.get(f"/api/tables/{tid}/replay?step=3").json()["step"] == 3
    assert len(calls) == 1


def test_a_replays_log_is_bounded_and_paged(sqlite_url: str) -> None:
    with TestClient(create_app(Settings(db_url=sqlite_url, view_log_lines=10, **FAST))) as client:
        tid = _finished_bot_game(client)
        view = client.get(f"/api/tables/{tid}/replay?n=999999&all=1").json()
        for one in [view, *view["views"]]:
            assert len(one["obs"]["log"]) == 10 and one["log_total"] > 10
            assert one["log_start"] == one["log_total"] - 10
        total = view["log_total"]
        older = client.get(f"/api/tables/{tid}/replay?n=999999&log_before={total - 10}").json()
        assert older["log_start"] == total - 20 and len(older["obs"]["log"]) == 10
        whole = client.get(f"/api/tables/{tid}/view").json()  # the live view's newest lines
        assert older["obs"]["log"] != view["obs"]["log"]
        assert view["obs"]["log"] == whole["obs"]["log"][-10:]


def test_an_address_has_a_few_replay_builds_under_way_at_most(sqlite_url: str) -> None:
    app = create_app(Settings(db_url=sqlite_url, replays_per_address=2, **FAST))
    with TestClient(app) as client:
        tid = _finished_bot_game(client)
        app.state.hub.replays.busy["testclient"] = 2  # two builds of this address under way
        refused = client.get(f"/api/tables/{tid}/replay?step=1")
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "1"
        assert refused.json()["code"] == "rate_limited"
        app.state.hub.replays.busy["testclient"] = 1
        assert client.get(f"/api/tables/{tid}/replay?step=1").status_code == 200
        assert app.state.hub.replays.busy == {"testclient": 1}

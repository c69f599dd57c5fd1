"""A table's clock (issue 27: "Optional time control per table"): per move or per game, shown to
every seat, and on timeout a bot moves for the absent person and says so."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import Api

from garrison.server import Settings, create_app
from garrison.server.domain.clock import Clock
from garrison.server.store.db import Store

FAST = {"bot_delay": 0, "grace": 0, "http_rate": 0, "ws_rate": 0, "sweep_every": 0.1}


def test_a_game_clock_charges_the_mover_and_a_move_clock_restarts() -> None:
    clock = Clock.make("game", 60, 2)
    clock.start(now=100.0)
    clock.moved(0, True, now=112.5)   # seat 0 thought 12.5 s
    assert clock.left == [47.5, 60.0] and clock.since == 112.5
    assert clock.remaining(1, now=120.0) == 52.5
    clock.moved(1, False, now=130.0)  # a seat not on the clock is not charged
    assert clock.left == [47.5, 60.0]
    moves = Clock.make("move", 20, 3)
    moves.start(now=0.0)
    moves.moved(2, True, now=15.0)
    assert moves.remaining(0, now=18.0) == 17.0
    public = moves.public(0, [True, False, True], now=18.0)
    assert public == {"type": "clock", "kind": "move", "seconds": 20.0, "left": [17.0, None, 20.0],
                      "to_move": 0}


def test_clock_times_outside_the_range_are_refused(sqlite_url: str) -> None:
    with TestClient(create_app(Settings(db_url=sqlite_url, **FAST))) as client:
        ann = Api(client, "Ann")
        for clock, status, words in [({"kind": "move", "seconds": 4000}, 400, "5 to 3600"),
                                     ({"kind": "game", "seconds": 10}, 400, "30 to 36000"),
                                     ({"kind": "hourglass", "seconds": 60}, 422, "kind"),
                                     ({"kind": "move", "seconds": 1}, 422, "seconds")]:
            r = client.post("/api/tables", headers=ann.headers,
                            json={"game": "gambit", "options": {"players": 2}, "clock": clock})
            assert r.status_code == status and words in r.json()["message"], r.text
        assert client.get("/api/tables").json() == []


def test_on_timeout_a_bot_moves_for_the_person_and_says_so(sqlite_url: str) -> None:
    app = create_app(Settings(db_url=sqlite_url, **FAST))
    with TestClient(app) as client:
        ann, bob = Api(client, "Ann"), Api(client, "Bob")
        r = client.post("/api/tables", headers=bob.headers, json={
            "game": "scopa", "options": {"players": 2}, "seat": 0,
            "seats": [{"kind": "human"}, {"kind": "human"}], "clock": {"kind": "move", "seconds": 5}})
        assert r.status_code == 201 and r.json()["clock"] == {"kind": "move", "seconds": 5.0}
        tid = r.json()["id"]
        ann.post(f"/api/tables/{tid}/join", {"seat": 1})
        with client.websocket_connect(f"/ws/tables/{tid}?watch=1") as ws:
            first = [ws.receive_json(), ws.receive_json()]
            clock = next(m for m in first if m["type"] == "clock")
            mover = clock["to_move"]
            assert clock["left"][mover] <= 5.0 and clock["kind"] == "move"
            before = client.get(f"/api/tables/{tid}").json()["moves"]
            started = time.monotonic()
            notice: dict[str, Any] | None = None
            while notice is None:
                msg = ws.receive_json()
                if msg["type"] == "notice":
                    notice = msg
            waited = time.monotonic() - started
        assert 3.5 < waited < 9, waited
        assert f"P{mover + 1}'s time ran out" in notice["message"]
        assert "greedy" in notice["message"]
        assert client.get(f"/api/tables/{tid}").json()["moves"] > before
        store = Store(sqlite_url)
        try:
            assert store.table(tid).clock_state is not None  # where it stands is kept
        finally:
            store.close()
        assert client.get(f"/api/tables/{tid}/clock").json()["type"] == "clock"


def test_the_page_offers_a_clock_and_counts_it_down(tmp_path: Any) -> None:
    """In the browser: the lobby's Clock choice makes a clocked table; every seat's plaque shows
    its time, the mover's counting down; a move made for a person out of time is said."""
    from pathlib import Path

    from playwright.sync_api import sync_playwright
    from server_helpers import Server
    from test_server_browser import ARGS, CHROMIUM, _sign_in

    with Server(f"sqlite:///{tmp_path / 'g.db'}", GARRISON_SWEEP="0.2") as site, \
            sync_playwright() as p:
        assert Path(CHROMIUM).exists()
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 900},
                                       bypass_csp=True).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(site.base + "/")
            _sign_in(page, "Ann")
            page.select_option("#game", "gambit")
            page.select_option("#clock", "move:30")
            page.click("#create-table")
            page.wait_for_url("**/#/table/*")
            mine = page.locator('.plaque.me .clock')
            mine.wait_for(state="visible", timeout=20_000)
            first = mine.inner_text()
            assert first.startswith("⏱ 0:") and "this move" in first, first
            page.wait_for_timeout(2100)
            later = mine.inner_text()
            assert later != first, (first, later)  # it counts down on the page
            table = page.evaluate("window.garrisonView.table")
            assert table["clock"] == {"kind": "move", "seconds": 30.0}
            assert not errors, errors
        finally:
            browser.close()


def _clocked_stratego(client: Any, bob: Api, seconds: int) -> str:
    """A two-person Stratego table (it opens with a player's move, no deal) with a move clock,
    Bob at P1, waiting for the second player."""
    r = client.post("/api/tables", headers=bob.headers, json={
        "game": "stratego", "seat": 0, "seats": [{"kind": "human"}, {"kind": "human"}],
        "clock": {"kind": "move", "seconds": seconds}})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def test_no_time_runs_while_the_table_waits_for_players(sqlite_url: str) -> None:
    """The clock starts when the game does: a player who joins after the move time has passed
    finds the first seat with its whole time, and no move is made for anyone."""
    app = create_app(Settings(db_url=sqlite_url, **FAST))
    with TestClient(app) as client:
        ann, bob = Api(client, "Ann"), Api(client, "Bob")
        tid = _clocked_stratego(client, bob, 5)
        assert client.get(f"/api/tables/{tid}/clock").status_code == 409  # not in play yet
        time.sleep(6.0)  # longer than a move's time
        ann.post(f"/api/tables/{tid}/join", {"seat": 1})
        clock = client.get(f"/api/tables/{tid}/clock").json()
        # a clock that ran while the table waited would have nothing left; a busy machine may
        # take a moment between the join and this question
        assert clock["left"][clock["to_move"]] > 2.0, clock
        time.sleep(1.0)  # the sweep ran ten times meanwhile
        table = client.get(f"/api/tables/{tid}").json()
        assert table["moves"] == 0 and table["status"] == "playing", table


def test_after_a_restart_the_seat_to_move_goes_on_with_the_time_it_had(sqlite_url: str) -> None:
    """The time the server was down is nobody's, and the seat to move does not get a fresh turn
    either: it has what it had when the server stopped."""
    with TestClient(create_app(Settings(db_url=sqlite_url, **FAST))) as client:
        ann, bob = Api(client, "Ann"), Api(client, "Bob")
        tid = _clocked_stratego(client, bob, 60)
        ann.post(f"/api/tables/{tid}/join", {"seat": 1})
        time.sleep(3.0)
        before = client.get(f"/api/tables/{tid}/clock").json()
        mover = before["to_move"]
        assert before["left"][mover] <= 57.5, before
    time.sleep(2.0)  # the server is down
    with TestClient(create_app(Settings(db_url=sqlite_url, **FAST))) as client:
        after = client.get(f"/api/tables/{tid}/clock").json()
    assert after["to_move"] == mover
    # what it had at the stop, less the moments of starting again; not a fresh 60 s, and not
    # charged for the 2 s the server was down
    assert before["left"][mover] - 1.5 <= after["left"][mover] <= before["left"][mover], (before,
                                                                                           after)


def test_clock_states_resume_from_when_they_last_ran() -> None:
    clock = Clock.make("move", 30, 2)
    assert not clock.running and clock.remaining(0, now=1000.0) == 30.0
    clock.start(now=100.0)
    stored = clock.state_json(now=110.0)      # it ran until 110: 20 s left
    back = Clock.load('{"kind": "move", "seconds": 30}', stored, 2)
    assert back is not None and back.remaining(0, now=110.0) == 20.0
    back.resume(now=500.0)                    # down from 110 to 500
    assert back.remaining(0, now=500.0) == 20.0
    back.restart_turn(now=600.0)              # a person took the seat back from a bot
    assert back.remaining(0, now=601.0) == 29.0

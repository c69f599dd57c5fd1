"""The page in Debian's Chromium (Playwright): full games, two people at one table, every game.

Chromium is ``/usr/bin/chromium`` (``apt-get install chromium``); Playwright never downloads a
browser. Screenshots go to ``$GARRISON_SCREENSHOTS`` (default: the test's temp dir).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from server_helpers import Server

import garrison
from garrison.server.wire import patch

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-default-apps", "--disable-extensions"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):  # noqa: ANN001, ANN201
    url = f"sqlite:///{tmp_path_factory.mktemp('web') / 'g.db'}"
    srv = Server(url).start()
    yield srv
    srv.kill()


@pytest.fixture(scope="module")
def browser():  # noqa: ANN201
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "install Debian's chromium: apt-get install chromium"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    root = Path(os.environ.get("GARRISON_SCREENSHOTS") or tmp_path)
    root.mkdir(parents=True, exist_ok=True)
    return root


def _person(browser, name: str):  # noqa: ANN001, ANN202
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.on("dialog", lambda d: d.accept(name))
    frames: list[dict] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(
        json.loads(f if isinstance(f, str) else f.get("payload", "{}")))))
    page.frames_seen = frames
    return context, page


def _create(page, base: str, game: str, seats: list[str]) -> str:  # noqa: ANN001
    page.goto(base + "/")
    page.select_option("#game", game)
    for i, choice in enumerate(seats):
        if choice:
            page.select_option(f'select[data-seat="{i}"]', choice)
    page.click("#create-table")
    page.wait_for_url("**/#/table/*")
    page.wait_for_selector("#status")
    return page.url.rsplit("/", 1)[-1]


def _click_once(page, rng: random.Random) -> bool:  # noqa: ANN001
    """Wait until this page may act or the game is over; click a legal action on the fallback
    list of buttons. False at the end."""
    page.wait_for_function(
        "document.querySelector('#result').textContent.length > 0 || "
        "document.querySelectorAll('#actions button.action:not([disabled])').length > 0",
        timeout=30_000)
    if page.inner_text("#result"):
        return False
    if not page.eval_on_selector("#fallback", "d => d.open"):
        page.click("#fallback > summary")
    buttons = page.query_selector_all("#actions button.action:not([disabled])")
    button = rng.choice(buttons)
    button.click()
    button.wait_for_element_state("hidden", timeout=30_000)
    return True


CLICKABLE = "#play [data-ids]:not([disabled]), #play button.choice:not([disabled])"


def _play_widget(page, rng: random.Random) -> str | None:  # noqa: ANN001
    """Wait until this page may act or the game is over; then play one move by clicking the
    game's widgets (a card, a die, a piece and its target square, a square, or a labelled
    button). Returns what was clicked (``card``, ``die``, ``move``, ``square``, ``button``),
    ``None`` at the end."""
    page.wait_for_function(
        "document.querySelector('#result').textContent.length > 0 || "
        f"document.querySelectorAll({CLICKABLE!r}).length > 0", timeout=30_000)
    if page.inner_text("#result"):
        return None
    n = page.evaluate("window.garrisonView.n")
    node = rng.choice(page.query_selector_all(CLICKABLE))
    classes = (node.get_attribute("class") or "").split()
    kind = ("button" if "choice" in classes else "die" if "die" in classes
            else "card" if "card" in classes else "move" if "piece" in classes else "square")
    node.click()
    if kind == "move":  # the piece is selected and its targets are marked: click one
        targets = page.query_selector_all("#play .sq.target")
        assert targets, "a selected piece shows where it can go"
        rng.choice(targets).click()
    elif kind == "card" and len((node.get_attribute("data-ids") or "").split()) > 1:
        verbs = page.query_selector_all("#chooser button.verb[data-id]")
        assert len(verbs) > 1, "a card with several moves asks which"
        rng.choice(verbs).click()
    page.wait_for_function(f"window.garrisonView.n > {n}", timeout=30_000)
    return kind


def _views(frames: list[dict]) -> list[dict]:
    """The views a page held: whole views, and deltas applied to the view before."""
    views: list[dict] = []
    for f in frames:
        if f.get("type") == "view":
            views.append({k: v for k, v in f.items() if k != "missed"})
        elif f.get("type") == "delta":
            assert views and views[-1]["n"] == f["from"]
            views.append(patch(views[-1], f["patch"]))
    return views


def _check_frames(frames: list[dict], seat: int) -> int:
    """Every view the page got is its seat's (or, before it sat down, a spectator's)."""
    views = _views(frames)
    sat = False
    for v in views:
        sat = sat or v["seat"] == seat
        assert v["seat"] == (seat if sat else None)
        assert not v["legal"] or v["to_move"] == v["seat"] == seat
    return len(views)


FULL_GAMES = [g for g in ("gambit", "soldateska", "solo66") if g in garrison.games()]


@pytest.mark.parametrize("name", FULL_GAMES)
def test_full_game_against_bots(site: Server, browser, shots: Path, name: str) -> None:  # noqa: ANN001
    context, page = _person(browser, "Ann")
    try:
        page.goto(site.base + "/")
        page.click("#signin")
        page.wait_for_selector("text=Playing as Ann")
        _create(page, site.base, name, [])
        rng = random.Random(1)
        clicks = 0
        kinds: set[str] = set()
        while kind := _play_widget(page, rng):
            kinds.add(kind)
            clicks += 1
            if clicks == 3:
                page.screenshot(path=str(shots / f"{name}-widgets.png"), full_page=True)
            assert clicks < 3000
        assert clicks > 0
        assert ("die" if name == "gambit" else "card") in kinds, kinds
        assert "Result: seat 0:" in page.inner_text("#result")
        assert page.inner_text("#status") == "The game is over."
        page.screenshot(path=str(shots / f"{name}-finished.png"), full_page=True)
        assert _check_frames(page.frames_seen, 0) > clicks
        # the replay viewer steps through the finished game
        page.click("text=replay")
        page.wait_for_selector("#slider")
        page.wait_for_function("document.querySelector('#where').textContent.includes('of')")
        page.click("#next")
        page.wait_for_function("document.querySelector('#where').textContent.startsWith('move 1 ')")
        page.screenshot(path=str(shots / f"{name}-replay.png"), full_page=True)
    finally:
        context.close()


def test_two_people_at_one_table(site: Server, browser, shots: Path) -> None:  # noqa: ANN001
    ctx_a, ann = _person(browser, "Ann")
    ctx_b, bob = _person(browser, "Bob")
    try:
        tid = _create(ann, site.base, "gambit", ["me", "human"])
        ann.wait_for_selector("text=Waiting for players")
        invite = ann.input_value("#invite")
        assert invite.endswith(f"#/table/{tid}")
        bob.goto(invite)
        bob.click("button.join")  # asks Bob's name, takes the seat
        for page in (ann, bob):
            page.wait_for_function("!document.querySelector('#status').textContent.startsWith('Waiting')")
        rng = random.Random(2)
        moves = 0
        while not ann.inner_text("#result") and moves < 400:
            ann.wait_for_function(
                "document.querySelector('#result').textContent.length > 0 || "
                "document.querySelector('#status').textContent === 'Your move.' || "
                "document.querySelector('#status').textContent.startsWith('Seat 1')")
            page = ann if ann.inner_text("#status") == "Your move." else bob
            if ann.inner_text("#result"):
                break
            if page is bob:
                bob.wait_for_function("document.querySelector('#status').textContent === 'Your move.'")
            _click_once(page, rng)
            moves += 1
        bob.wait_for_function("document.querySelector('#result').textContent.length > 0")
        assert ann.inner_text("#result") == bob.inner_text("#result")
        ann.screenshot(path=str(shots / "two-people-ann.png"), full_page=True)
        bob.screenshot(path=str(shots / "two-people-bob.png"), full_page=True)
        _check_frames(ann.frames_seen, 0)
        _check_frames(bob.frames_seen, 1)
    finally:
        ctx_a.close()
        ctx_b.close()


@pytest.mark.parametrize("name", garrison.games())
def test_opening_moves_of_every_game(site: Server, browser, shots: Path, name: str) -> None:  # noqa: ANN001
    context, page = _person(browser, "Ann")
    try:
        _create(page, site.base, name, [])
        rng = random.Random(name)
        for i in range(4):  # by the widgets, then by the fallback buttons
            if not (_play_widget(page, rng) if i < 2 else _click_once(page, rng)):
                break
        page.screenshot(path=str(shots / f"{name}-opening.png"), full_page=True)
        assert (page.text_content("#view") or "").strip()
        _check_frames(page.frames_seen, 0)
    finally:
        context.close()


def test_stratego_by_clicking_piece_then_square(site: Server, browser, shots: Path) -> None:  # noqa: ANN001
    context, page = _person(browser, "Ann")
    try:
        _create(page, site.base, "stratego", [])
        page.wait_for_selector("#play .board")
        page.click("#choices button:text-is('random setup')")
        rng = random.Random(5)
        moves = 0
        while moves < 12:
            page.wait_for_function(
                "document.querySelector('#result').textContent.length > 0 || "
                "document.querySelectorAll('#play .sq.mine.playable').length > 0", timeout=30_000)
            if page.inner_text("#result"):
                break
            n = page.evaluate("window.garrisonView.n")
            pieces = page.query_selector_all("#play .sq.mine.playable")
            piece = rng.choice(pieces)
            frm = piece.get_attribute("data-sq")
            piece.click()
            targets = page.query_selector_all("#play .sq.target")
            assert targets and "selected" in (piece.get_attribute("class") or "")
            target = rng.choice(targets)
            to = target.get_attribute("data-sq")
            legal = {a["text"] for a in page.evaluate("window.garrisonView.legal")}
            assert f"{frm}-{to}" in legal or f"{frm}x{to}" in legal
            if moves == 1:
                page.screenshot(path=str(shots / "stratego-selected.png"), full_page=True)
            target.click()
            page.wait_for_function(f"window.garrisonView.n > {n}", timeout=30_000)
            moves += 1
        # a random setup may leave the flag exposed to a flying Soldier: an early end is a real one
        assert moves >= 5 or (moves >= 1 and "Result:" in page.inner_text("#result"))
        # the page draws Blue's pieces without ranks it has not seen
        cells = page.evaluate("window.garrisonView.ui.zones[0].cells")
        assert any(c and c.get("side") == 1 and c.get("rank") is None for c in cells)
        page.screenshot(path=str(shots / "stratego-board.png"), full_page=True)
        _check_frames(page.frames_seen, 0)
    finally:
        context.close()

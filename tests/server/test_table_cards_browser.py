"""Cards that look like their game (issue 43), in Debian's Chromium: Scopa drawn with Italian
faces (Coins, Cups, Batons, Swords; our own SVG marks, nothing fetched), its suits named the same
way on the table, in the log, in the moves and on the score sheet, and French faces kept as a
display choice."""

from __future__ import annotations

import random
import re

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from server_helpers import Server
from table_helpers import site as module_site
from test_server_browser import _create, _play_widget
from test_table_view import _shot

site = module_site  # this module's server (table_helpers.site)

ITALIAN = re.compile(r"^(Coins|Cups|Batons|Swords) (A|[2-7]|J|Q|K)$")
FRENCH_WORDS = re.compile(r"\b(Diamonds|Hearts|Clubs|Spades) (A|[2-7]|J|Q|K)\b")


def test_scopa_is_drawn_and_named_in_italian_suits_with_french_as_a_choice(site: Server, browser) -> None:  # noqa: ANN001
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True,
                                  reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    requests: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    try:
        _create(page, site.base, "scopa", [], {"players": "2"})
        page.wait_for_selector("#bottom .card")
        rng = random.Random(9)
        for _ in range(6):
            if not _play_widget(page, rng):
                break
        cards = page.eval_on_selector_all("#play .card", """cs => cs.map(c => ({
            name: c.getAttribute('aria-label'), marks: c.querySelectorAll('svg.imark path, svg.imark circle').length}))""")
        assert cards
        for card in cards:
            assert ITALIAN.match(card["name"]), card
            assert card["marks"] >= 2, card  # drawn: a corner mark and the big one
        # one naming everywhere a player reads: the table, the log, the moves, the score sheet
        for where in ("#felt", "#log", "#actions", "#scoreboard"):
            text = page.text_content(where) or ""
            assert not FRENCH_WORDS.search(text), (where, FRENCH_WORDS.findall(text))
        assert "Coins" in page.inner_text("#howto")
        # nothing was fetched for the faces: every request stayed on this server
        assert all(url.startswith(site.base) or url.startswith("ws") for url in requests), requests
        _shot(page, "table-scopa-italian.png")
        # French faces, as a display choice kept in this browser
        page.select_option("#faces", "french")
        # every card on the table in French faces. Not the hand alone: with its last card
        # played into a capture that asks which table cards to take, the hand is empty until
        # the player chooses (the page says "Your move."); the table's cards are there then.
        try:
            page.wait_for_function(
                "(cs => cs.length > 0 && cs.every(c => !c.querySelector('svg.imark')))"
                "([...document.querySelectorAll('#play .card')])")
        except PlaywrightTimeout:  # say what the page showed instead
            shown = page.evaluate("""() => ({
                faces: localStorage.getItem('garrison.faces'),
                picker: document.querySelector('#faces') && document.querySelector('#faces').value,
                cards: [...document.querySelectorAll('#play .card')].map(c =>
                    [c.getAttribute('aria-label'), !!c.querySelector('svg.imark')]),
                status: document.querySelector('#status') && document.querySelector('#status').textContent})""")
            raise AssertionError(f"no cards in French faces within 30 s: {shown}; "
                                 f"page errors: {errors}") from None
        french = page.eval_on_selector_all("#play .card", "cs => cs.map(c => c.getAttribute('aria-label'))")
        assert french and all(FRENCH_WORDS.fullmatch(n) for n in french), french
        page.reload()
        page.wait_for_selector("#play .card")
        assert page.input_value("#faces") == "french"
        page.select_option("#faces", "italian")
        page.wait_for_selector("#play .card svg.imark")
        assert not errors, errors
    finally:
        context.close()

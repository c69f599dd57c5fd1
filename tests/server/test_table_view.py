"""The table as a player sees it (Debian's Chromium, Playwright): seats around the table with
their counts and last moves, readable cards, the Stratego setup designer, the end of a game in
words, and every table on a phone. With ``GARRISON_DOCS_IMG=docs/img`` the tests also write the
screenshots of docs/img (1280 px and 375 px wide)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from server_helpers import Server
from table_helpers import CUTS_ITS_WORDS
from test_server_browser import _create, _play_widget

import garrison

DOCS = os.environ.get("GARRISON_DOCS_IMG")


@pytest.fixture(scope="module")
def site(tmp_path_factory):  # noqa: ANN001, ANN201
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('table') / 'g.db'}").start()
    yield srv
    srv.kill()


def _page(browser, width: int = 1280):  # noqa: ANN001, ANN202
    context = browser.new_context(viewport={"width": width, "height": 900}, bypass_csp=True,
                                  reduced_motion="reduce")
    page = context.new_page()
    page.errors = []
    # the page asks nothing in a dialog (names are form fields): any dialog is an error
    page.on("dialog", lambda d: (page.errors.append(f"dialog: {d.message}"), d.dismiss()))
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    return context, page


def _shot(page, name: str) -> None:  # noqa: ANN001
    if DOCS:
        Path(DOCS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(DOCS) / name), full_page=True)


def test_seats_sit_around_the_table_with_their_counts_and_last_moves(site: Server, browser) -> None:  # noqa: ANN001
    context, page = _page(browser)
    try:
        _create(page, site.base, "soldateska", [])
        rng = random.Random(3)
        for _ in range(3):
            assert _play_widget(page, rng)
        view = page.evaluate("window.garrisonView")
        n = len(view["table"]["seats"])
        plaques = page.locator("#felt .plaque")
        assert plaques.count() == n
        mine = page.locator("#my-seat .plaque")
        assert "Ann" in mine.inner_text() and "you" in mine.inner_text()
        for s in range(1, n):
            text = page.locator(f'#ring .plaque[data-seat="{s}"]').inner_text()
            assert "bot" in text and "cards in hand" in text and "ducat" in text, text
        # every seat that has played shows its last card in words; the announcer says the bots'
        assert "Last: played " in page.locator("#ring").inner_text()
        page.wait_for_function("document.querySelector('#announce').textContent.includes('played ')")
        # the hand is at the bottom, its cards named in words, with a legend of the card words
        hand = page.locator("#bottom .card")
        assert hand.count() >= 1
        names = hand.locator(".cname").all_inner_texts()
        assert all(any(w in t for w in ("Daggers", "Pistols", "Rapiers", "Sabers", "Tobacco", "General",
                                         "Oberst", "Major", "Hauptman", "Lieutenant", "Flag", "Deserter",
                                         "Spy", "Kokette", "Bomb", "Duel")) for t in names), names
        page.click("#legend summary")
        assert "officers" in page.inner_text("#legend") and "Tobacco" in page.inner_text("#legend")
        # the players' names and the headings never wrap; the other cells may (a long list,
        # as Stratego's pieces per rank, wraps rather than scroll the box sideways)
        assert page.evaluate("[...document.querySelectorAll('#scoreboard td:first-child, "
                             "#scoreboard th')].every(c => getComputedStyle(c).whiteSpace === 'nowrap')")
        assert not page.errors, page.errors
    finally:
        context.close()


def test_1848_cards_say_what_they_are_and_do(site: Server, browser) -> None:  # noqa: ANN001
    context, page = _page(browser)
    try:
        _create(page, site.base, "1848", [], {"players": "2"})
        page.wait_for_selector("#bottom .card.wide")
        # the hand as drawn at one moment (bots move meanwhile: read every card in one go)
        hand = page.eval_on_selector_all("#bottom .card.wide", """cards => cards.map(c => ({
            band: (c.querySelector('.band') || {}).textContent || '',
            effect: (c.querySelector('.effect') || {}).textContent || '',
            text: c.textContent, title: c.getAttribute('title') || ''}))""")
        assert hand
        for card in hand:
            band = card["band"]
            # the party in English on the band, never the German abbreviations
            assert band in ("Republican", "Democrat", "Liberal", "Reactionary", "Event card") \
                or band.startswith("Army · "), band
            assert not any(f"{a} " in card["text"] for a in ("RR", "DL")), card
            if "Event card" in band:  # an effect in English words (which card is dealt varies)
                assert len(card["effect"].split()) >= 3, card
            elif "Army" not in band:
                assert "votes" in card["text"], card
            assert card["title"], card
        # the round card played for is on the felt, the one the scoreboard names (read together)
        prize, notes = page.evaluate("""() => [
            (document.querySelector('#felt [data-zone="round"] .card') || {}).ariaLabel || null,
            document.querySelector('#scoreboard').innerText]""")
        assert prize and prize.startswith("Round card: "), prize
        assert f"Round card in play: {prize.removeprefix('Round card: ')}" in notes, (prize, notes)
        page.click("#legend summary")
        legend = page.inner_text("#legend")
        assert "Republicans (Republikaner)" in legend and "round card" in legend
        assert page.locator("#scoreboard th").all_inner_texts()[-1].strip(), "no empty column header"
        assert not page.errors, page.errors
    finally:
        context.close()


def test_stratego_setup_in_any_order_with_swap_undo_random_fill_and_saved_layouts(site: Server, browser) -> None:  # noqa: ANN001
    context, page = _page(browser)
    try:
        _create(page, site.base, "stratego", [], {"army": "barrage"})
        page.wait_for_selector("#tray")
        # Barrage: the help says 8 pieces and the names of the board
        page.wait_for_function("document.querySelector('#howto').textContent.includes('8 pieces')")
        assert "40 pieces" not in page.inner_text("#howto")
        # the Marshal first (the game's own order starts with the Flag), then the Flag
        page.click('#tray [data-rank="10"]')
        page.click('#board [data-sq="e1"]')
        page.click('#tray [data-rank="F"]')
        page.click('#board [data-sq="a1"]')
        assert page.inner_text('#board [data-sq="e1"] .prank') == "10"
        # swap the two placed pieces, then undo the swap
        page.click('#board [data-sq="e1"]')
        page.click('#board [data-sq="a1"]')
        assert page.inner_text('#board [data-sq="a1"] .prank') == "10"
        page.click("#setup-undo")
        assert page.inner_text('#board [data-sq="a1"] .prank') == "F"
        # drag a piece from the tray onto a square, and a placed piece onto another: they swap
        page.drag_and_drop('#tray [data-rank="9"]', '#board [data-sq="c1"]')
        assert page.inner_text('#board [data-sq="c1"] .prank') == "9"
        page.drag_and_drop('#board [data-sq="c1"]', '#board [data-sq="a1"]')
        assert page.inner_text('#board [data-sq="a1"] .prank') == "9"
        assert page.inner_text('#board [data-sq="c1"] .prank') == "F"
        page.drag_and_drop('#board [data-sq="c1"]', '#board [data-sq="a1"]')  # and back
        assert page.inner_text('#board [data-sq="a1"] .prank') == "F"
        # a ready-made layout is on offer after the first piece too
        assert page.locator("#setup-pick option").count() > 1
        page.click("#setup-random")
        assert "8 of 8 placed" in page.text_content('[data-zone="setups"]')
        assert page.inner_text('#board [data-sq="a1"] .prank') == "F"
        page.fill("#setup-name", "my wall")  # a field beside the button, never a prompt()
        page.click("#setup-save")
        page.wait_for_function("localStorage.getItem('garrison.stratego.layouts').includes('my wall')")
        _shot(page, "table-stratego-setup.png")
        page.click("#setup-ready")  # sent as the game's own place actions, one by one
        page.wait_for_function("window.garrisonView.obs.phase !== 'setup'", timeout=60_000)
        cells = page.evaluate("window.garrisonView.ui.zones[0].cells")
        assert cells[0]["rank"] == "F" and cells[4]["rank"] == "10"
        assert sum(1 for c in cells if c and c.get("side") == 0) == 8
        # next time the saved layout is offered
        _create(page, site.base, "stratego", [], {"army": "barrage"})
        page.wait_for_selector("#tray")
        assert "saved: my wall" in page.inner_text("#setup-pick")
        assert not page.errors, page.errors
    finally:
        context.close()


def test_a_stratego_fight_and_the_result_in_words(site: Server, browser) -> None:  # noqa: ANN001
    context, page = _page(browser)
    try:
        _create(page, site.base, "stratego", [], {"army": "barrage", "max_plies": "80"})
        page.wait_for_selector("#setup-random")
        page.click("#setup-random")  # the designer's one random control, then Ready
        page.click("#setup-ready")
        rng = random.Random(4)
        fought = False
        while _play_widget(page, rng):
            # read the fight in one go: a bot's move may redraw the board between two reads
            fight = page.evaluate("(() => { const f = document.querySelector('#fight'); return f ? "
                                  "[f.innerText, f.querySelectorAll('.fighter').length] : null; })()")
            if fight:
                fought = True
                text, fighters = fight
                assert "attacks" in text and "defends" in text and "vs" in text
                assert fighters == 2
        assert fought or page.inner_text("#result")
        reason = page.inner_text("#reason")
        assert reason and "None" not in reason
        assert page.inner_text("#result-panel .verdict") in ("You won", "You lost", "Draw")
        assert not page.errors, page.errors
    finally:
        context.close()


def test_scopa_hand_count_and_solo66_log(site: Server, browser) -> None:  # noqa: ANN001
    context, page = _page(browser)
    try:
        _create(page, site.base, "scopa", [], {"players": "2", "target": "1"})
        rng = random.Random(1)
        while _play_widget(page, rng):
            pass
        panel = page.inner_text("#result-panel")
        for word in ("Cards", "Coins", "Settebello", "Primiera", "Scopas", "Points"):
            assert word in panel, panel
        assert "First to 1 point:" in page.inner_text("#reason")
        # Solo 66 over two deals: the page keeps the game's account of every deal, each trick
        # once (the observation words the deal in progress only, and sums up a finished deal)
        _create(page, site.base, "solo66", [], {"deals": "2"})
        while _play_widget(page, rng):
            pass
        # both read at one moment (a view arriving between two reads would differ)
        lines, latest = page.evaluate("[[...document.querySelectorAll('#log li')]"
                                      ".map(li => li.innerText), window.garrisonView.obs.log]")
        kept = iter(lines)
        assert all(x in kept for x in latest), (lines, latest)  # the game's lines, in order
        deals = [x for x in lines if x.startswith("Deal ") and "deals;" in x]
        # a deal's history is not written again: a header comes again only for a deal thrown in
        # (everyone passed), which the same dealer deals again under the same number
        thrown = [x.split(" ")[1] for x in lines if "thrown in" in x]
        assert sorted(set(x.split(":")[0].split(" ")[1] for x in deals)) == ["1", "2"], deals
        for header in set(deals):
            number = header.split(":")[0].split(" ")[1]
            assert deals.count(header) == 1 + thrown.count(number), (deals, thrown)
        tricks = [x for x in lines if x.startswith("Trick ")]
        assert len(tricks) == len(set(tricks)) and any(x.startswith("Trick 1:") for x in tricks), tricks
        first_deal = lines[lines.index(deals[0]):lines.index(deals[1])]
        summed = [x for x in lines if x.startswith("Deal 1 (dealer")]
        if summed and "thrown in" not in summed[0]:  # played out: its tricks kept after it ended
            assert any(x.startswith("Trick 1:") for x in first_deal), first_deal
        assert len(lines) < 80, len(lines)
        assert "None" not in page.inner_text("#scoreboard")
        assert ".25" not in page.inner_text("#felt") and ".5 " not in page.inner_text("#felt")
        assert not page.errors, page.errors
    finally:
        context.close()


def test_partners_are_said_on_the_plaques_and_the_seats(site: Server, browser) -> None:  # noqa: ANN001
    """Four players of Scopa are two teams sitting opposite: the player's own plaque says its
    team, the partner's says "your partner", the others' their team, on a phone too; the list
    of seats says them as well, so one who comes by the invite sees whose partner the open seat
    is before sitting down."""
    context, page = _page(browser, width=375)
    guest, bob = _page(browser)
    try:
        tid = _create(page, site.base, "scopa", ["me", "", "human"], {"players": "4"})
        page.wait_for_selector("#felt .plaque .team")
        teams = page.eval_on_selector_all(
            "#felt .plaque", "ps => ps.map(p => [p.dataset.seat, p.querySelector('.team').textContent])")
        assert sorted(teams) == [["0", "team A"], ["1", "team B"], ["2", "your partner"], ["3", "team B"]]
        assert page.is_visible('#felt .plaque[data-seat="2"] .team')
        assert page.inner_text('#seat-list .seat[data-seat="2"] .team') == "(your partner)"
        bob.goto(page.input_value("#invite"))
        open_seat = bob.locator('#seat-list .seat[data-seat="2"]')
        open_seat.locator("button.join").wait_for()
        assert open_seat.locator(".team").inner_text() == "(team A)"
        assert bob.inner_text('#seat-list .seat[data-seat="0"] .team') == "(team A)"
        # the lobby's list of tables says the open seat's team and lists the seats by team
        bob.goto(site.base + "/")
        row = bob.locator(f'tr[data-table="{tid}"]')
        assert row.locator("button.join").inner_text() == "Join as P3 (team A)"
        assert row.locator(".people").inner_text() == (
            "team A: P1 · Ann, P3 · open seat; team B: P2 · bot: good, P4 · bot: good")
        assert not page.errors and not bob.errors, (page.errors, bob.errors)
    finally:
        context.close()
        guest.close()


#: The cards, dice, plaques and squares on the felt that cut off their words (``CUTS_ITS_WORDS``).
CLIPPED_JS = f"""[...document.querySelectorAll('#felt .card, #felt .die, #felt .plaque, #felt .sq')]
  .filter(c => c.getClientRects().length && ({CUTS_ITS_WORDS})(c))
  .map(c => `${{c.className}}: ${{c.getAttribute('aria-label') || c.textContent.trim().slice(0, 40)}}`)"""


@pytest.mark.parametrize("name", garrison.games())
def test_every_table_fits_a_phone_with_large_touch_targets(site: Server, browser, name: str) -> None:  # noqa: ANN001
    opts = {"1848": {"players": "2"}, "scopa": {"players": "2"}}.get(name, {})
    context, page = _page(browser, width=375)
    try:
        _create(page, site.base, name, [], opts)
        page.wait_for_selector("#play .widgets")
        rng = random.Random(2)
        for _ in range(2 if name != "stratego" else 0):
            if not _play_widget(page, rng):
                break
        page.wait_for_selector("#felt .plaque")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        small = page.evaluate("""[...document.querySelectorAll('#play button, #felt button')]
            .filter(b => b.offsetParent && !b.closest('.board'))
            .map(b => b.getBoundingClientRect()).filter(r => r.height < 40 || r.width < 40).length""")
        assert small == 0, small
        assert not page.evaluate(CLIPPED_JS), page.evaluate(CLIPPED_JS)
        _shot(page, f"table-phone-{name}.png")
        page.set_viewport_size({"width": 1280, "height": 900})
        assert not page.evaluate(CLIPPED_JS), page.evaluate(CLIPPED_JS)
        _shot(page, f"table-{name}.png")
        assert not page.errors, page.errors
    finally:
        context.close()


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_moves_animate_unless_the_player_asks_for_less_motion(site: Server, browser,  # noqa: ANN001
                                                             reduced: bool) -> None:
    """Cards fly to the table and dice settle where they are set aside; with
    prefers-reduced-motion nothing moves (and the game plays the same)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True,
                                  reduced_motion="reduce" if reduced else "no-preference")
    page = context.new_page()
    try:
        _create(page, site.base, "gambit", [], {"players": "2"})
        page.evaluate("window.__moves = 0; new MutationObserver(() => { "
                      "window.__moves = Math.max(window.__moves, document.getAnimations().length); "
                      "}).observe(document.body, {subtree: true, childList: true})")
        rng = random.Random(4)
        for _ in range(6):
            if _play_widget(page, rng) is None:
                break
        seen = page.evaluate("window.__moves")
        if reduced:
            assert seen == 0, seen
        else:
            assert seen > 0, "no animation ran"
    finally:
        context.close()


def test_a_finished_1848_scoreboard_fits_beside_the_log_without_scrolling(site: Server, browser) -> None:  # noqa: ANN001
    """Four players' tallies of four parties once made the scoreboard wider than the table at
    1280 px (its last columns scrolled out of sight): cells wrap between parties instead."""
    context, page = _page(browser)
    try:
        _create(page, site.base, "1848", ["bot:easy"] * 4, {"players": "4"})
        page.wait_for_selector("#result-panel:not([hidden])", timeout=90_000)
        box = page.locator("#scoreboard .scroll")
        widths = box.evaluate("b => [b.scrollWidth, b.clientWidth]")
        assert widths[0] <= widths[1] + 1, widths
        tallies = page.eval_on_selector_all('#scoreboard td[data-label="Party points (tally)"]',
                                            "ts => ts.map(t => t.textContent)")
        assert all("\u00a0" in t for t in tallies if t != "—"), tallies  # a party keeps its points
        # the longest tally a game can reach, in every row: the board still fits
        widths = page.evaluate("""() => {
          for (const t of document.querySelectorAll('#scoreboard td[data-label="Party points (tally)"]'))
            t.textContent = ["Republicans", "Democrats", "Liberals", "Reactionaries"]
              .map(p => p + "\u00a0" + 99).join(" · ");
          const b = document.querySelector("#scoreboard .scroll");
          return [b.scrollWidth, b.clientWidth];
        }""")
        assert widths[0] <= widths[1] + 1, widths
        assert not page.errors, page.errors
    finally:
        context.close()

"""Smaller flows at the table (issue 43), in Debian's Chromium: the replay's bar drawn with icons
that render in any font, its words readable and its players shown; Soldier's Gambit's running
total of the kept dice, each kept die drawn once; Stratego's back row on the first screen at
1280 × 800 and one clear random control in its setup; a panel the player opens stays open."""

from __future__ import annotations

import random

from server_helpers import Server
from table_helpers import SHOWN_THOUGH_HIDDEN, table_page
from table_helpers import site as module_site
from test_server_browser import _create, _play_widget
from test_table_reading_browser import low_contrast
from test_table_view import _shot

site = module_site  # this module's server (table_helpers.site)


def test_the_replay_draws_its_icons_reads_clearly_and_shows_the_players(site: Server, browser) -> None:  # noqa: ANN001
    with table_page(browser) as page:
        _create(page, site.base, "scopa", [], {"players": "2", "target": "1"})
        rng = random.Random(5)
        while _play_widget(page, rng):
            pass
        page.click("#replay-link")
        page.wait_for_selector("#slider")
        page.wait_for_function("document.querySelector('#where').textContent.includes('of')")
        for _ in range(8):
            page.click("#next")
        page.wait_for_function("!document.querySelector('#where').textContent.startsWith('move 0 ')")
        # every button of the bar is a drawn icon (no glyph a font may lack) with a name
        bar = page.eval_on_selector_all(".replay-bar button.icon", """bs => bs.map(b => ({
            name: b.getAttribute('aria-label'), text: b.textContent.trim(),
            svg: b.querySelector('svg') ? b.querySelector('svg').getBoundingClientRect().width : 0}))""")
        assert len(bar) == 6, bar
        for b in bar:
            assert b["name"] and not b["text"], b
        # Scopa has no tricks: their buttons are not shown (they once were, doing nothing)
        assert not page.is_visible("#prev-trick") and not page.is_visible("#next-trick")
        assert not page.evaluate(SHOWN_THOUGH_HIDDEN)
        assert "Page Up" not in page.inner_text("#replay-keys")  # nor keys for them
        shown = page.eval_on_selector_all(".replay-bar button.icon", """bs => bs
            .filter(b => b.getClientRects().length)
            .map(b => b.querySelector('svg') ? b.querySelector('svg').getBoundingClientRect().width : 0)""")
        assert len(shown) >= 2 and all(w >= 12 for w in shown), shown
        # the replay's words are readable on its background
        bad = low_contrast(page, "#replay")
        assert not bad, bad
        # the players at this moment, with their counts
        players = page.get_by_role("region", name="Players")
        assert players.is_visible()
        assert players.locator(".replay-player").count() == 2
        said = players.inner_text()
        assert "P1 · " in said and "Points: " in said and "Cards in hand: " in said
        assert "cards in hand\n" not in said and "taken" not in said  # the row, not the plaque again
        # the text view is the seat's at that moment, its prompt too: said so
        assert page.inner_text("#text-view summary") == "Text view, as the seat read it at that moment"
        _shot(page, "replay-players.png")


def test_gambit_shows_the_running_total_and_draws_a_kept_die_once(site: Server, browser) -> None:  # noqa: ANN001
    with table_page(browser) as page:
        _create(page, site.base, "gambit", [], {"players": "2", "dice": "5"})
        page.wait_for_function("window.garrisonView && window.garrisonView.table")
        checked = 0
        for _ in range(60):
            page.wait_for_function(
                "document.querySelector('#result').textContent.length > 0 || "
                "document.querySelectorAll('#play button.die:not([disabled]), #play button.choice:not([disabled])').length > 0",
                timeout=30_000)
            if page.inner_text("#result"):
                break
            n = page.evaluate("window.garrisonView.n")
            dice = page.query_selector_all("#play button.die:not([disabled])")
            (dice or page.query_selector_all("#play button.choice:not([disabled])"))[0].click()
            page.wait_for_function(f"window.garrisonView.n > {n}", timeout=30_000)
            view = page.evaluate("window.garrisonView")
            obs = view["obs"]
            if view["to_move"] == view["seat"] and obs["kept"] and obs["roll"] is not None:
                kept, roll = obs["kept"], list(obs["roll"])
                for f in obs["taken"]:
                    roll.remove(f)
                # each die once: the kept ones under "Set aside", the free ones under "This roll"
                assert page.locator('[data-zone="kept"] .die').count() == len(kept)
                assert page.locator('[data-zone="roll"] .die').count() == len(roll)
                assert f"{sum(kept)} so far" in page.inner_text('[data-zone="kept"]').lower()
                assert f"{sum(kept)} so far" in page.inner_text("#scoreboard tr.mine")
                checked += 1
                if checked >= 3:
                    break
        assert checked, "the player never held kept dice with dice left to roll"


def test_stratego_setup_has_one_random_control_and_the_back_row_is_in_view(site: Server, browser) -> None:  # noqa: ANN001
    with table_page(browser, 1280, 800) as page:
        _create(page, site.base, "stratego", [])
        page.wait_for_selector("#tray")
        randoms = page.eval_on_selector_all(
            "#play button", "bs => bs.filter(b => b.offsetParent && /random/i.test(b.textContent)).map(b => b.textContent)")
        assert len(randoms) == 1, randoms
        page.click("#setup-random")
        page.click("#setup-ready")
        page.wait_for_selector("#play .sq.mine.playable", timeout=30_000)
        page.evaluate("window.scrollTo(0, 0)")
        # the player's back row (Red's first rank, at the bottom of the board) on the first screen
        bottom = page.evaluate("""Math.max(...[...document.querySelectorAll('#play .sq.mine')]
            .map(n => n.getBoundingClientRect().bottom))""")
        assert bottom <= 800, bottom


def test_a_panel_the_player_opens_stays_open_when_the_view_is_drawn_at_once(site: Server, browser) -> None:  # noqa: ANN001
    # The box's toggle event comes a task after the click; a view drawn in between (here the
    # setup's "Fill at random", which redraws at once) closed the text view the player opened.
    with table_page(browser) as page:
        _create(page, site.base, "stratego", [])
        page.wait_for_selector("#setup-random")
        page.evaluate("""() => {
            document.querySelector('#text-view summary').click();
            document.querySelector('#setup-random').click();
        }""")
        page.wait_for_timeout(100)  # the toggle event has come
        assert page.evaluate("document.querySelector('#text-view').open")
        page.click("#setup-clear")  # a later view keeps it open too
        assert page.evaluate("document.querySelector('#text-view').open")
        page.evaluate("document.querySelector('#text-view summary').click()")
        page.click("#setup-undo")  # and closed, it stays closed
        assert not page.evaluate("document.querySelector('#text-view').open")


def test_what_the_cards_mean_stays_open_while_the_others_play(site: Server, browser) -> None:  # noqa: ANN001
    # The legend is drawn with the felt, which every view draws anew: it closed at each move.
    with table_page(browser) as page:
        _create(page, site.base, "soldateska", [])
        page.wait_for_selector("#legend summary")
        page.click("#legend summary")
        assert page.evaluate("document.querySelector('#legend').open")
        moves = page.evaluate("window.garrisonView.n")
        rng = random.Random(4)
        for _ in range(3):
            assert _play_widget(page, rng)
        page.wait_for_function(f"window.garrisonView.n > {moves + 3}")  # the bots played too
        assert page.evaluate("document.querySelector('#legend').open")
        page.click("#legend summary")  # closed, it stays closed
        assert _play_widget(page, rng)
        page.wait_for_function("!!document.querySelector('#legend')")
        assert not page.evaluate("document.querySelector('#legend').open")

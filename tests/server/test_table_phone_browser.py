"""The table on a phone, 375 × 812 (issue 43), in Debian's Chromium: every result table fits or
stacks (Solo 66's end of a deal, Scopa's count, Stratego's scoreboard), nothing runs past the
screen or scrolls sideways inside a box, the lobby's Game list stays inside its card, seat badges
never break inside a word, five bots' plaques leave the trick on the first screen,
Stratego's setup buttons fit one row, and the text view keeps its boards and tables whole."""

from __future__ import annotations

import random

import pytest
from server_helpers import Server
from table_helpers import site as module_site
from table_helpers import table_page
from test_server_browser import _create, _play_widget, _sign_in
from test_table_view import DOCS, _shot

site = module_site  # this module's server (table_helpers.site)

W, H = 375, 812

#: Every table and every sideways-scrolling box whose content is wider than the box, and every
#: visible element whose right edge is past the screen.
OVERFLOW_JS = """() => {
  const out = [];
  for (const n of document.querySelectorAll('table, .scroll, section, .zone, .cards')) {
    if (!n.getClientRects().length) continue;
    if (n.scrollWidth > n.clientWidth + 1) out.push(`${n.tagName}#${n.id}.${n.className} scrolls ${n.scrollWidth} > ${n.clientWidth}`);
  }
  for (const n of document.querySelectorAll('main *')) {
    const r = n.getBoundingClientRect();
    if (r.width && r.right > innerWidth + 1 && !n.closest('.ghost')) out.push(`${n.tagName}#${n.id}.${n.className} ends at ${Math.round(r.right)}`);
  }
  return out.slice(0, 12);
}"""

#: Badges (who is to move, what a seat is) that break over more than one line.
BROKEN_BADGES_JS = """() => [...document.querySelectorAll('.plaque .kind, .plaque .turn')]
  .filter(b => b.getClientRects().length > 1 || b.getBoundingClientRect().height > parseFloat(getComputedStyle(b).lineHeight || '20') * 1.6)
  .map(b => b.textContent)"""


def _fits(page) -> None:  # noqa: ANN001
    bad = page.evaluate(OVERFLOW_JS)
    assert not bad, bad
    assert page.evaluate("document.documentElement.scrollWidth") <= W


def _play_until(page, rng: random.Random, ready: str, limit: int = 400) -> bool:  # noqa: ANN001
    """Play by the widgets until ``ready`` (a JS expression on the view ``v``) holds."""
    for _ in range(limit):
        if page.evaluate(f"(v => !!({ready}))(window.garrisonView)"):
            return True
        if not _play_widget(page, rng):
            return bool(page.evaluate(f"(v => !!({ready}))(window.garrisonView)"))
    return False


@pytest.mark.parametrize("game, options, ready", [
    ("solo66", {}, "v.ui && v.ui.hand_end"),
    ("scopa", {"players": "2"}, "v.ui && v.ui.hand_end"),
    ("stratego", {"army": "barrage"}, "v.ui && v.ui.scoreboard"),
])
def test_result_tables_fit_a_phone(site: Server, browser, game: str, options: dict, ready: str) -> None:  # noqa: ANN001
    with table_page(browser, W, H, is_mobile=True, has_touch=True) as page:
        _create(page, site.base, game, [], options)
        page.wait_for_function("window.garrisonView && window.garrisonView.table")
        assert _play_until(page, random.Random(7), ready), f"{game}: no result table reached"
        page.wait_for_selector("#scoreboard table")
        if game != "stratego":
            page.wait_for_selector("#result-panel .breakdown table")
        _fits(page)
        if game == "solo66":
            _shot(page, "table-phone-result.png")


def test_the_lobby_game_list_stays_in_its_card(site: Server, browser) -> None:  # noqa: ANN001
    with table_page(browser, W, H, is_mobile=True, has_touch=True) as page:
        page.goto(site.base + "/")
        _sign_in(page, "Ann")
        page.wait_for_selector("#game")
        for game in ("1848", "stratego", "scopa"):
            page.select_option("#game", game)
            box = page.eval_on_selector("#game", "n => n.getBoundingClientRect().toJSON()")
            card = page.eval_on_selector("#game", "n => n.closest('section').getBoundingClientRect().toJSON()")
            assert card["left"] <= box["left"] and box["right"] <= card["right"], (game, box, card)
            _fits(page)


def test_six_seats_on_a_phone_leave_the_trick_in_view_with_whole_badges(site: Server, browser) -> None:  # noqa: ANN001
    with table_page(browser, W, H, is_mobile=True, has_touch=True) as page:
        _create(page, site.base, "soldateska", [], {"players": "6"})
        page.wait_for_selector('#play [data-zone="trick"]')
        rng = random.Random(2)
        for _ in range(2):
            _play_widget(page, rng)
        page.wait_for_selector("#ring .plaque")
        assert page.locator("#ring .plaque").count() == 5
        assert not page.evaluate(BROKEN_BADGES_JS), page.evaluate(BROKEN_BADGES_JS)
        ring = page.eval_on_selector("#ring", "n => n.getBoundingClientRect().toJSON()")
        trick = page.eval_on_selector('[data-zone="trick"]', "n => n.getBoundingClientRect().toJSON()")
        page_top = page.evaluate("document.querySelector('#felt').getBoundingClientRect().top")
        # five bots take at most a third of the screen, and the trick starts on the first screen
        assert ring["height"] <= H / 3, ring
        assert trick["top"] - page_top + 60 < H, (trick, page_top)
        _fits(page)


def test_stratego_setup_buttons_fit_one_row(site: Server, browser) -> None:  # noqa: ANN001
    with table_page(browser, W, H, is_mobile=True, has_touch=True) as page:
        _create(page, site.base, "stratego", [])
        page.wait_for_selector("#tray")
        tops = page.eval_on_selector_all(".designer-buttons button", "bs => bs.filter(b => b.offsetParent).map(b => Math.round(b.getBoundingClientRect().top))")
        assert tops and len(set(tops)) == 1, tops
        _fits(page)


def test_strategos_scoreboard_fits_a_desktop_without_scrolling(site: Server, browser) -> None:  # noqa: ANN001
    """At 1280 px the 'Left per rank' column made the scoreboard scroll sideways in its box."""
    with table_page(browser, 1280, 800) as page:
        _create(page, site.base, "stratego", [])
        page.wait_for_selector("#scoreboard table")
        wide = page.eval_on_selector("#scoreboard", "n => [...n.querySelectorAll('table, .scroll')]"
                                     ".filter(t => t.scrollWidth > t.clientWidth + 1).length")
        assert wide == 0
        assert page.locator("#scoreboard th", has_text="Left per rank").is_visible()


#: The text view's blocks: for each, laid out in columns or prose, the lines of its text and the
#: line boxes the browser drew for it (distinct tops of its text's rectangles), and whether it
#: scrolls sideways.
TEXT_VIEW_JS = """() => [...document.querySelectorAll('#view > span')].map(b => {
  const range = document.createRange(); range.selectNodeContents(b);
  const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
  return {kind: b.className, lines: b.textContent.split('\\n').filter(l => l.trim()).length,
          boxes: tops.size, scrolls: b.scrollWidth > b.clientWidth + 1, first: b.textContent.split('\\n')[0]};
})"""


@pytest.mark.parametrize("width", [W, 1280])
@pytest.mark.parametrize("game, options", [("stratego", {"army": "barrage"}), ("1848", {"players": "3"})])
def test_the_text_view_keeps_boards_and_tables_whole_and_wraps_prose(
        site: Server, browser, game: str, options: dict, width: int) -> None:  # noqa: ANN001
    with table_page(browser, width, H, is_mobile=width == W, has_touch=width == W) as page:
        _create(page, site.base, game, [], options)
        page.wait_for_function("window.garrisonView && window.garrisonView.table")
        rng = random.Random(3)
        for _ in range(12):
            _play_widget(page, rng)
        page.click("#text-view summary")
        page.wait_for_function("document.querySelector('#text-view').open")
        # The page holds the render's text exactly.
        assert page.evaluate("document.querySelector('#view').textContent === window.garrisonView.text")
        blocks = page.evaluate(TEXT_VIEW_JS)
        columns = [b for b in blocks if b["kind"] == "tv-cols"]
        assert columns and any(b["kind"] == "tv-prose" for b in blocks)
        for block in columns:  # each line of a board or table is one line on the screen
            assert block["boxes"] == block["lines"], block
        if game == "stratego":  # the board itself fits a phone without scrolling
            board = next(b for b in columns if b["first"].startswith("10 ") or b["first"].startswith(" 1 "))
            assert not board["scrolls"], board
        if width == W:
            _fits(page)
            if DOCS and game == "stratego":
                page.locator("#text-view").screenshot(path=f"{DOCS}/table-phone-text-view.png")

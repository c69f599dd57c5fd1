"""Resign and draw at the table, in Debian's Chromium (issue 43: a lost Stratego game against a
bot had to be played out, 690 plies; there was no draw offer). A seated player resigns in two
clicks and reads the result; two people agree a draw, each seeing the offer and the result; the
controls fit a phone."""

from __future__ import annotations

from server_helpers import Server
from table_helpers import site as module_site
from table_helpers import table_page
from test_server_browser import _create, _name_dialog, _person
from test_table_view import _shot

site = module_site  # this module's server (table_helpers.site)


def test_resigning_against_a_bot_ends_the_game_with_the_result(site: Server, browser) -> None:  # noqa: ANN001
    with table_page(browser) as page:
        _create(page, site.base, "stratego", [])
        controls = page.get_by_role("region", name="Resign or draw")
        controls.wait_for(state="visible")
        assert page.get_by_role("button", name="Offer a draw").is_visible()  # two players
        page.get_by_role("button", name="Resign").click()
        assert "Resign and lose this game?" in controls.inner_text()  # asked before it is done
        page.get_by_role("button", name="Keep playing").click()
        assert page.get_by_role("button", name="Resign").is_visible()
        page.get_by_role("button", name="Resign").click()
        page.get_by_role("button", name="Yes, resign").click()
        panel = page.get_by_role("region", name="Result")
        panel.wait_for(state="visible")
        assert panel.locator(".verdict").inner_text() == "You lost"
        assert panel.locator("#reason").inner_text() == "P1 · Ann resigned."
        assert page.inner_text("#status") == "The game is over."
        assert controls.is_hidden()
        assert page.get_by_role("button", name="Rematch").is_visible()
        _shot(page, "table-resigned.png")


def test_two_people_agree_a_draw(site: Server, browser) -> None:  # noqa: ANN001
    ctx_a, ann = _person(browser, "Ann")
    ctx_b, bob = _person(browser, "Bob")
    try:
        _create(ann, site.base, "scopa", ["me", "human"], {"players": "2"})
        bob.goto(ann.input_value("#invite"))
        bob.click("button.join")
        _name_dialog(bob, "Bob")
        for page in (ann, bob):
            page.get_by_role("button", name="Offer a draw").wait_for(state="visible")
        ann.get_by_role("button", name="Offer a draw").click()
        ann.wait_for_selector("text=You offered a draw; waiting for the answer.")
        bob.wait_for_selector("text=P1 · Ann offers a draw.")
        bob.get_by_role("button", name="Decline").click()
        ann.wait_for_selector("text=P2 · Bob declined the draw.")
        ann.get_by_role("button", name="Offer a draw").click()
        bob.get_by_role("button", name="Accept draw").wait_for(state="visible")
        bob.get_by_role("button", name="Accept draw").click()
        for page in (ann, bob):
            panel = page.get_by_role("region", name="Result")
            panel.wait_for(state="visible")
            assert panel.locator(".verdict").inner_text() == "Draw"
            assert panel.locator("#reason").inner_text() == "A draw was agreed."
    finally:
        ctx_a.close()
        ctx_b.close()


def test_the_controls_fit_a_phone(site: Server, browser) -> None:  # noqa: ANN001
    with table_page(browser, width=375, height=812) as page:
        _create(page, site.base, "stratego", [])
        controls = page.get_by_role("region", name="Resign or draw")
        controls.wait_for(state="visible")
        page.get_by_role("button", name="Resign").click()
        box = controls.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375, box
        assert controls.evaluate("n => n.scrollWidth <= n.clientWidth")
        for name in ("Yes, resign", "Keep playing"):
            b = page.get_by_role("button", name=name).bounding_box()
            assert b is not None and b["x"] + b["width"] <= 375 and b["height"] >= 40, (name, b)

"""Around the table in Chromium (issue 28): a player who stays away comes back (by recovery code,
from "your tables") and takes the seat back; a card being chosen stays chosen when the
table changes; a rematch offered and accepted across two browsers
with a spectator watching; chat with mute and presence; the lobby in words and live; the replay
viewer by decision, trick and hand, with keys, autoplay and a link to the moment.
"""

from __future__ import annotations

import contextlib
import random

import httpx
import pytest
from playwright.sync_api import Route
from server_helpers import Server
from table_helpers import SHOWN_THOUGH_HIDDEN
from test_server_browser import _click_once, _create, _sign_in
from test_table_view import _shot

import garrison


@pytest.fixture(scope="module")
def site(tmp_path_factory):  # noqa: ANN001, ANN201
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('flows') / 'g.db'}",
                 GARRISON_GRACE="2", GARRISON_SWEEP="0.2").start()
    yield srv
    srv.kill()


def _page(browser, name: str | None = None):  # noqa: ANN001, ANN202
    context = browser.new_context(viewport={"width": 1200, "height": 900}, bypass_csp=True,
                                  reduced_motion="reduce")
    page = context.new_page()
    page.on("dialog", lambda d: d.accept())
    page.guest_name = name or "Ann"
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return context, page


def _join_by_dialog(page, invite: str, name: str) -> str:  # noqa: ANN001
    """Open the invitation, sit down, answer the name form; the recovery code shown."""
    page.goto(invite)
    page.click("button.join")
    page.wait_for_selector("#name-dialog #dialog-name")
    page.fill("#dialog-name", name)
    page.click("#dialog-go")
    page.wait_for_selector("#recovery-code")
    code = page.inner_text("#recovery-code")
    page.click("#recovery-ok")
    return code


def _play_to_end(ann, bob, rng: random.Random) -> None:  # noqa: ANN001
    for _ in range(400):
        if ann.inner_text("#result"):
            break
        ann.wait_for_function(
            "document.querySelector('#result').textContent.length > 0 || "
            "document.querySelector('#status').textContent === 'Your move.' || "
            "document.querySelector('#status').textContent.startsWith('P2 · Bob')")
        if ann.inner_text("#result"):
            break
        page = ann if ann.inner_text("#status") == "Your move." else bob
        if page is bob:
            bob.wait_for_function("document.querySelector('#status').textContent === 'Your move.' "
                                  "|| document.querySelector('#result').textContent.length > 0")
        if not _click_once(page, rng):
            break
    bob.wait_for_function("document.querySelector('#result').textContent.length > 0")


def test_a_returning_player_sees_what_the_bot_played_and_takes_the_seat_back(site: Server, browser) -> None:  # noqa: ANN001
    ctx_a, ann = _page(browser, "Ann")
    ctx_b, bob = _page(browser, "Bob")
    ctx_c = None
    try:
        # twenty lives: the game cannot end in the few turns before Bob comes back
        tid = _create(ann, site.base, "gambit", ["me", "human"], {"players": "2", "lives": "20"})
        code = _join_by_dialog(bob, ann.input_value("#invite"), "Bob")
        bob.wait_for_function("window.garrisonView && window.garrisonView.seat === 1")
        ctx_b.close()  # Bob's browser is gone (and with it his token)
        # past the grace period Ann sees Bob's seat kept by a bot, marked as away
        ann.wait_for_selector('#ring .plaque[data-seat="1"] .kind:text-is("away — bot playing")',
                              timeout=30_000)
        assert "Bob" in ann.inner_text('#ring .plaque[data-seat="1"]')
        rng = random.Random(7)
        for _ in range(60):  # Ann plays on until the bot has answered for Bob
            if "Last:" in ann.inner_text('#ring .plaque[data-seat="1"]'):
                break
            if not _click_once(ann, rng):
                break
        assert not ann.inner_text("#result"), "the game ended before Bob came back"
        # Bob comes back on another device: his name and recovery code
        ctx_c, bob2 = _page(browser, "Bob")
        bob2.goto(site.base + "/")
        bob2.fill("#guest-name", "Bob")
        bob2.click("#guest-has-code")
        bob2.fill("#guest-code", code)
        bob2.click("#guest-go")
        bob2.wait_for_selector("text=Playing as Bob")
        # "your tables" lists the table, with the seat to take back
        link = bob2.wait_for_selector(f'#your-tables li[data-table="{tid}"] a')
        assert "take your seat back" in bob2.inner_text(f'#your-tables li[data-table="{tid}"]')
        link.click()
        bob2.wait_for_selector("#away:not([hidden]) #reclaim")
        _shot(bob2, "table-away.png")
        summary = bob2.inner_text("#away-summary")
        assert "A bot played for you" in bob2.inner_text("#away h2")
        moves = bob2.locator("#away-moves li").all_inner_texts()
        view = bob2.evaluate("window.garrisonView")
        assert view["seat"] is None  # while away, Bob watches: no hidden view of his seat
        assert moves and (f"made {len(moves)} move" in summary or len(moves) == 30), summary
        assert summary.startswith("You were away, so the strong bot took your seat (P2)"), summary
        # a long list shows its newest moves first in sight
        assert bob2.eval_on_selector("#away-moves", "l => l.scrollTop + l.clientHeight >= l.scrollHeight - 2")
        bob2.click("#reclaim")
        bob2.wait_for_function("window.garrisonView && window.garrisonView.seat === 1")
        assert bob2.is_hidden("#away")
        assert "(you)" in bob2.inner_text("#scoreboard tr.mine")
        ann.wait_for_function("!document.querySelector('#ring').textContent.includes('away')")
        assert not ann.errors and not bob2.errors, (ann.errors, bob2.errors)
    finally:
        ctx_a.close()
        if ctx_c is not None:
            ctx_c.close()


def test_a_card_being_chosen_stays_chosen_when_a_bot_keeps_a_seat(site: Server, browser) -> None:  # noqa: ANN001
    """Ann has a card's moves before her (1848: play it or push it) when Bob's browser goes and a
    bot keeps his seat: the view drawn anew at the same move keeps her card picked and its moves
    offered (it closed them under her hand), and a move chosen there is played."""
    ctx_a, ann = _page(browser, "Ann")
    ctx_b, bob = _page(browser, "Bob")
    try:
        _create(ann, site.base, "1848", ["me", "human"], {"players": "2"})
        _join_by_dialog(bob, ann.input_value("#invite"), "Bob")
        bob.wait_for_function("window.garrisonView && window.garrisonView.seat === 1")
        several = "#bottom button.card[data-ids*=' ']:not([disabled])"
        rng = random.Random(5)
        card = None
        for _ in range(40):  # until Ann is to move with a card of several moves
            ann.wait_for_function(
                "document.querySelector('#status').textContent === 'Your move.' || "
                "document.querySelector('#status').textContent.startsWith('P2 · Bob')")
            if ann.inner_text("#status") == "Your move.":
                card = ann.query_selector(several)
                if card is not None:
                    break
                assert _click_once(ann, rng)
            else:
                assert _click_once(bob, rng)
        assert card is not None, "Ann never held a card with several moves"
        key, ids = card.get_attribute("data-key"), card.get_attribute("data-ids")
        n = ann.evaluate("window.garrisonView.n")
        card.click()
        verbs = ann.locator("#chooser button.verb[data-id]")
        verbs.first.wait_for()
        offered = verbs.all_inner_texts()
        assert len(offered) == len(ids.split())
        ctx_b.close()  # Bob's browser is gone; past the grace a bot keeps his seat
        ann.wait_for_selector('#ring .plaque[data-seat="1"] .kind:text-is("away — bot playing")',
                              timeout=30_000)
        assert ann.evaluate("window.garrisonView.n") == n  # the same move, the table changed
        assert verbs.all_inner_texts() == offered
        picked = ann.locator("#bottom button.card.picked")
        assert picked.count() == 1 and picked.get_attribute("data-key") == key
        verbs.first.click()
        ann.wait_for_function(f"window.garrisonView.n > {n}")
        assert ann.locator("#chooser button.verb").count() == 0  # a new move: nothing picked
        assert not ann.errors, ann.errors
    finally:
        ctx_a.close()
        with contextlib.suppress(Exception):
            ctx_b.close()


def test_rematch_chat_and_presence_across_browsers(site: Server, browser) -> None:  # noqa: ANN001
    ctx_a, ann = _page(browser, "Ann")
    ctx_b, bob = _page(browser, "Bob")
    ctx_s, spy = _page(browser)
    try:
        tid = _create(ann, site.base, "gambit", ["me", "human"],
                      {"players": "2", "lives": "1", "dice": "2"})
        invite = ann.input_value("#invite")
        _join_by_dialog(bob, invite, "Bob")
        spy.goto(invite)  # a spectator without a name
        ann.wait_for_function("document.querySelector('#watchers').textContent.includes('1 anonymous spectator')")
        assert "● here" in ann.inner_text('#seat-list [data-seat="1"]')
        # chat: Bob says something, Ann reads it, then mutes him (kept in this browser)
        bob.fill("#chat-text", "good luck")
        bob.click("#chat-send")
        ann.wait_for_selector("#chat-lines li:has-text('good luck')")
        assert "Bob (P2)" in ann.inner_text("#chat-lines li")
        spy.wait_for_selector("#chat-lines li:has-text('good luck')")
        assert spy.is_hidden("#chat-form")  # no name, no chat
        ann.click("#chat-lines li button.mute")
        assert ann.locator("#chat-lines li").count() == 0
        ann.reload()
        ann.wait_for_selector("#muted-list button.unmute")
        assert ann.locator("#chat-lines li").count() == 0
        ann.click("#muted-list button.unmute")
        ann.wait_for_selector("#chat-lines li:has-text('good luck')")
        # play the short game out
        _play_to_end(ann, bob, random.Random(11))
        spy.wait_for_function("document.querySelector('#result').textContent.length > 0")
        assert spy.is_hidden("#rematch") or not spy.query_selector("#rematch")  # watchers: no offer button
        ann.click("#rematch")
        bob.wait_for_selector("#rematch-accept")
        _shot(bob, "table-rematch.png")
        assert "Ann" in bob.inner_text("#rematch-state") and "offers a rematch" in bob.inner_text("#rematch-state")
        spy.wait_for_selector("#rematch-state")
        assert not spy.query_selector("#rematch-accept")
        assert not ann.query_selector("#rematch-accept")  # Ann accepted by offering
        bob.click("#rematch-accept")
        for page in (ann, bob, spy):
            page.wait_for_function(f"!location.hash.includes({tid!r})", timeout=30_000)
            page.wait_for_function("window.garrisonView && window.garrisonView.table.id !== " + repr(tid))
        new = ann.evaluate("window.garrisonView.table")
        assert [s["name"] for s in new["seats"]] == ["Bob", "Ann"]  # seats moved one place on
        assert ann.evaluate("window.garrisonView.seat") == 1
        assert bob.evaluate("window.garrisonView.seat") == 0
        assert spy.evaluate("window.garrisonView.seat") is None
    finally:
        for ctx in (ctx_a, ctx_b, ctx_s):
            ctx.close()


def test_the_lobby_speaks_in_words_and_updates_itself(site: Server, browser) -> None:  # noqa: ANN001
    ctx_a, ann = _page(browser, "Ann")
    ctx_b, bob = _page(browser, "Bob")
    try:
        ann.goto(site.base + "/")
        _sign_in(ann, "Ann")
        assert not ann.query_selector("#name-dialog")
        ann.select_option("#game", "stratego")
        lobby = ann.inner_text("#create")
        for code in ("setup_file", "max_plies", "two_square_limit", "scout_move_and_attack"):
            assert code not in lobby, code
        assert ann.locator("#presets button.preset").first.inner_text().startswith("Classic")
        assert not ann.eval_on_selector("#more-options", "d => d.open")
        assert "Extra setups" in (ann.text_content("#more-options") or "")
        # bots by strength, each said in words underneath, its engine's name as a tooltip
        ann.select_option("#seat-1", "bot:strong")
        assert ann.inner_text("#seat-1-bot").startswith("Searches ahead")
        assert ann.get_attribute("#seat-1-bot", "title").startswith("engine: ismcts:")
        ann.select_option("#seat-1", "bot:easy")
        assert ann.inner_text("#seat-1-bot").startswith("Plays any legal move")
        assert ann.get_attribute("#seat-1-bot", "title") == "engine: random"
        # a level is said once, under the first seat that has it
        ann.select_option("#game", "solo66")
        ann.wait_for_selector("#seat-4")
        ann.select_option("#seat-1", "bot:good")  # P2 kept the easy bot of the game before
        assert [ann.inner_text(f"#seat-{i}-bot") != "" for i in range(1, 5)] == [True, False, False, False]
        ann.select_option("#seat-3", "bot:strong")
        assert ann.inner_text("#seat-3-bot").startswith("Searches ahead")
        assert ann.inner_text("#seat-2-bot") == "" and ann.inner_text("#seat-4-bot") == ""
        ann.select_option("#seat-1", "bot:easy")  # the good bot is now first said under P3
        assert ann.inner_text("#seat-2-bot").startswith("The game's own quick player")
        assert ann.get_attribute("#seat-4-bot", "title").startswith("engine: ")
        ann.select_option("#game", "stratego")
        # the levels follow the options: no master with Barrage's army, and a seat that had
        # it gets the strongest level there is
        ann.select_option("#seat-1", "bot:master")
        ann.click('#presets button[data-preset="quick"]')
        ann.wait_for_function("!document.querySelector('#seat-1 option[value=\"bot:master\"]')")
        assert ann.input_value("#seat-1") == "bot:strong"
        assert ann.get_attribute("#seat-1-bot", "title").startswith("engine: ismcts:")
        # a rule set shows the options it sets: what the table will have
        assert ann.input_value('[data-option="two_square_limit"]') == "3"
        assert ann.input_value('[data-option="army"]') == "barrage"
        assert ann.is_checked('[data-option="more_squares"]')
        ann.select_option('[data-option="rules"]', "seed")
        assert ann.input_value('[data-option="two_square_limit"]') == "5"
        assert ann.input_value('[data-option="army"]') == "classic"
        assert not ann.is_checked('[data-option="more_squares"]')
        ann.select_option('[data-option="rules"]', "duel")
        assert ann.input_value('[data-option="setup_rows"]') == "3"
        ann.click('#presets button[data-preset="classic"]')
        ann.wait_for_selector('#seat-1 option[value="bot:master"]', state="attached")
        assert ann.input_value('[data-option="setup_rows"]') == "4"
        # options the game refuses are said at once, under the options
        if not ann.eval_on_selector("#more-options", "d => d.open"):
            ann.click("#more-options > summary")
        ann.fill('[data-option="army"]', "nonsense")
        ann.dispatch_event('[data-option="army"]', "change")
        ann.wait_for_selector("#options-refused:not([hidden])")
        assert "army" in ann.inner_text("#options-refused")
        ann.fill('[data-option="army"]', "classic")
        ann.dispatch_event('[data-option="army"]', "change")
        ann.wait_for_selector("#options-refused", state="hidden")
        assert not ann.evaluate(SHOWN_THOUGH_HIDDEN)  # no style outweighs a hidden attribute
        # the player count is a choice of what the game allows
        ann.select_option("#game", "scopa")
        assert ann.eval_on_selector('[data-option="players"]', "n => n.tagName") == "SELECT"
        counts = ann.eval_on_selector_all('[data-option="players"] option', "os => os.map(o => o.value)")
        assert counts == ["2", "3", "4", "6"]
        # four players are two teams sitting opposite: said by each seat and under the heading
        assert ann.inner_text("#teams-doc") == "Partners share their points: team A P1 + P3, team B P2 + P4"
        labels = ann.eval_on_selector_all(".seat-pick label", "ls => ls.map(l => l.textContent.trim())")
        assert labels == ["P1 (team A)", "P2 (team B)", "P3 (team A)", "P4 (team B)"]
        ann.select_option('[data-option="players"]', "6")
        ann.wait_for_selector('#seats[aria-busy="false"]')
        assert ann.inner_text("#teams-doc").endswith("team C P3 + P6")
        assert ann.inner_text('label[for="seat-3"]').strip() == "P4 (team A)"
        ann.select_option('[data-option="players"]', "4")
        ann.wait_for_selector('#seats[aria-busy="false"]')
        # the options for exact game theory come last under More options, apart and said so
        more = ann.eval_on_selector_all("#more-options-box [data-option]", "xs => xs.map(x => x.dataset.option)")
        apart = ann.eval_on_selector_all(".options-research [data-option]", "xs => xs.map(x => x.dataset.option)")
        assert sorted(apart) == ["aside", "suits", "values"] and more[-3:] == apart
        assert "For research" in ann.inner_text(".options-research")
        # a measured level says its rating, the Elo as a tooltip, at the options it measured
        ann.select_option("#seat-1", "bot:strong")
        assert "measured (40 games against each level)" in ann.inner_text("#seat-1-bot")
        assert "; Elo " in (ann.get_attribute("#seat-1-bot", "title") or "")
        _shot(ann, "lobby.png")
        # while the levels at new options are asked (held back here) no rating is said and the
        # seats say they are busy; the answer brings the rating
        held: list[Route] = []
        ann.route("**/api/games/scopa/levels?**", lambda route: held.append(route))
        with ann.expect_request("**/api/games/scopa/levels?**"):
            ann.click('#presets button[data-preset="quick"]')
        assert ann.get_attribute("#seats", "aria-busy") == "true"
        assert ann.input_value('[data-option="players"]') == "2"
        assert ann.locator("select[data-seat]").count() == 2
        ann.select_option("#seat-1", "bot:strong")
        assert "measured" not in ann.inner_text("#seat-1-bot")
        for _ in range(3000):  # the held request reaches its handler (within 30 s)
            if held:
                break
            ann.wait_for_timeout(10)
        assert len(held) == 1
        held[0].continue_()
        ann.unroute("**/api/games/scopa/levels?**")
        ann.wait_for_selector('#seats[aria-busy="false"]')
        # the quick table (two players to 6) is rated as every starting table is
        assert "measured (40 games against each level)" in ann.inner_text("#seat-1-bot")
        assert ann.is_hidden("#teams-doc") and ann.inner_text('label[for="seat-1"]').strip() == "P2"
        # two players to 16 is not what Scopa's ratings measured: no rating is said for it
        ann.fill('[data-option="target"]', "16")
        ann.dispatch_event('[data-option="target"]', "change")
        ann.wait_for_selector('#seats[aria-busy="false"]')
        assert ann.inner_text("#seat-1-bot").startswith("Searches ahead")
        assert "measured" not in ann.inner_text("#seat-1-bot")
        assert "Elo" not in (ann.get_attribute("#seat-1-bot", "title") or "")
        # two players to 11 was measured on its own: its rating follows the option
        rated = ann.evaluate("async () => (await (await fetch('/api/games/scopa')).json()).rated")
        two = next(t for t in rated if t["options"] == {"players": 2})["levels"]["strong"]
        ann.fill('[data-option="target"]', "11")
        with ann.expect_response("**/api/games/scopa/levels?**"):
            ann.dispatch_event('[data-option="target"]', "change")
        ann.wait_for_function("r => document.querySelector('#seat-1-bot').innerText.includes(r)",
                              arg=two["rating"])
        assert f"; Elo {two['elo']} over random play" in ann.get_attribute("#seat-1-bot", "title")
        # live: a table Bob makes appears in Ann's lobby without a reload
        before = ann.locator("#tables tr[data-table]").count()
        tid = _create(bob, site.base, "gambit", ["me", "human"], {"players": "2"})
        ann.wait_for_selector(f'#tables tr[data-table="{tid}"]', timeout=15_000)
        assert ann.locator("#tables tr[data-table]").count() == before + 1
        assert not ann.errors, ann.errors
    finally:
        ctx_a.close()
        ctx_b.close()


def test_the_replay_counts_decisions_and_steps_by_trick(site: Server, browser) -> None:  # noqa: ANN001
    ctx, page = _page(browser, "Ann")
    try:
        tid = _create(page, site.base, "solo66", ["bot:easy"] * 5, {"deals": "2"})
        page.wait_for_selector("#result-panel:not([hidden]) #replay-link", timeout=60_000)
        assert page.inner_text("#replay-link") == "Watch replay"
        assert page.inner_text("#record-link") == "Download record"
        record = httpx.get(f"{site.base}/api/tables/{tid}/record").json()
        assert garrison.replay(record).is_terminal()
        page.click("#replay-link")
        page.wait_for_function("document.querySelector('#where') && "
                               "document.querySelector('#where').textContent.includes(' of ')")
        where = page.inner_text("#where")
        decisions = int(page.get_attribute("#slider", "max"))
        assert where.startswith(f"move 0 of {decisions} · deal 1 · trick 1") and "the deal" in where
        # a deal is called a deal (another game's hand or round)
        assert page.get_attribute("#next-hand", "title") == "Next deal"
        assert "Page Up / Page Down a trick" in page.inner_text("#replay-keys")
        page.click("#next-hand")
        page.wait_for_function("document.querySelector('#where').textContent.includes(' · deal 2 · ')")
        page.keyboard.press("Home")
        page.wait_for_function("document.querySelector('#slider').value === '0'")
        assert decisions < len(record["actions"])  # deals are not counted
        # step 0 shows the table dealt (hands drawn), not an empty table
        assert page.locator("#play .card").count() > 0 or "hand" in page.inner_text("#view").lower()
        page.click("#next-trick")
        page.wait_for_function("!document.querySelector('#where').textContent.startsWith('move 0 ')")
        first_trick = int(page.input_value("#slider"))
        assert first_trick >= 5 and "trick 2" in page.inner_text("#where")
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.querySelector('#slider').value === '{first_trick + 1}'")
        page.keyboard.press("ArrowLeft")
        page.wait_for_function(f"document.querySelector('#slider').value === '{first_trick}'")
        # the address names the moment; opening it shows the same step
        assert page.evaluate("location.hash").endswith(f"?at={first_trick}")
        page.reload()
        page.wait_for_function("document.querySelector('#where') && "
                               "document.querySelector('#where').textContent.includes(' of ')")
        assert page.input_value("#slider") == str(first_trick)
        # opened by its address, it still names the bots by the level chosen
        page.wait_for_selector("#replay-players .replay-player")
        assert "bot: easy" in page.inner_text("#replay-players"), page.inner_text("#replay-players")
        assert "bot random" not in page.inner_text("#replay-players")
        # every seat at once, each through its own view
        page.select_option("#replay-seat", "all")
        page.wait_for_selector("#play .replay-seat")
        _shot(page, "replay-every-seat.png")
        assert page.locator("#play .replay-seat").count() == 5
        assert "/all?at=" in page.evaluate("location.hash")
        # autoplay moves on by itself and stops at the end
        page.click("#autoplay")
        page.wait_for_function(f"+document.querySelector('#slider').value > {first_trick + 1}")
        page.click("#autoplay")
        page.keyboard.press("End")
        page.wait_for_function(f"document.querySelector('#slider').value === '{decisions}'")
        assert not page.errors, page.errors
    finally:
        ctx.close()


def test_a_table_made_at_once_after_an_option_change_gets_the_levels_offered_there(site: Server, browser) -> None:  # noqa: ANN001
    """Create pressed in the same moment as the rule set changes (before the levels' answer):
    the table still gets the levels of its own options, never a level gone with the change."""
    context, page = _page(browser, "Ann")
    try:
        page.goto(site.base + "/")
        _sign_in(page, "Ann")
        page.select_option("#game", "stratego")
        page.select_option("#seat-1", "bot:master")
        # Barrage has no master; both clicks in one task, so the page has no answer yet
        page.evaluate("""() => { document.querySelector('#presets button[data-preset="quick"]').click();
                                 document.querySelector('#create-table').click(); }""")
        page.wait_for_url("**/#/table/*")
        page.wait_for_function("window.garrisonView && window.garrisonView.table")
        seats = page.evaluate("window.garrisonView.table.seats")
        assert seats[1]["bot"] == "ismcts:0.1s:fallback=1.5", seats
    finally:
        context.close()

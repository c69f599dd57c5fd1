"""Play ¶2: the auction for trump, the announcement, and what happens when everyone passes."""

from __future__ import annotations

import pytest
from solo66_helpers import calls, deal, new_state, play

from garrison import CHANCE, IllegalActionError
from garrison.games.solo66.rules import THROW_IN_LIMIT


def _dealt(**options):
    state = new_state(**options)
    deal(state, {})
    return state


def test_forehand_calls_first_and_a_pass_is_final():
    state = _dealt()
    assert state.current_player() == 1  # dealer 0, forehand 1
    calls(state, "pass", "bid Diamonds", "pass", "bid Spades", "pass")
    # seats 1, 3 and 0 have passed; seat 2 may still go higher
    assert state.current_player() == 2
    play(state, "pass")
    obs = state.observation(4)
    assert obs["phase"] == "announce" and obs["soloist"] == 4 and obs["high_bid"] == "Spades"
    assert obs["passed"] == [0, 1, 2, 3]


def test_a_higher_bid_after_passes_takes_the_lead():
    state = _dealt()
    calls(state, "bid Diamonds", "pass", "pass", "pass", "pass")
    # everyone else passed: seat 1 wins with Diamonds
    assert state.observation(1)["soloist"] == 1
    state = _dealt()
    calls(state, "bid Diamonds", "pass", "pass", "bid Hearts", "pass")
    assert state.current_player() == 1  # the first bidder may go higher
    play(state, "bid Spades")
    assert state.current_player() == 4
    play(state, "pass")
    assert state.observation(None)["soloist"] == 1


def test_clubs_ends_the_auction_at_once():
    state = _dealt()
    calls(state, "pass", "bid Clubs")
    obs = state.observation(None)
    assert obs["phase"] == "announce" and obs["soloist"] == 2
    assert state.legal_actions() == [state.parse_action("announce Clubs")]


@pytest.mark.parametrize("bad", ["bid Diamonds", "bid Hearts"])
def test_bidding_at_or_below_the_highest_bid_is_refused(bad):
    state = _dealt()
    play(state, "bid Hearts")
    before = state.fields()
    with pytest.raises(IllegalActionError, match="higher than Hearts.*Spades or Clubs or pass"):
        play(state, bad)
    assert state.fields() == before


def test_the_winner_may_upgrade_the_trump_but_not_lower_it():
    state = _dealt()
    calls(state, "bid Hearts", "pass", "pass", "pass", "pass")
    before = state.fields()
    with pytest.raises(IllegalActionError, match="announce that suit or a higher one"):
        play(state, "announce Diamonds")
    assert state.fields() == before
    play(state, "announce Clubs")
    obs = state.observation(1)
    assert obs["trump"] == "Clubs" and obs["phase"] == "discard"
    assert len(obs["hand"]) == 8 and len(obs["talon"]) == 2
    assert all(card in obs["hand"] for card in obs["talon"])


def test_trump_is_announced_before_the_talon_is_seen():
    state = _dealt()
    calls(state, "bid Hearts", "pass", "pass", "pass", "pass")
    obs = state.observation(1)
    assert obs["talon"] == [] and len(obs["hand"]) == 6


def test_all_pass_redeal_deals_again_and_the_thrown_in_deal_does_not_count():
    # "If all players pass ... the cards are dealt again": by the same dealer, and the match
    # still has both of its deals to play
    state = _dealt(deals=2)
    calls(state, "pass", "pass", "pass", "pass", "pass")
    obs = state.observation(0)
    assert obs["phase"] == "dealing" and obs["deal"] == 1 and obs["dealer"] == 0
    assert obs["scores"] == [0.0] * 5
    assert "everyone passed; the cards are thrown in and dealt again" in obs["log"][0]
    state.check_invariants()


def test_all_pass_with_one_deal_is_a_new_deal_not_a_drawn_match():
    state = _dealt(deals=1)
    calls(state, "pass", "pass", "pass", "pass", "pass")
    assert not state.is_terminal() and state.current_player() == CHANCE
    deal(state, {})
    calls(state, "bid Hearts", "pass", "pass", "pass", "pass")
    assert state.observation(None)["soloist"] == 1


def test_a_match_ends_at_the_throw_in_horizon():
    # a safety horizon, far beyond chance, so that every match has a declared maximum length
    state = new_state(deals=1)
    for _ in range(THROW_IN_LIMIT):
        assert not state.is_terminal()
        deal(state, {})
        calls(state, "pass", "pass", "pass", "pass", "pass")
    assert state.is_terminal() and state.returns() == [0.0] * 5
    decisions = 5 * THROW_IN_LIMIT
    assert decisions <= state.game.max_game_length


def test_all_pass_last_trick_plays_without_trumps_and_the_last_trick_wins():
    state = new_state(deals=1, all_pass="last_trick")
    deal(
        state,
        {
            1: ["Hearts 7", "Hearts 8", "Hearts 9", "Hearts J", "Hearts Q", "Hearts K"],
            2: ["Clubs 7", "Clubs 8", "Clubs 9", "Clubs J", "Clubs Q", "Clubs K"],
        },
    )
    calls(state, "pass", "pass", "pass", "pass", "pass")
    obs = state.observation(2)
    assert obs["phase"] == "play" and obs["no_trump_game"] and obs["trump"] is None
    play(state, "Hearts 7")
    # seat 2 has no Hearts and there are no trumps: any card may be played
    assert len(state.legal_actions()) == 6
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    obs = state.observation(None)
    last = obs["tricks"][-1]["winner"]
    assert state.returns() == [10.0 if p == last else -2.5 for p in range(5)]
    # the deal's last trick has its line, then the deal's
    assert obs["log"][0].startswith("Trick 6: ") and f"P{last + 1} takes it" in obs["log"][0]
    assert f"P{last + 1} took the last trick" in obs["log"][1]


def test_all_pass_last_trick_in_points_scoring():
    state = new_state(deals=1, all_pass="last_trick", scoring="points")
    deal(state, {})
    calls(state, "pass", "pass", "pass", "pass", "pass")
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    returns = state.returns()
    assert sorted(returns) == [-0.25] * 4 + [1.0]


def test_the_dealer_rotates_and_the_match_lasts_the_deals_option():
    state = new_state(deals=3)
    dealers = []
    while not state.is_terminal():
        obs = state.observation(None)
        if obs["phase"] == "dealing" and obs["dealer"] not in dealers:
            dealers.append(obs["dealer"])
        legal = state.legal_actions()
        state.apply_action(legal[-1] if obs["phase"] == "auction" else legal[0])  # somebody bids
    assert dealers == [0, 1, 2]
    log = state.observation(None)["log"]
    # each deal's last trick and the deal's line, then the final scores
    assert [line.split(":")[0] for line in log] == [
        "Trick 6", "Deal 1 (dealer P1)", "Trick 6", "Deal 2 (dealer P2)", "Trick 6",
        "Deal 3 (dealer P3)", "The match is over. Scores"]

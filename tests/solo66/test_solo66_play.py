"""Play ¶2-¶3: the talon discards and the trick play (follow suit, else trump, else anything)."""

from __future__ import annotations

import pytest
from solo66_helpers import C, calls, deal, new_state, play

from garrison import IllegalActionError, InvalidActionError
from garrison.games.solo66.actions import PASS

HANDS = {
    1: ["Hearts A", "Hearts 7", "Spades 7", "Clubs 7", "Clubs 8", "Diamonds 7"],
    2: ["Hearts 10", "Hearts K", "Spades A", "Spades 10", "Clubs A", "Clubs 10"],
    3: ["Spades K", "Spades Q", "Clubs K", "Clubs Q", "Clubs J", "Diamonds 8"],  # no Hearts
    4: ["Spades J", "Spades 9", "Spades 8", "Diamonds 9", "Diamonds J", "Diamonds Q"],  # no H, C
    0: ["Hearts Q", "Hearts J", "Hearts 9", "Hearts 8", "Clubs 9", "Diamonds K"],
}
TALON = ["Diamonds 10", "Diamonds A"]


def _clubs_game():
    """Seat 1 bids Hearts, announces Clubs, discards two, and leads."""
    state = new_state(deals=1)
    deal(state, HANDS, TALON)
    calls(state, "bid Hearts", "pass", "pass", "pass", "pass", "announce Clubs")
    return state


def test_discards_must_be_held_and_go_to_the_soloists_pile():
    state = _clubs_game()
    before = state.fields()
    with pytest.raises(IllegalActionError, match="cannot discard Spades A: you do not hold it"):
        play(state, "discard Spades A")
    assert state.fields() == before
    play(state, "discard Diamonds A")
    play(state, "discard Diamonds 10")
    obs = state.observation(1)
    assert obs["discards"] == ["Diamonds 10", "Diamonds A"]
    assert obs["soloist_points"] == 21 and obs["phase"] == "play"
    assert state.current_player() == 1  # forehand leads the first trick


def _led_hearts():
    state = _clubs_game()
    calls(state, "discard Diamonds A", "discard Diamonds 10", "Hearts 7")
    return state


def test_a_player_holding_the_led_suit_must_follow():
    state = _led_hearts()
    assert state.current_player() == 2
    assert state.legal_actions() == [C("Hearts K"), C("Hearts 10")]
    before = state.fields()
    with pytest.raises(IllegalActionError, match="you must follow Hearts: you hold Hearts K, Hearts 10"):
        play(state, "Clubs A")
    assert state.fields() == before


def test_a_player_void_in_the_led_suit_must_trump():
    state = _led_hearts()
    play(state, "Hearts K")
    assert state.current_player() == 3
    assert state.legal_actions() == [C("Clubs J"), C("Clubs Q"), C("Clubs K")]
    before = state.fields()
    with pytest.raises(IllegalActionError, match="no Hearts, so you must trump: you hold Clubs J, Clubs Q, Clubs K"):
        play(state, "Spades K")
    assert state.fields() == before


def test_a_player_void_in_led_suit_and_trump_may_play_any_card():
    state = _led_hearts()
    calls(state, "Hearts K", "Clubs J")
    assert state.current_player() == 4
    assert len(state.legal_actions()) == 6


def test_no_duty_to_overtrump_or_to_beat():
    state = _led_hearts()
    calls(state, "Hearts K", "Clubs K", "Diamonds 9")
    # seat 0 must follow Hearts but may play under; nothing forces a winning card
    assert state.legal_actions() == [C("Hearts 8"), C("Hearts 9"), C("Hearts J"), C("Hearts Q")]
    play(state, "Hearts 8")
    obs = state.observation(None)
    trick = obs["tricks"][0]
    assert trick["winner"] == 3  # the only trump takes the trick over the Hearts
    assert obs["trick_points"][3] == 4 + 4  # Hearts K and Clubs K
    assert state.current_player() == 3  # the winner leads next


def test_trump_beats_the_led_suit_and_jacks_are_plain_cards():
    state = _clubs_game()
    calls(state, "discard Diamonds A", "discard Diamonds 10", "Spades 7")
    calls(state, "Spades 10", "Spades Q", "Spades J", "Clubs 9")
    # seat 0 was void in Spades and trumped: Clubs 9 beats Spades 10
    assert state.observation(None)["tricks"][0]["winner"] == 0

    state = _clubs_game()
    calls(state, "discard Diamonds A", "discard Diamonds 10", "Clubs 7", "Clubs A", "Clubs J")
    # seat 4 holds Spades J but no Clubs: a Jack is no trump, so any card may go
    assert state.current_player() == 4 and len(state.legal_actions()) == 6
    calls(state, "Spades J", "Clubs 9")
    trick = state.observation(None)["tricks"][0]
    assert trick["winner"] == 2  # Clubs A over Clubs J: Jacks rank between Queen and 9


def test_playing_a_card_not_held_is_refused():
    state = _led_hearts()
    before = state.fields()
    with pytest.raises(IllegalActionError, match="you do not hold Clubs 7"):
        play(state, "Clubs 7")
    assert state.fields() == before


def test_bids_and_announcements_are_refused_during_play():
    state = _led_hearts()
    with pytest.raises(IllegalActionError, match="auction is over"):
        state.apply_action(PASS)
    with pytest.raises(InvalidActionError, match="in trick play you do not pass; now you play; you may: Hearts K, Hearts 10"):
        play(state, "pass")

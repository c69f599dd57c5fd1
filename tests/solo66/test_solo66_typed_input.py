"""Typed input reads Solo 66's notation only: no number is taken for an internal action id, and
the verb of another step is refused with the step's own verbs."""

from __future__ import annotations

import pytest
from solo66_helpers import calls, deal, new_state
from test_solo66_play import HANDS, TALON

from garrison import InvalidActionError


def _auction():
    state = new_state(deals=1)
    deal(state, HANDS, TALON)
    return state


def test_a_bare_ten_is_not_the_card_with_id_ten():
    state = _auction()
    calls(state, "bid Hearts", "pass", "pass", "pass", "pass", "announce Clubs",
          "discard Diamonds A", "discard Diamonds 10", "Hearts 7")
    assert state.current_player() == 2  # must follow Hearts: Hearts 10 or Hearts K
    before = state.fields()
    # id 10 is Hearts 9, which seat 2 does not even hold: the text is never read as an id
    with pytest.raises(InvalidActionError, match="'10' is not an action here; it could be: "
                                                 "Hearts 10$"):
        state.parse_action("10")
    assert state.fields() == before
    assert state.parse_action("Hearts 10") == state.parse_action("h10")


@pytest.mark.parametrize("text,verb", [("play Clubs 7", "play"), ("announce Clubs", "announce"),
                                       ("discard Clubs 7", "discard")])
def test_a_verb_of_another_step_is_not_a_bid(text, verb):
    state = _auction()
    with pytest.raises(InvalidActionError,
                       match=f"in the auction you do not {verb}; now you bid or pass"):
        state.parse_action(text)
    assert state.action_to_string(state.parse_action("Clubs")) == "bid Clubs"


def test_a_number_in_the_auction_is_refused():
    state = _auction()
    with pytest.raises(InvalidActionError, match="you may: pass, bid Diamonds"):
        state.parse_action("33")

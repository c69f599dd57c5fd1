"""Typed input reads Soldateska's notation only: a verb of another step is refused, naming the
step and its verbs, and no number is taken for an internal action id."""

from __future__ import annotations

import pytest
from soldateska_helpers import play, round_two

from garrison import InvalidActionError


@pytest.mark.parametrize("text,verb", [("lay aside General", "lay aside"),
                                       ("play General", "play"), ("trump Sabers", "trump")])
def test_the_passing_step_passes_only(text, verb):
    state = round_two()
    play(state, "trump Sabers")
    before = state.fields()
    with pytest.raises(InvalidActionError, match=f"in the passing down of cards you do not {verb}; "
                                                 "now you pass"):
        state.parse_action(text)
    assert state.fields() == before
    assert state.action_to_string(state.parse_action("General")) == "pass General"
    assert state.action_to_string(state.parse_action("pass General")) == "pass General"


def test_the_declaration_takes_trump_only():
    state = round_two()
    with pytest.raises(InvalidActionError, match="now you trump; you may: trump officers only"):
        state.parse_action("pass Spy")
    with pytest.raises(InvalidActionError, match="'55' is not an action here"):
        state.parse_action("55")  # the Flag's id is not a way to type anything


def test_a_bare_number_lists_the_cards_it_could_mean():
    state = round_two()
    play(state, "trump Sabers")
    with pytest.raises(InvalidActionError, match="it could be: pass Sabers 10"):
        state.parse_action("10")

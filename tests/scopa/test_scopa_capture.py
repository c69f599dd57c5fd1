"""Capturing (docs/rules/scopa.md, "A turn") and bad input."""

from __future__ import annotations

import pytest
from scopa_helpers import card, do, names, start

from garrison import IllegalActionError
from garrison.games.scopa import actions


def table_of(state):
    return state.observation(None)["table"]


def pile(state, side):
    return state.observation(None)["captured"][side]


def assert_unchanged(state, action, match):
    before, history = state.fields(), state.history()
    with pytest.raises(IllegalActionError, match=match):
        state.apply_action(action)
    assert state.fields() == before and state.history() == history


# -- 1. Single-card priority; choice among equal single cards -----------------------------------
def test_equal_card_is_taken_alone_even_when_a_sum_is_possible():
    state = start("5c 2h 3s kd", ("5h 7d ac", "4c 4d 6s"), players=2)
    do(state, "play 5h")  # 2h + 3s would make 5, but the Clubs 5 lies there
    assert pile(state, 0) == names("5c 5h")
    assert table_of(state) == names("2h 3s kd")
    assert state.current_player() == 1


def test_choice_among_equal_single_cards():
    state = start("5c 5s 2h 3d", ("5h 7d ac", "4c 4d 6s"), players=2)
    do(state, "play 5h")
    assert state.current_player() == 0  # still choosing
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    assert legal == ["take Batons 5", "take Swords 5"]
    assert_unchanged(state, actions.take(card("2h")), "single-card priority")
    do(state, "take 5s")
    assert pile(state, 0) == names("5h 5s")
    assert table_of(state) == names("3d 2h 5c")


# -- 2. Several sum sets: all offered; fewest-cards option ------------------------------------
def test_every_sum_set_is_offered_and_chosen_card_by_card():
    state = start("ac 2c 3c 4c", ("5h 7d kh", "qc 4d 6s"), players=2)
    do(state, "play 5h")
    obs = state.observation(1)
    assert obs["playing"] == "Hearts 5"
    assert sorted(obs["capture_sets"]) == sorted([names("ac 4c"), names("2c 3c")])
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "take Batons A", "take Batons 2", "take Batons 3", "take Batons 4"]
    do(state, "take 4c")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["take Batons A"]
    assert_unchanged(state, actions.take(card("2c")), "does not fit")
    do(state, "take ac")
    assert pile(state, 0) == names("ac 4c 5h")
    assert table_of(state) == names("2c 3c")


def test_fewest_cards_option_keeps_only_the_smallest_sets():
    deal = ("ac 2c 4c 3h", ("7h 7d kh", "qc 4d 6s"))
    free = start(*deal, players=2)
    do(free, "play 7h")
    assert sorted(free.observation(0)["capture_sets"]) == sorted(
        [names("ac 2c 4c"), names("3h 4c")])
    fewest = start(*deal, players=2, fewest_cards=True)
    do(fewest, "play 7h")  # one set left: it is taken at once
    assert pile(fewest, 0) == names("3h 4c 7h")
    assert table_of(fewest) == names("ac 2c")


def test_fewest_cards_takes_the_only_smallest_set_at_once():
    state = start("3c 4c 2h 5s", ("qh 7d kh", "qc 4d 3s"), players=2, fewest_cards=True)
    do(state, "play qh")  # Q = 9: 4c + 5s (2 cards); 2h + 3c + 4c (3 cards) is not allowed
    assert pile(state, 0) == names("4c 5s qh")
    free = start("3c 4c 2h 5s", ("qh 7d kh", "qc 4d 3s"), players=2)
    do(free, "play qh")
    assert len(free.observation(0)["capture_sets"]) == 2


def test_fewest_cards_choice_refuses_a_card_of_a_larger_set():
    state = start("3c 6c 4c 5s", ("2h 7d kh", "qc 4d 3s"), players=2, fewest_cards=True)
    do(state, "play 2h")  # takes nothing
    do(state, "play qc")  # Q = 9: 3c + 6c or 4c + 5s; 2h + 3c + 4c has three cards
    assert sorted(state.observation(0)["capture_sets"]) == sorted(
        [names("3c 6c"), names("4c 5s")])
    assert_unchanged(state, actions.take(card("2h")), "fewest-cards rule")
    do(state, "take 3c")
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["take Batons 6"]
    do(state, "take 6c")
    assert pile(state, 1) == names("3c 6c qc")


# -- 3. Must capture ---------------------------------------------------------------------------
def test_a_card_that_can_capture_must_capture():
    state = start("5c 2h 3s kd", ("5h 7d ac", "4c 4d 6s"), players=2)
    assert actions.lay(card("5h")) not in state.legal_actions()
    assert_unchanged(state, actions.lay(card("5h")), "a card that can capture must capture")
    assert_unchanged(state, state.parse_action("lay 5h"), "Cups 5 takes Batons 5")
    # the player is free to play another card that captures nothing
    do(state, "play ac")
    assert table_of(state) == names("kd 2h 5c 3s ac")


def test_without_must_capture_a_card_may_be_laid_down():
    state = start("5c 2h 3s kd", ("5h 7d ac", "4c 4d 6s"), players=2, must_capture=False)
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    assert "lay Cups 5" in legal and "lay Batons A" not in legal  # A takes nothing anyway
    do(state, "lay 5h")
    assert table_of(state) == names("kd 2h 5c 5h 3s")
    assert pile(state, 0) == []


def test_lay_is_only_for_a_card_that_could_capture():
    state = start("5c 2h 3s kd", ("5h 7d ac", "4c 4d 6s"), players=2, must_capture=False)
    # the Ace takes nothing: 'play' already leaves it on the table, 'lay' names no choice
    assert_unchanged(state, actions.lay(card("ac")), "takes nothing here")


# -- Bad input: wrong sum, single-card priority, not your card, nothing changes -----------------
def test_a_set_whose_sum_does_not_match_is_refused():
    state = start("ac 2c 3c 4c", ("5h 7d kh", "qc 4d 6s"), players=2)
    do(state, "play 5h", "take 2c")
    assert_unchanged(state, actions.take(card("ac")), "Batons 2 \\+ Batons A makes 3")
    assert_unchanged(state, actions.take(card("4c")), "adds up to 5")


def test_other_bad_moves_are_explained():
    state = start("ac 2c 3c 4c", ("5h 7d kh", "qc 4d 6s"), players=2)
    assert_unchanged(state, actions.play(card("qc")), "you do not hold Batons Q")
    assert_unchanged(state, actions.take(card("ac")), "play a card from your hand first")
    do(state, "play 5h")
    assert_unchanged(state, actions.play(card("7d")), "finish your capture with Cups 5")
    assert_unchanged(state, actions.take(card("6s")), "Swords 6 is not on the table")
    do(state, "take ac")
    assert_unchanged(state, actions.take(card("ac")), "already chosen")


def test_unseen_cards_are_not_revealed_by_errors():
    state = start("ac 2c 3c 4c", ("5h 7d kh", "qc 4d 6s"), players=2)
    before = state.fields()
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(actions.play(card("qc")))  # seat 1 holds it
    assert "P2" not in str(err.value) and "hold" in str(err.value)
    assert state.fields() == before


# -- Sweeps ------------------------------------------------------------------------------------
def test_clearing_the_table_is_a_scopa():
    state = start("2c 3s 4h ad", ("kh jc qh", "qc 4d 6s"), players=2)
    do(state, "play kh")  # 2 + 3 + 4 + A = 10: the whole table
    assert table_of(state) == []
    assert state.observation(None)["scope"] == [1, 0]
    assert "SCOPA" in state.observation(0)["log"][-1]


def test_a_capture_that_leaves_cards_is_no_scopa():
    state = start("2c 3s 4h qd", ("5h jc kh", "qc 4d 6s"), players=2)
    do(state, "play 5h", "play qc")  # 2c + 3s; then Q takes Q
    assert table_of(state) == names("4h")
    assert state.observation(None)["scope"] == [0, 0]


# -- 7. Ace takes all (Scopa d'Assi) ------------------------------------------------------------
def test_ace_takes_the_whole_table_and_scopa_is_an_option():
    deal = ("5c 3h kd 7s", ("ac 2d 3d", "4c 4d 6s"))
    plain = start(*deal, players=2)
    do(plain, "play ac")
    assert table_of(plain) == names("5c 3h kd 7s ac")
    d_assi = start(*deal, players=2, ace_takes_all=True)
    do(d_assi, "play ac")
    assert table_of(d_assi) == [] and len(pile(d_assi, 0)) == 5
    assert d_assi.observation(None)["scope"] == [0, 0]
    assert "no scopa" in d_assi.observation(0)["log"][-1]
    counted = start(*deal, players=2, ace_takes_all=True, ace_scopa=True)
    do(counted, "play ac")
    assert counted.observation(None)["scope"] == [1, 0]


def test_ace_takes_only_an_ace_lying_on_the_table():
    state = start("ah 5c kd 7s", ("ac 2d 3d", "4c 4d 6s"), players=2, ace_takes_all=True)
    do(state, "play ac")
    assert pile(state, 0) == names("ah ac")
    assert table_of(state) == names("kd 5c 7s")
    two = start("ah as kd 7s", ("ac 2d 3d", "4c 4d 6s"), players=2, ace_takes_all=True)
    do(two, "play ac")
    assert [two.action_to_string(a) for a in two.legal_actions()] == [
        "take Cups A", "take Swords A"]
    assert_unchanged(two, actions.take(card("kd")), "takes only an Ace")
    do(two, "take as")
    assert table_of(two) == names("ah kd 7s")


def test_capture_choices_are_the_sets_and_the_takes_are_the_cards_that_extend_one():
    """``capture_choices`` (the state's capture sets; ``game.options`` are its option values)
    lists the sets the card being played may take; the legal takes are exactly the table cards
    not yet chosen of the sets that hold every card chosen so far (the compiled rules' own
    ``choosable``: no Python twin)."""
    state = start("ac 2h 3s 4d", ("5h 7d qc", "4c js 6s"), players=2)
    assert state.capture_choices == ()
    do(state, "play 5h")
    assert set(state.capture_choices) == {mask("ac 4d"), mask("2h 3s")}
    assert state.game.options["players"] == 2
    assert takes(state) == mask("ac 2h 3s 4d")
    do(state, "take 2h")
    assert takes(state) == mask("3s")


def mask(cards: str) -> int:
    return sum(1 << card(c) for c in cards.split())


def takes(state) -> int:
    return sum(1 << actions.card_of(a) for a in state.legal_actions()
               if actions.kind_of(a) == actions.TAKE)

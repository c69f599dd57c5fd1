"""Seed 001, "Wie man mehr als vier Handkarten bekommt": every drawing example, plus bad input."""

from __future__ import annotations

import pytest
from revolution1848_support import act, deal, draw, new_game

from garrison import CHANCE, IllegalActionError
from garrison.games.revolution1848 import actions as A
from garrison.games.revolution1848.rules import draw_plan


@pytest.mark.parametrize(
    "persons, zusatz, plan",
    [
        (2, 2, ("P", "Z")),  # passed from the start with 2 + 2: one of each
        (0, 2, ("P", "Z", "P", "Z")),  # only two Zusatzkarten: two of each
        (3, 2, ("?",)),  # five cards: free choice of one
        (2, 1, ("P", "Z", "?")),  # three cards: one of each, then a choice
        (3, 3, ()),  # six cards: nothing
        (0, 0, ("P", "Z", "P", "Z")),  # a whole hand played: still at most 2 + 2
    ],
)
def test_every_drawing_example_of_the_seed(persons, zusatz, plan):
    assert draw_plan("extended", persons, zusatz) == plan


def test_base_game_fills_up_to_two_and_two():
    assert draw_plan("base", 1, 0) == ("P", "Z", "Z")
    assert draw_plan("base", 2, 2) == ()


def _after_first_stich():
    _, s = new_game(2)
    deal(s, [["PE01", "PE02", "Z01", "Z03"], ["PE09", "PE10", "Z02", "Z04"]])
    act(s, "pass", "play PE09", "pass")  # P1 passed at once; P2 keeps 3 cards and wins
    assert s.won == ((), (0,))
    draw(s, ["PE11", "Z05"])  # P2 (the winner opens and draws first): one of each ...
    return s


def test_drawing_in_play_one_of_each_then_a_choice():
    s = _after_first_stich()
    assert s.current_player() == 1 and s.legal_actions() == [A.DRAW_PERSON, A.DRAW_ZUSATZ]
    act(s, "draw zusatz")
    draw(s, ["Z06", "PE12", "Z07"])  # ... then the choice; P1 draws one of each
    assert s.current_player() == 1 and s.phase == "play", "the winner opens"
    assert s.hand_counts(0) == (3, 3) and s.hand_counts(1) == (2, 4)


def test_pushing_back_after_the_stich_is_refused():
    s = _after_first_stich()
    before = s.fields()
    with pytest.raises(IllegalActionError, match="the round is over"):
        s.apply_action(A.push(s.cs.index("PE10")))
    assert s.fields() == before


def test_a_seventh_hand_card_is_refused_and_never_drawn():
    s = _after_first_stich()
    act(s, "draw zusatz")
    draw(s, ["Z06", "PE12", "Z07"])
    assert s.hands[0].bit_count() == 6
    before = s.fields()
    with pytest.raises(IllegalActionError, match="a seventh hand card"):
        s.apply_action(A.DRAW_PERSON)
    assert s.fields() == before
    act(s, "pass", "pass")
    assert s.current_player() != CHANCE and s.phase == "play", "nobody with 6 cards draws"
    assert s.hands[0].bit_count() == 6 and s.hands[1].bit_count() == 6


def test_schieben_puts_the_card_under_its_pile_and_keeps_the_player_in():
    _, s = new_game(2)
    deal(s, [["PE01", "PE02", "Z01", "Z03"], ["PE09", "PE10", "Z02", "Z04"]])
    act(s, "push PE02")
    assert s.bottom[0] == ((s.cs.index("PE02"), 0),) and not s.passed[0]
    obs1 = s.observation(1)
    assert obs1["my_pushed"] == [] and "PE02" not in str(obs1["log"])
    assert s.observation(0)["my_pushed"] == [[0, 0, s.cs.index("PE02")]]
    act(s, "pass", "play PE01")
    assert s.to_move == 0, "the pushing player plays again"


def test_schieben_is_not_part_of_the_base_game():
    _, s = new_game(2, rules="base")
    deal(s, [["PE01", "PE02", "Z01", "Z03"], ["PE09", "PE10", "Z02", "Z04"]])
    with pytest.raises(IllegalActionError, match="base game"):
        s.apply_action(A.push(s.cs.index("PE02")))

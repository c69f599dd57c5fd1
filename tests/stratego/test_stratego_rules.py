"""Rule tests (docs/rules/stratego.md, "Board and pieces" and "Play"), on exact positions."""

from __future__ import annotations

import pytest
from stratego_helpers import at, legal_texts, play, start

import garrison
from garrison import IllegalActionError
from garrison.games.stratego.pieces import BOMB, FLAG, MARSHAL, MINER, SCOUT, SPY

# Pieces that keep both sides busy but out of the way.
RED_BACK = {"a1": "F", "j1": "B"}
BLUE_BACK = {"a10": "F", "j10": "B"}


def game_with(red: dict, blue: dict, **options):
    return start({**RED_BACK, **red}, {**BLUE_BACK, **blue}, **options)


# -- 1. Soldier (scout) lines ---------------------------------------------------------------------
def test_soldier_runs_to_the_first_piece_and_attacks_only_that_one():
    state = game_with({"e2": "2", "i2": "3", "a2": "3"}, {"e8": "3", "e9": "2", "j9": "3"})
    moves = legal_texts(state)
    # e2 north: e3..e7 free, e8 is the first enemy: attack it; e9 behind it is out of reach.
    assert {"e2-e3", "e2-e4", "e2-e5", "e2-e6", "e2-e7", "e2xe8"} <= moves
    assert "e2xe9" not in moves and "e2-e9" not in moves
    # e2 east stops before i2 (own piece), west before a2; south to e1
    assert "e2-h2" in moves and "e2-i2" not in moves and "e2-e1" in moves
    assert "e2-b2" in moves and "e2-a2" not in moves
    with pytest.raises(IllegalActionError, match="blocked at e8"):
        state.apply_action(state.parse_action("e2-e9"))


def test_soldier_cannot_cross_a_lake():
    state = game_with({"c2": "2"}, {"c9": "2"})
    moves = legal_texts(state)
    assert "c2-c4" in moves and "c2-c5" not in moves and "c2-c7" not in moves
    with pytest.raises(IllegalActionError, match="lake"):
        state.apply_action(state.parse_action("c2-c5"))
    with pytest.raises(IllegalActionError, match="crosses a lake"):
        state.apply_action(state.parse_action("c2-c7"))


def test_soldier_long_attack_can_be_switched_off():
    state = game_with({"e2": "2", "a2": "3"}, {"e8": "3", "j9": "2"}, scout_move_and_attack=False)
    moves = legal_texts(state)
    assert "e2-e7" in moves and "e2xe8" not in moves
    with pytest.raises(IllegalActionError, match="run and attack"):
        state.apply_action(state.parse_action("e2-e8"))


def test_a_long_run_marks_the_piece_as_a_soldier_for_the_opponent():
    state = game_with({"e2": "2", "a2": "3"}, {"e9": "3", "j9": "2"})
    play(state, "e2-e5")
    cell = state.observation(1)["board"][44]  # e5
    assert cell == [0, SCOUT, 1, 1]
    play(state, "j9-j8", "a2-a3")
    cell = state.observation(1)["board"][20]  # a3 moved one square: rank unknown, moved
    assert cell == [0, None, 1, 0]


# -- 2. Spy and Marshal ---------------------------------------------------------------------------
def test_spy_attacking_the_marshal_wins():
    state = game_with({"e4": "S", "a2": "10"}, {"e7": "10", "j9": "S"})
    play(state, "e4-e5", "e7-e6", "e5xe6")
    assert at(state, "e6") == (0, SPY) and at(state, "e5") is None
    assert state.observation(1)["log"][-1].endswith("Spy attacks Marshal; the attacker wins")


def test_marshal_attacking_the_spy_wins():
    state = game_with({"e4": "S", "a2": "3", "b2": "10"}, {"e7": "10", "j9": "3", "i9": "S"})
    play(state, "e4-e5", "e7-e6", "a2-a3", "e6xe5")
    assert at(state, "e5") == (1, MARSHAL) and at(state, "e6") is None


def test_spy_against_spy_removes_both():
    state = game_with({"e4": "S", "a2": "3"}, {"e7": "S", "j9": "3"})
    play(state, "e4-e5", "e7-e6", "e5xe6")
    assert at(state, "e5") is None and at(state, "e6") is None
    obs = state.observation(0)
    assert obs["captured"] == [[SPY], [SPY]]


def test_equal_ranks_remove_both_and_the_stronger_survives_in_place():
    state = game_with({"e4": "5", "f4": "7", "a2": "3", "b2": "6"},
                      {"e7": "5", "f7": "6", "j9": "3", "i9": "7"})
    play(state, "e4-e5", "e7-e6", "e5xe6")
    assert at(state, "e5") is None and at(state, "e6") is None
    play(state, "f7-f6", "f4-f5", "f6xf5")  # Blue's 6 attacks Red's 7: the defender stays
    assert at(state, "f5") == (0, 7) and at(state, "f6") is None


# -- 3. Bombs -------------------------------------------------------------------------------------
def test_defuser_takes_a_bomb_and_moves_in():
    state = game_with({"e4": "3", "b1": "B"}, {"e7": "B", "f8": "3"})
    play(state, "e4-e5", "f8-f7", "e5-e6", "f7-f8", "e6xe7")
    assert at(state, "e7") == (0, MINER)


def test_soldier_running_into_a_bomb_dies_and_the_bomb_stays():
    state = game_with({"e2": "2", "b1": "B", "i2": "3"}, {"e8": "B", "j9": "3", "a9": "2"})
    play(state, "e2xe8")
    assert at(state, "e2") is None and at(state, "e8") == (1, BOMB)
    assert state.observation(0)["board"][74] == [1, BOMB, 0, 1]  # e8 revealed as a Bomb


def test_bombs_and_the_flag_never_move():
    state = game_with({"e4": "B", "a2": "3"}, {"j9": "3", "i10": "B"})
    assert not any(t.startswith("e4") or t.startswith("a1") for t in legal_texts(state))
    with pytest.raises(IllegalActionError, match="Bomb on e4 never moves"):
        state.apply_action(state.parse_action("e4-e5"))
    with pytest.raises(IllegalActionError, match="Flag on a1 never moves"):
        state.apply_action(state.parse_action("a1-a2"))
    with pytest.raises(IllegalActionError, match="a1 holds one of your own pieces"):
        state.apply_action(state.parse_action("a2-a1"))


# -- 4. Nobody can move: draw ---------------------------------------------------------------------
def test_an_exchange_that_leaves_neither_side_a_move_is_a_draw():
    state = start({"a1": "F", "e4": "5"}, {"a10": "F", "e7": "5"})
    play(state, "e4-e5", "e7-e6", "e5xe6")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.reason == "no moves for either side"


def test_without_the_draw_rule_the_side_to_move_loses():
    state = start({"a1": "F", "e4": "5"}, {"a10": "F", "e7": "5"}, draw_when_both_immobile=False)
    play(state, "e4-e5", "e7-e6", "e5xe6")  # Blue is to move and cannot
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_a_side_that_strands_itself_loses_on_its_next_turn():
    state = game_with({"e4": "4", "b1": "B"}, {"e7": "B", "j9": "4"})
    play(state, "e4-e5", "j9-j8", "e5-e6", "j8-j9", "e6xe7")  # Red's last mobile piece dies
    assert not state.is_terminal() and state.current_player() == 1
    play(state, "j9-j8")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert state.reason == "no moves"


def test_on_gravon_a_side_that_strands_itself_loses_at_once():
    state = game_with({"e4": "4", "b1": "B"}, {"e7": "B", "j9": "4"}, rules="gravon")
    play(state, "e4-e5", "j9-j8", "e5-e6", "j8-j9", "e6xe7")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert state.reason == "no moves" and state.ply == 5


# -- 5-7. The two-square rule ---------------------------------------------------------------------
def shuttle(state, a: str, b: str, times: int, other: tuple[str, str]):
    """Red shuttles a<->b ``times`` moves while Blue shuttles ``other``."""
    squares = [a, b]
    blue = list(other)
    for i in range(times):
        play(state, f"{squares[i % 2]}-{squares[(i + 1) % 2]}")
        if state.is_terminal():
            return
        play(state, f"{blue[i % 2]}-{blue[(i + 1) % 2]}")


def test_two_square_rule_blocks_the_sixth_move_between_two_squares():
    state = game_with({"e4": "5", "a2": "3"}, {"j8": "3", "a9": "5"})
    shuttle(state, "e4", "e5", 4, ("j8", "j7"))
    assert "e4-e5" in legal_texts(state)  # the fifth move is still allowed
    play(state, "e4-e5", "j8-j7")
    assert "e5-e4" not in legal_texts(state)  # the sixth is not
    assert state.streak[0][3] == 5


def test_two_square_rule_message_and_state_unchanged():
    state = game_with({"e4": "5", "a2": "3"}, {"j8": "3", "a9": "5"})
    shuttle(state, "e4", "e5", 5, ("j8", "j7"))
    before = state.fields()
    with pytest.raises(IllegalActionError, match="two-square rule"):
        state.apply_action(state.parse_action("e5-e4"))
    assert state.fields() == before
    assert {"e5-e6", "e5-f5", "a2-a3"} <= legal_texts(state)


def test_two_square_counter_is_per_piece_and_reset_by_another_move():
    state = game_with({"e4": "5", "a2": "3"}, {"j8": "3", "a9": "5"})
    shuttle(state, "e4", "e5", 4, ("j8", "j7"))
    assert state.streak[0][3] == 4
    play(state, "a2-a3", "a9-a8")  # another piece moves: the count starts again
    assert state.streak[0][1:] == (10, 20, 1)
    shuttle(state, "e4", "e5", 5, ("j8", "j7"))
    assert "e5-e4" not in legal_texts(state)
    assert state.streak[0][3] == 5


def test_the_limit_follows_the_preset():
    state = game_with({"e4": "5", "a2": "3"}, {"j8": "3", "a9": "5"}, two_square_limit=3)
    shuttle(state, "e4", "e5", 3, ("j8", "j7"))
    assert "e5-e4" not in legal_texts(state)


def test_when_both_shuttle_the_side_that_began_is_stopped_first():
    state = game_with({"e4": "5", "a2": "3"}, {"e7": "5", "j9": "3"}, two_square_limit=3)
    play(state, "e4-e5", "e7-e6", "e5-e4", "e6-e7", "e4-e5")
    assert "e7-e6" in legal_texts(state)  # Blue's third shuttle move is allowed
    play(state, "e7-e6")
    assert "e5-e4" not in legal_texts(state)  # Red, who began, is stopped first


def test_a_side_whose_only_moves_break_the_two_square_rule_loses():
    # Red's only movable piece shuttles d4/d3 in a corridor; after the limit it has no move.
    red = {"a1": "F", "d4": "5", "c4": "B", "e4": "B", "c3": "B", "e3": "B", "d2": "B"}
    blue = {"a10": "F", "j9": "5", "b10": "B", "c10": "B", "d10": "B", "e10": "B", "f10": "B"}
    state = start(red, blue, two_square_limit=3)
    play(state, "d4-d3", "j9-j8", "d3-d4", "j8-j9", "d4-d3", "j9-j8")
    # d3 may only go back to d4 (d2 is a bomb, c3/e3 bombs): forbidden now -> Red loses
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert state.reason == "no moves"


# -- 8. More-squares (chasing) rule ---------------------------------------------------------------
def chase_position(**options):
    """Red's Major (7) on f7 and Blue's Lieutenant (5) on g8, a knight's step apart."""
    red = {"a1": "F", "j1": "B", "e4": "7", "a2": "5"}
    blue = {"a10": "F", "j10": "B", "g8": "5", "b9": "7"}
    state = start(red, blue, two_square_limit=0, **options)
    play(state, "e4-e5", "b9-b8", "e5-e6", "b8-b9", "e6-f6", "b9-b8", "f6-f7", "b8-b9")
    return state


# The Major chases the Lieutenant round the square f7-g7-g8-f8: every Red move lands next to the
# Lieutenant, every Blue move steps away.
CIRCLE = ["f7-f8", "g8-g7", "f8-g8", "g7-f7", "g8-g7", "f7-f8", "g7-f7", "f8-g8"]


def test_more_squares_rule_forbids_a_chasing_move_that_repeats_a_position():
    state = chase_position(more_squares=True)
    play(state, *CIRCLE)
    moves = legal_texts(state)
    # f7-f8 would rebuild the position after the first threat (Major f8, Lieutenant g8)
    assert "f7-f8" not in moves and "f7-g7" in moves
    before = state.fields()
    with pytest.raises(IllegalActionError, match="more-squares rule"):
        state.apply_action(state.parse_action("f7-f8"))
    assert state.fields() == before


def test_without_the_more_squares_rule_the_chase_may_go_on():
    state = chase_position(more_squares=False)
    play(state, *CIRCLE)
    assert {"f7-f8", "f7-g7"} <= legal_texts(state)


def test_the_evader_is_never_restricted_and_a_new_chase_starts_fresh():
    state = chase_position(more_squares=True)
    play(state, *CIRCLE[:7])
    assert "f8-g8" in legal_texts(state)  # Blue repeats positions freely
    play(state, "f8-g8", "a2-a3", "b9-b8")  # Red breaks off: the chase is over
    assert state.chase is None
    play(state, "f7-f8")  # a fresh threat: no chase until Blue evades again
    assert state.threat is not None and state.chase is None


def test_stepping_back_to_the_square_just_left_is_allowed_even_if_it_repeats():
    state = chase_position(more_squares=True)
    play(state, "f7-f8")
    after_first_threat = state.board
    play(state, "g8-g9", "f8-f9", "g9-g8")
    assert state.chase is not None
    assert "f9-f8" in legal_texts(state)  # repeats (f8, g8), but f8 is where the Major came from
    play(state, "f9-f8")
    assert state.board == after_first_threat


# -- 9. Flag captures -----------------------------------------------------------------------------
def test_the_spy_can_take_the_flag():
    state = start({"a1": "F", "e4": "S"}, {"e7": "F", "a10": "S"})
    play(state, "e4-e5", "a10-a9", "e5-e6", "a9-a10", "e6xe7")
    assert state.is_terminal() and state.returns() == [1.0, -1.0] and state.reason == "flag"
    assert state.observation(1)["log"][-1] == "Red wins: the flag is captured"


def test_a_soldier_can_take_the_flag_from_a_distance():
    state = start({"a1": "F", "e2": "2"}, {"e9": "F", "a10": "2"})
    play(state, "e2xe9")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert at(state, "e9") == (0, SCOUT)
    assert state.observation(None)["captured"] == [[], [FLAG]]


def test_no_action_after_the_end():
    state = start({"a1": "F", "e2": "2"}, {"e9": "F", "a10": "2"})
    play(state, "e2xe9")
    with pytest.raises(garrison.GameOverError):
        state.apply_action(0)


def test_typed_setup_numbers_and_moves_that_stay_put_get_the_games_own_words():
    state = garrison.load("stratego").new_initial_state()
    before = state.history()
    with pytest.raises(garrison.InvalidActionError, match="there are setups 0 to 31"):
        state.parse_action("setup 99")
    with pytest.raises(garrison.InvalidActionError, match="'3701' is not a setup action"):
        state.parse_action("3701")  # the id of 'setup 0' is not typed text
    assert state.history() == before
    state.apply_action(state.parse_action("setup 0"))
    state.apply_action(state.parse_action("setup 0"))
    with pytest.raises(garrison.InvalidActionError, match="'e4-e4' stays on e4: a piece must move"):
        state.parse_action("e4-e4")
    with pytest.raises(garrison.InvalidActionError, match="the setup is over; now you move a piece"):
        state.parse_action("setup 3")

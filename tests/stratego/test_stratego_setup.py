"""Setup (seed "Initial Formation"), presets and options, the move cap."""

from __future__ import annotations

import random

import pytest
from stratego_helpers import play, start

import garrison
from garrison.games.stratego.actions import CATALOGUE, PLACE, RANDOM_SETUP
from garrison.games.stratego.board import parse_square, zone
from garrison.games.stratego.pieces import BOMB, FLAG, army_ranks
from garrison.games.stratego.setups import HEURISTIC, heuristic_layout


def test_pieces_are_placed_one_by_one_in_a_fixed_order_inside_the_zone():
    state = garrison.load("stratego").new_initial_state()
    assert state.current_player() == 0
    assert state.action_to_string(PLACE + 0) == "place Flag a1"
    play(state, "place a1")
    assert state.action_to_string(PLACE + 1) == "place Bomb b1"
    assert state.observation(0)["setup"]["next"] == "Bomb"
    before = state.fields()
    with pytest.raises(garrison.IllegalActionError, match="outside your setup zone"):
        state.apply_action(state.parse_action("place a5"))
    with pytest.raises(garrison.IllegalActionError, match="already holds"):
        state.apply_action(state.parse_action("place a1"))
    with pytest.raises(garrison.IllegalActionError, match="begun placing pieces one by one"):
        state.apply_action(RANDOM_SETUP)
    with pytest.raises(garrison.IllegalActionError, match="place your pieces first"):
        state.apply_action(0)  # the move a1-a2
    with pytest.raises(garrison.InvalidActionError, match="not a setup action"):
        state.parse_action("a1-a2")
    assert state.fields() == before


def test_a_whole_setup_in_one_step_then_blue_sets_up_then_red_moves():
    state = garrison.load("stratego").new_initial_state()
    play(state, "setup 3")
    assert state.current_player() == 1 and state.placed == (40, 0)
    assert state.legal_actions()[0] == PLACE + 60  # Blue's zone: rows 7-10
    play(state, "setup 3")
    assert state.current_player() == 0 and state.observation(0)["phase"] == "play"
    # Blue's copy of the layout is turned half round: its flag sits on its own back row
    red_flag = state.pos[0]
    blue_flag = state.pos[40]
    assert blue_flag == 99 - red_flag


def test_random_setup_is_laid_out_by_chance_one_piece_at_a_time():
    state = garrison.load("stratego", army="duel", setup_rows=3).new_initial_state()
    state.apply_action(RANDOM_SETUP)
    assert state.current_player() == garrison.CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == sorted(zone(0, 3))
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    rng = random.Random(5)
    while state.current_player() == garrison.CHANCE:
        state.apply_action(garrison.sample_chance(state, rng))
    assert state.current_player() == 1 and state.placed == (10, 0)
    assert all(state.pos[p] in zone(0, 3) for p in range(10))


def test_heuristic_setups_keep_the_flag_at_the_back_among_bombs():
    army = army_ranks("classic")
    for k in range(HEURISTIC):
        layout = heuristic_layout(army, 4, k)
        assert sorted(layout) == sorted(army)
        flag = layout.index(FLAG)
        assert flag < 10, "the flag stands on the back row"
        guards = [s for s in (flag - 1, flag + 1, flag + 10) if 0 <= s < 40 and
                  (s // 10 == flag // 10 or s == flag + 10)]
        assert all(layout[s] == BOMB for s in guards)


def test_setup_modes_limit_the_choices():
    pieces = garrison.load("stratego", setup="pieces").new_initial_state()
    assert max(pieces.legal_actions()) < RANDOM_SETUP
    with pytest.raises(garrison.IllegalActionError, match="placed one by one"):
        pieces.apply_action(CATALOGUE)
    whole = garrison.load("stratego", setup="whole").new_initial_state()
    assert min(whole.legal_actions()) == RANDOM_SETUP
    with pytest.raises(garrison.IllegalActionError, match="sets up in one step"):
        whole.apply_action(PLACE)


def test_presets_and_single_options():
    isf = garrison.load("stratego", rules="isf")
    assert (isf.params.two_square_limit, isf.params.more_squares) == (3, True)
    assert garrison.load("stratego", rules="isf", two_square_limit=4).params.two_square_limit == 4
    assert garrison.load("stratego", rules="barrage").rules.n == 8
    duel = garrison.load("stratego", rules="duel")
    assert (duel.rules.n, duel.params.setup_rows) == (10, 3)
    seed = garrison.load("stratego")
    assert (seed.params.two_square_limit, seed.params.more_squares, seed.rules.n) == (5, False, 40)
    assert garrison.load("stratego", rules="gravon").params.two_square_limit == 5
    with pytest.raises(garrison.OptionError, match="not a piece count"):
        garrison.load("stratego", army="Z9")
    with pytest.raises(garrison.OptionError, match="exactly one Flag"):
        garrison.load("stratego", army="B2,10:1")
    with pytest.raises(garrison.OptionError, match="does not fit"):
        garrison.load("stratego", setup_rows=3)


def test_the_move_cap_ends_the_game_drawn():
    state = start({"a1": "F", "e4": "5"}, {"a10": "F", "j9": "5"}, max_plies=4,
                  two_square_limit=0)
    play(state, "e4-e5", "j9-j8", "e5-e4")
    assert not state.is_terminal()
    play(state, "j8-j9")
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and state.reason == "cap"


def test_move_text_round_trips_and_bad_text_is_explained():
    state = start({"a1": "F", "e4": "5"}, {"a10": "F", "e7": "5"})
    assert state.parse_action("E4 - E5") == state.parse_action("e4-e5")
    for bad, why in (("e4-f5", "straight line"), ("e4-k4", "not a move"), ("e4-e11", "off the board")):
        with pytest.raises(garrison.InvalidActionError, match=why):
            state.parse_action(bad)
    with pytest.raises(garrison.IllegalActionError, match="one square at a time"):
        state.apply_action(state.parse_action("e4-e6"))
    with pytest.raises(garrison.IllegalActionError, match="leaves the board"):
        state.apply_action(0 * 36 + 2 * 9 + 0)  # from a1 south (direction 2), distance 1
    with pytest.raises(garrison.IllegalActionError, match="no piece of yours"):
        state.apply_action(state.parse_action("b4-b5"))
    assert parse_square("e4") == 34

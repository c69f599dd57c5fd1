"""The solver bots' move compiled (policy.pxi): ``greedy`` plays the Python bot's moves of the
fixture, legal moves only, the same for a seed and in every world; its playouts replay and stop
at the first change of the returns (the end); ``exact`` reaches the same code with its table."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

import garrison
from compiled_policy_checks import (
    random_states,
)
from garrison.bots import make_bot
from garrison.core import GameError
from garrison.core.dice import roll_id
from garrison.games.gambit.rules import solver_move
from garrison.games.gambit.solver import round_solver, turn_solver

FIXTURE_PATH = Path(__file__).parent / "fixtures" / "policy_moves.json"
FIXTURE = json.loads(FIXTURE_PATH.read_text())
OPTIONS = tuple({"players": p, "dice": d, "lives": 2} for p in (2, 3, 5, 6) for d in (2, 3, 4, 5, 6)
                ) + ({"players": 4, "mode": "trader", "rounds": 2},
                     {"players": 3, "mode": "treasure", "coins": 2, "rounds": 3})


def test_the_fixture_was_made_by_the_python_bot_at_many_points():
    assert "5350637" in FIXTURE["made_by"] and FIXTURE["bot"] == "greedy"
    assert sum(len(g["points"]) for g in FIXTURE["games"]) >= 2000
    options = [g["options"] for g in FIXTURE["games"]]
    assert {o["players"] for o in options} == {2, 3, 4, 5, 6}
    assert {o.get("dice", 5) for o in options} == {2, 3, 4, 5, 6}


def states(count: int, seed: int) -> list:
    """Player nodes of games across the options, played partly by the policy."""
    return list(random_states("gambit", list(OPTIONS), count, seed))


def test_no_peeking_every_world_is_the_state_and_gets_the_same_move():
    # everything in Gambit is public: a seat's world is the state itself
    rng = random.Random(5)
    for i, state in enumerate(states(100, 3)):
        world = state.resample(state.current_player(), rng)
        assert world.fields() == state.fields()
        assert world.policy_action(i) == state.policy_action(i)


def test_greedy_is_the_solver_move_for_the_expected_score():
    for state in states(200, 4):
        solver = turn_solver(state.dice)
        values = solver.solve(solver.utility("expected"))
        assert solver_move(state, values) == state.policy_action(0)


def test_exact_plays_the_solver_move_for_the_round_values():
    game = garrison.load("gambit", players=2)
    state = game.new_initial_state()
    state.apply_action(roll_id((1, 2, 2, 4, 6)))
    values = round_solver(5).values(1, None)
    assert make_bot(game, "exact", 0).step(state) == solver_move(state, values)


def test_the_solver_move_needs_a_roll_and_a_whole_table():
    game = garrison.load("gambit", players=2, dice=4)
    state = game.new_initial_state()
    with pytest.raises(GameError, match="after a roll"):
        solver_move(state, turn_solver(4).solve(turn_solver(4).utility("expected")))
    state.apply_action(0)
    with pytest.raises(ValueError, match="4 dice"):
        solver_move(state, np.zeros(len(turn_solver(5).states)))


def test_a_playout_to_the_score_stops_where_the_returns_first_change():
    # Gambit's returns are the game's result: they change at its end only
    for i, state in enumerate(states(20, 7)):
        before = state.returns()
        end = state.policy_playout(i, 100000, True)
        assert end.is_terminal()
        short = state.policy_playout(i, 5, True)
        assert short.history() == end.history()[:len(state.history()) + 5]
        assert short.returns() == before or short.is_terminal()

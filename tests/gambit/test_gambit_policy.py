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
from garrison.bots import make_bot
from garrison.core import CompiledPolicyBot, GameError
from garrison.core.dice import roll_id
from garrison.games.gambit.rules import solver_move
from garrison.games.gambit.solver import round_solver, turn_solver

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "policy_moves.json").read_text())
OPTIONS = tuple({"players": p, "dice": d, "lives": 2} for p in (2, 3, 5, 6) for d in (2, 3, 4, 5, 6)
                ) + ({"players": 4, "mode": "trader", "rounds": 2},
                     {"players": 3, "mode": "treasure", "coins": 2, "rounds": 3})


def test_the_fixture_was_made_by_the_python_bot_at_many_points():
    assert "5350637" in FIXTURE["made_by"] and FIXTURE["bot"] == "greedy"
    assert sum(len(g["points"]) for g in FIXTURE["games"]) >= 2000
    options = [g["options"] for g in FIXTURE["games"]]
    assert {o["players"] for o in options} == {2, 3, 4, 5, 6}
    assert {o.get("dice", 5) for o in options} == {2, 3, 4, 5, 6}


def test_the_compiled_bot_plays_every_move_of_the_fixture():
    wrong = []
    for record in FIXTURE["games"]:
        state = garrison.load("gambit", **record["options"]).new_initial_state()
        points = {ply: (seat, move) for ply, seat, move in record["points"]}
        for ply, action in enumerate(record["history"]):
            if ply in points:
                seat, move = points[ply]
                assert state.current_player() == seat
                got = state.policy_action(ply)
                if got != move:
                    wrong.append((record["options"], ply, move, got))
            state.apply_action(action)
    assert wrong == []


def random_states(count: int, seed: int):
    """Player nodes of random games across the options (every seat played at random)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = garrison.load("gambit", **rng.choice(OPTIONS)).new_initial_state()
        stop = rng.randrange(1, 150)
        while not state.is_terminal() and len(state.history()) < stop:
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal() and not state.is_chance_node():
            out.append(state)
    return out


def test_moves_are_legal_and_a_seed_gives_the_same_move():
    for i, state in enumerate(random_states(300, 1)):
        move = state.policy_action(i)
        assert move in state.legal_actions()
        assert state.policy_action(i) == move
        assert state.policy_action(i + 10**6) == move  # the solver draws no ties


def test_the_bot_is_the_compiled_policy():
    state = random_states(1, 2)[0]
    bot = make_bot(state.game, "greedy", state.current_player(), seed=3)
    assert isinstance(bot, CompiledPolicyBot) and state.has_policy()
    assert bot.step(state) == state.policy_action(99)


def test_no_peeking_every_world_is_the_state_and_gets_the_same_move():
    # everything in Gambit is public: a seat's world is the state itself
    rng = random.Random(5)
    for i, state in enumerate(random_states(100, 3)):
        world = state.resample(state.current_player(), rng)
        assert world.fields() == state.fields()
        assert world.policy_action(i) == state.policy_action(i)


def test_greedy_is_the_solver_move_for_the_expected_score():
    for state in random_states(200, 4):
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


@pytest.mark.parametrize("options", OPTIONS[::4])
def test_a_playout_to_the_end_replays(options):
    game = garrison.load("gambit", **options)
    for seed in range(3):
        state = game.new_initial_state()
        end = state.policy_playout(seed, 100000)
        assert end.is_terminal() and state.history() == []
        replay = game.new_initial_state()
        for action in end.history():
            replay.apply_action(action)  # checked: every action legal
        assert replay.is_terminal() and replay.returns() == end.returns()


def test_a_playout_to_the_score_stops_where_the_returns_first_change():
    # Gambit's returns are the game's result: they change at its end only
    for i, state in enumerate(random_states(20, 7)):
        before = state.returns()
        end = state.policy_playout(i, 100000, True)
        assert end.is_terminal()
        short = state.policy_playout(i, 5, True)
        assert short.history() == end.history()[:len(state.history()) + 5]
        assert short.returns() == before or short.is_terminal()

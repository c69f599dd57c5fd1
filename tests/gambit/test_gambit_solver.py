"""The exact solver against an independent brute-force expectimax in exact rational arithmetic.

The brute force walks ordered dice outcomes (6**n per roll) and every non-empty subset of dice
positions, with ``fractions.Fraction`` — nothing shared with the multiset solver but the scores.
"""

import itertools
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

import garrison
from garrison.games.gambit.scoring import score
from garrison.games.gambit.solver import round_solver, solve_turn, turn_solver


def brute_force(dice, utility):
    @cache
    def value(kept):
        left = dice - len(kept)
        if left == 0:
            return utility(score(kept))
        total = Fraction(0)
        for roll in itertools.product(range(1, 7), repeat=left):
            best = None
            for mask in range(1, 2**left):
                chosen = tuple(roll[i] for i in range(left) if mask >> i & 1)
                v = value(tuple(sorted(kept + chosen)))
                best = v if best is None or v > best else best
            total += best
        return total / 6**left

    return value(())


@pytest.mark.parametrize("dice", [4])
def test_expected_score_matches_brute_force(dice):
    exact = brute_force(dice, lambda s: Fraction(s))
    assert abs(solve_turn(dice, "expected") - float(exact)) < 1e-9


@pytest.mark.parametrize("target", [12, 18, 23, 30])
def test_beat_probability_matches_brute_force(target):
    exact = brute_force(4, lambda s: Fraction(int(s > target)))
    assert abs(solve_turn(4, "beat", target) - float(exact)) < 1e-9


def test_known_five_dice_values():
    # docs/rules/gambit.md, "Bots and the solver": 26.1532 expected; P(>24) = 0.6385; P(>28) = 0.3105
    assert round(solve_turn(5, "expected"), 4) == 26.1532
    assert round(solve_turn(5, "beat", 24), 4) == 0.6385
    assert round(solve_turn(5, "beat", 28), 4) == 0.3105


def test_score_distribution_of_the_optimal_policy_has_the_solved_mean():
    solver = turn_solver(5)
    values = solver.solve(solver.utility("expected"))
    dist = solver.final_distribution(values)
    assert abs(sum(dist.values()) - 1) < 1e-12
    assert abs(sum(s * p for s, p in dist.items()) - values[solver.root]) < 1e-9


def test_simulated_optimal_play_lands_inside_the_exact_value():
    """Seeded greedy-bot turns: the sample mean is within 4 standard errors of the exact value."""
    import random

    from garrison.bots import make_bot

    game = garrison.load("gambit", players=2, mode="trader", rounds=1)
    rng = random.Random(5)
    scores = []
    for _ in range(1500):
        state = game.new_initial_state()
        bot = make_bot(game, "greedy", 0, seed=1)
        while state.mover == 0 and not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, rng))
            else:
                state.apply_action(bot.step(state))
        scores.append(state.scores[0])
    mean = sum(scores) / len(scores)
    sd = (sum((s - mean) ** 2 for s in scores) / (len(scores) - 1)) ** 0.5
    assert abs(mean - solve_turn(5, "expected")) < 4 * sd / len(scores) ** 0.5


def test_last_player_only_needs_to_beat_the_posted_minimum():
    solver = round_solver(5)
    # last to play, lowest posted is 20: survive iff final score > 20 = P(beat 20)
    assert abs(solver.not_lowest(0, 20) - solve_turn(5, "beat", 20)) < 1e-12
    # first of two: playing exactly survives more often than the expected-score policy would
    turn = turn_solver(5)
    greedy_values = turn.solve(turn.utility("expected"))
    greedy_dist = turn.final_distribution(greedy_values)
    survive_greedy = sum(p * (1 - solver.survive(1, s)) for s, p in greedy_dist.items())
    assert solver.not_lowest(1, None) > survive_greedy + 0.002


def test_solve_through_the_game_api():
    game = garrison.load("gambit", dice=4)
    out = game.solve(objective="beat", target=20, table=True)
    assert out["dice"] == 4 and 0 < out["value"] < 1
    assert len(out["table"]) == sum(
        len(list(itertools.combinations_with_replacement(range(6), 4 - n)))
        * len(list(itertools.combinations_with_replacement(range(6), n)))
        for n in range(1, 5)
    )
    with pytest.raises(garrison.OptionError, match="target"):
        game.solve(objective="beat")
    with pytest.raises(garrison.OptionError, match="expected or beat"):
        game.solve(objective="fun")


def test_each_mode_values_its_own_stakes():
    """``mode_values`` (docs/rules/gambit.md, "Bots and the solver"): lives and coins play, and
    Treasure Hunt with an empty pool, value only not being lowest; a pool makes the prize worth
    hunting; Coin Trader adds the chance of the highest score."""
    from garrison.games.gambit.solver import mode_values

    turn = turn_solver(5)
    lives = mode_values(5, "lives", 2, 20)
    assert lives is round_solver(5).values(2, 20)
    assert np.array_equal(mode_values(5, "coins", 2, 20), lives)
    assert np.array_equal(mode_values(5, "treasure", 2, 20, None, 0, "major blessing"), lives)
    # a second Six does not help 2-3-4-5-6: with ten coins in the pool one Six is kept
    roll = (2, 3, 4, 6, 6)
    assert turn.best_set_aside(mode_values(5, "lives", 3, None), (), roll)[0] == (6, 6)
    hunt = mode_values(5, "treasure", 3, None, None, 10, "major blessing")
    assert turn.best_set_aside(hunt, (), roll)[0] == (6,)
    # last to roll, safe from the lowest score (5 posted), 30 the highest: lives play has
    # nothing left to win, the trader plays for 30 or more
    safe = mode_values(5, "lives", 0, 5)
    trade = mode_values(5, "trader", 0, 5, 30)
    assert safe[turn.root] == pytest.approx(1.0)
    assert trade[turn.root] > 1.25
    # where the highest posted is out of reach, only the lowest counts
    hands = [turn.states[i] for i in turn.finals]
    assert all(trade[i] == pytest.approx(1.0) for i, h in zip(turn.finals, hands) if score(h) < 30)
    assert all(trade[i] == pytest.approx(2.0) for i, h in zip(turn.finals, hands) if score(h) >= 30)

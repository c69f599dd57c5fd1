"""garrison.solve: the native solver's Python face. MCCFR lowers NashConv and a seed gives the
same run; CFR's policy is read at a game's states through their information states; bad input
is refused with a clear error and changes nothing."""

from __future__ import annotations

import numpy as np
import pytest

import garrison
from garrison.core.cfr import GameTree, Solver, information_key
from garrison.interop.openspiel import tiny_game
from garrison.solve import ALGORITHMS, cfr, game_tree, nash_conv


@pytest.fixture(scope="module")
def hidden_tree() -> GameTree:
    return game_tree(tiny_game("scopa_hidden_6"))


@pytest.mark.parametrize("algorithm", ["es-mccfr", "os-mccfr"])
@pytest.mark.parametrize("name", ["scopa_hidden_6", "1848_hidden_5"])
def test_sampling_cfr_lowers_nash_conv_as_it_iterates(name, algorithm):
    tree = game_tree(tiny_game(name))
    uniform = nash_conv(tree)
    curve = [value for _, value in cfr(tree, 10_000, algorithm, seed=7,
                                       checkpoints=[100, 1000, 10_000]).curve]
    assert uniform > curve[0] > curve[1] > curve[2]
    assert curve[2] < uniform / 5


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_a_seed_gives_the_same_run_and_another_seed_another(hidden_tree, algorithm):
    first = cfr(hidden_tree, 300, algorithm, seed=11)
    again = cfr(hidden_tree, 300, algorithm, seed=11)
    other = cfr(hidden_tree, 300, algorithm, seed=12)
    assert np.array_equal(first.policy, again.policy)
    assert first.nodes_touched == again.nodes_touched
    if algorithm.endswith("mccfr"):
        assert not np.array_equal(first.policy, other.policy)
    else:  # CFR draws nothing
        assert np.array_equal(first.policy, other.policy)


def test_cfr_plus_ends_closer_to_equilibrium_than_cfr(hidden_tree):
    assert cfr(hidden_tree, 50, "cfr+").nash_conv() < cfr(hidden_tree, 50, "cfr").nash_conv()


def test_checkpoints_give_the_curve_of_one_run(hidden_tree):
    result = cfr(hidden_tree, 20, "cfr", checkpoints=[5, 20, 10])
    assert [done for done, _ in result.curve] == [5, 10, 20]
    for done, value in result.curve:
        assert value == pytest.approx(cfr(hidden_tree, done).nash_conv(), abs=1e-12)
    assert result.curve[-1][1] == result.nash_conv()


def test_the_policy_is_read_at_a_state_by_what_its_seat_sees():
    """Two deals that differ only in cards seat 0 has not seen put its first decision in one
    information state: the policy there is one distribution, over the legal actions."""
    game = tiny_game("scopa_hidden_6")
    result = cfr(game, 30, "cfr+")
    seen: dict[bytes, dict[int, float]] = {}
    rng = np.random.default_rng(5)
    for _ in range(60):
        state = game.new_initial_state()
        while state.current_player() == garrison.CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
        probabilities = result.action_probabilities(state)
        assert sorted(probabilities) == state.legal_actions()
        assert sum(probabilities.values()) == pytest.approx(1.0)
        key = information_key(state)
        assert seen.setdefault(key, probabilities) == probabilities
    assert len(seen) < 60  # some deals shared an information state


def test_action_probabilities_refuse_chance_nodes_and_other_games(hidden_tree):
    game = tiny_game("scopa_hidden_6")
    result = cfr(game, 2)
    with pytest.raises(ValueError, match="player's node"):
        result.action_probabilities(game.new_initial_state())
    other = tiny_game("scopa_hidden_5").new_initial_state()
    with pytest.raises(ValueError, match="game this solution solved"):
        result.action_probabilities(other)
    with pytest.raises(ValueError, match="game this solution solved"):
        cfr(hidden_tree, 2).action_probabilities(other)


@pytest.mark.parametrize(("args", "message"), [
    ((5, "fictitious"), "algorithm must be one of cfr, cfr\\+, es-mccfr, os-mccfr"),
    ((-1,), "iterations must be 0 or more"),
    ((True,), "iterations is a whole number"),
    ((2.5,), "iterations is a whole number"),
    ((5, "cfr", -3), "seed must be 0 to"),
])
def test_bad_runs_are_refused(hidden_tree, args, message):
    with pytest.raises(ValueError, match=message):
        cfr(hidden_tree, *args)


def test_bad_checkpoints_and_policies_are_refused(hidden_tree):
    with pytest.raises(ValueError, match="a checkpoint must be 1 to 5"):
        cfr(hidden_tree, 5, checkpoints=[6])
    uniform = hidden_tree.uniform_policy()
    with pytest.raises(ValueError, match=f"{hidden_tree.num_slots} action slots"):
        nash_conv(hidden_tree, uniform[:-1])
    bad = uniform.copy()
    bad[0] = -0.5
    with pytest.raises(ValueError, match="at least 0"):
        nash_conv(hidden_tree, bad)
    bad[0] = np.nan
    with pytest.raises(ValueError, match="finite"):
        nash_conv(hidden_tree, bad)
    with pytest.raises(ValueError, match="over another tree"):
        nash_conv(game_tree(tiny_game("scopa_hidden_6")), cfr(hidden_tree, 1))
    with pytest.raises(ValueError, match="algorithm must be one of"):
        Solver(hidden_tree, "cfr++")


def test_a_tree_larger_than_its_limit_is_refused():
    with pytest.raises(ValueError, match="more than max_nodes=1000 nodes"):
        game_tree(tiny_game("scopa_hidden_6"), max_nodes=1000)
    with pytest.raises(ValueError, match="max_nodes is a whole number"):
        game_tree(tiny_game("scopa_hidden_6"), max_nodes=0)


def test_a_key_that_is_not_perfect_recall_is_refused():
    tree = GameTree(2)
    tree.add_root()
    first = tree.set_chance(0, [(0, 0.5), (1, 0.5)])
    tree.set_decision(first, 0, b"same", [0, 1])
    with pytest.raises(ValueError, match="different movers or legal actions"):
        tree.set_decision(first + 1, 0, b"same", [0, 2])
    with pytest.raises(ValueError, match="never set"):
        tree.seal()


def test_nash_conv_is_zero_at_an_equilibrium_the_solver_finds():
    """Kuhn poker's value is -1/18 to the first seat; CFR+ comes within 1e-3 of equilibrium."""
    import pyspiel

    from garrison.solve.openspiel_tree import tree_from_openspiel

    tree = tree_from_openspiel(pyspiel.load_game("kuhn_poker"))
    result = cfr(tree, 2000, "cfr+")
    values, best = tree.values_and_best_responses(result.policy)
    assert result.nash_conv() < 1e-3
    assert values[0] == pytest.approx(-1 / 18, abs=1e-3)
    assert all(b >= v - 1e-12 for b, v in zip(best, values, strict=True))


def test_the_uniform_policy_of_a_perfect_information_game_is_beaten():
    """Gambit's tiny game: best responses to uniform play gain, and CFR lowers NashConv fast."""
    tree = game_tree(tiny_game("gambit_2_dice"))
    uniform = nash_conv(tree)
    assert uniform > 0.5
    assert cfr(tree, 50, "cfr+").nash_conv() < uniform / 10


def test_a_tree_is_filled_from_any_sequence_of_chance_outcomes():
    """set_chance once took only a list (a tuple raised TypeError in the typed C call)."""
    tree = GameTree(1)
    tree.add_root()
    first = tree.set_chance(0, ((7, 0.25), (9, 0.75)))
    tree.set_terminal(first, [1.0])
    tree.set_terminal(first + 1, (3.0,))
    tree.seal()
    assert tree.arrays()["action"].tolist() == [-1, 7, 9]
    values, best = tree.values_and_best_responses(tree.uniform_policy())
    assert values == best == [2.5]

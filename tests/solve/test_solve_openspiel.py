"""The native solver against OpenSpiel: CFR and CFR+ give OpenSpiel's Python solvers' NashConv
after the same iterations on every tiny game (on the two where those take minutes, the figures
they printed), and OpenSpiel's C++ solvers' on Kuhn and Leduc poker; the information states are
OpenSpiel's, one for one."""

from __future__ import annotations

import pyspiel
import pytest
from open_spiel.python.algorithms import cfr as spiel_cfr
from open_spiel.python.algorithms import exploitability

from garrison.core.cfr import Solver
from garrison.interop.openspiel import TINY_GAMES, tiny_game, tiny_games
from garrison.solve import cfr, game_tree
from garrison.solve.openspiel_tree import tree_from_openspiel

#: Every tiny game but Gambit's and Soldateska's, where OpenSpiel's Python CFR needs minutes
#: (below).
SMALL = [name for name in TINY_GAMES if name not in ("gambit_2_dice", "soldateska_hidden_6")]
SOLVERS = {"cfr": spiel_cfr.CFRSolver, "cfr+": spiel_cfr.CFRPlusSolver}

#: OpenSpiel's Python CFR and CFR+ on Soldateska's hidden tiny game: the NashConv of their
#: average policies after one to four iterations, as it printed them
#: (``python bench/bench_cfr.py --validate soldateska_hidden_6 --iterations 4``: ten minutes on
#: two cores, half a minute to build its table of information states and most of a minute an
#: iteration with its NashConv).
SOLDATESKA_NASH_CONV = {
    "cfr": (0.133333333333333, 0.066666666666667, 0.044444444444445, 0.033333333333333),
    "cfr+": (0.133333333333333, 0.044444444444445, 0.022222222222222, 0.013333333333333),
}


@pytest.mark.parametrize("algorithm", SOLVERS)
@pytest.mark.parametrize("name", SMALL)
def test_cfr_gives_openspiels_nash_conv_after_the_same_iterations(name, algorithm):
    spiel_game = pyspiel.load_game(tiny_games()[name])
    reference = SOLVERS[algorithm](spiel_game)
    tree = game_tree(tiny_game(name))
    assert tree.num_infosets == len(reference._info_state_nodes)
    solver = Solver(tree, algorithm)
    for _ in range(2):
        reference.evaluate_and_update_policy()
        solver.run(1)
        expected = exploitability.nash_conv(spiel_game, reference.average_policy())
        assert tree.nash_conv(solver.average_policy()) == pytest.approx(expected, abs=1e-9)


def test_the_dice_game_gives_openspiels_nash_conv_after_the_same_iterations():
    """Gambit's tiny game is of perfect information: every decision node is its own
    information state, as OpenSpiel's (69,069 of them). OpenSpiel's Python CFR takes minutes
    here, so its figures after one and two iterations are the oracle numbers it gave
    (``python bench/bench_cfr.py --validate gambit_2_dice``)."""
    tree = game_tree(tiny_game("gambit_2_dice"))
    assert tree.num_infosets == tree.num_decisions() == 69_069
    assert cfr(tree, 1).nash_conv() == pytest.approx(0.6152263374485598, abs=1e-9)
    assert cfr(tree, 2).nash_conv() == pytest.approx(0.34949417009602196, abs=1e-9)


@pytest.mark.parametrize("algorithm", SOLVERS)
def test_on_soldateskas_hidden_game_cfr_gives_the_nash_conv_openspiel_printed(algorithm):
    tree = game_tree(tiny_game("soldateska_hidden_6"))
    assert tree.num_infosets == 2_382  # OpenSpiel's table of information states
    solver = Solver(tree, algorithm)
    for expected in SOLDATESKA_NASH_CONV[algorithm]:
        solver.run(1)
        assert tree.nash_conv(solver.average_policy()) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("name", ["scopa_hidden_5", "1848_hidden_5"])
def test_the_information_states_are_openspiels_one_for_one(name):
    """The two trees walked side by side: each of our keys meets exactly one of OpenSpiel's
    information-state strings, and each string one key."""
    ours = game_tree(tiny_game(name))
    theirs = tree_from_openspiel(pyspiel.load_game(tiny_games()[name]))
    a, b = ours.arrays(), theirs.arrays()
    assert ours.num_nodes == theirs.num_nodes
    pairs: set[tuple[bytes, bytes]] = set()
    stack = [(0, 0)]
    while stack:
        m, n = stack.pop()
        assert a["player"][m] == b["player"][n] and a["count"][m] == b["count"][n]
        if a["player"][m] >= 0:
            pairs.add((ours.keys[a["index"][m]], theirs.keys[b["index"][n]]))
        stack += [(a["first"][m] + i, b["first"][n] + i) for i in range(a["count"][m])]
    assert len(pairs) == ours.num_infosets == theirs.num_infosets
    assert len({k for k, _ in pairs}) == len({s for _, s in pairs}) == len(pairs)


@pytest.mark.parametrize("game_name", ["kuhn_poker", "leduc_poker"])
@pytest.mark.parametrize("algorithm", ["cfr", "cfr+"])
def test_on_openspiels_poker_the_solver_gives_its_cpp_solvers_nash_conv(game_name, algorithm):
    game = pyspiel.load_game(game_name)
    reference = (pyspiel.CFRSolver if algorithm == "cfr" else pyspiel.CFRPlusSolver)(game)
    tree = tree_from_openspiel(game)
    solver = Solver(tree, algorithm)
    for done in range(1, 11):
        reference.evaluate_and_update_policy()
        solver.run(1)
        if done in (1, 2, 5, 10):
            expected = pyspiel.nash_conv(game, reference.average_policy())
            assert tree.nash_conv(solver.average_policy()) == pytest.approx(expected, abs=1e-9)


def test_a_simultaneous_game_is_refused():
    with pytest.raises(ValueError, match="simultaneous"):
        tree_from_openspiel(pyspiel.load_game("matrix_rps"))

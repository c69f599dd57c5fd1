"""Tiny variants for exact game theory: ``tiny_games()`` gives OpenSpiel game strings of small
Garrison games (at least one card game) on which OpenSpiel walks the whole tree, and CFR lowers
NashConv there."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pyspiel
import pytest
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, exploitability

import garrison
from garrison import solve
from garrison.core.cfr import Solver
from garrison.interop.openspiel import HIDDEN_TINY_GAMES, garrison_state, tiny_game, tiny_games


def _game_of(spiel_game: pyspiel.Game) -> str:
    return garrison_state(spiel_game.new_initial_state()).game.name


def test_there_are_tiny_games_of_two_games_one_a_card_game():
    games = {_game_of(pyspiel.load_game(s)) for s in tiny_games().values()}
    assert len(games) >= 2 and "scopa" in games


def test_the_hidden_tiny_games_come_from_scopa_1848_and_soldateska():
    games = {_game_of(pyspiel.load_game(tiny_games()[name])) for name in HIDDEN_TINY_GAMES}
    assert {"scopa", "1848", "soldateska"} <= games


def test_the_tiny_games_keep_their_games_rules_with_fewer_cards_or_dice():
    for spiel_string in tiny_games().values():
        game = garrison_state(pyspiel.load_game(spiel_string).new_initial_state()).game
        assert game.num_players == max(2, type(game).player_range()[0])  # Soldateska: 3
        assert game == garrison.load(game.name, **game.options)


def test_cfr_lowers_nash_conv_on_the_tiny_card_game():
    game = pyspiel.load_game(tiny_games()["scopa_4_cards"])
    uniform = exploitability.nash_conv(game, policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(16):
        solver.evaluate_and_update_policy()
    after = exploitability.nash_conv(game, solver.average_policy())
    assert uniform > 0.5 and after < uniform / 8


def test_cfr_lowers_nash_conv_on_the_tiny_dice_game():
    """The native solver (garrison.solve): OpenSpiel's Python CFR needs minutes a pass on this
    tree of 141,934 nodes; tests/solve checks the two agree there."""
    game = tiny_game("gambit_2_dice")
    uniform = solve.nash_conv(game)
    assert solve.cfr(game, 2).nash_conv() < uniform


@pytest.mark.parametrize("name", ["scopa_4_cards", *HIDDEN_TINY_GAMES])
def test_information_states_and_their_tensors_match_one_to_one_over_the_whole_tree(name):
    game = pyspiel.load_game(tiny_games()[name])
    seen: dict[str, bytes] = {}
    keys: dict[bytes, str] = {}

    def walk(state: pyspiel.State) -> None:
        if state.is_terminal():
            return
        if not state.is_chance_node():
            player = state.current_player()
            key = state.information_state_string(player)
            tensor = np.asarray(state.information_state_tensor(player), np.float32).tobytes()
            assert seen.setdefault(key, tensor) == tensor
            assert keys.setdefault(tensor, key) == key
        for action in state.legal_actions():
            walk(state.child(action))

    walk(game.new_initial_state())
    assert len(seen) > 10


def _histories_per_information_state(game: pyspiel.Game) -> dict[str, int]:
    """Every decision node of the tree, counted by the information state of its mover."""
    counts: dict[str, int] = {}

    def walk(state: pyspiel.State) -> None:
        if state.is_terminal():
            return
        if not state.is_chance_node():
            key = state.information_state_string(state.current_player())
            counts[key] = counts.get(key, 0) + 1
        for action in state.legal_actions():
            walk(state.child(action))

    walk(game.new_initial_state())
    return counts


@pytest.mark.parametrize("name", HIDDEN_TINY_GAMES)
def test_the_hidden_tiny_games_hide_something_and_are_small(name):
    """Real hidden information: information states that hold several histories; Kuhn- to
    Leduc-sized (a few hundred to a few thousand information states)."""
    game = pyspiel.load_game(tiny_games()[name])
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    counts = _histories_per_information_state(game)
    assert 200 <= len(counts) <= 5000
    shared = [k for k, n in counts.items() if n > 1]
    assert len(shared) >= len(counts) // 4  # many, not a corner case
    assert max(counts.values()) >= 3


#: Hidden tiny games on which OpenSpiel's Python CFR takes minutes (most of a minute an
#: iteration with its NashConv: each node's information state is built from every seat's
#: observation, log and all): there the native solver stands in, which gives OpenSpiel's
#: NashConv iteration for iteration (tests/solve/test_solve_openspiel.py, from the figures
#: OpenSpiel printed).
NATIVE_HERE = ("soldateska_hidden_6",)


def _cfr_on(name: str, algorithm: str) -> tuple[Callable[[], object], Callable[[], float]]:
    """One iteration of CFR or CFR+ on tiny game ``name``, and the NashConv of its average
    policy: OpenSpiel's Python solver, or the native one for ``NATIVE_HERE``."""
    if name in NATIVE_HERE:
        tree = solve.game_tree(tiny_game(name))
        native = Solver(tree, algorithm)
        return lambda: native.run(1), lambda: tree.nash_conv(native.average_policy())
    game = pyspiel.load_game(tiny_games()[name])
    solver = {"cfr": cfr.CFRSolver, "cfr+": cfr.CFRPlusSolver}[algorithm](game)
    return solver.evaluate_and_update_policy, lambda: exploitability.nash_conv(
        game, solver.average_policy())


@pytest.mark.parametrize("name", HIDDEN_TINY_GAMES)
@pytest.mark.parametrize("algorithm", ["cfr", "cfr+"])
def test_cfr_halves_nash_conv_within_50_iterations_on_the_hidden_tiny_games(name, algorithm):
    step, nash_conv = _cfr_on(name, algorithm)
    step()
    first = nash_conv()
    assert first > 0.1
    for done in range(2, 51):
        step()
        if done in (2, 4, 8, 16, 32, 50):
            now = nash_conv()
            if now <= first / 2:
                break
    else:
        pytest.fail(f"NashConv {now:.4f} after 50 iterations, from {first:.4f}")


def test_scopas_aside_option_is_checked_and_leaves_the_cards_unseen():
    with pytest.raises(garrison.OptionError, match="deal='all'"):
        garrison.load("scopa", players=2, aside=2)
    with pytest.raises(garrison.OptionError, match="allowed: 0 to 3"):
        garrison.load("scopa", players=2, deal="all", values=4, suits=1, aside=4)
    with pytest.raises(garrison.OptionError, match="evenly"):
        garrison.load("scopa", players=2, deal="all", values=4, suits=1, aside=1)
    game = garrison.load("scopa", players=2, deal="all", values=3, suits=2, aside=2, hand_limit=1)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.current_player() == garrison.CHANCE:
        state.apply_action(garrison.sample_chance(state, rng))
    assert [h.bit_count() for h in state.hands] == [2, 2] and state.stock.bit_count() == 2
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.stock.bit_count() == 2  # never dealt
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_1848s_pack_option_is_checked_and_plays_only_its_cards():
    for pack, message in (("A01+PE04+XX9", "no card 'XX9'"), ("PE04+PE13", "one Ablaufkarte"),
                          ("A01+Z12", "one Personenkarte"), ("A01+PE04+PE04", "twice"),
                          ("A01+PE04+Z28", "not in the base game")):
        with pytest.raises(garrison.OptionError, match=message):
            garrison.load("1848", players=2, rules="base", pack=pack)
    game = garrison.load("1848", players=2, rules="base", patt_limit=1,
                         pack="A01+PE04+PE13+PE21+PE26+PE33")
    cards = game.cards
    allowed = {cards.index(c) for c in ("PE04", "PE13", "PE21", "PE26", "PE33")}
    rng = np.random.default_rng(3)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, rng))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
            state.check_invariants()
        held = [c for hand in state.hands for c in range(len(cards.cid)) if hand >> c & 1]
        played = [p for side in state.persons for p in side]
        assert set(held) | set(played) <= allowed
        assert state.stock[0].bit_count() == 1  # the fifth person is never drawn
        assert sum(1 for w in state.won for _ in w) <= 1  # one Ablaufkarte, at most one winner


def test_soldatekas_tiny_options_are_checked_and_keep_the_defaults_play():
    with pytest.raises(garrison.OptionError, match="no card 'Sabers_11'"):
        garrison.load("soldateska", players=3, pack="General+Sabers_11")
    with pytest.raises(garrison.OptionError, match="named twice"):
        garrison.load("soldateska", players=3, pack="General+general")
    with pytest.raises(garrison.OptionError, match="need at least 6"):
        garrison.load("soldateska", players=3, hand=2, max_rounds=1, pack="General+Major")
    with pytest.raises(garrison.OptionError, match="or max_rounds=1"):
        garrison.load("soldateska", players=3, hand=2,
                      pack="General+Major+Sabers_9+Sabers_7+Sabers_4+Sabers_2")
    with pytest.raises(garrison.OptionError, match="hand"):
        garrison.load("soldateska", players=3, hand=11)
    default = garrison.load("soldateska", players=3)
    assert (default.options["hand"], default.options["roll_limit"], default.options["pack"]) == (
        10, 20, "")
    game = tiny_game("soldateska_hidden_6")
    rng = np.random.default_rng(2)
    for _ in range(20):
        state = game.new_initial_state()
        assert state.current_player() == garrison.CHANCE  # no roll-off: the deal comes first
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert len(outcomes) <= 6  # the six cards dealt, never a die
                state.apply_action(garrison.sample_chance(state, rng))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        assert len(state.history()) == 6 + 6  # six cards dealt, two tricks of three
        assert sorted(state.returns()) == [0.0, 0.0, 1.0]

"""Tiny variants for exact game theory: ``tiny_games()`` gives OpenSpiel game strings of small
Garrison games (at least one card game) on which OpenSpiel walks the whole tree, and CFR lowers
NashConv there."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, exploitability

import garrison
from garrison.interop.openspiel import garrison_state, tiny_games


def _game_of(spiel_game: pyspiel.Game) -> str:
    return garrison_state(spiel_game.new_initial_state()).game.name


def test_there_are_tiny_games_of_two_games_one_a_card_game():
    games = {_game_of(pyspiel.load_game(s)) for s in tiny_games().values()}
    assert len(games) >= 2 and "scopa" in games


def test_the_tiny_games_keep_their_games_rules_with_fewer_cards_or_dice():
    for spiel_string in tiny_games().values():
        game = garrison_state(pyspiel.load_game(spiel_string).new_initial_state()).game
        assert game.num_players == 2
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
    game = pyspiel.load_game(tiny_games()["gambit_2_dice"])
    solver = cfr.CFRSolver(game)
    uniform = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(2):
        solver.evaluate_and_update_policy()
    assert exploitability.nash_conv(game, solver.average_policy()) < uniform


@pytest.mark.parametrize("name", ["scopa_4_cards"])
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

"""OpenSpiel's ``evaluate_bots`` runs its Python ISMCTS on Garrison games through our small
wrapper (OpenSpiel's own bot has no ``restart_at``), and ``rl_environment.Environment`` takes a
Garrison game in the keyword form."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from open_spiel.python.bots.uniform_random import UniformRandomBot

import garrison
from garrison.interop.openspiel import garrison_state, tiny_games
from garrison.interop.openspiel_bots import ISMCTSBot


def _game():
    return pyspiel.load_game(tiny_games()["scopa_hidden_5"])


def _evaluator():
    return mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))


def test_openspiels_own_ismcts_bot_cannot_be_evaluated():
    game = _game()
    bots = [ismcts.ISMCTSBot(game, _evaluator(), 2.0, 10, random_state=np.random.RandomState(s))
            for s in range(2)]
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))


def _evaluate(seed: int) -> list[float]:
    game = _game()
    bots = [ISMCTSBot(game, _evaluator(), 2.0, 20, random_state=np.random.RandomState(seed + s),
                      worlds=seed + s) for s in range(2)]
    return evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed))


def test_evaluate_bots_plays_whole_games_with_the_wrapper():
    games = [_evaluate(seed) for seed in range(6)]
    assert all(len(r) == 2 and r[0] == -r[1] for r in games)
    assert len({tuple(r) for r in games}) >= 2  # real games: not all the same result
    assert _evaluate(3) == games[3]  # seeded worlds, seeded bots, seeded chance: the same game


def test_the_wrapper_plays_beside_other_bots_and_restarts_between_games():
    game = _game()
    bot = ISMCTSBot(game, _evaluator(), 2.0, 20, random_state=np.random.RandomState(0), worlds=0)
    other = UniformRandomBot(1, np.random.RandomState(1))
    for seed in range(3):
        state = game.new_initial_state()
        returns = evaluate_bots(state, [bot, other], np.random.RandomState(seed))
        assert state.is_terminal() and returns == state.returns()
        assert garrison_state(state).is_terminal()


def test_worlds_must_be_a_seed_or_a_random():
    ISMCTSBot(_game(), _evaluator(), 2.0, 5, worlds=random.Random(1))
    with pytest.raises(TypeError, match="worlds must be an int seed or a random.Random"):
        ISMCTSBot(_game(), _evaluator(), 2.0, 5, worlds="seven")


@pytest.mark.parametrize("name", garrison.games())
def test_rl_environment_takes_the_keyword_form(name):
    config = garrison.game_class(name).test_configs[0]
    env = rl_environment.Environment(f"garrison_{name}", **config)
    for key, value in config.items():
        assert env.game.get_parameters()[key] == value
    assert env.game.num_players() == garrison.load(name, **config).num_players
    rng = np.random.default_rng(0)
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
    assert len(step.rewards) == env.num_players


def test_rl_environment_keyword_form_in_a_fresh_interpreter():
    """As a lab's script does it: import the adapters, then the keyword form."""
    code = ("import garrison.interop\n"
            "from open_spiel.python import rl_environment\n"
            "env = rl_environment.Environment('garrison_scopa', players=2)\n"
            "print(env.num_players, env.game.get_parameters()['players'])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         timeout=300).stdout
    assert out.split() == ["2", "2"]

"""The batch plays the uniformly random bot in C (``core/batch.pyx``: each seat's stream,
picked from as ``RandomBot.step`` picks), move for move the games and streams of the Python
``RandomBot`` asked through ``step``: the single environments' games for the same
seeds, with other bots beside it, across pickling."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from interop_checks import plays_as_gymnasium

import garrison
from garrison.bots.levels import levels
from garrison.bots.random_bot import RandomBot
from garrison.interop import batch as batch_module
from garrison.interop.batch import BatchEnv

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]


def _bot_states(env):
    env._tables.sync_bots()
    return [{s: (type(b).__name__, b.stream, b.draws) for s, b in table.items()}
            for table in env._tables.bots]


@pytest.mark.parametrize("name, config", GAMES)
def test_random_in_c_plays_the_python_random_bots_games(name, config):
    game = garrison.load(name, **config)
    maker = batch_module._BotMaker(game, dict.fromkeys(range(1, game.num_players), "random"))
    assert maker.seeded_in_c() == list(range(1, game.num_players))  # the C path is the one tested
    assert maker.random_seats() == list(range(1, game.num_players))
    assert batch_module._BotMaker(game, {1: "random"}, random_in_c=False).random_seats() == []
    fast = BatchEnv(name, 3, seat=0, opponents="random", **config)
    slow = BatchEnv(name, 3, seat=0, opponents="random", random_in_c=False, **config)
    fast_step, slow_step = fast.reset(seed=17), slow.reset(seed=17)
    rng, ended = np.random.default_rng(4), 0
    for _ in range(150):
        assert np.array_equal(fast_step.obs, slow_step.obs) and np.array_equal(fast_step.mask, slow_step.mask)
        actions = fast_step.random_legal(rng)
        fast_step, slow_step = fast.step(actions), slow.step(actions)
        assert np.array_equal(fast_step.rewards, slow_step.rewards)
        assert np.array_equal(fast_step.terminated, slow_step.terminated)
        ended += int(fast_step.terminated.sum())
    assert [s.history() for s in fast.states] == [s.history() for s in slow.states]
    # the bots, once made, hold the generators the Python bots hold after the same draws
    assert _bot_states(fast) == _bot_states(slow)
    if name in ("gambit", "scopa"):
        assert ended > 0


def test_random_beside_a_compiled_bot_and_a_python_bot_plays_the_gymnasium_games():
    """Random bots in C next to the compiled heuristic (both seeded in C), and next to a bot
    asked through ``step`` (the bots made in Python, the random one's generator read into C)."""
    good = levels(garrison.game_class("scopa"))["good"]
    for opponents in (["random", good, "random"], ["random", "ismcts:sims=4", "random"]):
        plays_as_gymnasium("scopa", {"players": 4, "target": 1}, opponents, tables=2, seed=5,
                           steps=40, actions_seed=1)


def test_a_batch_against_random_bots_pickles_mid_run():
    env = BatchEnv("gambit", 3, seat=0, opponents="random", players=3)
    step = env.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(9):
        step = env.step(step.random_legal(rng))
    copy = pickle.loads(pickle.dumps(env))
    probe = pickle.loads(pickle.dumps(env))
    actions, s = [], step
    for _ in range(60):  # actions legal along the batch's own future
        acts = s.random_legal(rng)
        actions.append(acts)
        s = probe.step(acts)
    for acts in actions:
        a, b = env.step(acts), copy.step(acts)
        assert np.array_equal(a.obs, b.obs) and np.array_equal(a.rewards, b.rewards)
    assert _bot_states(env) == _bot_states(copy)
    assert copy._tables is not None and pickle.loads(pickle.dumps(
        BatchEnv("gambit", 1, seat=0, opponents="random", random_in_c=False, players=2))).random_in_c is False


def test_a_subclass_of_the_random_bot_is_asked_through_step():
    class Loaded(RandomBot):
        name = "loaded"

        def step(self, state):
            return state.legal_actions()[0]

    game = garrison.load("gambit", players=2)
    maker = batch_module._BotMaker(game, {1: "random"})
    maker._classes = {1: Loaded}
    assert maker.seeded_in_c() is None and maker.random_seats() == []

"""The batched engine has one random stream per table, the single environments' own: table ``i``
seeded ``s`` plays the game PettingZoo's environment (self-play) or Gymnasium's (against the
same bots) plays with seed ``s`` and the same actions, game after game. A ``BatchEnv`` pickles
mid-run (here, and into a fresh ``spawn`` process) and continues exactly as the original."""

from __future__ import annotations

import multiprocessing
import pickle

import numpy as np
import pytest
from interop_checks import plays_as_gymnasium

import garrison
from garrison.bots.levels import levels
from garrison.interop import batch as batch_module
from garrison.interop import pettingzoo as pz
from garrison.interop.batch import BatchEnv

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]


def _trajectory(env, actions):
    """Step ``env`` with the given actions; every step's observations, rewards, masks and more."""
    out = []
    for acts in actions:
        step = env.step(acts)
        out.append((step.obs.tolist(), step.rewards.tolist(), step.mask.tolist(),
                    step.to_move.tolist(), step.terminated.tolist()))
    return out


def _random_run(env, step, seed, count):
    """``count`` random legal actions per table from ``step`` on, returned with the last step."""
    rng = np.random.default_rng(seed)
    played = []
    for _ in range(count):
        acts = step.random_legal(rng)
        played.append(acts)
        step = env.step(acts)
    return played, step


def _same_actions(env, step, seed, count):
    """Actions that are legal along ``env``'s own future (found on a copy)."""
    probe = pickle.loads(pickle.dumps(env))
    played, _ = _random_run(probe, step, seed, count)
    return played


@pytest.mark.parametrize("name, config", GAMES)
def test_a_batch_pickles_mid_run_and_continues_identically(name, config):
    env = BatchEnv(name, 3, **config)
    _, step = _random_run(env, env.reset(seed=2), 0, 15)
    copy = pickle.loads(pickle.dumps(env))
    actions = _same_actions(env, step, 1, 60)
    assert _trajectory(copy, actions) == _trajectory(env, actions)


def test_a_batch_against_bots_pickles_mid_run():
    env = BatchEnv("scopa", 2, seat=1, opponents="greedy", players=2, target=3)
    _, step = _random_run(env, env.reset(seed=9), 0, 5)
    copy = pickle.loads(pickle.dumps(env))
    actions = _same_actions(env, step, 3, 40)
    assert _trajectory(copy, actions) == _trajectory(env, actions)


def _continue_remote(blob, actions):
    """In a worker: unpickle a batch and step it (the worker starts from nothing: spawn)."""
    return _trajectory(pickle.loads(blob), actions)


def test_a_pickled_batch_continues_in_a_fresh_process():
    env = BatchEnv("gambit", 4, players=2)
    _, step = _random_run(env, env.reset(seed=5), 0, 7)
    blob = pickle.dumps(env)
    actions = _same_actions(env, step, 2, 50)
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        remote = pool.apply(_continue_remote, (blob, actions))
    assert remote == _trajectory(env, actions)


@pytest.mark.parametrize("name, config", GAMES)
def test_self_play_tables_play_the_pettingzoo_envs_games(name, config):
    """Same seed, same actions: every table is the single PettingZoo environment, across its
    automatic resets (the single env's ``reset()`` without a seed)."""
    n, seed = 3, 40
    batch = BatchEnv(name, n, **config)
    step = batch.reset(seed=seed)
    singles = [pz.raw_env(name, **config) for _ in range(n)]
    for i, env in enumerate(singles):
        env.reset(seed=seed + i)
    rng = np.random.default_rng(7)
    ended = 0
    for _ in range(150):
        for i, env in enumerate(singles):
            agent = env.agent_selection
            seat = int(agent.rsplit("_", 1)[1])
            assert step.to_move[i] == seat
            view = env.observe(agent)
            assert np.array_equal(step.obs[i], view["observation"])
            assert np.array_equal(step.mask[i], view["action_mask"].astype(bool))
        actions = step.random_legal(rng)
        step = batch.step(actions)
        for i, env in enumerate(singles):
            env.step(int(actions[i]))
            if step.terminated[i]:
                ended += 1
                assert all(env.terminations.values())
                assert step.rewards[i].tolist() == [env.rewards[a] for a in env.possible_agents]
                env.reset()  # no seed: the env's generator goes on, as the table's does
            else:
                assert not any(env.terminations.values())
    if name == "gambit":
        assert ended > 0


@pytest.mark.parametrize("opponent", ["random", "good"])
@pytest.mark.parametrize("name, config", GAMES)
def test_tables_against_bots_play_the_gymnasium_envs_games(name, config, opponent):
    """The same games, move for move: with random bots and with the game's own rule-of-thumb
    bot (the ``good`` level), both of which the tables play in C."""
    if opponent == "good":
        opponent = levels(garrison.game_class(name))["good"]
        assert getattr(garrison.load(name, **config).bots[opponent], "compiled_policy", False)
    plays_as_gymnasium(name, config, opponent, tables=2, seed=11, steps=120, actions_seed=3)


def test_bots_seeded_in_c_are_the_bots_python_would_make(monkeypatch):
    """Tables whose bots are all the compiled rule-of-thumb bot seed them in C, without making
    the objects: the same games as bots made in Python at every game, and the same bots (seed
    stream and seeds drawn) once asked for."""
    config = {"deals": 1}  # a short match: many games end within the run
    opponent = levels(garrison.game_class("solo66"))["good"]
    maker = batch_module._BotMaker(garrison.load("solo66", **config),
                                   dict.fromkeys(range(1, 5), opponent))
    assert maker.seeded_in_c() == [1, 2, 3, 4]  # the fast path is the one tested
    fast = BatchEnv("solo66", 3, seat=0, opponents=opponent, **config)
    with monkeypatch.context() as patch:
        patch.setattr(batch_module._BotMaker, "seeded_in_c", lambda self: None)
        slow = BatchEnv("solo66", 3, seat=0, opponents=opponent, **config)
        slow_step = slow.reset(seed=5)
    fast_step = fast.reset(seed=5)
    rng, ended = np.random.default_rng(8), 0
    for _ in range(200):
        assert np.array_equal(fast_step.obs, slow_step.obs)
        actions = fast_step.random_legal(rng)
        fast_step, slow_step = fast.step(actions), slow.step(actions)
        assert np.array_equal(fast_step.rewards, slow_step.rewards)
        ended += int(fast_step.terminated.sum())
    assert ended >= 10
    fast._tables.sync_bots()
    slow._tables.sync_bots()
    made = [{s: (b.stream, b.draws) for s, b in table.items()} for table in fast._tables.bots]
    assert made == [{s: (b.stream, b.draws) for s, b in table.items()}
                    for table in slow._tables.bots]
    assert all(len(table) == 4 for table in made)

"""The fast vector env's three autoreset modes are Gymnasium 1.x's: step for step the same
observations, rewards, terminations and infos as Gymnasium's own ``SyncVectorEnv`` of single
environments seeded alike, in ``NEXT_STEP`` (the default), ``SAME_STEP`` and ``DISABLED``; the mode
reaches the env through ``gymnasium.make_vec``, and Gymnasium's vector wrappers accept it."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv
from gymnasium.wrappers.vector import FlattenObservation, NormalizeObservation
from interop_checks import same

import garrison
import garrison.interop  # registers the Gymnasium ids
from garrison.interop import env_id
from garrison.interop import gymnasium as gym_env
from garrison.interop.batch import BatchEnv
from garrison.interop.vector import GarrisonVectorEnv

MODES = [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP, AutoresetMode.DISABLED]
#: (game, options, opponents): a compiled bot played in C and a Python bot, short games
SETUPS = [
    pytest.param("gambit", {"players": 2, "lives": 1}, "greedy", id="gambit-greedy"),
    pytest.param("scopa", {"players": 2, "target": 1}, "random", id="scopa-random"),
]


def _actions(obs, rng, t, n):
    """A random legal action per table (0 where the mask is empty: a finished game shown), and
    now and then an illegal one."""
    actions = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0
                        for row in obs["action_mask"]])
    i = t % n
    if t % 9 == 4 and (obs["action_mask"][i] == 0).any() and obs["action_mask"][i].any():
        actions[i] = int(np.flatnonzero(obs["action_mask"][i] == 0)[0])
    return actions


@pytest.mark.parametrize("mode", MODES, ids=[m.value for m in MODES])
@pytest.mark.parametrize("name, options, opponents", SETUPS)
def test_each_mode_plays_as_gymnasiums_sync_vector_env(mode, name, options, opponents):
    n = 3
    ours = GarrisonVectorEnv(name, n, seat=1, opponents=opponents, autoreset_mode=mode, **options)
    theirs = SyncVectorEnv(
        [lambda: gym_env.env(name, seat=1, opponents=opponents, **options)] * n, autoreset_mode=mode)
    assert ours.metadata["autoreset_mode"] == theirs.metadata["autoreset_mode"] == mode
    obs, infos = ours.reset(seed=11)
    obs2, infos2 = theirs.reset(seed=11)
    assert same(obs, obs2) and same(infos, infos2)
    rng = np.random.default_rng(3)
    ended = illegal = 0
    for t in range(240):
        actions = _actions(obs, rng, t, n)
        obs, rewards, terminated, truncated, infos = ours.step(actions)
        obs2, rewards2, terminated2, truncated2, infos2 = theirs.step(actions)
        assert same(obs, obs2), t
        assert rewards.dtype == rewards2.dtype and np.array_equal(rewards, rewards2), t
        assert np.array_equal(terminated, terminated2) and not truncated.any() and not truncated2.any()
        assert np.array_equal(ours.action_masks(), obs["action_mask"].astype(bool))
        if mode == AutoresetMode.SAME_STEP:
            for key in ("final_obs", "_final_obs", "final_info", "_final_info", "action_mask"):
                assert (key in infos) == (key in infos2) and (key not in infos or same(infos[key], infos2[key])), key
        else:
            assert same(infos, infos2), t
        ended += int(terminated.sum())
        illegal += int(infos.get("illegal_action", np.zeros(n, bool)).sum())
        if mode == AutoresetMode.DISABLED and terminated.any():
            seeds = [100 + t if i == 0 else None for i in range(n)]  # one table reseeded
            obs, infos = ours.reset(seed=seeds, options={"reset_mask": terminated.copy()})
            obs2, infos2 = theirs.reset(seed=seeds, options={"reset_mask": terminated.copy()})
            assert same(obs, obs2) and same(infos, infos2), t
    assert ended >= 6 and illegal >= 1


def test_next_step_is_the_default_and_holds_the_finished_game_one_step():
    envs = GarrisonVectorEnv("gambit", 2, players=2, lives=1)
    assert envs.autoreset_mode == AutoresetMode.NEXT_STEP
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert GarrisonVectorEnv.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, _ = envs.reset(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(200):
        obs, rewards, terminated, _, _ = envs.step(_actions(obs, rng, 1, 2))
        if terminated.any():
            break
    i = int(np.flatnonzero(terminated)[0])
    assert not obs["action_mask"][i].any() and rewards[i] != 0  # the finished game's last view
    waiting = envs.batch.states[i]  # the next game, started but not shown
    history = list(waiting.history())
    # the action for that table is ignored: any id, even one out of range
    actions = _actions(obs, rng, 1, 2)
    actions[i] = 10**6
    obs, rewards, terminated, _, infos = envs.step(actions)
    assert rewards[i] == 0 and not terminated[i] and "illegal_action" not in infos
    assert envs.batch.states[i] is waiting and list(waiting.history()) == history
    assert obs["action_mask"][i].any()
    assert np.array_equal(obs["observation"][i], waiting.observation_tensor(0))


def test_disabled_refuses_a_step_until_the_finished_tables_are_reset():
    envs = GarrisonVectorEnv("gambit", 2, players=2, lives=1, autoreset_mode="Disabled")
    obs, _ = envs.reset(seed=5)
    rng = np.random.default_rng(1)
    terminated = np.zeros(2, bool)
    while not terminated.any():
        obs, _, terminated, _, _ = envs.step(_actions(obs, rng, 1, 2))
    histories = [list(s.history()) for s in envs.batch.states]
    with pytest.raises(garrison.GameOverError, match=r"reset_mask"):
        envs.step(_actions(obs, rng, 1, 2))
    assert [list(s.history()) for s in envs.batch.states] == histories  # nothing changed
    obs, infos = envs.reset(options={"reset_mask": terminated.copy()})
    assert np.array_equal(infos["_action_mask"], terminated)
    assert all(obs["action_mask"][i].any() for i in np.flatnonzero(terminated))
    envs.step(_actions(obs, rng, 1, 2))


def test_a_bad_mode_or_reset_mask_is_refused_naming_what_is_allowed():
    with pytest.raises(garrison.OptionError, match="NextStep, SameStep, Disabled"):
        GarrisonVectorEnv("gambit", 2, players=2, autoreset_mode="sometimes")
    envs = GarrisonVectorEnv("gambit", 2, players=2)
    envs.reset(seed=1)
    for bad in ([True, False], np.array([1, 0]), np.array([True]), np.zeros(2, bool)):
        with pytest.raises(garrison.OptionError, match="reset_mask"):
            envs.reset(options={"reset_mask": bad})
    histories = [list(s.history()) for s in envs.batch.states]
    for bad_seed in ([3, "four"], [3], [None, 2.5]):  # refused before any table restarts
        with pytest.raises(garrison.OptionError, match="seed must be"):
            envs.reset(seed=bad_seed, options={"reset_mask": np.ones(2, bool)})
        assert [list(s.history()) for s in envs.batch.states] == histories
    assert GarrisonVectorEnv("gambit", 2, players=2, autoreset_mode="SAME_STEP").autoreset_mode \
        == AutoresetMode.SAME_STEP


@pytest.mark.parametrize("mode", MODES, ids=[m.value for m in MODES])
def test_make_vec_passes_the_mode_and_matches_the_sync_mode_given_through_vector_kwargs(mode):
    gid = env_id("gambit")
    fast = gymnasium.make_vec(gid, 3, players=2, lives=1, autoreset_mode=mode)
    sync = gymnasium.make_vec(gid, 3, vectorization_mode="sync",
                              vector_kwargs={"autoreset_mode": mode}, players=2, lives=1)
    assert isinstance(fast.unwrapped, GarrisonVectorEnv)
    assert fast.metadata["autoreset_mode"] == sync.metadata["autoreset_mode"] == mode
    obs, _ = fast.reset(seed=4)
    obs2, _ = sync.reset(seed=4)
    rng = np.random.default_rng(4)
    for t in range(60):
        actions = _actions(obs, rng, t, 3)
        obs, rewards, terminated, _, _ = fast.step(actions)
        obs2, rewards2, terminated2, _, _ = sync.step(actions)
        assert same(obs, obs2) and np.array_equal(rewards, rewards2)
        assert np.array_equal(terminated, terminated2)
        if mode == AutoresetMode.DISABLED and terminated.any():
            obs, _ = fast.reset(options={"reset_mask": terminated.copy()})
            obs2, _ = sync.reset(options={"reset_mask": terminated.copy()})


def test_make_vec_default_is_gymnasiums_next_step():
    fast = gymnasium.make_vec(env_id("gambit"), 2, players=2)
    sync = gymnasium.make_vec(env_id("gambit"), 2, vectorization_mode="sync", players=2)
    assert fast.metadata["autoreset_mode"] == sync.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP


def test_gymnasiums_observation_wrappers_accept_the_default():
    """FlattenObservation, and NormalizeObservation, which takes NEXT_STEP only."""
    envs = NormalizeObservation(FlattenObservation(GarrisonVectorEnv("gambit", 3, players=2, lives=1)))
    raw = FlattenObservation(GarrisonVectorEnv("gambit", 3, players=2, lives=1))
    obs, _ = envs.reset(seed=0)
    flat, _ = raw.reset(seed=0)
    assert obs.shape == flat.shape == (3, 37 + 7)
    rng = np.random.default_rng(0)
    for _ in range(50):
        mask = flat[:, 37:]
        actions = _actions({"action_mask": mask}, rng, 1, 3)
        obs, _, _, _, _ = envs.step(actions)
        flat, _, _, _, _ = raw.step(actions)
        assert np.isfinite(obs).all() and obs.shape == flat.shape
    with pytest.raises(ValueError, match="NEXT_STEP"):
        NormalizeObservation(FlattenObservation(
            GarrisonVectorEnv("gambit", 3, players=2, autoreset_mode=AutoresetMode.SAME_STEP)))


def test_batch_hold_leaves_tables_as_they_are_on_both_paths():
    for chance in ("inside", "caller"):  # the compiled tables, and the Python loop
        env = BatchEnv("gambit", 3, players=2, chance=chance)
        step = env.reset(seed=[1, 2, 3])
        histories = [list(s.history()) for s in env.states]
        actions = [int(np.flatnonzero(m)[0]) for m in step.mask]
        actions[1] = -7  # a held table's action is not read, not even checked
        hold = np.array([False, True, False])
        after = env.step(actions, hold=hold)
        assert list(env.states[1].history()) == histories[1]
        assert list(env.states[0].history()) != histories[0]
        assert not after.terminated[1] and not after.illegal[1] and (after.rewards[1] == 0).all()
        with pytest.raises(garrison.InvalidActionError, match="hold"):
            env.step(actions, hold=np.array([0, 1, 0]))


def test_batch_restart_with_a_seed_is_a_table_reset_with_that_seed():
    env = BatchEnv("scopa", 2, seat=0, opponents="greedy", players=2)
    env.reset(seed=[5, 6])
    fresh = BatchEnv("scopa", 2, seat=0, opponents="greedy", players=2)
    want = fresh.reset(seed=[5, 9])
    got = env.restart(1, seed=9)
    assert np.array_equal(got.obs, want.obs) and np.array_equal(got.mask, want.mask)
    assert list(env.states[1].history()) == list(fresh.states[1].history())
    with pytest.raises(garrison.OptionError, match="table must be 0 to 1"):
        env.restart(2)

"""The vector env keeps Gymnasium's VectorEnv conventions: a declared autoreset mode, the mask in
the infos, observation spaces bounded by the encoder's real ranges (0/1 features in Box(0, 1)),
and Gymnasium's vector wrappers on top of it."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import RecordEpisodeStatistics
from interop_checks import same

import garrison
from garrison.interop import pettingzoo
from garrison.interop.vector import BatchAECEnv, GarrisonVectorEnv

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]


def _first_legal(mask: np.ndarray) -> np.ndarray:
    """The first legal action per row (0 where the row shows a finished game: no legal action)."""
    return np.array([int(np.flatnonzero(row)[0]) if row.any() else 0 for row in mask])


def test_the_autoreset_mode_is_declared():
    assert GarrisonVectorEnv("gambit", 2, players=2).metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    envs = GarrisonVectorEnv("gambit", 2, players=2, autoreset_mode=AutoresetMode.SAME_STEP)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP


@pytest.mark.parametrize("name, options", GAMES)
def test_observation_spaces_are_the_encoders_bounds(name, options):
    game = garrison.load(name, **options)
    low, high = game.tensor_bounds()
    envs = GarrisonVectorEnv(name, 2, **options)
    box = envs.single_observation_space["observation"]
    assert np.array_equal(box.low, low) and np.array_equal(box.high, high)
    flags = (low == 0) & (high == 1)
    assert flags.any()  # every game has 0/1 features, and they are Box(0, 1)
    aec = pettingzoo.raw_env(name, **options)
    pz_box = aec.observation_space("player_0")["observation"]
    assert np.array_equal(pz_box.low, low) and np.array_equal(pz_box.high, high)
    assert BatchAECEnv(name, 2, **options).observation_space("player_0")["observation"] == box
    obs, infos = envs.reset(seed=1)
    for _ in range(40):
        assert envs.observation_space.contains(obs)
        assert np.array_equal(infos["action_mask"], obs["action_mask"])
        obs, rewards, terminated, truncated, infos = envs.step(_first_legal(obs["action_mask"]))


def test_gambits_space_is_finite():
    box = GarrisonVectorEnv("gambit", 1, players=2).single_observation_space["observation"]
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()


def test_record_episode_statistics_reports_the_returns():
    envs = RecordEpisodeStatistics(GarrisonVectorEnv("gambit", 4, players=2, lives=1))
    obs, infos = envs.reset(seed=3)
    finished = 0
    for _ in range(400):
        obs, rewards, terminated, truncated, infos = envs.step(_first_legal(obs["action_mask"]))
        if "episode" in infos:
            done = infos["_episode"]
            assert np.array_equal(done, terminated | truncated)
            assert np.allclose(infos["episode"]["r"][done], rewards[done])
            assert (infos["episode"]["l"][done] >= 1).all()
            finished += int(done.sum())
    assert finished >= 4


@pytest.mark.parametrize("illegal", [False, True], ids=["legal", "some-illegal"])
def test_same_step_autoreset_matches_gymnasiums_own_sync_vector_env(illegal):
    """Gymnasium's SyncVectorEnv of single envs, in same-step mode and seeded alike, gives the
    same observations, rewards and terminations, and the same ``final_obs`` and ``final_info``
    of each finished game, step after step."""
    from gymnasium.vector import SyncVectorEnv

    from garrison.interop import gymnasium as gym_env

    options = {"players": 2, "lives": 1}
    n = 3
    ours = GarrisonVectorEnv("gambit", n, seat=1, opponents="greedy",
                             autoreset_mode=AutoresetMode.SAME_STEP, **options)
    theirs = SyncVectorEnv([lambda: gym_env.env("gambit", seat=1, opponents="greedy", **options)] * n,
                           autoreset_mode=AutoresetMode.SAME_STEP)
    obs, infos = ours.reset(seed=21)
    obs2, infos2 = theirs.reset(seed=21)
    assert same(obs, obs2) and same(infos["action_mask"], infos2["action_mask"])
    rng = np.random.default_rng(0)
    finals = 0
    for t in range(300):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in obs["action_mask"]])
        if illegal and t % 7 == 3:
            actions[t % n] = int(np.flatnonzero(obs["action_mask"][t % n] == 0)[0])
        obs, rewards, terminated, truncated, infos = ours.step(actions)
        obs2, rewards2, terminated2, truncated2, infos2 = theirs.step(actions)
        assert same(obs, obs2)
        assert np.array_equal(rewards, rewards2) and np.array_equal(terminated, terminated2)
        assert not truncated.any() and not truncated2.any()
        assert ("final_obs" in infos) == ("final_obs" in infos2)
        if "final_obs" in infos:
            finals += int(infos["_final_obs"].sum())
            for key in ("final_obs", "_final_obs", "final_info", "_final_info"):
                assert same(infos[key], infos2[key]), key
    assert finals >= 3


def test_gymnasiums_reward_and_statistics_wrappers_agree_with_sync_vector_env():
    """NormalizeReward (which treats same-step resets apart) and RecordEpisodeStatistics give
    the same figures on our vector env as on Gymnasium's SyncVectorEnv of single envs."""
    from gymnasium.vector import SyncVectorEnv
    from gymnasium.wrappers.vector import NormalizeReward

    from garrison.interop import gymnasium as gym_env

    options = {"players": 2, "lives": 1}
    ours = RecordEpisodeStatistics(NormalizeReward(GarrisonVectorEnv(
        "gambit", 3, autoreset_mode=AutoresetMode.SAME_STEP, **options)))
    theirs = RecordEpisodeStatistics(NormalizeReward(SyncVectorEnv(
        [lambda: gym_env.env("gambit", **options)] * 3, autoreset_mode=AutoresetMode.SAME_STEP)))
    obs, _ = ours.reset(seed=4)
    theirs.reset(seed=4)
    episodes = 0
    for _ in range(200):
        actions = _first_legal(obs["action_mask"])
        obs, rewards, terminated, _, infos = ours.step(actions)
        _, rewards2, terminated2, _, infos2 = theirs.step(actions)
        assert np.allclose(rewards, rewards2) and np.array_equal(terminated, terminated2)
        assert ("episode" in infos) == ("episode" in infos2)
        if "episode" in infos:
            assert np.allclose(infos["episode"]["r"], infos2["episode"]["r"])
            assert np.array_equal(infos["episode"]["l"], infos2["episode"]["l"])
            episodes += int(infos["_episode"].sum())
    assert episodes >= 3

"""The vector env keeps Gymnasium's VectorEnv conventions: a declared autoreset mode, the mask in
the infos, observation spaces bounded by the encoder's real ranges (0/1 features in Box(0, 1)),
and Gymnasium's vector wrappers on top of it."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import RecordEpisodeStatistics

import garrison
from garrison.interop import pettingzoo
from garrison.interop.vector import BatchAECEnv, GarrisonVectorEnv

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]


def _first_legal(mask: np.ndarray) -> np.ndarray:
    return np.array([int(np.flatnonzero(row)[0]) for row in mask])


def test_the_autoreset_mode_is_declared():
    envs = GarrisonVectorEnv("gambit", 2, players=2)
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

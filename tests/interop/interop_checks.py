"""Checks the interop tests share: nested equality of observations and infos, and a batch
played beside single Gymnasium environments seeded alike."""

from __future__ import annotations

from typing import Any

import numpy as np

from garrison.interop import gymnasium as gym_env
from garrison.interop.batch import BatchEnv


def same(a: Any, b: Any) -> bool:
    """Equal observations, infos or arrays, nested in dicts and object arrays."""
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray) and a.dtype == object:
        return a.shape == b.shape and all(same(x, y) for x, y in zip(a, b))
    if a is None or b is None:
        return a is b
    return np.array_equal(np.asarray(a), np.asarray(b))


def plays_as_gymnasium(name: str, config: dict[str, Any], opponents: Any, *, tables: int,
                       seed: int, steps: int, actions_seed: int) -> None:
    """Seat 0 of a ``BatchEnv`` against ``opponents`` and as many single Gymnasium environments
    seeded alike, stepped with the same random legal actions: the same observations, masks,
    terminations and rewards at every step, across the environments' resets."""
    batch = BatchEnv(name, tables, seat=0, opponents=opponents, **config)
    step = batch.reset(seed=seed)
    singles = [gym_env.env(name, seat=0, opponents=opponents, **config) for _ in range(tables)]
    views = [env.reset(seed=seed + i)[0] for i, env in enumerate(singles)]
    rng = np.random.default_rng(actions_seed)
    for _ in range(steps):
        for i in range(tables):
            assert np.array_equal(step.obs[i], views[i]["observation"]), (opponents, i)
            assert np.array_equal(step.mask[i], views[i]["action_mask"].astype(bool)), (opponents, i)
        actions = step.random_legal(rng)
        step = batch.step(actions)
        for i, env in enumerate(singles):
            views[i], reward, terminated, _, _ = env.step(int(actions[i]))
            assert terminated == step.terminated[i]
            if terminated:
                assert reward == step.rewards[i, 0]
                views[i], _ = env.reset()

"""The batched engine (:mod:`.batch`) in the two shapes researchers know.

``GarrisonVectorEnv`` is a ``gymnasium.vector.VectorEnv``: ``num_envs`` copies of one seat of a
game, Garrison bots at the other seats, the same observation, mask, reward and illegal-action rule
as the single environment (:mod:`.gymnasium`; an illegal action ends that table's game with the
lowest return, ``infos["illegal_action"]`` says so), reset in the same step
(``AutoresetMode.SAME_STEP``, as Gymnasium's ``SyncVectorEnv`` does it: where
``terminations[i]``, the reward is the finished game's return, the observation is already the
next game's first, ``infos["final_obs"][i]`` is the seat's observation of the finished game's last
position (an object array, ``None`` elsewhere, ``infos["_final_obs"]`` the rows that have one)
and ``infos["final_info"]`` the info the single environment gave with it).

>>> from garrison.interop.vector import GarrisonVectorEnv
>>> envs = GarrisonVectorEnv("gambit", 3, seat=0, opponents="random", players=2)
>>> obs, infos = envs.reset(seed=5)
>>> obs["observation"].shape, obs["action_mask"].shape
((3, 37), (3, 7))
>>> obs, rewards, terminations, truncations, infos = envs.step(envs.action_space.sample())

``BatchAECEnv`` is for PettingZoo users: the AEC loop (``agent_selection``, ``observe``,
``last``, ``step``) over ``num_envs`` tables at once, every seat played by the caller
(self-play); ``agent_selection`` is an array naming the agent to move at each table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .batch import BatchEnv, BatchStep
from .pettingzoo import agent_name


def _single_space(env: BatchEnv) -> spaces.Dict:
    low, high = env.game.tensor_bounds()  # the encoder's real ranges: 0/1 flags are Box(0, 1)
    return spaces.Dict({
        "observation": spaces.Box(low, high, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(env.num_actions,), dtype=np.int8),
    })


class GarrisonVectorEnv(VectorEnv):
    """``num_envs`` tables where the agent plays ``seat`` against bots (options as keywords)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(
        self,
        name: str,
        num_envs: int,
        seat: int = 0,
        opponents: str | Sequence[str] | Mapping[int, str] = "random",
        illegal: str = "lose",
        **options: Any,
    ) -> None:
        self.batch = BatchEnv(name, num_envs, seat=seat, opponents=opponents, illegal=illegal, **options)
        self.num_envs = self.batch.num_envs
        self.seat = self.batch.seat
        self.single_observation_space = _single_space(self.batch)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.single_action_space = spaces.Discrete(self.batch.num_actions)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._last: BatchStep | None = None

    def _obs(self, step: BatchStep) -> dict[str, np.ndarray]:
        return {"observation": step.obs, "action_mask": step.mask.astype(np.int8)}

    def action_masks(self) -> np.ndarray:
        """``(num_envs, A)`` bool: the seat's legal actions at each table now."""
        if self._last is None:
            raise RuntimeError("call reset() first")
        return self._last.mask

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        if seed is not None:
            self._np_random = np.random.default_rng(seed)
            self.action_space.seed(seed if isinstance(seed, int) else None)
        self._last = self.batch.reset(seed)
        return self._obs(self._last), self._infos(self._last)

    def _infos(self, step: BatchStep) -> dict[str, Any]:
        """Every step's infos hold the seat's legal actions too (``action_mask``, int8)."""
        return {"action_mask": step.mask.astype(np.int8),
                "_action_mask": np.ones(self.num_envs, bool)}

    def _finals(self, step: BatchStep, before: BatchStep) -> dict[str, Any]:
        """Gymnasium's same-step keys: each finished game's last observation of the seat and the
        info the single env gave with it. The mask is all zeros where the game is over; after
        an illegal action (the game left as it was) it is the mask the seat had."""
        seat = 0 if self.seat is None else self.seat
        final_obs = np.full(self.num_envs, None, dtype=object)
        no_moves = np.zeros(self.batch.num_actions, np.int8)
        masks = np.zeros((self.num_envs, self.batch.num_actions), np.int8)
        for i, tensor in step.final_obs(seat).items():
            mask = before.mask[i].astype(np.int8) if step.illegal[i] else no_moves.copy()
            masks[i] = mask
            final_obs[i] = {"observation": tensor, "action_mask": mask}
        done = step.terminated.copy()
        final_info: dict[str, Any] = {"action_mask": masks, "_action_mask": done}
        if step.illegal.any():
            final_info["illegal_action"] = step.illegal.copy()
            final_info["_illegal_action"] = step.illegal.copy()
        return {"final_obs": final_obs, "_final_obs": done.copy(), "final_info": final_info,
                "_final_info": done.copy()}

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if self._last is None:
            raise RuntimeError("call reset() first")
        before = self._last
        step = self.batch.step(actions)
        self._last = step
        rewards = step.rewards[:, self.seat].astype(np.float64)
        infos = self._infos(step)
        if step.terminated.any():
            infos["illegal_action"] = step.illegal
            infos["_illegal_action"] = step.terminated
            infos.update(self._finals(step, before))
        return (self._obs(step), rewards, step.terminated, np.zeros(self.num_envs, bool), infos)


class BatchAECEnv:
    """Self-play over ``num_envs`` tables, in PettingZoo's AEC terms (options as keywords)."""

    def __init__(self, name: str, num_envs: int, **options: Any) -> None:
        self.batch = BatchEnv(name, num_envs, **options)
        self.num_envs = self.batch.num_envs
        self.possible_agents = [agent_name(s) for s in range(self.batch.num_players)]
        self.agents = list(self.possible_agents)
        self._space = _single_space(self.batch)
        self._last: BatchStep | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return spaces.Discrete(self.batch.num_actions)

    def reset(self, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None) -> None:
        self._last = self.batch.reset(seed)

    def _step(self) -> BatchStep:
        if self._last is None:
            raise RuntimeError("call reset() first")
        return self._last

    @property
    def agent_selection(self) -> np.ndarray:
        """``(num_envs,)`` array of agent names: who is to move at each table."""
        return np.array([agent_name(int(s)) for s in self._step().to_move])

    def last(self) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray], np.ndarray, np.ndarray, dict[str, Any]]:
        """``(observation, rewards, terminations, truncations, infos)`` for the agents to move:
        ``observation`` holds ``(N, T)`` tensors and ``(N, A)`` int8 masks; ``rewards`` maps each
        agent to its ``(N,)`` returns of games that ended with the last step."""
        step = self._step()
        rewards = {a: step.rewards[:, s] for s, a in enumerate(self.possible_agents)}
        obs = {"observation": step.obs, "action_mask": step.mask.astype(np.int8)}
        return obs, rewards, step.terminated, np.zeros(self.num_envs, bool), {}

    def step(self, actions: Any) -> None:
        """One action per table for its agent to move (the tables that end start again)."""
        self._step()
        self._last = self.batch.step(actions)


__all__ = ["BatchAECEnv", "GarrisonVectorEnv"]

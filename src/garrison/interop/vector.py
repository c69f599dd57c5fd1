"""The batched engine (:mod:`.batch`) in the two shapes researchers know.

``GarrisonVectorEnv`` is a ``gymnasium.vector.VectorEnv``: ``num_envs`` copies of one seat of a
game, Garrison bots at the other seats, the same observation, mask, reward and illegal-action rule
as the single environment (:mod:`.gymnasium`; an illegal action ends that table's game with the
lowest return, ``infos["illegal_action"]`` says so). What happens when a game ends is Gymnasium
1.x's ``autoreset_mode`` (``metadata["autoreset_mode"]``), step for step as its ``SyncVectorEnv``
of single environments does it:

* ``AutoresetMode.NEXT_STEP`` (the default, Gymnasium's): where ``terminations[i]``, the
  observation is the finished game's last position (its mask all zeros; after an illegal action,
  the position and mask the seat had) and the reward its return; the next ``step`` ignores
  table ``i``'s action and returns the next game's first observation, reward 0, not terminated.
* ``AutoresetMode.SAME_STEP``: where ``terminations[i]``, the reward is the finished game's
  return and the observation already the next game's first; ``infos["final_obs"][i]`` is the
  seat's observation of the finished game's last position (an object array, ``None`` elsewhere,
  ``infos["_final_obs"]`` the rows that have one) and ``infos["final_info"]`` the info the single
  environment gave with it.
* ``AutoresetMode.DISABLED``: as ``NEXT_STEP`` at the end of a game, but nothing restarts by
  itself: ``reset(options={"reset_mask": mask})`` starts the next game at the tables of
  ``mask``, and a ``step`` while a finished table is not reset raises ``GameOverError``.

``reset(seed=..., options={"reset_mask": mask})`` restarts only the tables of ``mask`` in every
mode (seeds as ``SyncVectorEnv`` takes them: an int ``s`` gives table ``i`` ``s + i``; a table
without a seed goes on with its generator).

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

from garrison.core import GameOverError, OptionError

from .batch import BatchEnv, BatchStep
from .pettingzoo import agent_name

#: The names an ``autoreset_mode`` may be given by, besides the enum itself.
_MODES = {m.value: m for m in AutoresetMode} | {m.name: m for m in AutoresetMode}


def _mode(value: AutoresetMode | str) -> AutoresetMode:
    """``value`` as an ``AutoresetMode``: the enum, its value (``"NextStep"``) or its name
    (``"NEXT_STEP"``). Raises ``OptionError`` naming the modes for anything else."""
    if isinstance(value, AutoresetMode):
        return value
    if isinstance(value, str) and value in _MODES:
        return _MODES[value]
    allowed = ", ".join(m.value for m in AutoresetMode)
    raise OptionError(f"autoreset_mode must be a gymnasium.vector.AutoresetMode or one of "
                      f"{allowed} (got {value!r})")


def _single_space(env: BatchEnv) -> spaces.Dict:
    low, high = env.game.tensor_bounds()  # the encoder's real ranges: 0/1 flags are Box(0, 1)
    return spaces.Dict({
        "observation": spaces.Box(low, high, dtype=np.float32),
        "action_mask": spaces.Box(0, 1, shape=(env.num_actions,), dtype=np.int8),
    })


class GarrisonVectorEnv(VectorEnv):
    """``num_envs`` tables where the agent plays ``seat`` against bots (options as keywords)."""

    #: The class default; each instance declares its own mode (``autoreset_mode=``).
    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}
    autoreset_mode: AutoresetMode
    batch: BatchEnv
    seat: int
    #: Tables whose game ended and whose next game has not been shown (NEXT_STEP, DISABLED).
    _pending: np.ndarray
    #: What the agent was shown of each pending table: the finished game's last tensor and mask.
    _finals_shown: dict[int, tuple[np.ndarray, np.ndarray]]
    _last: BatchStep | None

    def __init__(
        self,
        name: str,
        num_envs: int,
        seat: int = 0,
        opponents: str | Sequence[str] | Mapping[int, str] = "random",
        illegal: str = "lose",
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        **options: Any,
    ) -> None:
        """Raises ``OptionError`` for a bad count, seat, bot name, mode or game option."""
        self.autoreset_mode = _mode(autoreset_mode)
        self.batch = BatchEnv(name, num_envs, seat=seat, opponents=opponents, illegal=illegal, **options)
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self.num_envs = self.batch.num_envs
        self.seat = 0 if self.batch.seat is None else self.batch.seat
        self.single_observation_space = _single_space(self.batch)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.single_action_space = spaces.Discrete(self.batch.num_actions)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._last = None
        self._pending = np.zeros(self.num_envs, bool)
        self._finals_shown = {}

    def _step_now(self) -> BatchStep:
        if self._last is None:
            raise RuntimeError("call reset() first")
        return self._last

    def _obs(self, step: BatchStep) -> dict[str, np.ndarray]:
        """The observation shown: each table's position now, a pending table's finished game."""
        tensors = step.obs.copy() if self._finals_shown else step.obs
        obs = {"observation": tensors, "action_mask": step.mask.astype(np.int8)}
        for i, (tensor, mask) in self._finals_shown.items():
            obs["observation"][i] = tensor
            obs["action_mask"][i] = mask
        return obs

    def action_masks(self) -> np.ndarray:
        """``(num_envs, A)`` bool: the mask of the observation shown at each table (where that
        is a finished game's last position, all False, or after an illegal action the mask the
        seat had). Raises ``RuntimeError`` before the first ``reset()``."""
        mask = self._step_now().mask.copy()
        for i, (_, shown) in self._finals_shown.items():
            mask[i] = shown.astype(bool)
        return mask

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a new game at every table, or only at the tables of ``options["reset_mask"]``
        (an ``(num_envs,)`` bool array with at least one True; ``seed`` then as ``SyncVectorEnv``
        reads it, per table, a table without one going on with its generator).

        Raises:
            OptionError: a bad seed list or reset mask.
        """
        if options is not None and "reset_mask" in options:
            return self._reset_some(self._reset_mask(options["reset_mask"]), seed)
        if seed is not None:
            given = seed if isinstance(seed, int) else [s for s in seed if s is not None] or None
            self._np_random = np.random.default_rng(given)
            self.action_space.seed(seed if isinstance(seed, int) else None)
        self._last = self.batch.reset(seed)
        self._pending[:] = False
        self._finals_shown = {}
        return self._obs(self._last), self._infos(self._last)

    def _reset_mask(self, mask: Any) -> np.ndarray:
        """Gymnasium's rule for ``reset_mask``: a bool array, one per table, one True at least."""
        if (not isinstance(mask, np.ndarray) or mask.dtype != np.bool_
                or mask.shape != (self.num_envs,) or not mask.any()):
            raise OptionError(f"options['reset_mask'] must be a numpy bool array of shape "
                              f"({self.num_envs},) with at least one True (got {mask!r})")
        return mask

    def _reset_some(self, mask: np.ndarray, seed: int | Sequence[int | None] | None
                    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        step = self._step_now()
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            seeds = [int(seed) + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)  # type: ignore[arg-type]
            if len(seeds) != self.num_envs or any(
                    s is not None and (isinstance(s, bool) or not isinstance(s, (int, np.integer)))
                    for s in seeds):
                raise OptionError(f"seed must be one int or {self.num_envs} seeds (ints or None), "
                                  f"one per table (got {seed!r})")
        for i in np.flatnonzero(mask):
            # a pending table has started its next game from its generator already, as the
            # single environment's reset() without a seed would
            if seeds[i] is not None or not self._pending[i]:
                step = self.batch.restart(int(i), seeds[i])
            self._pending[i] = False
            self._finals_shown.pop(int(i), None)
        self._last = step
        infos = {"action_mask": np.where(mask[:, None], step.mask, False).astype(np.int8),
                 "_action_mask": mask.copy()}
        return self._obs(step), infos

    def _infos(self, step: BatchStep) -> dict[str, Any]:
        """Every step's infos hold the seat's legal actions too (``action_mask``, int8)."""
        return {"action_mask": step.mask.astype(np.int8),
                "_action_mask": np.ones(self.num_envs, bool)}

    def _final_views(self, step: BatchStep, before: BatchStep) -> dict[int, tuple[np.ndarray, np.ndarray]]:
        """Each finished game's last observation of the seat and its mask: all zeros where the
        game is over; after an illegal action (the game left as it was) the mask the seat had."""
        no_moves = np.zeros(self.batch.num_actions, np.int8)
        return {i: (tensor, before.mask[i].astype(np.int8) if step.illegal[i] else no_moves.copy())
                for i, tensor in step.final_obs(self.seat).items()}

    def _finals(self, step: BatchStep, before: BatchStep) -> dict[str, Any]:
        """Gymnasium's same-step keys: each finished game's last observation of the seat and the
        info the single env gave with it."""
        final_obs = np.full(self.num_envs, None, dtype=object)
        masks = np.zeros((self.num_envs, self.batch.num_actions), np.int8)
        for i, (tensor, mask) in self._final_views(step, before).items():
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
        """One action per table for the seat (a table showing a finished game ignores its
        action under ``NEXT_STEP``).

        Raises:
            RuntimeError: before the first ``reset()``.
            GameOverError: ``DISABLED`` and a table's game ended without a reset since; nothing
                changes.
            InvalidActionError: not one action per table.
        """
        before = self._step_now()
        if self.autoreset_mode == AutoresetMode.DISABLED and self._pending.any():
            tables = np.flatnonzero(self._pending).tolist()
            raise GameOverError(
                f"the games at tables {tables} are over and autoreset_mode is DISABLED: call "
                "reset(options={'reset_mask': mask}) for them first")
        hold = self._pending.copy() if self._pending.any() else None
        step = self.batch.step(actions, hold=hold)
        self._last = step
        self._pending[:] = False
        self._finals_shown = {}
        rewards = step.rewards[:, self.seat].astype(np.float64)
        infos = self._infos(step)
        if self.autoreset_mode == AutoresetMode.SAME_STEP:
            if step.terminated.any():
                infos["illegal_action"] = step.illegal
                infos["_illegal_action"] = step.terminated
                infos.update(self._finals(step, before))
            return (self._obs(step), rewards, step.terminated, np.zeros(self.num_envs, bool), infos)
        if step.terminated.any():
            self._finals_shown = self._final_views(step, before)
            self._pending = step.terminated.copy()
            for i, (_, mask) in self._finals_shown.items():
                infos["action_mask"][i] = mask
            if step.illegal.any():
                infos["illegal_action"] = step.illegal.copy()
                infos["_illegal_action"] = step.illegal.copy()
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

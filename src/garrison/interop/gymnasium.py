"""One seat of a Garrison game as a Gymnasium environment; Garrison bots play the other seats.

>>> from garrison.interop import gymnasium as gym_env
>>> env = gym_env.env("gambit", seat=0, opponents="random", players=2)
>>> obs, info = env.reset(seed=3)
>>> sorted(obs)
['action_mask', 'observation']
>>> obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

* ``opponents``: one bot name for every other seat, a list with one name per other seat (in seat
  order), or a dict ``{seat: name}``; names are those of ``garrison.bots.bot_names(game)``.
  The bots are seeded from the environment's generator at each ``reset``.
* Observation: ``{"observation": float32 tensor, "action_mask": int8 vector}`` (``mask="obs"``,
  the default), or the bare tensor with the mask only in ``info`` (``mask="info"``).
  ``info["action_mask"]`` and the method ``action_masks()`` always give the mask too.
* ``action_space.sample()`` without a mask draws one of the seat's legal actions now.
* Reward: the seat's return when the game ends, 0 before. Never truncated.
* Illegal actions: by default (``illegal="lose"``) an action the seat may not play now ends the
  episode, with the game's lowest possible return as reward and ``info["illegal_action"] = True``
  (the game itself is left unchanged). This is Gymnasium's contract (every action of the space is
  accepted by ``step``, as ``gymnasium.utils.env_checker.check_env`` checks) and what PettingZoo's
  classic games do. ``illegal="raise"`` raises ``garrison.IllegalActionError`` instead and
  changes nothing, for debugging an agent. No mode ever replaces the action with another one.
* ``render()`` shows the seat's own view (``render_mode`` ``"ansi"`` or ``"human"``).
* ``reward="score"`` (off by default: ``"return"``): a shaped reward for the games that score
  hand by hand (Scopa, Solo 66, Soldateska, 1848): each step's reward is the change of the
  seat's running score (the game's ``running_score``) since its previous step (Scopa: its side's
  points as each hand is scored; Solo 66: the match score after each deal; Soldateska: its
  ducats after each round; 1848: the victory points it would get if the game ended now, which
  the party points credited each round move), read from the
  seat's own observation. The episode's rewards then add up to the seat's final score, not to
  its return; ``info["return"]`` gives the return when the game ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import garrison
from garrison.bots import make_bot
from garrison.core import (
    Bot,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    State,
)

from . import env_id, register_gymnasium
from ._common import (
    check_reward,
    legal_mask,
    opponent_names,
    play_chance,
    render_text,
    running_score,
)


class LegalDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose ``sample()`` without a mask draws a legal action of the env's seat now."""

    def __init__(self, n: int, env: GarrisonGymEnv) -> None:
        super().__init__(n)
        self._env = env

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            current = self._env._current_mask()
            if current is not None and current.any():
                mask = current
        return super().sample(mask=mask, probability=probability)


class GarrisonGymEnv(gymnasium.Env):
    """Seat ``seat`` of a Garrison game; the other seats are bots."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        name: str,
        seat: int = 0,
        opponents: str | Sequence[str] | Mapping[int, str] = "random",
        render_mode: str | None = None,
        mask: str = "obs",
        illegal: str = "lose",
        reward: str = "return",
        **options: Any,
    ) -> None:
        """Raises ``OptionError`` for a bad seat, bot name, mode, reward or game option."""
        self.game = garrison.load(name, **options)
        self.reward = check_reward(self.game, reward)
        self.opponents = opponent_names(self.game, seat, opponents)  # checks the seat too
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionError(f"render_mode must be ansi or human (got {render_mode!r})")
        if mask not in ("obs", "info"):
            raise OptionError(f"mask must be obs or info (got {mask!r})")
        if illegal not in ("raise", "lose"):
            raise OptionError(f"illegal must be raise or lose (got {illegal!r})")
        self.seat = int(seat)
        self.render_mode = render_mode
        self.mask_in_obs = mask == "obs"
        self.illegal = illegal
        for other, bot in self.opponents.items():
            make_bot(self.game, bot, other, seed=0)  # unknown names fail now, listing the bots
        low, high = self.game.tensor_bounds()  # the encoder's real ranges
        tensor = spaces.Box(low, high, dtype=np.float32)
        actions = self.game.num_distinct_actions
        if self.mask_in_obs:
            self.observation_space = spaces.Dict({
                "observation": tensor,
                "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
            })
        else:
            self.observation_space = tensor
        self.action_space = LegalDiscrete(actions, self)
        self._state: State | None = None
        self._bots: dict[int, Bot] = {}
        self._over = False
        self._score = 0.0

    # -- the game ------------------------------------------------------------------------------
    @property
    def garrison_state(self) -> State:
        """The Garrison state being played (for our own tools; the agent must not be shown it)."""
        if self._state is None:
            raise garrison.GameError("call reset() first")
        return self._state

    def _current_mask(self) -> np.ndarray | None:
        if self._state is None:
            return None
        return legal_mask(self._state, self.game.num_distinct_actions, self.seat)

    def action_masks(self) -> np.ndarray:
        """The legal actions of the seat now, as an ``int8`` mask (sb3-contrib's convention)."""
        return legal_mask(self.garrison_state, self.game.num_distinct_actions, self.seat)

    def _advance(self) -> None:
        """Play chance and the bots until the seat is to move or the game is over."""
        state = self.garrison_state
        while not state.is_terminal():
            player = state.current_player()
            if player == self.seat:
                return
            if player == garrison.CHANCE:
                play_chance(state, self.np_random)
            else:
                state.apply_action(self._bots[player].step(state), seat=player)

    def _observation(self) -> Any:
        state = self.garrison_state
        tensor = state.observation_tensor(self.seat)
        if self.mask_in_obs:
            return {"observation": tensor, "action_mask": self.action_masks()}
        return tensor

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        self._state = self.game.new_initial_state()
        self._bots = {
            s: make_bot(self.game, bot, s, seed=int(self.np_random.integers(2**31)))
            for s, bot in self.opponents.items()
        }
        self._over = False
        self._advance()
        self._score = running_score(self._state, self.seat) if self.reward == "score" else 0.0
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        state = self.garrison_state
        if self._over or state.is_terminal():
            raise GameOverError("the episode is over; call reset() to start a new game")
        try:
            state.apply_action(action, seat=self.seat)
        except (IllegalActionError, InvalidActionError):
            if self.illegal == "raise":
                raise
            self._over = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), float(self.game.min_utility), True, False, info
        self._advance()
        terminated = state.is_terminal()
        info = self._info()
        if self.reward == "score":
            score = running_score(state, self.seat)
            reward, self._score = score - self._score, score
            if terminated:
                info["return"] = float(state.returns()[self.seat])
        else:
            reward = float(state.returns()[self.seat]) if terminated else 0.0
        self._over = terminated
        return self._observation(), reward, terminated, False, info

    def render(self) -> str | None:
        return render_text(self.game, self.garrison_state, self.seat, self.render_mode)

    def close(self) -> None:
        pass


def register(names: Sequence[str] | None = None) -> list[str]:
    """Register Garrison games with Gymnasium (all by default) and return their ids, so that
    ``gymnasium.make("garrison/gambit-v2", seat=0, players=2)`` and ``gymnasium.make_vec``
    work. ``import garrison.interop`` has already done it; safe to call again."""
    return register_gymnasium(names)


def env(
    name: str,
    seat: int = 0,
    opponents: str | Sequence[str] | Mapping[int, str] = "random",
    **kwargs: Any,
) -> GarrisonGymEnv:
    """A single-seat environment of Garrison game ``name``; other keywords are game options
    (besides ``render_mode``, ``mask`` and ``illegal``)."""
    return GarrisonGymEnv(name, seat=seat, opponents=opponents, **kwargs)


__all__ = ["GarrisonGymEnv", "LegalDiscrete", "env", "env_id", "register"]

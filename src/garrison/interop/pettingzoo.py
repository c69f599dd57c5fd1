"""Every Garrison game as a PettingZoo AEC environment.

>>> from garrison.interop import pettingzoo
>>> env = pettingzoo.env("gambit", players=2)
>>> env.reset(seed=1)
>>> env.agent_selection
'player_0'
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs)
['action_mask', 'observation']

* Agents are ``player_0`` .. ``player_{n-1}`` (seat ``i`` is ``player_i``).
* ``observe(agent)`` is ``{"observation": float32 tensor of that seat's observation,
  "action_mask": int8 vector}``; the mask is all zeros when the agent is not to move.
* Chance (deals, dice) is drawn from the environment's generator, seeded by ``reset(seed=...)``;
  the same seed and the same actions give the same game.
* Rewards are the game's returns, given once, when the game ends; no truncation (every game has
  a bounded length).
* Illegal actions (``illegal="lose"``, the default, as PettingZoo's classic games): an id of the
  action space that the agent to move may not play now ends the game: that agent's reward is the
  game's lowest return (``game.min_utility``), every other agent's 0, every agent terminates, and
  ``infos[agent]["illegal_move"]`` is True for the offender (False for the others). The game
  itself is left as it was; every mask is then all zeros. ``illegal="raise"`` raises
  ``garrison.IllegalActionError`` instead and changes nothing. Either way an action that is not
  an id of the space (out of range, not an integer) raises ``garrison.InvalidActionError``;
  no action is ever replaced by another.
* ``reward="score"`` (off by default): a shaped reward for the games that score hand by hand
  (Scopa, Solo 66, Soldateska, 1848): at each step every agent gets the change of its running
  score (the game's ``running_score``: its side's points, the match score, its ducats, the
  victory points it would get now; read from its own observation), so its
  rewards add up to its final score; ``infos[agent]["return"]`` holds the return at the end.
* ``render()`` (modes ``"ansi"`` and ``"human"``) shows the public (spectator) view.

``parallel_env(name, **options)`` is the same game as a PettingZoo ``ParallelEnv``: every agent
gets its observation at every step and every live agent may send an action, but Garrison games
are turn-based, so only the agent to move acts; the others' actions are ignored (a no-op: send
anything, or leave them out). The mover is the agent whose ``action_mask`` is not all zeros
(``infos[agent]["to_move"]`` says so too). Same seed and same actions: the same game as the AEC
environment, illegal actions included (``illegal=`` as for ``env``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

import garrison
from garrison.core import CHANCE, State

from ._common import check_reward, legal_mask, play_chance, render_text, running_score


def agent_name(seat: int) -> str:
    return f"player_{seat}"


#: What the PettingZoo environments do with an illegal action: end the game with a penalty for
#: the agent that played it (PettingZoo's classic games), or raise.
ILLEGAL_MODES = ("lose", "raise")


def _check_illegal(illegal: str) -> str:
    if illegal not in ILLEGAL_MODES:
        raise garrison.OptionError(f"illegal must be lose or raise (got {illegal!r})")
    return illegal


def _refused(state: State, action: Any, num_actions: int) -> bool:
    """Is ``action`` an id of the action space that the seat to move may not play now?"""
    return bool(isinstance(action, (int, np.integer)) and not isinstance(action, bool)
                and 0 <= action < num_actions and int(action) not in state.legal_actions())


class _Agents:
    """What both environments answer the same way: each agent's spaces, and the state played."""

    observation_spaces: dict[str, spaces.Space[Any]]
    action_spaces: dict[str, spaces.Space[Any]]
    _state: State | None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def garrison_state(self) -> State:
        """The Garrison state being played (for our own tools; an agent must not be shown it).

        Raises:
            GameError: before the first ``reset()``.
        """
        if self._state is None:
            raise garrison.GameError("call reset() first")
        return self._state


def _illegal_end(game: garrison.Game, agents: list[str], offender: str, reward: str
                 ) -> dict[str, tuple[float, dict[str, Any]]]:
    """Each agent's reward and infos when ``offender`` ended the game with an illegal action:
    the game's lowest return for it, 0 for the others (in both reward modes; with
    ``reward="score"`` the infos' ``return`` says the same)."""
    out: dict[str, tuple[float, dict[str, Any]]] = {}
    for a in agents:
        value = float(game.min_utility) if a == offender else 0.0
        flags: dict[str, Any] = {"illegal_move": a == offender}
        if reward == "score":
            flags["return"] = value
        out[a] = (value, flags)
    return out


class GarrisonAECEnv(_Agents, AECEnv):  # type: ignore[misc]  # PettingZoo has no stubs
    """The raw AEC environment of one Garrison game (``env()`` wraps it in order checks)."""

    agent_selection: str
    #: ``"lose"`` (an illegal action ends the game with a penalty) or ``"raise"``
    illegal: str
    #: the game was ended by an illegal action (the state is as it was before it)
    ended_by_illegal: bool

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, name: str, render_mode: str | None = None, reward: str = "return",
                 illegal: str = "lose", **options: Any) -> None:
        """Raises ``OptionError`` for a bad option, render mode, reward or illegal mode."""
        super().__init__()
        self.game = garrison.load(name, **options)
        self.reward = check_reward(self.game, reward)
        self.illegal = _check_illegal(illegal)
        self.ended_by_illegal = False
        self._scores: list[float] = []
        self.metadata = {**type(self).metadata, "name": f"garrison_{self.game.name}_v{self.game.version}"}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise garrison.OptionError(
                f"render_mode must be one of {', '.join(self.metadata['render_modes'])} (got {render_mode!r})"
            )
        self.render_mode = render_mode
        n = self.game.num_players
        self.possible_agents = [agent_name(s) for s in range(n)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        actions = self.game.num_distinct_actions
        low, high = self.game.tensor_bounds()  # the encoder's real ranges
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.np_random: np.random.Generator | None = None
        self._state: State | None = None

    # -- the game ------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self.np_random is None:
            self.np_random, _ = seeding.np_random(seed)
        self._state = self.game.new_initial_state()
        self.ended_by_illegal = False
        play_chance(self._state, self.np_random)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._scores = self._running()
        self._select()

    def _running(self) -> list[float]:
        """Every seat's running score (``reward="score"``), else nothing."""
        if self.reward != "score":
            return []
        return [running_score(self.garrison_state, s) for s in range(self.game.num_players)]

    def _select(self) -> None:
        state = self.garrison_state
        if self.reward == "score" and self.agents:
            scores = self._running()
            for a in self.agents:
                seat = self._seat[a]
                self.rewards[a] = scores[seat] - self._scores[seat]
            self._scores = scores
        if state.is_terminal():
            returns = state.returns()
            for a in self.agents:
                if self.reward == "score":
                    self.infos[a] = {"return": float(returns[self._seat[a]])}
                else:
                    self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
            if self.agent_selection not in self.agents:
                self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(state.current_player())

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.garrison_state
        if action is None:
            raise garrison.InvalidActionError(f"{agent} is to move: an action id is needed, not None")
        if self.illegal == "lose" and _refused(state, action, self.game.num_distinct_actions):
            self._cumulative_rewards[agent] = 0.0
            self._clear_rewards()
            self.ended_by_illegal = True
            for a, (reward, flags) in _illegal_end(self.game, self.agents, agent, self.reward).items():
                self.rewards[a] = reward
                self.infos[a] = flags
                self.terminations[a] = True
            self._accumulate_rewards()
            return
        state.apply_action(action, seat=self._seat[agent])
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        play_chance(state, self.np_random)
        self._select()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        state = self.garrison_state
        mask = legal_mask(state, self.game.num_distinct_actions, seat)
        if self.ended_by_illegal:
            mask[:] = 0
        return {"observation": state.observation_tensor(seat), "action_mask": mask}

    def render(self) -> str | None:
        # the spectator's view: render() goes through the observation gate like everything else
        return render_text(self.game, self.garrison_state, None, self.render_mode)

    def close(self) -> None:
        pass


class GarrisonParallelEnv(_Agents, ParallelEnv):  # type: ignore[misc]  # no stubs
    """A Garrison game as a PettingZoo ``ParallelEnv``: all agents observe, the mover acts.

    Turn-based games fit the parallel API this way: at every step exactly one agent (the seat to
    move) has legal actions; the actions of the others are no-ops and are not read. The game,
    chance and rewards are the AEC environment's: chance is drawn from the generator that
    ``reset(seed=...)`` seeds, rewards are the returns when the game ends (then every agent
    terminates and ``agents`` is empty), never truncated.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}
    #: ``"lose"`` (an illegal action ends the game with a penalty) or ``"raise"``
    illegal: str

    def __init__(self, name: str, render_mode: str | None = None, reward: str = "return",
                 illegal: str = "lose", **options: Any) -> None:
        """Raises ``OptionError`` for an unknown option, a bad value, render mode, reward or
        illegal mode."""
        self._aec = GarrisonAECEnv(name, render_mode=render_mode, reward=reward, illegal=illegal,
                                   **options)
        self.reward = reward
        self.illegal = illegal
        self._scores: list[float] = []
        self.game = self._aec.game
        self.metadata = {**type(self).metadata, "name": self._aec.metadata["name"]}
        self.render_mode = render_mode
        self.possible_agents = list(self._aec.possible_agents)
        self.observation_spaces = self._aec.observation_spaces
        self.action_spaces = self._aec.action_spaces
        self.agents: list[str] = []
        self.np_random: np.random.Generator | None = None
        self._state: State | None = None


    def _views(self) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        state = self.garrison_state
        mover = state.current_player()
        obs: dict[str, dict[str, np.ndarray]] = {}
        infos: dict[str, dict[str, Any]] = {}
        for seat, agent in enumerate(self.possible_agents):
            obs[agent] = {
                "observation": state.observation_tensor(seat),
                "action_mask": legal_mask(state, self.game.num_distinct_actions, seat),
            }
            infos[agent] = {"to_move": seat == mover}
        return obs, infos

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None or self.np_random is None:
            self.np_random, _ = seeding.np_random(seed)
        self._state = self.game.new_initial_state()
        play_chance(self._state, self.np_random)
        self.agents = list(self.possible_agents)
        self._scores = self._running()
        return self._views()

    def _running(self) -> list[float]:
        if self.reward != "score":
            return []
        return [running_score(self.garrison_state, s) for s in range(self.game.num_players)]

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]:
        """Apply the mover's action (``actions[<agent to move>]``); the others are ignored.

        An id of the action space that the mover may not play now ends the game with the
        game's lowest return for it (``illegal="lose"``, the default; ``infos[agent]
        ["illegal_move"]``).

        Raises ``GameOverError`` once the game is over (call ``reset``), ``InvalidActionError``
        when the mover's action is missing or not an id of the space, ``IllegalActionError``
        (``illegal="raise"``) when it is not legal now (nothing changes then)."""
        state = self.garrison_state
        if not self.agents or state.is_terminal():
            raise garrison.GameOverError("the game is over; call reset() to start a new one")
        mover = state.current_player()
        agent = agent_name(mover)
        if mover == CHANCE or agent not in actions or actions[agent] is None:
            raise garrison.InvalidActionError(
                f"{agent} is to move: actions must hold its action id (the other agents' are ignored)")
        if self.illegal == "lose" and _refused(state, actions[agent], self.game.num_distinct_actions):
            return self._illegal_end(agent)
        state.apply_action(actions[agent], seat=mover)
        play_chance(state, self.np_random)
        obs, infos = self._views()
        over = state.is_terminal()
        returns = state.returns() if over else [0.0] * len(self.possible_agents)
        if self.reward == "score":
            scores = self._running()
            rewards = {a: scores[s] - self._scores[s] for s, a in enumerate(self.possible_agents)}
            self._scores = scores
            if over:
                for s, a in enumerate(self.possible_agents):
                    infos[a]["return"] = float(returns[s])
        else:
            rewards = {a: float(returns[s]) for s, a in enumerate(self.possible_agents)}
        terminations = {a: over for a in self.possible_agents}
        truncations = {a: False for a in self.possible_agents}
        if over:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def _illegal_end(self, offender: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]:
        """The step that ends the game after ``offender``'s illegal action (the state is left
        as it was; every mask is all zeros)."""
        obs, infos = self._views()
        end = _illegal_end(self.game, self.possible_agents, offender, self.reward)
        rewards = {a: end[a][0] for a in self.possible_agents}
        for a in self.possible_agents:
            obs[a]["action_mask"][:] = 0
            infos[a].update(end[a][1])
            infos[a]["to_move"] = False
        self.agents = []
        return (obs, rewards, {a: True for a in self.possible_agents},
                {a: False for a in self.possible_agents}, infos)

    def render(self) -> str | None:
        return render_text(self.game, self.garrison_state, None, self.render_mode)

    def close(self) -> None:
        pass


def parallel_env(name: str, render_mode: str | None = None, **options: Any) -> GarrisonParallelEnv:
    """Garrison game ``name`` as a PettingZoo ``ParallelEnv`` (the mover acts, the others' actions
    are no-ops; ``reward="score"`` and ``illegal=`` as for ``env``); raises ``OptionError`` for a
    bad option."""
    return GarrisonParallelEnv(name, render_mode=render_mode, **options)


def raw_env(name: str, render_mode: str | None = None, **options: Any) -> GarrisonAECEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return GarrisonAECEnv(name, render_mode=render_mode, **options)


def env(name: str, render_mode: str | None = None, **options: Any) -> AECEnv:
    """An AEC environment of Garrison game ``name`` with ``options`` (validated by the game);
    ``illegal="lose"`` (default) or ``"raise"``, ``reward="return"`` (default) or ``"score"``.
    Raises ``OptionError`` for a bad option or mode."""
    return wrappers.OrderEnforcingWrapper(raw_env(name, render_mode=render_mode, **options))


__all__ = ["GarrisonAECEnv", "GarrisonParallelEnv", "agent_name", "env", "parallel_env", "raw_env"]

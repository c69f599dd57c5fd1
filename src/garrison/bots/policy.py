"""A trained policy as a bot, so that it can sit in the arena and at the table by name.

A policy is any callable ``act(tensor, mask) -> action``: ``tensor`` is the seat's observation
tensor (``state.observation_tensor(seat)``, float32, the gate's encoding) and ``mask`` a bool
array over the game's ``num_distinct_actions`` with the legal actions set. Register it under a
name, then use the name wherever a bot name goes in this process (``make_bot``, ``run_arena``
with ``jobs=1``, ``simulate``):

>>> import garrison, numpy as np
>>> from garrison.bots import make_bot, register_policy, unregister_policy
>>> _ = register_policy("first-legal", lambda tensor, mask: int(np.flatnonzero(mask)[0]))
>>> game = garrison.load("gambit", players=2)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(0)
>>> make_bot(game, "first-legal", seat=0).step(state) == state.legal_actions()[0]
True
>>> unregister_policy("first-legal")
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from garrison.core import Bot, Game, GameError, OptionError, State

#: ``act(tensor, mask) -> action``
Policy = Callable[[np.ndarray, np.ndarray], Any]

#: Policies registered in this process: name -> bot class.
POLICIES: dict[str, type[Bot]] = {}


class PolicyBot(Bot):
    """Plays ``act(observation tensor, legal mask)``; an action outside the legal ones is an
    error naming it (a policy's mistake is shown, never replaced by another move)."""

    name = "policy"
    description = "a trained policy: act(observation tensor, legal mask) -> action"
    act: Policy

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        mask = np.zeros(self.game.num_distinct_actions, dtype=bool)
        mask[legal] = True
        action = self.act(state.observation_tensor(self.seat), mask)
        if isinstance(action, np.ndarray):
            action = action.item()
        if not isinstance(action, (int, np.integer)) or int(action) not in legal:
            raise GameError(f"policy '{self.name}' chose {action!r}, which is not a legal action "
                            f"here; legal: {legal}")
        return int(action)


def register_policy(name: str, act: Policy, description: str = "") -> type[Bot]:
    """Make ``act`` a bot called ``name`` for every game in this process. Raises
    ``OptionError`` for a name that is empty, has a colon or is already a bot of the kernel."""
    from . import GENERIC

    key = name.strip().lower()
    if not key or ":" in key or key in GENERIC:
        raise OptionError(f"a policy needs a new bot name without ':' (got {name!r}; taken: "
                          f"{', '.join(GENERIC)})")
    cls = type(f"Policy_{key}", (PolicyBot,), {
        "name": key, "act": staticmethod(act),
        "description": description or f"the policy registered as '{key}'",
    })
    POLICIES[key] = cls
    return cls


def unregister_policy(name: str) -> None:
    """Forget the policy registered as ``name`` (nothing happens if there is none)."""
    POLICIES.pop(name.strip().lower(), None)


def policy_class(game: Game | type[Game], key: str) -> type[Bot] | None:
    """The registered policy called ``key`` (a game's own bot of that name comes first)."""
    if key in game.bots:
        return None
    return POLICIES.get(key)


__all__ = ["POLICIES", "PolicyBot", "register_policy", "unregister_policy"]

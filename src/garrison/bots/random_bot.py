"""The uniformly random bot: the baseline every other bot must beat."""

from __future__ import annotations

from garrison.core import Bot, State


class RandomBot(Bot):
    """Picks one of the legal actions uniformly at random."""

    name = "random"
    description = "plays a uniformly random legal action"

    def step(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())

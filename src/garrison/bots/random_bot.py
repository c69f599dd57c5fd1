"""The uniformly random bot: the baseline every other bot must beat."""

from __future__ import annotations

from garrison.core import State
from garrison.core.bot import StreamBot
from garrison.core.streams import pick


class RandomBot(StreamBot):
    """Picks one of the legal actions uniformly at random: with a choice, the index ``pick``
    makes of its stream's next seed (the batched engine plays it in C from the same stream)."""

    name = "random"
    description = "plays a uniformly random legal action"

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return legal[pick(self.next_seed(), len(legal))]

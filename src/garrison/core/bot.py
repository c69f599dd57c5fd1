"""The bot interface every player program implements (random, heuristic, search).

A bot sees the game only as a player would: it reads ``state.observation(seat)`` and
``state.legal_actions()``, and a search bot works on ``state.resample(seat, rng)`` copies, never
on the true hidden information. Bots take an explicit seed.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, Protocol

from .streams import seed_at, stream_start

#: Seeds and stream positions are taken modulo 2**64 (the streams' arithmetic wraps there).
_MASK64 = 0xFFFF_FFFF_FFFF_FFFF

if TYPE_CHECKING:
    import numpy as np

    from .game import Game
    from .state import State


class Bot:
    """A player program for one seat of one game."""

    name: ClassVar[str] = "bot"
    #: One line for ``garrison list``.
    description: ClassVar[str] = ""
    #: Seconds one ``step`` may take at most, whatever the bot's own settings say (``None``: no
    #: limit). Whoever runs the bot sets it (the server sets its operator's limit); a search bot
    #: stops searching by then and plays the best move found so far.
    time_limit: float | None = None

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    def step(self, state: State) -> int:
        """The action to play in ``state``, where it is this bot's turn."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"


class StreamBot(Bot):
    """A bot whose choices draw from a stream of seeds (``garrison.core.streams``) rather than
    a Mersenne Twister: a splitmix64 step per draw, made from its seed in one step, so that the
    batched engine seeds and steps it in C at no cost, the same draws wherever it plays."""

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        # no Mersenne Twister unless asked for (``rng``): seeding one costs more than a whole
        # move of a compiled policy, and the batched engine makes bots at every game
        self.game = game
        self.seat = seat
        self._seed = seed
        self._rng: random.Random | None = None
        #: The bot's draws: the n-th move with a choice draws from seed ``seed_at(n)`` of a
        #: stream starting here (the batched engine steps it in C the same way).
        self.stream = stream_start(seed & _MASK64) if seed is not None else random.getrandbits(64)
        #: Seeds drawn so far.
        self.draws = 0

    @property
    def rng(self) -> random.Random:  # type: ignore[override]  # made on first use
        """A generator seeded like any bot's (the bot's own choices draw from ``stream``)."""
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return self._rng

    def seed_at(self, n: int) -> int:
        """The ``n``-th seed of the bot's stream (a splitmix64 step apart)."""
        return seed_at(self.stream, n & _MASK64)

    def next_seed(self) -> int:
        """The stream's next seed (``draws`` moves on by one)."""
        seed = self.seed_at(self.draws)
        self.draws += 1
        return seed


class CompiledPolicyBot(StreamBot):
    """A game's rule-of-thumb bot written once, in C, in the game's compiled rules (the hook
    ``_policy`` of ``garrison.core.compiled``): ``step`` asks the state for its move with a seed
    drawn from the bot's stream. Search plays its rollouts with the same policy in C
    (``policy_playout``), and the batched research environment steps it without Python logic."""

    #: Read by the search bots and the batched environment: this bot's moves come from the
    #: compiled state's ``policy_action``.
    compiled_policy: ClassVar[bool] = True
    #: Which of the game's compiled bots this is (``policy_action(seed, policy)``): 0, its
    #: rule-of-thumb bot; a game with more numbers the others (Stratego's move prior is 1).
    compiled_id: ClassVar[int] = 0

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return int(state.policy_action(self.next_seed(), self.compiled_id))  # type: ignore[attr-defined]


class BotMaker(Protocol):
    """Makes the bots of a batched table's new game (``interop.batch._BotMaker``): seeded from
    the table's generator, or, when every bot is a plain ``CompiledPolicyBot``, seeded in C by
    the tables (``seeded_in_c`` gives their seats in seed order, ``bot`` makes one when asked)."""

    def __call__(self, rng: np.random.Generator) -> dict[int, Bot]: ...
    def seeded_in_c(self) -> list[int] | None: ...
    def random_seats(self) -> list[int]: ...
    def bot(self, seat: int, seed: int) -> Bot: ...


__all__ = ["Bot", "BotMaker", "CompiledPolicyBot", "StreamBot"]

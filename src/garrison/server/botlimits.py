"""The operator's limits on the bots a client may name.

A bot name carries settings (``ismcts:sims=500``, ``pimc:worlds=20:nodes=4000``, ``ismcts:2s``).
The kernel's parser (``garrison.bots.bot_class``) judges that every setting exists and makes
sense for the game; this module adds what only the server can judge: how much work one move may
ask for. A table whose name asks for more is refused when it is created (``check``); a table
stored before these limits existed (or under larger ones) is clamped when it is loaded
(``clamp``), so it plays on within them. Whatever the name says, the bot also gets the
operator's ``time_limit`` for a move.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from garrison.bots import bot_class
from garrison.bots.search import SearchBot
from garrison.core import GameError

from .errors import ServerError


@dataclass(frozen=True)
class BotLimits:
    """Largest value of each numeric bot setting a client may ask for."""

    #: Seconds one move may take (``seconds`` in a name; every bot's hard time limit).
    seconds: float = 10.0
    #: Simulations (ISMCTS), worlds (PIMC), search nodes per world, search depth, rollout length.
    sims: int = 20_000
    worlds: int = 1_000
    nodes: int = 100_000
    depth: int = 64
    maxlen: int = 2_000
    #: Worlds ISMCTS may try for each simulation (``infer``) and tricks it may solve exactly at
    #: the end of each (``exact``): work inside one simulation, which the time limit (checked
    #: between simulations) cannot cut short.
    infer: int = 64
    exact: int = 4
    #: Steps of the chain over worlds ISMCTS may take for each simulation (``walk``): the same
    #: kind of work (the search also reads its hard time limit every eight steps).
    walk: int = 64

    def maximum(self, key: str) -> float | None:
        """The largest value of setting ``key`` (``horizon`` as a count of actions), if bounded."""
        if key == "horizon":
            return self.maxlen
        value = getattr(self, key, None)
        return float(value) if isinstance(value, (int, float)) else None

    def _parsed(self, game: Any, name: str) -> tuple[str, type[Any]]:
        try:
            cls = bot_class(game, name)
        except GameError as err:
            raise ServerError("bad_option", str(err)) from None
        return name.strip().lower().partition(":")[0].strip(), cls

    def _over(self, cls: type[Any]) -> list[tuple[str, Any, float]]:
        """``(setting, value, maximum)`` of every setting in the name above its maximum."""
        if not (isinstance(cls, type) and issubclass(cls, SearchBot)):
            return []
        out = []
        for key, value in cls.preset.items():
            top = self.maximum(key)
            if top is None:
                continue
            number = float(value) if not isinstance(value, str) else (
                float(value) if value.isdigit() else None)
            if number is not None and (not math.isfinite(number) or number > top):
                out.append((key, value, top))
        return out

    def check(self, game: Any, name: str) -> str:
        """The name as a table stores it (trimmed, lower case), if a client may ask for it.

        Raises:
            ServerError: ``bad_option`` naming the setting and its allowed range, or what the
                kernel's parser said of the name.
        """
        key, cls = self._parsed(game, name)
        over = self._over(cls)
        if over:
            setting, value, top = over[0]
            raise ServerError(
                "bad_option", f"bot '{name.strip()}': {setting}={value} is more than this server "
                f"allows; {setting} may be at most {_number(top)}")
        return name.strip().lower()

    def clamp(self, game: Any, name: str) -> str:
        """The name with every setting over its maximum lowered to it (for tables stored
        before the limits); a name the parser refuses is returned as it is (the table's bot
        loop reports it)."""
        try:
            key, cls = self._parsed(game, name)
        except ServerError:
            return name
        over = self._over(cls)
        if not over:
            return name
        preset = dict(cls.preset)
        for setting, _value, top in over:
            preset[setting] = (float(top) if setting == "seconds"
                               else str(int(top)) if setting == "horizon" else int(top))
        return key + "".join(f":{k}={v}" for k, v in preset.items())


def _number(value: float) -> str:
    return f"{value:g}"

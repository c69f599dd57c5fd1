"""A table's clock (optional, chosen when the table is made): a time per move, or a time per
game for each seat, as on a chess server.

The turn of the seat to move begins when the move before it was stored (``since``). A person
who lets the time run out is not out of the game: a bot (the game's own quick player) makes
that move for them, and the table is told so. On a game clock a seat whose time is used up has
every later move of its made that way, at once. Bots are not on the clock (they have the
server's own time limit per move).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .errors import ServerError

#: Seconds a per-move clock and a per-game clock may be set to.
MOVE_RANGE = (5, 3600)
GAME_RANGE = (30, 36000)


@dataclass
class Clock:
    """The clock of one table: its kind and time, each seat's time left, the turn's start."""

    kind: str
    seconds: float
    #: Seconds left per seat (a game clock; a move clock keeps ``seconds`` for everyone).
    left: list[float] = field(default_factory=list)
    #: When the turn of the seat to move began (seconds since the epoch).
    since: float = 0.0

    @classmethod
    def make(cls, kind: str, seconds: int, seats: int, now: float) -> Clock:
        """A new clock.

        Raises:
            ServerError: ``bad_option`` for a kind or time outside what is allowed (named).
        """
        ranges = {"move": MOVE_RANGE, "game": GAME_RANGE}
        if kind not in ranges:
            raise ServerError("bad_option", f"clock kind '{kind}' is not one of: move, game")
        low, high = ranges[kind]
        if not low <= seconds <= high:
            raise ServerError("bad_option", f"a {kind} clock is set to {low} to {high} seconds, "
                                            f"not {seconds}")
        return cls(kind, float(seconds), [float(seconds)] * seats, now)

    def config(self) -> dict[str, Any]:
        return {"kind": self.kind, "seconds": self.seconds}

    def state_json(self) -> str:
        return json.dumps({"left": self.left, "since": self.since})

    @classmethod
    def load(cls, config: str | None, state: str | None, seats: int, now: float) -> Clock | None:
        """The clock a stored table has (``None``: none); a clock whose state was never
        written starts its turn now."""
        if not config:
            return None
        c = json.loads(config)
        clock = cls(str(c["kind"]), float(c["seconds"]), [float(c["seconds"])] * seats, now)
        if state:
            s = json.loads(state)
            clock.left = [float(x) for x in s["left"]][:seats]
            clock.since = float(s["since"])
        return clock

    def remaining(self, seat: int, now: float) -> float:
        """Seconds ``seat`` has left for the move it is to make now."""
        budget = self.seconds if self.kind == "move" else self.left[seat]
        return budget - (now - self.since)

    def moved(self, seat: int | None, clocked: bool, now: float) -> None:
        """A move was stored: charge a person's game clock for the turn, start the next."""
        if self.kind == "game" and seat is not None and clocked:
            self.left[seat] = max(0.0, self.left[seat] - (now - self.since))
        self.since = now

    def public(self, to_move: int | None, clocked: list[bool], now: float) -> dict[str, Any]:
        """What every seat sees: the kind, each clocked seat's time left now (a move clock:
        the mover's time for this move), and who is to move."""
        left: list[float | None] = []
        for seat, on in enumerate(clocked):
            if not on:
                left.append(None)
            elif seat == to_move:
                left.append(round(max(0.0, self.remaining(seat, now)), 1))
            else:
                left.append(self.seconds if self.kind == "move" else round(self.left[seat], 1))
        return {"type": "clock", "kind": self.kind, "seconds": self.seconds, "left": left,
                "to_move": to_move}

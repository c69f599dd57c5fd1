"""A table's clock (optional, chosen when the table is made): a time per move, or a time per
game for each seat, as on a chess server.

No seat's time runs before the game starts: the clock starts when the table's status becomes
playing (``start``). The turn of the seat to move begins when the move before it was stored
(``since``), or when its person took the seat back from a bot (``restart_turn``). Where the
clock stands is written with every move and, while a turn runs, every few seconds (``at``, the
moment it was last known to run), so that after a restart the seat to move goes on with the
time it had (``resume``): the time no process ran the table is nobody's. A person
who lets the time run out is not out of the game: a bot (the game's own quick player) makes
that move for them, and the table is told so. On a game clock a seat whose time is used up has
every later move of its made that way, at once. Bots are not on the clock (they have the
server's own time limit per move).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

from ..errors import ServerError

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
    #: When the turn of the seat to move began (seconds since the epoch); ``None`` until the
    #: game starts.
    since: float | None = None
    #: When a process last knew this clock to be running (written with its state).
    at: float | None = None
    #: Whether the process that wrote the state stopped running the clock then (it shut down).
    stopped: bool = False

    @classmethod
    def make(cls, kind: str, seconds: int, seats: int) -> Clock:
        """A new clock, not started.

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
        return cls(kind, float(seconds), [float(seconds)] * seats)

    def config(self) -> dict[str, Any]:
        return {"kind": self.kind, "seconds": self.seconds}

    @property
    def running(self) -> bool:
        """Whether the game has started, so that the seat to move spends its time."""
        return self.since is not None

    def copy(self) -> Clock:
        """An independent copy (a move's new clock is made on one, kept once the move is)."""
        return dataclasses.replace(self, left=list(self.left))

    def state_json(self, now: float, stopped: bool = False) -> str:
        """Where the clock stands, written at ``now`` (``stopped``: by a process that stops
        running it now)."""
        self.at = now
        self.stopped = stopped
        state = {"left": self.left, "since": self.since, "at": now}
        if stopped:
            state["stopped"] = True
        return json.dumps(state)

    @classmethod
    def load(cls, config: str | None, state: str | None, seats: int) -> Clock | None:
        """The clock a stored table has (``None``: none). A clock whose state was never written
        has not started."""
        if not config:
            return None
        c = json.loads(config)
        clock = cls(str(c["kind"]), float(c["seconds"]), [float(c["seconds"])] * seats)
        if state:
            clock.read_state(state, seats)
        return clock

    def read_state(self, state: str, seats: int) -> None:
        """Take where the clock stands from its stored JSON (written by this process or
        another)."""
        s = json.loads(state)
        self.left = [float(x) for x in s["left"]][:seats]
        self.since = None if s.get("since") is None else float(s["since"])
        self.at = None if s.get("at") is None else float(s["at"])
        self.stopped = bool(s.get("stopped", False))

    def start(self, now: float) -> None:
        """The game starts: the first turn begins now, with every seat's whole time."""
        self.left = [self.seconds] * len(self.left)
        self.since = now

    def restart_turn(self, now: float) -> None:
        """The turn of the seat to move begins again now (its person took the seat back from a
        bot, which is not on the clock)."""
        if self.since is not None:
            self.since = now

    def resume(self, now: float) -> None:
        """No process ran this clock from ``at`` until ``now`` (the server was down): the seat
        to move goes on with the time it had then."""
        if self.since is not None and self.at is not None and now > self.at:
            self.since += now - self.at
            self.at = now

    def remaining(self, seat: int, now: float) -> float:
        """Seconds ``seat`` has left for the move it is to make now (its whole time before the
        game starts)."""
        budget = self.seconds if self.kind == "move" else self.left[seat]
        if self.since is None:
            return budget
        return budget - (now - self.since)

    def moved(self, seat: int | None, clocked: bool, now: float) -> None:
        """A move was stored: charge a person's game clock for the turn, start the next."""
        if self.since is None:  # a move before the start: only a deal, made as it starts
            return
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

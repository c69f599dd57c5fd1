"""How Scopa names a side (docs/rules/scopa.md, "Players and seats"): a seat playing alone,
or a team of partners sitting opposite, lettered from A. The log, the text view, the
scoreboard and the plaques all name sides here."""

from __future__ import annotations

from collections.abc import Sequence

from garrison.core.seats import seat_label


def team_name(side: int) -> str:
    """The team's short name: ``team A`` for side 0."""
    return f"team {'ABC'[side]}"


def side_label(seats: Sequence[int], side: int) -> str:
    """A side by its seats: ``P2`` alone, ``team A (P1+P3)`` for partners."""
    if len(seats) == 1:
        return seat_label(seats[0])
    return f"{team_name(side)} ({'+'.join(map(seat_label, seats))})"

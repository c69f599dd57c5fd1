"""Seats and turn order: seats are 0..n-1 clockwise; "left" is the next seat.

The API counts seats from 0. Everything a person reads (logs, views, errors, the page's
scoreboard) names a seat with ``seat_label``: P1 for seat 0, P2 for seat 1, and so on.

>>> seat_label(0), seat_label(3)
('P1', 'P4')
>>> order_from(2, 4)
(2, 3, 0, 1)
>>> next_active(3, 4, active=(True, False, True, False))
0
"""

from __future__ import annotations

from collections.abc import Sequence


def seat_label(seat: int) -> str:
    """How a person reads ``seat`` (0-based) in every text: ``P1`` … ``Pn``."""
    return f"P{seat + 1}"


def left_of(seat: int, num_players: int) -> int:
    """The next seat clockwise."""
    return (seat + 1) % num_players


def order_from(first: int, num_players: int) -> tuple[int, ...]:
    """All seats in turn order, starting with ``first``."""
    return tuple((first + i) % num_players for i in range(num_players))


def next_active(seat: int, num_players: int, active: Sequence[bool]) -> int:
    """The next seat clockwise after ``seat`` that is still in (``active``); -1 if none."""
    for step in range(1, num_players + 1):
        s = (seat + step) % num_players
        if active[s]:
            return s
    return -1


def active_order(first: int, active: Sequence[bool]) -> tuple[int, ...]:
    """The seats still in, in turn order from ``first`` (or the next active seat after it)."""
    n = len(active)
    return tuple(s for s in order_from(first, n) if active[s])


__all__ = ["seat_label", "left_of", "order_from", "next_active", "active_order"]

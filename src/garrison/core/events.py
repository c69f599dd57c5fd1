"""A persistent event log: O(1) to add, shared safely between a state, its clones and undo.

States keep their log as a chain of ``(event, previous)`` pairs, an immutable value that fits the
State rule; ``entries`` lists it oldest first.

>>> log = push(push(EMPTY, "dealt"), "played")
>>> entries(log)
['dealt', 'played']
"""

from __future__ import annotations

from typing import Any

#: The empty log.
EMPTY: tuple[Any, ...] = ()


def push(log: tuple[Any, ...], event: Any) -> tuple[Any, ...]:
    """The log with ``event`` added at the end."""
    return (event, log)


def entries(log: tuple[Any, ...], last: int | None = None) -> list[Any]:
    """Every event, oldest first (or only the ``last`` ones)."""
    out: list[Any] = []
    while log and (last is None or len(out) < last):
        event, log = log
        out.append(event)
    out.reverse()
    return out


__all__ = ["EMPTY", "push", "entries"]

"""A persistent list: O(1) to add at the end, shared safely between copies that go on apart.

It is a chain of ``(item, previous)`` pairs, an immutable value: a copy keeps the chain it was
copied with and adds to its own. The research adapters keep the moves a seat has not yet read
this way (``interop/openspiel.py``, ``interop/_common.py``: a copied OpenSpiel state shares
them); ``entries`` lists it oldest first. (The games' own logs are the kernel's C event buffer,
``compiled.pyx``, worded by ``core/log.py``.)

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

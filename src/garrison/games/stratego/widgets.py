"""The board for a graphical front end (``Game.widgets``): built only from the observation.

One zone, the 10 x 10 board. A square is ``[row, col]`` with row 0 Red's back row (``a1`` is
``[0, 0]``); ``flip`` asks the page to draw it from Blue's side. A cell is ``null`` (empty land),
``{"lake": true}``, or a piece ``{"side", "rank", "name", "moved", "known"}`` where ``rank`` and
``name`` are ``null`` for an enemy piece whose rank the seat does not know. A move or an attack
is a click on the piece, then on the square it goes to; placing a piece during setup is a click
on a square; a random or catalogue setup stays a button.
"""

from __future__ import annotations

from typing import Any

from .actions import PLACE, RANDOM_SETUP, move_target
from .board import COLUMNS, LAKES, SIZE
from .pieces import NAMES, SHORT


def _rc(square: int) -> list[int]:
    return list(divmod(square, SIZE))


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    seat = obs.get("seat")
    cells: list[Any] = []
    for square, cell in enumerate(obs.get("board") or [None] * SIZE * SIZE):
        if square in LAKES:
            cells.append({"lake": True})
        elif cell is None:
            cells.append(None)
        else:
            side, rank, moved, known = cell
            cells.append({"side": side, "rank": None if rank is None else SHORT[rank],
                          "name": None if rank is None else NAMES[rank],
                          "moved": bool(moved), "known": bool(known), "mine": side == seat})
    board = {"kind": "board", "id": "board", "rows": SIZE, "cols": SIZE, "flip": seat == 1,
             "files": COLUMNS, "sides": ["Red", "Blue"], "cells": cells}
    setup = obs.get("setup") or {}
    acts: list[dict[str, Any]] = []
    for a in legal:
        if a < PLACE:
            acts.append({"id": a, "kind": "move", "zone": "board", "from": _rc(a // 36),
                         "to": _rc(move_target(a))})
        elif a < RANDOM_SETUP:
            acts.append({"id": a, "kind": "square", "zone": "board", "square": _rc(a - PLACE),
                         "verb": f"place {setup.get('next') or 'piece'}"})
        else:
            acts.append({"id": a, "kind": "button"})
    return {"zones": [board], "actions": acts}

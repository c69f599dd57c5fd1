"""The board for a graphical front end (``Game.widgets``): built only from the observation.

One zone, the 10 x 10 board. A square is ``[row, col]`` with row 0 Red's back row (``a1`` is
``[0, 0]``); ``flip`` asks the page to draw it from Blue's side. A cell is ``null`` (empty land),
``{"lake": true}``, or a piece ``{"side", "rank", "name", "moved", "known"}`` where ``rank`` and
``name`` are ``null`` for an enemy piece whose rank the seat does not know. A move or an attack
is a click on the piece, then on the square it goes to; placing a piece during setup is a click
on a square; a random setup stays a button; a catalogue setup is chosen by its name, with a
preview of its rows (``kind: "setup"``). ``last`` is the last move's two squares.
"""

from __future__ import annotations

import re
from typing import Any

from .actions import CATALOGUE, PLACE, RANDOM_SETUP, move_target
from .board import COLUMNS, LAKES, SIZE, parse_square
from .pieces import NAMES, SHORT
from .setups import EMPTY, catalogue_layout, setup_name

MOVE = re.compile(r"([a-j](?:10|[1-9]))[-x]([a-j](?:10|[1-9]))")


def _rc(square: int) -> list[int]:
    return list(divmod(square, SIZE))


def _last_move(obs: dict[str, Any]) -> list[list[int]] | None:
    """The squares of the last move (from, to), read from the public log ("Red e4-e5 ...")."""
    for line in reversed(obs.get("log") or []):
        words = line.split()
        if len(words) > 1 and words[0] in ("Red", "Blue"):
            match = MOVE.fullmatch(words[1].rstrip(":"))
            if match:
                return [_rc(parse_square(match.group(1))), _rc(parse_square(match.group(2)))]
    return None


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
             "files": COLUMNS, "sides": ["Red", "Blue"], "cells": cells,
             "last": _last_move(obs)}
    setup = obs.get("setup") or {}
    acts: list[dict[str, Any]] = []
    p = game.params
    for a in legal:
        if a >= CATALOGUE:  # a named setup with a preview of its rows, from the owner's chair
            k = a - CATALOGUE
            layout = catalogue_layout(p.army, game.rules.army, p.setup_rows, p.setup_file, k)
            acts.append({"id": a, "kind": "setup", "name": setup_name(layout, k),
                         "preview": [None if r == EMPTY else SHORT[r] for r in layout]})
            continue
        if a < PLACE:
            acts.append({"id": a, "kind": "move", "zone": "board", "from": _rc(a // 36),
                         "to": _rc(move_target(a))})
        elif a < RANDOM_SETUP:
            acts.append({"id": a, "kind": "square", "zone": "board", "square": _rc(a - PLACE),
                         "verb": f"place {setup.get('next') or 'piece'}"})
        else:
            acts.append({"id": a, "kind": "button"})
    return {"zones": [board], "actions": acts}

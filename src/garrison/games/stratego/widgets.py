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

from garrison.core.widgets import count, seats

from .actions import CATALOGUE, PLACE, RANDOM_SETUP, move_target
from .board import COLUMNS, LAKES, SIZE, parse_square
from .pieces import BOMB, FLAG, MINER, NAMES, SCOUT, SHORT, SPY
from .setups import EMPTY, catalogue_layout, setup_name

MOVE = re.compile(r"([a-j](?:10|[1-9]))[-x]([a-j](?:10|[1-9]))")
FIGHT = re.compile(r"(Red|Blue) ([a-j](?:10|[1-9]))x([a-j](?:10|[1-9])): (\w+) attacks (\w+); (.+)")
SIDES = ("Red", "Blue")
RANK_OF = {name: r for r, name in enumerate(NAMES)}


def _side_moves(obs: dict[str, Any]) -> list[dict[str, Any]]:
    """Each side's last move (its two squares), from the observation's ``last_moves``."""
    moves = (obs.get("last_moves") or {}).get("moves") or []
    return [{"side": side, "squares": [_rc(parse_square(m["from"])), _rc(parse_square(m["to"]))]}
            for side, m in enumerate(moves) if m]


def _fight(obs: dict[str, Any]) -> dict[str, Any] | None:
    """The last move, if it was a fight: both pieces (public once they fought) and the outcome."""
    f = (obs.get("last_moves") or {}).get("fight")
    if not f:
        return None
    a, d = f["attacker"], f["defender"]
    return {"square": f["to"],
            "attacker": {"side": f["side"], "name": NAMES[a], "rank": SHORT[a]},
            "defender": {"side": 1 - f["side"], "name": NAMES[d], "rank": SHORT[d]},
            "outcome": f["outcome"][0].upper() + f["outcome"][1:] + "."}


def help_text(game: Any) -> list[str]:
    """How to play this table: the army and rows its options set, in the board's own words."""
    p = game.params
    army = game.rules.army
    n = len(army)
    kinds = ", ".join(f"{count(army.count(r), NAMES[r], NAMES[r] + 's')}" for r in sorted(set(army), key=lambda r: (r in (FLAG, BOMB), -r)))
    paras = [
        f"Two armies of {n} pieces face each other on a 10 by 10 board with two lakes: {kinds}. "
        "You see the ranks of your own pieces only.",
        f"First each side sets up its army in its {count(p.setup_rows, 'back row', 'back rows')}: "
        "pick pieces from the tray in any order (or drag them), swap two placed pieces, undo, fill the "
        "rest at random or start from a ready-made or saved layout; press Ready to send it.",
        f"Then you take turns moving one piece one square forward, back or sideways. "
        f"The {NAMES[SCOUT]}s ({SHORT[SCOUT]}) run any distance in a straight line. "
        f"{NAMES[BOMB]}s and the {NAMES[FLAG]} never move.",
        f"Move onto an enemy piece to attack it: both are revealed and the higher rank wins (equal "
        f"ranks both fall). The {NAMES[SPY]} defeats the Marshal when it attacks; only a "
        f"{NAMES[MINER]} ({SHORT[MINER]}) can take a {NAMES[BOMB]}.",
        f"Capture the enemy {NAMES[FLAG]}, or leave your opponent without a move, to win."
        + (f" The game is drawn after {p.max_plies} moves." if p.max_plies else ""),
    ]
    return paras


def _tray(game: Any, seat: int) -> dict[str, Any]:
    """The pieces this side places, in the game's own placement order, and its setup rows."""
    army = game.rules.army
    order = [SHORT[r] for r in army]
    ranks = []
    for r in dict.fromkeys(army):
        ranks.append({"rank": SHORT[r], "name": NAMES[r]})
    return {"order": order, "ranks": ranks, "side": seat, "army": str(game.params.army),
            "zone": [_rc(sq) for sq in game.rules.zones[seat]]}


def _rc(square: int) -> list[int]:
    return list(divmod(square, SIZE))


def _last_move(obs: dict[str, Any]) -> list[list[int]] | None:
    """The squares of the last move (from, to), from the observation's ``last_moves``."""
    last = obs.get("last_moves") or {}
    side = last.get("latest")
    if side is None:
        return None
    m = last["moves"][side]
    return [_rc(parse_square(m["from"])), _rc(parse_square(m["to"]))]


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    seat = obs.get("seat")
    cells: list[Any] = []
    # at the end every piece left is shown (the observation's ``revealed``)
    shown = {parse_square(sq): rank for sq, _side, rank in obs.get("revealed") or ()}
    for square, cell in enumerate(obs.get("board") or [None] * SIZE * SIZE):
        if square in LAKES:
            cells.append({"lake": True})
        elif cell is None:
            cells.append(None)
        else:
            side, rank, moved, known = cell
            revealed = rank is None and square in shown
            if revealed:
                rank = shown[square]
            cells.append({"side": side, "rank": None if rank is None else SHORT[rank],
                          "name": None if rank is None else NAMES[rank],
                          "moved": bool(moved), "known": bool(known) or revealed,
                          "mine": side == seat, "revealed": revealed})
    board = {"kind": "board", "id": "board", "rows": SIZE, "cols": SIZE, "flip": seat == 1,
             "files": COLUMNS, "sides": ["Red", "Blue"], "cells": cells,
             "last": _last_move(obs), "moves": _side_moves(obs), "fight": _fight(obs)}
    setup = obs.get("setup") or {}
    acts: list[dict[str, Any]] = []
    p = game.params
    for a in legal:
        if a >= CATALOGUE:  # a named setup with a preview of its rows, from the owner's chair
            k = a - CATALOGUE
            layout = catalogue_layout(p.army, game.rules.army, p.setup_rows, p.setup_file, k)
            acts.append({"id": a, "kind": "setup", "name": setup_name(layout, k), "cols": SIZE,
                         "preview": [None if r == EMPTY else SHORT[r] for r in layout]})
            continue
        if a < PLACE:
            acts.append({"id": a, "kind": "move", "zone": "board", "from": _rc(a // 36),
                         "to": _rc(move_target(a))})
        elif a < RANDOM_SETUP:
            acts.append({"id": a, "kind": "square", "zone": "board", "square": _rc(a - PLACE),
                         "verb": f"place {setup.get('next') or 'piece'}"})
        else:  # the random setup: the setup designer's "Fill at random" offers it instead
            acts.append({"id": a, "kind": "button", "designer": "fill"})
    out: dict[str, Any] = {"zones": [board], "actions": acts, "log_names": list(SIDES),
                           # the observation carries the newest log lines only
                           "log_window": True,
                           "help": help_text(game)}
    if seat in (0, 1) and obs.get("phase") == "setup" and any(a["kind"] == "square" for a in acts):
        out["tray"] = _tray(game, seat)
    if obs.get("phase") == "over":
        # the game's end line ("Red wins: the flag is captured", "Draw: the move cap is
        # reached"), not a move's
        ends = [x for x in obs.get("log") or [] if x.split()[:1] in (["Red"], ["Blue"], ["Draw:"], ["The"])
                and not MOVE.fullmatch(x.split()[1].rstrip(":") if len(x.split()) > 1 else "")]
        out["reason"] = (ends[-1][0].upper() + ends[-1][1:]) if ends else (
            "Drawn." if obs.get("winner") == "draw" else "")
    lost = [len(c) for c in obs.get("captured") or [[], []]]
    total = len(game.rules.army)
    out["seats"] = seats([None, None], [f"{SIDES[s]} · {count(total - lost[s], 'piece', 'pieces')} left"
                                        for s in range(2)])
    # each side's last move on its plaque, from the observation's fields
    last = obs.get("last_moves") or {}
    fight = last.get("fight")
    for side, move in enumerate(last.get("moves") or []):
        if not move:
            continue
        if fight and fight["side"] == side and fight["to"] == move["to"]:
            words = f"attacked {move['to']} from {move['from']}: {fight['outcome']}"
        else:
            words = f"moved {move['from']}-{move['to']}"
        out["seats"][side]["last"] = words
    return out

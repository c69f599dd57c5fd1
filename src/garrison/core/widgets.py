"""Shared pieces of the page's widgets (``games/<game>/widgets.py`` build the rest).

>>> french_card(6, "7", "Diamonds", "♦", "Diamonds 7", selected=True)["color"]
'red'
"""

from __future__ import annotations

from typing import Any

#: Suits printed in red in a French or Italian-suited pack.
RED_SUITS = frozenset(("Diamonds", "Hearts"))


def french_card(card: int, rank: str, suit: str, symbol: str, title: str, **extra: Any) -> dict[str, Any]:
    """A card face for the page: its id as the key, rank, suit symbol, colour, a tooltip title."""
    colour = "red" if suit in RED_SUITS else "black"
    return {"key": str(card), "rank": rank, "suit": symbol, "color": colour, "title": title, **extra}


def scoreboard(columns: list[str], rows: list[list[Any]], notes: list[str] | None = None,
               ) -> dict[str, Any]:
    """The page's scoreboard: one row of cells per seat (in seat order) under ``columns``, and
    notes of the whole table (trump, the bank, the card in play ...)."""
    return {"columns": columns, "rows": [{"seat": s, "cells": cells} for s, cells in enumerate(rows)],
            "notes": [n for n in notes or [] if n]}


def last_trick(leader: int, cards: list[dict[str, Any]], winner: int, players: int) -> dict[str, Any]:
    """The last completed trick, each card face with the seat that played it (``by``)."""
    return {"cards": [{**c, "by": (leader + i) % players} for i, c in enumerate(cards)],
            "winner": winner}


def count(n: int, one: str, many: str) -> str:
    """``1 life``, ``2 lives``."""
    return f"{n} {one if n == 1 else many}"


def result(winners: list[int], scores: list[str], reason: str = "") -> dict[str, Any]:
    """The end of the game: the winning seats (all of them: a draw), each seat's final score
    in the game's own units, and why in words (``reason``)."""
    out: dict[str, Any] = {"winners": list(winners), "scores": list(scores)}
    if reason:
        out["reason"] = reason
    return out


def points(x: float, sign: bool = False) -> str:
    """A score as people write it: whole numbers, and quarters and halves as fractions (a
    defender's equal share of Solo 66 is ``80¼``, not ``80.25``); ``sign`` adds ``+``.

    >>> points(80.25), points(-162.0), points(40.5, sign=True), points(0.75), points(1/3)
    ('80¼', '-162', '+40½', '¾', '0.33')
    """
    whole = int(abs(x))
    part = round(abs(x) - whole, 6)
    frac = {0.0: "", 0.25: "¼", 0.5: "½", 0.75: "¾"}.get(part)
    if frac is None:
        text = f"{abs(x):.2f}".rstrip("0").rstrip(".")
    else:
        text = (str(whole) if whole or not frac else "") + frac
    minus = x < 0 and text not in ("0", "")
    return ("-" if minus else "+" if sign and x > 0 else "") + (text or "0")


def points_of(x: float, sign: bool = False) -> str:
    """A score with its word: ``1 point``, ``-1 point``, ``+40½ points``.

    >>> points_of(1), points_of(-1.0), points_of(40.5, sign=True), points_of(0)
    ('1 point', '-1 point', '+40½ points', '0 points')
    """
    return f"{points(x, sign)} {'point' if abs(x) == 1 else 'points'}"


def last_lines(log: list[Any], names: list[str]) -> list[str | None]:
    """Each seat's latest line of a public log (a line that starts with its name), or None."""
    out: list[str | None] = [None] * len(names)
    for line in reversed([x for x in log if isinstance(x, str)]):
        for s, name in enumerate(names):
            if out[s] is None and line.startswith(name + " "):
                out[s] = line
        if all(out):
            break
    return out


def seats(hands: list[int | None], stats: list[str]) -> list[dict[str, Any]]:
    """What the page writes on each seat's plaque: cards in hand (None: not a card game) and a
    short line of the seat's counts. A game may add ``team``, a line naming the seat's team
    (Scopa's partners)."""
    return [{"hand": h, "stats": st} for h, st in zip(hands, stats, strict=True)]


__all__ = ["RED_SUITS", "count", "french_card", "last_lines", "last_trick", "points", "result",
           "scoreboard", "seats"]

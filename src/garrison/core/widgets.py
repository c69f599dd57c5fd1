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


def result(winners: list[int], scores: list[str]) -> dict[str, Any]:
    """The end of the game: the winning seats (all of them: a draw) and each seat's final score
    in the game's own units."""
    return {"winners": list(winners), "scores": list(scores)}


__all__ = ["RED_SUITS", "count", "french_card", "last_trick", "result", "scoreboard"]

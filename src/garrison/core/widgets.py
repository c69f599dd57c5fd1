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


__all__ = ["RED_SUITS", "french_card"]

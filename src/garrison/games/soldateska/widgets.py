"""Cards for a graphical front end (``Game.widgets``): built only from the observation.

Zones: the trick in play (each card with the seat that played it), the hand, the cards this
seat passed and received down the hierarchy, the General's bonus cards and the cards laid
aside when the observation shows them. Playing, passing and laying aside a card are clicks on
that card in the hand; declaring trump stays a button.
"""

from __future__ import annotations

from typing import Any

from .actions import DECLARE
from .deck import NAMES, NUM_CARDS, SPECIALS

#: Suit marks and colours of the weapon suits and Tobacco (in the order of ``deck.SUITS``).
SUIT_MARKS = ("†", "✹", "⚔", "☽", "♨")
SUIT_COLOURS = ("black", "blue", "green", "red", "brown")
SPECIAL_MARKS = ("G", "O", "M", "H", "L", "⚑", "D", "S", "K", "B")
VERBS = {"pass cards": "pass", "lay aside": "lay aside"}


def card_face(c: int, **extra: Any) -> dict[str, Any]:
    if c < 50:
        suit, value = divmod(c, 10)
        rank = str(-(value + 1)) if suit == 4 else str(value + 1)
        face = {"rank": rank, "suit": SUIT_MARKS[suit], "color": SUIT_COLOURS[suit]}
    elif c < 50 + len(SPECIALS):
        face = {"rank": SPECIAL_MARKS[c - 50], "suit": "★", "color": "gold"}
    else:
        face = {"rank": "Duel", "suit": "⚅", "color": "purple"}
    return {"key": str(c), **face, "title": NAMES[c], **extra}


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    zones: list[dict[str, Any]] = [
        {"kind": "cards", "id": "trick", "label": "Trick",
         "cards": [card_face(c, by=seat) for seat, c in obs.get("trick") or []]},
    ]
    if obs.get("seat") is not None:
        zones.append({"kind": "cards", "id": "hand", "label": "Your hand",
                      "cards": [card_face(c) for c in obs.get("hand") or []]})
    for key, label in (("passed", "You passed"), ("received", "You received"),
                       ("bonus", "Bonus cards"), ("aside", "Laid aside")):
        if obs.get(key):
            zones.append({"kind": "cards", "id": key, "label": label,
                          "cards": [card_face(c) for c in obs[key]]})
    verb = VERBS.get(str(obs.get("phase")), "play")
    hand = set(obs.get("hand") or [])
    acts = []
    for a in legal:
        if a < NUM_CARDS:
            zone = "hand" if a in hand else "bonus"
            acts.append({"id": a, "kind": "card", "zone": zone, "card": str(a), "verb": verb})
        else:
            acts.append({"id": a, "kind": "button"})
    return {"zones": zones, "actions": acts}


__all__ = ["DECLARE", "card_face", "describe"]

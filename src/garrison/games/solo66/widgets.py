"""Cards for a graphical front end (``Game.widgets``): built only from the observation.

Zones: the trick in play (each card with the seat that played it), the talon and the soloist's
discards when the observation shows them, and the hand. A card action (discard or play) is a
click on a hand card; passing, bidding and announcing trump stay buttons.
"""

from __future__ import annotations

from typing import Any

from garrison.core.widgets import french_card

from .actions import is_card
from .deck import DECK, FACES, SUIT_SYMBOLS, SUITS

CARD_OF_NAME = {name: c for c, name in enumerate(DECK.name)}


def card_face(name: str, **extra: Any) -> dict[str, Any]:
    c = CARD_OF_NAME[name]
    suit = c // len(FACES)
    return french_card(c, FACES[c % len(FACES)], SUITS[suit], SUIT_SYMBOLS[suit], name, **extra)


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    players = len(obs.get("hand_sizes") or []) or 1
    trick = obs.get("trick") or {}
    leader = trick.get("leader") or 0
    zones: list[dict[str, Any]] = [
        {"kind": "cards", "id": "trick", "label": "Trick",
         "cards": [card_face(n, by=(leader + i) % players)
                   for i, n in enumerate(trick.get("cards") or [])]},
    ]
    if obs.get("talon"):
        zones.append({"kind": "cards", "id": "talon", "label": "Talon",
                      "cards": [card_face(n) for n in obs["talon"]]})
    if obs.get("discards"):
        zones.append({"kind": "cards", "id": "discards", "label": "Discarded",
                      "cards": [card_face(n) for n in obs["discards"]]})
    if obs.get("seat") is not None:
        zones.append({"kind": "cards", "id": "hand", "label": "Your hand",
                      "cards": [card_face(n) for n in obs.get("hand") or []]})
    verb = "discard" if obs.get("phase") == "discard" else "play"
    acts = []
    for a in legal:
        if is_card(a):
            acts.append({"id": a, "kind": "card", "zone": "hand", "card": str(a), "verb": verb})
        else:
            acts.append({"id": a, "kind": "button"})
    return {"zones": zones, "actions": acts}

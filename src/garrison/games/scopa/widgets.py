"""Cards for a graphical front end (``Game.widgets``): built only from the observation.

Zones: the table, the card being played while a capture is chosen, and the hand. ``play`` and
``lay`` are clicks on a hand card (a card with both offers a choice), ``take`` a click on a table
card; cards already chosen for the capture are marked ``selected``.
"""

from __future__ import annotations

from typing import Any

from garrison.core.widgets import french_card

from .actions import LAY, PLAY, TAKE, card_of, kind_of
from .deck import CARD_OF_NAME, FACES, SUITS, SYMBOLS

VERBS = {PLAY: "play", TAKE: "take", LAY: "lay"}


def card_face(name: str, **extra: Any) -> dict[str, Any]:
    c = CARD_OF_NAME[name]
    suit = c // len(FACES)
    return french_card(c, FACES[c % len(FACES)], SUITS[suit], SYMBOLS[suit], name, **extra)


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    chosen = set(obs.get("chosen") or [])
    zones: list[dict[str, Any]] = [
        {"kind": "cards", "id": "table", "label": "Table",
         "cards": [card_face(n, selected=n in chosen) for n in obs.get("table") or []]},
    ]
    if obs.get("playing"):
        zones.append({"kind": "cards", "id": "playing", "label": "Playing",
                      "cards": [card_face(obs["playing"])]})
    if obs.get("seat") is not None:
        zones.append({"kind": "cards", "id": "hand", "label": "Your hand",
                      "cards": [card_face(n) for n in obs.get("hand") or []]})
    acts = []
    for a in legal:
        kind = kind_of(a)
        acts.append({"id": a, "kind": "card", "zone": "table" if kind == TAKE else "hand",
                     "card": str(card_of(a)), "verb": VERBS[kind]})
    return {"zones": zones, "actions": acts}

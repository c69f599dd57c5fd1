"""Cards for a graphical front end (``Game.widgets``): built only from the observation.

Zones: each side of the table (its person cards with their current values, and the
Zusatzkarten lying there) and the hand. Playing or pushing a hand card is a click on it (a card
with both offers a choice); choosing a person as a target is a click on that person on the
table. Passing, a side as target, where an army goes and which pile to draw from stay buttons.
"""

from __future__ import annotations

from typing import Any

from garrison.core.seats import seat_label

from .actions import decode
from .carddata import N_PERSON, PARTIES

PARTY_COLOURS = ("red", "purple", "blue", "black")


def card_face(game: Any, c: int, **extra: Any) -> dict[str, Any]:
    cards = game.cards
    if c < N_PERSON:
        party = cards.party[c]
        value = extra.pop("value", cards.value[c])
        face = {"rank": f"{PARTIES[party]} {value}", "color": PARTY_COLOURS[party]}
    elif cards.is_army(c):
        face = {"rank": "Army", "color": "brown"}
    else:
        face = {"rank": "Z", "color": "green"}
    return {"key": str(c), **face, "suit": cards.cid[c], "caption": cards.name[c],
            "title": cards.label(c), "wide": True, **extra}


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    seat = obs.get("seat")
    zones: list[dict[str, Any]] = []
    where: dict[int, str] = {}
    for s, side in enumerate(obs.get("table") or []):
        zid = f"side{s}"
        cards = []
        for person in side.get("persons") or []:
            where[person["card"]] = zid
            cards.append(card_face(game, person["card"], value=person.get("value")))
        cards += [card_face(game, z["card"]) for z in side.get("zusatz") or []]
        label = "Your side" if s == seat else f"{seat_label(s)}'s side"
        zones.append({"kind": "cards", "id": zid, "label": label, "cards": cards})
    if seat is not None:
        zones.append({"kind": "cards", "id": "hand", "label": "Your hand",
                      "cards": [card_face(game, c) for c in obs.get("hand") or []]})
    acts: list[dict[str, Any]] = []
    for a in legal:
        kind, arg = decode(a)
        if kind in ("play", "push"):
            acts.append({"id": a, "kind": "card", "zone": "hand", "card": str(arg), "verb": kind})
        elif kind == "person" and arg in where:
            acts.append({"id": a, "kind": "card", "zone": where[arg], "card": str(arg),
                         "verb": "target"})
        else:
            acts.append({"id": a, "kind": "button"})
    return {"zones": zones, "actions": acts}

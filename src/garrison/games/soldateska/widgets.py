"""Cards for a graphical front end (``Game.widgets``): built only from the observation.

Zones: the trick in play (each card with the seat that played it), the hand, the cards this
seat passed and received down the hierarchy, the General's bonus cards and the cards laid
aside when the observation shows them. Playing, passing and laying aside a card are clicks on
that card in the hand; declaring trump stays a button.
"""

from __future__ import annotations

from typing import Any

from garrison.core.widgets import count, seats

from .actions import DECLARE
from .deck import NAMES, NUM_CARDS, SPECIALS, SUITS

#: Suit marks and colours of the weapon suits and Tobacco (in the order of ``deck.SUITS``).
SUIT_MARKS = ("†", "✹", "⚔", "☽", "♨")
SUIT_COLOURS = ("black", "blue", "green", "red", "brown")
#: Corner letters and middle marks of the special cards (in the order of ``deck.SPECIALS``).
SPECIAL_MARKS = ("G", "O", "M", "H", "L", "F", "D", "S", "K", "B")
SPECIAL_PIPS = ("★", "✪", "✦", "✧", "⋆", "⚑", "↯", "◎", "♥", "⊛")
#: What each special card is, in a few words (the tooltip and the legend).
SPECIAL_WORDS = (
    "officer, always trump (highest)", "officer, always trump", "officer, always trump",
    "officer, always trump", "officer, always trump (lowest officer)",
    "always trump, below the officers", "no suit, never trump: whoever wins it deserts and pays",
    "always trump, lowest of all", "no suit, never trump", "no suit, never trump")
VERBS = {"pass cards": "pass", "lay aside": "lay aside"}

#: The cards' words, once per game (shown as the table's legend).
LEGEND = [
    [" ".join(f"{m} {n}" for m, n in zip(SUIT_MARKS[:4], SUITS[:4], strict=True)),
     "the weapon suits, 1 to 10 (the 10s carry a medal)"],
    [f"{SUIT_MARKS[4]} {SUITS[4]}", "-1 to -10: counts against whoever wins it"],
    [" ".join(f"{m} {n}" for m, n in zip(SPECIAL_MARKS[:5], SPECIALS[:5], strict=True)),
     "the officers: always trump, General highest"],
    [f"{SPECIAL_PIPS[5]} Flag, {SPECIAL_PIPS[7]} Spy", "always trump, below the officers"],
    [f"{SPECIAL_PIPS[6]} Deserter, {SPECIAL_PIPS[8]} Kokette, {SPECIAL_PIPS[9]} Bomb",
     "no suit and never trump; each changes the ducats at the end of the round"],
    ["⚅ Duel", "play it when you cannot follow: the duellists roll dice for the trick"],
]


def card_face(c: int, **extra: Any) -> dict[str, Any]:
    if c < 50:
        suit, value = divmod(c, 10)
        rank = str(-(value + 1)) if suit == 4 else str(value + 1)
        face = {"rank": rank, "suit": SUIT_MARKS[suit], "color": SUIT_COLOURS[suit],
                "pip": SUIT_MARKS[suit], "kind": "suit"}
        title = NAMES[c] + (" (a medal)" if value == 9 and suit < 4 else "")
    elif c < 50 + len(SPECIALS):
        k = c - 50
        face = {"rank": SPECIAL_MARKS[k], "suit": "", "color": "gold", "pip": SPECIAL_PIPS[k],
                "kind": "special"}
        title = f"{NAMES[c]}: {SPECIAL_WORDS[k]}"
    else:
        face = {"rank": "D", "suit": "", "color": "purple", "pip": "⚅", "kind": "duel"}
        title = f"{NAMES[c]}: play it when you cannot follow; dice decide the trick"
    return {"key": str(c), **face, "name": NAMES[c], "title": title, **extra}


def _last_cards(obs: dict[str, Any], n: int) -> list[str | None]:
    """The card each seat played last, from the trick in play and the last trick taken."""
    out: list[str | None] = [None] * n
    tricks = obs.get("tricks") or []
    if tricks:
        t = tricks[-1]
        for i, c in enumerate(t["cards"]):
            out[(t["leader"] + i) % n] = f"played {NAMES[c]}"
    for seat, c in obs.get("trick") or []:
        out[seat] = f"played {NAMES[c]}"
    return out


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    zones: list[dict[str, Any]] = [
        {"kind": "cards", "id": "trick", "label": "Trick", "empty": "no card played yet",
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
    n = obs.get("players") or len(obs.get("hand_sizes") or [])
    plaques = seats(list(obs.get("hand_sizes") or [None] * n),
                    [f"{count(obs['ducats'][s], 'ducat', 'ducats')} · {count(obs['tricks_won'][s], 'trick', 'tricks')}" +
                     (f" · {(obs.get('ranks') or [None] * n)[s]}" if (obs.get("ranks") or [None] * n)[s] else "")
                     for s in range(n)])
    for plaque, last in zip(plaques, _last_cards(obs, n), strict=True):
        if last:
            plaque["last"] = last
    out: dict[str, Any] = {}
    if obs.get("game_over"):
        best = max(obs["ducats"])
        out["reason"] = (f"The bank is empty; the most ducats win: {best}.")
    return {"zones": zones, "actions": acts, "seats": plaques, "legend": LEGEND, **out}


__all__ = ["DECLARE", "card_face", "describe"]

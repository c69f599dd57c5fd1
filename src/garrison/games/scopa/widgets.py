"""Cards for a graphical front end (``Game.widgets``): built only from the observation.

Zones: the table, the card being played while a capture is chosen, and the hand. ``play`` and
``lay`` are clicks on a hand card (a card with both offers a choice), ``take`` a click on a table
card; cards already chosen for the capture are marked ``selected``.
"""

from __future__ import annotations

from typing import Any

from garrison.core.seats import seat_label
from garrison.core.widgets import count, french_card, seats

from .actions import LAY, PLAY, TAKE, card_of, kind_of
from .deck import CARD_OF_NAME, FACES, SUITS, SYMBOLS

VERBS = {PLAY: "play", TAKE: "take", LAY: "lay"}


def card_face(name: str, **extra: Any) -> dict[str, Any]:
    c = CARD_OF_NAME[name]
    suit = c // len(FACES)
    return french_card(c, FACES[c % len(FACES)], SUITS[suit], SYMBOLS[suit], name, name=name, **extra)


def hand_end(obs: dict[str, Any]) -> dict[str, Any] | None:
    """The last hand's scoring, per side: cards, coins (Diamonds), settebello, primiera, scope
    and napola where it is played, from the public ``last_hand``."""
    last = obs.get("last_hand")
    if not last:
        return None
    sides = obs["sides"]
    names = [" + ".join(seat_label(s) for s in seats_) for seats_ in sides]

    def mark(winner: int, i: int) -> str:
        return "1" if winner == i else "0"

    rows = []
    for i, name in enumerate(names):
        row = [name, f"{last['cards'][i]} ({mark(last['most_cards'], i)})",
               f"{last['diamonds'][i]} ({mark(last['most_diamonds'], i)})",
               mark(last["settebello"], i), f"{last['primiera'][i]} ({mark(last['first'], i)})",
               last["scope"][i]]
        if any(last.get("napola") or []):
            row.append(last["napola"][i])
        if last.get("re_bello", -1) >= 0:
            row.append(mark(last["re_bello"], i))
        row.append(last["points"][i])
        rows.append(row)
    columns = ["Cards", "Coins", "Settebello", "Primiera", "Scope"]
    if any(last.get("napola") or []):
        columns.append("Napola")
    if last.get("re_bello", -1) >= 0:
        columns.append("Re bello")
    columns.append("Points")
    return {"title": f"Hand {obs['hand_no'] - (0 if obs.get('phase') == 'over' else 1)}: the count",
            "columns": columns, "rows": rows,
            "notes": ["(1) marks who takes the point: most cards, most coins, the best primiera; "
                      "ties score nothing."]}


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
    n = obs["players"]
    side_of = {s: i for i, ss in enumerate(obs["sides"]) for s in ss}
    plaques = seats(list(obs["hand_sizes"]), [
        f"{count(obs['scores'][side_of[s]], 'point', 'points')} · "
        f"{count(len(obs['captured'][side_of[s]]), 'card', 'cards')} taken" for s in range(n)])
    out: dict[str, Any] = {"zones": zones, "actions": acts, "seats": plaques}
    if obs.get("phase") == "over":
        best = max(obs["scores"])
        out["reason"] = f"First to {obs['target']} points: the winners reached {best}."
    end = hand_end(obs)
    if end:
        out["hand_end"] = end
    return out

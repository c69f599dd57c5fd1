"""Dice for a graphical front end (``Game.widgets``): built only from the observation.

Zones: the dice set aside this turn (``kept``) and the current roll (``roll``), each die with its
face; a die of the roll already taken from it is marked ``used``. ``keep f`` is a click on a free
die showing ``f``; ``roll`` stays a button.
"""

from __future__ import annotations

from typing import Any

from garrison.core.widgets import count, seats

from .actions import ROLL, face_of


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    taken = list(obs.get("taken") or [])
    roll = []
    for face in obs.get("roll") or []:
        used = face in taken
        if used:
            taken.remove(face)
        roll.append({"face": face, "used": used})
    zones: list[dict[str, Any]] = [
        {"kind": "dice", "id": "kept", "label": "Set aside", "dice": [
            {"face": f, "used": True} for f in obs.get("kept") or []]},
        {"kind": "dice", "id": "roll", "label": "This roll", "dice": roll},
    ]
    acts: list[dict[str, Any]] = []
    for a in legal:
        if a == ROLL:
            acts.append({"id": a, "kind": "button", "label": "roll"})
        else:
            acts.append({"id": a, "kind": "die", "zone": "roll", "face": face_of(a), "verb": "keep"})
    lives = obs.get("mode") == "lives"
    plaques = seats([None] * len(obs["players"]), [
        (count(p["lives"], "life", "lives") if lives else count(p["coins"], "coin", "coins"))
        + ("" if p["score"] is None else f" · scored {p['score']}") + ("" if p["active"] else " · out")
        for p in obs["players"]])
    out: dict[str, Any] = {"zones": zones, "actions": acts, "seats": plaques}
    if obs.get("finished"):
        out["reason"] = ("The last player with lives left wins." if lives else
                         "The game is over; the most coins win.")
    return out

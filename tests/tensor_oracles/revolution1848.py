"""1848's tensor written from the observation alone (the oracle of ``Revolution1848Core._encode``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from garrison.games.revolution1848.constants import MAX_SEATS, PHASE_NAMES
from garrison.games.revolution1848.game import Revolution1848Game


def encode(game: Revolution1848Game, obs: dict[str, Any]) -> np.ndarray:
    """Flat float32 features built only from ``obs`` (and the public card data), part by part
    by name (``layout``; ``i`` is where the part being written starts)."""
    out = np.zeros(game.facts.observation_tensor_size, dtype=np.float32)
    at = game.tensor_offsets()
    i = at["seat"]
    if obs["seat"] is not None:
        out[i + obs["seat"]] = 1
    i = at["to_move"]
    tm = obs["to_move"]
    out[i + (tm if tm >= 0 else MAX_SEATS + (0 if tm == -1 else 1))] = 1
    i = at["phase"]
    out[i + PHASE_NAMES.index(obs["phase"])] = 1
    i = at["cards"]
    for c in obs["hand"] or ():
        out[i + c * 10] = 1
    for s, side in enumerate(obs["table"]):
        for p in side["persons"]:
            out[i + p["card"] * 10 + 1 + s] = 1
        for z in side["zusatz"]:
            out[i + z["card"] * 10 + 1 + s] = 1
    for a in obs["armies"]:
        out[i + a["card"] * 10 + 1 + a["place"]] = 1
        if a["leader"] is not None:
            out[i + a["card"] * 10 + 9] = 1
    for pile in obs["piles"]:
        for c in pile["discard"]:
            out[i + c * 10 + 5] = 1
    for c in obs["removed"]:
        out[i + c * 10 + 6] = 1
    if obs["pending"] >= 0:
        out[i + obs["pending"] * 10 + 7] = 1
    for _, _, c in obs["my_pushed"]:
        out[i + c * 10 + 8] = 1
    i = at["person_values"]
    for side in obs["table"]:
        for p in side["persons"]:
            out[i + p["card"]] = p["value"] / 10.0
    i = at["tally"]
    for s, t in enumerate(obs["tally"]):
        out[i + s * 4: i + s * 4 + 4] = np.asarray(t, dtype=np.float32) / 20.0
    i = at["seats"]
    for s in range(obs["players"]):
        out[i + s * 4] = len(obs["won"][s]) / 6.0
        out[i + s * 4 + 1] = float(obs["passed"][s])
        if obs["vp"] is not None:
            out[i + s * 4 + 2] = obs["vp"][s] / 5.0
        out[i + s * 4 + 3] = 1.0
    i = at["hand_counts"]
    for s, (hp, hz) in enumerate(obs["hand_counts"]):
        out[i + s * 2] = hp / 6.0
        out[i + s * 2 + 1] = hz / 6.0
    i = at["ablauf"]
    if obs["ablauf"]["current"] >= 0:
        out[i + obs["ablauf"]["current"]] = 1
    i = at["patt_count"]
    out[i] = obs["ablauf"]["patt_count"] / 3.0
    i = at["party_totals"]
    out[i: i + 4] = np.asarray(obs["party_totals"], dtype=np.float32) / 20.0
    i = at["piles"]
    for k, pile in enumerate(obs["piles"]):
        out[i + k * 2] = pile["stock"] / 40.0
        out[i + k * 2 + 1] = pile["bottom"] / 10.0
    return out

"""Soldateska's tensor written from the observation alone (the oracle of
``SoldateskaCore._encode``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from garrison.games.soldateska import deck as K
from garrison.games.soldateska.constants import NUM_RANKS, PHASE_NAMES
from garrison.games.soldateska.game import SoldateskaGame


def encode(game: SoldateskaGame, obs: dict[str, Any]) -> np.ndarray:
    """The observation as floats, part by part by name (``layout``): own cards, trick and won
    cards per seat (relative to the viewer), passed/received/aside/bonus, trump, ranks, money,
    tricks, phase, round, mover."""
    c = K.NUM_CARDS
    n = obs["players"]
    me = obs["seat"] if obs["seat"] is not None else 0
    at = game.tensor_offsets()
    out = np.zeros(game.facts.observation_tensor_size, dtype=np.float32)
    rel = [(s - me) % n for s in range(n)]
    out[[at["hand"] + x for x in obs["hand"]]] = 1.0
    for seat, card in obs["trick"]:
        out[at["trick"] + rel[seat] * c + card] = 1.0
    for seat, cards in enumerate(obs["won"]):
        out[[at["won"] + rel[seat] * c + x for x in cards]] = 1.0
    for key in ("passed", "received", "aside", "bonus"):
        out[[at[key] + x for x in obs[key]]] = 1.0
    if obs["trump"] is not None:  # officers only (no suit), then each suit
        suit = obs["trump_suit"]
        out[at["trump"] + 1 + (suit + 1 if suit is not None else 0)] = 1.0
    else:  # not declared yet
        out[at["trump"]] = 1.0
    for seat, rank in enumerate(obs["ranks"]):
        if rank is not None:
            out[at["ranks"] + rel[seat] * NUM_RANKS + K.RANK_NAMES.index(rank)] = 1.0
    total = max(1, obs["bank"] + sum(obs["ducats"]))
    for seat, d in enumerate(obs["ducats"]):
        out[at["ducats"] + rel[seat]] = d / total
    out[at["bank"]] = obs["bank"] / total
    for seat, t in enumerate(obs["tricks_won"]):
        out[at["tricks_won"] + rel[seat]] = t / 10.0
    out[at["phase"] + PHASE_NAMES.index(obs["phase"])] = 1.0
    out[at["round"]] = min(1.0, obs["round"] / 100.0)
    if obs["to_move"] is not None:
        out[at["to_move"] + rel[obs["to_move"]]] = 1.0
    return out

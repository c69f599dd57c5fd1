"""Stratego's tensor written from the observation alone (the oracle of ``StrategoCore._encode``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from garrison.games.stratego.constants import PHASE_NAMES
from garrison.games.stratego.game import StrategoGame
from garrison.games.stratego.observe import TENSOR_SIZE
from garrison.games.stratego.pieces import NAMES, NUM_RANKS


def encode(game: StrategoGame, obs: dict[str, Any]) -> np.ndarray:
    """The flat tensor of ``obs``, part by part by name (``observe.layout``)."""
    at = game.tensor_offsets()
    out = np.zeros(TENSOR_SIZE, dtype=np.float32)
    me = obs["seat"] if obs["seat"] is not None else 0
    for square, cell in enumerate(obs["board"]):
        if cell is None:
            continue
        side, rank, moved, _ = cell
        who = "own" if side == me else "other"
        part = NAMES[rank] if rank is not None else ("unknown_moved" if moved else "unknown_unmoved")
        out[at[f"{who}.{part}"] + square] = 1.0
    out[at["phase"] + PHASE_NAMES.index(obs["phase"])] = 1.0
    mover = obs["to_move"]
    if mover == "chance":
        out[at["mover"] + 2] = 1.0
    elif mover is not None:
        out[at["mover"] + (0 if mover == me else 1)] = 1.0
    out[at["viewer"] + (2 if obs["seat"] is None else obs["seat"])] = 1.0
    army = obs["army"]
    for k, side in enumerate((me, 1 - me)):
        for rank in obs["captured"][side]:
            out[at["captured"] + k * NUM_RANKS + rank] += 1.0 / army[rank]
    out[at["plies"]] = min(1.0, obs["ply"] / (obs["max_plies"] or 2000))
    return out

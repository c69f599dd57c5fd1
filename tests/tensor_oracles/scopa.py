"""Scopa's tensor written from the observation alone (the oracle of ``ScopaCore._encode``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from garrison.games.scopa.constants import PHASE_NAMES
from garrison.games.scopa.deck import CARD_OF_NAME
from garrison.games.scopa.game import ScopaGame


def _put_cards(out: np.ndarray, at: int, cards: list[str]) -> None:
    for name in cards:
        out[at + CARD_OF_NAME[name]] = 1.0


def encode(game: ScopaGame, obs: dict[str, Any]) -> np.ndarray:
    """The tensor of ``obs``, part by part by name (``observe.layout``)."""
    params = game.params
    n, s = params.players, params.sides
    at = game.tensor_offsets()
    out = np.zeros(game.facts.observation_tensor_size, dtype=np.float32)
    _put_cards(out, at["hand"], obs["hand"])
    _put_cards(out, at["table"], obs["table"])
    if obs["playing"] is not None:
        _put_cards(out, at["playing"], [obs["playing"]])
    _put_cards(out, at["chosen"], obs["chosen"])
    for side in range(s):
        _put_cards(out, at[f"captured.side{side}"], obs["captured"][side])
        out[at["scope"] + side] = obs["scope"][side] / 10.0
        out[at["scores"] + side] = obs["scores"][side] / params.target
        out[at["my_side"] + side] = 1.0 if obs["my_side"] == side else 0.0
    for seat in range(n):
        out[at["is_me"] + seat] = 1.0 if obs["seat"] == seat else 0.0
        out[at["to_move"] + seat] = 1.0 if obs["to_move"] == seat else 0.0
        out[at["dealer"] + seat] = 1.0 if obs["dealer"] == seat else 0.0
        out[at["hand_sizes"] + seat] = obs["hand_sizes"][seat] / 10.0
    out[at["stock"]] = obs["stock"] / 40.0
    out[at["phase"] + PHASE_NAMES.index(obs["phase"])] = 1.0
    return out

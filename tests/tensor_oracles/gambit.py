"""Soldier's Gambit's tensor written from the observation alone (the oracle of
``GambitCore._encode``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from garrison.games.gambit.game import GambitGame


def encode(game: GambitGame, obs: dict[str, Any]) -> np.ndarray:
    """The tensor of ``obs``, part by part by name (``observe.layout``)."""
    p = game.params
    n = game.num_players
    at = game.tensor_offsets()
    out = np.zeros(game.facts.observation_tensor_size, dtype=np.float32)
    money = max(p.lives, p.coins, p.stake * p.rounds, 1)
    for s, pl in enumerate(obs["players"]):
        out[at[f"seat{s}.active"]] = pl["active"]
        out[at[f"seat{s}.lives"]] = pl["lives"] / p.lives
        out[at[f"seat{s}.coins"]] = pl["coins"] / money
        if pl["score"] is not None:
            out[at[f"seat{s}.score"]] = pl["score"] / 50
            out[at[f"seat{s}.posted"]] = 1
        out[at[f"seat{s}.to_move"]] = obs["to_move"] == s
        out[at[f"seat{s}.is_me"]] = obs["seat"] == s
    for key in ("kept", "roll", "taken"):
        for face in set(obs[key] or ()):
            out[at[key] + face - 1] = obs[key].count(face) / p.dice
    out[at["dice_left"]] = (p.dice - len(obs["kept"])) / p.dice
    out[at["pool"]] = obs["pool"] / (money * n)
    out[at["round"]] = min(obs["round"] / 100, 1.0)
    out[at["awaiting_roll"]] = obs["awaiting_roll"]
    out[at["game_over"]] = obs["finished"]
    return out

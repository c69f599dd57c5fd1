"""What a seat sees in Soldier's Gambit: everything (all rolls are public; docs/rules/gambit.md, "Observation").

The observation is the same for every seat except for ``seat`` itself, so the spectator view
and each player's view agree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from . import log

if TYPE_CHECKING:
    from .game import GambitGame
    from .state import GambitState


def observe(state: GambitState, seat: int | None) -> dict[str, Any]:
    n = state.game.num_players
    to_move = None if state.finished else state.mover
    return {
        "game": "gambit",
        "seat": seat,
        "mode": state.params.mode,
        "dice": state.params.dice,
        "round": state.round_no,
        "order": list(state.order),
        "to_move": to_move,
        "awaiting_roll": state.roll is None and not state.finished,
        "players": [
            {
                "seat": s,
                "active": state.active[s],
                "lives": state.lives[s],
                "coins": state.coins[s],
                "score": state.scores[s],
            }
            for s in range(n)
        ],
        "pool": state.pool,
        "kept": list(state.kept),
        "roll": None if state.roll is None else list(state.roll),
        "taken": list(state.taken),
        "finished": state.finished,
        "winners": list(state.winners),
        "returns": state.returns() if state.finished else None,
        "log": log.entries(state),
        "last_moves": log.last_moves(state),
    }


def tensor_size(game: GambitGame) -> int:
    return game.params.players * 7 + 3 * 6 + 5


def layout(game: GambitGame) -> list[tuple[str, int, str]]:
    """The tensor's parts in order: (name, length, meaning): the one description of the tensor.
    Both encoders (``encode`` here, ``_encode`` in rules.pyx) write each part by its name
    (``Game.tensor_offsets``); docs/research.md's table is made from it."""
    out = []
    for s in range(game.params.players):
        out += [(f"seat{s}.active", 1, f"seat {s} is still in"),
                (f"seat{s}.lives", 1, "lives / starting lives"),
                (f"seat{s}.coins", 1, "coins / the most money of the mode"),
                (f"seat{s}.score", 1, "the score posted this round / 50"),
                (f"seat{s}.posted", 1, "a score is posted this round"),
                (f"seat{s}.to_move", 1, "this seat is to move"),
                (f"seat{s}.is_me", 1, "this seat is the viewer")]
    return out + [("kept", 6, "dice set aside per face (1-6), share of the dice"),
                  ("roll", 6, "the current roll per face, share of the dice"),
                  ("taken", 6, "dice taken from the roll per face, share of the dice"),
                  ("dice_left", 1, "dice still to roll / dice"),
                  ("pool", 1, "the pool / all money"),
                  ("round", 1, "round / 100, at most 1"),
                  ("awaiting_roll", 1, "a roll is due"),
                  ("game_over", 1, "the game is over")]


def encode(game: GambitGame, obs: dict[str, Any]) -> np.ndarray:
    """The tensor of ``obs``, part by part by name (``layout``; the C encoder writes the same)."""
    p = game.params
    n = game.num_players
    at = game.tensor_offsets()
    out = np.zeros(tensor_size(game), dtype=np.float32)
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

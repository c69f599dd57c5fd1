"""What a seat sees in Soldier's Gambit: everything (all rolls are public; docs/rules/gambit.md, "Observation").

The observation is the same for every seat except for ``seat`` itself, so the spectator view
and each player's view agree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
    The compiled encoder (``_encode`` in rules.pyx) writes each part by its name
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

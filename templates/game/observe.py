"""What a seat of High Die sees (docs/rules/<name>.md, "What a seat sees"): its own die, who
rolled again, whose turn; every die once the game is over. The one gate for hidden information:
the tensor, the text view and the page are made from this only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from .game import HighDieGame
    from .state import HighDieState


def observe(state: HighDieState, seat: int | None) -> dict[str, Any]:
    over = state.is_terminal()
    return {
        "game": state.game.name,
        "seat": seat,
        "my_die": state.dice[seat] if seat is not None and state.dice[seat] else None,
        "dice": list(state.dice) if over else None,
        "rolled": list(state.rolled),
        "to_move": None if over or state.is_chance_node() else state.turn,
        "over": over,
        "winners": state.winners() if over else [],
    }


def parts(game: HighDieGame) -> list[tuple[str, int, str]]:
    """The tensor's parts in order: (name, length, meaning)."""
    n, faces = game.params.players, game.params.faces
    return [("my_die", faces, "this seat's die, one-hot"),
            ("rolled", n, "each seat rolled again"),
            ("to_move", n, "the seat to move, one-hot"),
            ("over", 1, "the game is over")]


def encode(game: HighDieGame, obs: dict[str, Any]) -> np.ndarray:
    at = game.tensor_offsets()
    out = np.zeros(game.facts.observation_tensor_size, np.float32)
    if obs["my_die"]:
        out[at["my_die"] + obs["my_die"] - 1] = 1.0
    for s, rolled in enumerate(obs["rolled"]):
        out[at["rolled"] + s] = float(rolled)
    if obs["to_move"] is not None:
        out[at["to_move"] + obs["to_move"]] = 1.0
    out[at["over"]] = float(obs["over"])
    return out

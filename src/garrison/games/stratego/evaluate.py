"""A static value of a Stratego position, for search that stops before the end of the game.

Search bots (``ismcts``, ``pimc``) play a sampled world a few moves ahead and then ask the game
what the position is worth: ``evaluate(state)`` returns one value per seat in the game's return
range [-1, 1]. It reads the full world (a search bot only ever passes it a world it sampled).

The value is material: each piece still on the board counts its piece value (the table of the
``heuristic`` bot; the Flag counts nothing, since taking it ends the game). A piece the enemy has
not yet seen in a fight counts ``HIDDEN_BONUS`` more, because an unknown piece still bluffs and
threatens. A side with nothing left that can move is lost. The material difference is squashed
to [-1, 1] with ``tanh(difference / SCALE)``; a Major (5) ahead is worth about +0.4.

>>> import garrison
>>> state = garrison.load("stratego", setup="whole").new_initial_state()
>>> evaluate(state)  # before play begins: even
[0.0, 0.0]
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .bots import VALUE
from .constants import REVEALED
from .pieces import FLAG, movable
from .rules import PLAY

if TYPE_CHECKING:
    from .state import StrategoState

#: Extra weight of a piece the enemy has not seen (fraction of its value).
HIDDEN_BONUS = 0.15
#: Material difference that maps to tanh(1) ~ 0.76.
SCALE = 12.0


def material(state: StrategoState, side: int) -> float:
    """Piece values of ``side`` on the board, hidden pieces counting ``1 + HIDDEN_BONUS``."""
    n = state.n
    pos, ranks, flags = state.pos, state.rank, state.flags
    total = 0.0
    for piece in range(side * n, side * n + n):
        if pos[piece] < 0:
            continue
        rank = ranks[piece]
        if rank == FLAG:
            continue
        value = VALUE[rank]
        if not flags[piece] & REVEALED:
            value *= 1.0 + HIDDEN_BONUS
        total += value
    return total


def can_move(state: StrategoState, side: int) -> bool:
    """Whether ``side`` still has a piece that moves (a Bomb or the Flag alone cannot play)."""
    n = state.n
    pos, rank = state.pos, state.rank
    return any(pos[p] >= 0 and movable(rank[p]) for p in range(side * n, side * n + n))


def evaluate(state: StrategoState) -> list[float]:
    """Value per seat in [-1, 1]: the returns at the end, else squashed material difference."""
    if state.is_terminal():
        return state.returns()
    if state.phase != PLAY:
        return [0.0, 0.0]
    mobile = (can_move(state, 0), can_move(state, 1))
    if mobile[0] != mobile[1]:
        return [1.0, -1.0] if mobile[0] else [-1.0, 1.0]
    value = math.tanh((material(state, 0) - material(state, 1)) / SCALE)
    return [value, -value] if value else [0.0, 0.0]


__all__ = ["HIDDEN_BONUS", "SCALE", "can_move", "evaluate", "material"]

"""The Gravon games as data for the learned prior and setup model (issue 30): the split, the
positions with the human move, the human setups, and the agreement measure.

The split: the archive's ``classic`` games in the reader's order (``gravon.read_games``: the
files by their number), numbered from 0; game ``i`` is held out when ``i % 10 == 9`` (every
tenth game), the rest train. Nothing of a held-out game (its setups, its moves) is used to fit.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

import numpy as np

from garrison.core.errors import GameError
from garrison.core.registry import load

from . import actions, gravon
from .board import line_between

if TYPE_CHECKING:
    from .game import StrategoGame
    from .state import StrategoState

#: Game ``i`` of the classic games is held out when ``i % HOLD_EVERY == HOLD_AT``.
HOLD_EVERY = 10
HOLD_AT = 9


def held_out(index: int) -> bool:
    return index % HOLD_EVERY == HOLD_AT


def classic_games(archive: str | Path) -> list[gravon.GravonGame]:
    """The archive's classic games in the reader's order (the split numbers them so)."""
    return [g for g in gravon.read_games(archive) if g.kind == "classic" and g.error is None]


@dataclass
class Position:
    """A position of a recorded game just before the human's move."""

    state: StrategoState
    mover: int
    legal: list[int]
    human: int  # the human's move (an action id, in ``legal``)


def start(game: gravon.GravonGame) -> StrategoState:
    """``game``'s position after both setups (``GameError`` if it does not replay)."""
    engine = cast("StrategoGame", load("stratego", **gravon.options_for(game)))
    state = cast("StrategoState", engine.new_initial_state())
    for side in (0, 1):
        for action in gravon.setup_actions(game, side, engine.rules.army, engine.params.setup_rows):
            state.apply_action(action)
    return state


def positions(game: gravon.GravonGame) -> Iterator[Position]:
    """Every position of ``game`` where the mover had a choice, with the move it made (the
    state is the live one: read it before asking for the next). Stops at a move the rules
    reject or at the end of the game."""
    try:
        state = start(game)
    except GameError:
        return
    for src, dst in game.moves:
        frm, to = gravon.square_of(src), gravon.square_of(dst)
        line = line_between(frm, to) if frm >= 0 and to >= 0 else None
        if line is None or state.is_terminal():
            return
        action = actions.move_id(frm, *line)
        legal = state.legal_actions()
        if action not in legal:
            return
        if len(legal) > 1:
            yield Position(state, state.current_player(), legal, action)
        state.apply_action(action)


def top_k(scores: np.ndarray, human: int, k: int) -> bool:
    """Whether move ``human`` (an index into ``scores``) is among the ``k`` best (ties count
    against it: a move tied with the ``k``-th is not in)."""
    better = int((scores > scores[human]).sum())
    tied = int((scores == scores[human]).sum()) - 1
    return better + tied < k


__all__ = ["HOLD_AT", "HOLD_EVERY", "Position", "classic_games", "held_out", "positions",
           "start", "top_k"]

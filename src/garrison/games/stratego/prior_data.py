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

from garrison.core.errors import GameError, RecordError
from garrison.core.game import RecordedDecision
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


def _before_setup(game: gravon.GravonGame) -> tuple[StrategoState, list[list[int]]]:
    """``game``'s first position and each side's setup as placements (``GameError`` if they
    do not fit the rules)."""
    engine = cast("StrategoGame", load("stratego", **gravon.options_for(game)))
    layouts = [gravon.setup_actions(game, side, engine.rules.army, engine.params.setup_rows)
               for side in (0, 1)]
    return cast("StrategoState", engine.new_initial_state()), layouts


def start(game: gravon.GravonGame) -> StrategoState:
    """``game``'s position after both setups (``GameError`` if it does not replay)."""
    state, layouts = _before_setup(game)
    for action in layouts[0] + layouts[1]:
        state.apply_action(action)
    return state


def positions(game: gravon.GravonGame, state: StrategoState | None = None) -> Iterator[Position]:
    """Every position of ``game`` where the mover had a choice, with the move it made (the
    state is the live one: read it before asking for the next), from ``state`` (the position
    after both setups; made with ``start`` if not given). Stops at a move the rules reject or
    at the end of the game."""
    if state is None:
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


def recorded_decisions(archive: str | Path) -> Iterator[RecordedDecision]:
    """Every decision with a choice of the archive's classic games, for a network to learn
    (``Game.recorded``, ``garrison train stratego --recorded``): each side's setup piece by
    piece (the army's order, as ``gravon.setup_actions`` lays it), then the moves, each with the
    mover's result (Gravon's winner: 1 Red, 2 Blue, anything else counts as a draw) and the
    split of ``held_out``. A game stops at a move the rules reject.

    Raises:
        RecordError: ``archive`` does not exist.
    """
    if not Path(archive).exists():
        raise RecordError(f"{archive}: no such file or folder; give Gravon's archive (a .zip of "
                          f".xml games such as strados2015-2.zip, or a folder of them)")
    for index, game in enumerate(classic_games(archive)):
        hold = held_out(index)
        red = {1: 1.0, 2: -1.0}.get(game.winner or 0, 0.0)
        try:
            state, layouts = _before_setup(game)
        except GameError:
            continue
        for side in (0, 1):
            for action in layouts[side]:
                if len(state.legal_actions()) > 1:
                    yield RecordedDecision(state, side, action, red if side == 0 else -red, hold)
                state.apply_action(action)
        for pos in positions(game, state):
            value = red if pos.mover == 0 else -red
            yield RecordedDecision(pos.state, pos.mover, pos.human, value, hold)


def top_k(scores: np.ndarray, human: int, k: int) -> bool:
    """Whether move ``human`` (an index into ``scores``) is among the ``k`` best (ties count
    against it: a move tied with the ``k``-th is not in)."""
    better = int((scores > scores[human]).sum())
    tied = int((scores == scores[human]).sum()) - 1
    return better + tied < k


__all__ = ["HOLD_AT", "HOLD_EVERY", "Position", "classic_games", "held_out", "positions",
           "recorded_decisions", "start", "top_k"]

"""``resample``: a full game consistent with everything one seat has observed.

During setup the other side's placed pieces are behind the screen: they are laid out again on
random squares of its zone. Once play has begun every square is public, so only ranks move: the
enemy pieces whose rank the seat does not know (never fought, never ran like a Soldier) share out
the ranks left over, with Bombs and the Flag only on pieces that never moved. Each consistent
assignment is equally likely.

History: during setup the world's history is the true one with the other side's setup rewritten
to lay out the world's squares, so ``replay`` rebuilds the world exactly. Once play has begun the
world forgets its history (it is a sample for search, not a record), and it can never be undone
back into the true game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import actions, rules
from .observe import public_rank
from .pieces import movable
from .rules import SETUP

if TYPE_CHECKING:
    from .state import StrategoState


def resample(state: StrategoState, seat: int, rng: random.Random) -> StrategoState:
    world = state.clone()
    world._stack = []  # undo would lead back to the true game
    other = 1 - seat
    n = state.rules.n
    first = other * n
    if state.phase == SETUP:
        _shuffle_hidden_setup(world, other, rng)
    else:
        unknown = [p for p in range(first, first + n)
                   if state.pos[p] >= 0 and public_rank(state, p) is None
                   and not state.revealed >> p & 1]
        still = [p for p in unknown if not state.moved >> p & 1]
        pool = [state.rank[p] for p in unknown]
        fixed = [r for r in pool if not movable(r)]
        free = [r for r in pool if movable(r)]
        rng.shuffle(fixed)
        rng.shuffle(free)
        chosen = rng.sample(still, len(fixed))
        rank = list(state.rank)
        for p, r in zip(chosen, fixed):
            rank[p] = r
        chosen_set = set(chosen)
        rest = [p for p in unknown if p not in chosen_set]
        for p, r in zip(rest, free):
            rank[p] = r
        world.rank = tuple(rank)
        rules.rebuild_masks(world)
        if world.phase == rules.PLAY and world.turn == other:
            world.moves = rules.generate_moves(world, other)
    world._history = _history_of(state, world, other) if state.phase == SETUP else []
    return world


def _shuffle_hidden_setup(world: StrategoState, other: int, rng: random.Random) -> None:
    n = world.rules.n
    count = world.placed[other]
    if count == 0:
        return
    pieces = list(range(other * n, other * n + count))
    squares = rng.sample(world.rules.zones[other], count)
    board, pos = list(world.board), list(world.pos)
    for p in pieces:
        board[pos[p]] = rules.EMPTY
    for p, sq in zip(pieces, squares):
        board[sq] = p
        pos[p] = sq
    world.board, world.pos = tuple(board), tuple(pos)


def _history_of(state: StrategoState, world: StrategoState, other: int) -> list[int]:
    """The true history with ``other``'s setup replaced by placements of the world's layout."""
    history = state._history
    n = world.rules.n
    if other == 1 and state.setup_end[0] == 0:
        return list(history)  # Blue has not begun to set up
    start = 0 if other == 0 else state.setup_end[0]
    end = state.setup_end[other] or len(history)
    count = world.placed[other]
    order = [world.pos[p] for p in range(other * n, other * n + count)]
    complete = count == n and not world.filling
    if (world.game.params.setup == "pieces" or not complete) and not world.filling:
        steps = [actions.PLACE + sq for sq in order]
    else:  # a random setup whose chance outcomes happen to be this layout
        steps = [actions.RANDOM_SETUP, *order]
    if state.setup_end[other]:  # keep the bookkeeping in step with the new history
        marks = list(state.setup_end)
        marks[other] = start + len(steps)
        world.setup_end = tuple(marks)
    return [*history[:start], *steps, *history[end:]]

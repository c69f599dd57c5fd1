"""``resample``: a full game consistent with everything one seat has observed.

During setup the other side's placed pieces are behind the screen: they are laid out again on
random squares of its zone. Once play has begun every square is public, so only ranks move: the
enemy pieces whose rank the seat does not know (never fought, never ran like a Soldier) share out
the ranks left over, with Bombs and the Flag only on pieces that never moved. Each consistent
assignment is equally likely.

History: during setup the world's history is the true one with the other side's setup rewritten
to lay out the world's squares, and the world is built by replaying it (so ``replay`` rebuilds
it exactly). Once play has begun the world is a copy of the compiled state with new hidden ranks
that forgets its history (it is a sample for search, not a record), and it can never be undone
back into the true game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from . import actions
from .observe import MOVED, REVEALED, SCOUTED
from .pieces import movable
from .rules import SETUP

if TYPE_CHECKING:
    from .state import StrategoState


def resample(state: StrategoState, seat: int, rng: random.Random) -> StrategoState:
    other = 1 - seat
    if state.phase == SETUP:
        return _reset_hidden_setup(state, other, rng)
    n = state.n
    pos, flags = state.pos, state.flags
    rank = list(state.rank)
    unknown = [p for p in range(other * n, other * n + n)
               if pos[p] >= 0 and not flags[p] & (REVEALED | SCOUTED)]
    still = [p for p in unknown if not flags[p] & MOVED]
    pool = [rank[p] for p in unknown]
    fixed = [r for r in pool if not movable(r)]
    free = [r for r in pool if movable(r)]
    rng.shuffle(fixed)
    rng.shuffle(free)
    chosen = rng.sample(still, len(fixed))
    for p, r in zip(chosen, fixed):
        rank[p] = r
    chosen_set = set(chosen)
    rest = [p for p in unknown if p not in chosen_set]
    for p, r in zip(rest, free):
        rank[p] = r
    world = cast("StrategoState", state.clone())
    world.set_ranks(rank)
    world.forget_history()
    return world


def _reset_hidden_setup(state: StrategoState, other: int, rng: random.Random) -> StrategoState:
    """The world where ``other``'s placed pieces stand on fresh random squares of its zone: the
    true history with ``other``'s setup replaced by placements of the new layout, replayed."""
    count = state.placed[other]
    if count == 0:
        return cast("StrategoState", state.clone())  # nothing of ``other``'s is on the board
    history = state.history()
    squares = rng.sample(state.rules.zones[other], count)
    start = 0 if other == 0 else state.setup_end[0]
    end = state.setup_end[other] or len(history)
    complete = count == state.n and not state.filling
    if (state.game.params.setup == "pieces" or not complete) and not state.filling:
        steps = [actions.PLACE + sq for sq in squares]
    else:  # a random setup whose chance outcomes happen to be this layout
        steps = [actions.RANDOM_SETUP, *squares]
    world = cast("StrategoState", state.game.new_initial_state())
    for action in [*history[:start], *steps, *history[end:]]:
        world.apply_unchecked(action)
    return world

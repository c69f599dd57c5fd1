"""``resample``: a full game consistent with everything one seat has observed.

During setup the other side's placed pieces are behind the screen: they are laid out again on
squares of its zone. Once play has begun every square is public, so only ranks move: the enemy
pieces whose rank the seat does not know (never fought, never ran like a Soldier) share out the
ranks left over, with Bombs and the Flag only on pieces that never moved.

How the hidden part is drawn (``WORLDS``): ``"uniform"`` (the default) makes each consistent
assignment equally likely; ``"model"`` (issue 30) weighs it by the
setup model fitted to human setups (``setup_model.py``) where the army fills its zone (the
classic 40): during setup the squares are those of a layout sampled from the model; in play a
piece that never moved, which still stands on its setup square, takes each rank left in
proportion to how many are left times the model's ``lift`` of that rank on that square (so the
Flag goes to the back row and Bombs beside it more often than by chance). It is a weighting, not
the exact posterior given the moves seen, and a world costs about 4.5 times as much; every army
the model does not fit is drawn uniformly. Uniform stays the default until an arena run shows
the model's worlds win more (docs/bots.md, "Stratego's learned prior and setup model").

History: during setup the world's history is the true one with the other side's setup rewritten
to lay out the world's squares, and the world is built by replaying it (so ``replay`` rebuilds
it exactly). Once play has begun the world is a copy of the compiled state with new hidden ranks
that forgets its history (it is a sample for search, not a record), and it can never be undone
back into the true game.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import TYPE_CHECKING, cast

from . import actions
from .board import to_own
from .constants import MOVED, REVEALED, SCOUTED
from .pieces import movable
from .rules import SETUP
from .setup_model import SetupModel, setup_model

if TYPE_CHECKING:
    from .state import StrategoState


#: How worlds draw the hidden part: ``"uniform"`` or ``"model"`` (human setups; see above).
#: The environment variable ``GARRISON_STRATEGO_WORLDS`` sets it for a whole process and its
#: workers (how docs/bots.md measures the one against the other with ``garrison arena``).
WORLDS = os.environ.get("GARRISON_STRATEGO_WORLDS", "uniform")
WORLD_KINDS = ("uniform", "model")


def _model(state: StrategoState) -> SetupModel | None:
    """The setup model when worlds use it and it fits this game's army. Raises ``ValueError``
    when ``GARRISON_STRATEGO_WORLDS`` names no kind of world."""
    if WORLDS not in WORLD_KINDS:
        raise ValueError(f"GARRISON_STRATEGO_WORLDS is {WORLDS!r}; it may be one of "
                         f"{', '.join(WORLD_KINDS)}")
    if WORLDS != "model" or not SetupModel.fits(state.rules.army, state.rules.rows):
        return None
    return setup_model()


def resample(state: StrategoState, seat: int, rng: random.Random) -> StrategoState:
    other = 1 - seat
    if state.phase == SETUP:
        return _reset_hidden_setup(state, other, rng)
    model = _model(state)
    if model is not None:
        return _weighted_ranks(state, other, rng, model)
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


def _weighted_ranks(state: StrategoState, other: int, rng: random.Random,
                    model: SetupModel) -> StrategoState:
    """The world where ``other``'s unknown pieces take the ranks left over, weighted by the
    setup model's lift on the squares of the pieces that never moved (see above)."""
    n = state.n
    pos, flags = state.pos, state.flags
    rank = list(state.rank)
    unknown = [p for p in range(other * n, other * n + n)
               if pos[p] >= 0 and not flags[p] & (REVEALED | SCOUTED)]
    rng.shuffle(unknown)
    lift = model.lift_rows
    # a piece that never moved stands on its setup square: its index in the owner's zone
    at = {p: to_own(other, pos[p]) for p in unknown if not flags[p] & MOVED}
    left = Counter(rank[p] for p in unknown)
    # the Bombs and the Flag first, each on a piece that never moved, by the lift of its square
    still = [p for p in unknown if p in at]
    chosen: set[int] = set()
    for r in sorted(x for x in left.elements() if not movable(x)):
        k = rng.choices(range(len(still)), weights=[lift[at[p]][r] for p in still])[0]
        p = still.pop(k)
        rank[p] = r
        chosen.add(p)
        left[r] -= 1
    # then the other ranks left, piece by piece (in the shuffled order)
    for p in unknown:
        if p in chosen:
            continue
        ranks = [r for r in sorted(left) if left[r] > 0]
        if p in at:
            row = lift[at[p]]
            weights = [left[r] * row[r] for r in ranks]
        else:
            weights = [float(left[r]) for r in ranks]
        r = ranks[rng.choices(range(len(ranks)), weights=weights)[0]]
        rank[p] = r
        left[r] -= 1
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
    model = _model(state)
    if model is None:
        squares = rng.sample(state.rules.zones[other], count)
    else:  # the squares of the first ``count`` pieces (placement order) in a model layout
        zone = state.rules.zones[other]
        layout = model.sample(state.rules.army, rng)
        where: dict[int, list[int]] = {}
        for i, r in enumerate(layout):
            where.setdefault(r, []).append(zone[i])
        squares = [where[r].pop(0) for r in state.rules.army[:count]]
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

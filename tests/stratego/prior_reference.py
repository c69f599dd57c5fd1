"""The move prior's features in Python: the reference the compiled ones (``prior.pxi``) are
held to, move by move (tests/stratego/test_stratego_prior.py). This is the reading the weights in
``data/prior.npz`` were first fitted with; the package computes them in C only."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from garrison.games.stratego.board import NEIGHBOURS
from garrison.games.stratego.observe import view
from garrison.games.stratego.pieces import BOMB, FLAG, MARSHAL, NUM_RANKS, SPY
from garrison.games.stratego.prior import OFFSETS, RANK_GROUP, TARGETS, K
from garrison.games.stratego.rules import (
    ATTACKER_WINS,
    DEFENDER_WINS,
    AttackEvent,
    MoveEvent,
    battle,
    decode_events,
)

if TYPE_CHECKING:
    from garrison.games.stratego.state import StrategoState

_ROW = np.arange(100) // 10
_COL = np.arange(100) % 10


def _coarse(target: int) -> int:
    """0 empty, 1 unknown, 2 known."""
    return 0 if target == 0 else 1 if target < 3 else 2


def _danger(sq: int, skip: int, rank: int, enemy: np.ndarray) -> int:
    """What threatens a piece of ``rank`` on ``sq`` from its neighbours (``skip`` left out):
    0 nothing, 1 unknown unmoved only, 2 an unknown that moved, 3 a known stronger piece,
    4 known weaker pieces only, 5 a known piece it ties with or cannot hurt (Bomb)."""
    worst = 0
    for nb in NEIGHBOURS[sq]:
        if nb == skip:
            continue
        t = int(enemy[nb])
        if t == 0:
            continue
        if t == 1:
            cls = 1
        elif t == 2:
            cls = 2
        else:
            r = t - 3
            if r == FLAG:
                cls = 4
            elif r == BOMB:
                cls = 5
            else:
                # the enemy attacks next: does it win against us?
                out = battle(r, rank)
                cls = 3 if out == ATTACKER_WINS else 4 if out == DEFENDER_WINS else 5
        order = (0, 1, 2, 5, 3, 4)  # how much each class outranks the others
        if order[cls] > order[worst]:
            worst = cls
    return worst


def last_moves(state: StrategoState) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The last (from, to) of each side, from the public log (Red's, Blue's)."""
    out: list[tuple[int, int] | None] = [None, None]
    for ev in reversed(decode_events(state.last_events(6))):
        if isinstance(ev, (MoveEvent, AttackEvent)) and out[ev.side] is None:
            out[ev.side] = (ev.frm, ev.to)
        if out[0] is not None and out[1] is not None:
            break
    return out[0], out[1]


def reference_features(state: StrategoState, seat: int, legal: list[int]) -> np.ndarray:
    """The ``(len(legal), K)`` feature indices of the legal moves of ``seat`` (in play)."""
    board, captured = view(state, seat)
    flip = seat == 1
    own = np.full(100, -1, dtype=np.int64)
    own_flags = np.zeros(100, dtype=np.int64)
    enemy = np.zeros(100, dtype=np.int64)
    enemy_squares: list[int] = []
    army = state.rules.army
    left = [0] * NUM_RANKS  # enemy pieces of each rank not yet captured
    for r in army:
        left[r] += 1
    for r in captured[1 - seat]:
        left[r] -= 1
    for sq, cell in enumerate(board):
        if cell is None:
            continue
        side, rank, moved, known = cell
        o = 99 - sq if flip else sq
        if side == seat:
            own[o] = rank
            own_flags[o] = (1 if moved else 0) + (2 if known else 0)
        else:
            enemy[o] = 3 + rank if rank is not None else (2 if moved else 1)
            enemy_squares.append(o)
    er = _ROW[enemy_squares] if enemy_squares else np.zeros(0, dtype=np.int64)
    ec = _COL[enemy_squares] if enemy_squares else np.zeros(0, dtype=np.int64)
    mine, theirs = last_moves(state)
    if seat == 1:
        mine, theirs = theirs, mine
    if flip:
        mine = None if mine is None else (99 - mine[0], 99 - mine[1])
        theirs = None if theirs is None else (99 - theirs[0], 99 - theirs[1])
    ply = state.ply
    ply_b = 0 if ply < 20 else 1 if ply < 60 else 2 if ply < 150 else 3 if ply < 400 else 4
    stronger = [any(left[r] for r in range(rank + 1, MARSHAL + 1)) for rank in range(NUM_RANKS)]
    stronger[SPY] = True  # everything beats a Spy that is attacked
    froms = [(a // 36) for a in legal]
    count: dict[int, int] = {}
    for f in froms:
        count[f] = count.get(f, 0) + 1
    out = np.empty((len(legal), K), dtype=np.int64)
    for i, a in enumerate(legal):
        f0 = a // 36
        direction, dist = divmod(a % 36, 9)
        dist += 1
        d = (0, 1, 0, -1)[direction] * dist + (1, 0, -1, 0)[direction] * 10 * dist
        t0 = f0 + d
        f, t = (99 - f0, 99 - t0) if flip else (f0, t0)
        rank = int(own[f])
        target = int(enemy[t])
        rows = _ROW[t] - _ROW[f]
        rel = 0 if rows > 0 else 2 if rows < 0 else 1
        db = 0 if dist == 1 else 1 if dist <= 3 else 2
        fl = int(own_flags[f])
        if theirs is None:
            them = 0
        elif t == theirs[1]:
            them = 1
        elif f == theirs[1]:
            them = 5
        elif theirs[1] in NEIGHBOURS[f]:
            them = 2
        elif theirs[1] in NEIGHBOURS[t]:
            them = 3
        else:
            them = 4
        if mine is None:
            me = 0
        elif f == mine[1]:
            me = 2 if t == mine[0] else 1
        else:
            me = 3
        if len(er):
            dist_f = int((np.abs(er - _ROW[f]) + np.abs(ec - _COL[f])).min())
            dist_t = int((np.abs(er - _ROW[t]) + np.abs(ec - _COL[t])).min())
        else:
            dist_f = dist_t = 9
        delta = 0 if dist_t < dist_f else 1 if dist_t == dist_f else 2
        after = 0 if dist_t == 0 else 1 if dist_t == 1 else 2 if dist_t == 2 else 3 if dist_t <= 4 else 4
        coarse = _coarse(target)
        group = RANK_GROUP[rank]
        n_moves = min(count[f0], 4) - 1
        idx = (
            rank * TARGETS + target,
            rank * 9 + rel * 3 + db,
            f,
            t,
            rank * 10 + int(_ROW[t]),
            rank * 4 + fl,
            rank * 6 + _danger(t, f, rank, enemy),
            rank * 6 + _danger(f, -1, rank, enemy),
            rank * 6 + them,
            rank * 4 + me,
            rank * 15 + delta * 5 + after,
            rank * 6 + (1 if stronger[rank] else 0) * 3 + coarse,
            ply_b * 3 + coarse,
            int(_COL[t]) * 3 + rel,
            group * 100 + f,
            group * 100 + t,
            rank * 4 + n_moves,
        )
        for k in range(K):
            out[i, k] = OFFSETS[k] + idx[k]
    return out

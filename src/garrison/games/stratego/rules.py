"""The rules, in the order of the seed: setup, movement, attack, repetition, end of the game.

Functions take the game state and change it only by assigning new immutable values (the State
rule). Pieces are numbered: side ``s`` owns ids ``s * n .. s * n + n - 1`` (``n`` pieces a side,
numbered in placement order); ``state.board[square]`` holds a piece id, ``EMPTY`` or ``LAKE``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from garrison.core.events import push

from . import actions
from .board import LAKES, NEIGHBOURS, RAYS, zone
from .pieces import BOMB, FLAG, MARSHAL, MINER, SCOUT, SPY, army_ranks
from .setups import EMPTY as NO_PIECE

if TYPE_CHECKING:
    from .params import StrategoParams
    from .state import StrategoState

EMPTY = -1
LAKE = -2

SETUP, PLAY, OVER = 0, 1, 2
DRAW = 2  # ``state.winner`` when the game is drawn

# Battle outcomes
ATTACKER_WINS, DEFENDER_WINS, BOTH_LOST, FLAG_TAKEN = range(4)


@dataclass(frozen=True)
class Rules:
    """Everything the rules need from the options, computed once per game."""

    army: tuple[int, ...]  # ranks of one side's pieces, in placement order
    n: int  # pieces per side
    rows: int
    zones: tuple[tuple[int, ...], tuple[int, ...]]
    zone_sets: tuple[frozenset[int], frozenset[int]]
    scout_attack: bool
    limit: int
    more_squares: bool
    draw_both: bool
    at_once: bool
    cap: int
    zobrist: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, p: StrategoParams) -> Rules:
        army = army_ranks(p.army)
        zones = (zone(0, p.setup_rows), zone(1, p.setup_rows))
        zobrist = ZOBRIST
        return cls(army, len(army), p.setup_rows, zones, (frozenset(zones[0]), frozenset(zones[1])),
                   p.scout_move_and_attack, p.two_square_limit, p.more_squares,
                   p.draw_when_both_immobile, p.immobile_loses_at_once, p.max_plies, zobrist)


# -- Initial Formation ---------------------------------------------------------------------------
def empty_board() -> tuple[int, ...]:
    return tuple(LAKE if s in LAKES else EMPTY for s in range(100))


def next_piece(state: StrategoState) -> int:
    """The id of the piece the side setting up places next."""
    return state.turn * state.rules.n + state.placed[state.turn]


def free_setup_squares(state: StrategoState) -> list[int]:
    """Seed, "Initial Formation": a side sets up on the free squares of its own last rows."""
    board = state.board
    return [s for s in state.rules.zones[state.turn] if board[s] == EMPTY]


def place(state: StrategoState, square: int) -> None:
    """Put the next piece of the side setting up on ``square``; hand over when all are placed."""
    piece = next_piece(state)
    board = list(state.board)
    board[square] = piece
    state.board = tuple(board)
    pos = list(state.pos)
    pos[piece] = square
    state.pos = tuple(pos)
    placed = list(state.placed)
    placed[state.turn] += 1
    state.placed = tuple(placed)
    if placed[state.turn] == state.rules.n:
        finish_setup(state)


def place_layout(state: StrategoState, layout: tuple[int, ...]) -> None:
    """Set up a whole side from a layout (ranks over the zone, own back row first)."""
    side, rules = state.turn, state.rules
    board, pos = list(state.board), list(state.pos)
    first = side * rules.n
    by_rank: dict[int, list[int]] = {}
    for i, rank in enumerate(rules.army):
        by_rank.setdefault(rank, []).append(first + i)
    for square, rank in zip(rules.zones[side], layout):
        if rank != NO_PIECE:
            piece = by_rank[rank].pop(0)
            board[square] = piece
            pos[piece] = square
    state.board, state.pos = tuple(board), tuple(pos)
    placed = list(state.placed)
    placed[side] = rules.n
    state.placed = tuple(placed)
    finish_setup(state)


def finish_setup(state: StrategoState) -> None:
    """Red sets up first, then Blue; then Red makes the first move."""
    side = state.turn
    state.filling = False
    state.events = push(state.events, ("setup", side))
    if side == 0:
        state.turn = 1
        return
    state.phase = PLAY
    state.turn = 0
    state.origin = state.pos
    rebuild_masks(state)
    if state.rules.more_squares:
        h = 0
        for piece, square in enumerate(state.pos):
            if square >= 0:
                h ^= state.rules.zobrist[piece][square]
        state.zhash = h
    after_move(state, fought=True)


_ZOBRIST_RNG = random.Random(20_041)
#: ZOBRIST[piece][square]: random keys for hashing positions (more-squares rule), up to 40 a side.
ZOBRIST = tuple(tuple(_ZOBRIST_RNG.getrandbits(62) for _ in range(100)) for _ in range(80))

# Bitboards: bit ``s`` stands for square ``s``. LAND has every square but the lakes.
LAND = sum(1 << s for s in range(100) if s not in LAKES)
_NOT_EAST_EDGE = sum(1 << s for s in range(100) if s % 10 != 9)
_NOT_WEST_EDGE = sum(1 << s for s in range(100) if s % 10 != 0)
_DELTA = (10, 1, -10, -1)
#: ID_OFFSET[d][k]: a move in direction d over k squares to square t has id t * 36 + ID_OFFSET[d][k].
ID_OFFSET = tuple(tuple(-_DELTA[d] * k * 36 + d * 9 + k - 1 for k in range(11)) for d in range(4))


#: LINE_MASKS[s]: (direction, bitboard of the line, its length) for each open line from ``s``.
LINE_MASKS = tuple(tuple((d, sum(1 << t for t in RAYS[s][d]), len(RAYS[s][d]))
                         for d in range(4) if RAYS[s][d]) for s in range(100))


def shift(mask: int, direction: int) -> int:
    """The squares one step from ``mask`` in ``direction`` (lakes and the edge cut off)."""
    if direction == 0:
        return (mask << 10) & LAND
    if direction == 1:
        return ((mask & _NOT_EAST_EDGE) << 1) & LAND
    if direction == 2:
        return (mask >> 10) & LAND
    return ((mask & _NOT_WEST_EDGE) >> 1) & LAND


def rebuild_masks(state: StrategoState) -> None:
    """The per-side bitboards (all pieces, Soldiers, other movable pieces) from the piece list."""
    n = state.rules.n
    occ, scouts, mobile = [0, 0], [0, 0], [0, 0]
    for piece, square in enumerate(state.pos):
        if square < 0:
            continue
        side, bit, rank = piece // n, 1 << square, state.rank[piece]
        occ[side] |= bit
        if rank == SCOUT:
            scouts[side] |= bit
        elif rank != BOMB and rank != FLAG:
            mobile[side] |= bit
    state.occ, state.scouts, state.mobile = tuple(occ), tuple(scouts), tuple(mobile)


# -- Movement Rules ------------------------------------------------------------------------------
def generate_moves(state: StrategoState, side: int) -> tuple[int, ...]:
    """Seed, "Movement Rules": every move and attack of ``side`` (sorted ids), repetition rules applied.

    A piece steps one square orthogonally onto an empty square or an enemy (an attack); the
    Soldier runs any number of free squares in a line and, if the option allows, may end the run
    by attacking the first enemy in that line. Lakes, own pieces and the board's edge stop
    everyone; Bombs and the Flag never move.
    """
    rules = state.rules
    own = state.occ[side]
    enemy = state.occ[1 - side]
    targets = LAND & ~own
    out: list[int] = []
    append = out.append
    # one-square movers, all at once per direction on the bitboards
    walkers = state.mobile[side]
    if walkers:
        for hits, offset in (
            ((walkers << 10) & targets, -360),
            (((walkers & _NOT_EAST_EDGE) << 1) & targets, 9 - 36),
            ((walkers >> 10) & targets, 18 + 360),
            (((walkers & _NOT_WEST_EDGE) >> 1) & targets, 27 + 36),
        ):
            while hits:
                low = hits & -hits
                append((low.bit_length() - 1) * 36 + offset)
                hits ^= low
    # Soldiers: along each line up to the first piece (lines end at lakes and edges)
    runners = state.scouts[side]
    if runners:
        occupied = own | enemy
        scout_attack = rules.scout_attack
        while runners:
            low = runners & -runners
            sq = low.bit_length() - 1
            runners ^= low
            base = sq * 36
            for d, ray, length in LINE_MASKS[sq]:
                start = base + d * 9
                block = ray & occupied
                if not block:
                    out.extend(range(start, start + length))
                    continue
                if d < 2:  # north, east: the nearest blocker is the lowest square
                    b = (block & -block).bit_length() - 1
                    dist = (b - sq) // 10 if d == 0 else b - sq
                else:
                    b = block.bit_length() - 1
                    dist = (sq - b) // 10 if d == 2 else sq - b
                if dist > 1:
                    out.extend(range(start, start + dist - 1))
                if enemy >> b & 1 and (dist == 1 or scout_attack):
                    append(start + dist - 1)
    pos = state.pos
    if rules.limit:
        streak = state.streak[side]
        if streak is not None and streak[3] >= rules.limit:
            piece, a, b, _ = streak
            if pos[piece] == b:
                out = [m for m in out if not _is_move(m, b, a)]
    if state.chase is not None and state.chase[4] == side:
        out = [m for m in out if not chase_forbids(state, m)]
    out.sort()
    return tuple(out)


def _is_move(action: int, frm: int, to: int) -> bool:
    return action // 36 == frm and actions.move_target(action) == to


def can_move(state: StrategoState, side: int) -> bool:
    """Whether ``side`` has any piece able to step somewhere, repetition rules aside."""
    pieces = state.mobile[side] | state.scouts[side]
    free = ~state.occ[side]
    return any(shift(pieces, d) & free for d in range(4))


# -- Attack Rules --------------------------------------------------------------------------------
def battle(attacker: int, defender: int) -> int:
    """Seed, "Attack Rules" and "Special Attack Rules": the outcome of one attack.

    The lower rank is removed, equal ranks both go; every attacker but the Defuser dies on a
    Bomb (which stays); the Spy takes the Marshal only when the Spy attacks; any piece takes the Flag.
    """
    if defender == FLAG:
        return FLAG_TAKEN
    if defender == BOMB:
        return ATTACKER_WINS if attacker == MINER else DEFENDER_WINS
    if attacker == SPY and defender == MARSHAL:
        return ATTACKER_WINS
    if attacker == defender:
        return BOTH_LOST
    return ATTACKER_WINS if attacker > defender else DEFENDER_WINS


def play_move(state: StrategoState, action: int) -> None:
    """Carry out one legal move or attack of the side to move, then the end-of-turn rules."""
    rules = state.rules
    side = state.turn
    frm, rest = divmod(action, 36)
    direction, distance = divmod(rest, 9)
    distance += 1
    to = RAYS[frm][direction][distance - 1]
    piece = state.board[frm]
    bit = 1 << piece
    state.ply += 1
    state.moved |= bit
    if distance > 1:
        state.scouted |= bit
    board = list(state.board)
    target = board[to]
    z = rules.zobrist if rules.more_squares else None
    h = state.zhash
    board[frm] = EMPTY
    pos = list(state.pos)
    from_bit, to_bit = 1 << frm, 1 << to
    # the mover's bitboards: it leaves ``frm`` and, unless it loses a fight, stands on ``to``
    occ, scouts, mobile = list(state.occ), list(state.scouts), list(state.mobile)
    kind = scouts if state.rank[piece] == SCOUT else mobile
    occ[side] ^= from_bit
    kind[side] ^= from_bit
    survivor = True
    if target == EMPTY:
        board[to] = piece
        pos[piece] = to
        if z:
            h ^= z[piece][frm] ^ z[piece][to]
        state.events = push(state.events, (side, frm, to, -1, -1, -1))
    else:
        other = 1 - side
        a_rank, d_rank = state.rank[piece], state.rank[target]
        outcome = battle(a_rank, d_rank)
        state.revealed |= bit | (1 << target)
        if outcome == ATTACKER_WINS or outcome == FLAG_TAKEN:
            board[to] = piece
            pos[piece] = to
            pos[target] = -1
            if z:
                h ^= z[piece][frm] ^ z[piece][to] ^ z[target][to]
        elif outcome == DEFENDER_WINS:
            pos[piece] = -1
            survivor = False
            if z:
                h ^= z[piece][frm]
        else:
            board[to] = EMPTY
            pos[piece] = pos[target] = -1
            survivor = False
            if z:
                h ^= z[piece][frm] ^ z[target][to]
        if pos[target] < 0:
            keep = ~to_bit
            occ[other] &= keep
            scouts[other] &= keep
            mobile[other] &= keep
        state.events = push(state.events, (side, frm, to, a_rank, d_rank, outcome))
    if survivor:
        occ[side] |= to_bit
        kind[side] |= to_bit
    state.pos = tuple(pos)
    state.board = tuple(board)
    state.occ, state.scouts, state.mobile = tuple(occ), tuple(scouts), tuple(mobile)
    if target != EMPTY and outcome == FLAG_TAKEN:
        end(state, side, "flag")
        return
    state.zhash = h
    if rules.limit:
        record_streak(state, side, piece, frm, to)
    if rules.more_squares:
        follow_chase(state, side, piece, frm, to, survivor and target == EMPTY)
    state.turn = 1 - side
    after_move(state, fought=target != EMPTY)


# -- Repetition: the two-square rule and the more-squares rule ------------------------------------
def record_streak(state: StrategoState, side: int, piece: int, frm: int, to: int) -> None:
    """Seed, "Movement Rules": a piece may not move more than ``limit`` times in a row between
    the same two squares. Counted per side over its own moves; any other move starts afresh."""
    old = state.streak[side]
    if old is not None and old[0] == piece and old[1] == to and old[2] == frm:
        new = (piece, frm, to, old[3] + 1)
    else:
        new = (piece, frm, to, 1)
    state.streak = (new, state.streak[1]) if side == 0 else (state.streak[0], new)


def threatened(state: StrategoState, side: int, square: int) -> int:
    """Bitmask of the enemy pieces orthogonally next to ``square`` (threatened from it)."""
    n = state.rules.n
    lo, hi = side * n, side * n + n
    mask = 0
    for sq in NEIGHBOURS[square]:
        occ = state.board[sq]
        if occ >= 0 and not lo <= occ < hi:
            mask |= 1 << occ
    return mask


def follow_chase(state: StrategoState, side: int, piece: int, frm: int, to: int, plain: bool) -> None:
    """ISF more-squares rule bookkeeping, after a move of ``piece`` from ``frm`` to ``to``.

    A *threat* is a move next to an enemy piece; an *evasion* is that enemy piece moving away
    on the very next move; a continuous chase is a run of threats and evasions by the same two
    pieces. ``state.chase = (chaser, chased, positions, back, chaser_side)`` holds the positions
    (after each chasing move) seen in the chase and the square the chaser came from.
    ``plain``: the move was no attack (an attack neither threatens nor evades).
    """
    chase, last = state.chase, state.threat
    new_chase = None
    if plain and chase is not None and chase[4] == side and piece == chase[0] \
            and state.pos[chase[1]] in NEIGHBOURS[to]:
        new_chase = (chase[0], chase[1], chase[2] | {state.zhash}, frm, side)
    elif plain and last is not None and last[0] != side and (last[3] >> piece) & 1:
        chaser = last[1]
        if chase is not None and chase[0] == chaser and chase[1] == piece:
            new_chase = chase  # the evader keeps running: the chase goes on
        else:
            new_chase = (chaser, piece, frozenset({last[4]}), last[2], 1 - side)
    state.chase = new_chase
    mask = threatened(state, side, to) if plain else 0
    state.threat = (side, piece, frm, mask, state.zhash) if mask else None


def chase_forbids(state: StrategoState, action: int) -> bool:
    """Whether ``action`` is a chasing move that repeats a position of the running chase.

    Moving the chaser back to the square it came from on its previous turn stays allowed.
    """
    chaser, chased, seen, back, _ = state.chase
    frm = action // 36
    if state.board[frm] != chaser:
        return False
    to = actions.move_target(action)
    if state.board[to] != EMPTY or state.pos[chased] not in NEIGHBOURS[to] or to == back:
        return False
    z = state.rules.zobrist[chaser]
    return (state.zhash ^ z[frm] ^ z[to]) in seen


# -- End of the game -----------------------------------------------------------------------------
def after_move(state: StrategoState, fought: bool = False) -> None:
    """Objective: "leave the opponent without valid movements".

    A side that cannot move on its turn loses. With ``immobile_loses_at_once`` (Gravon) a side
    whose own attack leaves it unable to move loses at once, not on its next turn. If neither
    side can move it is a draw (option ``draw_when_both_immobile``; without it the side to move,
    or the side that just attacked, loses). The optional ply cap ends the game drawn. Otherwise list the moves of the side to move.
    """
    rules = state.rules
    side = state.turn
    if fought and rules.at_once and not can_move(state, 1 - side):  # the mover stranded itself
        if can_move(state, side):
            end(state, side, "no moves")
        else:
            end(state, DRAW if rules.draw_both else side, "no moves for either side")
        return
    if rules.cap and state.ply >= rules.cap:
        end(state, DRAW, "cap")
        return
    moves = generate_moves(state, side)
    state.moves = moves
    if not moves:
        if rules.draw_both and not can_move(state, 1 - side):
            end(state, DRAW, "no moves for either side")
        else:
            end(state, 1 - side, "no moves")


def end(state: StrategoState, winner: int, reason: str) -> None:
    state.phase = OVER
    state.winner = winner
    state.reason = reason
    state.moves = ()
    state.events = push(state.events, ("end", winner, reason))

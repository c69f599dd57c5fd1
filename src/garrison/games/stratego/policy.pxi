# The rule-of-thumb bot (``heuristic``, bots.py), the one source of its moves; its piece values are
# also the material of ``evaluate.py``.
#
# Included by rules.pyx (one module): functions of the typed state ``self``. The bot reads what its
# seat sees (docs/rules/stratego.md, "Bots and speed"; the gate is ``observe.view``): its own
# pieces and their ranks, where the enemy pieces stand, whether each has moved, and an enemy
# rank only as ``public_rank`` shows it (fought, or ran like a Soldier); the captured pieces.

from garrison.core.compiled cimport next_uniform

from .setups import HEURISTIC as _HEURISTIC, ROW_TASTE as _ROW_TASTE

#: What each rank is worth to the bot (Flag .. Bomb), in rough Soldier units.
PIECE_VALUES = (1000.0, 3.0, 1.0, 2.5, 2.0, 3.0, 4.0, 5.0, 7.0, 9.0, 12.0, 1.5)
#: What losing the last piece that can move costs: the game.
cdef double LAST_PIECE = 500.0

cdef double VALUE[NUM_RANKS]
cdef int TASTE[NUM_RANKS][4]   # setups.ROW_TASTE: how much a rank likes each row of its zone
cdef int HUMAN_FROM            # catalogue index of the first human setup (setups.HEURISTIC)


def _read_policy_tables():
    """The piece values and the setup tastes, once at import."""
    global HUMAN_FROM
    cdef int r, row
    for r in range(NUM_RANKS):
        VALUE[r] = PIECE_VALUES[r]
        for row in range(4):
            TASTE[r][row] = _ROW_TASTE.get(r, (2, 2, 2, 2))[row]
    HUMAN_FROM = _HEURISTIC


_read_policy_tables()


cdef inline bint movable(int rank) noexcept nogil:
    """Bombs and the Flag never move (seed: "Imóvel")."""
    return rank != R_FLAG and rank != R_BOMB


# -- Initial Formation ------------------------------------------------------------------------------
cdef int setup_move(StrategoCore self, int me, uint64_t* rng) noexcept nogil:
    """A human setup of the game's archive when there is one (any of them); a random setup when
    only whole setups may be taken (the built-in catalogue is public: whoever read it would know
    where the Flag stands); else, piece by piece, a sound layout drawn from ``rng``: the Flag on
    the back row, Bombs beside and in front of it, every other rank weighted by the rows it
    likes (``setups.ROW_TASTE``: Soldiers to the front, the strong pieces in the middle)."""
    cdef const int* legal = self._legal_buf
    cdef int nlegal = self._nlegal, k, a, sq, z, zf, rank, nhuman = 0
    cdef int rows_squares = self.t.zone_size
    cdef bint pieces = False, random_setup = False
    cdef double weight[MAX_SIDE]
    cdef int square[MAX_SIDE]
    cdef int nsq = 0, guards = 0
    cdef double total = 0.0, u
    for k in range(nlegal):
        a = legal[k]
        if a >= C_CATALOGUE + HUMAN_FROM:
            nhuman += 1
        elif C_PLACE <= a < C_RANDOM_SETUP:
            pieces = True
        elif a == C_RANDOM_SETUP:
            random_setup = True
    if nhuman:
        z = <int>(next_uniform(rng) * nhuman)  # the z-th human setup
        for k in range(nlegal):
            if legal[k] >= C_CATALOGUE + HUMAN_FROM:
                if z == 0:
                    return legal[k]
                z -= 1
    if not pieces:
        return C_RANDOM_SETUP if random_setup else legal[<int>(next_uniform(rng) * nlegal)]
    rank = self.t.army[self.s.placed[me]]
    zf = self.s.pos[me * self.t.n]  # the Flag is placed first (pieces.PLACEMENT_ORDER)
    if zf >= 0 and me == 1:
        zf = 99 - zf
    for k in range(nlegal):
        a = legal[k]
        if not C_PLACE <= a < C_RANDOM_SETUP:
            continue
        sq = a - C_PLACE
        z = sq if me == 0 else 99 - sq  # the square from the owner's chair: row 0 at the back
        square[nsq] = a
        if rank == R_FLAG:
            weight[nsq] = 1.0 if z < 10 else 0.0
        else:
            weight[nsq] = TASTE[rank][z // 10 if z < 40 else 3]
            if rank == R_BOMB and zf >= 0 and (
                    ((z == zf - 1 or z == zf + 1) and z // 10 == zf // 10)
                    or (z == zf + 10 and z < rows_squares)):
                guards += 1
                weight[nsq] = -1.0  # a guard of the Flag: taken first
        nsq += 1
    if guards:
        for k in range(nsq):
            weight[k] = 1.0 if weight[k] < 0 else 0.0
    for k in range(nsq):
        total += weight[k]
    if total <= 0.0:
        return square[<int>(next_uniform(rng) * nsq)]
    u = next_uniform(rng) * total
    for k in range(nsq):
        if weight[k] > 0.0:
            if u < weight[k]:
                return square[k]
            u -= weight[k]
    for k in range(nsq - 1, -1, -1):  # rounding at the very end: the last square weighed
        if weight[k] > 0.0:
            return square[k]
    return square[0]


# -- play: what the seat sees, and the moves weighed -------------------------------------------
cdef struct Sight:
    signed char side[100]       # owner of the piece on a square, -1 for none
    signed char rank[100]       # own: its rank; enemy: its public rank, or -1 (unknown)
    unsigned char moved[100]    # the piece has moved (no Bomb, no Flag)


cdef double gain(int attacker, int defender, bint last) noexcept nogil:
    """What an attack by ``attacker`` on ``defender`` wins (+) or loses (-), in piece values;
    ``last``: the attacker is the last piece its side can move ("Attack Rules")."""
    cdef int outcome = _battle(attacker, defender)
    cdef double own = LAST_PIECE if last else VALUE[attacker]
    if defender == R_FLAG:
        return VALUE[R_FLAG]
    if outcome == C_ATTACKER_WINS:
        return VALUE[defender] + 0.5
    if outcome == C_DEFENDER_WINS:
        return -own
    if outcome == C_BOTH_LOST:
        return VALUE[defender] - own
    return 0.0


cdef void nearest_map(const Sight* v, int me, int* d) noexcept nogil:
    """Per square, the distance (rows plus columns) to the nearest enemy piece; all 0 when there
    is none. Two sweeps over the board (a city-block distance transform, lakes ignored)."""
    cdef int sq
    cdef bint any_target = False
    for sq in range(100):
        if v.side[sq] >= 0 and v.side[sq] != me:
            d[sq] = 0
            any_target = True
        else:
            d[sq] = 100
    if not any_target:
        for sq in range(100):
            d[sq] = 0
        return
    for sq in range(100):  # from a1 upwards: the nearest below or to the left
        if sq >= 10 and d[sq - 10] + 1 < d[sq]:
            d[sq] = d[sq - 10] + 1
        if sq % 10 and d[sq - 1] + 1 < d[sq]:
            d[sq] = d[sq - 1] + 1
    for sq in range(99, -1, -1):  # from j10 downwards: above or to the right
        if sq < 90 and d[sq + 10] + 1 < d[sq]:
            d[sq] = d[sq + 10] + 1
        if sq % 10 != 9 and d[sq + 1] + 1 < d[sq]:
            d[sq] = d[sq + 1] + 1


def nearest(targets):
    """Per square, the city-block distance to the nearest of ``targets`` (squares), as the bot
    reckons it; all 0 when there is none."""
    cdef Sight v
    cdef int d[100]
    cdef int sq
    for sq in range(100):
        v.side[sq] = -1
    for sq in targets:
        v.side[sq] = 1
    nearest_map(&v, 0, d)
    return [d[sq] for sq in range(100)]


cdef double danger(const Sight* v, int me, int square, int rank, int skip) noexcept nogil:
    """Minus the value at risk on ``square`` from enemies next to it: a known stronger piece
    that moves, or, for a piece worth 7 or more, an unknown one that has moved."""
    cdef double risk = 0.0
    cdef int d, sq, enemy
    for d in range(4):
        if RAY_LENGTH[square][d] == 0:
            continue
        sq = RAY[square][d][0]
        if v.side[sq] < 0 or v.side[sq] == me or sq == skip:
            continue
        enemy = v.rank[sq]
        if enemy >= 0 and movable(enemy) and _battle(enemy, rank) == C_ATTACKER_WINS:
            if VALUE[rank] > risk:
                risk = VALUE[rank]
        elif enemy < 0 and v.moved[sq] and VALUE[rank] >= 7.0:
            if 0.3 * VALUE[rank] / 3 > risk:
                risk = 0.3 * VALUE[rank] / 3
    return -risk


cdef int play_move(StrategoCore self, int me, uint64_t* rng) noexcept nogil:
    """Scores every legal move and plays the best: an attack by its expected gain over what the
    enemy piece may be (its public rank, or the ranks still unaccounted for: a piece that moved
    is no Bomb or Flag), plus 6 next to its own Flag; a step by the danger it walks into less
    the danger it leaves, and a small pull towards the nearest enemy (stronger for cheap
    pieces). The Spy keeps itself for the Marshal; the last piece that can move does not gamble.
    Each score gets up to 0.2 of noise from ``rng`` (in the order of the legal moves)."""
    cdef const int* legal = self._legal_buf
    cdef int nlegal = self._nlegal, n = self.t.n, k, a, sq, piece, r, frm, to, rank
    cdef int enemy = 1 - me, flag_sq = -1, own_movers = 0, total = 0, moving = 0
    cdef int left[NUM_RANKS]
    cdef double p_all[NUM_RANKS]
    cdef double p_moving[NUM_RANKS]
    cdef int near[100]
    cdef Sight v
    cdef bint last
    cdef double score, value, best_score = -1e300
    cdef int best = legal[0]
    for r in range(NUM_RANKS):
        left[r] = self.t.army_count[r]
    for sq in range(100):
        piece = self.s.board[sq]
        if piece < 0:
            v.side[sq] = -1
            continue
        v.side[sq] = 1 if piece >= n else 0
        v.moved[sq] = self.s.flags[piece] & MOVED
        if v.side[sq] == me:
            v.rank[sq] = self.s.rank[piece]
            if movable(v.rank[sq]):
                own_movers += 1
            elif v.rank[sq] == R_FLAG:
                flag_sq = sq
        else:
            v.rank[sq] = self.public_rank(piece)
            if v.rank[sq] >= 0:
                left[v.rank[sq]] -= 1
    for piece in range(enemy * n, enemy * n + n):  # captured enemy pieces (their rank is public)
        if self.s.pos[piece] < 0:
            left[self.s.rank[piece]] -= 1
    for r in range(NUM_RANKS):
        if left[r] < 0:
            left[r] = 0
        total += left[r]
        if movable(r):
            moving += left[r]
    if total == 0:
        total = 1
    if moving == 0:
        moving = 1
    for r in range(NUM_RANKS):
        p_all[r] = left[r] / <double>total
        p_moving[r] = left[r] / <double>moving
    last = own_movers == 1
    nearest_map(&v, me, near)
    for k in range(nlegal):
        a = legal[k]
        frm = a // 36
        to = RAY[frm][(a % 36) // 9][a % 9]
        rank = v.rank[frm]
        score = next_uniform(rng) * 0.2
        if v.side[to] >= 0:
            if v.rank[to] >= 0:
                value = gain(rank, v.rank[to], last)
            else:
                value = 0.0
                for r in range(NUM_RANKS):
                    if not left[r]:
                        continue
                    if v.moved[to]:
                        if movable(r):
                            value += p_moving[r] * gain(rank, r, last)
                    else:
                        value += p_all[r] * gain(rank, r, last)
                if rank == R_SPY:
                    value -= 2.0  # keep the Spy for the Marshal
            score += value
            if flag_sq >= 0 and adjacent(flag_sq, to):
                score += 6.0  # drive an attacker away from our Flag
        else:
            score += danger(&v, me, to, rank, frm)
            score -= danger(&v, me, frm, rank, -1)  # fleeing a threat is good
            if rank != R_MARSHAL and VALUE[rank] <= 4.0:
                score += 0.15 * (near[frm] - near[to])
            else:
                score += 0.05 * (near[frm] - near[to])
        if score > best_score:
            best, best_score = a, score
    return best


cdef int heuristic_move(StrategoCore self, int seat, uint64_t* rng) noexcept nogil:
    """The ``heuristic`` bot's move for ``seat``: its setup, or its move in play."""
    if self._nlegal == 1:
        return self._legal_buf[0]
    if self.s.phase == C_SETUP:
        return setup_move(self, seat, rng)
    return play_move(self, seat, rng)

# The move prior learned from people's games (``prior.py`` holds the groups and loads the weights;
# docs/bots.md, "Stratego's learned prior and setup model"): the features of every legal move and
# the prior's likeliest move, in C, so that the ``prior`` bot is a compiled policy (policy 1) and
# the search can play its rollouts and hints with it.
#
# Included by rules.pyx (one module). It reads what the mover sees, as ``observe.view`` shows it:
# its own pieces with their ranks and whether each moved or was seen, where the enemy pieces
# stand, whether each moved, an enemy rank only as ``public_rank`` shows it; the pieces captured;
# the last move of each side from the public log; the ply. Squares are counted from the mover's
# chair (Blue's turned round), so one table serves both sides.

from libc.stdlib cimport free, malloc

from garrison.core.compiled cimport EVENT_WORDS

cdef enum:
    PRIOR_GROUPS = 17       # the feature groups of ``prior.GROUPS``: a move takes one index in each
    PRIOR_TARGETS = 15      # 0 empty, 1 unknown unmoved, 2 unknown moved, 3 + rank known
    PRIOR_HIDDEN_MAX = 64
    C_PRIOR_POLICY = 1
#: The compiled policy the ``prior`` bot plays (``policy_action(seed, policy=PRIOR_POLICY)``).
PRIOR_POLICY = C_PRIOR_POLICY

cdef int PRIOR_OFFSET[PRIOR_GROUPS]
cdef int PRIOR_DIM = 0
cdef int PRIOR_HIDDEN = 0
cdef double* PRIOR_LINEAR = NULL
cdef double* PRIOR_EMBED = NULL             # PRIOR_DIM rows of PRIOR_HIDDEN
cdef double PRIOR_BIAS[PRIOR_HIDDEN_MAX]
cdef double PRIOR_OUT[PRIOR_HIDDEN_MAX]
cdef signed char RANK_GROUP[NUM_RANKS]
cdef signed char DANGER_ORDER[6]


def set_prior_weights(offsets, double[::1] linear, double[:, ::1] embed, double[::1] bias,
                      double[::1] out, rank_group):
    """Hand the fitted prior to C (``prior.move_prior`` does, once): the groups' offsets, the
    linear weight per feature row, the embedding (rows × hidden), its bias, the output weights,
    the rank groups. Raises ``ValueError`` for shapes that do not fit."""
    global PRIOR_DIM, PRIOR_HIDDEN, PRIOR_LINEAR, PRIOR_EMBED
    cdef Py_ssize_t i, j, dim = linear.shape[0], hidden = bias.shape[0]
    if (len(offsets) != PRIOR_GROUPS or embed.shape[0] != dim or embed.shape[1] != hidden
            or out.shape[0] != hidden or not 0 < hidden <= PRIOR_HIDDEN_MAX
            or len(rank_group) != NUM_RANKS):
        raise ValueError(f"the prior's weights do not fit: {len(offsets)} groups (want "
                         f"{PRIOR_GROUPS}), {dim} rows, hidden {hidden} (at most "
                         f"{PRIOR_HIDDEN_MAX})")
    new_linear = <double*>malloc(dim * sizeof(double))
    new_embed = <double*>malloc(dim * hidden * sizeof(double))
    if new_linear == NULL or new_embed == NULL:
        free(new_linear)
        free(new_embed)
        raise MemoryError()
    for i in range(dim):
        new_linear[i] = linear[i]
        for j in range(hidden):
            new_embed[i * hidden + j] = embed[i, j]
    for j in range(hidden):
        PRIOR_BIAS[j] = bias[j]
        PRIOR_OUT[j] = out[j]
    for i in range(PRIOR_GROUPS):
        PRIOR_OFFSET[i] = offsets[i]
    for i in range(NUM_RANKS):
        RANK_GROUP[i] = rank_group[i]
    free(PRIOR_LINEAR)
    free(PRIOR_EMBED)
    PRIOR_LINEAR, PRIOR_EMBED = new_linear, new_embed
    PRIOR_DIM, PRIOR_HIDDEN = <int>dim, <int>hidden


def prior_ready():
    """Whether the prior's weights are in C (``set_prior_weights``)."""
    return PRIOR_DIM > 0


cdef struct PriorView:
    signed char own[100]        # the mover's rank on each square (its chair's numbering), -1 none
    signed char own_flags[100]  # 1 moved, + 2 seen (fought, or ran like a Soldier)
    signed char enemy[100]      # 0 empty, 1 unknown unmoved, 2 unknown moved, 3 + rank known
    signed char near[100]       # city-block distance to the nearest enemy piece (9: none)
    unsigned char count[100]    # legal moves from each square (the board's own numbering)
    bint stronger[NUM_RANKS]    # the enemy still has a piece that beats this rank
    int mine_from, mine_to      # the mover's last move (-1: none)
    int theirs_from, theirs_to  # the other side's last move
    int ply_band
    bint flip


cdef inline int _chair(int sq, bint flip) noexcept nogil:
    return 99 - sq if flip else sq


cdef void prior_view(StrategoCore self, int seat, PriorView* v) noexcept nogil:
    """What the features read of the position, from ``seat``'s view, once per position."""
    cdef int n = self.t.n, sq, o, piece, r, rank, k, e, code, side
    cdef int left[NUM_RANKS]
    cdef int last_from[2]
    cdef int last_to[2]
    cdef int dist[100]
    cdef Sight sides            # only its ``side``: what ``nearest_map`` reads
    cdef bint enemies = False
    cdef const int* ev
    cdef bint flip = seat == 1
    v.flip = flip
    for r in range(NUM_RANKS):
        left[r] = self.t.army_count[r]
    for sq in range(100):
        v.own[sq] = -1
        v.own_flags[sq] = 0
        v.enemy[sq] = 0
        v.count[sq] = 0
    for sq in range(100):
        piece = self.s.board[sq]
        sides.side[sq] = -1 if piece < 0 else 1 if piece >= n else 0
        if piece < 0:
            continue
        o = _chair(sq, flip)
        if (piece >= n) == (seat == 1):
            v.own[o] = self.s.rank[piece]
            v.own_flags[o] = ((1 if self.s.flags[piece] & MOVED else 0)
                              + (2 if self.s.flags[piece] & (REVEALED | SCOUTED) else 0))
        else:
            rank = self.public_rank(piece)
            if rank >= 0:
                v.enemy[o] = 3 + rank
            else:
                v.enemy[o] = 2 if self.s.flags[piece] & MOVED else 1
            enemies = True
    for piece in range((1 - seat) * n, (1 - seat) * n + n):  # the enemy's captured pieces
        if self.s.pos[piece] < 0:
            left[self.s.rank[piece]] -= 1
    for rank in range(NUM_RANKS):
        v.stronger[rank] = False
        for r in range(rank + 1, R_MARSHAL + 1):
            if left[r]:
                v.stronger[rank] = True
    v.stronger[R_SPY] = True  # everything beats a Spy that is attacked
    # the distance to the nearest enemy, as the heuristic reckons it (city-block, lakes ignored:
    # the same from either chair), 9 with no enemy on the board
    nearest_map(&sides, seat, dist)
    for sq in range(100):
        v.near[_chair(sq, flip)] = dist[sq] if enemies else 9
    # the last move of each side among the latest six events of the public log
    last_from[0] = last_from[1] = last_to[0] = last_to[1] = -1
    for e in range(self._nevents - 1, max(0, self._nevents - 6) - 1, -1):
        ev = self._events + EVENT_WORDS * e
        code = ev[0]
        if code == EV_MOVE or code == EV_ATTACK:
            side = ev[1]
            if 0 <= side <= 1 and last_to[side] < 0:
                last_from[side] = ev[2] & 127
                last_to[side] = ev[2] >> 7 & 127
    v.mine_from, v.mine_to = last_from[seat], last_to[seat]
    v.theirs_from, v.theirs_to = last_from[1 - seat], last_to[1 - seat]
    if flip:
        if v.mine_to >= 0:
            v.mine_from, v.mine_to = 99 - v.mine_from, 99 - v.mine_to
        if v.theirs_to >= 0:
            v.theirs_from, v.theirs_to = 99 - v.theirs_from, 99 - v.theirs_to
    k = self.s.ply
    v.ply_band = 0 if k < 20 else 1 if k < 60 else 2 if k < 150 else 3 if k < 400 else 4
    for k in range(self._nlegal):
        v.count[self._legal_buf[k] // 36] += 1


cdef int prior_danger(const PriorView* v, int sq, int skip, int rank) noexcept nogil:
    """What threatens a piece of ``rank`` on ``sq`` (the chair's numbering) from its neighbours,
    ``skip`` left out: 0 nothing, 1 unknown unmoved only, 2 an unknown that moved, 3 a known
    stronger piece, 4 known weaker pieces only, 5 a known piece it ties with or cannot hurt."""
    cdef int worst = 0, d, nb, t, cls, outcome, r
    for d in range(4):
        if RAY_LENGTH[sq][d] == 0:
            continue
        nb = RAY[sq][d][0]
        if nb == skip:
            continue
        t = v.enemy[nb]
        if t == 0:
            continue
        if t <= 2:
            cls = t
        else:
            r = t - 3
            if r == R_FLAG:
                cls = 4
            elif r == R_BOMB:
                cls = 5
            else:  # the enemy attacks next: does it win against us?
                outcome = _battle(r, rank)
                cls = 3 if outcome == C_ATTACKER_WINS else 4 if outcome == C_DEFENDER_WINS else 5
        if DANGER_ORDER[cls] > DANGER_ORDER[worst]:
            worst = cls
    return worst


cdef void prior_move_features(const PriorView* v, int action, int* idx) noexcept nogil:
    """The ``PRIOR_GROUPS`` feature rows of ``action`` (a move in play), offsets added."""
    cdef int f0 = action // 36, direction = (action % 36) // 9, dist = action % 9 + 1
    cdef int t0 = (f0 + 10 * dist if direction == 0 else f0 + dist if direction == 1
                   else f0 - 10 * dist if direction == 2 else f0 - dist)
    cdef int f = _chair(f0, v.flip), t = _chair(t0, v.flip)
    cdef int rank = v.own[f], target = v.enemy[t]
    cdef int rows = t // 10 - f // 10
    cdef int rel = 0 if rows > 0 else 2 if rows < 0 else 1
    cdef int db = 0 if dist == 1 else 1 if dist <= 3 else 2
    cdef int them, me, delta, after, coarse, moves
    cdef int dist_f = v.near[f], dist_t = v.near[t]
    if v.theirs_to < 0:
        them = 0
    elif t == v.theirs_to:
        them = 1
    elif f == v.theirs_to:
        them = 5
    elif adjacent(v.theirs_to, f):
        them = 2
    elif adjacent(v.theirs_to, t):
        them = 3
    else:
        them = 4
    if v.mine_to < 0:
        me = 0
    elif f == v.mine_to:
        me = 2 if t == v.mine_from else 1
    else:
        me = 3
    delta = 0 if dist_t < dist_f else 1 if dist_t == dist_f else 2
    after = 0 if dist_t == 0 else 1 if dist_t == 1 else 2 if dist_t == 2 else 3 if dist_t <= 4 else 4
    coarse = 0 if target == 0 else 1 if target < 3 else 2
    moves = (v.count[f0] if v.count[f0] < 4 else 4) - 1
    idx[0] = rank * PRIOR_TARGETS + target
    idx[1] = rank * 9 + rel * 3 + db
    idx[2] = f
    idx[3] = t
    idx[4] = rank * 10 + t // 10
    idx[5] = rank * 4 + v.own_flags[f]
    idx[6] = rank * 6 + prior_danger(v, t, f, rank)
    idx[7] = rank * 6 + prior_danger(v, f, -1, rank)
    idx[8] = rank * 6 + them
    idx[9] = rank * 4 + me
    idx[10] = rank * 15 + delta * 5 + after
    idx[11] = rank * 6 + (3 if v.stronger[rank] else 0) + coarse
    idx[12] = v.ply_band * 3 + coarse
    idx[13] = (t % 10) * 3 + rel
    idx[14] = RANK_GROUP[rank] * 100 + f
    idx[15] = RANK_GROUP[rank] * 100 + t
    idx[16] = rank * 4 + moves
    for direction in range(PRIOR_GROUPS):
        idx[direction] += PRIOR_OFFSET[direction]


cdef double prior_score(const int* idx) noexcept nogil:
    """A move's score: its rows of the linear weight, plus the small network over them."""
    cdef double score = 0.0, h
    cdef int k, j
    for k in range(PRIOR_GROUPS):
        score += PRIOR_LINEAR[idx[k]]
    for j in range(PRIOR_HIDDEN):
        h = PRIOR_BIAS[j]
        for k in range(PRIOR_GROUPS):
            h += PRIOR_EMBED[idx[k] * PRIOR_HIDDEN + j]
        if h > 0.0:
            score += h * PRIOR_OUT[j]
    return score


cdef int prior_move(StrategoCore self, int seat, uint64_t* rng) noexcept nogil:
    """The prior's likeliest move in play (ties drawn from ``rng``); the ``heuristic``'s setup
    (the setup model is Python: the ``prior`` bot lays out its own); -1 without the weights."""
    cdef PriorView v
    cdef int idx[PRIOR_GROUPS]
    cdef int k, nbest = 0, pick
    cdef double score, top = -1e300
    cdef double scores[MAX_SIDE * 36]
    if self._nlegal == 1:
        return self._legal_buf[0]
    if self.s.phase == C_SETUP:
        return setup_move(self, seat, rng)
    if PRIOR_DIM == 0 or self._nlegal > MAX_SIDE * 36:
        return -1
    prior_view(self, seat, &v)
    for k in range(self._nlegal):
        prior_move_features(&v, self._legal_buf[k], idx)
        score = prior_score(idx)
        scores[k] = score
        if score > top:
            top = score
    for k in range(self._nlegal):
        if scores[k] >= top - 1e-12:
            nbest += 1
    pick = 0 if nbest == 1 else <int>(next_uniform(rng) * nbest)
    for k in range(self._nlegal):
        if scores[k] >= top - 1e-12:
            if pick == 0:
                return self._legal_buf[k]
            pick -= 1
    return self._legal_buf[0]


cdef void _prior_tables():
    cdef int i
    for i, value in enumerate((0, 1, 2, 5, 3, 4)):  # how much each danger class outranks the others
        DANGER_ORDER[i] = value


_prior_tables()

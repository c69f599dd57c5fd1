# The game's end (docs/rules/1848.md, "End and scoring"; "Bei vier ist Schluss", "Und so
# wird abgerechnet"): the final count of victory points and the winners.
#
# Included by rules.pyx (one module): the rules are functions of the typed state ``self``.

# -- "Bei vier ist Schluss" and "Und so wird abgerechnet" --------------------------------------------
cdef struct Score:
    int vp[MAX_SEATS]
    int sums[N_PARTIES]
    int nawards            # who got victory points for which party
    int party[MAX_SEATS * N_PARTIES]
    int seat[MAX_SEATS * N_PARTIES]
    int rank[MAX_SEATS * N_PARTIES]      # -1: an absolute majority
    int points[MAX_SEATS * N_PARTIES]


cdef int holders(int n, const int* points, int stride, int* out) noexcept nogil:
    """Seats holding the most of something, ``points[seat * stride]`` (only a positive top
    counts), into ``out``; returns how many."""
    cdef int seat, top = points[0], k = 0
    for seat in range(1, n):
        if points[seat * stride] > top:
            top = points[seat * stride]
    if top <= 0:
        return 0
    for seat in range(n):
        if points[seat * stride] == top:
            out[k] = seat
            k += 1
    return k


cdef void score(int n, const int* tally, Score* out) noexcept nogil:
    """Victory points: absolute majority -> 5 to its top holder(s) and 0 to all others; else
    4/3/2/1 to the top holders of the parties by strength (only parties above 0; equal party
    totals share a rank; equal holders each get the points)."""
    cdef int hold[MAX_SEATS]
    cdef int q, r, seat, total = 0, nh, k, rank
    memset(out, 0, sizeof(Score))
    for q in range(N_PARTIES):
        for seat in range(n):
            out.sums[q] += tally[seat * N_PARTIES + q]
        if out.sums[q] > 0:
            total += out.sums[q]  # a party below zero has no votes to count
    for q in range(N_PARTIES):
        if out.sums[q] > 0 and out.sums[q] > total - out.sums[q]:
            nh = holders(n, tally + q, N_PARTIES, hold)
            for k in range(nh):
                out.vp[hold[k]] = 5
                out.party[out.nawards], out.seat[out.nawards] = q, hold[k]
                out.rank[out.nawards], out.points[out.nawards] = -1, 5
                out.nawards += 1
            return
    for q in range(N_PARTIES):
        if out.sums[q] <= 0:
            continue
        rank = 0
        for r in range(N_PARTIES):
            if out.sums[r] > out.sums[q]:
                rank += 1
        nh = holders(n, tally + q, N_PARTIES, hold)
        for k in range(nh):
            out.vp[hold[k]] += 4 - rank
            out.party[out.nawards], out.seat[out.nawards] = q, hold[k]
            out.rank[out.nawards], out.points[out.nawards] = rank, 4 - rank
            out.nawards += 1


cdef int winners_of(int n, const int* vp, const int* won) noexcept nogil:
    """Most victory points; ties broken by Ablaufkarten won (docs/rules/1848.md, "End and scoring"); still tied:
    shared. A bitmask of seats."""
    cdef int seat, best_vp = -1, best_won = -1, out = 0
    for seat in range(n):
        if vp[seat] > best_vp or (vp[seat] == best_vp and won[seat] > best_won):
            best_vp, best_won = vp[seat], won[seat]
    for seat in range(n):
        if vp[seat] == best_vp and won[seat] == best_won:
            out |= 1 << seat
    return out


def final_scoring(tally):
    """Victory points per seat for the tallies ``tally[seat][party]``, and the awards as
    ``(party, seat, rank, points)`` (rank -1: an absolute majority)."""
    cdef int flat[MAX_SEATS * N_PARTIES]
    cdef Score sc
    cdef int n = len(tally), seat, q, k
    for seat in range(n):
        for q in range(N_PARTIES):
            flat[seat * N_PARTIES + q] = tally[seat][q]
    score(n, flat, &sc)
    return ([sc.vp[seat] for seat in range(n)],
            [(sc.party[k], sc.seat[k], sc.rank[k], sc.points[k]) for k in range(sc.nawards)])


def winners(vp, won):
    """The winning seats for victory points ``vp`` and Ablaufkarten won ``won`` (counts)."""
    cdef int v[MAX_SEATS]
    cdef int w[MAX_SEATS]
    cdef int seat, n = len(vp)
    for seat in range(n):
        v[seat], w[seat] = vp[seat], won[seat]
    cdef int mask = winners_of(n, v, w)
    return [seat for seat in range(n) if (mask >> seat) & 1]


# -- "Bei vier ist Schluss" and "Und so wird abgerechnet" ----------------------------------
cdef void finish(Revolution1848Core self) noexcept nogil:
    """The game is over: victory points (``score``) and the winners (``winners_of``)."""
    cdef Score sc
    cdef int k, seat
    cdef int vp[MAX_SEATS]
    cdef int won[MAX_SEATS]
    score(self.n, &self.s.tally[0][0], &sc)
    emit_totals(self, final=1, totals=sc.sums)
    for k in range(sc.nawards):
        if sc.rank[k] < 0:
            emit_majority(self, party=sc.party[k], seat=sc.seat[k])
        else:
            emit_rank(self, party=sc.party[k], rank=sc.rank[k], seat=sc.seat[k], points=sc.points[k])
    for seat in range(self.n):
        self.s.vp[seat] = sc.vp[seat]
        won[seat] = __builtin_popcountll(self.s.won[seat])
    self.s.winners = winners_of(self.n, sc.vp, won)
    self.s.scored = True
    self.s.phase = OVER
    self.s.to_move = TERMINAL_PLAYER
    for seat in range(MAX_SEATS):
        vp[seat] = sc.vp[seat] if seat < self.n else 0
    emit_over(self, winners=self.s.winners, vp=vp)

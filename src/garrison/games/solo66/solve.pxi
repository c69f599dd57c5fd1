# The exact ending of a Solo 66 deal whose hands are all known (a world of the search, never the
# table): a two-sided alpha-beta, the soloist against the four defenders, who share one result
# (each gets a quarter of the opposite of his score, docs/rules/solo66.md "Winning and scoring"),
# so that max^n over five seats is the same as this minimax. The value is the soloist's score of
# the deal (Play ¶5: his card points, schneider and schwarz, the loss multipliers), computed when
# the last trick is taken. Trick play follows ``Solo66Core.playable`` and ``finish_trick``
# (Play ¶3).
#
# * Transposition table: positions at the start of a trick, keyed by the five hands, the
#   leader and what the soloist has banked (card points and tricks), with lower/upper bounds.
# * Cards that are equivalent (same suit, same card points, no card left in play between them)
#   are searched once.
# * Move ordering: a card that takes the trick so far first, worth most first; otherwise the
#   cheapest.
#
# ``solved_ending`` is the hook the search uses (``Solo66Core.exact_ending``): on a copy, the
# compiled heuristic plays every seat until at most ``n`` tricks are left, then the ending is
# solved. Included by rules.pyx (one module).

cdef enum:
    TT_BITS = 16
    TT_SIZE = 1 << TT_BITS
    SOLVE_INF = 1 << 20


cdef struct Ending:
    unsigned int hands[PLAYERS]
    int trick[PLAYERS]
    int played, leader, to_move, trump, soloist, left, points, sol_tricks
    bint points_scoring
    long long nodes


cdef struct TTEntry:
    unsigned int hands[PLAYERS]
    int tag                # leader + 8 * sol_tricks + 64 * points
    unsigned int gen       # the solve that wrote it (0: empty)
    int lower, upper


cdef TTEntry _tt[TT_SIZE]
cdef unsigned int _tt_gen = 0


cdef inline int ending_score(int points, int sol_tricks, bint points_scoring) noexcept nogil:
    """Play ¶5, as ``soloist_score`` (the grupp scoring, or +1/-1 with ``points``)."""
    cdef int defenders = TOTAL - points, factor
    if points_scoring:
        return 1 if points >= WINNING else -1
    if points >= WINNING:
        factor = 3 if sol_tricks == TRICKS else (2 if defenders < SCHNEIDER else 1)
        return points * factor
    factor = 4 if sol_tricks == 0 else (3 if points < SCHNEIDER else 2)
    return -defenders * factor


cdef inline int card_strength(int c, int led, int trump) noexcept nogil:
    if (c >> 3) == trump:
        return 16 + (c & 7)
    if (c >> 3) == led:
        return 8 + (c & 7)
    return -1


cdef inline unsigned int ending_playable(const Ending* e, unsigned int hand) noexcept nogil:
    """Play ¶3: follow suit; if void, trump if you can; with neither, any card."""
    cdef unsigned int follow, trumps
    if e.played == 0:
        return hand
    follow = hand & (0xFFu << (8 * (e.trick[0] >> 3)))
    if follow:
        return follow
    if e.trump >= 0:
        trumps = hand & (0xFFu << (8 * e.trump))
        if trumps:
            return trumps
    return hand


cdef inline unsigned int distinct_cards(const Ending* e, unsigned int legal) noexcept nogil:
    """``legal`` without the cards equivalent to a lower one kept: same suit, same card points
    and no card still in a hand or on the table between them (whichever is played, the trick
    and every later one go the same way)."""
    cdef unsigned int live = 0, out = 0, m = legal, between
    cdef int p, c, prev = -1
    for p in range(PLAYERS):
        live |= e.hands[p]
    for p in range(e.played):
        live |= 1u << e.trick[p]
    while m:
        c = ctz32(m)
        m &= m - 1
        if prev >= 0 and (prev >> 3) == (c >> 3) and FACE_POINT[prev & 7] == FACE_POINT[c & 7]:
            between = ((1u << c) - 1) & ~((2u << prev) - 1)
            if not live & between:
                continue  # prev stands for it (prev stays the run's representative)
        out |= 1u << c
        prev = c
    return out


cdef int order_moves(const Ending* e, unsigned int cards, int* out) noexcept nogil:
    """The cards in search order: those that take the trick so far first (worth most first),
    then the rest, cheapest first."""
    cdef int keys[8]
    cdef int n = 0, i, j, c, key, led, best = -1
    led = e.trick[0] >> 3 if e.played else -1
    for i in range(e.played):
        key = card_strength(e.trick[i], led, e.trump)
        if key > best:
            best = key
    while cards:
        c = ctz32(cards)
        cards &= cards - 1
        if e.played == 0:
            key = FACE_POINT[c & 7] * 8 + (c & 7)
        elif card_strength(c, led, e.trump) > best:
            key = 1000 + FACE_POINT[c & 7] * 8 + (c & 7)
        else:
            key = -(FACE_POINT[c & 7] * 8 + (c & 7))
        j = n
        while j > 0 and keys[j - 1] < key:
            keys[j] = keys[j - 1]
            out[j] = out[j - 1]
            j -= 1
        keys[j] = key
        out[j] = c
        n += 1
    return n


cdef inline TTEntry* tt_slot(const Ending* e) noexcept nogil:
    cdef uint64_t h = (<uint64_t>e.hands[0] | (<uint64_t>e.hands[1] << 32)) * 0x9E3779B97F4A7C15ULL
    h ^= (<uint64_t>e.hands[2] | (<uint64_t>e.hands[3] << 32)) + (h >> 29)
    h *= 0xBF58476D1CE4E5B9ULL
    h ^= (<uint64_t>e.hands[4] | (<uint64_t>(e.leader + 8 * e.sol_tricks + 64 * e.points) << 32)) + (h >> 31)
    h *= 0x94D049BB133111EBULL
    return &_tt[(h >> (64 - TT_BITS)) & (TT_SIZE - 1)]


cdef inline bint tt_match(const TTEntry* t, const Ending* e) noexcept nogil:
    cdef int p
    if t.gen != _tt_gen or t.tag != e.leader + 8 * e.sol_tricks + 64 * e.points:
        return False
    for p in range(PLAYERS):
        if t.hands[p] != e.hands[p]:
            return False
    return True


cdef int ending_value(Ending* e, int alpha, int beta) noexcept nogil:
    """The soloist's score of the deal with both sides playing perfectly from ``e`` (fail-soft
    alpha-beta within ``(alpha, beta)``); ``e`` is left as it was."""
    cdef int moves[8]
    cdef int saved[PLAYERS]
    cdef int n, i, c, me = e.to_move, value, best, led, k, win_i, strength_now, pts, w
    cdef int old_points, old_tricks, old_leader, alpha0 = alpha, beta0 = beta
    cdef bint maximize = me == e.soloist
    cdef TTEntry* slot = NULL
    e.nodes += 1
    if e.played == 0:
        if e.left == 0:
            return ending_score(e.points, e.sol_tricks, e.points_scoring)
        slot = tt_slot(e)
        if tt_match(slot, e):
            if slot.lower >= beta:
                return slot.lower
            if slot.upper <= alpha:
                return slot.upper
            if slot.lower > alpha:
                alpha = slot.lower
            if slot.upper < beta:
                beta = slot.upper
            if alpha >= beta:
                return alpha
        alpha0, beta0 = alpha, beta  # the window searched: what the result bounds
    n = order_moves(e, distinct_cards(e, ending_playable(e, e.hands[me])), moves)
    best = -SOLVE_INF if maximize else SOLVE_INF
    for i in range(n):
        c = moves[i]
        e.hands[me] ^= 1u << c
        e.trick[e.played] = c
        e.played += 1
        if e.played < PLAYERS:
            e.to_move = (me + 1) % PLAYERS
            value = ending_value(e, alpha, beta)
            e.to_move = me
        else:
            led = e.trick[0] >> 3
            win_i, strength_now, pts = 0, -2, 0
            for k in range(PLAYERS):
                pts += FACE_POINT[e.trick[k] & 7]
                if card_strength(e.trick[k], led, e.trump) > strength_now:
                    strength_now, win_i = card_strength(e.trick[k], led, e.trump), k
            w = (e.leader + win_i) % PLAYERS
            old_points, old_tricks, old_leader = e.points, e.sol_tricks, e.leader
            e.left -= 1
            if w == e.soloist:
                e.points += pts + (LAST_BONUS if e.left == 0 else 0)
                e.sol_tricks += 1
            for k in range(PLAYERS):  # the next trick writes over this one's cards
                saved[k] = e.trick[k]
            e.played = 0
            e.leader = e.to_move = w
            value = ending_value(e, alpha, beta)
            e.played = PLAYERS
            for k in range(PLAYERS):
                e.trick[k] = saved[k]
            e.points, e.sol_tricks, e.leader, e.to_move = old_points, old_tricks, old_leader, me
            e.left += 1
        e.played -= 1
        e.hands[me] ^= 1u << c
        if maximize:
            if value > best:
                best = value
            if best > alpha:
                alpha = best
        else:
            if value < best:
                best = value
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    if slot is not NULL:
        if not tt_match(slot, e):
            for k in range(PLAYERS):
                slot.hands[k] = e.hands[k]
            slot.tag = e.leader + 8 * e.sol_tricks + 64 * e.points
            slot.gen = _tt_gen
            slot.lower, slot.upper = -SOLVE_INF, SOLVE_INF
        if best <= alpha0:
            if best < slot.upper:
                slot.upper = best
        elif best >= beta0:
            if best > slot.lower:
                slot.lower = best
        else:
            slot.lower = slot.upper = best
    return best


cdef long long _last_nodes = 0


cdef int solve_deal(Solo66Core st) noexcept nogil:
    """The soloist's score of the deal in trick play under perfect play of both sides, from
    the full state (every hand): ``st`` must be in trick play of a deal with a soloist."""
    global _tt_gen, _last_nodes
    cdef Ending e
    cdef Deal* g = &st.s
    cdef int p
    for p in range(PLAYERS):
        e.hands[p] = g.hands[p]
        e.trick[p] = g.trick[p]
    e.played, e.leader, e.to_move = g.played, g.leader, g.to_move
    e.trump, e.soloist = g.trump, g.soloist
    e.left = TRICKS - g.tricks_done
    e.points = points_of(g.piles[g.soloist]) + points_of(g.discards)
    e.sol_tricks = g.tricks_won[g.soloist]
    e.points_scoring = st.points_scoring
    e.nodes = 0
    _tt_gen += 1
    if _tt_gen == 0:  # wrapped: every entry is stale
        memset(_tt, 0, sizeof(_tt))
        _tt_gen = 1
    p = ending_value(&e, -SOLVE_INF, SOLVE_INF)
    _last_nodes = e.nodes
    return p


def solve_nodes():
    """Nodes searched by the last exact solve (for benchmarks)."""
    return _last_nodes


def solved_ending(Solo66Core state, int tricks):
    """``(returns, soloist)``: the match returns at the end of the current deal, the deal's last
    ``tricks`` tricks solved exactly (``solve_deal``) and what comes before them played by the
    compiled heuristic at every seat, and the seat that played that deal alone (the auction may
    still have been open at ``state``); read from every hand, so call it on a search's world
    only. ``None`` where there is nothing to solve: not in a deal past the deal of the cards, a
    deal everyone passed (no soloist), or the match over. ``state`` is unchanged.

    Raises:
        ValueError: ``tricks`` is below 1.
    """
    cdef Solo66Core w
    cdef Deal* g
    cdef int score, p, action
    if tricks < 1:
        raise ValueError(f"tricks must be at least 1, not {tricks}")
    if state.s.phase == C_DEALING or state.s.phase == C_OVER:
        return None
    w = <Solo66Core>state.clone()
    g = &w.s
    while g.phase != C_PLAY or TRICKS - g.tricks_done > tricks:
        if g.phase == C_DEALING or g.phase == C_OVER or (g.phase == C_PLAY and g.soloist < 0):
            return None
        w._nlegal = -1
        w._find_legal()
        action = heuristic_move(w, g.to_move)
        w._apply(action)
    if g.soloist < 0:
        return None
    score = solve_deal(w)
    return ([g.scores[p] + (score if p == g.soloist else -score / 4.0) for p in range(PLAYERS)],
            g.soloist)

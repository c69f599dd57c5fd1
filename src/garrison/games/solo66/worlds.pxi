# The worlds of search, in C: observe.resample's constrained re-deal of the cards a seat has not
# seen (every deal keeping what it knows equally likely), drawn by rejection and replayed with
# the kernel's _replay, which also counts how many of the others' decisions since the deal the
# heuristic repeats in the world (ISMCTS's ``infer``). observe.resample is the reference: it
# draws the same distribution exactly (by counting) and takes over when rejection gives up.
# Included by rules.pyx.

from garrison.core.compiled cimport next_uniform
from libc.stdlib cimport free, malloc

cdef extern from *:
    int clz32 "__builtin_clz"(unsigned int x) nogil

cdef enum:
    MAX_PLACES = PLAYERS + 3     # the other hands, the talon, the undealt pack, the discards


cdef unsigned int played_by(Deal* g, int seat) noexcept:
    """The cards ``seat`` has played in the deal's tricks (finished and current)."""
    cdef unsigned int mask = 0
    cdef int k, j
    for k in range(g.tricks_done):
        for j in range(PLAYERS):
            if (g.done_leader[k] + j) % PLAYERS == seat:
                mask |= 1u << g.done_cards[k][j]
    for j in range(g.played):
        if (g.leader + j) % PLAYERS == seat:
            mask |= 1u << g.trick[j]
    return mask


cdef void note_voids(int leader, const int* cards, int n, int trump, unsigned int* forbid) noexcept:
    """observe._played_voids for one trick: a seat that did not follow the led suit lacks it,
    and with a trump suit one that neither followed nor trumped lacks trumps (as card masks)."""
    cdef int led, suit, i, seat
    if n == 0:
        return
    led = cards[0] >> 3
    for i in range(1, n):
        suit = cards[i] >> 3
        if suit != led:
            seat = (leader + i) % PLAYERS
            forbid[seat] |= 0xFFu << (8 * led)
            if trump >= 0 and suit != trump:
                forbid[seat] |= 0xFFu << (8 * trump)


cdef inline int pop_high(unsigned int* mask) noexcept:
    """The highest card of ``mask``, taken out (observe._rewrite_deal deals each seat's cards
    from its list in id order, popping the last)."""
    cdef int c = 31 - clz32(mask[0])
    mask[0] ^= 1u << c
    return c


cdef object draw_world(Solo66Core s, int seat, uint64_t seed, int tries, Py_ssize_t back,
                       int worlds):
    """Of up to ``worlds`` worlds for ``seat``, the one in which the heuristic makes the largest
    share of the others' decisions of the deal (within the last ``back`` actions; 0: none
    checked, one world), the first that makes all of them: ``(world, agreeing, checked)``, or
    ``None`` when the first world's ``tries`` random deals all broke a void (the caller then
    deals by counting)."""
    cdef Deal* g = &s.s
    cdef uint64_t rng = seed
    cdef unsigned int masks[MAX_PLACES]
    cdef unsigned int forbid[MAX_PLACES]
    cdef unsigned int voids[PLAYERS]
    cdef unsigned int dealt[MAX_PLACES]
    cdef unsigned int origin[PLAYERS]
    cdef unsigned int played[PLAYERS]
    cdef int caps[MAX_PLACES]
    cdef int owner[MAX_PLACES]    # a hand's seat; -1 talon, -2 pack, -3 discards
    cdef int cards[CARDS]
    cdef int nplaces = 0, ncards = 0, p, k, i, j, c, at, t, w, sol = g.soloist
    cdef unsigned int unknown = 0, talon, talon_seen, discards
    cdef unsigned int pool, m
    cdef int order[TALON]
    cdef int agree = 0, checked = 0, best_agree = -1, best_checked = 1
    cdef bint ok, rewrite_soloist = sol >= 0 and (g.phase == C_DISCARD or g.phase == C_PLAY)
    cdef Py_ssize_t n = s._nhist, start = g.deal_start, first = g.deal_start + g.dealt + g.ncalls + 1
    cdef int* deal
    cdef CompiledState prefix, world
    cdef object best = None
    if g.phase == C_OVER:
        return s.clone(), 0, 0
    for p in range(PLAYERS):
        voids[p] = 0
        played[p] = played_by(g, p)
    for k in range(g.tricks_done):
        note_voids(g.done_leader[k], g.done_cards[k], PLAYERS, g.trump, voids)
    note_voids(g.leader, g.trick, g.played, g.trump, voids)
    for p in range(PLAYERS):
        if p != seat:
            masks[nplaces], forbid[nplaces], owner[nplaces] = g.hands[p], voids[p], p
            nplaces += 1
    masks[nplaces], forbid[nplaces], owner[nplaces] = g.talon, 0, -1
    nplaces += 1
    masks[nplaces], forbid[nplaces], owner[nplaces] = g.stock, 0, -2
    nplaces += 1
    if sol >= 0 and seat != sol:
        masks[nplaces], forbid[nplaces], owner[nplaces] = g.discards, 0, -3
        nplaces += 1
    for i in range(nplaces):
        caps[i] = popcount32(masks[i])
        unknown |= masks[i]
    m = unknown
    while m:
        cards[ncards] = ctz32(m)
        ncards += 1
        m &= m - 1
    # the match before this deal is the same in every world: replayed once, copied for each
    prefix = <CompiledState>s.game.new_initial_state()
    prefix._replay(s._hist, start, seat, 0, NULL, NULL)
    deal = <int*>malloc(max(n - start, 1) * sizeof(int))
    if deal == NULL:
        raise MemoryError()
    try:
        for w in range(max(worlds, 1)):
            # every deal of the unknown cards into the places equally likely, until one keeps
            # the voids
            ok = False
            for t in range(tries):
                for i in range(ncards - 1, 0, -1):
                    j = <int>(next_uniform(&rng) * (i + 1))
                    cards[i], cards[j] = cards[j], cards[i]
                at = 0
                ok = True
                for i in range(nplaces):
                    dealt[i] = 0
                    for k in range(caps[i]):
                        dealt[i] |= 1u << cards[at]
                        at += 1
                    if dealt[i] & forbid[i]:
                        ok = False
                        break
                if ok:
                    break
            if not ok:
                break
            for p in range(PLAYERS):
                origin[p] = g.hands[p]
            talon, talon_seen, discards = g.talon, g.talon_seen, g.discards
            for i in range(nplaces):
                if owner[i] >= 0:
                    origin[owner[i]] = dealt[i]
                elif owner[i] == -1:
                    talon = dealt[i]
                elif owner[i] == -3:
                    discards = dealt[i]
            if rewrite_soloist and seat != sol:
                # which two of the soloist's cards came from the talon, and the order he laid
                # two away
                pool = origin[sol] | discards | played[sol]
                talon_seen = 0
                for k in range(TALON):
                    m = pool & ~talon_seen
                    for i in range(<int>(next_uniform(&rng) * popcount32(m))):
                        m &= m - 1
                    talon_seen |= 1u << ctz32(m)
                m = discards
                for k in range(g.ndiscards):
                    order[k] = ctz32(m)
                    m &= m - 1
                if g.ndiscards == TALON and next_uniform(&rng) < 0.5:
                    order[0], order[1] = order[1], order[0]
            else:
                for k in range(g.ndiscards):
                    order[k] = g.discard_order[k]
            # the deal's chance actions (and the discards) rewritten to the new cards: each
            # seat's cards as dealt to it at the start of the deal
            for p in range(PLAYERS):
                origin[p] |= played[p]
                if p == sol and rewrite_soloist:
                    origin[p] = (origin[p] | discards) & ~talon_seen
            talon |= talon_seen
            for i in range(n - start):
                deal[i] = s._hist[start + i]
            for k in range(g.dealt):
                if k < PLAYERS * HAND:
                    deal[k] = pop_high(&origin[(g.dealer + 1 + k) % PLAYERS])
                else:
                    deal[k] = pop_high(&talon)
            for k in range(g.ndiscards):
                deal[first - start + k] = order[k]
            for p in range(PLAYERS):
                if origin[p] and g.phase != C_DEALING:
                    raise AssertionError(f"seat {p}'s cards do not fill its part of the deal")
            world = <CompiledState>prefix.clone()
            if back <= 0:
                world._replay(deal, n - start, seat, 0, NULL, NULL)
                return world, 0, 0
            world._replay(deal, n - start, seat, back, &agree, &checked)
            if checked == 0 or agree == checked:
                return world, agree, checked
            if agree * best_checked > best_agree * checked:
                best, best_agree, best_checked = world, agree, checked
    finally:
        free(deal)
    if best is None:
        return None
    return best, best_agree, best_checked

# The worlds of search, in C: observe.resample's constrained re-deal of the cards a seat has not
# seen (every deal keeping what it knows equally likely), drawn by rejection and replayed with
# the kernel's _replay, which also counts how many of the others' decisions since the deal the
# heuristic repeats in the world (ISMCTS's ``infer``). observe.resample is the reference: it
# draws the same distribution exactly (by counting) and takes over when rejection gives up.
# WorldChain walks from world to world (Metropolis) towards the worlds in which the heuristic
# makes the others' decisions. Included by rules.pyx.

from garrison.core.compiled cimport next_uniform
from libc.stdlib cimport free, malloc

cdef extern from *:
    int clz32 "__builtin_clz"(unsigned int x) nogil

cdef enum:
    MAX_PLACES = PLAYERS + 3     # the other hands, the talon, the undealt pack, the discards


cdef unsigned int played_by(Deal* g, int seat) noexcept nogil:
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


cdef void note_voids(int leader, const int* cards, int n, int trump, unsigned int* forbid) noexcept nogil:
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


cdef inline int pop_high(unsigned int* mask) noexcept nogil:
    """The highest card of ``mask``, taken out (observe._rewrite_deal deals each seat's cards
    from its list in id order, popping the last)."""
    cdef int c = 31 - clz32(mask[0])
    mask[0] ^= 1u << c
    return c



cdef struct Redeal:
    # what a seat cannot see, as places to fill (observe.resample's), and one way to fill them
    int seat, sol, nplaces, ncards, ndiscards
    bint rewrite_soloist          # the soloist has picked up the talon (discard or play)
    bint hide_talon               # ... and the seat is not he: which two were the talon is unseen
    unsigned int forbid[MAX_PLACES]
    int caps[MAX_PLACES]
    int owner[MAX_PLACES]         # a hand's seat; -1 talon, -2 pack, -3 discards
    int cards[CARDS]              # the unseen cards
    unsigned int played[PLAYERS]  # each seat's cards played this deal
    Py_ssize_t start, first, n    # the deal's first action, the first discard's, the history's end
    # one world: each place's cards, where each unseen card is, the soloist's talon and the order
    # of his discards (flipped or in card order)
    unsigned int dealt[MAX_PLACES]
    int where[CARDS]
    unsigned int talon_seen
    int flip


cdef void setup_redeal(Solo66Core s, int seat, Redeal* r) noexcept nogil:
    """The places ``seat`` cannot see: the other hands (none of the suits each showed it
    lacks), the talon, the undealt pack, the discards unless the seat is the soloist."""
    cdef Deal* g = &s.s
    cdef unsigned int voids[PLAYERS]
    cdef unsigned int masks[MAX_PLACES]
    cdef unsigned int unknown = 0, m
    cdef int p, k, i
    r.seat, r.sol, r.nplaces, r.ncards, r.ndiscards = seat, g.soloist, 0, 0, g.ndiscards
    r.rewrite_soloist = g.soloist >= 0 and (g.phase == C_DISCARD or g.phase == C_PLAY)
    r.hide_talon = r.rewrite_soloist and seat != g.soloist
    r.start, r.n = g.deal_start, s._nhist
    r.first = g.deal_start + g.dealt + g.ncalls + 1
    r.talon_seen, r.flip = g.talon_seen, 0
    for p in range(PLAYERS):
        voids[p] = 0
        r.played[p] = played_by(g, p)
    for k in range(g.tricks_done):
        note_voids(g.done_leader[k], g.done_cards[k], PLAYERS, g.trump, voids)
    note_voids(g.leader, g.trick, g.played, g.trump, voids)
    for p in range(PLAYERS):
        if p != seat:
            masks[r.nplaces], r.forbid[r.nplaces], r.owner[r.nplaces] = g.hands[p], voids[p], p
            r.nplaces += 1
    masks[r.nplaces], r.forbid[r.nplaces], r.owner[r.nplaces] = g.talon, 0, -1
    r.nplaces += 1
    masks[r.nplaces], r.forbid[r.nplaces], r.owner[r.nplaces] = g.stock, 0, -2
    r.nplaces += 1
    if g.soloist >= 0 and seat != g.soloist:
        masks[r.nplaces], r.forbid[r.nplaces], r.owner[r.nplaces] = g.discards, 0, -3
        r.nplaces += 1
    for i in range(r.nplaces):
        r.caps[i] = popcount32(masks[i])
        unknown |= masks[i]
    m = unknown
    while m:
        r.cards[r.ncards] = ctz32(m)
        r.ncards += 1
        m &= m - 1


cdef inline unsigned int place_of_owner(Redeal* r, int owner) noexcept nogil:
    cdef int i
    for i in range(r.nplaces):
        if r.owner[i] == owner:
            return r.dealt[i]
    return 0


cdef unsigned int soloist_pool(Solo66Core s, Redeal* r) noexcept nogil:
    """The soloist's cards after he took the talon, in this world: hand, discards, played."""
    cdef unsigned int hand = place_of_owner(r, r.sol), discards = place_of_owner(r, -3)
    return hand | discards | r.played[r.sol]


cdef bint random_deal(Solo66Core s, Redeal* r, uint64_t* rng, int tries) noexcept nogil:
    """Every deal of the unseen cards into the places equally likely, tried until one keeps the
    voids (at most ``tries``); then, where the seat cannot know them, which two of the
    soloist's cards were the talon and the order he laid two away."""
    cdef int t, i, j, k, at, c
    cdef bint ok = False
    cdef unsigned int pool, m
    for t in range(tries):
        for i in range(r.ncards - 1, 0, -1):
            j = <int>(next_uniform(rng) * (i + 1))
            r.cards[i], r.cards[j] = r.cards[j], r.cards[i]
        at = 0
        ok = True
        for i in range(r.nplaces):
            r.dealt[i] = 0
            for k in range(r.caps[i]):
                r.dealt[i] |= 1u << r.cards[at]
                r.where[r.cards[at]] = i
                at += 1
            if r.dealt[i] & r.forbid[i]:
                ok = False
                break
        if ok:
            break
    if not ok:
        return False
    if r.hide_talon:
        pool = soloist_pool(s, r)
        r.talon_seen = 0
        for k in range(TALON):
            m = pool & ~r.talon_seen
            for i in range(<int>(next_uniform(rng) * popcount32(m))):
                m &= m - 1
            r.talon_seen |= 1u << ctz32(m)
        r.flip = r.ndiscards == TALON and next_uniform(rng) < 0.5
    return True


cdef int write_deal(Solo66Core s, Redeal* r, int* deal) except -1:
    """The deal's actions (from its first card on) with the chance actions and the discards
    rewritten to this world's cards: each seat's cards as dealt to it at the start of the deal,
    in id order (observe._rewrite_deal)."""
    cdef Deal* g = &s.s
    cdef unsigned int origin[PLAYERS]
    cdef unsigned int talon = g.talon, discards = g.discards, m
    cdef int order[TALON]
    cdef int p, i, k
    cdef Py_ssize_t j
    for p in range(PLAYERS):
        origin[p] = g.hands[p]
    for i in range(r.nplaces):
        if r.owner[i] >= 0:
            origin[r.owner[i]] = r.dealt[i]
        elif r.owner[i] == -1:
            talon = r.dealt[i]
        elif r.owner[i] == -3:
            discards = r.dealt[i]
    if r.hide_talon:
        m = discards
        for k in range(r.ndiscards):
            order[k] = ctz32(m)
            m &= m - 1
        if r.flip:
            order[0], order[1] = order[1], order[0]
    else:
        for k in range(r.ndiscards):
            order[k] = g.discard_order[k]
    for p in range(PLAYERS):
        origin[p] |= r.played[p]
        if p == r.sol and r.rewrite_soloist:
            origin[p] = (origin[p] | discards) & ~r.talon_seen
    talon |= r.talon_seen
    for j in range(r.n - r.start):
        deal[j] = s._hist[r.start + j]
    for k in range(g.dealt):
        if k < PLAYERS * HAND:
            deal[k] = pop_high(&origin[(g.dealer + 1 + k) % PLAYERS])
        else:
            deal[k] = pop_high(&talon)
    for k in range(r.ndiscards):
        deal[r.first - r.start + k] = order[k]
    for p in range(PLAYERS):
        if origin[p] and g.phase != C_DEALING:
            raise AssertionError(f"seat {p}'s cards do not fill its part of the deal")
    return 0


cdef CompiledState match_before_deal(Solo66Core s):
    """The match up to the current deal, replayed: the same in every world."""
    cdef CompiledState prefix = <CompiledState>s.game.new_initial_state()
    prefix._replay(s._hist, s.s.deal_start, -1, 0, NULL, NULL)
    return prefix


cdef CompiledState replay_world(Solo66Core s, Redeal* r, CompiledState prefix, int* deal,
                                Py_ssize_t back, int* agree, int* checked):
    """The world ``r`` holds: ``prefix`` copied and the deal replayed with its cards rewritten
    (``deal`` is the buffer for it), counting the heuristic's agreement over the last ``back``
    actions (0: none counted)."""
    write_deal(s, r, deal)
    cdef CompiledState world = <CompiledState>prefix.clone()
    if back > 0:
        world._replay(deal, r.n - r.start, r.seat, back, agree, checked)
    else:
        world._replay(deal, r.n - r.start, r.seat, 0, NULL, NULL)
    return world


cdef object draw_world(Solo66Core s, int seat, uint64_t seed, int tries, Py_ssize_t back,
                       int worlds):
    """Of up to ``worlds`` worlds for ``seat``, the one in which the heuristic makes the largest
    share of the others' decisions of the deal (within the last ``back`` actions; 0: none
    checked, one world), the first that makes all of them: ``(world, agreeing, checked)``, or
    ``None`` when the first world's ``tries`` random deals all broke a void (the caller then
    deals by counting)."""
    cdef uint64_t rng = seed
    cdef Redeal r
    cdef int w, agree = 0, checked = 0, best_agree = -1, best_checked = 1
    cdef int* deal
    cdef CompiledState prefix, world
    cdef object best = None
    if s.s.phase == C_OVER:
        return s.clone(), 0, 0
    setup_redeal(s, seat, &r)
    prefix = match_before_deal(s)
    deal = <int*>malloc(max(r.n - r.start, 1) * sizeof(int))
    if deal == NULL:
        raise MemoryError()
    try:
        for w in range(max(worlds, 1)):
            if not random_deal(s, &r, &rng, tries):
                break
            world = replay_world(s, &r, prefix, deal, back, &agree, &checked)
            if back <= 0:
                return world, 0, 0
            if checked == 0 or agree == checked:
                return world, agree, checked
            if agree * best_checked > best_agree * checked:
                best, best_agree, best_checked = world, agree, checked
    finally:
        free(deal)
    if best is None:
        return None
    return best, best_agree, best_checked


cdef class WorldChain:
    """A Markov chain over the worlds of one seat at one position (Metropolis): a step proposes
    a world next to the current one (two unseen cards in different places swapped where the
    voids allow it; where the seat is not the soloist, also another of his cards as one of the
    two he found in the talon, or his two discards in the other order) and moves there with
    chance ``min(1, noise ** (d' - d))``, d counting the others' decisions of the deal the
    heuristic would not make in the world. Every proposal is as likely as its way back, so the
    chain's worlds come to be drawn in proportion to ``noise ** d``: the seat's knowledge kept,
    the others' play weighed by the model "they play like the heuristic, each decision another
    with a chance". Made by ``Solo66Core.world_chain``; ``walk(steps)`` gives worlds."""

    cdef Solo66Core real
    cdef Redeal r
    cdef uint64_t rng
    cdef Py_ssize_t back
    cdef double noise
    cdef int tries
    cdef CompiledState prefix
    cdef int* deal
    cdef object world
    cdef int agree, checked
    #: Proposals made and taken since the chain was made.
    cdef public long long proposed, moved

    def __dealloc__(self):
        free(self.deal)

    cdef int start(self, Solo66Core s, int seat, uint64_t seed, Py_ssize_t back,
                   double noise, int tries) except -1:
        """The first world: the best of eight drawn as ``draw_world`` draws them (0: no
        random deal kept the voids; the caller then has no chain)."""
        cdef int w, agree = 0, checked = 0
        cdef CompiledState world
        cdef Redeal best_r
        self.real = <Solo66Core>s.clone()  # the chain's own copy: the state may move on
        self.rng, self.back, self.noise, self.tries = seed, back, noise, tries
        s = self.real
        setup_redeal(s, seat, &self.r)
        self.prefix = match_before_deal(s)
        self.deal = <int*>malloc(max(self.r.n - self.r.start, 1) * sizeof(int))
        if self.deal == NULL:
            raise MemoryError()
        self.checked = -1
        for w in range(8):
            if not random_deal(s, &self.r, &self.rng, tries):
                if w == 0:
                    return 0
                break
            world = self.replayed(&agree, &checked)
            if self.checked < 0 or checked - agree < self.checked - self.agree:
                self.world, self.agree, self.checked, best_r = world, agree, checked, self.r
            if agree == checked:
                break
        self.r = best_r
        return 1

    cdef CompiledState replayed(self, int* agree, int* checked):
        return replay_world(self.real, &self.r, self.prefix, self.deal, self.back, agree, checked)

    cdef bint propose(self) noexcept nogil:
        """Change the world in place to one next to it; False when the proposal is no move."""
        cdef Redeal* r = &self.r
        cdef double u = next_uniform(&self.rng)
        cdef int a, b, pa, pb, k, c
        cdef unsigned int pool, m, bit_a, bit_b
        if r.hide_talon and u < 0.4:
            if u < 0.1:
                if r.ndiscards < TALON:
                    return False
                r.flip = not r.flip
                return True
            pool = soloist_pool(self.real, r)
            k = <int>(next_uniform(&self.rng) * TALON)  # which of the two found in the talon
            m = r.talon_seen
            if k:
                m &= m - 1
            c = <int>(next_uniform(&self.rng) * popcount32(pool))
            bit_a = pool
            for a in range(c):
                bit_a &= bit_a - 1
            bit_a &= -bit_a
            if bit_a & r.talon_seen:
                return False
            r.talon_seen = (r.talon_seen & ~(m & -m)) | bit_a
            return True
        if r.ncards < 2:
            return False
        a = r.cards[<int>(next_uniform(&self.rng) * r.ncards)]
        b = r.cards[<int>(next_uniform(&self.rng) * r.ncards)]
        pa, pb = r.where[a], r.where[b]
        bit_a, bit_b = 1u << a, 1u << b
        if pa == pb or (r.forbid[pb] & bit_a) or (r.forbid[pa] & bit_b):
            return False
        r.dealt[pa] ^= bit_a | bit_b
        r.dealt[pb] ^= bit_a | bit_b
        r.where[a], r.where[b] = pb, pa
        if r.hide_talon:  # a card of the talon that leaves the soloist hands its part over
            pool = soloist_pool(self.real, r)
            if (r.talon_seen & bit_a) and not (pool & bit_a):
                r.talon_seen ^= bit_a | bit_b
            elif (r.talon_seen & bit_b) and not (pool & bit_b):
                r.talon_seen ^= bit_a | bit_b
        return True

    def walk(self, int steps):
        """``(world, agreeing, checked)`` after ``steps`` proposals: a copy of the chain's world.
        Where no decision of the others is to be weighed (none since the deal), each world is
        drawn afresh instead. Raises ``ValueError`` for fewer than one step."""
        cdef int i, agree = 0, checked = 0, d, d_new
        cdef Redeal saved
        cdef CompiledState world
        if steps < 1:
            raise ValueError(f"steps must be 1 or more, not {steps}")
        if self.checked == 0:
            if random_deal(self.real, &self.r, &self.rng, self.tries):
                self.world = self.replayed(&agree, &checked)
            return self.world.clone(), 0, 0
        for i in range(steps):
            saved = self.r
            self.proposed += 1
            if not self.propose():
                continue
            world = self.replayed(&agree, &checked)
            d, d_new = self.checked - self.agree, checked - agree
            if d_new <= d or next_uniform(&self.rng) < self.noise ** (d_new - d):
                self.world, self.agree, self.checked = world, agree, checked
                self.moved += 1
            else:
                self.r = saved
        return self.world.clone(), self.agree, self.checked

# The worlds of search, in C: what a seat cannot know dealt again, pile by pile, into the places
# it cannot see, every deal keeping what it knows equally likely. A seat knows its own hand, the
# cards it pushed under a pile and saw drawn (``known``) and a Zusatzkarte being placed; it does
# not know the face-down rest of a pile, the other hands' cards of the pile, or the cards other
# players pushed under it. tests/revolution1848/world_oracle.py deals the same with the kernel's
# ``deal`` in Python, and the tests hold the two to the same worlds for the same generator.
# Included by rules.pyx.

from garrison.core.streams cimport shuffle_ints


cdef object draw_world(Revolution1848Core self, int seat, object rng):
    """A world for ``seat`` (see above): a clone with the hidden cards dealt again, the other
    seats' knowledge and private events dropped and the history forgotten. Draws one seed of
    ``rng`` (a ``random.Random``) for each pile with a hidden card."""
    cdef Revolution1848Core world = self.clone()
    cdef Revolution1848* w = &world.s
    cdef U128 fixed = self.s.known[seat], pool, mine, m
    cdef int caps[MAX_SEATS]
    cdef int cards[N_CARDS]
    cdef int pile, t, i, k, n, at
    if self.s.pending >= 0:
        fixed |= bit(self.s.pending)
    for pile in range(2):
        # the places, in order: other hands (their cards of this pile that the seat does not
        # know), the cards others pushed under the pile, the face-down rest
        pool = self.s.stock & pile_mask(pile)
        w.stock &= ~pile_mask(pile)
        for t in range(self.n):
            caps[t] = 0
            if t != seat:
                mine = self.s.hands[t] & pile_mask(pile) & ~fixed
                caps[t] = count(mine)
                w.hands[t] &= ~mine
                pool |= mine
        for i in range(self.s.nbottom[pile]):
            if self.s.pusher[pile][i] != seat:
                pool |= bit(self.s.bottom[pile][i])
        if not pool:
            continue
        n = 0
        m = pool
        while m:  # in card order: the world must not depend on where the cards really are
            cards[n] = lowest(m)
            n += 1
            m &= m - 1
        shuffle_ints(cards, n, <uint64_t>rng.getrandbits(64))
        at = 0
        for t in range(self.n):
            for k in range(caps[t]):
                w.hands[t] |= bit(cards[at])
                at += 1
        for i in range(self.s.nbottom[pile]):
            if self.s.pusher[pile][i] != seat:
                w.bottom[pile][i] = <int8_t>cards[at]
                at += 1
        while at < n:
            w.stock |= bit(cards[at])
            at += 1
    for t in range(self.n):
        if t != seat:
            w.known[t] = 0
    hide_from(world, seat)  # the world's log must not tell the real deal
    world._epoch += 1
    world._nlegal = -1
    world.forget_history()
    return world


cdef double tilt_of(Revolution1848Core w, int seat, const double[:, ::1] tilt) noexcept:
    """The sum over the cards of ``tilt[card, place]`` in world ``w`` (``draw_tilted_world``)."""
    cdef double total = 0.0
    cdef int c, t, place
    cdef U128 m, elsewhere = ~(<U128>0)
    for t in range(w.n):
        if t == seat:
            continue
        place = (t - seat + w.n) % w.n
        m = w.s.hands[t]
        elsewhere &= ~m
        while m:
            c = lowest(m)
            total += tilt[c, place]
            m &= m - 1
    for c in range(N_CARDS):
        if (elsewhere >> c) & 1:
            total += tilt[c, 0]
    return total


cdef object draw_tilted(Revolution1848Core self, int seat, object rng, const double[:, ::1] tilt,
                        int k):
    """One of ``k`` worlds of ``draw_world``, each kept in turn with chance its weight over the
    weights so far (a weighted reservoir of one), so that the one returned was drawn in
    proportion to ``exp(tilt_of)``. Draws ``k`` worlds and ``k`` uniform numbers of ``rng``."""
    cdef object chosen = None, world
    cdef double score, top = 0.0, total = 0.0
    cdef int i
    for i in range(k):
        world = draw_world(self, seat, rng)
        score = tilt_of(<Revolution1848Core>world, seat, tilt)
        if i == 0 or score > top:  # weights relative to the highest score yet: no overflow
            total = total * exp(top - score) if i else 0.0
            top = score
        total += exp(score - top)
        if <double>rng.random() * total < exp(score - top):
            chosen = world
    return chosen

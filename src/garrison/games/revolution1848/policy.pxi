# The rule-of-thumb bot (``heuristic``, bots.py): greedy for the current Stich
# (docs/rules/1848.md, "A round (Stich)" and "Deciding the round"), the one source of its moves.
#
# Included by rules.pyx (one module): functions of the typed state ``self``. The bot reads what
# its seat sees: its own hand and the table, whose decision (``decide``) reads nothing hidden.
# To weigh a card it plays it on the state itself and takes it back (the kernel's _probe and
# _unprobe: struct and log restored, history and undo stack untouched).

#: What winning the Stich is worth on top of the points it credits; another seat's win costs half.
cdef double WIN_BONUS = 6.0
#: What a card played costs (it is gone for later Stiche).
cdef double CARD_COST = 1.5


cdef double stich_value(Revolution1848Core self, int seat) noexcept nogil:
    """How good the table is for ``seat`` if the Stich ended now: the points credited to it less
    half the others', plus the win bonus (less half of it when another seat would win)."""
    cdef Result r
    cdef int k, mine = 0, theirs = 0
    cdef double value
    decide(self, &r, False)
    for k in range(r.ncredits):
        if r.cseat[k] == seat:
            mine += r.cpoints[k]
        else:
            theirs += r.cpoints[k]
    value = mine - 0.5 * theirs
    if r.winner == seat:
        value += WIN_BONUS
    elif r.winner >= 0:
        value -= WIN_BONUS / 2
    return value


cdef int values_after(Revolution1848Core self, int seat, const int* actions, int n,
                      double* out) noexcept nogil:
    """``out[k]``: ``stich_value`` once ``actions[k]`` is played; when that leaves ``seat`` a
    target or an army's commander to choose, the best of those. Each action is tried on the
    state itself and the state is restored as it was (the kernel's ``_probe``, ``_reprobe`` for
    each next sibling, ``_unprobe``). 0, or the code of an action that failed."""
    cdef int choices[N_PERSON + MAX_SEATS]
    cdef double values[N_PERSON + MAX_SEATS]
    cdef int k, j, m, code = self._probe(actions[0])
    if code < 0:
        return code
    for k in range(n):
        if k:
            code = self._reprobe(actions[k])
            if code < 0:
                break
        if (self.s.phase == TARGET or self.s.phase == ASSIGN) and self.s.to_move == seat:
            m = self._legal(choices)
            code = values_after(self, seat, choices, m, values)
            if code < 0:
                break
            out[k] = values[0]
            for j in range(1, m):
                if values[j] > out[k]:
                    out[k] = values[j]
        else:
            out[k] = stich_value(self, seat)
    self._unprobe()
    return code


cdef int heuristic_move(Revolution1848Core self, int seat) noexcept nogil:
    """Draws from the pile it holds fewer cards of; gives an army to itself when it may; else
    the target (or commander) that leaves the best table; in its turn the card whose table
    gains most over now, less ``CARD_COST``, or passes when none gains. First best wins ties."""
    cdef const int* legal = self._legal_buf
    cdef int n = self._nlegal, k, best, hp, nplayed = 0, code
    cdef int played[N_CARDS]
    cdef double values[N_CARDS + MAX_SEATS]
    cdef double base, gain, best_gain
    if n == 1:
        return legal[0]
    if self.s.phase == DRAW:
        hp = count(self.s.hands[seat] & PERSONS)
        return A_DRAW_PERSON if hp <= count(self.s.hands[seat]) - hp else A_DRAW_ZUSATZ
    if self.s.phase == TARGET or self.s.phase == ASSIGN:
        if self.s.phase == ASSIGN:
            for k in range(n):
                if legal[k] == A_ASSIGN + seat:
                    return legal[k]
        code = values_after(self, seat, legal, n, values)
        if code < 0:
            return code
        best, best_gain = legal[0], values[0]
        for k in range(1, n):
            if values[k] > best_gain:
                best, best_gain = legal[k], values[k]
        return best
    base = stich_value(self, seat)
    for k in range(n):
        if legal[k] < A_PUSH:  # only cards played (not pushed, not a pass) are weighed
            played[nplayed] = legal[k]
            nplayed += 1
    best, best_gain = A_PASS, 0.0
    if nplayed:
        code = values_after(self, seat, played, nplayed, values)
        if code < 0:
            return code
    for k in range(nplayed):
        gain = values[k] - base - CARD_COST
        if gain > best_gain:
            best, best_gain = played[k], gain
    return best

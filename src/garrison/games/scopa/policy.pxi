# The greedy bot (docs/rules/scopa.md, "Bots"): one move ahead, it weighs what each capture
# wins (cards, Diamonds, 7s and 6s for the First, the 7 of Diamonds, a scopa) against what the
# next player, always an opponent, may win back from the table left behind (a sweep, or a
# valuable card), counting the chance that this player holds a card of some value from the cards
# the bot has not seen. It reads only what its seat may see: its own hand, the table, the card
# being played and the cards chosen, the captured piles, how many cards each hand and the stock
# hold, and the options. Ties go to the first move in the legal order (by more than 1e-12), and
# among equally good sets to the lowest mask.
#
# Included by rules.pyx (one module): ``greedy_move`` is ``ScopaCore._policy``.

# What one captured card is worth, in points of a hand (rough shares of each point).
cdef double W_CARD = 0.1
cdef double W_DIAMOND = 0.2
cdef double W_NAPOLA = 0.3          # Diamonds A, 2, 3 with napola
cdef double W_SETTEBELLO = 1.2      # the 7 of Diamonds (and the King, with re_bello)
cdef double W_SCOPA = 1.0
cdef double TIE = 1e-12             # a move must beat the best so far by more than this
cdef enum:
    SETTEBELLO = 6
    RE_BELLO = 9

# The worth of each card, for each (napola, re_bello) as 2 * napola + re_bello; and the worth of
# every set of one suit's cards (10 bits), per suit, so that a set's worth is four look-ups. The
# sums run from the suit's highest card down, as the Python bot's did (the moves recorded in
# tests/scopa/fixtures/policy_moves.json), so that worths and ties agree to the last bit.
cdef double CARD_WORTH[4][NUM_CARDS]
cdef double SUIT_WORTH[4][4][1024]
# The capture values of a set of one suit's cards (the same in every suit).
cdef int SUIT_VALUES[1024]
# C(n, k) for n, k <= 40: the chances of holding a card of some value.
cdef long long BINOMIAL[NUM_CARDS + 1][NUM_CARDS + 1]


cdef double card_worth(int card, bint napola, bint re_bello) noexcept nogil:
    """A share of the cards point, of the First (7: .35, 6: .15, Ace: .1), of the Diamonds
    point (napola's A-2-3 more), the whole 7 of Diamonds (and the King, with re_bello)."""
    cdef int value = value_of(card)
    cdef double w = W_CARD + (0.35 if value == 7 else 0.15 if value == 6 else
                              0.1 if value == 1 else 0.0)
    if card < 10:
        w += W_DIAMOND
        if napola and card < 3:
            w += W_NAPOLA
    if card == SETTEBELLO or (re_bello and card == RE_BELLO):
        w += W_SETTEBELLO
    return w


cdef void _init_policy_tables() noexcept nogil:
    cdef int combo, suit, bits, face, n, k
    for combo in range(4):
        for face in range(NUM_CARDS):
            CARD_WORTH[combo][face] = card_worth(face, combo >> 1, combo & 1)
        for suit in range(4):
            SUIT_WORTH[combo][suit][0] = 0.0
            for bits in range(1, 1024):
                face = lowest(bits)
                SUIT_WORTH[combo][suit][bits] = (SUIT_WORTH[combo][suit][bits & (bits - 1)]
                                                 + CARD_WORTH[combo][10 * suit + face])
    SUIT_VALUES[0] = 0
    for bits in range(1, 1024):
        SUIT_VALUES[bits] = SUIT_VALUES[bits & (bits - 1)] + lowest(bits) + 1
    for n in range(NUM_CARDS + 1):
        for k in range(NUM_CARDS + 1):
            BINOMIAL[n][k] = 0
        BINOMIAL[n][0] = 1
        for k in range(1, n + 1):
            BINOMIAL[n][k] = BINOMIAL[n - 1][k - 1] + BINOMIAL[n - 1][k]


_init_policy_tables()


cdef struct GreedyView:
    Mask table
    bint last_play            # the card to play is the hand's last: nothing is won back
    bint ace_takes_all, ace_scopa, fewest
    int combo                 # 2 * napola + re_bello
    double holds[11]          # chance the next player holds a card of each value 1..10


cdef inline double set_worth(const GreedyView* v, Mask cards) noexcept nogil:
    cdef int c = v.combo
    return (SUIT_WORTH[c][0][cards & 1023] + SUIT_WORTH[c][1][cards >> 10 & 1023]
            + SUIT_WORTH[c][2][cards >> 20 & 1023] + SUIT_WORTH[c][3][cards >> 30])


cdef void greedy_view(ScopaCore self, int me, GreedyView* v) noexcept nogil:
    """What seat ``me`` knows: the cards it has not seen (the pack less its hand, the table,
    the piles and the card being played) and how many cards the next player will hold."""
    cdef Mask seen = self.s.hands[me] | self.s.table, unseen
    cdef int i, n = self.players, stock, next_hand, left_after = 0, h, k, value
    cdef long long every
    cdef double by_count[5]
    cdef bint playing = self.s.pending != NOBODY
    for i in range(self.sides):
        seen |= self.s.piles[i]
    if playing:
        seen |= <Mask>1 << self.s.pending
    unseen = self.pack_mask & ~seen
    stock = popcount(self.s.stock)
    for i in range(n):
        left_after += popcount(self.s.hands[i])
    if not playing:
        left_after -= 1
    next_hand = popcount(self.s.hands[(me + 1) % n])
    if next_hand == 0 and stock:
        next_hand = min(self.hand_size, stock // n)
    v.table = self.s.table
    v.last_play = stock == 0 and left_after == 0
    v.ace_takes_all, v.ace_scopa, v.fewest = self.ace_takes_all, self.ace_scopa, self.fewest_cards
    v.combo = 2 * self.napola + self.re_bello
    # the chance that a hand of next_hand cards drawn from the unseen ones holds at least one of
    # k given cards
    i = popcount(unseen)
    h = min(next_hand, i)
    by_count[0] = 0.0
    for k in range(1, 5):
        if h == 0:
            by_count[k] = 0.0
        elif k <= i:
            every = BINOMIAL[i][h]
            by_count[k] = 1.0 - <double>BINOMIAL[i - k][h] / <double>every
        else:
            by_count[k] = 1.0
    v.holds[0] = 0.0
    for value in range(1, 11):
        v.holds[value] = by_count[popcount(VALUE_MASK[value] & unseen)]


cdef double risk(const GreedyView* v, Mask table) noexcept nogil:
    """What the next player may win back from ``table``: a sweep (a card of the table's total,
    or an Ace with ace_takes_all), or its most valuable card."""
    cdef int total, c
    cdef double worst = 0.0, w
    cdef Mask rest
    if v.last_play or not table:
        return 0.0
    total = (SUIT_VALUES[table & 1023] + SUIT_VALUES[table >> 10 & 1023]
             + SUIT_VALUES[table >> 20 & 1023] + SUIT_VALUES[table >> 30])
    if total <= 10:
        worst = v.holds[total] * (W_SCOPA + set_worth(v, table))
    if v.ace_takes_all and not table & ACES:
        w = v.holds[1] * ((W_SCOPA if v.ace_scopa else 0.0) + set_worth(v, table))
        if w > worst:
            worst = w
    rest = table
    while rest:
        c = lowest(rest)
        w = v.holds[value_of(c)] * CARD_WORTH[v.combo][c]
        if w > worst:
            worst = w
        rest &= rest - 1
    return worst


cdef double capture_worth(const GreedyView* v, int card, Mask taken) noexcept nogil:
    """``card`` takes ``taken``: the cards won, a scopa, less what is won back."""
    cdef Mask after = v.table & ~taken
    cdef double gain = set_worth(v, taken | (<Mask>1 << card))
    cdef bint ace_all
    if not after and not v.last_play:
        ace_all = v.ace_takes_all and value_of(card) == 1 and not taken & ACES
        if v.ace_scopa or not ace_all:
            gain += W_SCOPA
    return gain - risk(v, after)


cdef inline double lay_worth(const GreedyView* v, int card) noexcept nogil:
    return -risk(v, v.table | (<Mask>1 << card)) - 0.01 * value_of(card)


cdef double best_capture(const GreedyView* v, int card, bint* any_set) noexcept nogil:
    """The best worth of the sets ``card`` may take (rules 3.1-3.5 as ``capture_choices``);
    ``any_set`` false when it takes nothing."""
    cdef Mask cards, rest
    cdef long long ways = capture_choices(v.table, card, 0, v.ace_takes_all, v.fewest, &cards,
                                          NULL)
    cdef double best, w
    cdef MaskList sets
    cdef int i
    any_set[0] = ways > 0
    if ways <= 1:
        return capture_worth(v, card, cards) if ways else 0.0
    if v.table & VALUE_MASK[value_of(card)]:
        # single-card priority (3.1-3.2): each table card of the same value is one set
        rest = cards
        best = capture_worth(v, card, <Mask>1 << lowest(rest))
        rest &= rest - 1
        while rest:
            w = capture_worth(v, card, <Mask>1 << lowest(rest))
            if w > best:
                best = w
            rest &= rest - 1
        return best
    capture_choices(v.table, card, 0, v.ace_takes_all, v.fewest, &cards, &sets)
    best = capture_worth(v, card, sets.sets[0])
    for i in range(sets.n):
        w = capture_worth(v, card, sets.sets[i])
        if w > best:
            best = w
    return best


cdef int greedy_move(ScopaCore self, int me) noexcept nogil:
    """The greedy bot's move for ``me``, the seat to move (``_legal_buf`` holds the legal ids)."""
    cdef GreedyView v
    cdef int i, action, card, best_action
    cdef double score, best_score = 0.0, w
    cdef bint found = False, takes
    cdef Mask cards, best_set = 0, chosen, taken
    cdef MaskList sets
    if self._nlegal == 1:
        return self._legal_buf[0]
    greedy_view(self, me, &v)
    if self.s.pending != NOBODY:
        # choosing a capture: the best set holding the cards chosen so far, one card at a time
        card, chosen = self.s.pending, self.s.picked
        capture_choices(v.table, card, 0, v.ace_takes_all, v.fewest, &cards, &sets)
        for i in range(sets.n):
            taken = sets.sets[i]
            if taken & chosen != chosen:
                continue
            w = capture_worth(&v, card, taken)
            if not found or w > best_score or (w == best_score and taken < best_set):
                found, best_score, best_set = True, w, taken
        return TAKE_BASE + lowest(best_set & ~chosen)
    best_action = self._legal_buf[0]
    for i in range(self._nlegal):
        action = self._legal_buf[i]
        takes = False
        if action < TAKE_BASE:
            score = best_capture(&v, action, &takes)
            card = action
        else:
            card = action - LAY_BASE
        if not takes:
            score = lay_worth(&v, card)
        if not found or score > best_score + TIE:
            found, best_score, best_action = True, score, action
    return best_action

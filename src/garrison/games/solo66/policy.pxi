# The heuristic bot (docs/rules/solo66.md, "Bots"): a rule-of-thumb player that reads only what
# its seat may see: its own hand, the calls, the trump, every card played and who took each trick,
# and (the soloist only) the talon it picked up and its own discards.
#
# * Auction (Play ¶2): values each suit as trump (``suit_value``) and bids the lowest suit it may
#   while its best suit at or above that bid is worth ``BID_THRESHOLD``; announces its best suit.
# * Talon (Play ¶2): banks points it could lose (bare Tens, Kings), keeps Aces and trumps, and
#   likes to empty a short suit so that it can trump.
# * Tricks (Play ¶3): the soloist draws trumps with sure winners and takes tricks as cheaply as
#   it safely can; a defender "smears" points onto a trick another defender has won, beats the
#   soloist cheaply when it can, and otherwise throws its least valuable card. Everyone passed
#   (the last-trick variant): it sheds its lowest cards.
#
# Ties go to the lowest card (or suit) id. Included by rules.pyx (one module): ``heuristic_move``
# is ``Solo66Core._policy``.

cdef extern from *:
    int clz32 "__builtin_clz"(unsigned int x) nogil

cdef double BID_THRESHOLD = 9.0
cdef enum:
    F_KING = 5
    F_TEN = 6
    F_ACE = 7


cdef inline bint holds(unsigned int hand, int suit, int face) noexcept nogil:
    return (hand >> (suit * 8 + face)) & 1


cdef inline unsigned int suit_cards(int suit) noexcept nogil:
    return 0xFFu << (8 * suit)


cdef double suit_value_of(unsigned int hand, int trump) noexcept nogil:
    """How good ``hand`` is with ``trump`` as trumps (6 cards before the talon): trump length,
    trump Ace, Ten (more beside the Ace) and King, side Aces (and Tens guarded by them), and with
    three trumps an empty side suit."""
    cdef int trumps = popcount32(hand & suit_cards(trump)), suit
    cdef double value = 1.6 * trumps
    cdef unsigned int side
    if holds(hand, trump, F_ACE):
        value += 2.0
    if holds(hand, trump, F_TEN):
        value += 2.5 if holds(hand, trump, F_ACE) else 1.0
    if holds(hand, trump, F_KING):
        value += 0.5
    for suit in range(4):
        if suit == trump:
            continue
        side = hand & suit_cards(suit)
        if holds(side, suit, F_ACE):
            value += 1.5
            if holds(side, suit, F_TEN):
                value += 1.0
        elif not side:
            value += 0.7 if trumps >= 3 else 0.0
    return value


def suit_value(unsigned int hand, int trump):
    """The heuristic bot's value of ``hand`` (a card mask) with ``trump`` as trumps."""
    return suit_value_of(hand, trump)


cdef double keep_value(unsigned int rest, int trump) noexcept nogil:
    """What the cards kept are worth: trumps, Aces, Tens beside their Ace, a little for the
    others, and 4 for each side suit emptied."""
    cdef double value = 0.0
    cdef int c, suit, face
    cdef unsigned int m = rest
    while m:
        c = ctz32(m)
        m &= m - 1
        suit, face = c >> 3, c & 7
        if suit == trump:
            value += 6 + face
        elif face == F_ACE:
            value += 12
        elif face == F_TEN and holds(rest, suit, F_ACE):
            value += 8
        else:
            value += face * 0.3
    for suit in range(4):
        if suit != trump and not rest & suit_cards(suit):
            value += 4
    return value


cdef int best_discard(unsigned int hand, int trump) noexcept nogil:
    """The first card of the best discard (two cards with the talon in hand, then one): the
    points banked plus what the cards kept are worth, the first best pair in card order."""
    cdef unsigned int a_rest, b_rest
    cdef int a, b, best = -1
    cdef double score, best_score = 0.0
    cdef bint pair = popcount32(hand) == 8
    a_rest = hand
    while a_rest:
        a = ctz32(a_rest)
        a_rest &= a_rest - 1
        if not pair:
            score = FACE_POINT[a & 7] + keep_value(hand & ~(1u << a), trump)
            if best < 0 or score > best_score:
                best, best_score = a, score
            continue
        b_rest = a_rest
        while b_rest:
            b = ctz32(b_rest)
            b_rest &= b_rest - 1
            score = (FACE_POINT[a & 7] + FACE_POINT[b & 7]
                     + keep_value(hand & ~(1u << a) & ~(1u << b), trump))
            if best < 0 or score > best_score:
                best, best_score = a, score
    return best


cdef inline int strength(int c, int led, int trump) noexcept nogil:
    """A card's rank in the trick (Play ¶3): trumps over the led suit; -1 cannot win."""
    if (c >> 3) == trump:
        return 16 + (c & 7)
    if (c >> 3) == led:
        return 8 + (c & 7)
    return -1


cdef int cheapest(unsigned int cards, int trump) noexcept nogil:
    """The least valuable card: fewest points, not a trump, lowest face."""
    cdef int c, best = -1, key, best_key = 0
    while cards:
        c = ctz32(cards)
        cards &= cards - 1
        key = FACE_POINT[c & 7] * 32 + ((c >> 3) == trump) * 8 + (c & 7)
        if best < 0 or key < best_key:
            best, best_key = c, key
    return best


cdef int smear(unsigned int cards, int trump) noexcept nogil:
    """The card that gives a fellow defender most points (a trump counts 8 less), lowest face."""
    cdef int c, best = -1, key, best_key = 0
    while cards:
        c = ctz32(cards)
        cards &= cards - 1
        key = (FACE_POINT[c & 7] - (8 if (c >> 3) == trump else 0)) * 8 + 7 - (c & 7)
        if best < 0 or key > best_key:
            best, best_key = c, key
    return best


cdef struct HeuristicView:
    int me, soloist, trump, led
    unsigned int unseen
    int voids[PLAYERS]        # suits each seat has shown it lacks (finished tricks)


cdef inline bint is_boss(const HeuristicView* v, int c) noexcept nogil:
    """No unseen card of the suit is higher."""
    cdef int suit = c >> 3
    cdef unsigned int higher = suit_cards(suit) & ~((2u << c) - 1)
    return not v.unseen & higher


cdef bint sure(const HeuristicView* v, int c) noexcept nogil:
    """``c`` will hold the trick against the soloist still to play: the top card left of its
    suit, and a trump, or of the led suit when the soloist has not shown a void in it."""
    cdef int suit = c >> 3
    if not is_boss(v, c) or (suit != v.led and suit != v.trump):
        return False
    return suit == v.trump or not (v.voids[v.soloist] >> v.led) & 1


cdef int lead(const HeuristicView* v, unsigned int legal) noexcept nogil:
    """The first card of a trick."""
    cdef unsigned int trumps = legal & suit_cards(v.trump) if v.trump >= 0 else 0
    cdef unsigned int side = legal & ~trumps, m, aces = 0
    cdef int c, top, best = -1
    if v.me == v.soloist:
        if trumps and v.unseen & suit_cards(v.trump):
            top = 31 - clz32(trumps)
            if is_boss(v, top):
                return top
            if popcount32(trumps) >= 3:
                return ctz32(trumps)
        m = side
        while m:  # side suits' top cards: the one worth most
            c = ctz32(m)
            m &= m - 1
            if is_boss(v, c) and (best < 0 or FACE_POINT[c & 7] > FACE_POINT[best & 7]):
                best = c
        if best >= 0:
            return best
        if trumps and not v.unseen & suit_cards(v.trump):
            return cheapest(side, v.trump) if side else 31 - clz32(trumps)
        return cheapest(legal, v.trump)
    m = side
    while m:  # a defender cashes a side Ace that is the top card
        c = ctz32(m)
        m &= m - 1
        if (c & 7) == F_ACE and is_boss(v, c):
            return c
    if side:
        return cheapest(side, v.trump)
    return cheapest(legal, v.trump)


cdef int heuristic_play(Solo66Core self, HeuristicView* v, unsigned int legal) noexcept nogil:
    """A card in the trick play (Play ¶3)."""
    cdef Deal* g = &self.s
    cdef int i, k, c, best_i = 0, best, winner, on_table = 0, seat, key, best_key, first
    cdef int played = g.played
    cdef unsigned int seen = g.hands[v.me], winners = 0, m, safe = 0, after = 0, strong
    cdef bint may_ruff = False
    if v.soloist < 0:  # everyone passed: only the last trick counts; shed the lowest face
        best, best_key = -1, 0
        m = legal
        while m:
            c = ctz32(m)
            m &= m - 1
            key = (c & 7) * 4 + (c >> 3)
            if best < 0 or key < best_key:
                best, best_key = c, key
        return best
    if v.me == v.soloist:
        seen |= g.talon_seen | g.discards
    for k in range(g.tricks_done):
        for i in range(PLAYERS):
            c = g.done_cards[k][i]
            seen |= 1u << c
            if i == 0:
                first = c >> 3
            elif (c >> 3) != first:
                seat = (g.done_leader[k] + i) % PLAYERS
                v.voids[seat] |= 1 << first
                if v.trump >= 0 and (c >> 3) != v.trump:
                    v.voids[seat] |= 1 << v.trump
    for i in range(played):
        seen |= 1u << g.trick[i]
    v.unseen = ~seen
    if played == 0:
        return lead(v, legal)
    v.led = g.trick[0] >> 3
    best = strength(g.trick[0], v.led, v.trump)
    for i in range(played):
        on_table += FACE_POINT[g.trick[i] & 7]
        if strength(g.trick[i], v.led, v.trump) > best:
            best, best_i = strength(g.trick[i], v.led, v.trump), i
    winner = (g.leader + best_i) % PLAYERS
    for k in range(1, PLAYERS - played):
        after |= 1u << ((v.me + k) % PLAYERS)
    m = legal
    while m:
        c = ctz32(m)
        m &= m - 1
        if strength(c, v.led, v.trump) > best:
            winners |= 1u << c
    if v.me == v.soloist:
        if not winners:
            return cheapest(legal, v.trump)
        if not after:
            return cheapest(winners, v.trump)
        for seat in range(PLAYERS):
            if (after >> seat) & 1 and (v.voids[seat] >> v.led) & 1:
                may_ruff = True
        m = winners
        while m:
            c = ctz32(m)
            m &= m - 1
            if is_boss(v, c) and ((c >> 3) == v.trump or not may_ruff):
                safe |= 1u << c
        if safe:
            return cheapest(safe, v.trump)
        if on_table >= 10:
            return 31 - clz32(winners) if (winners & suit_cards(v.trump)) == 0 else (
                31 - clz32(winners & suit_cards(v.trump)))
        return cheapest(legal, v.trump)
    # a defender
    if winner != v.soloist and not (after >> v.soloist) & 1:
        return smear(legal, v.trump)  # a fellow defender takes it: give him points
    if winner != v.soloist:
        # a fellow defender leads the trick, the soloist still to come
        if sure(v, g.trick[best_i]):
            return smear(legal, v.trump)
        best, best_key = -1, 0
        m = winners
        while m:  # overtake with a sure winner: the one worth most, lowest face
            c = ctz32(m)
            m &= m - 1
            if sure(v, c):
                key = FACE_POINT[c & 7] * 8 + 7 - (c & 7)
                if best < 0 or key > best_key:
                    best, best_key = c, key
        if best >= 0:
            return best
        return cheapest(legal, v.trump)
    # the soloist leads the trick and has played: beat him as cheaply as possible
    return cheapest(winners if winners else legal, v.trump)


cdef int heuristic_move(Solo66Core self, int me) noexcept nogil:
    """The heuristic bot's move for ``me``, the seat to move (``_legal_buf`` holds the legal
    ids)."""
    cdef Deal* g = &self.s
    cdef unsigned int hand = g.hands[me], legal = 0
    cdef HeuristicView v
    cdef int i, action, suit, best = -1
    cdef double value, best_value = 0.0
    if self._nlegal == 1:
        return self._legal_buf[0]
    if g.phase == C_AUCTION:
        for i in range(1, self._nlegal):  # the bids, lowest first (the pass is first)
            action = self._legal_buf[i]
            for suit in range(action - BID_ID, 4):
                if suit_value_of(hand, suit) >= BID_THRESHOLD:
                    return action
        return PASS_ID
    if g.phase == C_ANNOUNCE:
        for i in range(self._nlegal):
            value = suit_value_of(hand, self._legal_buf[i] - ANNOUNCE_ID)
            if best < 0 or value > best_value:
                best, best_value = self._legal_buf[i], value
        return best
    if g.phase == C_DISCARD:
        return best_discard(hand, g.trump)
    for i in range(self._nlegal):
        legal |= 1u << self._legal_buf[i]
    v.me, v.soloist, v.trump, v.led = me, g.soloist, g.trump, -1
    for i in range(PLAYERS):
        v.voids[i] = 0
    return heuristic_play(self, &v, legal)

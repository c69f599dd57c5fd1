# Scoring one hand, in C: the table of docs/rules/scopa.md, "Scoring a hand", and the variants'
# extra points (included by rules.pyx; ``scoring.py`` reads it through ``hand_tally``). Each point
# goes to the one side with strictly the most; a tie for the most scores nothing. A card is
# ``suit * 10 + face``; Diamonds are suit 0 (cards 0..9).

#: The seed's "First" (primiera) value of each face: 7=21 6=18 A=16 5=15 4=14 3=13 2=12 J/Q/K=10.
PRIMIERA_BY_FACE = (16, 12, 13, 14, 15, 18, 21, 10, 10, 10)
# the best primiera value among the cards of one suit, by their 10 bits (0: no card)
cdef int SUIT_BEST[1024]


cdef int _suit_best_table() except -1:
    cdef int bits, face, best
    for bits in range(1024):
        best = 0
        for face in range(10):
            if bits >> face & 1 and PRIMIERA_BY_FACE[face] > best:
                best = PRIMIERA_BY_FACE[face]
        SUIT_BEST[bits] = best
    return 0


_suit_best_table()


cdef struct Tally:
    # one hand's outcome; sides are indices, NOBODY where no one scores
    int points[MAX_SIDES]       # the total per side this hand
    int cards[MAX_SIDES]        # cards taken per side
    int diamonds[MAX_SIDES]     # Diamonds taken per side
    int primiera[MAX_SIDES]     # each side's primiera total; -1: a suit is missing
    int napola[MAX_SIDES]       # napola points per side (variant napola)
    int most_cards, most_diamonds, most_primiera, settebello, re_bello, napoleone


cdef int sole_best_c(const int* values, int n, int missing) noexcept nogil:
    """The index of the one strictly highest of ``values[:n]`` (a value equal to ``missing``
    never wins); ``NOBODY`` on a tie or when every value is missing."""
    cdef int side, best = 0, who = NOBODY
    cdef bint any_value = False
    for side in range(n):
        if values[side] == missing:
            continue
        if not any_value or values[side] > best:
            best, who, any_value = values[side], side, True
        elif values[side] == best:
            who = NOBODY
    return who


cdef int primiera_of(Mask pile) noexcept nogil:
    """The best primiera value of each suit added up; -1 if a suit is missing."""
    cdef int shift, best, total = 0
    for shift in range(0, 40, 10):
        best = SUIT_BEST[(pile >> shift) & 1023]
        if not best:
            return -1
        total += best
    return total


cdef int napola_of(Mask pile) noexcept nogil:
    """Diamonds A-2-3 score 3, +1 per further Diamond in unbroken sequence (4, 5, 6, 7, J, Q, K)."""
    cdef int run = 0
    while run < 10 and (pile >> run) & 1:
        run += 1
    return run if run >= 3 else 0


cdef int _holder(const Mask* piles, int sides, int card) noexcept nogil:
    cdef int side
    for side in range(sides):
        if (piles[side] >> card) & 1:
            return side
    return NOBODY


cdef void tally_hand(const Mask* piles, const int* scope, int sides, bint napola, bint re_bello,
                     Tally* t) noexcept nogil:
    """Score one hand from each side's captured pile and sweep count (``sides`` at most
    ``MAX_SIDES``)."""
    cdef int side
    cdef Mask diamonds = 0x3FF
    for side in range(sides):
        t.cards[side] = popcount(piles[side])
        t.diamonds[side] = popcount(piles[side] & diamonds)
        t.primiera[side] = primiera_of(piles[side])
        t.napola[side] = napola_of(piles[side]) if napola else 0
    t.most_cards = sole_best_c(t.cards, sides, -1)
    t.most_diamonds = sole_best_c(t.diamonds, sides, -1)
    t.most_primiera = sole_best_c(t.primiera, sides, -1)
    t.settebello = _holder(piles, sides, SETTEBELLO)
    t.re_bello = _holder(piles, sides, RE_BELLO) if re_bello else NOBODY
    t.napoleone = NOBODY
    if napola:
        for side in range(sides):
            if piles[side] & diamonds == diamonds:
                t.napoleone = side
    for side in range(sides):
        t.points[side] = (scope[side] + t.napola[side] + (t.most_cards == side)
                          + (t.most_diamonds == side) + (t.most_primiera == side)
                          + (t.settebello == side) + (t.re_bello == side))


def hand_tally(piles, scope, bint napola, bint re_bello):
    """``tally_hand`` for Python (``scoring.score_hand``): ``(points, cards, diamonds, primiera,
    napola, most_cards, most_diamonds, most_primiera, settebello, re_bello, napoleone)``, the
    per-side ones as tuples, a missing primiera as ``None``. Raises ``ValueError`` for more
    than ``MAX_SIDES`` sides or a scope list of another length."""
    cdef Mask p[MAX_SIDES]
    cdef int s[MAX_SIDES]
    cdef Tally t
    cdef int side, sides = len(piles)
    if not 1 <= sides <= MAX_SIDES or len(scope) != sides:
        raise ValueError(f"scoring takes 1 to {MAX_SIDES} sides, a pile and a sweep count each "
                         f"(got {len(piles)} piles and {len(scope)} counts)")
    for side in range(sides):
        p[side] = piles[side]
        s[side] = scope[side]
    tally_hand(p, s, sides, napola, re_bello, &t)
    return (tuple([t.points[side] for side in range(sides)]),
            tuple([t.cards[side] for side in range(sides)]),
            tuple([t.diamonds[side] for side in range(sides)]),
            tuple([t.primiera[side] if t.primiera[side] >= 0 else None for side in range(sides)]),
            tuple([t.napola[side] for side in range(sides)]),
            t.most_cards, t.most_diamonds, t.most_primiera, t.settebello, t.re_bello, t.napoleone)


def primiera_total_c(pile):
    """``primiera_of`` for Python: the total, or ``None`` if a suit is missing."""
    cdef int total = primiera_of(pile)
    return None if total < 0 else total


def napola_points_c(pile):
    """``napola_of`` for Python."""
    return napola_of(pile)


def sole_best_ints(values):
    """``sole_best_c`` for Python over ints (``None`` never wins): ``NOBODY`` on a tie. Raises
    ``ValueError`` for more than ``MAX_SEATS`` values."""
    cdef int v[MAX_SEATS]
    cdef int side, n = len(values)
    if n > MAX_SEATS:
        raise ValueError(f"at most {MAX_SEATS} values (got {n})")
    for side in range(n):
        v[side] = -2147483648 if values[side] is None else values[side]
    return sole_best_c(v, n, -2147483648)

# The rule-of-thumb bot (``heuristic``, bots.py), the one source of its moves and of its values of
# cards (the ``sampler`` bot reads ``loot`` and ``keep_value`` from here).
#
# Included by rules.pyx (one module): functions of the typed state ``self``. The bot reads what its
# seat sees (docs/rules/soldateska.md, "Bots"): its own hand, the trick, every won trick, the
# laid-aside cards only when it laid them aside or they were shown, the ducats, the trump and
# the cards in play (the options). Where a card may be it does not know: every card it has not
# seen is "unseen".

from libc.math cimport pow

cdef enum:
    GENERAL_ = 50         # deck.GENERAL: the first special card
    OBERST_ = 51
    MAJOR_ = 52
    HAUPTMAN_ = 53
    LIEUTENANT_ = 54

#: Ducats per rank point (a rank step is worth about one ducat of wages).
cdef double POINT = 0.1
#: A suit is declared trump only when the General's cards of it score more (face + 4 each).
cdef double LONG_SUIT = 60.0

cdef int FACE[NUM_CARDS]        # deck.FACE: 1..10 for weapon and Tobacco cards, else 0
cdef int PRINTED[NUM_CARDS]     # deck.SUIT_OF: the printed suit, NOSUIT for the specials
cdef Cards SUITLESS = (1ULL << DESERTER) | (1ULL << KOKETTE) | (1ULL << BOMB)
cdef double LOOT5[NUM_CARDS]    # card_loot(c, 5): an unseen card's loot (an average holder's ducats)


def _read_policy_tables():
    """The printed suits and faces of deck.py, once at import."""
    cdef int c
    for c in range(NUM_CARDS):
        FACE[c] = K.FACE[c]
        PRINTED[c] = K.SUIT_OF[c]


_read_policy_tables()


# -- what a card is worth ---------------------------------------------------------------------------
cdef double card_loot(int card, int ducats) noexcept nogil:
    """What winning ``card`` is worth at the round's end, in ducats: rank points and a medal;
    the Flag about a rank, the Spy its roll; the Kokette's roll, the Bomb's risk to ``ducats``
    and above all the Deserter card cost ("End of the Round")."""
    if card < GENERAL_:
        return POINTS[card] * POINT + (1.0 if (MEDALS >> card) & 1 else 0.0)
    if card == FLAG:
        return 1.2
    if card == SPY:
        return 2.0
    if card == KOKETTE:
        return -2.0
    if card == BOMB:
        return -1.0 - 0.25 * ducats
    if card == DESERTER:
        return -5.0
    return 0.0


cdef double card_keep(int card, int trump, int ducats) noexcept nogil:
    """What holding ``card`` for later tricks is worth (negative: better gone): Tobacco is shed,
    trump and high cards kept, a Duel card and the high officers are worth keeping."""
    cdef int rank
    if card < GENERAL_:
        if PRINTED[card] == TOBACCO and trump != TOBACCO:
            return -0.05 * FACE[card]
        if PRINTED[card] == trump:
            return 0.1 + 0.06 * FACE[card]
        return 0.02 * FACE[card]
    if (DUELS >> card) & 1:
        return 0.4
    if card == BOMB or card == KOKETTE or card == DESERTER:
        return 0.5 * card_loot(card, ducats)
    if card == SPY:
        return 0.0
    rank = 11 if card == FLAG else 16 - (card - GENERAL_)  # General 16 .. Lieutenant 12
    return 0.15 * (rank - 9)


def _read_loot_table():
    """``LOOT5``, once at import."""
    cdef int c
    for c in range(NUM_CARDS):
        LOOT5[c] = card_loot(c, 5)


_read_loot_table()


def loot(int card, int ducats):
    """What winning ``card`` is worth at the round's end, in ducats (the bots' value)."""
    return card_loot(card, ducats)


def keep_value(int card, int trump, int ducats=10):
    """What holding ``card`` for later tricks is worth to the bots (negative: better gone)."""
    return card_keep(card, trump, ducats)


# -- the trick ----------------------------------------------------------------------------------
cdef int plain_winner(const int* plain, int n, int t) noexcept nogil:
    """The index of the winning card among ``n`` cards that are no Duels (Game Idea): trump, else
    the highest of the led suit; the first card if none ranks."""
    cdef int i, st, best = -1, best_index = 0
    cdef int led = SUIT_UNDER[t][plain[0]]
    for i in range(n):
        st = strength(SUIT_UNDER[t][plain[i]], RANK_UNDER[t][plain[i]], led)
        if st > best:
            best, best_index = st, i
    return best_index


cdef struct Powers:
    # pow(base, e) for the exponents met in one decision, whose base does not change
    int n
    double e[NUM_CARDS]
    double value[NUM_CARDS]


cdef inline double cached_pow(Powers* cache, double base, double e) noexcept nogil:
    """``pow(base, e)``, computed once per exponent while ``base`` stays the same (one decision:
    the same value, bit for bit, as computing it again)."""
    cdef int i
    cdef double v
    for i in range(cache.n):
        if cache.e[i] == e:
            return cache.value[i]
    v = pow(base, e)
    if cache.n < NUM_CARDS:
        cache.e[cache.n] = e
        cache.value[cache.n] = v
        cache.n += 1
    return v


cdef double win_chance(SoldateskaCore self, int card, const int* plain, int nplain,
                       int duels_out, int later, Cards unseen, int nunseen, int per_player,
                       int t, Powers* powers) noexcept nogil:
    """How likely ``card`` takes the trick: nil unless it beats the cards in it; a Duel card
    only through its duel; else less for every unseen card that would beat it (more if of its
    own suit), by the share of the unseen cards the later players hold."""
    cdef int led, mine, st, c
    cdef double p, higher = 0.0, share, q
    cdef Cards m = unseen
    if (DUELS >> card) & 1:
        return 1.0 / (2 + duels_out) if nplain else 0.5
    if plain[plain_winner(plain, nplain, t)] != card:
        return 0.0
    p = 1.0 / (1 + duels_out)
    if later == 0:
        return p
    led = SUIT_UNDER[t][plain[0]]
    mine = strength(SUIT_UNDER[t][card], RANK_UNDER[t][card], led)
    while m:
        c = ctz64(m)
        m &= m - 1
        st = strength(SUIT_UNDER[t][c], RANK_UNDER[t][c], led)
        if st > mine:
            higher += 1.0 if SUIT_UNDER[t][c] == SUIT_UNDER[t][card] else 0.35
    if higher == 0.0:
        return p
    share = <double>(per_player * later) / (nunseen if nunseen > 1 else 1)
    if share >= 1.0:
        q = 0.05
    else:
        q = cached_pow(powers, 1 - share, higher)
    return p * (q if q > 0.05 else 0.05)


cdef double follower_loot(const int* plain, int nplain, Cards unseen, int nunseen,
                          int per_player, double avg, int t) noexcept nogil:
    """What one later player is expected to add to the trick: mostly a card of the led suit,
    if he has one."""
    cdef int led = SUIT_UNDER[t][plain[0]] if nplain else NOSUIT, nsuited = 0, c
    cdef double total = 0, q
    cdef Cards m = unseen
    if led == NOSUIT or not nunseen:
        return avg
    while m:
        c = ctz64(m)
        m &= m - 1
        if SUIT_UNDER[t][c] == led:
            total += LOOT5[c]
            nsuited += 1
    if not nsuited:
        return avg
    q = 1 - pow(1 - <double>nsuited / nunseen, per_player)
    return q * total / nsuited + (1 - q) * avg


cdef int play_move(SoldateskaCore self, int seat, const int* legal, int nlegal) noexcept nogil:
    """The card with the best estimate of (chance to take the trick) x (what the trick will be
    worth) - (what the card is worth kept) - a tenth of its loot when lost; a suitless lead
    costs 3 (the leader keeps it unless someone trumps). Ties: the lower card."""
    cdef Sold* g = &self.s
    cdef int n = self.n, t = g.trump + 1, me = g.ducats[seat], s, k, i, card, best = -1
    cdef int nplain = 0, duels_out = 0, later = n - 1 - g.trick_len, nunseen, per_player
    cdef int plain[MAX_PLAYERS]
    cdef Cards hand = g.hands[seat], seen, unseen, m
    cdef double avg = 0.0, known = 0, p, pot, value, best_value = 0.0
    cdef int nplain_k, led
    cdef double follows[TRUMPS - NOSUIT + 1]
    cdef Powers powers
    seen = hand
    for i in range(g.trick_len):
        seen |= 1ULL << g.trick[i]
        known += card_loot(g.trick[i], me)
        if (DUELS >> g.trick[i]) & 1:
            duels_out += 1
        else:
            plain[nplain] = g.trick[i]
            nplain += 1
    if g.aside_public or seat == g.aside_owner:
        seen |= g.aside
    for s in range(n):
        seen |= g.won[s]
    unseen = self.in_play_mask & ~seen
    nunseen = popcount64(unseen)
    if nunseen:
        m = unseen
        while m:
            avg += LOOT5[ctz64(m)]
            m &= m - 1
        avg = avg / nunseen
    per_player = popcount64(hand) - 1
    if per_player < 1:
        per_player = 1
    powers.n = 0
    for led in range(NOSUIT, TRUMPS + 1):
        follows[led - NOSUIT] = -1e300  # not yet computed
    for k in range(nlegal):
        card = legal[k]
        nplain_k = nplain + (0 if (DUELS >> card) & 1 else 1)
        if not (DUELS >> card) & 1:
            plain[nplain] = card
        p = win_chance(self, card, plain, nplain_k, duels_out, later, unseen, nunseen,
                       per_player, t, &powers)
        # what a follower adds depends on the led suit only: once per suit
        led = SUIT_UNDER[t][plain[0]] if nplain_k else NOSUIT
        if follows[led - NOSUIT] == -1e300:
            follows[led - NOSUIT] = follower_loot(plain, nplain_k, unseen, nunseen, per_player,
                                                  avg, t)
        pot = known + card_loot(card, me) + later * follows[led - NOSUIT]
        value = p * pot - card_keep(card, g.trump, me) - (1 - p) * 0.1 * card_loot(card, me)
        if g.trick_len == 0 and (SUITLESS >> card) & 1:
            value -= 3.0
        if best < 0 or value > best_value:  # the ids ascend: a tie keeps the lower card
            best, best_value = card, value
    return best


# -- the decisions ---------------------------------------------------------------------------
cdef int declare_move(SoldateskaCore self, int seat, const int* legal, int nlegal) noexcept nogil:
    """"The 2nd Round and On": officers only, unless the General's cards of one weapon suit
    score more than ``LONG_SUIT`` (face + 4 each; measured: officers only is usually better)."""
    cdef int k, suit, score, c, best = DECLARE_ID
    cdef double best_score = LONG_SUIT
    cdef Cards m
    for k in range(nlegal):
        suit = legal[k] - DECLARE_ID - 1
        if suit == NOSUIT or suit == TOBACCO:
            continue
        score = 0
        m = self.s.hands[seat] & PRINTED_SUIT[suit]
        while m:
            score += FACE[ctz64(m)] + 4
            m &= m - 1
        if score > best_score:
            best, best_score = legal[k], score
    return best


cdef int pass_move(SoldateskaCore self, const int* legal, int nlegal) noexcept nogil:
    """Passes the card least worth keeping (its loot counts three tenths); ties: the lower."""
    cdef int k, best = legal[0]
    cdef double v, best_v = card_keep(legal[0], self.s.trump, 10) + 0.3 * card_loot(legal[0], 10)
    for k in range(1, nlegal):
        v = card_keep(legal[k], self.s.trump, 10) + 0.3 * card_loot(legal[k], 10)
        if v < best_v:
            best, best_v = legal[k], v
    return best


cdef int aside_move(SoldateskaCore self, int seat, const int* legal, int nlegal) noexcept nogil:
    """The Deserter lays aside the card worth most when held (its loot less what it is worth
    kept): never a Bomb, Kokette or Deserter card. Ties: the lower."""
    cdef int k, best = legal[0], me = self.s.ducats[seat]
    cdef double keep, v, best_v = -1e300
    for k in range(nlegal):
        keep = card_keep(legal[k], self.s.trump, 10)
        v = card_loot(legal[k], me) - (keep if keep > 0.0 else 0.0)
        if v > best_v:
            best, best_v = legal[k], v
    return best


cdef int heuristic_move(SoldateskaCore self, int seat) noexcept nogil:
    """The ``heuristic`` bot's move for ``seat`` in the phase it is to act in."""
    cdef const int* legal = self._legal_buf
    cdef int n = self._nlegal
    if n == 1:
        return legal[0]
    if self.s.phase == P_DECLARE:
        return declare_move(self, seat, legal, n)
    if self.s.phase == P_PASS:
        return pass_move(self, legal, n)
    if self.s.phase == P_ASIDE:
        return aside_move(self, seat, legal, n)
    return play_move(self, seat, legal, n)

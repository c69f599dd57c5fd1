# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled twin of ``rules.py``: Solo 66 played on a C struct (see ``garrison.core.fast``).

Same action ids, the same chance model (one card dealt per chance action, every card left equally
likely) and the same scores as the Python rules; the conformance suite checks the two against
each other at every step. Sections are named as in ``rules.py`` (seed 003, *Play* ¶2-¶5).
"""

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

cdef enum:
    PLAYERS = 5
    HAND_SIZE = 6
    CARDS = 32
    TRICKS = 6
    PASS = 32
    BID_BASE = 33
    ANNOUNCE_BASE = 37
    CLUBS = 3
    NO_TRUMP = -1
    WINNING_POINTS = 66
    SCHNEIDER_BELOW = 33
    TOTAL_POINTS = 130
    LAST_TRICK_BONUS = 10
    THROW_IN_LIMIT = 20  # as rules.THROW_IN_LIMIT
    CHANCE = -1
    TERMINAL = -4
    # phases, as in rules.py
    DEALING = 0
    AUCTION = 1
    ANNOUNCE = 2
    DISCARD = 3
    PLAY = 4
    OVER = 5

cdef int FACE_POINTS[8]
FACE_POINTS[:] = [0, 0, 0, 2, 3, 4, 10, 11]

# the Python ints 0..40 and the outcome pairs (card, 1/n) of a pack of n cards, made once
cdef tuple IDS = tuple(range(ANNOUNCE_BASE + 4))
cdef tuple PAIRS = tuple(
    tuple((c, 1.0 / n if n else 0.0) for c in range(CARDS)) for n in range(CARDS + 1)
)


cdef struct Deal:
    # the match
    int deals, deal_no, dealer, throw_ins
    bint last_trick_variant, points_scoring
    double scores[PLAYERS]
    # the deal
    int phase, to_move, dealt
    unsigned int stock, talon, discards
    unsigned int hands[PLAYERS]
    # the auction and the contract
    unsigned int passed
    int high_bid, high_bidder, soloist, trump, discarded
    # the play
    int leader, played, tricks_done
    int trick[PLAYERS]
    unsigned int piles[PLAYERS]
    int tricks_won[PLAYERS]


cdef inline int forehand(int dealer):
    return (dealer + 1) % PLAYERS


cdef inline int points_of(unsigned int mask):
    cdef int total = 0, c
    for c in range(CARDS):
        if (mask >> c) & 1:
            total += FACE_POINTS[c & 7]
    return total


cdef inline tuple picked(unsigned int mask, tuple table):
    """``table[c]`` for every card ``c`` of ``mask``, lowest first (ids, or outcome pairs)."""
    cdef int n = 0, c, i = 0
    cdef unsigned int m = mask
    while m:
        m &= m - 1
        n += 1
    cdef tuple out = PyTuple_New(n)
    cdef object item
    for c in range(CARDS):
        if (mask >> c) & 1:
            item = table[c]
            Py_INCREF(item)
            PyTuple_SET_ITEM(out, i, item)
            i += 1
    return out


cdef tuple tuple_of_range(int first, int last):
    cdef tuple out = PyTuple_New(last - first)
    cdef object item
    cdef int i
    for i in range(first, last):
        item = IDS[i]
        Py_INCREF(item)
        PyTuple_SET_ITEM(out, i - first, item)
    return out


cdef class Core:
    cdef Deal s

    @staticmethod
    def supports(game):
        p = game.params
        return p.all_pass in ("redeal", "last_trick") and p.scoring in ("grupp", "points")

    def __init__(self, game):
        p = game.params
        self.s.deals = p.deals
        self.s.deal_no = 0
        self.s.throw_ins = 0
        self.s.dealer = 0
        self.s.last_trick_variant = p.all_pass == "last_trick"
        self.s.points_scoring = p.scoring == "points"
        for i in range(PLAYERS):
            self.s.scores[i] = 0.0
        self.start_deal()

    cpdef Core copy(self):
        cdef Core other = Core.__new__(Core)
        other.s = self.s
        return other

    # -- turn structure --------------------------------------------------------------------------
    cpdef int current_player(self):
        if self.s.phase == DEALING:
            return CHANCE
        if self.s.phase == OVER:
            return TERMINAL
        return self.s.to_move

    cpdef bint is_terminal(self):
        return self.s.phase == OVER

    cpdef list returns(self):
        return [self.s.scores[i] for i in range(PLAYERS)]

    cpdef tuple legal(self):
        cdef int phase = self.s.phase
        if phase == PLAY:
            return picked(self.playable(), IDS)
        if phase == DEALING:
            return picked(self.s.stock, IDS)
        if phase == AUCTION:
            return (IDS[PASS],) + tuple_of_range(BID_BASE + self.s.high_bid + 1, BID_BASE + 4)
        if phase == DISCARD:
            return picked(self.s.hands[self.s.soloist], IDS)
        if phase == ANNOUNCE:
            return tuple_of_range(ANNOUNCE_BASE + self.s.high_bid, ANNOUNCE_BASE + 4)
        return ()

    cpdef list chance_outcomes(self):
        return list(picked(self.s.stock, PAIRS[CARDS - self.s.dealt]))

    cpdef apply(self, int action):
        cdef int phase = self.s.phase
        if phase == PLAY:
            self.play_card(action)
        elif phase == DEALING:
            self.deal_card(action)
        elif phase == AUCTION:
            self.make_call(action)
        elif phase == DISCARD:
            self.discard(action)
        elif phase == ANNOUNCE:
            self.announce_trump(action - ANNOUNCE_BASE)

    # -- Play ¶2: the deal -----------------------------------------------------------------------
    cdef void start_deal(self):
        cdef int i
        self.s.phase = DEALING
        self.s.stock = 0xFFFFFFFFu
        self.s.dealt = 0
        self.s.talon = 0
        self.s.passed = 0
        self.s.high_bid = -1
        self.s.high_bidder = -1
        self.s.soloist = -1
        self.s.trump = NO_TRUMP
        self.s.discards = 0
        self.s.discarded = 0
        self.s.leader = forehand(self.s.dealer)
        self.s.to_move = self.s.leader
        self.s.played = 0
        self.s.tricks_done = 0
        for i in range(PLAYERS):
            self.s.hands[i] = 0
            self.s.piles[i] = 0
            self.s.tricks_won[i] = 0

    cdef void deal_card(self, int c):
        """Play ¶2: cards go round from forehand, six each; the last two are the talon."""
        cdef unsigned int bit = 1u << c
        cdef int k = self.s.dealt
        self.s.stock ^= bit
        if k < PLAYERS * HAND_SIZE:
            self.s.hands[(self.s.dealer + 1 + k) % PLAYERS] |= bit
        else:
            self.s.talon |= bit
        self.s.dealt = k + 1
        if k + 1 == CARDS:
            self.s.phase = AUCTION
            self.s.to_move = forehand(self.s.dealer)

    # -- Play ¶2: the auction --------------------------------------------------------------------
    cdef void make_call(self, int action):
        """Play ¶2: a pass is final; the last bidder left (or a Clubs bid) wins the auction."""
        cdef int seat = self.s.to_move, nxt
        cdef unsigned int still_in
        if action == PASS:
            self.s.passed |= 1u << seat
        else:
            self.s.high_bid = action - BID_BASE
            self.s.high_bidder = seat
        still_in = 31u & ~self.s.passed
        if self.s.high_bidder >= 0 and (
            still_in == (1u << self.s.high_bidder) or self.s.high_bid == CLUBS
        ):
            self.s.soloist = self.s.high_bidder
            self.s.phase = ANNOUNCE
            self.s.to_move = self.s.soloist
            return
        if still_in == 0:
            self.all_passed()
            return
        nxt = (seat + 1) % PLAYERS
        while (self.s.passed >> nxt) & 1:
            nxt = (nxt + 1) % PLAYERS
        self.s.to_move = nxt

    cdef void all_passed(self):
        """Play ¶2: nobody bid: the same dealer deals again (not one of the match's deals), or
        (option) a hand without trumps for the last trick."""
        if not self.s.last_trick_variant:
            self.s.throw_ins += 1
            if self.s.throw_ins >= THROW_IN_LIMIT:
                self.s.phase = OVER
                self.s.to_move = -1
                return
            self.start_deal()
            return
        self.s.trump = NO_TRUMP
        self.s.phase = PLAY
        self.s.leader = forehand(self.s.dealer)
        self.s.to_move = self.s.leader

    # -- Play ¶2: the announcement and the talon -----------------------------------------------
    cdef void announce_trump(self, int suit):
        self.s.trump = suit
        self.s.hands[self.s.soloist] |= self.s.talon
        self.s.talon = 0
        self.s.phase = DISCARD

    cdef void discard(self, int c):
        """Play ¶2: two cards onto the soloist's own pile."""
        cdef unsigned int bit = 1u << c
        self.s.hands[self.s.soloist] ^= bit
        self.s.discards |= bit
        self.s.discarded += 1
        if self.s.discarded == 2:
            self.s.phase = PLAY
            self.s.leader = forehand(self.s.dealer)
            self.s.to_move = self.s.leader

    # -- Play ¶3: the tricks ---------------------------------------------------------------------
    cdef unsigned int playable(self):
        """Play ¶3: follow suit; if void, trump; with neither, any card."""
        cdef unsigned int hand = self.s.hands[self.s.to_move], follow, trumps
        if self.s.played == 0:
            return hand
        follow = hand & (0xFFu << (8 * (self.s.trick[0] >> 3)))
        if follow:
            return follow
        if self.s.trump >= 0:
            trumps = hand & (0xFFu << (8 * self.s.trump))
            if trumps:
                return trumps
        return hand

    cdef void play_card(self, int c):
        cdef int seat = self.s.to_move
        self.s.hands[seat] ^= 1u << c
        self.s.trick[self.s.played] = c
        self.s.played += 1
        if self.s.played < PLAYERS:
            self.s.to_move = (seat + 1) % PLAYERS
            return
        self.finish_trick()

    cdef void finish_trick(self):
        """Play ¶3: the highest trump, else the highest card of the led suit, wins the trick."""
        cdef int led = self.s.trick[0] >> 3, trump = self.s.trump
        cdef int best = -1, best_index = 0, i, c, strength, winner
        cdef unsigned int mask = 0
        for i in range(PLAYERS):
            c = self.s.trick[i]
            mask |= 1u << c
            if (c >> 3) == trump:
                strength = 16 + (c & 7)
            elif (c >> 3) == led:
                strength = 8 + (c & 7)
            else:
                strength = -1
            if strength > best:
                best = strength
                best_index = i
        winner = (self.s.leader + best_index) % PLAYERS
        self.s.piles[winner] |= mask
        self.s.tricks_won[winner] += 1
        self.s.tricks_done += 1
        self.s.played = 0
        if self.s.tricks_done == TRICKS:
            self.score_deal(winner)
            return
        self.s.leader = winner
        self.s.to_move = winner

    # -- Play ¶4 and ¶5: counting and scoring ----------------------------------------------------
    cdef double soloist_score(self, int points, int soloist_tricks):
        cdef int defenders = TOTAL_POINTS - points, factor
        if self.s.points_scoring:
            return 1.0 if points >= WINNING_POINTS else -1.0
        if points >= WINNING_POINTS:
            factor = 3 if soloist_tricks == TRICKS else (2 if defenders < SCHNEIDER_BELOW else 1)
            return <double>(points * factor)
        factor = 4 if soloist_tricks == 0 else (3 if points < SCHNEIDER_BELOW else 2)
        return <double>(-defenders * factor)

    cdef void score_deal(self, int last_winner):
        cdef double deltas[PLAYERS]
        cdef double gain, loss, score
        cdef int p, sol = self.s.soloist, points
        if sol < 0:
            gain, loss = (1.0, -0.25) if self.s.points_scoring else (10.0, -2.5)
            for p in range(PLAYERS):
                deltas[p] = gain if p == last_winner else loss
            self.end_deal(deltas)
            return
        points = points_of(self.s.piles[sol]) + points_of(self.s.discards)
        if last_winner == sol:
            points += LAST_TRICK_BONUS
        score = self.soloist_score(points, self.s.tricks_won[sol])
        for p in range(PLAYERS):
            deltas[p] = score if p == sol else -score / 4
        self.end_deal(deltas)

    cdef void end_deal(self, double* deltas):
        """Book the deal; the next dealer deals, or the match is over."""
        cdef int p
        for p in range(PLAYERS):
            self.s.scores[p] = self.s.scores[p] + deltas[p]
        self.s.deal_no += 1
        if self.s.deal_no == self.s.deals:
            self.s.phase = OVER
            self.s.to_move = -1
            return
        self.s.dealer = (self.s.dealer + 1) % PLAYERS
        self.start_deal()

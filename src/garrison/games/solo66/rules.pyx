# cython: language_level=3
"""The rules of Solo 66, in the order of play (docs/rules/solo66.md),
compiled over a typed state (see ``garrison.core.compiled``).

Each method names the part of the seed it carries out: "Play ¶2" is the second paragraph of the
seed's *Play* section (deal, auction, talon, all pass), "¶3" the trick play, "¶4" the card
points and the 66 needed, "¶5" the scoring. Cards are ``suit * 8 + face`` (``deck.py``), card
sets 32-bit masks. A finished deal is recorded as an event (``RESULT``) that ``log.py`` words;
the deal in progress is read from the struct by the views.

Chance: one card dealt per chance action, every card left in the pack equally likely.
"""
from libc.stdint cimport uint64_t
from libc.string cimport memset

from garrison.core.compiled cimport CHANCE_PLAYER, TERMINAL_PLAYER, CompiledState, uniform_outcomes

from .deck import FACE_POINTS as _FACE_POINTS

cdef extern from *:
    int ctz32 "__builtin_ctz"(unsigned int x) nogil
    int popcount32 "__builtin_popcount"(unsigned int x) nogil

cdef enum:
    PLAYERS = 5
    HAND = 6
    CARDS = 32
    TRICKS = 6
    TALON = 2
    MAX_CALLS = 16
    PASS_ID = 32
    BID_ID = 33
    ANNOUNCE_ID = 37
    CLUBS_SUIT = 3
    NOTRUMP = -1
    WINNING = 66
    SCHNEIDER = 33
    TOTAL = 130
    LAST_BONUS = 10
    THROW_INS = 20
    C_DEALING = 0
    C_AUCTION = 1
    C_ANNOUNCE = 2
    C_DISCARD = 3
    C_PLAY = 4
    C_OVER = 5

NUM_PLAYERS = PLAYERS
HAND_SIZE = HAND
TALON_SIZE = TALON
NUM_TRICKS = TRICKS
#: The soloist needs this many card points (of 130) to win; 65 wins for the defenders.
WINNING_POINTS = WINNING
#: A side under this many card points is schneider.
SCHNEIDER_BELOW = SCHNEIDER
NO_TRUMP = NOTRUMP
#: Play ¶2: thrown-in deals are dealt again however often everyone passes. So that a match has
#: a finite length (the research APIs declare one), it ends as it stands after this many thrown-in
#: deals: a horizon no table reaches by chance (five players passing all round twenty times).
THROW_IN_LIMIT = THROW_INS

# phases of one deal
DEALING, AUCTION, ANNOUNCE, DISCARD, PLAY, OVER = range(6)
PHASE_NAMES = ("dealing", "auction", "announce", "discard", "play", "over")

# How a deal ended (the RESULT event's kind).
RESULT_KINDS = ("solo", "last_trick", "redeal")
cdef enum:
    K_SOLO, K_LAST_TRICK, K_REDEAL

# The events the rules record, declared once (tools/declare.py: ``emit_<name>`` in C, the
# ``<Name>Event`` tuples ``log.py`` reads, ``EVENTS``): fields by name, word by word. A seat
# that is none (no soloist, no trump, no last trick) is -1, stored as 0 (``+1``).
cdef enum Event:
    EV_RESULT = 0  # {deal_no:8 dealer:4 kind:4 soloist:4+1 trump:4+1 last_winner:4+1 soloist_tricks:4; points; discards:32} a deal finished: how (RESULT_KINDS), the soloist's card points, the discards (a card set)
    EV_LAST_TRICK = 1  # {leader:4 winner:4; cards[5]:5} a deal's last trick (the one that ends it): who led, who took it, the cards in play order

cdef int FACE_POINT[8]
for _f in range(8):
    FACE_POINT[_f] = _FACE_POINTS[_f]


cdef struct Deal:
    # the match
    int deal_no, dealer, throw_ins, deal_start
    double scores[PLAYERS]
    # the deal
    int phase, to_move, dealt
    unsigned int stock, talon, talon_seen, discards
    unsigned int hands[PLAYERS]
    # the auction and the contract
    int ncalls                       # {hidden} (``calls``)
    int call_seat[MAX_CALLS]         # {hidden}
    int call_action[MAX_CALLS]       # {hidden}
    unsigned int passed
    int high_bid, high_bidder, soloist, trump
    int ndiscards                    # {hidden}
    int discard_order[TALON]         # {:ndiscards}
    # the play
    int leader
    int played, tricks_done          # {hidden}
    int trick[PLAYERS]               # {:played}
    int done_leader[TRICKS]          # {hidden} (``tricks``)
    int done_winner[TRICKS]          # {hidden}
    int done_cards[TRICKS][PLAYERS]  # {hidden}
    unsigned int piles[PLAYERS]
    int tricks_won[PLAYERS]


cdef inline int points_of(unsigned int mask) noexcept nogil:
    cdef int total = 0
    while mask:
        total += FACE_POINT[ctz32(mask) & 7]
        mask &= mask - 1
    return total


def forehand(int dealer):
    """The player left of the dealer: first to call in the auction and first to lead (¶2, ¶3)."""
    return (dealer + 1) % PLAYERS


def deal_target(int dealer, int k):
    """Who gets the ``k``-th card of a deal: cards go round from forehand, 6 each; the last two
    form the talon (-1). (Play ¶2; the order of a fair deal does not change who holds what.)"""
    if k < PLAYERS * HAND:
        return (dealer + 1 + k) % PLAYERS
    return -1


def soloist_card_points(int pile, int discards, bint took_last_trick):
    """Play ¶4: the soloist's tricks and discards, plus 10 for the last trick."""
    return points_of(<unsigned int>pile) + points_of(<unsigned int>discards) + (
        LAST_BONUS if took_last_trick else 0)


cpdef double soloist_score(int points, int soloist_tricks, str scoring):
    """Play ¶5 (the grupp scoring of docs/rules/solo66.md, "Winning and scoring"). The soloist wins with 66 or more.

    * Won: + his card points; x2 if the defenders have under 33 (schneider); x3 if they took no
      trick (schwarz).
    * Lost: - twice the defenders' card points; x3 instead if he has under 33; x4 if he took no
      trick.
    * ``points`` scoring: +1 for a win, -1 for a loss.

    >>> soloist_score(66, 3, "grupp"), soloist_score(65, 3, "grupp")
    (66.0, -130.0)
    """
    return score_of_solo(points, soloist_tricks, scoring == "points")


cdef double score_of_solo(int points, int soloist_tricks, bint by_points) noexcept nogil:
    """``soloist_score`` in C (``by_points``: the ``points`` scoring), for the rules."""
    cdef int defenders = TOTAL - points, factor
    if by_points:
        return 1.0 if points >= WINNING else -1.0
    if points >= WINNING:
        factor = 3 if soloist_tricks == TRICKS else (2 if defenders < SCHNEIDER else 1)
        return <double>(points * factor)
    factor = 4 if soloist_tricks == 0 else (3 if points < SCHNEIDER else 2)
    return <double>(-defenders * factor)


def last_trick_payoff(str scoring):
    """Play ¶2, all pass, ``last_trick`` (spec): the last-trick taker's gain, each other's loss."""
    return (10.0, -2.5) if scoring == "grupp" else (1.0, -0.25)


cdef class Solo66Core(CompiledState):
    """A match of Solo 66: the typed state and its rules."""

    cdef Deal s
    cdef public int deals
    cdef public bint last_trick_variant, points_scoring
    cdef double score_scale
    # where each part of the observation tensor starts (observe.layout, by name: _tensor_at)
    cdef int at_seat, at_phase, at_dealer, at_to_move, at_hand, at_last_bids, at_passed
    cdef int at_high_bid, at_high_bidder, at_soloist, at_trump, at_no_trump_game, at_talon
    cdef int at_discards, at_played_by, at_trick, at_trick_leader, at_voids, at_tricks_won
    cdef int at_trick_points, at_side_points, at_progress, at_scores

    def __cinit__(self, *args, **kwargs):
        self._bind(&self.s, sizeof(Deal))

    def __init__(self, game):
        self.game = game
        self._setup(game)
        memset(&self.s, 0, sizeof(Deal))
        self.start_deal()

    cdef void _setup(self, game):
        p = game.params
        self.deals = p.deals
        self.last_trick_variant = p.all_pass == "last_trick"
        self.points_scoring = p.scoring == "points"
        self.score_scale = max(game.facts.max_utility, 1.0)
        self._tensor_at(game.tensor_offsets())

    # -- Play ¶2: the deal -------------------------------------------------------------------------
    cdef void start_deal(self) noexcept nogil:
        """Play ¶2: a new deal by the current dealer; the cards are then dealt one chance action
        each."""
        cdef int i
        self.s.phase = C_DEALING
        self.s.stock = 0xFFFFFFFFu
        self.s.dealt = 0
        self.s.talon = self.s.talon_seen = self.s.discards = 0
        self.s.ncalls = 0
        self.s.passed = 0
        self.s.high_bid = self.s.high_bidder = self.s.soloist = -1
        self.s.trump = NOTRUMP
        self.s.ndiscards = 0
        self.s.leader = (self.s.dealer + 1) % PLAYERS
        self.s.to_move = self.s.leader
        self.s.played = self.s.tricks_done = 0
        for i in range(PLAYERS):
            self.s.hands[i] = self.s.piles[i] = 0
            self.s.tricks_won[i] = 0

    cdef void deal_card(self, int c) noexcept nogil:
        """Play ¶2: the next card from the pack goes to the next seat (round from forehand, six
        each), the last two to the talon."""
        cdef unsigned int bit = 1u << c
        cdef int k = self.s.dealt
        self.s.stock ^= bit
        if k < PLAYERS * HAND:
            self.s.hands[(self.s.dealer + 1 + k) % PLAYERS] |= bit
        else:
            self.s.talon |= bit
        self.s.dealt = k + 1
        if k + 1 == CARDS:
            self.s.phase = C_AUCTION
            self.s.to_move = (self.s.dealer + 1) % PLAYERS

    # -- Play ¶2: the auction ----------------------------------------------------------------------
    cdef void make_call(self, int action) noexcept nogil:
        """Play ¶2: one call of the auction. A pass is final; the auction ends when only the
        highest bidder is left (at once when Clubs is bid, as nobody can go higher), or when all
        have passed."""
        cdef int seat = self.s.to_move, nxt
        cdef unsigned int still_in
        self.s.call_seat[self.s.ncalls] = seat
        self.s.call_action[self.s.ncalls] = action
        self.s.ncalls += 1
        if action == PASS_ID:
            self.s.passed |= 1u << seat
        else:
            self.s.high_bid = action - BID_ID
            self.s.high_bidder = seat
        still_in = 31u & ~self.s.passed
        if self.s.high_bidder >= 0 and (
            still_in == (1u << self.s.high_bidder) or self.s.high_bid == CLUBS_SUIT
        ):
            self.s.soloist = self.s.high_bidder
            self.s.phase = C_ANNOUNCE
            self.s.to_move = self.s.soloist
            return
        if still_in == 0:
            self.all_passed()
            return
        nxt = (seat + 1) % PLAYERS
        while (self.s.passed >> nxt) & 1:
            nxt = (nxt + 1) % PLAYERS
        self.s.to_move = nxt

    cdef void all_passed(self) noexcept nogil:
        """Play ¶2: nobody bid. ``redeal``: "the cards are dealt again" (by the same dealer; a
        thrown-in deal scores nothing and is not one of the match's ``deals``). ``last_trick``:
        the hand is played without trumps (must follow suit only) and only the last trick
        counts."""
        if not self.last_trick_variant:
            self.record(K_REDEAL, 0, -1, 0)
            self.s.throw_ins += 1
            if self.s.throw_ins >= THROW_INS:
                self.s.phase = C_OVER
                self.s.to_move = -1
                return
            self.s.deal_start = <int>self._nhist + 1
            self.start_deal()
            return
        self.s.trump = NOTRUMP
        self.s.phase = C_PLAY
        self.s.leader = (self.s.dealer + 1) % PLAYERS
        self.s.to_move = self.s.leader

    # -- Play ¶2: the announcement and the talon ---------------------------------------------------
    cdef void announce_trump(self, int suit) noexcept nogil:
        """Play ¶2: trump is fixed before the talon is seen; then the soloist picks it up."""
        self.s.trump = suit
        self.s.hands[self.s.soloist] |= self.s.talon
        self.s.talon_seen = self.s.talon
        self.s.talon = 0
        self.s.phase = C_DISCARD

    cdef void discard(self, int c) noexcept nogil:
        """Play ¶2: the soloist lays two cards of his choice on his own trick pile (they count
        for him, spec)."""
        cdef unsigned int bit = 1u << c
        self.s.hands[self.s.soloist] ^= bit
        self.s.discards |= bit
        self.s.discard_order[self.s.ndiscards] = c
        self.s.ndiscards += 1
        if self.s.ndiscards == TALON:
            self.s.phase = C_PLAY
            self.s.leader = (self.s.dealer + 1) % PLAYERS
            self.s.to_move = self.s.leader

    # -- Play ¶3: the tricks -----------------------------------------------------------------------
    cdef unsigned int playable(self) noexcept nogil:
        """Play ¶3: follow suit; if void, trump if you can; with neither, any card."""
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

    cdef void play_card(self, int c) noexcept nogil:
        """Play ¶3: a card to the trick; after the fifth card the trick is decided."""
        cdef int seat = self.s.to_move
        self.s.hands[seat] ^= 1u << c
        self.s.trick[self.s.played] = c
        self.s.played += 1
        if self.s.played < PLAYERS:
            self.s.to_move = (seat + 1) % PLAYERS
            return
        self.finish_trick()

    cdef void finish_trick(self) noexcept nogil:
        """Play ¶3: the highest trump, else the highest card of the led suit, takes the trick
        and leads to the next one."""
        cdef int led = self.s.trick[0] >> 3, trump = self.s.trump, k = self.s.tricks_done
        cdef int best = -1, best_index = 0, i, c, strength, winner
        cdef unsigned int mask = 0
        for i in range(PLAYERS):
            c = self.s.trick[i]
            mask |= 1u << c
            self.s.done_cards[k][i] = c
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
        self.s.done_leader[k], self.s.done_winner[k] = self.s.leader, winner
        self.s.piles[winner] |= mask
        self.s.tricks_won[winner] += 1
        self.s.tricks_done += 1
        self.s.played = 0
        if self.s.tricks_done == TRICKS:
            # the last trick is recorded, since the next deal clears the table at once
            emit_last_trick(self, leader=self.s.leader, winner=winner, cards=self.s.trick)
            self.score_deal(winner)
            return
        self.s.leader = winner
        self.s.to_move = winner

    # -- Play ¶4 and ¶5: counting and scoring ------------------------------------------------------
    cdef void score_deal(self, int last_winner) noexcept nogil:
        """Play ¶4-¶5: count the soloist's points and settle the deal (zero-sum: the defenders
        share the negation of the soloist's score equally)."""
        cdef double deltas[PLAYERS]
        cdef double gain, loss, score
        cdef int p, sol = self.s.soloist, points
        if sol < 0:
            gain, loss = (1.0, -0.25) if self.points_scoring else (10.0, -2.5)
            for p in range(PLAYERS):
                deltas[p] = gain if p == last_winner else loss
            self.end_deal(K_LAST_TRICK, deltas, last_winner, 0)
            return
        points = points_of(self.s.piles[sol]) + points_of(self.s.discards)
        if last_winner == sol:
            points += LAST_BONUS
        score = score_of_solo(points, self.s.tricks_won[sol], self.points_scoring)
        for p in range(PLAYERS):
            deltas[p] = score if p == sol else -score / 4
        self.end_deal(K_SOLO, deltas, last_winner, points)

    cdef void end_deal(self, int kind, double* deltas, int last_winner, int points) noexcept nogil:
        """Book the deal's scores, then the next dealer (clockwise) deals, or the match is
        over."""
        cdef int p
        for p in range(PLAYERS):
            self.s.scores[p] = self.s.scores[p] + deltas[p]
        self.record(kind, points, last_winner,
                    self.s.tricks_won[self.s.soloist] if self.s.soloist >= 0 else 0)
        self.s.deal_no += 1
        if self.s.deal_no == self.deals:
            self.s.phase = C_OVER
            self.s.to_move = -1
            return
        self.s.dealer = (self.s.dealer + 1) % PLAYERS
        self.s.deal_start = <int>self._nhist + 1
        self.start_deal()

    cdef void record(self, int kind, int points, int last_winner, int soloist_tricks) noexcept nogil:
        """The deal's RESULT event (``log.py`` words it; the scores follow from it)."""
        emit_result(self, deal_no=self.s.deal_no, dealer=self.s.dealer, kind=kind,
                    soloist=self.s.soloist, trump=self.s.trump, last_winner=last_winner,
                    soloist_tricks=soloist_tricks, points=points, discards=<int>self.s.discards)

    # -- the kernel's hooks ------------------------------------------------------------------------
    cdef int _current(self) noexcept nogil:
        if self.s.phase == C_DEALING:
            return CHANCE_PLAYER
        if self.s.phase == C_OVER:
            return TERMINAL_PLAYER
        return self.s.to_move

    cdef inline bint may_bid(self, int suit) noexcept nogil:
        """Play ¶2: a bid names a suit (0-3) above the highest bid so far; passing is always
        allowed."""
        return self.s.high_bid < suit <= CLUBS_SUIT

    cdef inline bint may_announce(self, int suit) noexcept nogil:
        """Play ¶2: the soloist announces the suit he bid or a higher one."""
        return self.s.high_bid <= suit <= CLUBS_SUIT

    cdef inline unsigned int choosable(self) noexcept nogil:
        """The cards the seat to move may pick: in play the ``playable`` ones; discarding, any
        card of the soloist's hand."""
        return self.playable() if self.s.phase == C_PLAY else self.s.hands[self.s.soloist]

    cdef int _legal(self, int* out) noexcept nogil:
        cdef int phase = self.s.phase, k = 0, suit
        cdef unsigned int m
        if phase == C_AUCTION:
            out[0] = PASS_ID
            k = 1
            for suit in range(4):
                if self.may_bid(suit):
                    out[k] = BID_ID + suit
                    k += 1
            return k
        if phase == C_ANNOUNCE:
            for suit in range(4):
                if self.may_announce(suit):
                    out[k] = ANNOUNCE_ID + suit
                    k += 1
            return k
        m = self.choosable()
        while m:
            out[k] = ctz32(m)
            k += 1
            m &= m - 1
        return k

    cdef bint _is_legal(self, int action):
        """One id decided by the rules ``_legal`` lists from, without listing the node: a card
        of the pack at the deal, a call, an announcement, a card ``choosable`` by the seat to
        move."""
        cdef int phase = self.s.phase
        if phase == C_DEALING:
            return 0 <= action < CARDS and (self.s.stock >> action) & 1
        if phase == C_AUCTION:
            return action == PASS_ID or (BID_ID <= action < BID_ID + 4
                                         and self.may_bid(action - BID_ID))
        if phase == C_ANNOUNCE:
            return ANNOUNCE_ID <= action < ANNOUNCE_ID + 4 and self.may_announce(action - ANNOUNCE_ID)
        if phase == C_OVER:
            return False
        return 0 <= action < CARDS and (self.choosable() >> action) & 1

    cdef object _chance(self):
        return uniform_outcomes(self.s.stock, 0)

    cdef int _sample_chance(self, double u) noexcept nogil:
        """A card off the pack, every card left equally likely."""
        cdef unsigned int m = self.s.stock
        cdef int k
        for k in range(<int>(u * popcount32(m))):
            m &= m - 1
        return ctz32(m)

    cdef int _apply(self, int action) noexcept nogil:
        cdef int phase = self.s.phase
        if phase == C_PLAY:
            self.play_card(action)
        elif phase == C_DEALING:
            self.deal_card(action)
        elif phase == C_AUCTION:
            self.make_call(action)
        elif phase == C_DISCARD:
            self.discard(action)
        else:
            self.announce_trump(action - ANNOUNCE_ID)
        return 0

    cdef int _returns_c(self, double* out) noexcept nogil:
        """The cumulative match scores (each deal is zero-sum)."""
        cdef int p
        for p in range(PLAYERS):
            out[p] = self.s.scores[p]
        return 0

    cdef int _policy(self, int seat, uint64_t* rng) noexcept nogil:
        """The heuristic bot (policy.pxi; docs/rules/solo66.md, "Bots"): it draws no ties."""
        return heuristic_move(self, seat)

    cdef long long _stage(self) noexcept nogil:
        """Deals scored: every scored deal changes the scores (a thrown-in deal is not one)."""
        return self.s.deal_no

    # -- the observation tensor (observe.py's layout, written from the struct) --------------------
    cdef void _tensor_at(self, dict at):
        """Where each part of the tensor starts, read once per game from ``Game.tensor_offsets()``
        (``observe.layout``), so that ``_encode`` writes every part by its name."""
        self.at_seat, self.at_phase, self.at_dealer = at["seat"], at["phase"], at["dealer"]
        self.at_to_move, self.at_hand, self.at_last_bids = at["to_move"], at["hand"], at["last_bids"]
        self.at_passed, self.at_high_bid = at["passed"], at["high_bid"]
        self.at_high_bidder, self.at_soloist = at["high_bidder"], at["soloist"]
        self.at_trump, self.at_no_trump_game = at["trump"], at["no_trump_game"]
        self.at_talon, self.at_discards, self.at_played_by = at["talon"], at["discards"], at["played_by"]
        self.at_trick, self.at_trick_leader, self.at_voids = at["trick"], at["trick_leader"], at["voids"]
        self.at_tricks_won, self.at_trick_points = at["tricks_won"], at["trick_points"]
        self.at_side_points, self.at_progress, self.at_scores = (
            at["side_points"], at["progress"], at["scores"])

    cdef void _encode(self, int seat, float* t) noexcept nogil:
        """The tensor of ``seat`` (-1: a spectator), each part written by its name where
        ``observe.layout`` puts it (``_tensor_at``)."""
        cdef Deal* g = &self.s
        cdef int phase = g.phase, p, k, j, c, leader, led, suit, pts, total = 0, sol = g.soloist
        cdef int trump = g.trump if g.trump >= 0 and (phase == C_DISCARD or phase == C_PLAY) else -1
        cdef int voids[PLAYERS]
        cdef int bid_of[PLAYERS]
        cdef unsigned int m
        cdef bint is_soloist = seat >= 0 and seat == sol
        if seat >= 0:
            t[self.at_seat + seat] = 1.0
        t[self.at_phase + phase] = 1.0
        t[self.at_dealer + g.dealer] = 1.0
        if phase != C_DEALING and phase != C_OVER:
            t[self.at_to_move + g.to_move] = 1.0
        if seat >= 0:
            set_cards(t + self.at_hand, g.hands[seat])
        for p in range(PLAYERS):
            bid_of[p] = -1
            voids[p] = 0
        for k in range(g.ncalls):
            if g.call_action[k] != PASS_ID:
                bid_of[g.call_seat[k]] = g.call_action[k] - BID_ID
        for p in range(PLAYERS):
            if bid_of[p] >= 0:
                t[self.at_last_bids + 4 * p + bid_of[p]] = 1.0
            if (g.passed >> p) & 1:
                t[self.at_passed + p] = 1.0
        if g.high_bid >= 0:
            t[self.at_high_bid + g.high_bid] = 1.0
        if g.high_bidder >= 0:
            t[self.at_high_bidder + g.high_bidder] = 1.0
        if sol >= 0:
            t[self.at_soloist + sol] = 1.0
        if trump >= 0:
            t[self.at_trump + trump] = 1.0
        t[self.at_no_trump_game] = 1.0 if phase == C_PLAY and sol < 0 else 0.0
        if is_soloist:
            set_cards(t + self.at_talon, g.talon_seen)
            set_cards(t + self.at_discards, g.discards)
        # played_by, voids (the seats that did not follow, and with a trump suit did not
        # trump either) over the finished tricks and the current one
        for k in range(g.tricks_done + 1):
            if k < g.tricks_done:
                leader, j = g.done_leader[k], PLAYERS
            else:
                leader, j = g.leader, g.played
            for p in range(j):
                c = g.done_cards[k][p] if k < g.tricks_done else g.trick[p]
                t[self.at_played_by + 32 * ((leader + p) % PLAYERS) + c] = 1.0
                if p == 0:
                    led = c >> 3
                elif (c >> 3) != led:
                    voids[(leader + p) % PLAYERS] |= 1 << led
                    if trump >= 0 and (c >> 3) != trump:
                        voids[(leader + p) % PLAYERS] |= 1 << trump
        for p in range(g.played):
            t[self.at_trick + g.trick[p]] = 1.0
        if g.played:
            t[self.at_trick_leader + g.leader] = 1.0
        for p in range(PLAYERS):
            for suit in range(4):
                if (voids[p] >> suit) & 1:
                    t[self.at_voids + 4 * p + suit] = 1.0
        for p in range(PLAYERS):
            pts = points_of(g.piles[p])
            total += pts
            t[self.at_tricks_won + p] = <float>(g.tricks_won[p] / 6.0)
            t[self.at_trick_points + p] = <float>(pts / 130.0)
            t[self.at_scores + p] = <float>(g.scores[p] / self.score_scale)
        if sol >= 0 and phase == C_PLAY:
            pts = points_of(g.piles[sol])
            t[self.at_side_points] = <float>((pts + (points_of(g.discards) if is_soloist else 0)) / 130.0)
            t[self.at_side_points + 1] = <float>((total - pts) / 130.0)
        t[self.at_progress] = <float>(((g.deal_no + 1 if g.deal_no + 1 < self.deals else self.deals) - 1)
                         / <double>self.deals)

    # -- views for Python (the fields' own accessors are Solo66Fields', fields.pxi) ---------------
    @property
    def pack(self):
        """The cards not dealt yet, lowest first."""
        return tuple(cards_list(self.s.stock))

    @property
    def calls(self):
        """The auction so far: ``(seat, action)`` per call."""
        return tuple([(self.s.call_seat[k], self.s.call_action[k]) for k in range(self.s.ncalls)])

    @property
    def tricks(self):
        """The deal's finished tricks: ``(leader, cards in play order, winner)``."""
        cdef int k, i
        return tuple([
            (self.s.done_leader[k], tuple([self.s.done_cards[k][i] for i in range(PLAYERS)]),
             self.s.done_winner[k])
            for k in range(self.s.tricks_done)
        ])

    def playable_mask(self):
        """Play ¶3: the cards the seat to move may play now, as a bitmask."""
        return self.playable()

    def draw_world(self, int seat, unsigned long long seed, int tries, Py_ssize_t back,
                   int worlds=1):
        """Worlds for ``seat``'s search (worlds.pxi): the cards it has not seen dealt again at
        random, each deal keeping its knowledge equally likely, by up to ``tries`` rejections,
        from the generator ``seed``. Of up to ``worlds`` of them, the one where the heuristic
        makes the largest share of the others' decisions since the deal (within the last
        ``back`` actions; ``replay_agreement``), the first making all: ``(world, agreeing,
        checked)``, or ``None`` when no random deal kept the voids. Reads every hand: only
        ``resample`` calls it. Raises ``ValueError`` for a seat not at the table."""
        if not 0 <= seat < PLAYERS:
            raise ValueError(f"seat must be 0 to {PLAYERS - 1}, not {seat}")
        return draw_world(self, seat, seed, tries, back, worlds)

    def make_world_chain(self, int seat, unsigned long long seed, Py_ssize_t back, double noise,
                         int tries):
        """A ``WorldChain`` (worlds.pxi) over ``seat``'s worlds at this position, weighing the
        others' decisions of the last ``back`` actions since the deal with ``noise`` per
        decision the heuristic would not make; ``None`` when ``tries`` random deals all broke a
        void, or at the end. Reads every hand: only ``world_chain`` calls it. Raises
        ``ValueError`` for a seat not at the table, ``back`` under 1 or ``noise`` outside
        [0, 1]."""
        if not 0 <= seat < PLAYERS:
            raise ValueError(f"seat must be 0 to {PLAYERS - 1}, not {seat}")
        if back < 1:
            raise ValueError(f"back must be 1 or more actions, not {back}")
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be from 0 to 1, not {noise}")
        if self.s.phase == C_OVER:
            return None
        cdef WorldChain chain = WorldChain.__new__(WorldChain)
        if not chain.start(self, seat, seed, back, noise, tries):
            return None
        return chain

    def exact_ending(self, int tricks):
        """The search's hook for exact endings (solve.pxi, ``solved_ending``): ``(returns,
        soloist)`` or ``None``; reads every hand, so only for a search's own world."""
        return solved_ending(self, tricks)

    def exact_returns(self, int tricks):
        """The returns of ``exact_ending`` (``None`` where it has none)."""
        ending = solved_ending(self, tricks)
        return None if ending is None else ending[0]


cdef list cards_list(unsigned int m):
    out = []
    while m:
        out.append(ctz32(m))
        m &= m - 1
    return out


cdef inline void set_cards(float* out, unsigned int m) noexcept nogil:
    while m:
        out[ctz32(m)] = 1.0
        m &= m - 1


# -- the heuristic bot (docs/rules/solo66.md, "Bots") -----------------------------------------
include "policy.pxi"

# -- exact endings for search (the soloist against the defenders, alpha-beta) ---------------
include "solve.pxi"

# -- the worlds of search (observe.resample's re-deal in C) ------------------------------------
include "worlds.pxi"

# -- Solo66Fields: Solo66Core with the accessors of the struct's fields, FIELDS and _copy_extra,
# made from the declarations above (the struct, the fixed attributes) by tools/declare.py
include "fields.pxi"

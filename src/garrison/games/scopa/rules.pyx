# cython: language_level=3
"""The rules of Scopa, in the order of play (docs/rules/scopa.md: "The deal", "A turn",
"Scoring a hand" for the points), compiled over a typed state (see ``garrison.core.compiled``).

Seats are numbered in the order of play (counter-clockwise round the table): the seat after the
dealer leads, and the deal passes to that seat for the next hand. Cards are 0..39 (``deck.py``:
``suit * 10 + face``, capture value ``face + 1``); sets of cards are 64-bit masks. Action ids as
``actions.py``: play ``card``, take ``40 + card``, lay ``80 + card``; a chance outcome is the dealt
card. The end-of-hand count is ``scoring.pxi`` (the seed's table), once per hand.

The rules record events (``cdef enum Event`` below, fields by name) that ``log.py`` turns into
text when someone reads them.
"""

from libc.stdint cimport uint64_t

from garrison.core.compiled cimport (CHANCE_PLAYER, ERR_KEPT, TERMINAL_PLAYER, CompiledState,
                                     uniform_outcomes)

ctypedef unsigned long long Mask

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil

cdef enum:
    NUM_CARDS = 40
    MAX_SEATS = 6
    MAX_SIDES = 3
    NOBODY = -1        # no seat, no side, no card
    TAKE_BASE = 40     # the id of taking ``card`` is TAKE_BASE + card (actions.py)
    LAY_BASE = 80      # the id of laying ``card`` is LAY_BASE + card

#: A deal destination meaning "face up on the table".
TABLE = -1
NO_ONE = NOBODY
cdef int C_TABLE = TABLE  # TABLE for the rules that run without the GIL

# The events the rules record, declared once (tools/declare.py: ``emit_<name>`` in C, the
# ``<Name>Event`` tuples ``log.py`` reads, ``EVENTS``): fields by name, word by word; a set of
# cards takes two words (``@20``: its low 20 bits, then the rest).
cdef enum Event:
    EV_HAND = 0     # {hand_no; dealer} a hand begins
    EV_TABLE = 1    # {table@20} the table dealt
    EV_VOID = 2     # {table@20} three or more Kings on the table: it is dealt again
    EV_LAY = 3      # {seat; card} a card laid on the table
    EV_TAKE = 4     # {seat:3 card:6 scopa:1 swept:1; taken@20} a capture (a scopa, or a sweep that is none)
    EV_REST = 5     # {seat; rest@20} the last capturer takes the rest of the table
    EV_SCORE = 6    # {hand_no; points[3]:10} the hand's points per side
    EV_LEVEL = 7    # {} the leaders are level at or over the target
    EV_END = 8      # {why; winners} the game is over: why (END_WHY), the winning sides (bitmask)

END_WHY = ("target", "napoleone", "limit")
#: The phases by their number (``phase()``): the observation's ``phase``.
PHASE_NAMES = ("deal", "play", "capture", "over")

#: The cards of each capture value 1..10 (index 0 unused).
cdef Mask VALUE_MASK[11]
cdef Mask ACES, KINGS
#: Binomial coefficients C(n, k) for n, k <= 4 (at most four cards share a value).
cdef long long CHOOSE[5][5]


cdef void _init_tables() noexcept nogil:
    cdef int suit, value, n, k
    VALUE_MASK[0] = 0
    for value in range(1, 11):
        VALUE_MASK[value] = 0
        for suit in range(4):
            VALUE_MASK[value] |= <Mask>1 << (10 * suit + value - 1)
    for n in range(5):
        for k in range(5):
            CHOOSE[n][k] = 0
        CHOOSE[n][0] = 1
        for k in range(1, n + 1):
            CHOOSE[n][k] = CHOOSE[n - 1][k - 1] + (CHOOSE[n - 1][k] if k <= n - 1 else 0)


_init_tables()
ACES = VALUE_MASK[1]
KINGS = VALUE_MASK[10]



cdef inline int value_of(int card) noexcept nogil:
    return card % 10 + 1


cdef inline int popcount(Mask m) noexcept nogil:
    return __builtin_popcountll(m)


cdef inline int lowest(Mask m) noexcept nogil:
    return __builtin_ctzll(m)


cdef struct Scopa:
    # the game
    int scores[MAX_SIDES]        # {:sides}
    int hand_no
    int dealer
    int winners                  # {bits:sides} the winning sides, at the end
    double result[MAX_SEATS]     # {hidden} the returns, at the end
    # the hand
    Mask stock
    Mask table
    Mask hands[MAX_SEATS]        # {:players}
    Mask piles[MAX_SIDES]        # {:sides}
    int scope[MAX_SIDES]         # {:sides}
    int last_capturer
    int mover
    int to_move
    # a capture being chosen: the card played and the table cards chosen so far
    int pending
    Mask picked
    # the deal in progress: the table cards first (first deal only), then each hand
    int first_deal               # {hidden}
    int deal_i                   # {hidden}
    int deal_len                 # {hidden}
    # the last hand scored, as it was counted (for the views: ``last_counted``)
    int scored                   # {hidden}
    Mask last_piles[MAX_SIDES]   # {hidden}
    int last_scope[MAX_SIDES]    # {hidden}


# -- 3.1-3.5 Which table cards a card may take --------------------------------------------------
cdef enum:
    MAX_SETS = 2048  # the most sets one card may take: 1,702 (four cards of each value, sum 10)

cdef struct MaskList:
    # the sets a card may take, listed (``capture_choices``): a C list, so that the rules and
    # the bot list them without the GIL
    Mask sets[MAX_SETS]
    int n


cdef struct SumSearch:
    # the table by value, and the cards already chosen by value
    int count[11]
    int chosen[11]
    int k[11]            # the set being built: how many cards of each value
    Mask by_value[11]
    Mask picked
    int highest_chosen   # the highest value among the chosen cards (0: none)
    int only_size        # > 0: only sets of this many cards (fewest_cards)
    # what was found
    long long ways       # how many sets
    Mask cards           # every card some set adds to the chosen ones
    int least            # the fewest cards in a set


cdef void expand(SumSearch* s, int v, int top, Mask acc, MaskList* out) noexcept nogil:
    """List the sets of one choice of counts per value (values below ``top``)."""
    cdef Mask m, sub, must
    if v == top:
        out.sets[out.n] = acc
        out.n += 1
        return
    if s.k[v] == 0:
        expand(s, v + 1, top, acc, out)
        return
    m = s.by_value[v]
    must = m & s.picked
    sub = m
    while True:
        if popcount(sub) == s.k[v] and sub & must == must:
            expand(s, v + 1, top, acc | sub, out)
        if sub == 0:
            break
        sub = (sub - 1) & m


cdef void find_sums(SumSearch* s, int value, int remaining, int size, long long ways,
                    Mask cards, MaskList* out) noexcept nogil:
    """Rule 3.3: every choice of how many table cards of each value (from ``value`` up) that adds
    up to ``remaining`` and holds the cards already chosen; counted, and listed into ``out``
    unless it is NULL."""
    cdef int k, free_k, taken
    if remaining == 0:
        if value > s.highest_chosen and (s.only_size == 0 or size == s.only_size):
            s.ways += ways
            s.cards |= cards
            if size < s.least:
                s.least = size
            if out != NULL:
                expand(s, 1, value, 0, out)
        return
    if value > remaining:
        return
    taken = s.chosen[value]
    k = taken
    while k <= s.count[value] and k * value <= remaining:
        free_k = k - taken
        s.k[value] = k
        find_sums(s, value + 1, remaining - k * value, size + k,
                  ways * CHOOSE[s.count[value] - taken][free_k],
                  cards | (s.by_value[value] & ~s.picked if free_k > 0 else 0), out)
        k += 1
    s.k[value] = 0


cdef void sum_captures(Mask table, int value, Mask picked, bint fewest, SumSearch* s,
                       MaskList* out) noexcept nogil:
    """The sets of two or more table cards adding up to ``value`` that hold ``picked``: how many
    (``s.ways``), which further cards they use (``s.cards``), listed into ``out`` unless NULL.
    With ``fewest`` only the sets with the fewest cards of all count (rule 3.5, option)."""
    cdef int v
    cdef Mask m
    for v in range(11):
        m = table & VALUE_MASK[v]
        s.by_value[v] = m
        s.count[v] = popcount(m)
        s.k[v] = 0
    s.only_size = 0
    if fewest:
        # the fewest cards of any set, whether or not it holds the chosen cards
        for v in range(11):
            s.chosen[v] = 0
        s.highest_chosen, s.picked, s.ways, s.cards, s.least = 0, 0, 0, 0, 99
        find_sums(s, 1, value, 0, 1, 0, NULL)
        if s.ways == 0:
            return
        s.only_size = s.least
    s.highest_chosen = 0
    for v in range(11):
        s.chosen[v] = popcount(s.by_value[v] & picked)
        if s.chosen[v]:
            s.highest_chosen = v
    s.picked = picked
    s.ways, s.cards, s.least = 0, 0, 99
    find_sums(s, 1, value, 0, 1, 0, out)


cdef long long capture_choices(Mask table, int card, Mask picked, bint ace_takes_all,
                               bint fewest, Mask* cards, MaskList* out) noexcept nogil:
    """The sets ``card`` may take from ``table`` that hold ``picked``: how many, the table cards
    they add to ``picked`` (in ``cards``), and the sets themselves into ``out`` unless NULL.

    Single-card priority (3.1-3.2): a table card of equal value is taken alone (with several,
    the player picks one); otherwise any set of two or more adding up to the card's value
    (3.3-3.5). Scopa d'Assi (option): an Ace takes the whole table, or only an Ace if one lies
    there."""
    cdef int value = value_of(card)
    cdef Mask same, rest
    cdef SumSearch search
    cards[0] = 0
    if out != NULL:
        out.n = 0
    if not table:
        return 0
    if value == 1 and ace_takes_all:
        same = table & ACES
        if not same:
            cards[0] = table
            if out != NULL:
                out.sets[0] = table
                out.n = 1
            return 1
    else:
        same = table & VALUE_MASK[value]
    if same:
        if picked:  # a single card completes the capture, so nothing is chosen yet
            return 0
        cards[0] = same
        if out != NULL:
            rest = same
            while rest:
                out.sets[out.n] = <Mask>1 << lowest(rest)
                out.n += 1
                rest &= rest - 1
        return popcount(same)
    sum_captures(table, value, picked, fewest, &search, out)
    cards[0] = search.cards & ~picked
    return search.ways


def capture_sets(table, int card, bint ace_takes_all=False, bint fewest_cards=False):
    """Every set of table cards (bitmask) that ``card`` may take from ``table``, in increasing
    order of the masks; () if it takes nothing (rules 3.1-3.5, the options)."""
    cdef Mask cards
    cdef MaskList found
    cdef int i
    capture_choices(table, card, 0, ace_takes_all, fewest_cards, &cards, &found)
    return tuple(sorted([found.sets[i] for i in range(found.n)]))


cdef Mask reachable_sums(Mask table) noexcept nogil:
    """Bit ``v`` set: some table cards add up to ``v`` (1..10): a card of value ``v`` takes
    something (rules 3.1-3.3, for the ``lay`` actions)."""
    cdef Mask sums = 1
    cdef int v, k, n
    for v in range(1, 11):
        n = popcount(table & VALUE_MASK[v])
        k = 0
        while k < n and k * v < 10:
            sums |= sums << v
            k += 1
    return sums & 0x7FF


cdef class ScopaCore(CompiledState):
    """A game of Scopa: the typed state and its rules."""

    cdef Scopa s
    cdef public int players, sides, hand_size, table_size, target, hand_limit, aside
    cdef Mask pack_mask
    cdef public bint must_capture, fewest_cards, ace_takes_all, ace_scopa, napola, re_bello
    # where each part of the observation tensor starts (observe.layout, by name: _encode)
    cdef int at_hand, at_table, at_playing, at_chosen, at_captured, at_scope, at_scores
    cdef int at_my_side, at_is_me, at_to_move, at_dealer, at_hand_sizes, at_stock, at_phase

    def __cinit__(self, *args, **kwargs):
        self._bind(&self.s, sizeof(Scopa))

    def __init__(self, game):
        """Seat 0 leads the first hand (the last seat deals); the first card is to be dealt."""
        cdef int i
        self.game = game
        p = game.params
        self.players = p.players
        self.sides = p.sides
        self.hand_size = p.hand_size
        self.table_size = p.table_size
        self.pack_mask = p.pack
        self.target = p.target
        self.hand_limit = p.hand_limit
        self.aside = p.aside
        self.must_capture = p.must_capture
        self.fewest_cards = p.fewest_cards
        self.ace_takes_all = p.ace_takes_all
        self.ace_scopa = p.ace_scopa
        self.napola = p.napola
        self.re_bello = p.re_bello
        self._tensor_at(game.tensor_offsets())
        for i in range(MAX_SIDES):
            self.s.scores[i] = 0
            self.s.last_piles[i] = 0
            self.s.last_scope[i] = 0
        for i in range(MAX_SEATS):
            self.s.result[i] = 0.0
        self.s.hand_no = 1
        self.s.dealer = self.players - 1
        self.s.winners = 0
        self.s.scored = 0
        self.start_hand()

    cdef inline int side_of(self, int seat) noexcept nogil:
        """Partners sit opposite: seats s and s + sides form one team."""
        return seat % self.sides

    # -- 2. The deal ---------------------------------------------------------------------------
    cdef void start_hand(self) noexcept nogil:
        """A new hand: the whole pack is shuffled (each card is dealt by chance) and dealt; the
        seat after the dealer leads."""
        cdef int i
        self.s.stock = self.pack_mask
        self.s.table = 0
        for i in range(MAX_SEATS):
            self.s.hands[i] = 0
        for i in range(MAX_SIDES):
            self.s.piles[i] = 0
            self.s.scope[i] = 0
        self.s.last_capturer = NOBODY
        self.s.pending = NOBODY
        self.s.picked = 0
        self.s.mover = (self.s.dealer + 1) % self.players
        self.s.first_deal = 1
        self.s.deal_i = 0
        self.s.deal_len = self.table_size + self.players * self.hand_size
        self.s.to_move = CHANCE_PLAYER
        emit_hand(self, hand_no=self.s.hand_no, dealer=self.s.dealer)

    cdef int deal_destination(self) noexcept nogil:
        """Where the next card goes: the table cards first (first deal of a hand only), then
        ``hand_size`` cards to each seat, starting with the seat after the dealer (section 2)."""
        cdef int at = self.s.deal_i
        if self.s.first_deal:
            if at < self.table_size:
                return C_TABLE
            at -= self.table_size
        return (self.s.dealer + 1 + at // self.hand_size) % self.players

    cdef void deal_card(self, int card) noexcept nogil:
        """Chance deals ``card`` from the stock to the next place of the deal. When the table
        cards are down, three or four Kings among them void the deal: they go back to the stock
        and the table is dealt again (docs/rules/scopa.md, "The deal")."""
        cdef Mask bit = <Mask>1 << card
        cdef int dest = self.deal_destination()
        self.s.stock ^= bit
        self.s.deal_i += 1
        if dest == C_TABLE:
            self.s.table |= bit
            if self.s.deal_i == self.table_size:
                if popcount(self.s.table & KINGS) >= 3:
                    emit_void(self, table=self.s.table)
                    self.s.stock |= self.s.table
                    self.s.table = 0
                    self.s.deal_i = 0
                    return
                emit_table(self, table=self.s.table)
        else:
            self.s.hands[dest] |= bit
        if self.s.deal_i == self.s.deal_len:
            self.s.to_move = self.s.mover

    # -- 3. Capturing --------------------------------------------------------------------------
    cdef int play_card(self, int card, bint lay) noexcept nogil:
        """The mover plays ``card``: it captures (one way: at once; several: the mover chooses
        the cards next), or stays on the table if it takes nothing, or if laid down (``lay``,
        only without the must-capture rule)."""
        cdef Mask cards = 0
        cdef long long ways = 0
        cdef int seat = self.s.mover
        self.s.hands[seat] ^= <Mask>1 << card
        if not lay:
            ways = capture_choices(self.s.table, card, 0, self.ace_takes_all, self.fewest_cards,
                                   &cards, NULL)
        if ways == 0:
            self.s.table |= <Mask>1 << card
            emit_lay(self, seat=seat, card=card)
            return self.next_turn()
        elif ways == 1:
            return self.capture(card, cards)
        else:
            self.s.pending = card
            self.s.picked = 0
        return 0

    cdef int choose(self, int table_card) noexcept nogil:
        """The mover adds ``table_card`` to the capture. Every legal choice lies inside a whole
        allowed set, so once the chosen cards add up to the played card's value they are one,
        and the capture is made."""
        cdef Mask picked = self.s.picked | (<Mask>1 << table_card)
        cdef int total = 0
        cdef int card
        cdef Mask rest = picked
        while rest:
            total += value_of(lowest(rest))
            rest &= rest - 1
        if total == value_of(self.s.pending):
            card = self.s.pending
            self.s.pending = NOBODY
            self.s.picked = 0
            return self.capture(card, picked)
        else:
            self.s.picked = picked
        return 0

    cdef Mask choosable(self) noexcept nogil:
        """Table cards that extend the capture being chosen towards an allowed set."""
        cdef Mask cards
        capture_choices(self.s.table, self.s.pending, self.s.picked, self.ace_takes_all,
                        self.fewest_cards, &cards, NULL)
        return cards

    cdef int capture(self, int card, Mask taken) noexcept nogil:
        """``card`` takes ``taken``: both go to the mover's side. Emptying the table is a scopa
        (rule 3.6, 1 point), except with the last card of the hand (rule 3.7) and, unless
        ``ace_scopa``, when an Ace takes the whole table in Scopa d'Assi."""
        cdef int i, seat = self.s.mover
        cdef int side = self.side_of(seat)
        cdef bint last_card, ace_all, scopa, swept
        self.s.table &= ~taken
        self.s.piles[side] |= taken | (<Mask>1 << card)
        self.s.last_capturer = seat
        last_card = popcount(self.s.stock) <= self.aside  # the cards set aside are never dealt
        for i in range(self.players):
            if self.s.hands[i]:
                last_card = False
        ace_all = self.ace_takes_all and value_of(card) == 1 and not (taken & ACES)
        scopa = self.s.table == 0 and not last_card and (self.ace_scopa or not ace_all)
        if scopa:
            self.s.scope[side] += 1
        swept = self.s.table == 0 and not scopa
        emit_take(self, seat=seat, card=card, scopa=scopa, swept=swept, taken=taken)
        return self.next_turn()

    cdef int next_turn(self) noexcept nogil:
        """Play passes to the next seat; empty hands get a new deal, or the hand ends (the cards
        set aside, ``aside``, stay in the stock unseen)."""
        cdef int i
        self.s.mover = (self.s.mover + 1) % self.players
        for i in range(self.players):
            if self.s.hands[i]:
                self.s.to_move = self.s.mover
                return 0
        if popcount(self.s.stock) > self.aside:
            self.s.first_deal = 0
            self.s.deal_i = 0
            self.s.deal_len = self.players * self.hand_size
            self.s.to_move = CHANCE_PLAYER
            return 0
        return self.end_hand()

    # -- 3.8 and 4. End of the hand, scoring, end of the game ----------------------------------
    cdef int end_hand(self) noexcept nogil:
        """The last side to capture takes what is left on the table (never a scopa); then the
        hand is scored (seed table, ``scoring.pxi``) and the game ends if a side
        has won: alone at or over the target (level leaders play another hand), with Napoleone,
        or at the hand limit (the leaders share the win)."""
        cdef int side, top, winners = 0, napoleone, best = NOBODY
        cdef int points[MAX_SIDES]
        cdef Tally tally
        for side in range(MAX_SIDES):
            points[side] = 0
        if self.s.table and self.s.last_capturer != NOBODY:
            self.s.piles[self.side_of(self.s.last_capturer)] |= self.s.table
            emit_rest(self, seat=self.s.last_capturer, rest=self.s.table)
            self.s.table = 0
        tally_hand(self.s.piles, self.s.scope, self.sides, self.napola, self.re_bello, &tally)
        for side in range(self.sides):
            points[side] = tally.points[side]
        napoleone = tally.napoleone
        top = -1
        for side in range(self.sides):
            self.s.last_piles[side] = self.s.piles[side]
            self.s.last_scope[side] = self.s.scope[side]
            self.s.scores[side] += points[side]
            top = max(top, self.s.scores[side])
        self.s.scored = 1
        emit_score(self, hand_no=self.s.hand_no, points=points)
        if napoleone != NOBODY:
            self.finish(1 << napoleone, 1)
            return 0
        if top >= self.target:
            best = sole_best_c(self.s.scores, self.sides, -2147483648)
            if best != NOBODY:
                self.finish(1 << best, 0)
                return 0
            emit_level(self)
        if self.s.hand_no >= self.hand_limit:
            for side in range(self.sides):
                if self.s.scores[side] == top:
                    winners |= 1 << side
            self.finish(winners, 2)
            return 0
        self.s.hand_no += 1
        self.s.dealer = (self.s.dealer + 1) % self.players
        self.start_hand()
        return 0

    cdef void finish(self, int winners, int why) noexcept nogil:
        """The game is over: the ``winners`` (a bitmask of sides) share the win; utilities sum
        to zero."""
        cdef int sides = self.sides
        cdef int k = popcount(winners)
        cdef double lose = -1.0 / (sides - 1)
        cdef double win = (<double>(sides - k)) / (<double>(k * (sides - 1)))
        cdef int seat
        for seat in range(self.players):
            self.s.result[seat] = win if (winners >> self.side_of(seat)) & 1 else lose
        self.s.winners = winners
        self.s.to_move = TERMINAL_PLAYER
        emit_end(self, why=why, winners=winners)

    # -- the kernel's hooks --------------------------------------------------------------------
    cdef int _current(self) noexcept nogil:
        return self.s.to_move

    cdef Mask layable(self, Mask hand) noexcept nogil:
        """The cards of ``hand`` that may also be laid down although they would capture: none
        under the must-capture rule or with an empty table; else each card that takes something
        (a value some table cards add up to; an Ace in Scopa d'Assi)."""
        cdef Mask sums, out = 0
        cdef int card
        if self.must_capture or not self.s.table:
            return 0
        sums = reachable_sums(self.s.table)
        while hand:
            card = lowest(hand)
            if (self.ace_takes_all and value_of(card) == 1) or (sums >> value_of(card)) & 1:
                out |= <Mask>1 << card
            hand &= hand - 1
        return out

    cdef int _legal(self, int* out) noexcept nogil:
        """The choosable table cards while a capture is chosen; else the hand's cards, and
        ``lay`` for each ``layable`` one."""
        cdef Mask hand, cards
        cdef int n = 0
        if self.s.pending != NOBODY:
            cards = self.choosable()
            while cards:
                out[n] = TAKE_BASE + lowest(cards)
                n += 1
                cards &= cards - 1
            return n
        hand = self.s.hands[self.s.mover]
        cards = hand
        while cards:
            out[n] = lowest(cards)
            n += 1
            cards &= cards - 1
        cards = self.layable(hand)
        while cards:
            out[n] = LAY_BASE + lowest(cards)
            n += 1
            cards &= cards - 1
        return n

    cdef bint _is_legal(self, int action):
        """One id decided by the rules ``_legal`` lists from, without listing the node: at a
        deal any card of the stock; a table card ``choosable`` for the capture being chosen; a
        card of the hand; ``lay`` of a ``layable`` one."""
        cdef Mask hand
        if self.s.to_move == CHANCE_PLAYER:
            return 0 <= action < NUM_CARDS and (self.s.stock >> action) & 1
        if self.s.to_move == TERMINAL_PLAYER:
            return False
        if self.s.pending != NOBODY:
            return TAKE_BASE <= action < TAKE_BASE + NUM_CARDS and (
                self.choosable() >> (action - TAKE_BASE)) & 1
        hand = self.s.hands[self.s.mover]
        if 0 <= action < NUM_CARDS:
            return (hand >> action) & 1
        if LAY_BASE <= action < LAY_BASE + NUM_CARDS:
            return (self.layable(hand & (<Mask>1 << (action - LAY_BASE))) >> (action - LAY_BASE)) & 1
        return False

    cdef object _chance(self):
        """Each card of the stock, with probability 1 / its size."""
        return uniform_outcomes(self.s.stock, 0)

    cdef int _sample_chance(self, double u) noexcept nogil:
        """A card off the stock, every card equally likely."""
        cdef Mask cards = self.s.stock
        cdef int k
        for k in range(<int>(u * popcount(cards))):
            cards &= cards - 1
        return lowest(cards)

    cdef int _apply(self, int action) noexcept nogil:
        if self.s.to_move == CHANCE_PLAYER:
            self.deal_card(action)
        elif action < TAKE_BASE:
            return self.play_card(action, False)
        elif action < LAY_BASE:
            return self.choose(action - TAKE_BASE)
        else:
            return self.play_card(action - LAY_BASE, True)
        return 0

    cdef int _returns_c(self, double* out) noexcept nogil:
        """The game's result (zeros before the end)."""
        cdef int seat
        for seat in range(self.players):
            out[seat] = self.s.result[seat]
        return 0

    cdef int _policy(self, int seat, uint64_t* rng) noexcept nogil:
        """The greedy bot (policy.pxi; docs/rules/scopa.md, "Bots"): it draws no ties."""
        return greedy_move(self, seat)

    cdef long long _stage(self) noexcept nogil:
        """The returns are the game's result only (a hand's points are in ``scores``)."""
        return self.s.to_move == TERMINAL_PLAYER

    cdef void _tensor_at(self, dict at):
        """The tensor's parts by name (``observe.layout``): where ``_encode`` writes each."""
        self.at_hand, self.at_table, self.at_playing = at["hand"], at["table"], at["playing"]
        self.at_chosen, self.at_captured = at["chosen"], at["captured.side0"]
        self.at_scope, self.at_scores, self.at_my_side = at["scope"], at["scores"], at["my_side"]
        self.at_is_me, self.at_to_move, self.at_dealer = at["is_me"], at["to_move"], at["dealer"]
        self.at_hand_sizes, self.at_stock, self.at_phase = (
            at["hand_sizes"], at["stock"], at["phase"])
        for side in range(self.sides):
            assert at[f"captured.side{side}"] == self.at_captured + side * NUM_CARDS

    cdef void _encode(self, int seat, float* out) noexcept nogil:
        """the observation tensor, from the typed state (tested equal to the test oracle, ``tests/tensor_oracles/``), each part
        where ``observe.layout`` puts it (``_tensor_at``)."""
        cdef int side, i
        if seat >= 0:
            put_cards(out, self.at_hand, self.s.hands[seat])
        put_cards(out, self.at_table, self.s.table)
        if self.s.pending != NOBODY:
            out[self.at_playing + self.s.pending] = 1.0
        put_cards(out, self.at_chosen, self.s.picked)
        for side in range(self.sides):  # captured.side<k>: one block of NUM_CARDS per side
            put_cards(out, self.at_captured + side * NUM_CARDS, self.s.piles[side])
            out[self.at_scope + side] = self.s.scope[side] / 10.0
            out[self.at_scores + side] = self.s.scores[side] / <double>self.target
            out[self.at_my_side + side] = seat >= 0 and self.side_of(seat) == side
        for i in range(self.players):
            out[self.at_is_me + i] = seat == i
            out[self.at_to_move + i] = self.s.to_move == i
            out[self.at_dealer + i] = self.s.dealer == i
            out[self.at_hand_sizes + i] = popcount(self.s.hands[i]) / 10.0
        out[self.at_stock] = popcount(self.s.stock) / 40.0
        out[self.at_phase + self.phase()] = 1.0

    cdef int phase(self) noexcept nogil:
        """0 deal, 1 play, 2 capture, 3 over (``PHASE_NAMES``)."""
        if self.s.to_move == TERMINAL_PLAYER:
            return 3
        if self.s.to_move == CHANCE_PLAYER:
            return 0
        return 2 if self.s.pending != NOBODY else 1

    # -- for resample: the hidden cards of a world consistent with what a seat saw -------------
    def _set_hidden(self, hands, stock):
        """Put ``hands`` (one mask per seat) and ``stock`` in place (``resample`` only)."""
        cdef int seat
        for seat in range(self.players):
            self.s.hands[seat] = hands[seat]
        self.s.stock = stock
        self._nlegal = -1

    # -- views for Python (the fields' own accessors are ScopaFields', fields.pxi) ----------------
    @property
    def pack(self):
        """The cards in play (all 40 unless the options reduce the pack)."""
        return self.pack_mask

    @property
    def hand_sizes(self):
        return tuple([popcount(self.s.hands[i]) for i in range(self.players)])

    @property
    def deal_to(self):
        """Where the next card of the deal goes: ``TABLE`` or a seat."""
        return self.deal_destination()

    @property
    def last_counted(self):
        """The piles and sweeps of the last hand scored, or None before the first count."""
        if not self.s.scored:
            return None
        return (tuple([self.s.last_piles[i] for i in range(self.sides)]),
                tuple([self.s.last_scope[i] for i in range(self.sides)]))

    @property
    def phase_index(self):
        return self.phase()


cdef inline void put_cards(float* out, int at, Mask cards) noexcept nogil:
    while cards:
        out[at + lowest(cards)] = 1.0
        cards &= cards - 1


# -- the greedy bot (docs/rules/scopa.md, "Bots") --------------------------------------------
include "scoring.pxi"
include "policy.pxi"

# -- ScopaFields: ScopaCore with the accessors of the struct's fields, FIELDS and _copy_extra,
# made from the declarations above (the struct, the fixed attributes) by tools/declare.py ------
include "fields.pxi"

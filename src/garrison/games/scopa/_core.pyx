# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled twin of Scopa's rules (``rules.py`` is the readable reference; see
``garrison.core.fast``).

It plays the deal, the captures and the scoring on one C struct, in the order of ``rules.py``:
2. the deal, 3. capturing, 3.8 and 4. the end of the hand, scoring and the end of the game. The
Python rules stay in charge of everything else (observation, text, resample, errors, records).

Cards are 0..39 (``deck.py``: ``suit * 10 + face``, capture value ``face + 1``); sets of cards are
64-bit masks. Action ids as ``actions.py``: play ``card``, take ``40 + card``, lay ``80 + card``;
a chance outcome is the dealt card.

A capture by sum is worked out on the *values* of the table cards rather than on the cards: a
set adding up to the played card's value is a choice of how many cards of each value to take,
so the sets a capture may take are counted (``C(n, k)`` per value) and their cards collected
(every card of a value of which some are taken) without listing them one by one.
"""

cimport cython
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

ctypedef unsigned long long Mask

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil


cdef enum:
    NUM_CARDS = 40
    MAX_SEATS = 6
    MAX_SIDES = 3
    CHANCE = -1        # garrison.core.CHANCE
    TERMINAL = -4      # garrison.core.TERMINAL
    NOBODY = -1        # scoring.NOBODY: no seat, no side, no card
    TABLE = -1         # rules.TABLE: a deal destination
    TAKE_BASE = 40     # actions.take(card)
    LAY_BASE = 80      # actions.lay(card)

cdef Mask FULL = (<Mask>1 << NUM_CARDS) - 1
cdef Mask DIAMONDS = (<Mask>1 << 10) - 1
cdef Mask SUIT_MASK[4]
#: The cards of each capture value 1..10 (index 0 unused).
cdef Mask VALUE_MASK[11]
cdef Mask ACES
cdef Mask KINGS
cdef int SETTEBELLO = 6  # Diamonds 7
cdef int RE_BELLO = 9  # Diamonds K
#: The seed's "First" (primiera) value by face A, 2..7, J, Q, K.
cdef int PRIMIERA_BY_FACE[10]
#: Binomial coefficients C(n, k) for n, k <= 4 (at most four cards share a value).
cdef long long CHOOSE[5][5]


cdef void _init_tables():
    cdef int suit, value, n, k
    cdef int primiera[10]
    primiera[:] = [16, 12, 13, 14, 15, 18, 21, 10, 10, 10]
    for suit in range(4):
        SUIT_MASK[suit] = DIAMONDS << (10 * suit)
    VALUE_MASK[0] = 0
    for value in range(1, 11):
        VALUE_MASK[value] = 0
        for suit in range(4):
            VALUE_MASK[value] |= <Mask>1 << (10 * suit + value - 1)
    for k in range(10):
        PRIMIERA_BY_FACE[k] = primiera[k]
    for n in range(5):
        for k in range(5):
            CHOOSE[n][k] = 0
        CHOOSE[n][0] = 1
        for k in range(1, n + 1):
            CHOOSE[n][k] = CHOOSE[n - 1][k - 1] + (CHOOSE[n - 1][k] if k <= n - 1 else 0)


_init_tables()
ACES = VALUE_MASK[1]
KINGS = VALUE_MASK[10]

#: Small Python ints and (card, probability) pairs, built once: the hot path only picks them.
cdef list _INTS = list(range(3 * NUM_CARDS))
cdef list _PAIRS = [[(card, 1.0 / n) for card in range(NUM_CARDS)] if n else []
                    for n in range(NUM_CARDS + 1)]

_OPTION_NAMES = frozenset(("players", "deal", "target", "must_capture", "fewest_cards",
                           "ace_takes_all", "ace_scopa", "napola", "re_bello", "hand_limit"))
_HAND_SIZE = {"scopa": 3, "scopone": 9, "scopone10": 10}


cdef inline int value_of(int card) noexcept nogil:
    return card % 10 + 1


cdef inline int popcount(Mask m) noexcept nogil:
    return __builtin_popcountll(m)


cdef inline int lowest(Mask m) noexcept nogil:
    return __builtin_ctzll(m)


cdef struct Position:
    # the options (params.py), fixed for the game
    int players
    int sides
    int hand_size
    int table_size
    int target
    int hand_limit
    bint must_capture
    bint fewest_cards
    bint ace_takes_all
    bint ace_scopa
    bint napola
    bint re_bello
    # the game
    int scores[MAX_SIDES]
    int hand_no
    int dealer
    double result[MAX_SEATS]
    # the hand (rules.start_hand)
    Mask stock
    Mask table
    Mask hands[MAX_SEATS]
    Mask piles[MAX_SIDES]
    int scope[MAX_SIDES]
    int last_capturer
    int mover
    int to_move
    # a capture being chosen (rules.play_card / choose)
    int pending
    Mask picked
    # the deal in progress (rules.deal_plan, read by position rather than stored)
    bint first_deal
    int deal_i
    int deal_len


# -- 2. The deal -------------------------------------------------------------------------------
cdef void start_hand(Position* p) noexcept nogil:
    """rules.start_hand: the whole pack in the stock, empty table, hands and piles; the seat after
    the dealer leads; the first deal of the hand begins (scopa.md section 2)."""
    cdef int i
    p.stock = FULL
    p.table = 0
    for i in range(MAX_SEATS):
        p.hands[i] = 0
    for i in range(MAX_SIDES):
        p.piles[i] = 0
        p.scope[i] = 0
    p.last_capturer = NOBODY
    p.pending = NOBODY
    p.picked = 0
    p.mover = (p.dealer + 1) % p.players
    p.first_deal = True
    p.deal_i = 0
    p.deal_len = p.table_size + p.players * p.hand_size
    p.to_move = CHANCE


cdef inline int deal_destination(Position* p) noexcept nogil:
    """rules.deal_plan read at the current card: the table cards first (first deal of a hand
    only), then ``hand_size`` cards to each seat, starting with the seat after the dealer."""
    cdef int at = p.deal_i
    if p.first_deal:
        if at < p.table_size:
            return TABLE
        at -= p.table_size
    return (p.dealer + 1 + at // p.hand_size) % p.players


cdef void deal_card(Position* p, int card) noexcept nogil:
    """rules.deal_card: chance deals ``card`` to the next place of the deal. Three or four Kings
    among the table cards void the table: they go back and the table is dealt again."""
    cdef Mask bit = <Mask>1 << card
    cdef int dest = deal_destination(p)
    p.stock ^= bit
    p.deal_i += 1
    if dest == TABLE:
        p.table |= bit
        if p.deal_i == p.table_size and popcount(p.table & KINGS) >= 3:
            p.stock |= p.table
            p.table = 0
            p.deal_i = 0
            return
    else:
        p.hands[dest] |= bit
    if p.deal_i == p.deal_len:
        p.to_move = p.mover


# -- 3. Capturing ------------------------------------------------------------------------------
cdef struct SumSearch:
    # the table by value, and the cards already chosen by value
    int count[11]
    int chosen[11]
    Mask by_value[11]
    Mask picked
    int highest_chosen   # the highest value among the chosen cards (0: none)
    int only_size        # > 0: count only sets of this many cards (fewest_cards)
    # what was found
    long long ways       # how many sets
    Mask cards           # every card some set adds to the chosen ones
    int least            # the fewest cards in a set


cdef void find_sums(SumSearch* s, int value, int remaining, int size, long long ways,
                    Mask cards) noexcept nogil:
    """Rule 3.3: every choice of how many table cards of each value (from ``value`` up) that adds
    ``remaining`` and contains the cards already chosen."""
    cdef int k, free_k, taken
    if remaining == 0:
        if value > s.highest_chosen and (s.only_size == 0 or size == s.only_size):
            s.ways += ways
            s.cards |= cards
            if size < s.least:
                s.least = size
        return
    if value > remaining:
        return
    taken = s.chosen[value]
    k = taken
    while k <= s.count[value] and k * value <= remaining:
        free_k = k - taken
        find_sums(s, value + 1, remaining - k * value, size + k,
                  ways * CHOOSE[s.count[value] - taken][free_k],
                  cards | (s.by_value[value] & ~s.picked if free_k > 0 else 0))
        k += 1


cdef void sum_captures(Position* p, int value, Mask picked, SumSearch* s) noexcept nogil:
    """The sets of two or more table cards adding up to ``value`` that contain ``picked``: how
    many (``s.ways``) and which further cards they use (``s.cards``). With ``fewest_cards`` only
    the sets with the fewest cards of all count (rule 3.5, option)."""
    cdef int v
    cdef Mask m
    for v in range(11):
        m = p.table & VALUE_MASK[v]
        s.by_value[v] = m
        s.count[v] = popcount(m)
        s.chosen[v] = popcount(m & picked)
    s.picked = picked
    s.highest_chosen = 0
    for v in range(1, 11):
        if s.chosen[v]:
            s.highest_chosen = v
    s.only_size = 0
    if p.fewest_cards:
        # the fewest cards of any set, whether or not it holds the chosen cards
        for v in range(11):
            s.chosen[v] = 0
        s.highest_chosen, s.picked, s.ways, s.cards, s.least = 0, 0, 0, 0, 99
        find_sums(s, 1, value, 0, 1, 0)
        if s.ways == 0:
            return
        s.only_size = s.least
        for v in range(11):
            s.chosen[v] = popcount(s.by_value[v] & picked)
            if s.chosen[v]:
                s.highest_chosen = v
        s.picked = picked
    s.ways, s.cards, s.least = 0, 0, 99
    find_sums(s, 1, value, 0, 1, 0)


cdef long long capture_choices(Position* p, int card, Mask picked, Mask* cards) noexcept nogil:
    """rules.capture_options for ``card``, narrowed to the sets containing ``picked``: how many
    such sets there are, and (in ``cards``) the table cards they add to ``picked``.

    Single-card priority (3.1-3.2): a table card of equal value is taken alone. Scopa d'Assi
    (option): an Ace takes the whole table, or only an Ace if one lies there."""
    cdef int value = value_of(card)
    cdef Mask same
    cdef SumSearch search
    cards[0] = 0
    if not p.table:
        return 0
    if value == 1 and p.ace_takes_all:
        same = p.table & ACES
        if not same:
            cards[0] = p.table
            return 1
    else:
        same = p.table & VALUE_MASK[value]
    if same:
        if picked:  # a single card completes the capture, so nothing is chosen yet
            return 0
        cards[0] = same
        return popcount(same)
    sum_captures(p, value, picked, &search)
    cards[0] = search.cards & ~picked
    return search.ways


cdef Mask reachable_sums(Mask table) noexcept nogil:
    """Bit ``v`` set: some table cards add up to ``v`` (1..10) -- does a card of value ``v``
    capture anything (rule 3.1-3.3, for the ``lay`` actions)."""
    cdef Mask sums = 1
    cdef int v, k, n
    for v in range(1, 11):
        n = popcount(table & VALUE_MASK[v])
        k = 0
        while k < n and k * v < 10:
            sums |= sums << v
            k += 1
    return sums & 0x7FF


cdef void play_card(Position* p, int card, bint lay) noexcept nogil:
    """rules.play_card: the mover plays ``card``; one possible capture is made at once, several
    leave the choice of the cards to the mover; a card that takes nothing (or is laid down,
    without must-capture) stays on the table."""
    cdef Mask cards = 0
    cdef long long ways = 0
    p.hands[p.mover] ^= <Mask>1 << card
    if not lay:
        ways = capture_choices(p, card, 0, &cards)
    if ways == 0:
        p.table |= <Mask>1 << card
        next_turn(p)
    elif ways == 1:
        capture(p, card, cards)
    else:
        p.pending = card
        p.picked = 0


cdef void choose(Position* p, int table_card) noexcept nogil:
    """rules.choose: the mover adds ``table_card`` to the capture; once the chosen cards add up
    to the played card's value they are a whole allowed set (every legal choice lies inside
    one), and the capture is made."""
    cdef Mask picked = p.picked | (<Mask>1 << table_card)
    cdef int total = 0
    cdef int card
    cdef Mask rest = picked
    while rest:
        total += value_of(lowest(rest))
        rest &= rest - 1
    if total == value_of(p.pending):
        card = p.pending
        p.pending = NOBODY
        p.picked = 0
        capture(p, card, picked)
    else:
        p.picked = picked


cdef void capture(Position* p, int card, Mask taken) noexcept nogil:
    """rules.capture: ``card`` takes ``taken`` to the mover's side. Emptying the table is a
    scopa (rule 3.6), except with the last card of the hand (3.7) and, unless ``ace_scopa``,
    when an Ace takes the whole table in Scopa d'Assi."""
    cdef int seat = p.mover
    cdef int side = seat % p.sides
    cdef bint last_card, ace_all
    cdef int i
    p.table &= ~taken
    p.piles[side] |= taken | (<Mask>1 << card)
    p.last_capturer = seat
    last_card = p.stock == 0
    if last_card:
        for i in range(p.players):
            if p.hands[i]:
                last_card = False
                break
    ace_all = p.ace_takes_all and value_of(card) == 1 and not (taken & ACES)
    if p.table == 0 and not last_card and (p.ace_scopa or not ace_all):
        p.scope[side] += 1
    next_turn(p)


cdef void next_turn(Position* p) noexcept nogil:
    """rules.next_turn: play passes on; when every hand is empty, 3 more each from the stock,
    or the hand ends."""
    cdef int i
    p.mover = (p.mover + 1) % p.players
    for i in range(p.players):
        if p.hands[i]:
            p.to_move = p.mover
            return
    if p.stock:
        p.first_deal = False
        p.deal_i = 0
        p.deal_len = p.players * p.hand_size
        p.to_move = CHANCE
    else:
        end_hand(p)


# -- 3.8 and 4. End of the hand, scoring, end of the game --------------------------------------
cdef int sole_best(const int* values, int n) noexcept nogil:
    """scoring.sole_best: the one side with strictly the most (a negative value never wins, as
    ``None``); NOBODY on a tie for the most."""
    cdef int best = -1
    cdef int who = NOBODY
    cdef int side
    for side in range(n):
        if values[side] < 0:
            continue
        if best < 0 or values[side] > best:
            best = values[side]
            who = side
        elif values[side] == best:
            who = NOBODY
    return who


cdef int primiera_total(Mask pile) noexcept nogil:
    """scoring.primiera_total: each suit's best First value added up; -1 if a suit is missing."""
    cdef int total = 0
    cdef int suit, best
    cdef Mask cards
    for suit in range(4):
        cards = pile & SUIT_MASK[suit]
        if not cards:
            return -1
        best = 0
        while cards:
            best = max(best, PRIMIERA_BY_FACE[lowest(cards) % 10])
            cards &= cards - 1
        total += best
    return total


cdef int napola_points(Mask pile) noexcept nogil:
    """scoring.napola_points: Diamonds A-2-3 score 3, +1 per further Diamond in sequence."""
    cdef int run = 0
    while run < 10 and (pile >> run) & 1:
        run += 1
    return run if run >= 3 else 0


cdef int holder(Position* p, int card) noexcept nogil:
    cdef int side
    for side in range(p.sides):
        if (p.piles[side] >> card) & 1:
            return side
    return NOBODY


cdef int score_hand(Position* p, int* points) noexcept nogil:
    """scoring.score_hand (the seed's table): more cards, more Diamonds, the First, the 7 of
    Diamonds, each scopa; the variants' King of Diamonds and napola. Returns the side holding
    all ten Diamonds (Napoleone, with ``napola``), else NOBODY."""
    cdef int card_counts[MAX_SIDES]
    cdef int diamond_counts[MAX_SIDES]
    cdef int primiera[MAX_SIDES]
    cdef int side, cards, diamonds, first, settebello, king
    cdef int napoleone = NOBODY
    for side in range(p.sides):
        card_counts[side] = popcount(p.piles[side])
        diamond_counts[side] = popcount(p.piles[side] & DIAMONDS)
        primiera[side] = primiera_total(p.piles[side])
    cards = sole_best(card_counts, p.sides)
    diamonds = sole_best(diamond_counts, p.sides)
    first = sole_best(primiera, p.sides)
    settebello = holder(p, SETTEBELLO)
    king = holder(p, RE_BELLO) if p.re_bello else NOBODY
    for side in range(p.sides):
        points[side] = p.scope[side]
        if p.napola:
            points[side] += napola_points(p.piles[side])
            if p.piles[side] & DIAMONDS == DIAMONDS:
                napoleone = side
        points[side] += ((cards == side) + (diamonds == side) + (first == side)
                         + (settebello == side) + (king == side))
    return napoleone


cdef void end_hand(Position* p) noexcept nogil:
    """rules.end_hand: the last side to capture takes what is left on the table (never a scopa);
    the hand is scored; a side that reaches the target alone (or holds Napoleone) wins, else
    another hand is dealt by the next seat (up to ``hand_limit`` hands)."""
    cdef int points[MAX_SIDES]
    cdef int side, napoleone, best, top
    cdef int winners = 0
    if p.table and p.last_capturer != NOBODY:
        p.piles[p.last_capturer % p.sides] |= p.table
        p.table = 0
    napoleone = score_hand(p, points)
    top = -1
    for side in range(p.sides):
        p.scores[side] += points[side]
        if p.scores[side] > top:
            top = p.scores[side]
    if napoleone != NOBODY:
        finish(p, 1 << napoleone)
        return
    if top >= p.target:
        best = sole_best(p.scores, p.sides)
        if best != NOBODY:
            finish(p, 1 << best)
            return
    if p.hand_no >= p.hand_limit:
        for side in range(p.sides):
            if p.scores[side] == top:
                winners |= 1 << side
        finish(p, winners)
        return
    p.hand_no += 1
    p.dealer = (p.dealer + 1) % p.players
    start_hand(p)


cdef void finish(Position* p, int winners) noexcept nogil:
    """rules.finish: the winning sides share the win; utilities sum to zero."""
    cdef int sides = p.sides
    cdef int k = popcount(winners)
    cdef double lose = -1.0 / (sides - 1)
    cdef double win = (<double>(sides - k)) / (<double>(k * (sides - 1)))
    cdef int seat
    for seat in range(p.players):
        p.result[seat] = win if (winners >> (seat % sides)) & 1 else lose
    p.to_move = TERMINAL


# -- The kernel's interface (garrison.core.fast) ------------------------------------------------
cdef inline tuple ids_tuple(const int* ids, int n):
    cdef tuple out = PyTuple_New(n)
    cdef object item
    cdef int i
    for i in range(n):
        item = _INTS[ids[i]]
        Py_INCREF(item)
        PyTuple_SET_ITEM(out, i, item)
    return out


cdef inline tuple cards_tuple(Mask cards, int base):
    cdef int ids[NUM_CARDS]
    cdef int n = 0
    while cards:
        ids[n] = base + lowest(cards)
        n += 1
        cards &= cards - 1
    return ids_tuple(ids, n)


@cython.freelist(64)
cdef class Core:
    """One game of Scopa on a C struct (the hot path of ``ScopaState``)."""

    cdef Position p
    cdef object legal_cache

    @staticmethod
    def supports(game):
        """Every option of ``params.py`` is covered; an option this core does not know is not."""
        options = game.options
        if not set(options) <= _OPTION_NAMES:
            return False
        return (options["players"] in (2, 3, 4, 6) and options["deal"] in _HAND_SIZE
                and 1 <= options["target"] and 1 <= options["hand_limit"] < 2 ** 30)

    def __init__(self, game):
        """The state ``ScopaState(game)`` starts in: seat 0 leads the first hand (the last seat
        deals), the first card of the deal is to come."""
        options = game.options
        cdef Position* p = &self.p
        cdef int i
        p.players = options["players"]
        p.sides = p.players if p.players <= 3 else p.players // 2
        p.hand_size = _HAND_SIZE[options["deal"]]
        p.table_size = 0 if options["deal"] == "scopone10" else 4
        p.target = options["target"]
        p.hand_limit = options["hand_limit"]
        p.must_capture = options["must_capture"]
        p.fewest_cards = options["fewest_cards"]
        p.ace_takes_all = options["ace_takes_all"]
        p.ace_scopa = options["ace_scopa"]
        p.napola = options["napola"]
        p.re_bello = options["re_bello"]
        for i in range(MAX_SIDES):
            p.scores[i] = 0
        for i in range(MAX_SEATS):
            p.result[i] = 0.0
        p.hand_no = 1
        p.dealer = p.players - 1
        start_hand(p)
        self.legal_cache = None

    cpdef int current_player(self):
        return self.p.to_move

    cpdef bint is_terminal(self):
        return self.p.to_move == TERMINAL

    cpdef tuple legal(self):
        """ScopaState.legal_actions: the stock's cards at a deal; the choosable table cards while
        a capture is chosen; else the hand's cards, and (without must-capture) ``lay`` for each
        card that could capture."""
        cdef Position* p = &self.p
        cdef Mask hand, cards, sums
        cdef int ids[2 * NUM_CARDS]
        cdef int n = 0
        cdef int card
        if self.legal_cache is not None:
            return self.legal_cache
        if p.to_move == TERMINAL:
            out = ()
        elif p.to_move == CHANCE:
            out = cards_tuple(p.stock, 0)
        elif p.pending != NOBODY:
            capture_choices(p, p.pending, p.picked, &cards)
            out = cards_tuple(cards, TAKE_BASE)
        else:
            hand = p.hands[p.mover]
            if p.must_capture or not p.table:
                out = cards_tuple(hand, 0)
            else:
                cards = hand
                while cards:
                    ids[n] = lowest(cards)
                    n += 1
                    cards &= cards - 1
                sums = reachable_sums(p.table)
                cards = hand
                while cards:
                    card = lowest(cards)
                    if (p.ace_takes_all and value_of(card) == 1) or (sums >> value_of(card)) & 1:
                        ids[n] = LAY_BASE + card
                        n += 1
                    cards &= cards - 1
                out = ids_tuple(ids, n)
        self.legal_cache = out
        return out

    cpdef list chance_outcomes(self):
        """ScopaState._chance_outcomes: each card of the stock, with probability 1 / its size."""
        cdef Mask cards = self.p.stock
        cdef int n = popcount(cards)
        cdef list pairs = _PAIRS[n]
        cdef list out = PyList_New(n)
        cdef object pair
        cdef int i = 0
        while cards:
            pair = pairs[lowest(cards)]
            Py_INCREF(pair)
            PyList_SET_ITEM(out, i, pair)
            i += 1
            cards &= cards - 1
        return out

    cpdef apply(self, int action):
        """ScopaState._apply: a dealt card at a chance node; else play, take or lay."""
        cdef Position* p = &self.p
        self.legal_cache = None
        if p.to_move < 0:
            deal_card(p, action)
        elif action < TAKE_BASE:
            play_card(p, action, False)
        elif action < LAY_BASE:
            choose(p, action - TAKE_BASE)
        else:
            play_card(p, action - LAY_BASE, True)

    cpdef list returns(self):
        cdef int seat
        return [self.p.result[seat] for seat in range(self.p.players)]

    cpdef Core copy(self):
        cdef Core new = Core.__new__(Core)
        new.p = self.p
        new.legal_cache = self.legal_cache
        return new

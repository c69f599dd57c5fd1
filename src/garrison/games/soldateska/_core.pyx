# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled twin of Soldateska's rules (seeds/000_7254710e07ac3472.txt).

It plays the game (chance, legal actions, apply, returns) on one C struct, section by section in
the order of ``rules.py``; the Python rules stay the reference and answer everything else
(observation, text, resample, errors, records). The conformance suite checks at every step that
both agree. The card tables (effective suits and ranks under each trump, points, ranks in play,
wages) are read once from ``deck.py`` so that the data has one source; the rules are written here.

Card ids, phases and the chance model are those of ``deck.py``, ``rules.py`` and ``state.py``:
a deal is one card id (probability 1/stock), a die is its face 0..4 (1/5), the Kokette's two
dice are ``garrison.core.dice``'s id of the pair.
"""

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

from garrison.core.dice import roll_outcomes, roll_faces
from garrison.games.soldateska import deck as K

cdef extern from *:
    int ctz64 "__builtin_ctzll"(unsigned long long x) nogil
    int popcount64 "__builtin_popcountll"(unsigned long long x) nogil

ctypedef unsigned long long Cards  # a set of cards: bit c = card id c

# -- the cards (deck.py) ---------------------------------------------------------------------------
cdef enum:
    NUM_CARDS = 62
    MAX_PLAYERS = 6
    HAND_SIZE = 10
    BONUS = 2
    NO_SUIT = -1
    TOBACCO = 4
    TRUMPS = 5          # the effective suit of every trump card
    DECLARE_ID = 62     # actions.py: DECLARE + 0 = officers only, DECLARE + 1 + suit
    DIE_FACES = 5
    FLAG = 55
    DESERTER = 56
    SPY = 57
    KOKETTE = 58
    BOMB = 59
    UNSET = -2          # rules.UNSET: no card but Duels in the trick yet

# Phases of play (rules.py).
cdef enum:
    ROLLOFF, DEAL, DECLARE, PASS, ASIDE, PLAY, BOMB_ROLL, KOKETTE_ROLL, SPY_ROLL, OVER

# What a roll-off decides.
cdef enum:
    FOR_DEALER, FOR_DUEL, FOR_RANKS

cdef enum:
    CHANCE = -1
    TERMINAL = -4

cdef Cards DUELS = (1ULL << 60) | (1ULL << 61)
cdef Cards NOT_DUELS = ((1ULL << 62) - 1) & ~DUELS
cdef Cards MEDALS = 0
cdef Cards PRINTED_SUIT[5]
cdef int POINTS[NUM_CARDS]
# Under trump t (index t + 1: 0 = officers only, 1.. = a weapon suit): each card's effective suit
# (TRUMPS for the trump group, NO_SUIT for Deserter, Kokette, Bomb, Duels), its rank in that suit,
# and the cards of every effective suit.
cdef int SUIT_UNDER[6][NUM_CARDS]
cdef int RANK_UNDER[6][NUM_CARDS]
cdef Cards SUIT_MASK_UNDER[6][6]


def _read_tables():
    """The card tables of deck.py, once at import."""
    global MEDALS
    cdef int t, c, s
    MEDALS = K.MEDALS
    for s in range(5):
        PRINTED_SUIT[s] = K.SUIT_MASK[s]
    for c in range(NUM_CARDS):
        POINTS[c] = K.POINTS[c]
    for t in range(6):
        deck = K.trick_rules(t - 1, False).deck
        for c in range(NUM_CARDS):
            SUIT_UNDER[t][c] = deck.suit_of[c]
            RANK_UNDER[t][c] = deck.rank_of[c]
        for s in range(6):
            SUIT_MASK_UNDER[t][s] = deck.suit_mask[s]


_read_tables()

# Chance outcomes exactly as state.py lists them (same ids, order and float values).
_ONE_DIE = [tuple(pair) for pair in roll_outcomes(1, DIE_FACES)]
_TWO_DICE = [tuple(pair) for pair in roll_outcomes(2, DIE_FACES)]
_ONE_DIE_IDS = tuple(a for a, _ in _ONE_DIE)
_TWO_DICE_IDS = tuple(a for a, _ in _TWO_DICE)
#: ``_DEAL_PAIRS[k][card]`` = ``(card, 1.0 / k)``: one deal from a stock of k cards.
_DEAL_PAIRS = [()] + [tuple((c, 1.0 / k) for c in range(NUM_CARDS)) for k in range(1, 63)]
#: The Kokette's cost for each outcome id of two dice: the sum of the faces (0..8).
cdef int TWO_DICE_SUM[16]


def _read_two_dice():
    for outcome, _ in _TWO_DICE:
        TWO_DICE_SUM[outcome] = sum(face - 1 for face in roll_faces(2, outcome, DIE_FACES))


_read_two_dice()


cdef struct Soldateska:
    # the options
    int n
    int kokette_dice
    int win_returns
    int max_rounds
    int no_deserter_ranks      # deck=full with 3-5: a missing Deserter gives way to an officer
    Cards in_play
    Cards free_mask            # Duels with duel_anytime, else nothing
    int wage_at[MAX_PLAYERS]   # wage of the i-th place of the hierarchy (personalities)
    int wage_at_full[MAX_PLAYERS]  # ... when the Deserter gives way to one more officer
    int declarable[6]          # trump suits the General may declare (NO_SUIT first)
    int n_declarable
    # the game
    int phase
    int round
    int over
    int bank
    int ducats[MAX_PLAYERS]
    int settled[MAX_PLAYERS]
    int order[MAX_PLAYERS]     # the hierarchy, General first, Deserter (or lowest) last
    int n_order
    int dealer
    # the round
    Cards stock
    Cards hands[MAX_PLAYERS]
    Cards won[MAX_PLAYERS]
    int ntricks[MAX_PLAYERS]
    Cards aside
    int aside_owner
    int deal_i
    int deal_total
    int trump
    int pass_pos
    int passed_now             # cards the current giver has passed
    int trick[MAX_PLAYERS]
    int trick_len
    int trick_leader
    int tricks_done
    int led
    int roller
    int bombed
    int new_deserter
    # a roll-off: blocks of seats in place order; a block of more than one is still tied
    int ro_purpose
    int ro_top
    int ro_nblocks
    int ro_len[MAX_PLAYERS]
    int ro_seats[MAX_PLAYERS]
    int ro_rolls[MAX_PLAYERS]
    int ro_nrolls


cdef inline int cards_count(Cards m) nogil:
    return popcount64(m)


cdef inline tuple cards_tuple(Cards m):
    """The cards of ``m``, lowest id first, as a tuple of Python ints."""
    cdef Py_ssize_t i = 0
    cdef tuple out = PyTuple_New(popcount64(m))
    cdef object card
    while m:
        card = ctz64(m)
        Py_INCREF(card)
        PyTuple_SET_ITEM(out, i, card)
        i += 1
        m &= m - 1
    return out


# -- "Card Distribution", "Money" -----------------------------------------------------------------
cdef void setup(Soldateska* g) noexcept:
    """The bank holds ducats_per_player each; nobody holds a ducat or a rank; everyone rolls
    for the deal (First Round)."""
    cdef int s
    g.stock = g.in_play
    g.round = 1
    g.over = 0
    g.n_order = 0
    g.dealer = -1
    for s in range(g.n):
        g.ducats[s] = 0
        g.settled[s] = 0
        g.hands[s] = 0
        g.won[s] = 0
        g.ntricks[s] = 0
        g.ro_seats[s] = s
    g.aside, g.aside_owner = 0, -1
    g.trick_len, g.trick_leader, g.tricks_done, g.led = 0, -1, 0, UNSET
    g.trump = NO_SUIT
    g.pass_pos = g.passed_now = g.deal_i = g.deal_total = 0
    g.roller = g.bombed = g.new_deserter = -1
    g.ro_len[0] = g.n
    start_rolloff(g, FOR_DEALER, 1, 1)


# -- roll-offs (First Round; ties in ranks; Duels) -----------------------------------------------
cdef void start_rolloff(Soldateska* g, int purpose, int nblocks, int top) noexcept:
    """Players roll a die each, high roll wins, ties roll again among the tied; the blocks are
    already in ``ro_seats``/``ro_len``. ``top``: only the single winner is wanted."""
    g.ro_purpose, g.ro_nblocks, g.ro_nrolls, g.ro_top = purpose, nblocks, 0, top
    g.phase = ROLLOFF
    rolloff_continue(g)


cdef int rolloff_roller(Soldateska* g) noexcept nogil:
    """The seat to roll next: in the first block still tied."""
    cdef int b, start = 0
    for b in range(g.ro_nblocks):
        if g.ro_len[b] > 1:
            return g.ro_seats[start + g.ro_nrolls]
        start += g.ro_len[b]
    return -1


cdef void rolloff_roll(Soldateska* g, int value) noexcept:
    """One die of a roll-off; once the tied block has rolled, it splits by face, highest first."""
    cdef int b = 0, start = 0, k, face, s, m
    cdef int seats[MAX_PLAYERS]
    cdef int lens[MAX_PLAYERS]
    cdef int ngroups = 0, nseats = 0
    cdef int new_len[MAX_PLAYERS]
    while g.ro_len[b] <= 1:
        start += g.ro_len[b]
        b += 1
    g.ro_rolls[g.ro_nrolls] = value
    g.ro_nrolls += 1
    m = g.ro_len[b]
    if g.ro_nrolls < m:
        return
    for face in range(DIE_FACES - 1, -1, -1):
        k = 0
        for s in range(m):
            if g.ro_rolls[s] == face:
                seats[nseats] = g.ro_seats[start + s]
                nseats += 1
                k += 1
        if k:
            lens[ngroups] = k
            ngroups += 1
    g.ro_nrolls = 0
    if g.ro_top:
        g.ro_nblocks = 1
        g.ro_len[0] = lens[0]
        for s in range(lens[0]):
            g.ro_seats[s] = seats[s]
    else:
        for s in range(m):
            g.ro_seats[start + s] = seats[s]
        k = 0
        for s in range(b):
            new_len[k] = g.ro_len[s]
            k += 1
        for s in range(ngroups):
            new_len[k] = lens[s]
            k += 1
        for s in range(b + 1, g.ro_nblocks):
            new_len[k] = g.ro_len[s]
            k += 1
        g.ro_nblocks = k
        for s in range(k):
            g.ro_len[s] = new_len[s]
    rolloff_continue(g)


cdef void rolloff_continue(Soldateska* g) noexcept:
    """When no block is tied any more, the roll-off has placed everyone."""
    cdef int placed[MAX_PLAYERS]
    cdef int b, start = 0
    if rolloff_roller(g) >= 0:
        return
    for b in range(g.ro_nblocks):
        placed[b] = g.ro_seats[start]
        start += g.ro_len[b]
    if g.ro_purpose == FOR_DEALER:
        first_dealer(g, placed[0])
    elif g.ro_purpose == FOR_DUEL:
        take_trick(g, placed[0])
    else:
        finish_ranks(g, placed, g.ro_nblocks)


# -- "First Round – The Recruitment Round" --------------------------------------------------------
cdef void first_dealer(Soldateska* g, int seat) noexcept:
    """The highest roller shuffles, deals and plays the first card."""
    g.dealer = seat
    begin_round(g)


cdef void begin_round(Soldateska* g) noexcept:
    """Every round: 10 cards each; from the 2nd round on 2 more to the General."""
    cdef int s
    for s in range(g.n):
        g.hands[s] = 0
        g.won[s] = 0
        g.ntricks[s] = 0
    g.stock = g.in_play
    g.aside, g.aside_owner = 0, -1
    g.trick_len, g.trick_leader, g.tricks_done = 0, -1, 0
    g.trump = NO_SUIT
    g.pass_pos = g.passed_now = 0
    g.deal_i = 0
    g.deal_total = HAND_SIZE * g.n + (BONUS if g.round > 1 else 0)
    g.bombed = g.new_deserter = -1
    g.phase = DEAL


cdef void deal_card(Soldateska* g, int card) noexcept:
    """One card off the shuffled stock: round-robin from the dealer's left, then the bonus
    cards to the General."""
    cdef int i = g.deal_i, seat
    cdef Cards bit = 1ULL << card
    if i < HAND_SIZE * g.n:
        seat = (g.dealer + 1 + i) % g.n
    else:
        seat = g.order[0]
    g.stock &= ~bit
    g.hands[seat] |= bit
    g.deal_i = i + 1
    if g.deal_i < g.deal_total:
        return
    if g.round == 1:
        start_play(g, g.dealer)  # only officers are trump; 2 cards lie unused
        return
    g.phase = DECLARE


# -- "The 2nd Round and On" -----------------------------------------------------------------------
cdef void find_declarable(Soldateska* g, bint tobacco_trump) noexcept:
    """Officers only, or a weapon suit in play; Tobacco only with tobacco_trump."""
    cdef int s
    g.n_declarable = 1
    g.declarable[0] = NO_SUIT
    for s in range(5):
        if g.in_play & PRINTED_SUIT[s] and (s != TOBACCO or tobacco_trump):
            g.declarable[g.n_declarable] = s
            g.n_declarable += 1


cdef void declare_trump(Soldateska* g, int suit) noexcept:
    """The General declares officers only, or one weapon suit as additional trump."""
    g.trump = suit
    g.phase = PASS


cdef void pass_card(Soldateska* g, int card) noexcept:
    """Each rank passes 2 cards (one action each) to the next rank down, from the General."""
    cdef int giver = g.order[g.pass_pos], taker = g.order[g.pass_pos + 1]
    cdef Cards bit = 1ULL << card
    g.hands[giver] &= ~bit
    g.hands[taker] |= bit
    g.passed_now += 1
    if g.passed_now < 2:
        return
    g.passed_now = 0
    g.pass_pos += 1
    if g.pass_pos == g.n_order - 1:
        g.phase = ASIDE
        g.aside_owner = g.order[g.n_order - 1]


cdef void lay_aside(Soldateska* g, int card) noexcept:
    """The Deserter (the lowest rank) lays 2 cards aside face down; they count as his."""
    cdef int owner = g.aside_owner
    cdef Cards bit = 1ULL << card
    g.hands[owner] &= ~bit
    g.aside |= bit
    if cards_count(g.aside) < 2:
        return
    start_play(g, owner)


# -- "Game Idea", "Duels" -----------------------------------------------------------------------
cdef inline void start_play(Soldateska* g, int leader) noexcept:
    """The Deserter (in the recruitment round the dealer) plays the first card."""
    g.phase = PLAY
    g.trick_len, g.trick_leader, g.led = 0, leader, UNSET


cdef inline Cards playable(Soldateska* g, int seat) noexcept nogil:
    """Follow the led suit, a trump lead with trump; otherwise any card. A Duel is led only from
    a hand of Duels, and played only when unable to follow (unless duel_anytime)."""
    cdef Cards hand = g.hands[seat], others, free, follow
    if g.trick_len == 0:
        others = hand & NOT_DUELS
        return others if others else hand
    if g.led == UNSET or g.led == NO_SUIT:
        return hand
    free = hand & g.free_mask
    follow = hand & SUIT_MASK_UNDER[g.trump + 1][g.led] & ~free
    if follow:
        return follow | free
    return hand


cdef inline int strength(int suit, int rank, int led) noexcept nogil:
    """Trump beats the led suit, higher rank wins within a suit; other cards never win (-1)."""
    if suit == TRUMPS:
        return 200 + rank
    if suit == led and suit != NO_SUIT:
        return 100 + rank
    return -1


cdef void play_card(Soldateska* g, int card) noexcept:
    """A card to the trick; the first card not a Duel sets the suit to follow. A full trick
    goes to its winner, or, if it holds Duel cards, to a duel among the winner and the Duel
    players."""
    cdef int n = g.n, t = g.trump + 1
    cdef int seat = (g.trick_leader + g.trick_len) % n
    cdef Cards bit = 1ULL << card
    cdef int i, c, s, best, best_index, duels, winner
    if g.led == UNSET and not (bit & DUELS):
        g.led = SUIT_UNDER[t][card]
    g.hands[seat] &= ~bit
    g.trick[g.trick_len] = card
    g.trick_len += 1
    if g.trick_len < n:
        return
    best, best_index, duels = -1, -1, 0
    for i in range(n):
        c = g.trick[i]
        if (DUELS >> c) & 1:
            duels += 1
            continue
        if best_index < 0:
            best_index = i  # no card ranks: the first card not a Duel
        s = strength(SUIT_UNDER[t][c], RANK_UNDER[t][c], g.led)
        if s > best:
            best, best_index = s, i
    winner = (g.trick_leader + best_index) % n
    if duels == 0:
        take_trick(g, winner)
        return
    g.ro_seats[0] = winner
    g.ro_len[0] = 1
    for i in range(n):
        if (DUELS >> g.trick[i]) & 1:
            g.ro_seats[g.ro_len[0]] = (g.trick_leader + i) % n
            g.ro_len[0] += 1
    start_rolloff(g, FOR_DUEL, 1, 1)


cdef void take_trick(Soldateska* g, int winner) noexcept:
    """The winner keeps the trick's cards and leads the next trick; after the 10th trick the
    round is settled."""
    cdef int i
    cdef Cards pile = 0
    for i in range(g.trick_len):
        pile |= 1ULL << g.trick[i]
    g.won[winner] |= pile
    g.ntricks[winner] += 1
    g.tricks_done += 1
    g.phase = PLAY
    g.trick_len, g.trick_leader, g.led = 0, winner, UNSET
    if g.tricks_done == HAND_SIZE:
        end_of_round(g)


# -- "End of the Round" -------------------------------------------------------------------------
cdef inline Cards holds(Soldateska* g, int seat) noexcept nogil:
    """What ``seat`` holds at the round's end: the tricks it won, plus the laid-aside cards."""
    return g.won[seat] | (g.aside if seat == g.aside_owner else 0)


cdef int holder(Soldateska* g, int card) noexcept nogil:
    cdef int s
    for s in range(g.n):
        if (holds(g, s) >> card) & 1:
            return s
    return -1


cdef inline void pay_bank(Soldateska* g, int seat, int amount) noexcept nogil:
    """``seat`` pays ``amount`` to the bank, or all he has."""
    cdef int paid = amount if amount < g.ducats[seat] else g.ducats[seat]
    g.ducats[seat] -= paid
    g.bank += paid


cdef inline void bank_pays(Soldateska* g, int seat, int amount) noexcept nogil:
    """The bank pays ``amount`` to ``seat``, or all it has; nothing to a player blown up by the
    Bomb this round ("a new penniless Lieutenant")."""
    cdef int paid = amount if amount < g.bank else g.bank
    if seat == g.bombed:
        return
    g.ducats[seat] += paid
    g.bank -= paid


cdef void end_of_round(Soldateska* g) noexcept:
    """The six steps, in order; a step with a die waits for its roll."""
    cdef int bomb = holder(g, BOMB)
    if bomb >= 0:
        g.roller, g.phase = bomb, BOMB_ROLL
        return
    step_deserter(g)


cdef void bomb_roll(Soldateska* g, int value) noexcept:
    """1. Bomb: 0 rolls again, 2 blows up (the holder's ducats go to the bank), else a dud."""
    if value == 0:
        return
    if value == 2:
        pay_bank(g, g.roller, g.ducats[g.roller])
        g.bombed = g.roller
    step_deserter(g)


cdef void step_deserter(Soldateska* g) noexcept:
    """2. Deserter: the holder of the Deserter card becomes Deserter and pays 1 ducat per trick
    he took (not after the recruitment round). Then 3. Kokette, if anyone holds her."""
    cdef int seat = holder(g, DESERTER)
    g.new_deserter = seat
    if seat >= 0 and g.round != 1:
        pay_bank(g, seat, g.ntricks[seat])
    seat = holder(g, KOKETTE)
    if seat >= 0:
        g.roller, g.phase = seat, KOKETTE_ROLL
        return
    step_medals(g)


cdef void kokette_roll(Soldateska* g, int cost) noexcept:
    """3. Kokette: the holder rolls (one die, or both in the variant) and pays that much."""
    pay_bank(g, g.roller, cost)
    step_medals(g)


cdef void step_medals(Soldateska* g) noexcept:
    """4. Medals: the bank pays 1 ducat for every medal held. Then 5. Spy, if anyone holds it."""
    cdef int s, medals
    for s in range(g.n):
        medals = cards_count(holds(g, s) & MEDALS)
        if medals:
            bank_pays(g, s, medals)
    if bank_empty(g):
        return
    s = holder(g, SPY)
    if s >= 0:
        g.roller, g.phase = s, SPY_ROLL
        return
    step_ranks(g)


cdef void spy_roll(Soldateska* g, int value) noexcept:
    """5. Spy: the holder rolls and receives that many ducats from the bank."""
    bank_pays(g, g.roller, value)
    if bank_empty(g):
        return
    step_ranks(g)


cdef bint bank_empty(Soldateska* g) noexcept:
    """End of the Game: when the bank is empty, the game ends after the current step."""
    if g.bank > 0:
        return False
    game_over(g)
    return True


cdef void step_ranks(Soldateska* g) noexcept:
    """6. New ranks by the value of the cards held (the new Deserter aside), highest first;
    equal values are rolled off."""
    cdef int sums[MAX_PLAYERS]
    cdef int s, k, j, nc = 0, nblocks = 0
    for s in range(g.n):
        sums[s] = 0
        for k in range(NUM_CARDS):
            if (holds(g, s) >> k) & 1:
                sums[s] += POINTS[k]
    for s in range(g.n):  # insertion sort, stable: equal values keep seat order
        if s == g.new_deserter:
            continue
        j = nc
        while j > 0 and sums[g.ro_seats[j - 1]] < sums[s]:
            g.ro_seats[j] = g.ro_seats[j - 1]
            j -= 1
        g.ro_seats[j] = s
        nc += 1
    for j in range(nc):
        if j > 0 and sums[g.ro_seats[j - 1]] == sums[g.ro_seats[j]]:
            g.ro_len[nblocks - 1] += 1
        else:
            g.ro_len[nblocks] = 1
            nblocks += 1
    start_rolloff(g, FOR_RANKS, nblocks, 0)


cdef void finish_ranks(Soldateska* g, int* placed, int nplaced) noexcept:
    """6. (cont.) A player blown up re-enters as the lowest officer; then the Flag holder goes
    one rank up; then wages from the bank, top down, while it has money; then the next round."""
    cdef int officers[MAX_PLAYERS]
    cdef int nofficers = nplaced, deserter = g.new_deserter
    cdef int* wages = g.wage_at
    cdef int i, flag, flag_at, bombed_at
    for i in range(nplaced):
        officers[i] = placed[i]
    if deserter < 0:
        if g.no_deserter_ranks:
            wages = g.wage_at_full  # one more officer instead of the Deserter
        else:
            # nobody holds the Deserter card: the lowest becomes Deserter, but never the player
            # blown up by the Bomb ("a new penniless Lieutenant")
            nofficers -= 1
            i = nofficers - 1 if placed[nofficers] == g.bombed else nofficers
            deserter = placed[i]
            officers[i] = placed[nofficers]
    bombed_at = -1  # the Bomb first: the blown-up player re-enters as the lowest officer
    for i in range(nofficers):
        if officers[i] == g.bombed:
            bombed_at = i
    if bombed_at >= 0:
        for i in range(bombed_at, nofficers - 1):
            officers[i] = officers[i + 1]
        officers[nofficers - 1] = g.bombed
    flag = holder(g, FLAG)  # then the Flag: one rank better than he would otherwise attain
    flag_at = -1
    for i in range(nofficers):
        if officers[i] == flag:
            flag_at = i
    if flag_at > 0:
        officers[flag_at] = officers[flag_at - 1]
        officers[flag_at - 1] = flag
    for i in range(nofficers):
        g.order[i] = officers[i]
    g.n_order = nofficers
    if deserter >= 0:
        g.order[g.n_order] = deserter
        g.n_order += 1
    for i in range(g.n_order):
        if wages[i]:
            bank_pays(g, g.order[i], wages[i])
    for i in range(g.n):
        g.settled[i] = g.ducats[i]
    if bank_empty(g):
        return
    if g.round >= g.max_rounds:
        game_over(g)
        return
    g.round += 1
    g.dealer = officers[nofficers - 1]
    begin_round(g)


# -- "End of the Game" --------------------------------------------------------------------------
cdef inline void game_over(Soldateska* g) noexcept nogil:
    """Most ducats wins; equal ducats share the win."""
    g.over = 1
    g.phase = OVER


cdef list final_returns(Soldateska* g):
    """``ducats``: the ducats after the last settlement (final ducats at the end); ``win``:
    1 shared among the richest, at the end."""
    cdef int s, best = -1, winners = 0
    if not g.win_returns:
        if g.over:
            return [<double>g.ducats[s] for s in range(g.n)]
        return [<double>g.settled[s] for s in range(g.n)]
    if not g.over:
        return [0.0] * g.n
    for s in range(g.n):
        if g.ducats[s] > best:
            best = g.ducats[s]
    for s in range(g.n):
        if g.ducats[s] == best:
            winners += 1
    return [1.0 / winners if g.ducats[s] == best else 0.0 for s in range(g.n)]


# -- the kernel's interface ---------------------------------------------------------------------
_KNOWN = {
    "players": (3, 4, 5, 6),
    "deck": ("standard", "full", "five_suits"),
    "kokette_dice": (1, 2),
    "duel_anytime": (False, True),
    "tobacco_trump": (False, True),
    "returns": ("ducats", "win"),
}


cdef class Core:
    cdef Soldateska g

    @staticmethod
    def supports(game):
        """Every option of Soldateska (the Params validate the combinations)."""
        opts = game.options
        if set(opts) != set(_KNOWN) | {"ducats_per_player", "max_rounds"}:
            return False
        for name, allowed in _KNOWN.items():
            if opts[name] not in allowed:
                return False
        return (
            isinstance(opts["ducats_per_player"], int) and 1 <= opts["ducats_per_player"] <= 1000
            and isinstance(opts["max_rounds"], int) and 1 <= opts["max_rounds"]
        )

    def __init__(self, game):
        cdef Soldateska* g = &self.g
        cdef int i
        opts = game.options
        n = opts["players"]
        g.n = n
        g.kokette_dice = opts["kokette_dice"]
        g.win_returns = opts["returns"] == "win"
        g.max_rounds = min(opts["max_rounds"], 1 << 30)
        g.no_deserter_ranks = opts["deck"] == "full" and n < 6
        g.in_play = K.deck_mask(n, opts["deck"])
        g.free_mask = DUELS if opts["duel_anytime"] else 0
        ranks = K.personalities(n)
        ranks_full = K.officers_without_deserter(n) if g.no_deserter_ranks else ranks
        for i in range(n):
            g.wage_at[i] = K.WAGES[ranks[i]]
            g.wage_at_full[i] = K.WAGES[ranks_full[i]]
        find_declarable(g, opts["tobacco_trump"])
        g.bank = opts["ducats_per_player"] * n
        setup(g)

    cpdef int current_player(self):
        cdef Soldateska* g = &self.g
        cdef int phase = g.phase
        if phase == PLAY:
            return (g.trick_leader + g.trick_len) % g.n
        if phase == DEAL or phase == ROLLOFF or phase == BOMB_ROLL or phase == KOKETTE_ROLL \
                or phase == SPY_ROLL:
            return CHANCE
        if phase == PASS:
            return g.order[g.pass_pos]
        if phase == ASIDE:
            return g.aside_owner
        if phase == DECLARE:
            return g.order[0]
        return TERMINAL

    cpdef bint is_terminal(self):
        return self.g.over

    cpdef tuple legal(self):
        cdef Soldateska* g = &self.g
        cdef int phase = g.phase
        cdef int i
        if phase == DEAL:
            return cards_tuple(g.stock)
        if phase == PLAY:
            return cards_tuple(playable(g, (g.trick_leader + g.trick_len) % g.n))
        if phase == ROLLOFF or phase == BOMB_ROLL or phase == SPY_ROLL:
            return _ONE_DIE_IDS
        if phase == KOKETTE_ROLL:
            return _TWO_DICE_IDS if g.kokette_dice == 2 else _ONE_DIE_IDS
        if phase == PASS:
            return cards_tuple(g.hands[g.order[g.pass_pos]])
        if phase == ASIDE:
            return cards_tuple(g.hands[g.aside_owner])
        if phase == DECLARE:
            return tuple([DECLARE_ID if g.declarable[i] == NO_SUIT else DECLARE_ID + 1 + g.declarable[i]
                          for i in range(g.n_declarable)])
        return ()

    cpdef list chance_outcomes(self):
        cdef Soldateska* g = &self.g
        cdef Cards m
        cdef tuple row
        cdef list out
        if g.phase == DEAL:
            m = g.stock
            row = _DEAL_PAIRS[popcount64(m)]
            out = []
            while m:
                out.append(row[ctz64(m)])
                m &= m - 1
            return out
        if g.phase == KOKETTE_ROLL and g.kokette_dice == 2:
            return list(_TWO_DICE)
        return list(_ONE_DIE)

    cpdef apply(self, int action):
        cdef Soldateska* g = &self.g
        cdef int phase = g.phase
        if phase == DEAL:
            deal_card(g, action)
        elif phase == PLAY:
            play_card(g, action)
        elif phase == ROLLOFF:
            rolloff_roll(g, action)
        elif phase == PASS:
            pass_card(g, action)
        elif phase == ASIDE:
            lay_aside(g, action)
        elif phase == DECLARE:
            declare_trump(g, NO_SUIT if action == DECLARE_ID else action - DECLARE_ID - 1)
        elif phase == BOMB_ROLL:
            bomb_roll(g, action)
        elif phase == KOKETTE_ROLL:
            kokette_roll(g, TWO_DICE_SUM[action] if g.kokette_dice == 2 else action)
        elif phase == SPY_ROLL:
            spy_roll(g, action)

    cpdef list returns(self):
        return final_returns(&self.g)

    cpdef Core copy(self):
        cdef Core other = Core.__new__(Core)
        other.g = self.g
        return other

# cython: language_level=3
"""The rules of Soldateska, in the order of docs/rules/soldateska.md, compiled
over a typed state (see ``garrison.core.compiled``).

Cards are bitmasks (bit ``c`` = card id ``c`` of ``deck.py``); the card tables (effective suits
and ranks under each trump, points, the ranks and wages in play) are read once from ``deck.py``,
which stays the one source of the cards. Readings where the rulebook is silent are
marked **Reading** in docs/rules/soldateska.md. The rules record typed events
(``cdef enum Event`` below, fields by name) that ``log.py`` turns into text when someone reads
the log.

Chance: a deal is one card id (probability 1/stock); a die is its face 0..4 (1/5); the
Kokette's two dice are ``garrison.core.dice``'s id of the pair.
"""
from libc.stdint cimport uint64_t
from libc.string cimport memset

from garrison.core.compiled cimport CHANCE_PLAYER, TERMINAL_PLAYER, CompiledState, uniform_outcomes

from garrison.core.dice import roll_faces, roll_outcomes

from . import deck as K
from .params import pack_cards

cdef extern from *:
    int ctz64 "__builtin_ctzll"(unsigned long long x) nogil
    int popcount64 "__builtin_popcountll"(unsigned long long x) nogil

ctypedef unsigned long long Cards  # a set of cards: bit c = card id c

# -- the cards (deck.py) ---------------------------------------------------------------------------
cdef enum:
    NUM_CARDS = 62
    MAX_PLAYERS = 6
    HAND = 10
    BONUS_CARDS = 2
    NOSUIT = -1
    TOBACCO = 4
    TRUMPS = 5          # the effective suit of every trump card
    DECLARE_ID = 62     # actions.py: DECLARE + 0 = officers only, DECLARE + 1 + suit
    DIE_FACES = 5
    FLAG = 55
    DESERTER = 56
    SPY = 57
    KOKETTE = 58
    BOMB = 59
    NOT_LED = -2        # no card but Duels in the trick yet
    NUM_RANKS = 6
    NUM_PHASES_C = 10
    # Not in the seed: a game must have a finite length (the research APIs declare one), so a
    # roll-off settles its ties in place order after this many rolls of tied players, and the
    # Bomb is a dud after this many 0s in a row (a chance of 5**-20 each: two players tied
    # twenty times, or twenty 0s).
    ROLL_LIMIT_C = 20

# Phases of play.
cdef enum:
    P_ROLLOFF, P_DEAL, P_DECLARE, P_PASS, P_ASIDE, P_PLAY, P_BOMB_ROLL, P_KOKETTE_ROLL, \
        P_SPY_ROLL, P_OVER

ROLLOFF, DEAL, DECLARE, PASS, ASIDE, PLAY, BOMB_ROLL, KOKETTE_ROLL, SPY_ROLL, OVER = range(10)
PHASE_NAMES = (
    "roll-off", "deal", "declare trump", "pass cards", "lay aside", "play", "bomb", "kokette",
    "spy", "game over",
)
#: ``led`` before a card other than a Duel is in the trick.
UNSET = NOT_LED
HAND_SIZE = HAND
BONUS = BONUS_CARDS
ROLL_LIMIT = ROLL_LIMIT_C

# What a roll-off decides.
cdef enum:
    FOR_DEALER, FOR_DUEL, FOR_RANKS

# The events the rules record, declared once (tools/declare.py: ``emit_<name>`` in C, the
# ``<Name>Event`` tuples ``log.py`` reads, ``EVENTS``, ``PRIVATE``): fields by name, word by
# word. ``seat!`` marks a private event: only that seat reads it (``hide_from`` drops it from a
# world made for another seat). A card pair is two card ids (255: no second card); a per-seat
# or per-place array holds 0 past the players (a value with an offset: passed as -offset).
cdef enum Event:
    EV_START = 0            # {players; cards; bank} the game begins: players, cards in play, the bank
    EV_RECRUIT = 1          # {} the recruitment round begins
    EV_ROLLS = 2            # {seat; face} a roll-off roll
    EV_TIED = 3             # {seats[6]:3; size} tied seats roll again
    EV_FIRST_DEALER = 4     # {seat} the first dealer
    EV_ROUND = 5            # {round; dealer} a round begins
    EV_RECRUIT_TRUMP = 6    # {} the recruitment round's trumps
    EV_BONUS = 7            # {seat} the General takes the bonus cards
    EV_BONUS_YOU = 8        # {seat!; cards[2]:8} the bonus cards, to the General
    EV_DECLARES = 9         # {seat; suit} the General declares trump
    EV_PASSES = 10          # {giver; taker} a rank passes 2 cards down
    EV_YOU_PASS = 11        # {giver!; cards[2]:8; taker} the cards passed, to the giver
    EV_YOU_RECEIVE = 12     # {taker!; cards[2]:8; giver} the cards passed, to the taker
    EV_ASIDE = 13           # {owner} the Deserter lays 2 cards aside
    EV_YOU_ASIDE = 14       # {owner!; cards[2]:8} the cards laid aside, to the Deserter
    EV_DUEL = 15            # {fighters[6]:3; size} a Duel for the trick: the seats that fight
    EV_TRICK = 16           # {winner:4 size:4; cards[5]:6; sixth} a trick won: its first 5 cards, the 6th (-1: none)
    EV_SETTLE = 17          # {round} the round's settlement begins
    EV_ASIDE_SHOWN = 18     # {owner; cards[2]:8} the cards laid aside are shown
    EV_BOMB_NONE = 19       # {} nobody holds the Bomb
    EV_BOMB_AGAIN = 20      # {seat} the Bomb's holder rolled 0: again
    EV_BOMB_BLOWS = 21      # {seat; lost} the Bomb blows up: the ducats lost
    EV_BOMB_DUD = 22        # {seat; face} the Bomb is a dud
    EV_DESERTER_NONE = 23   # {} the Deserter card is not in play
    EV_DESERTER_RECRUIT = 24  # {seat} the Deserter card's holder after recruitment
    EV_DESERTER_PAYS = 25   # {seat; tricks; paid} the Deserter card's holder pays for his tricks
    EV_KOKETTE_NONE = 26    # {} nobody holds Kokette
    EV_KOKETTE = 27         # {seat; faces[2]:4 dice:4; paid} Kokette's holder rolls and pays
    EV_MEDALS = 28          # {medals[6]:3; paid[6]:3; bombed+1} medals per seat and the pay (-1: nobody blown up)
    EV_SPY_NONE = 29        # {} nobody holds the Spy
    EV_SPY = 30             # {seat; face; paid} the Spy's holder rolls (paid -1: blown up, it stays in the bank)
    EV_BANK_EMPTY = 31      # {} the bank is empty
    EV_RANK_SUMS = 32       # {sums[6]:10+512; deserter+1} the card values per seat, the new Deserter (-1: none)
    EV_ROLLED_OFF = 33      # {} equal values are rolled off
    EV_NO_DESERTER = 34     # {} no Deserter: one more officer
    EV_LOWEST_DESERTER = 35  # {deserter; passed_over} the lowest becomes Deserter (passed over: a blown-up seat, or -1)
    EV_REENTERS = 36        # {seat} a blown-up seat re-enters
    EV_FLAG = 37            # {seat; passed} the Flag's holder moves up past a seat
    EV_NEW_RANKS = 38       # {order[6]:3; ranks[6]:3; places} the new order and the rank of each place
    EV_WAGES = 39           # {paid[6]:4; bombed+1; bank} wages per place (-1: nobody blown up), the bank after
    EV_ROUND_LIMIT = 40     # {round} the round limit is reached
    EV_FINAL = 41           # {ducats[6]:10} the final ducats per seat



cdef Cards DUELS = (1ULL << 60) | (1ULL << 61)
cdef Cards NOT_DUELS = ((1ULL << 62) - 1) & ~DUELS
cdef Cards MEDALS = 0
cdef Cards PRINTED_SUIT[5]
cdef int POINTS[NUM_CARDS]
# Under trump t (index t + 1: 0 = officers only, 1.. = a weapon suit): each card's effective suit
# (TRUMPS for the trump group, NO_SUIT for Deserter, Kokette, Bomb, Duels), its rank in that
# suit, and the cards of every effective suit.
cdef int SUIT_UNDER[6][NUM_CARDS]
cdef int RANK_UNDER[6][NUM_CARDS]
cdef Cards SUIT_MASK_UNDER[6][6]
# The Kokette's two dice: each outcome id's faces (0..4), and the cumulative probabilities.
cdef int TWO_DICE_FACE[16][2]
cdef double TWO_DICE_CUM[16]


def _read_tables():
    """The card tables of deck.py and the dice of garrison.core.dice, once at import."""
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
    total = 0.0
    for outcome, p in roll_outcomes(2, DIE_FACES):
        total += p
        TWO_DICE_CUM[outcome] = total
        faces = roll_faces(2, outcome, DIE_FACES)
        TWO_DICE_FACE[outcome][0] = faces[0] - 1
        TWO_DICE_FACE[outcome][1] = faces[1] - 1


_read_tables()

_ONE_DIE = [tuple(pair) for pair in roll_outcomes(1, DIE_FACES)]
_TWO_DICE = [tuple(pair) for pair in roll_outcomes(2, DIE_FACES)]
assert [a for a, _ in _ONE_DIE] == list(range(5)) and [a for a, _ in _TWO_DICE] == list(range(15))


cdef struct Sold:
    # the game
    int phase
    int round
    int over                   # {bool}
    int bank
    int ducats[MAX_PLAYERS]    # {:n}
    int settled[MAX_PLAYERS]   # {:n} ducats after the last settlement (the returns before the end)
    int ranks[MAX_PLAYERS]     # {:n} rank of each seat (-1: none yet)
    int order[MAX_PLAYERS]     # {:n_order} the hierarchy, General first, Deserter (or lowest) last
    int n_order                # {hidden}
    int dealer
    # the round
    Cards stock                # cards not dealt (after the deal: the unused cards)
    Cards hands[MAX_PLAYERS]   # {:n}
    Cards passed[MAX_PLAYERS]  # {:n} the cards each rank passed down this round
    Cards played[MAX_PLAYERS]  # {:n}
    Cards won[MAX_PLAYERS]     # {:n}
    Cards voids[MAX_PLAYERS]   # {:n} cards a seat has shown it does not hold (did not follow)
    int ntricks[MAX_PLAYERS]   # {:n}
    Cards bonus
    Cards aside
    int aside_owner
    int aside_public           # {bool}
    int declared               # {bool}
    int deal_i
    int deal_total
    int trump
    int pass_pos
    int trick[MAX_PLAYERS]     # {:trick_len}
    int trick_len              # {hidden}
    int trick_leader
    int tricks_done
    int done_leader[HAND]      # {hidden} the round's finished tricks (``tricks``): leader, winner,
    int done_winner[HAND]      # {hidden} cards in play order
    int done_cards[HAND][MAX_PLAYERS]  # {hidden}
    int led
    int roller
    int bombed
    int new_deserter
    # a roll-off: blocks of seats in place order; a block of more than one is still tied
    # (``ro_blocks``)
    int ro_purpose             # {hidden}
    int ro_top                 # {hidden}
    int ro_nblocks             # {hidden}
    int ro_len[MAX_PLAYERS]    # {hidden}
    int ro_seats[MAX_PLAYERS]  # {hidden}
    int ro_rolls[MAX_PLAYERS]  # {:ro_nrolls}
    int ro_nrolls              # {hidden}
    int rerolls                # {hidden} rolls of tied blocks in this roll-off, or 0s of this Bomb roll


cdef inline int* two_cards(Cards m, int* out) noexcept nogil:
    """Two cards of ``m`` (lowest id first; 255: no second card) into ``out``, returned."""
    out[0] = ctz64(m)
    m &= m - 1
    out[1] = ctz64(m) if m else 255
    return out


cdef class SoldateskaCore(CompiledState):
    """A game of Soldateska: the typed state and its rules."""

    cdef Sold s
    # fixed for the game (the options)
    cdef public int n  # the number of players (``game.num_players``); Stratego's ``n`` is pieces a side
    cdef public int kokette_dice, win_returns, max_rounds, no_deserter_ranks, hand_size, roll_limit
    cdef Cards in_play_mask, free_mask
    cdef int wage_at[MAX_PLAYERS]       # wage of the i-th place of the hierarchy
    cdef int wage_at_full[MAX_PLAYERS]  # ... when the Deserter gives way to one more officer
    cdef int rank_at[MAX_PLAYERS]       # the rank of the i-th place
    cdef int rank_at_full[MAX_PLAYERS]
    cdef int declarable_suits[6]        # what the General may declare (NO_SUIT first)
    cdef int n_declarable
    cdef public int tensor_size
    # where each part of the observation tensor starts (observe.layout, by name: _tensor_at)
    cdef int at_hand, at_trick, at_won, at_passed, at_received, at_aside, at_bonus, at_trump
    cdef int at_ranks, at_ducats, at_bank, at_tricks_won, at_phase, at_round, at_to_move

    def __cinit__(self, *args, **kwargs):
        self._bind(&self.s, sizeof(Sold))

    def __init__(self, game):
        self.game = game
        self._setup(game)
        memset(&self.s, 0, sizeof(Sold))
        self.setup(game.params.ducats_per_player * self.n)

    cdef void _setup(self, game):
        cdef int i
        p = game.params
        n = self.n = p.players
        self.kokette_dice = p.kokette_dice
        self.win_returns = p.returns == "win"
        self.max_rounds = min(p.max_rounds, 1 << 30)
        self.no_deserter_ranks = p.deck == "full" and n < 6
        self.hand_size = p.hand
        self.roll_limit = p.roll_limit
        self.in_play_mask = K.deck_mask(n, p.deck)
        if p.pack:
            self.in_play_mask = 0
            for i in pack_cards(p.pack):
                self.in_play_mask |= 1ULL << i
        self.free_mask = DUELS if p.duel_anytime else 0
        ranks = K.personalities(n)
        ranks_full = K.officers_without_deserter(n) if self.no_deserter_ranks else ranks
        for i in range(n):
            self.rank_at[i] = ranks[i]
            self.rank_at_full[i] = ranks_full[i]
            self.wage_at[i] = K.WAGES[ranks[i]]
            self.wage_at_full[i] = K.WAGES[ranks_full[i]]
        self.n_declarable = 1
        self.declarable_suits[0] = NOSUIT
        for i in range(5):
            if self.in_play_mask & PRINTED_SUIT[i] and (i != TOBACCO or p.tobacco_trump):
                self.declarable_suits[self.n_declarable] = i
                self.n_declarable += 1
        self.tensor_size = game.facts.observation_tensor_size
        self._tensor_at(game.tensor_offsets())

    # -- "Card Distribution", "Money" ------------------------------------------------------------
    cdef void setup(self, int bank) noexcept nogil:
        """The bank holds ducats_per_player each (the seed: 10); nobody holds a ducat or a rank
        yet; everyone rolls for the deal (First Round)."""
        cdef int s
        self.s.bank = bank
        self.s.stock = self.in_play_mask
        self.s.round = 1
        self.s.dealer = -1
        for s in range(self.n):
            self.s.ranks[s] = -1
            self.s.ro_seats[s] = s
        self.s.aside_owner = -1
        self.s.trick_leader = -1
        self.s.led = NOT_LED
        self.s.trump = NOSUIT
        self.s.declared = 1
        self.s.roller = self.s.bombed = self.s.new_deserter = -1
        emit_start(self, players=self.n, cards=popcount64(self.in_play_mask), bank=bank)
        emit_recruit(self)
        self.s.ro_len[0] = self.n
        self.start_rolloff(FOR_DEALER, 1, 1)

    # -- roll-offs (First Round; "Ties are resolved by a die roll"; Duels) -------------------------
    cdef void start_rolloff(self, int purpose, int nblocks, int top) noexcept nogil:
        """Players roll a die each, high roll wins, ties roll again among the tied; the blocks
        (groups in place order) are already in ``ro_seats``/``ro_len``. ``top``: only the
        single winner is wanted. With ``roll_limit`` 0 nobody rolls: the place order settles."""
        cdef int b, total = 0
        self.s.ro_purpose, self.s.ro_nblocks, self.s.ro_nrolls = purpose, nblocks, 0
        self.s.ro_top = top
        self.s.rerolls = 0
        self.s.phase = P_ROLLOFF
        if self.roll_limit == 0:  # no roll: every tie settles in place order at once
            for b in range(nblocks):
                total += self.s.ro_len[b]
            self.s.ro_nblocks = 1 if top else total
            for b in range(self.s.ro_nblocks):
                self.s.ro_len[b] = 1
        self.rolloff_continue()

    cdef int rolloff_roller(self) noexcept nogil:
        """The seat to roll next: in the first block still tied."""
        cdef int b, start = 0
        for b in range(self.s.ro_nblocks):
            if self.s.ro_len[b] > 1:
                return self.s.ro_seats[start + self.s.ro_nrolls]
            start += self.s.ro_len[b]
        return -1

    cdef void rolloff_roll(self, int value) noexcept nogil:
        """One die of a roll-off; once the tied block has rolled, it splits by face, highest
        first."""
        cdef Sold* g = &self.s
        cdef int b = 0, start = 0, k, face, s, m, i
        cdef int tied[MAX_PLAYERS]
        cdef int seats[MAX_PLAYERS]
        cdef int lens[MAX_PLAYERS]
        cdef int new_len[MAX_PLAYERS]
        cdef int ngroups = 0, nseats = 0
        emit_rolls(self, seat=self.rolloff_roller(), face=value)
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
        g.rerolls += 1
        if g.rerolls >= self.roll_limit:  # the limit (see ROLL_LIMIT): the order the seats stand in
            ngroups = m
            for i in range(m):
                lens[i] = 1
        s = 0
        for i in range(1 if g.ro_top else ngroups):
            if lens[i] > 1:
                for k in range(MAX_PLAYERS):
                    tied[k] = seats[s + k] if k < lens[i] else 0
                emit_tied(self, seats=tied, size=lens[i])
            s += lens[i]
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
            if g.rerolls >= self.roll_limit:  # every block still tied is settled in place order
                k = 0
                for s in range(g.ro_nblocks):
                    k += g.ro_len[s]
                g.ro_nblocks = k
                for s in range(k):
                    g.ro_len[s] = 1
        self.rolloff_continue()

    cdef void rolloff_continue(self) noexcept nogil:
        """When no block is tied any more, the roll-off has placed everyone."""
        cdef int placed[MAX_PLAYERS]
        cdef int b, start = 0
        if self.rolloff_roller() >= 0:
            return
        for b in range(self.s.ro_nblocks):
            placed[b] = self.s.ro_seats[start]
            start += self.s.ro_len[b]
        if self.s.ro_purpose == FOR_DEALER:
            self.first_dealer(placed[0])
        elif self.s.ro_purpose == FOR_DUEL:
            self.take_trick(placed[0])
        else:
            self.finish_ranks(placed, self.s.ro_nblocks)

    # -- "First Round – The Recruitment Round" -----------------------------------------------------
    cdef void first_dealer(self, int seat) noexcept nogil:
        """The highest roller shuffles, deals and plays the first card."""
        self.s.dealer = seat
        emit_first_dealer(self, seat=seat)
        self.begin_round()

    cdef void begin_round(self) noexcept nogil:
        """Every round: 10 cards to each player; the 2 left over are unused in the recruitment
        round and go to the General from the 2nd round on (The 2nd Round and On)."""
        cdef Sold* g = &self.s
        cdef int s
        for s in range(self.n):
            g.hands[s] = g.passed[s] = g.played[s] = g.won[s] = g.voids[s] = 0
            g.ntricks[s] = 0
        g.stock = self.in_play_mask
        g.bonus = g.aside = 0
        g.aside_owner, g.aside_public = -1, 0
        g.trick_len, g.trick_leader, g.tricks_done = 0, -1, 0
        g.trump, g.declared = NOSUIT, g.round == 1
        g.pass_pos = g.deal_i = 0
        g.deal_total = self.hand_size * self.n + (BONUS_CARDS if g.round > 1 else 0)
        g.bombed = g.new_deserter = -1
        g.phase = P_DEAL
        emit_round(self, round=g.round, dealer=g.dealer)

    cdef inline int deal_target(self) noexcept nogil:
        """Who gets the next card: round-robin from the dealer's left; then the General."""
        if self.s.deal_i < self.hand_size * self.n:
            return (self.s.dealer + 1 + self.s.deal_i) % self.n
        return self.s.order[0]

    cdef void deal_card(self, int card) noexcept nogil:
        """One card off the shuffled stock (one chance action per card)."""
        cdef Sold* g = &self.s
        cdef int seat = self.deal_target()
        cdef int pair[2]
        cdef Cards bit = 1ULL << card
        g.stock &= ~bit
        g.hands[seat] |= bit
        if g.deal_i >= self.hand_size * self.n:
            g.bonus |= bit
        g.deal_i += 1
        if g.deal_i < g.deal_total:
            return
        if g.round == 1:
            emit_recruit_trump(self)
            self.start_play(g.dealer)
            return
        emit_bonus(self, seat=g.order[0])
        emit_bonus_you(self, seat=g.order[0], cards=two_cards(g.bonus, pair))
        g.phase = P_DECLARE

    # -- "The 2nd Round and On" --------------------------------------------------------------------
    cdef void declare_trump(self, int suit) noexcept nogil:
        """The General declares officers only, or one weapon suit as additional trump (ranked
        under the Flag and above the Spy)."""
        self.s.trump, self.s.declared = suit, 1
        emit_declares(self, seat=self.s.order[0], suit=suit)
        self.s.phase = P_PASS

    cdef void pass_card(self, int card) noexcept nogil:
        """Each rank passes 2 cards (one action each) to the next rank down, from the General."""
        cdef Sold* g = &self.s
        cdef int giver = g.order[g.pass_pos], taker = g.order[g.pass_pos + 1]
        cdef int pair[2]
        cdef Cards bit = 1ULL << card
        g.hands[giver] &= ~bit
        g.hands[taker] |= bit
        g.passed[giver] |= bit
        if popcount64(g.passed[giver]) < 2:
            return
        emit_passes(self, giver=giver, taker=taker)
        emit_you_pass(self, giver=giver, cards=two_cards(g.passed[giver], pair), taker=taker)
        emit_you_receive(self, taker=taker, cards=pair, giver=giver)
        g.pass_pos += 1
        if g.pass_pos == g.n_order - 1:
            g.phase = P_ASIDE
            g.aside_owner = g.order[g.n_order - 1]

    cdef void lay_aside(self, int card) noexcept nogil:
        """The Deserter (the lowest rank) lays 2 cards aside face down; they count as his."""
        cdef Sold* g = &self.s
        cdef int owner = g.aside_owner
        cdef int pair[2]
        cdef Cards bit = 1ULL << card
        g.hands[owner] &= ~bit
        g.aside |= bit
        if popcount64(g.aside) < 2:
            return
        emit_aside(self, owner=owner)
        emit_you_aside(self, owner=owner, cards=two_cards(g.aside, pair))
        self.start_play(owner)

    # -- "Game Idea", "Duels" ----------------------------------------------------------------------
    cdef inline void start_play(self, int leader) noexcept nogil:
        """The Deserter (in the recruitment round the dealer) plays the first card."""
        self.s.phase = P_PLAY
        self.s.trick_len, self.s.trick_leader, self.s.led = 0, leader, NOT_LED

    cdef inline Cards playable(self, int seat) noexcept nogil:
        """Follow the led suit, a trump lead with trump; otherwise any card. A Duel is led only
        from a hand of Duels, and played only when unable to follow (unless duel_anytime)."""
        cdef Cards hand = self.s.hands[seat], others, free, follow
        if self.s.trick_len == 0:
            others = hand & NOT_DUELS
            return others if others else hand
        if self.s.led == NOT_LED or self.s.led == NOSUIT:
            return hand
        free = hand & self.free_mask
        follow = hand & SUIT_MASK_UNDER[self.s.trump + 1][self.s.led] & ~free
        if follow:
            return follow | free
        return hand

    cdef void play_card(self, int card) noexcept nogil:
        """A card to the trick; the first card not a Duel sets the suit to follow. A player who
        does not follow shows a void. A full trick goes to its winner, or, if it holds Duel
        cards, to a duel among the winner and the Duel players."""
        cdef Sold* g = &self.s
        cdef int n = self.n, t = g.trump + 1
        cdef int seat = (g.trick_leader + g.trick_len) % n
        cdef Cards bit = 1ULL << card
        cdef int i, c, st, best, best_index, duels, winner
        cdef int fighters[MAX_PLAYERS]
        if g.led == NOT_LED:
            if not (bit & DUELS):
                g.led = SUIT_UNDER[t][card]
            elif g.trick_len == 0:
                g.voids[seat] |= NOT_DUELS  # a Duel led: nothing else in hand
        elif g.led != NOSUIT and SUIT_UNDER[t][card] != g.led and not (bit & self.free_mask):
            g.voids[seat] |= SUIT_MASK_UNDER[t][g.led]
        g.hands[seat] &= ~bit
        g.played[seat] |= bit
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
            st = strength(SUIT_UNDER[t][c], RANK_UNDER[t][c], g.led)
            if st > best:
                best, best_index = st, i
        winner = (g.trick_leader + best_index) % n
        if duels == 0:
            self.take_trick(winner)
            return
        g.ro_seats[0] = winner
        g.ro_len[0] = 1
        for i in range(n):
            if (DUELS >> g.trick[i]) & 1:
                g.ro_seats[g.ro_len[0]] = (g.trick_leader + i) % n
                g.ro_len[0] += 1
        for i in range(MAX_PLAYERS):
            fighters[i] = g.ro_seats[i] if i < g.ro_len[0] else 0
        emit_duel(self, fighters=fighters, size=g.ro_len[0])
        self.start_rolloff(FOR_DUEL, 1, 1)

    cdef void take_trick(self, int winner) noexcept nogil:
        """The winner keeps the trick's cards and leads the next trick; after the 10th trick
        the round is settled."""
        cdef Sold* g = &self.s
        cdef int i, k = g.tricks_done
        cdef int first5[5]
        cdef Cards pile = 0
        for i in range(g.trick_len):
            pile |= 1ULL << g.trick[i]
            g.done_cards[k][i] = g.trick[i]
        for i in range(5):
            first5[i] = g.trick[i] if i < g.trick_len else 0
        g.done_leader[k], g.done_winner[k] = g.trick_leader, winner
        g.won[winner] |= pile
        g.ntricks[winner] += 1
        g.tricks_done += 1
        emit_trick(self, winner=winner, size=g.trick_len, cards=first5,
                   sixth=g.trick[5] if g.trick_len > 5 else -1)
        g.phase = P_PLAY
        g.trick_len, g.trick_leader, g.led = 0, winner, NOT_LED
        if g.tricks_done == self.hand_size:
            self.end_of_round()

    # -- "End of the Round" ------------------------------------------------------------------------
    cdef inline Cards holds(self, int seat) noexcept nogil:
        """What ``seat`` holds at the round's end: the tricks it won, plus the laid-aside cards."""
        return self.s.won[seat] | (self.s.aside if seat == self.s.aside_owner else 0)

    cdef int holder(self, int card) noexcept nogil:
        cdef int s
        for s in range(self.n):
            if (self.holds(s) >> card) & 1:
                return s
        return -1

    cdef int pay_bank(self, int seat, int amount) noexcept nogil:
        """``seat`` pays ``amount`` to the bank, or all he has."""
        cdef int paid = amount if amount < self.s.ducats[seat] else self.s.ducats[seat]
        self.s.ducats[seat] -= paid
        self.s.bank += paid
        return paid

    cdef int bank_pays(self, int seat, int amount) noexcept nogil:
        """The bank pays ``amount`` to ``seat``, or all it has. Bomb: a player blown up this
        round starts the next one "a new penniless Lieutenant", so what the round would pay
        him (medals, Spy, wage) stays in the bank."""
        cdef int paid = amount if amount < self.s.bank else self.s.bank
        if seat == self.s.bombed:
            return 0
        self.s.ducats[seat] += paid
        self.s.bank -= paid
        return paid

    cdef void end_of_round(self) noexcept nogil:
        """End of the Round. The Deserter's laid-aside cards are shown, then the six steps in
        order; a step with a die waits for its roll."""
        cdef int bomb
        cdef int pair[2]
        emit_settle(self, round=self.s.round)
        if self.s.aside_owner >= 0:
            self.s.aside_public = 1
            emit_aside_shown(self, owner=self.s.aside_owner, cards=two_cards(self.s.aside, pair))
        bomb = self.holder(BOMB)
        if bomb >= 0:
            self.s.roller, self.s.phase = bomb, P_BOMB_ROLL
            self.s.rerolls = 0
            return
        emit_bomb_none(self)
        self.step_deserter()

    cdef void bomb_roll(self, int value) noexcept nogil:
        """1. Bomb: 0 rolls again, 2 blows up (the holder's ducats go to the bank), else a dud
        (also the ``ROLL_LIMIT``-th 0 in a row: not in the seed, it bounds the game's length)."""
        cdef int seat = self.s.roller
        if value == 0:
            self.s.rerolls += 1
            if self.s.rerolls < self.roll_limit:
                emit_bomb_again(self, seat=seat)
                return
        if value == 2:
            emit_bomb_blows(self, seat=seat, lost=self.pay_bank(seat, self.s.ducats[seat]))
            self.s.bombed = seat
        else:
            emit_bomb_dud(self, seat=seat, face=value)
        self.step_deserter()

    cdef void step_deserter(self) noexcept nogil:
        """2. Deserter: the holder of the Deserter card becomes Deserter and pays 1 ducat per
        trick he took (not after the recruitment round). Then 3. Kokette, if anyone holds her."""
        cdef int seat = self.holder(DESERTER)
        self.s.new_deserter = seat
        if seat < 0:
            emit_deserter_none(self)
        elif self.s.round == 1:
            emit_deserter_recruit(self, seat=seat)
        else:
            emit_deserter_pays(self, seat=seat, tricks=self.s.ntricks[seat], paid=
                      self.pay_bank(seat, self.s.ntricks[seat]))
        seat = self.holder(KOKETTE)
        if seat >= 0:
            self.s.roller, self.s.phase = seat, P_KOKETTE_ROLL
            return
        emit_kokette_none(self)
        self.step_medals()

    cdef void kokette_roll(self, int outcome) noexcept nogil:
        """3. Kokette: the holder rolls (one die, or both in the variant) and pays that much."""
        cdef int seat = self.s.roller, cost
        cdef int faces[2]
        if self.kokette_dice == 2:
            cost = TWO_DICE_FACE[outcome][0] + TWO_DICE_FACE[outcome][1]
            faces[0], faces[1] = TWO_DICE_FACE[outcome][0], TWO_DICE_FACE[outcome][1]
        else:
            cost = outcome
            faces[0], faces[1] = outcome, 0
        emit_kokette(self, seat=seat, faces=faces, dice=self.kokette_dice,
                     paid=self.pay_bank(seat, cost))
        self.step_medals()

    cdef void step_medals(self) noexcept nogil:
        """4. Medals: the bank pays 1 ducat for every medal ('10' of a weapon suit) held. Then
        5. Spy, if anyone holds it."""
        cdef int s, medals
        cdef int counts[MAX_PLAYERS]
        cdef int paid[MAX_PLAYERS]
        for s in range(MAX_PLAYERS):
            counts[s] = paid[s] = 0
        for s in range(self.n):
            medals = popcount64(self.holds(s) & MEDALS)
            if medals:
                counts[s] = medals
                paid[s] = self.bank_pays(s, medals)
        emit_medals(self, medals=counts, paid=paid, bombed=self.s.bombed)
        if self.bank_empty():
            return
        s = self.holder(SPY)
        if s >= 0:
            self.s.roller, self.s.phase = s, P_SPY_ROLL
            return
        emit_spy_none(self)
        self.step_ranks()

    cdef void spy_roll(self, int value) noexcept nogil:
        """5. Spy: the holder rolls and receives that many ducats from the bank."""
        cdef int seat = self.s.roller
        cdef int paid = self.bank_pays(seat, value)
        emit_spy(self, seat=seat, face=value, paid=-1 if seat == self.s.bombed else paid)
        if self.bank_empty():
            return
        self.step_ranks()

    cdef bint bank_empty(self) noexcept nogil:
        """End of the Game: when the bank is empty, the game ends after the current step."""
        if self.s.bank > 0:
            return False
        emit_bank_empty(self)
        self.game_over()
        return True

    cdef void step_ranks(self) noexcept nogil:
        """6. New ranks by the value of the cards held (the new Deserter aside), highest first;
        equal values are rolled off."""
        cdef Sold* g = &self.s
        cdef int sums[MAX_PLAYERS]
        cdef int s, k, j, nc = 0, nblocks = 0, tied = 0
        cdef int shown[MAX_PLAYERS]
        cdef Cards held
        for s in range(MAX_PLAYERS):
            shown[s] = -512  # no seat: packs to no bits
        for s in range(self.n):
            sums[s] = 0
            held = self.holds(s)
            while held:
                sums[s] += POINTS[ctz64(held)]
                held &= held - 1
            shown[s] = sums[s]
        emit_rank_sums(self, sums=shown, deserter=g.new_deserter)
        for s in range(self.n):  # insertion sort, stable: equal values keep seat order
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
                tied = 1
            else:
                g.ro_len[nblocks] = 1
                nblocks += 1
        if tied:
            emit_rolled_off(self)
        self.start_rolloff(FOR_RANKS, nblocks, 0)

    cdef void finish_ranks(self, int* placed, int nplaced) noexcept nogil:
        """6. (cont.) A player blown up by the Bomb re-enters as the lowest officer; then the
        Flag holder goes one rank up from where he stands; then wages from the bank, top down,
        while it has money; then the next round."""
        cdef Sold* g = &self.s
        cdef int officers[MAX_PLAYERS]
        cdef int nofficers = nplaced, deserter = g.new_deserter
        cdef int* wages = self.wage_at
        cdef int* ranks = self.rank_at
        cdef int i, flag, flag_at, bombed_at
        cdef int order[MAX_PLAYERS]
        cdef int placed_ranks[MAX_PLAYERS]
        cdef int paid[MAX_PLAYERS]
        for i in range(nplaced):
            officers[i] = placed[i]
        if deserter < 0:
            if self.no_deserter_ranks:
                wages, ranks = self.wage_at_full, self.rank_at_full  # one more officer instead
                emit_no_deserter(self)
            else:
                # The lowest sum becomes Deserter (spec, the seed is silent); a blown-up player
                # is not a candidate, the seed makes him "a new penniless Lieutenant" (Bomb).
                nofficers -= 1
                i = nofficers - 1 if placed[nofficers] == g.bombed else nofficers
                deserter = placed[i]
                officers[i] = placed[nofficers]
                emit_lowest_deserter(self, deserter=deserter, passed_over=g.bombed
                                     if placed[nofficers] == g.bombed else -1)
        # Bomb: the blown-up player re-enters as the lowest officer; the ranks are now what the
        # others "would otherwise attain", so the Flag is given after it (End of the Round, 6).
        bombed_at = -1
        for i in range(nofficers):
            if officers[i] == g.bombed:
                bombed_at = i
        if bombed_at >= 0:
            for i in range(bombed_at, nofficers - 1):
                officers[i] = officers[i + 1]
            officers[nofficers - 1] = g.bombed
            emit_reenters(self, seat=g.bombed)
        flag = self.holder(FLAG)
        flag_at = -1
        for i in range(nofficers):
            if officers[i] == flag:
                flag_at = i
        if flag_at > 0:
            officers[flag_at] = officers[flag_at - 1]
            officers[flag_at - 1] = flag
            emit_flag(self, seat=flag, passed=officers[flag_at])
        for i in range(nofficers):
            g.order[i] = officers[i]
        g.n_order = nofficers
        if deserter >= 0:
            g.order[g.n_order] = deserter
            g.n_order += 1
        for i in range(self.n):
            g.ranks[i] = -1
        for i in range(g.n_order):
            g.ranks[g.order[i]] = ranks[i]
        for i in range(MAX_PLAYERS):
            order[i] = g.order[i] if i < g.n_order else 0
            placed_ranks[i] = ranks[i] if i < g.n_order else 0
            paid[i] = 0
        emit_new_ranks(self, order=order, ranks=placed_ranks, places=g.n_order)
        for i in range(g.n_order):
            if wages[i]:
                paid[i] = self.bank_pays(g.order[i], wages[i])
        emit_wages(self, paid=paid, bombed=g.bombed, bank=g.bank)
        for i in range(self.n):
            g.settled[i] = g.ducats[i]
        if self.bank_empty():
            return
        if g.round >= self.max_rounds:
            emit_round_limit(self, round=g.round)
            self.game_over()
            return
        g.round += 1
        g.dealer = officers[nofficers - 1]
        self.begin_round()

    # -- "End of the Game" -------------------------------------------------------------------------
    cdef void game_over(self) noexcept nogil:
        """Most ducats wins; equal ducats share the win."""
        cdef int s
        cdef int ducats[MAX_PLAYERS]
        for s in range(MAX_PLAYERS):
            ducats[s] = self.s.ducats[s] if s < self.n else 0
        self.s.over = 1
        self.s.phase = P_OVER
        emit_final(self, ducats=ducats)

    cdef int _returns_c(self, double* out) noexcept nogil:
        """``returns="ducats"``: the ducats each player held after the last settlement (final
        ducats at the end), so search can value a round; ``"win"``: the shared win, at the end."""
        cdef int s, best = -1, winners = 0, n = self.n
        if not self.win_returns:
            for s in range(n):
                out[s] = <double>(self.s.ducats[s] if self.s.over else self.s.settled[s])
            return 0
        for s in range(n):
            out[s] = 0.0
        if not self.s.over:
            return 0
        for s in range(n):
            if self.s.ducats[s] > best:
                best = self.s.ducats[s]
        for s in range(n):
            if self.s.ducats[s] == best:
                winners += 1
        for s in range(n):
            if self.s.ducats[s] == best:
                out[s] = 1.0 / winners
        return 0

    # -- the kernel's hooks ------------------------------------------------------------------------
    cdef int _policy(self, int seat, uint64_t* rng) noexcept nogil:
        """The ``heuristic`` bot's move (policy.pxi); it draws no tie-breaks."""
        return heuristic_move(self, seat)

    cdef long long _stage(self) noexcept nogil:
        """Rounds settled and the end: the returns change only there (``_returns``)."""
        if self.win_returns:
            return self.s.over
        return 2 * self.s.round + self.s.over

    cdef int _current(self) noexcept nogil:
        cdef int phase = self.s.phase
        if phase == P_PLAY:
            return (self.s.trick_leader + self.s.trick_len) % self.n
        if phase == P_PASS:
            return self.s.order[self.s.pass_pos]
        if phase == P_ASIDE:
            return self.s.aside_owner
        if phase == P_DECLARE:
            return self.s.order[0]
        if phase == P_OVER:
            return TERMINAL_PLAYER
        return CHANCE_PLAYER

    cdef inline Cards choosable(self, int seat) noexcept nogil:
        """The cards ``seat`` (to move, not declaring) may pick: in play the ``playable`` ones;
        passing or laying aside, any card of the hand."""
        if self.s.phase == P_PLAY:
            return self.playable(seat)
        return self.s.hands[seat]

    cdef inline int declare_action(self, int i) noexcept nogil:
        """The id of the General's ``i``-th declaration (``declarable_suits``)."""
        return DECLARE_ID + 1 + self.declarable_suits[i]

    cdef int _legal(self, int* out) noexcept nogil:
        cdef int k = 0, i
        cdef Cards m
        if self.s.phase == P_DECLARE:
            for i in range(self.n_declarable):
                out[i] = self.declare_action(i)
            return self.n_declarable
        m = self.choosable(self._current())
        while m:
            out[k] = ctz64(m)
            k += 1
            m &= m - 1
        return k

    cdef bint _is_legal(self, int action):
        """One id decided by the rules ``_legal`` and the chance hooks list from, without
        listing the node: a card of the stock at a deal, a face (or the Kokette's pair) at a
        roll, a declaration, a card ``choosable`` by the seat to move."""
        cdef int i, player = self._current()
        if player == TERMINAL_PLAYER:
            return False
        if player == CHANCE_PLAYER:
            if self.s.phase == P_DEAL:
                return 0 <= action < NUM_CARDS and (self.s.stock >> action) & 1
            return 0 <= action < self._chance_count()
        if self.s.phase == P_DECLARE:
            for i in range(self.n_declarable):
                if self.declare_action(i) == action:
                    return True
            return False
        return 0 <= action < NUM_CARDS and (self.choosable(player) >> action) & 1

    cdef object _chance(self):
        if self.s.phase == P_DEAL:
            return uniform_outcomes(self.s.stock, 0)
        if self.s.phase == P_KOKETTE_ROLL and self.kokette_dice == 2:
            return list(_TWO_DICE)
        return list(_ONE_DIE)

    cdef int _chance_count(self) noexcept:
        if self.s.phase == P_DEAL:
            return -1
        if self.s.phase == P_KOKETTE_ROLL and self.kokette_dice == 2:
            return 15
        return DIE_FACES

    cdef int _sample_chance(self, double u) noexcept nogil:
        """A card off the stock, equally likely; a die face; the Kokette's two dice."""
        cdef Cards m = self.s.stock
        cdef int k
        if self.s.phase == P_DEAL:
            for k in range(<int>(u * popcount64(m))):
                m &= m - 1
            return ctz64(m)
        if self.s.phase == P_KOKETTE_ROLL and self.kokette_dice == 2:
            for k in range(14):
                if u < TWO_DICE_CUM[k]:
                    return k
            return 14
        return <int>(u * DIE_FACES)

    cdef int _apply(self, int action) noexcept nogil:
        cdef int phase = self.s.phase
        if phase == P_PLAY:
            self.play_card(action)
        elif phase == P_DEAL:
            self.deal_card(action)
        elif phase == P_ROLLOFF:
            self.rolloff_roll(action)
        elif phase == P_PASS:
            self.pass_card(action)
        elif phase == P_ASIDE:
            self.lay_aside(action)
        elif phase == P_DECLARE:
            self.declare_trump(action - DECLARE_ID - 1)
        elif phase == P_BOMB_ROLL:
            self.bomb_roll(action)
        elif phase == P_KOKETTE_ROLL:
            self.kokette_roll(action)
        elif phase == P_SPY_ROLL:
            self.spy_roll(action)
        return 0

    # -- the observation tensor (observe.py's layout, written from the struct) --------------------
    cdef void _tensor_at(self, dict at):
        """Where each part of the tensor starts, read once per game from ``Game.tensor_offsets()``
        (``observe.layout``), so that ``_encode`` writes every part by its name."""
        self.at_hand, self.at_trick, self.at_won = at["hand"], at["trick"], at["won"]
        self.at_passed, self.at_received, self.at_aside = at["passed"], at["received"], at["aside"]
        self.at_bonus, self.at_trump, self.at_ranks = at["bonus"], at["trump"], at["ranks"]
        self.at_ducats, self.at_bank, self.at_tricks_won = at["ducats"], at["bank"], at["tricks_won"]
        self.at_phase, self.at_round, self.at_to_move = at["phase"], at["round"], at["to_move"]

    cdef void _encode(self, int seat, float* out) noexcept nogil:
        """The tensor of ``seat`` (-1: a spectator; seats counted from the viewer), each part
        written by its name where ``observe.layout`` puts it (``_tensor_at``)."""
        cdef Sold* g = &self.s
        cdef int n = self.n, me = seat if seat >= 0 else 0, s, i, pos = -1, total
        cdef int rel[MAX_PLAYERS]
        cdef Cards m
        cdef int player = self._current()
        for s in range(n):
            rel[s] = (s - me + n) % n
        if seat >= 0:
            set_cards(out + self.at_hand, g.hands[seat])
        for i in range(g.trick_len):
            out[self.at_trick + rel[(g.trick_leader + i) % n] * NUM_CARDS + g.trick[i]] = 1.0
        for s in range(n):
            set_cards(out + self.at_won + rel[s] * NUM_CARDS, g.won[s])
        if seat >= 0:
            for i in range(g.n_order):
                if g.order[i] == seat:
                    pos = i
            set_cards(out + self.at_passed, g.passed[seat])
            if pos > 0:
                set_cards(out + self.at_received, g.passed[g.order[pos - 1]])
            if g.n_order and seat == g.order[0]:
                set_cards(out + self.at_bonus, g.bonus)
        if g.aside_public or (seat >= 0 and seat == g.aside_owner):
            set_cards(out + self.at_aside, g.aside)
        # the trump part: not declared yet, officers only (round 1 or no suit), then each suit
        if not g.declared:
            out[self.at_trump] = 1.0
        elif g.round == 1:
            out[self.at_trump + 1] = 1.0
        else:
            out[self.at_trump + 1 + g.trump + 1] = 1.0
        for s in range(n):
            if g.ranks[s] >= 0:
                out[self.at_ranks + rel[s] * NUM_RANKS + g.ranks[s]] = 1.0
        total = g.bank
        for s in range(n):
            total += g.ducats[s]
        if total < 1:
            total = 1
        for s in range(n):
            out[self.at_ducats + rel[s]] = <float>(<double>g.ducats[s] / total)
        out[self.at_bank] = <float>(<double>g.bank / total)
        for s in range(n):
            out[self.at_tricks_won + rel[s]] = <float>(g.ntricks[s] / 10.0)
        out[self.at_phase + g.phase] = 1.0
        out[self.at_round] = <float>(g.round / 100.0) if g.round < 100 else 1.0
        if player >= 0:
            out[self.at_to_move + rel[player]] = 1.0

    # -- search worlds (``resample``) --------------------------------------------------------------
    def _set_world(self, hands, passed, aside, stock, bonus, int seat):
        """Put a resampled deal in place (a world for ``seat``'s search) and keep only the
        events ``seat`` may read: the others' private events would tell the true deal."""
        cdef int s
        for s in range(self.n):
            self.s.hands[s] = <Cards>hands[s]
            self.s.passed[s] = <Cards>passed[s]
        self.s.aside = <Cards>aside
        self.s.stock = <Cards>stock
        self.s.bonus = <Cards>bonus
        hide_from(self, seat)
        self._epoch += 1
        self._nlegal = -1

    # -- views for Python (the fields' own accessors are SoldateskaFields', fields.pxi) -----------
    @property
    def in_play(self):
        return self.in_play_mask

    def hand(self, int seat):
        """One seat's hand (a bitmask) without building the tuple."""
        return self.s.hands[seat]

    @property
    def tricks(self):
        """The round's finished tricks: ``(leader, cards in play order, winner)``."""
        cdef int k, i
        return tuple([
            (self.s.done_leader[k], tuple([self.s.done_cards[k][i] for i in range(self.n)]),
             self.s.done_winner[k])
            for k in range(self.s.tricks_done)
        ])

    @property
    def rolling(self):
        """The seat rolling the die now (roll-offs, Bomb, Kokette, Spy), else -1."""
        if self.s.phase == P_ROLLOFF:
            return self.rolloff_roller()
        if self.s.phase in (P_BOMB_ROLL, P_KOKETTE_ROLL, P_SPY_ROLL):
            return self.s.roller
        return -1

    @property
    def ro_blocks(self):
        """The roll-off's groups of seats in place order (a group of more than one is tied)."""
        cdef int b, i, start = 0
        out = []
        for b in range(self.s.ro_nblocks):
            out.append(tuple([self.s.ro_seats[start + i] for i in range(self.s.ro_len[b])]))
            start += self.s.ro_len[b]
        return tuple(out) if self.s.phase == P_ROLLOFF else ()

    def playable_mask(self, int seat):
        """The cards ``seat`` may play to the trick now (Game Idea)."""
        return self.playable(seat)

    @property
    def next_deal_target(self):
        return self.deal_target()

    @property
    def declarable(self):
        """What the General may declare: NO_SUIT (officers only) first, then the suits."""
        return tuple([self.declarable_suits[i] for i in range(self.n_declarable)])


cdef inline void set_cards(float* out, Cards m) noexcept nogil:
    while m:
        out[ctz64(m)] = 1.0
        m &= m - 1


cdef inline int strength(int suit, int rank, int led) noexcept nogil:
    """Trump beats the led suit, higher rank wins within a suit; other cards never win (-1)."""
    if suit == TRUMPS:
        return 200 + rank
    if suit == led and suit != NOSUIT:
        return 100 + rank
    return -1


# -- the rules as functions of a state (for tests and views) ------------------------------------
def deal_target(state):
    """Who gets the next card of the deal."""
    return state.next_deal_target


def playable(state, seat):
    """The cards ``seat`` may play now, as a bitmask."""
    return state.playable_mask(seat)


def rolloff_roller(state):
    """The seat to roll next in a roll-off (-1 when none)."""
    return state.rolling if state.phase == ROLLOFF else -1


def declarable(state):
    return state.declarable


# -- the heuristic bot ----------------------------------------------------------------------------
include "policy.pxi"

# -- SoldateskaFields: SoldateskaCore with the accessors of the struct's fields, FIELDS and _copy_extra,
# made from the declarations above (the struct, the fixed attributes) by tools/declare.py
include "fields.pxi"

# cython: language_level=3
"""The rules of 1848, compiled over a typed state (see ``garrison.core.compiled``).

This file holds what every part of the rules shares: the card sets, the card file's C tables,
the typed state (``Revolution1848``) and ``Revolution1848Core`` with the kernel's hooks and the views' accessors.
The rules themselves are in five files included at the end, one per part of the rulebook
(docs/rules/1848.md), each a set of C functions of the typed state ``self``:

* ``dealing.pxi``: dealing and drawing ("Das kommt hinzu");
* ``laying.pxi``: laying and pushing: a turn (play, Schieben, pass), the Zusatzkarten's targets
  and effects;
* ``armies.pxi``: armies and commanders ("So wechselt eine Armee die Seite");
* ``round.pxi``: the round's result ("Auswertung eines Kartenstichs"), the end of a Stich;
* ``end.pxi``: the game's end ("Bei vier ist Schluss", "Und so wird abgerechnet");
* ``policy.pxi``: the ``heuristic`` bot's moves (the kernel's ``_policy``).

Card indices as ``carddata.py``: 0..41 Personenkarten, 42..75 Zusatzkarten (army cards among
them); a set of cards is a 128-bit mask. No card id appears here: every card fact comes from the
``CardSet`` (``carddata.py``), copied once per card file into C tables (``CardTables``), and the
Zusatzkarten act through their effect data (targets, filters, ops).

The table of a Stich: the persons on each side (in the order they were played), the Zusatzkarten
(card, player, target kind, target) and the armies (card, place, the commanders leading it or
none). The rules record typed events (``cdef enum Event`` below, fields by name) that ``log.py``
turns into text when someone reads the log.
"""
from libc.stdint cimport int8_t, uint64_t
from libc.string cimport memset
from libc.math cimport exp, log

from garrison.core.compiled cimport CHANCE_PLAYER, TERMINAL_PLAYER, CompiledState, uniform_outcomes

from .carddata import FLAGS, MAX_OPS as _MAX_OPS, N_PERSON as _N_PERSON, N_ZUSATZ as _N_ZUSATZ, PARTIES

ctypedef unsigned long long Mask

cdef extern from *:
    ctypedef unsigned long long U128 "unsigned __int128"
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil

cdef enum:
    N_PERSON = 42
    N_ZUSATZ = 34
    N_CARDS = 76
    N_PARTIES = 4
    N_ABLAUF = 26
    MAX_SEATS = 4
    MAX_OPS = 8
    MAX_DRAWS = 16
    HAND_LIMIT_ = 6
    BUND = 2              # FLAGS.index("Bund")
    # phases (PHASE_NAMES)
    DRAW = 0
    PLAY = 1
    TARGET = 2
    ASSIGN = 3
    OVER = 4
    # draw kinds
    KIND_P = 0
    KIND_Z = 1
    KIND_CHOICE = 2
    # card kinds and effect targets
    K_PERSON = 0
    K_ZUSATZ = 1
    K_ARMY = 2
    T_NONE = 0
    T_PERSON = 1
    T_SIDE = 2
    # filter "commanders"
    C_EXCLUDE = 0
    C_INCLUDE = 1
    C_ONLY = 2
    # action ids (actions.py)
    A_PUSH = 76
    A_PASS = 152
    A_PERSON = 153
    A_SIDE = 195
    A_ASSIGN = 199
    A_DRAW_PERSON = 203
    A_DRAW_ZUSATZ = 204

assert (_N_PERSON, _N_ZUSATZ, _MAX_OPS) == (N_PERSON, N_ZUSATZ, MAX_OPS)
assert FLAGS.index("Bund") == BUND and len(PARTIES) == N_PARTIES

HAND_LIMIT = HAND_LIMIT_
#: The phases by their number (DRAW ... OVER): the observation's ``phase``.
PHASE_NAMES = ("draw", "play", "target", "assign", "over")
ABLAUF_TO_WIN = {2: 6, 3: 5, 4: 4}
#: "Bei einem Patt wird erneut um dieselbe Ablaufkarte gespielt", however often. So that a game
#: has a finite length (the research APIs declare one), a game ends and is scored as it stands
#: after this many Patts in all: a horizon, not a rule (random play sees at most about 10).
PATT_HORIZON = 40
# the two above for the rules that run without the GIL (seats 0..4; 0 where no game is)
cdef int C_PATT_HORIZON = PATT_HORIZON
cdef int C_ABLAUF_TO_WIN[5]
for _seats, _target in ABLAUF_TO_WIN.items():
    C_ABLAUF_TO_WIN[_seats] = _target

# The events the rules record, declared once (tools/declare.py: ``emit_<name>`` in C, the
# ``<Name>Event`` tuples ``log.py`` reads, ``EVENTS``): fields by name, word by word. ``seat!``
# and ``card?``: the card is that seat's secret (``hide_from`` blanks it, -1, in a world made
# for another seat). A card set over three words: ``@26@26``.
cdef enum Event:
    EV_BEGIN = 0        # {} the game begins
    EV_ROUND = 1        # {round_no; ablauf; opener} a round: its Ablaufkarte, who opens
    EV_CHOOSE = 2       # {seat; pile} a seat chooses the pile to draw from
    EV_DRAW = 3         # {seat!; pile:1 under:1; card?} a seat draws (under: from under the pile)
    EV_RESHUFFLE = 4    # {pile} a pile's discards are shuffled into a new pile
    EV_PLAY = 5         # {seat; card} a person card played
    EV_ARMY = 6         # {seat; card} an army card played
    EV_CHOOSES = 7      # {seat; card} a Zusatzkarte played (its target is chosen next)
    EV_BACK = 8         # {card} the card that brought the passed players back
    EV_IDLE = 9         # {card} an army card without a commander
    EV_PUT = 10         # {seat; card; target:8 kind:8} a card put on a target (kind 1: a card, else a side)
    EV_LEAVES = 11      # {card} a person card leaves the game
    EV_GOES = 12        # {army; commander; seat} an army goes to a commander
    EV_GIVE = 13        # {army:8 verb:2 seat:3 was:3+1; members@21} an army's command changes (was -1: nobody)
    EV_PUSH = 14        # {seat!; pile; card?} a card pushed under a pile
    EV_PASS = 15        # {seat} a seat passes
    EV_TOTALS = 16      # {final; totals[4]:s16} the party totals (final: of the final scoring)
    EV_POL_NONE = 17    # {} no party has a positive total
    EV_POL_WIN = 18     # {party; seat; total} the political decision
    EV_POL_PATT = 19    # {why} a political Patt (0 parties tie, 1 no single majority holder)
    EV_MIL_ARMY = 20    # {army; seat:4 party:4; points} an army's military points
    EV_MIL_PATT = 21    # {} a military Patt
    EV_ROT = 22         # {rot} Rot subtracted
    EV_MIL_WIN = 23     # {party:4 seat:4; total; points} the military decision
    EV_CREDIT = 24      # {seat; party; points} points credited
    EV_WIN = 25         # {seat; military; ablauf} a Stich won
    EV_PATT = 26        # {ablauf; opener} a Patt
    EV_ASIDE = 27       # {ablauf} an Ablaufkarte set aside unwon
    EV_OUT = 28         # {cards@26@26} cards leaving the game
    EV_HORIZON = 29     # {patts} the Patt horizon is reached
    EV_MAJORITY = 30    # {party; seat} an absolute majority
    EV_RANK = 31        # {party; rank; seat:4 points:27} a party's rank award
    EV_OVER = 32        # {winners; vp[4]:4} the game is over: the winners (a mask), victory points

GIVE_VERBS = ("takes command of", "takes over", "now lead")


# -- sets of cards ----------------------------------------------------------------------------------
cdef inline U128 bit(int c) noexcept nogil:
    return (<U128>1) << c


cdef inline bint has(U128 m, int c) noexcept nogil:
    return <bint>((m >> c) & 1)


cdef inline int count(U128 m) noexcept nogil:
    return __builtin_popcountll(<Mask>m) + __builtin_popcountll(<Mask>(m >> 64))


cdef inline int lowest(U128 m) noexcept nogil:
    if <Mask>m:
        return __builtin_ctzll(<Mask>m)
    return 64 + __builtin_ctzll(<Mask>(m >> 64))


cdef inline int lowest64(Mask m) noexcept nogil:
    return __builtin_ctzll(m)


cdef object to_int(U128 m):
    return (<object>(<Mask>m)) | ((<object>(<Mask>(m >> 64))) << 64)


cdef U128 from_int(object x):
    return (<U128>(<Mask>(x & 0xFFFFFFFFFFFFFFFF))) | ((<U128>(<Mask>(x >> 64))) << 64)


cdef U128 PERSONS = bit(N_PERSON) - 1
cdef U128 ALL_CARDS = bit(N_CARDS) - 1


cdef inline int pile_of(int card) noexcept nogil:
    """0 for a Personenkarte, 1 for a Zusatzkarte (army cards included)."""
    return 0 if card < N_PERSON else 1


cdef inline U128 pile_mask(int pile) noexcept nogil:
    return PERSONS if pile == 0 else ALL_CARDS & ~PERSONS


cdef inline int floordiv2(int x) noexcept nogil:
    """``x // 2`` as Python rounds it (towards minus infinity)."""
    return x >> 1


# -- the card set as C tables ---------------------------------------------------------------------
cdef struct Filter:
    int parties        # bitmask of parties; -1: any
    int flags          # bitmask of flags; -1: any (commander or not)
    int commanders     # C_EXCLUDE, C_INCLUDE, C_ONLY

cdef struct Op:
    bint remove
    bint military
    bint per_unit
    int amount
    Filter filter

cdef struct Table:
    int kind[N_CARDS]
    int party[N_CARDS]
    int value[N_CARDS]
    int flag[N_CARDS]
    int strength[N_CARDS]
    bint train[N_CARDS]
    bint reenter[N_CARDS]
    int rot[N_CARDS]
    int pair[N_CARDS]
    int target[N_CARDS]
    Filter filter[N_CARDS]
    int nops[N_CARDS]
    Op ops[N_CARDS][MAX_OPS]
    int reactionary


cdef Filter _filter(object f):
    cdef Filter out
    out.parties = -1 if f.parties is None else sum(1 << q for q in f.parties)
    out.flags = -1 if f.flags is None else sum(1 << g for g in f.flags)
    out.commanders = ("exclude", "include", "only").index(f.commanders)
    return out


cdef class CardTables:
    """One card file's facts and effects as C arrays (built once per card set)."""

    cdef Table t

    def __init__(self, cs):
        cdef int c, i
        memset(&self.t, 0, sizeof(Table))
        self.t.reactionary = cs.reactionary
        for c in range(N_CARDS):
            self.t.kind[c] = ("person", "zusatz", "army").index(cs.kind[c])
            self.t.party[c] = cs.party[c]
            self.t.value[c] = cs.value[c]
            self.t.flag[c] = cs.flag[c]
            self.t.strength[c] = cs.strength[c]
            self.t.train[c] = cs.train[c]
            self.t.reenter[c] = cs.reenter[c]
            self.t.rot[c] = cs.rot[c]
            self.t.pair[c] = cs.pair[c]
            eff = cs.effect[c]
            self.t.target[c] = ("none", "person", "side").index(eff.target)
            self.t.filter[c] = _filter(eff.filter)
            self.t.nops[c] = len(eff.ops)
            for i, op in enumerate(eff.ops):
                self.t.ops[c][i].remove = op.op == "remove"
                self.t.ops[c][i].military = op.stat == "military"
                self.t.ops[c][i].per_unit = op.per == "unit"
                self.t.ops[c][i].amount = op.amount
                self.t.ops[c][i].filter = _filter(op.filter)


def card_tables(game):
    """The game's card set as C tables, built on first use and kept with the card set (one per
    card file: ``load_cards`` keeps it), so that every game loaded with the same cards, such as
    one for each record replayed, shares them."""
    cs = game.cards
    tables = cs.__dict__.get("_card_tables")
    if tables is None:
        tables = cs.__dict__["_card_tables"] = CardTables(cs)
    return tables


cdef inline bint matches(const Table* t, Filter f, int p) noexcept nogil:
    """Does person card ``p`` pass the filter? Commanders are left out unless the filter says so
    ("Zusatzkarten beziehen sich niemals auf einen Heerführer", except where the data allows)."""
    cdef bint commander = t.flag[p] >= 0
    if f.commanders == C_EXCLUDE and commander:
        return False
    if f.commanders == C_ONLY and not commander:
        return False
    if f.parties >= 0 and not (f.parties >> t.party[p]) & 1:
        return False
    return f.flags < 0 or (t.flag[p] >= 0 and (f.flags >> t.flag[p]) & 1)


# -- the typed state --------------------------------------------------------------------------------
cdef struct Revolution1848:
    int phase              # {= PHASE_NAMES[self.s.phase] -> str}
    int to_move
    int opener
    int pending            # a Zusatzkarte whose target is being chosen (still in hand), or -1
    int first_passer
    int passed             # {= tuple([bool(self.s.passed >> k & 1) for k in range(self.n)]) -> tuple[bool, ...]} whether each seat passed (a bitmask of seats in C)
    U128 hands[MAX_SEATS]  # {= tuple([to_int(self.s.hands[k]) for k in range(self.n)]) -> tuple[int, ...]}
    U128 stock             # {= (to_int(self.s.stock & PERSONS), to_int(self.s.stock & ~PERSONS)) -> tuple[int, int]} the face-down draw piles: (persons, Zusatz) masks (one mask in C: a card's pile follows from its index)
    U128 discard           # {= (to_int(self.s.discard & PERSONS), to_int(self.s.discard & ~PERSONS)) -> tuple[int, int]}
    U128 removed           # {= to_int(self.s.removed) -> int}
    U128 known[MAX_SEATS]  # {hidden} cards in other hands seat k knows (it pushed them; they were drawn)
    int8_t bottom[2][N_PERSON]   # {hidden} cards pushed under each pile, first to be drawn first
    int8_t pusher[2][N_PERSON]   # {hidden}
    int nbottom[2]            # {hidden}
    # the table of the Stich (``persons``, ``zusatz``, ``armies``)
    Mask side[MAX_SEATS]   # {hidden} the persons on each side
    int8_t seq[N_PERSON]      # {hidden} persons in the order they were played
    int nseq               # {hidden}
    int8_t zc[N_ZUSATZ]       # {hidden} Zusatzkarten on the table: card, player, target kind, target
    int8_t zby[N_ZUSATZ]      # {hidden}
    int8_t zkind[N_ZUSATZ]    # {hidden}
    int8_t zt[N_ZUSATZ]       # {hidden}
    int nz                 # {hidden}
    int8_t ac[N_ZUSATZ]       # {hidden} armies: card, place, commanders leading it (persons; 0: none)
    int8_t aplace[N_ZUSATZ]   # {hidden}
    Mask alead[N_ZUSATZ]   # {hidden}
    int na                 # {hidden}
    # an army waiting for the seed's tie choice (``assign_choices``)
    int assign_army
    int ach_seat[MAX_SEATS]   # {hidden}
    int ach_cmd[MAX_SEATS]    # {hidden}
    int nach                  # {hidden}
    # the draw queue: (seat, kind) (``draws``)
    int8_t dseat[MAX_DRAWS]   # {hidden}
    int8_t dkind[MAX_DRAWS]   # {hidden}
    int ndraws             # {hidden}
    # the game
    int ablauf_pos
    int patt_count         # Patts in a row on the current Ablaufkarte
    int patts              # Patts in the whole game (PATT_HORIZON)
    int round_no
    int won[MAX_SEATS]     # {:n bits:N_ABLAUF} Ablaufkarten won by each seat (indices, as a mask in C)
    int set_aside          # {bits:N_ABLAUF}
    int tally[MAX_SEATS][N_PARTIES]   # {:n}
    int vp[MAX_SEATS]      # {= tuple([self.s.vp[k] for k in range(self.n)]) if self.s.scored else None -> tuple[int, ...] | None} victory points, once scored
    bint scored            # {hidden}
    int winners            # {hidden} bitmask of seats (``win``)
    int last_kind          # {hidden} 0 none, 1 political, 2 military: the last Stich's decision
    int last_ev0           # {hidden} its lines are the events [last_ev0, last_ev1)
    int last_ev1           # {hidden} (``last_decision``)


# A unit: commanders of one flag at one player acting together (an army's leaders, or the free
# commanders of one flag at one player, added up: "Erläuterung").
cdef struct Unit:
    Mask members
    int lead
    int seat
    int flag
    int party
    int strength


# The decision of one Stich.
cdef struct Result:
    bint military
    int winner             # seat, or -1 for a Patt
    int ncredits
    int cseat[2 * MAX_SEATS * N_PARTIES]
    int cparty[2 * MAX_SEATS * N_PARTIES]
    int cpoints[2 * MAX_SEATS * N_PARTIES]


cdef class Revolution1848Core(CompiledState):
    """A game of 1848: the typed state and its rules."""

    cdef Revolution1848 s
    cdef CardTables cards_c
    cdef const Table* t
    cdef public int n  # the number of players (``game.num_players``); Stratego's ``n`` is pieces a side
    cdef public bint extended
    cdef public int patt_limit
    cdef int deck[N_ABLAUF]
    cdef int ndeck
    cdef U128 universe
    # where each part of the observation tensor starts (observe.layout, by name: _tensor_at)
    cdef int at_seat, at_to_move, at_phase, at_cards, at_person_values, at_tally, at_seats
    cdef int at_hand_counts, at_ablauf, at_patt_count, at_party_totals, at_piles

    def __cinit__(self, *args, **kwargs):
        self._bind(&self.s, sizeof(Revolution1848))

    def __init__(self, game):
        """Each player draws 2 Personen- and 2 Zusatzkarten, seat by seat."""
        cdef int seat, k
        self.game = game
        p = game.params
        cs = game.cards
        ablauf, excluded = game.in_play
        self._config(card_tables(game), p.players, p.rules == "extended", p.patt_limit, ablauf,
                     from_int(excluded))
        self._tensor_at(game.tensor_offsets())
        self.s.phase = DRAW
        self.s.stock = self.universe
        self.s.pending = self.s.assign_army = self.s.first_passer = -1
        self.s.round_no = 1
        for seat in range(self.n):
            for k in range(4):
                self.s.dseat[self.s.ndraws] = seat
                self.s.dkind[self.s.ndraws] = KIND_P if k < 2 else KIND_Z
                self.s.ndraws += 1
        emit_begin(self)
        settle_draws(self)

    cdef void _config(self, CardTables tables, int n, bint extended, int patt_limit, deck,
                      U128 excluded):
        cdef int i = 0
        self.cards_c = tables
        self.t = &tables.t
        self.n, self.extended, self.patt_limit = n, extended, patt_limit
        for a in deck:
            self.deck[i] = a
            i += 1
        self.ndeck = i
        self.universe = ALL_CARDS & ~excluded

    # -- small helpers -------------------------------------------------------------------------
    cdef inline int ablauf_now(self) noexcept nogil:
        return self.deck[self.s.ablauf_pos] if self.s.ablauf_pos < self.ndeck else -1

    cdef inline int side_of(self, int p) noexcept nogil:
        cdef int seat
        for seat in range(self.n):
            if (self.s.side[seat] >> p) & 1:
                return seat
        return -1

    cdef inline Mask on_table(self) noexcept nogil:
        cdef Mask m = 0
        cdef int seat
        for seat in range(self.n):
            m |= self.s.side[seat]
        return m

    cdef void take_from_hand(self, int seat, int card) noexcept nogil:
        cdef int k
        self.s.hands[seat] &= ~bit(card)
        for k in range(self.n):
            self.s.known[k] &= ~bit(card)

    # -- the kernel's hooks --------------------------------------------------------------------
    cdef int _current(self) noexcept nogil:
        if self.s.phase == OVER:
            return TERMINAL_PLAYER
        return self.s.to_move

    cdef int _legal(self, int* out) noexcept nogil:
        cdef int seat = self.s.to_move, n = 0, c, k
        cdef U128 hand
        if self.s.phase == DRAW:
            out[0], out[1] = A_DRAW_PERSON, A_DRAW_ZUSATZ
            return 2
        if self.s.phase == TARGET:
            return targets(self, self.s.pending, seat, out)
        if self.s.phase == ASSIGN:
            for k in range(self.s.nach):
                out[k] = A_ASSIGN + self.s.ach_seat[k]
            return self.s.nach
        hand = self.s.hands[seat]
        while hand:
            c = lowest(hand)
            hand &= hand - 1
            if self.t.kind[c] != K_ZUSATZ or has_target(self, c, seat):
                out[n] = c
                n += 1
        if self.extended:
            hand = self.s.hands[seat]
            while hand:
                out[n] = A_PUSH + lowest(hand)
                n += 1
                hand &= hand - 1
        out[n] = A_PASS
        return n + 1

    cdef bint _is_legal(self, int action):
        """At a draw, any card of the pile drawn from (without listing the outcomes)."""
        if self.s.phase == DRAW and self.s.to_move == CHANCE_PLAYER:
            return 0 <= action < N_CARDS and has(self.s.stock & pile_mask(self.s.dkind[0]), action)
        return CompiledState._is_legal(self, action)

    cdef object _chance(self):
        """Each card of the pile drawn from, equally likely."""
        cdef U128 cards = self.s.stock & pile_mask(self.s.dkind[0])
        return uniform_outcomes(<Mask>cards, <Mask>(cards >> 64))

    cdef int _sample_chance(self, double u) noexcept nogil:
        cdef U128 cards = self.s.stock & pile_mask(self.s.dkind[0])
        cdef int k
        for k in range(<int>(u * count(cards))):
            cards &= cards - 1
        return lowest(cards)

    cdef int _apply(self, int action) noexcept nogil:
        cdef int seat = self.s.to_move, k
        if self.s.phase == DRAW:
            if seat == CHANCE_PLAYER:
                draw_card(self, action)
            else:
                self.s.dkind[0] = KIND_P if action == A_DRAW_PERSON else KIND_Z
                emit_choose(self, seat=seat, pile=self.s.dkind[0])
            settle_draws(self)
            return 0
        if self.s.phase == TARGET:
            place_zusatz(self, seat, self.s.pending, action)
            self.s.pending = -1
            self.s.phase = PLAY
            return next_turn(self, seat)
        if self.s.phase == ASSIGN:
            for k in range(self.s.nach):
                if self.s.ach_seat[k] == action - A_ASSIGN:
                    give_army(self, self.s.assign_army, self.s.ach_cmd[k])
                    break
            self.s.assign_army, self.s.nach = -1, 0
            self.s.phase = PLAY
            return next_turn(self, seat)
        if action < A_PUSH:
            return play(self, seat, action)
        if action < A_PASS:
            return push(self, seat, action - A_PUSH)
        return pass_(self, seat)

    cdef int _returns_c(self, double* out) noexcept nogil:
        """The winners share 1 at the end (0 to everyone before)."""
        cdef int seat, k = __builtin_popcountll(self.s.winners)
        for seat in range(self.n):
            out[seat] = 1.0 / k if self.s.phase == OVER and (self.s.winners >> seat) & 1 else 0.0
        return 0

    cdef int _policy(self, int seat, uint64_t* rng) noexcept nogil:
        """The ``heuristic`` bot's move (policy.pxi); it draws no tie-breaks."""
        return heuristic_move(self, seat)

    cdef long long _stage(self) noexcept nogil:
        """0: the returns change only at the game's end, where a playout stops anyway."""
        return 0

    cdef int zusatz_side(self, int i) noexcept nogil:
        """The side a Zusatzkarte on the table is shown on: the side it lies on, the side of its
        person, or (its person has left the game) its player's."""
        cdef int side
        if self.s.zkind[i] == T_SIDE:
            return self.s.zt[i]
        side = self.side_of(self.s.zt[i])
        return side if side >= 0 else self.s.zby[i]

    cdef void _tensor_at(self, dict at):
        """Where each part of the tensor starts, read once per game from ``Game.tensor_offsets()``
        (``observe.layout``), so that ``_encode`` writes every part by its name."""
        self.at_seat, self.at_to_move, self.at_phase = at["seat"], at["to_move"], at["phase"]
        self.at_cards, self.at_person_values = at["cards"], at["person_values"]
        self.at_tally, self.at_seats, self.at_hand_counts = at["tally"], at["seats"], at["hand_counts"]
        self.at_ablauf, self.at_patt_count = at["ablauf"], at["patt_count"]
        self.at_party_totals, self.at_piles = at["party_totals"], at["piles"]

    cdef void _encode(self, int seat, float* out) noexcept nogil:
        """the observation tensor, from the typed state (tested equal to the test oracle, ``tests/tensor_oracles/``), each part
        written by its name where ``observe.layout`` puts it (``_tensor_at``)."""
        cdef int val[N_PERSON]
        cdef int totals[N_PARTIES]
        cdef int i, s, c, q, p, base, pile, cur
        cdef U128 m
        cdef Mask pm
        cdef int tm = self._current()
        if seat >= 0:
            out[self.at_seat + seat] = 1
        out[self.at_to_move + (tm if tm >= 0 else MAX_SEATS + (0 if tm == CHANCE_PLAYER else 1))] = 1
        out[self.at_phase + self.s.phase] = 1
        base = self.at_cards
        if seat >= 0:
            m = self.s.hands[seat]
            while m:
                out[base + lowest(m) * 10] = 1
                m &= m - 1
        for s in range(self.n):
            pm = self.s.side[s]
            while pm:
                out[base + lowest64(pm) * 10 + 1 + s] = 1
                pm &= pm - 1
        for i in range(self.s.nz):
            out[base + self.s.zc[i] * 10 + 1 + self.zusatz_side(i)] = 1
        for i in range(self.s.na):
            out[base + self.s.ac[i] * 10 + 1 + self.s.aplace[i]] = 1
            if self.s.alead[i]:
                out[base + self.s.ac[i] * 10 + 9] = 1
        m = self.s.discard
        while m:
            out[base + lowest(m) * 10 + 5] = 1
            m &= m - 1
        m = self.s.removed
        while m:
            out[base + lowest(m) * 10 + 6] = 1
            m &= m - 1
        if self.s.pending >= 0:
            out[base + self.s.pending * 10 + 7] = 1
        if seat >= 0:
            for pile in range(2):
                for i in range(self.s.nbottom[pile]):
                    if self.s.pusher[pile][i] == seat:
                        out[base + self.s.bottom[pile][i] * 10 + 8] = 1
        base = self.at_person_values
        person_values(self, val)
        for q in range(N_PARTIES):
            totals[q] = 0
        for s in range(self.n):
            pm = self.s.side[s]
            while pm:
                p = lowest64(pm)
                pm &= pm - 1
                out[base + p] = <float>(val[p] / 10.0)
                totals[self.t.party[p]] += val[p]
        base = self.at_tally
        for s in range(self.n):
            for q in range(N_PARTIES):
                out[base + s * 4 + q] = <float>(self.s.tally[s][q] / 20.0)
        base = self.at_seats
        for s in range(self.n):
            out[base + s * 4] = <float>(__builtin_popcountll(self.s.won[s]) / 6.0)
            out[base + s * 4 + 1] = (self.s.passed >> s) & 1
            if self.s.scored:
                out[base + s * 4 + 2] = <float>(self.s.vp[s] / 5.0)
            out[base + s * 4 + 3] = 1
        base = self.at_hand_counts
        for s in range(self.n):
            c = count(self.s.hands[s] & PERSONS)
            out[base + s * 2] = <float>(c / 6.0)
            out[base + s * 2 + 1] = <float>((count(self.s.hands[s]) - c) / 6.0)
        base = self.at_ablauf
        cur = self.ablauf_now()
        if cur >= 0:
            out[base + cur] = 1
        base = self.at_patt_count
        out[base] = <float>(self.s.patt_count / 3.0)
        base = self.at_party_totals
        for q in range(N_PARTIES):
            out[base + q] = <float>(totals[q] / 20.0)
        base = self.at_piles
        for pile in range(2):
            out[base + pile * 2] = <float>(count(self.s.stock & pile_mask(pile)) / 40.0)
            out[base + pile * 2 + 1] = <float>(self.s.nbottom[pile] / 10.0)

    # -- views for Python (the fields' own accessors are Revolution1848Fields', fields.pxi) ----------------
    @property
    def bottom(self):
        """Per pile, the cards pushed under it as (card, pusher), the next to be drawn first."""
        return tuple(tuple((self.s.bottom[pile][i], self.s.pusher[pile][i])
                           for i in range(self.s.nbottom[pile])) for pile in range(2))

    @property
    def known(self):
        """(card, seat): cards in another hand that ``seat`` knows (it pushed them)."""
        out = []
        for seat in range(self.n):
            m = self.s.known[seat]
            while m:
                out.append((lowest(m), seat))
                m &= m - 1
        return frozenset(out)

    @property
    def persons(self):
        """Per side, the persons lying there in the order they were played."""
        return tuple(tuple(self.s.seq[i] for i in range(self.s.nseq)
                           if (self.s.side[seat] >> self.s.seq[i]) & 1)
                     for seat in range(self.n))

    @property
    def zusatz(self):
        """``(card, player, "person" | "side", target)`` for every Zusatzkarte on the table."""
        return tuple((self.s.zc[i], self.s.zby[i], "person" if self.s.zkind[i] == T_PERSON
                      else "side", self.s.zt[i]) for i in range(self.s.nz))

    def zusatz_sides(self):
        """The side each Zusatzkarte on the table is shown on (as ``zusatz``)."""
        return tuple(self.zusatz_side(i) for i in range(self.s.nz))

    @property
    def armies(self):
        """``(army, place, commanders strongest first)``, or ``None`` for an idle army."""
        cdef int mil[N_PERSON]
        forces(self, mil)
        return tuple((self.s.ac[i], self.s.aplace[i],
                      self.strongest_first(self.s.alead[i], mil) if self.s.alead[i] else None)
                     for i in range(self.s.na))

    cdef tuple strongest_first(self, Mask members, const int* mil):
        cdef list out = []
        while members:
            p = strongest(self, members, mil)
            out.append(p)
            members &= ~(<Mask>1 << p)
        return tuple(out)

    def army_leaders(self):
        """Per army on the table: ``None`` (idle) or ``(seat, flag, commanders, strength,
        party)`` of the unit leading it."""
        cdef int mil[N_PERSON]
        cdef Unit u
        forces(self, mil)
        out = []
        for i in range(self.s.na):
            if not self.s.alead[i]:
                out.append(None)
                continue
            u = unit(self, self.s.alead[i], mil)
            out.append((u.seat, u.flag, self.strongest_first(u.members, mil), u.strength, u.party))
        return tuple(out)

    def person_value_map(self):
        """Political value of every person on the table, with the Zusatz modifiers."""
        cdef int val[N_PERSON]
        person_values(self, val)
        return {p: val[p] for ps in self.persons for p in ps}

    def military(self):
        """Military strength of every commander on the table, with the modifiers."""
        cdef int mil[N_PERSON]
        cdef Mask commanders = forces(self, mil)
        cdef dict out = {}
        while commanders:
            p = lowest64(commanders)
            out[p] = mil[p]
            commanders &= commanders - 1
        return out

    def decision(self):
        """How the Stich would be decided if it ended now: ``(military, winner, credits)``
        with credits ``(seat, party, points)`` (winner -1: a Patt). Nothing is changed."""
        cdef Result r
        decide(self, &r, False)
        return (bool(r.military), r.winner,
                tuple((r.cseat[k], r.cparty[k], r.cpoints[k]) for k in range(r.ncredits)))

    def may_reach(self, int card, int seat, int side):
        """May ``seat`` put Zusatzkarte ``card`` on ``side`` (or a person lying there)?"""
        return allowed_side(self, card, seat, side)

    def valid_targets(self, int card, int seat):
        """Action ids of the targets ``seat`` may give Zusatzkarte ``card`` now."""
        cdef int buf[N_PERSON + MAX_SEATS]
        cdef int k, n = targets(self, card, seat, buf)
        return [buf[k] for k in range(n)]

    @property
    def assign_choices(self):
        """(seat, commander) the waiting army may go to."""
        return tuple((self.s.ach_seat[k], self.s.ach_cmd[k]) for k in range(self.s.nach))

    @property
    def draws(self):
        """The draw queue: (seat, "P" | "Z" | "?")."""
        return tuple((self.s.dseat[k], "PZ?"[self.s.dkind[k]]) for k in range(self.s.ndraws))

    @property
    def ablauf_deck(self):
        return tuple(self.deck[k] for k in range(self.ndeck))

    def current_ablauf(self):
        """The Ablaufkarte played for (-1 when the sequence is used up)."""
        return self.deck[self.s.ablauf_pos] if self.s.ablauf_pos < self.ndeck else -1

    @property
    def win(self):
        return tuple(seat for seat in range(self.n) if (self.s.winners >> seat) & 1)

    @property
    def last_decision(self):
        """The last Stich's decision: ``(kind, first event, end event)``; kind "" if none."""
        return (("", "political", "military")[self.s.last_kind], self.s.last_ev0, self.s.last_ev1)

    def hand_counts(self, int seat):
        """(Personen-, Zusatzkarten) in ``seat``'s hand."""
        cdef int hp = count(self.s.hands[seat] & PERSONS)
        return hp, count(self.s.hands[seat]) - hp


    # -- for resample: a world consistent with what a seat saw (worlds.pxi) ----------------------
    def draw_world(self, int seat, rng):
        """A world for ``seat``'s search: the cards it cannot know dealt again at random into
        the places it cannot see (worlds.pxi), from ``rng`` (a ``random.Random``: one seed a
        pile with a hidden card). Only ``resample`` calls it. Raises ``ValueError`` for a seat
        not at the table."""
        if not 0 <= seat < self.n:
            raise ValueError(f"seat must be 0 to {self.n - 1}, not {seat}")
        return draw_world(self, seat, rng)

    def draw_tilted_world(self, int seat, rng, tilt, int k):
        """One of ``k`` worlds for ``seat`` (``draw_world``), taken with chance in proportion
        to ``exp`` of its *tilt*: the sum over the cards of ``tilt[card, place]``, the place
        being the other hand holding the card counted from ``seat`` (1 the next seat, ...) or
        0 for none (a float64 array of shape (cards, players); a card's row is zero where the
        seat knows it). So the worlds come from the re-deal reweighed by ``exp(tilt)``, the
        more exactly the larger ``k`` (sampling-importance-resampling). Raises ``ValueError``
        for a seat not at the table, a ``k`` below 1 or a tilt of another shape."""
        if not 0 <= seat < self.n:
            raise ValueError(f"seat must be 0 to {self.n - 1}, not {seat}")
        if k < 1:
            raise ValueError(f"k must be 1 or more worlds, not {k}")
        cdef const double[:, ::1] t = tilt
        if t.shape[0] != N_CARDS or t.shape[1] != self.n:
            raise ValueError(f"tilt must have shape ({N_CARDS}, {self.n}), not "
                             f"({t.shape[0]}, {t.shape[1]})")
        return draw_tilted(self, seat, rng, t, k)


# -- the rules, in the order of the rulebook ------------------------------------------------------
include "dealing.pxi"
include "laying.pxi"
include "armies.pxi"
include "round.pxi"
include "end.pxi"
include "policy.pxi"
include "worlds.pxi"


# -- Revolution1848Fields: Revolution1848Core with the accessors of the struct's fields, FIELDS and _copy_extra,
# made from the declarations above (the struct, the fixed attributes) by tools/declare.py
include "fields.pxi"

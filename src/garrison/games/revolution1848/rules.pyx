# cython: language_level=3
"""The rules of 1848 in the order of docs/rules/1848.md, compiled over a typed
state (see ``garrison.core.compiled``).

Card indices as ``carddata.py``: 0..41 Personenkarten, 42..75 Zusatzkarten (army cards among
them); a set of cards is a 128-bit mask. No card id appears here: every card fact comes from the
``CardSet`` (``carddata.py``), copied once per card file into C tables (``CardTables``), and the
Zusatzkarten act through their effect data (targets, filters, ops).

The table of a Stich: the persons on each side (in the order they were played), the Zusatzkarten
(card, player, target kind, target) and the armies (card, place, the commanders leading it or
none). The rules record events (codes below) that ``log.py`` turns into text when someone reads
the log.
"""
from libc.string cimport memset

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
    # phases (observe.PHASES)
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
ABLAUF_TO_WIN = {2: 6, 3: 5, 4: 4}
#: "Bei einem Patt wird erneut um dieselbe Ablaufkarte gespielt", however often. So that a game
#: has a finite length (the research APIs declare one), a game ends and is scored as it stands
#: after this many Patts in all: a horizon, not a rule (random play sees at most about 10).
PATT_HORIZON = 40

# events: (code, a, b, c); see log.py for the words
cdef enum:
    EV_BEGIN = 0        # -
    EV_ROUND = 1        # round, Ablaufkarte, opener
    EV_CHOOSE = 2       # seat, pile
    EV_DRAW = 3         # seat, pile | from under the pile << 1, card (private: -1 when redacted)
    EV_RESHUFFLE = 4    # pile
    EV_PLAY = 5         # seat, person card
    EV_ARMY = 6         # seat, army card
    EV_CHOOSES = 7      # seat, Zusatzkarte (its target is chosen next)
    EV_BACK = 8         # card that brought them back (an army card, or a card with the symbol)
    EV_IDLE = 9         # army card
    EV_PUT = 10         # seat, card, target kind << 8 | target
    EV_LEAVES = 11      # person card
    EV_GOES = 12        # army, commander, seat
    EV_GIVE = 13        # army | verb << 8 | seat << 10 | (from seat + 1) << 13, members (2 x 21 bits)
    EV_PUSH = 14        # seat, pile, card (private: -1 when redacted)
    EV_PASS = 15        # seat
    EV_TOTALS = 16      # final scoring?, party totals packed 2 x 16 bits, 2 x 16 bits
    EV_POL_NONE = 17    # -
    EV_POL_WIN = 18     # party, seat, total
    EV_POL_PATT = 19    # why (0 parties tie, 1 no single majority holder)
    EV_MIL_ARMY = 20    # army, seat | party << 4, points
    EV_MIL_PATT = 21    # -
    EV_ROT = 22         # Rot subtracted
    EV_MIL_WIN = 23     # party | seat << 4, total, points
    EV_CREDIT = 24      # seat, party, points
    EV_WIN = 25         # seat, military?, Ablaufkarte
    EV_PATT = 26        # Ablaufkarte, opener
    EV_ASIDE = 27       # Ablaufkarte
    EV_OUT = 28         # cards leaving the game (3 x 26 bits)
    EV_HORIZON = 29     # -
    EV_MAJORITY = 30    # party, seat
    EV_RANK = 31        # party, rank, seat | points << 4
    EV_OVER = 32        # winners (mask), victory points (4 bits each)

EVENTS = {
    "BEGIN": EV_BEGIN, "ROUND": EV_ROUND, "CHOOSE": EV_CHOOSE, "DRAW": EV_DRAW,
    "RESHUFFLE": EV_RESHUFFLE, "PLAY": EV_PLAY, "ARMY": EV_ARMY, "CHOOSES": EV_CHOOSES,
    "BACK": EV_BACK, "IDLE": EV_IDLE, "PUT": EV_PUT, "LEAVES": EV_LEAVES, "GOES": EV_GOES,
    "GIVE": EV_GIVE, "PUSH": EV_PUSH, "PASS": EV_PASS, "TOTALS": EV_TOTALS,
    "POL_NONE": EV_POL_NONE, "POL_WIN": EV_POL_WIN, "POL_PATT": EV_POL_PATT,
    "MIL_ARMY": EV_MIL_ARMY, "MIL_PATT": EV_MIL_PATT, "ROT": EV_ROT, "MIL_WIN": EV_MIL_WIN,
    "CREDIT": EV_CREDIT, "WIN": EV_WIN, "PATT": EV_PATT, "ASIDE": EV_ASIDE, "OUT": EV_OUT,
    "HORIZON": EV_HORIZON, "MAJORITY": EV_MAJORITY, "RANK": EV_RANK, "OVER": EV_OVER,
}
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
    """The game's card set as C tables, built on first use and kept on the game."""
    tables = game.__dict__.get("_card_tables")
    if tables is None:
        tables = game.__dict__["_card_tables"] = CardTables(game.cards)
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


# -- "Das kommt hinzu": how many cards a player draws ----------------------------------------------
cdef int plan(bint extended, int hp, int hz, int* kinds) noexcept:
    """What a player draws after a Stich ("Wie man mehr als vier Handkarten bekommt"), into
    ``kinds`` (KIND_P, KIND_Z, KIND_CHOICE); returns how many.

    Extended: at most 2 Personen- and 2 Zusatzkarten, never above 6 in hand; with room for two or
    more, one of each comes first, and only an odd last card is the player's choice, as in the
    seed's examples. Base game: fill up to 2 + 2."""
    cdef int n = 0, k, room
    if not extended:
        for k in range(2 - hp):
            kinds[n] = KIND_P
            n += 1
        for k in range(2 - hz):
            kinds[n] = KIND_Z
            n += 1
        return n
    room = HAND_LIMIT_ - hp - hz
    if room == 1:
        kinds[0] = KIND_CHOICE
        return 1
    if room <= 0:
        return 0
    kinds[0], kinds[1] = KIND_P, KIND_Z
    if room == 2:
        return 2
    if room == 3:
        kinds[2] = KIND_CHOICE
        return 3
    kinds[2], kinds[3] = KIND_P, KIND_Z
    return 4


def draw_plan(str rules, int persons, int zusatz):
    """What a player with ``persons`` + ``zusatz`` cards in hand draws after a Stich under
    ``rules`` ("extended" or "base"): "P", "Z" or "?" (the player's choice), in order."""
    cdef int kinds[4]
    cdef int k, n = plan(rules == "extended", persons, zusatz, kinds)
    return tuple("PZ?"[kinds[k]] for k in range(n))


# -- "Bei vier ist Schluss" and "Und so wird abgerechnet" --------------------------------------------
cdef struct Score:
    int vp[MAX_SEATS]
    int sums[N_PARTIES]
    int nawards            # who got victory points for which party
    int party[MAX_SEATS * N_PARTIES]
    int seat[MAX_SEATS * N_PARTIES]
    int rank[MAX_SEATS * N_PARTIES]      # -1: an absolute majority
    int points[MAX_SEATS * N_PARTIES]


cdef int holders(int n, const int* points, int stride, int* out) noexcept:
    """Seats holding the most of something, ``points[seat * stride]`` (only a positive top
    counts), into ``out``; returns how many."""
    cdef int seat, top = points[0], k = 0
    for seat in range(1, n):
        if points[seat * stride] > top:
            top = points[seat * stride]
    if top <= 0:
        return 0
    for seat in range(n):
        if points[seat * stride] == top:
            out[k] = seat
            k += 1
    return k


cdef void score(int n, const int* tally, Score* out) noexcept:
    """Victory points: absolute majority -> 5 to its top holder(s) and 0 to all others; else
    4/3/2/1 to the top holders of the parties by strength (only parties above 0; equal party
    totals share a rank; equal holders each get the points)."""
    cdef int hold[MAX_SEATS]
    cdef int q, r, seat, total = 0, nh, k, rank
    memset(out, 0, sizeof(Score))
    for q in range(N_PARTIES):
        for seat in range(n):
            out.sums[q] += tally[seat * N_PARTIES + q]
        if out.sums[q] > 0:
            total += out.sums[q]  # a party below zero has no votes to count
    for q in range(N_PARTIES):
        if out.sums[q] > 0 and out.sums[q] > total - out.sums[q]:
            nh = holders(n, tally + q, N_PARTIES, hold)
            for k in range(nh):
                out.vp[hold[k]] = 5
                out.party[out.nawards], out.seat[out.nawards] = q, hold[k]
                out.rank[out.nawards], out.points[out.nawards] = -1, 5
                out.nawards += 1
            return
    for q in range(N_PARTIES):
        if out.sums[q] <= 0:
            continue
        rank = 0
        for r in range(N_PARTIES):
            if out.sums[r] > out.sums[q]:
                rank += 1
        nh = holders(n, tally + q, N_PARTIES, hold)
        for k in range(nh):
            out.vp[hold[k]] += 4 - rank
            out.party[out.nawards], out.seat[out.nawards] = q, hold[k]
            out.rank[out.nawards], out.points[out.nawards] = rank, 4 - rank
            out.nawards += 1


cdef int winners_of(int n, const int* vp, const int* won) noexcept:
    """Most victory points; ties broken by Ablaufkarten won (docs/rules/1848.md, "End and scoring"); still tied:
    shared. A bitmask of seats."""
    cdef int seat, best_vp = -1, best_won = -1, out = 0
    for seat in range(n):
        if vp[seat] > best_vp or (vp[seat] == best_vp and won[seat] > best_won):
            best_vp, best_won = vp[seat], won[seat]
    for seat in range(n):
        if vp[seat] == best_vp and won[seat] == best_won:
            out |= 1 << seat
    return out


def final_scoring(tally):
    """Victory points per seat for the tallies ``tally[seat][party]``, and the awards as
    ``(party, seat, rank, points)`` (rank -1: an absolute majority)."""
    cdef int flat[MAX_SEATS * N_PARTIES]
    cdef Score sc
    cdef int n = len(tally), seat, q, k
    for seat in range(n):
        for q in range(N_PARTIES):
            flat[seat * N_PARTIES + q] = tally[seat][q]
    score(n, flat, &sc)
    return ([sc.vp[seat] for seat in range(n)],
            [(sc.party[k], sc.seat[k], sc.rank[k], sc.points[k]) for k in range(sc.nawards)])


def winners(vp, won):
    """The winning seats for victory points ``vp`` and Ablaufkarten won ``won`` (counts)."""
    cdef int v[MAX_SEATS]
    cdef int w[MAX_SEATS]
    cdef int seat, n = len(vp)
    for seat in range(n):
        v[seat], w[seat] = vp[seat], won[seat]
    cdef int mask = winners_of(n, v, w)
    return [seat for seat in range(n) if (mask >> seat) & 1]


# -- the typed state --------------------------------------------------------------------------------
cdef struct G1848:
    int phase
    int to_move
    int opener
    int pending            # a Zusatzkarte whose target is being chosen (still in hand), or -1
    int first_passer
    int passed             # bitmask of seats
    U128 hands[MAX_SEATS]
    U128 stock             # both draw piles (a card's pile follows from its index)
    U128 discard
    U128 removed
    U128 known[MAX_SEATS]  # cards in other hands seat k knows (it pushed them; they were drawn)
    int bottom[2][N_PERSON]   # cards pushed under each pile, first to be drawn first
    int pusher[2][N_PERSON]
    int nbottom[2]
    # the table of the Stich
    Mask side[MAX_SEATS]   # the persons on each side
    int seq[N_PERSON]      # persons in the order they were played
    int nseq
    int zc[N_ZUSATZ]       # Zusatzkarten on the table: card, player, target kind, target
    int zby[N_ZUSATZ]
    int zkind[N_ZUSATZ]
    int zt[N_ZUSATZ]
    int nz
    int ac[N_ZUSATZ]       # armies: card, place, commanders leading it (persons; 0: none)
    int aplace[N_ZUSATZ]
    Mask alead[N_ZUSATZ]
    int na
    # an army waiting for the seed's tie choice
    int assign_army
    int ach_seat[MAX_SEATS]
    int ach_cmd[MAX_SEATS]
    int nach
    # the draw queue: (seat, kind)
    int dseat[MAX_DRAWS]
    int dkind[MAX_DRAWS]
    int ndraws
    # the game
    int ablauf_pos
    int patt_count         # Patts in a row on the current Ablaufkarte
    int patts              # Patts in the whole game (PATT_HORIZON)
    int round_no
    int won[MAX_SEATS]     # Ablaufkarten won (indices, as a mask)
    int set_aside
    int tally[MAX_SEATS][N_PARTIES]
    int vp[MAX_SEATS]
    bint scored
    int winners            # bitmask of seats
    int last_kind          # 0 none, 1 political, 2 military: the last Stich's decision
    int last_ev0           # its lines are the events [last_ev0, last_ev1)
    int last_ev1


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


cdef class G1848Core(CompiledState):
    """A game of 1848: the typed state and its rules."""

    cdef G1848 s
    cdef CardTables cards_c
    cdef const Table* t
    cdef public int n
    cdef public bint extended
    cdef public int patt_limit
    cdef int deck[N_ABLAUF]
    cdef int ndeck
    cdef U128 universe

    def __cinit__(self, *args, **kwargs):
        self._bind(&self.s, sizeof(G1848))

    def __init__(self, game):
        """Each player draws 2 Personen- and 2 Zusatzkarten, seat by seat."""
        cdef int seat, k
        self.game = game
        p = game.params
        cs = game.cards
        self._config(card_tables(game), p.players, p.rules == "extended", p.patt_limit,
                     cs.base_ablauf if p.rules == "base" else range(len(cs.ablauf_id)),
                     from_int(cs.excluded(p.rules)))
        self.s.phase = DRAW
        self.s.stock = self.universe
        self.s.pending = self.s.assign_army = self.s.first_passer = -1
        self.s.round_no = 1
        for seat in range(self.n):
            for k in range(4):
                self.s.dseat[self.s.ndraws] = seat
                self.s.dkind[self.s.ndraws] = KIND_P if k < 2 else KIND_Z
                self.s.ndraws += 1
        self.emit(EV_BEGIN, 0, 0, 0)
        self.settle_draws()

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

    cdef void _copy_extra(self, CompiledState other) noexcept:
        cdef G1848Core o = <G1848Core>other
        o.cards_c, o.t = self.cards_c, self.t
        o.n, o.extended, o.patt_limit, o.ndeck = self.n, self.extended, self.patt_limit, self.ndeck
        o.deck = self.deck
        o.universe = self.universe

    # -- small helpers -------------------------------------------------------------------------
    cdef inline int ablauf_now(self) noexcept:
        return self.deck[self.s.ablauf_pos] if self.s.ablauf_pos < self.ndeck else -1

    cdef inline int side_of(self, int p) noexcept:
        cdef int seat
        for seat in range(self.n):
            if (self.s.side[seat] >> p) & 1:
                return seat
        return -1

    cdef inline Mask on_table(self) noexcept:
        cdef Mask m = 0
        cdef int seat
        for seat in range(self.n):
            m |= self.s.side[seat]
        return m

    cdef void take_from_hand(self, int seat, int card) noexcept:
        cdef int k
        self.s.hands[seat] &= ~bit(card)
        for k in range(self.n):
            self.s.known[k] &= ~bit(card)

    # -- playing Zusatzkarten: targets and effects (seed "Zusatzkarten") -----------------------
    cdef inline bint allowed_side(self, int card, int seat, int side) noexcept:
        """Own side only, or every side for a card with the train symbol (our reading of BB1)."""
        return self.t.train[card] or side == seat

    cdef int targets(self, int card, int seat, int* out) noexcept:
        """Where ``seat`` may put Zusatzkarte ``card``, as action ids in order."""
        cdef int n = 0, side, p
        cdef Mask m = 0
        if self.t.target[card] == T_SIDE:
            for side in range(self.n):
                if self.allowed_side(card, seat, side):
                    out[n] = A_SIDE + side
                    n += 1
            return n
        for side in range(self.n):
            if self.allowed_side(card, seat, side):
                m |= self.s.side[side]
        while m:
            p = lowest64(m)
            m &= m - 1
            if matches(self.t, self.t.filter[card], p):
                out[n] = A_PERSON + p
                n += 1
        return n

    cdef bint has_target(self, int card, int seat) noexcept:
        cdef int buf[N_PERSON + MAX_SEATS]
        return self.t.target[card] == T_SIDE or self.targets(card, seat, buf) > 0

    cdef void person_values(self, int* val) noexcept:
        """Political value of every person on the table with all Zusatz modifiers (may be
        negative: "Es kann auch negativ enden", political part). Persons not on the table: 0."""
        cdef int i, k, p, card
        cdef Mask table = self.on_table(), m
        cdef const Op* op
        for p in range(N_PERSON):
            val[p] = self.t.value[p] if (table >> p) & 1 else 0
        for i in range(self.s.nz):
            card = self.s.zc[i]
            for k in range(self.t.nops[card]):
                op = &self.t.ops[card][k]
                if op.remove or op.military:
                    continue
                if self.s.zkind[i] == T_PERSON:
                    if (table >> self.s.zt[i]) & 1:
                        val[self.s.zt[i]] += op.amount
                else:
                    m = self.s.side[self.s.zt[i]]
                    while m:
                        p = lowest64(m)
                        m &= m - 1
                        if matches(self.t, op.filter, p):
                            val[p] += op.amount

    cdef Mask forces(self, int* mil) noexcept:
        """The commanders on the table (returned) and their military strength with modifiers. A
        modifier "per unit" (Kroatien's +5 to a black-yellow commander) goes to the strongest
        matching commander of the side it lies on."""
        cdef int i, k, p, card, best
        cdef Mask commanders = 0, m, table = self.on_table()
        cdef const Op* op
        m = table
        while m:
            p = lowest64(m)
            m &= m - 1
            if self.t.flag[p] >= 0:
                commanders |= <Mask>1 << p
                mil[p] = self.t.strength[p]
        for i in range(self.s.nz):
            card = self.s.zc[i]
            for k in range(self.t.nops[card]):
                op = &self.t.ops[card][k]
                if op.remove or not op.military:
                    continue
                if self.s.zkind[i] == T_PERSON:
                    if (commanders >> self.s.zt[i]) & 1:
                        mil[self.s.zt[i]] += op.amount
                elif op.per_unit:
                    m = self.s.side[self.s.zt[i]] & commanders
                    best = -1
                    while m:
                        p = lowest64(m)
                        m &= m - 1
                        if op.filter.flags >= 0 and not (op.filter.flags >> self.t.flag[p]) & 1:
                            continue
                        if best < 0 or mil[p] > mil[best]:
                            best = p
                    if best >= 0:
                        mil[best] += op.amount
                else:
                    m = self.s.side[self.s.zt[i]] & commanders
                    while m:
                        p = lowest64(m)
                        m &= m - 1
                        if matches(self.t, op.filter, p):
                            mil[p] += op.amount
        return commanders

    cdef Unit unit(self, Mask members, const int* mil) noexcept:
        cdef Unit u
        cdef Mask m = members
        cdef int p
        u.members = members
        u.lead = -1
        u.strength = 0
        while m:
            p = lowest64(m)
            m &= m - 1
            u.strength += mil[p]
            if u.lead < 0 or mil[p] > mil[u.lead]:
                u.lead = p
        u.seat = self.side_of(u.lead)
        u.flag = self.t.flag[u.lead]
        u.party = self.t.party[u.lead]
        return u

    cdef inline int strongest(self, Mask members, const int* mil) noexcept:
        """The first of ``members`` strongest first (ties: the lower card)."""
        cdef int p, best = -1
        while members:
            p = lowest64(members)
            members &= members - 1
            if best < 0 or mil[p] > mil[best]:
                best = p
        return best

    cdef Mask spare_commanders(self, Mask commanders, const int* mil) noexcept:
        """Commanders that may take an army without a commander: those that lead none, and the
        second and further commanders of an army ("Gibt es mehr Heerführer als Armeen, können
        einer Armeekarte mehrere Heerführer zugeordnet werden" — only while there are more)."""
        cdef Mask busy = 0, spare = 0, lead
        cdef int i
        for i in range(self.s.na):
            lead = self.s.alead[i]
            busy |= lead
            if __builtin_popcountll(lead) > 1:
                spare |= lead & ~(<Mask>1 << self.strongest(lead, mil))
        return spare | (commanders & ~busy)

    # -- "So wechselt eine Armee die Seite" ----------------------------------------------------
    cdef int army_candidates(self, int army, int* seats, int* cmds) noexcept:
        """``(seat, commander)`` for each player whose commander a newly played army goes to:
        commanders of its own flag first, then the strongest. Equally strong commanders at
        different players are the seed's "Sonderfall": the player of the army chooses."""
        cdef int mil[N_PERSON]
        cdef Mask commanders = self.forces(mil)
        cdef Mask spare = self.spare_commanders(commanders, mil), pool = 0, m
        cdef int p, best = 0, first = 1, n = 0, seat, k
        cdef int per_seat[MAX_SEATS]
        m = spare
        while m:
            p = lowest64(m)
            m &= m - 1
            if self.t.flag[p] == self.t.flag[army]:
                pool |= <Mask>1 << p
        if not pool:
            pool = spare
        if not pool:
            return 0
        m = pool
        while m:
            p = lowest64(m)
            m &= m - 1
            if first or mil[p] > best:
                best, first = mil[p], 0
        for seat in range(MAX_SEATS):
            per_seat[seat] = -1
        m = pool
        while m:
            p = lowest64(m)
            m &= m - 1
            seat = self.side_of(p)
            if mil[p] == best and per_seat[seat] < 0:
                per_seat[seat] = p
        for seat in range(self.n):
            if per_seat[seat] >= 0:
                seats[n], cmds[n] = seat, per_seat[seat]
                n += 1
        return n

    cdef void give(self, int i, Mask members, int verb, const int* mil) noexcept:
        cdef Unit u = self.unit(members, mil)
        cdef Mask old = self.s.alead[i]
        cdef int was = -1
        if old:
            was = self.side_of(lowest64(old))
            if was == u.seat:
                was = -1
        self.s.alead[i] = members
        self.s.aplace[i] = u.seat
        self.emit(EV_GIVE, self.s.ac[i] | verb << 8 | u.seat << 10 | (was + 1) << 13,
                  <int>(members & 0x1FFFFF), <int>(members >> 21))

    cdef void settle_armies(self) noexcept:
        """Armies after a change on the table, step by step until nothing moves:

        1. an army without a commander takes a spare commander, one each: commanders of its own
           flag first, the strongest commander choosing first ("Der stärkste Heerführer hat das
           Recht, sich als erster eine Armee auszusuchen");
        2. the free commanders of one flag at one player, added up, take over an army from a
           less suitable leader (a stronger one within the flag, or one of the army's own flag);
           the deposed commanders stay where they lie;
        3. a free commander joins the strongest army his own player leads with his flag (several
           commanders on one army when there are more commanders than armies).
        """
        cdef int mil[N_PERSON]
        cdef Mask commanders, spare, busy, free, m, group, lead
        cdef Unit units[MAX_SEATS * 3]
        cdef Unit u, other
        cdef int nunits, i, j, c, best_i, best_c = -1, k, seat, flag, a
        cdef bint moved
        if self.s.na == 0:
            return
        commanders = self.forces(mil)
        for i in range(self.s.na):
            self.s.alead[i] &= commanders
        while True:
            # 1. idle armies take spare commanders
            spare = self.spare_commanders(commanders, mil)
            best_i = -1
            if spare:
                for i in range(self.s.na):
                    if self.s.alead[i]:
                        continue
                    a = self.s.ac[i]
                    m = spare
                    while m:
                        c = lowest64(m)
                        m &= m - 1
                        if best_i < 0 or self.better_spare(c, i, best_c, best_i, mil):
                            best_i, best_c = i, c
            if best_i >= 0:
                for j in range(self.s.na):  # a surplus commander leaves his army
                    self.s.alead[j] &= ~(<Mask>1 << best_c)
                self.give(best_i, <Mask>1 << best_c, 0, mil)
                continue
            # the free commanders, one unit per player and flag, strongest first
            busy = 0
            for i in range(self.s.na):
                busy |= self.s.alead[i]
            free = commanders & ~busy
            nunits = 0
            for seat in range(self.n):
                for flag in range(3):
                    group = 0
                    m = free & self.s.side[seat]
                    while m:
                        c = lowest64(m)
                        m &= m - 1
                        if self.t.flag[c] == flag:
                            group |= <Mask>1 << c
                    if group:
                        units[nunits] = self.unit(group, mil)
                        nunits += 1
            for i in range(1, nunits):  # insertion sort by (-strength, seat, flag)
                u = units[i]
                j = i - 1
                while j >= 0 and (units[j].strength < u.strength or (
                        units[j].strength == u.strength
                        and units[j].seat * 3 + units[j].flag > u.seat * 3 + u.flag)):
                    units[j + 1] = units[j]
                    j -= 1
                units[j + 1] = u
            # 2. a more suitable unit takes over an army
            moved = False
            for k in range(nunits):
                u = units[k]
                best_i = -1
                for i in range(self.s.na):
                    lead = self.s.alead[i]
                    if not lead:
                        continue
                    a = self.s.ac[i]
                    other = self.unit(lead, mil)
                    if not self.more_suitable(u, other, a):
                        continue
                    if best_i < 0 or self.preferred_army(a, i, self.s.ac[best_i], best_i, u.flag):
                        best_i = i
                if best_i >= 0:
                    self.give(best_i, u.members, 1, mil)
                    moved = True
                    break
            if moved:
                continue
            # 3. a free commander joins his own player's strongest army of his flag
            for k in range(nunits):
                u = units[k]
                best_i = -1
                for i in range(self.s.na):
                    lead = self.s.alead[i]
                    if not lead:
                        continue
                    c = lowest64(lead)
                    if self.side_of(c) != u.seat or self.t.flag[c] != u.flag:
                        continue
                    if best_i < 0 or self.t.strength[self.s.ac[i]] > self.t.strength[self.s.ac[best_i]]:
                        best_i = i
                if best_i >= 0:
                    self.give(best_i, self.s.alead[best_i] | u.members, 2, mil)
                    moved = True
                    break
            if not moved:
                return

    cdef inline bint better_spare(self, int c, int i, int best_c, int best_i, const int* mil) noexcept:
        """(own flag, commander strength, army strength, earlier army, lower card) is larger."""
        cdef int a = self.s.ac[i], b = self.s.ac[best_i]
        cdef int x0 = self.t.flag[c] == self.t.flag[a], y0 = self.t.flag[best_c] == self.t.flag[b]
        if x0 != y0:
            return x0 > y0
        if mil[c] != mil[best_c]:
            return mil[c] > mil[best_c]
        if self.t.strength[a] != self.t.strength[b]:
            return self.t.strength[a] > self.t.strength[b]
        if i != best_i:
            return i < best_i
        return c < best_c

    cdef inline bint more_suitable(self, Unit u, Unit lead, int army) noexcept:
        """How well a unit suits an army: own flag first, then military strength."""
        cdef int x = u.flag == self.t.flag[army], y = lead.flag == self.t.flag[army]
        if x != y:
            return x > y
        return u.strength > lead.strength

    cdef inline bint preferred_army(self, int a, int i, int b, int j, int flag) noexcept:
        """(the unit's own flag, army strength, earlier army) is larger."""
        cdef int x = self.t.flag[a] == flag, y = self.t.flag[b] == flag
        if x != y:
            return x > y
        if self.t.strength[a] != self.t.strength[b]:
            return self.t.strength[a] > self.t.strength[b]
        return i < j

    # -- "Auswertung eines Kartenstichs" -------------------------------------------------------
    cdef void decide(self, Result* r, bint log) noexcept:
        """Military decision if an army with a commander lies out, else the political one."""
        cdef int i
        r.ncredits = 0
        for i in range(self.s.na):
            if self.s.alead[i]:
                self.decide_military(r, log)
                return
        self.decide_political(r, log)

    cdef inline void credit(self, Result* r, int seat, int party, int points) noexcept:
        r.cseat[r.ncredits] = seat
        r.cparty[r.ncredits] = party
        r.cpoints[r.ncredits] = points
        r.ncredits += 1

    cdef void emit_totals(self, int final, const int* totals) noexcept:
        self.emit(EV_TOTALS, final, (totals[0] & 0xFFFF) | (totals[1] << 16),
                  (totals[2] & 0xFFFF) | (totals[3] << 16))

    cdef void decide_political(self, Result* r, bint log) noexcept:
        """The strongest party wins; its majority holder credits the party's whole total. Patt
        ("Patt kann Taktik sein"): two strongest parties equal, or no single top holder; then
        each top holder of a strongest party credits his own points of it."""
        cdef int val[N_PERSON]
        cdef int own[N_PARTIES][MAX_SEATS]
        cdef int totals[N_PARTIES]
        cdef int hold[N_PARTIES][MAX_SEATS]
        cdef int nhold[N_PARTIES]
        cdef int seat, q, p, best, nstrong = 0, k, last = -1
        cdef Mask m
        r.military = False
        r.winner = -1
        self.person_values(val)
        memset(own, 0, sizeof(own))
        for seat in range(self.n):
            m = self.s.side[seat]
            while m:
                p = lowest64(m)
                m &= m - 1
                own[self.t.party[p]][seat] += val[p]
        for q in range(N_PARTIES):
            totals[q] = 0
            for seat in range(self.n):
                totals[q] += own[q][seat]
        if log:
            self.emit_totals(0, totals)
        best = totals[0]
        for q in range(1, N_PARTIES):
            if totals[q] > best:
                best = totals[q]
        if best <= 0:
            if log:
                self.emit(EV_POL_NONE, 0, 0, 0)
            return
        for q in range(N_PARTIES):
            nhold[q] = 0
            if totals[q] == best:
                nstrong += 1
                last = q
                nhold[q] = holders(self.n, own[q], 1, hold[q])
        if nstrong == 1 and nhold[last] == 1:
            r.winner = hold[last][0]
            self.credit(r, r.winner, last, totals[last])
            if log:
                self.emit(EV_POL_WIN, last, r.winner, totals[last])
            return
        for q in range(N_PARTIES):
            if totals[q] == best:
                for k in range(nhold[q]):
                    self.credit(r, hold[q][k], q, own[q][hold[q][k]])
        if log:
            self.emit(EV_POL_PATT, 0 if nstrong > 1 else 1, 0, 0)

    cdef void decide_military(self, Result* r, bint log) noexcept:
        """Armies with commanders decide ("Auswertung ... mit Armeekarte"): army + commander
        points, added up by the commanders' party. "Liegen Armeen unterschiedlicher Parteien aus,
        erhält der Spieler der stärkeren Partei die Punkte. Verteilt sich die siegreiche Partei
        auf Armeen bei verschiedenen Spielern, erhält der Spieler mit der stärkeren Armee die
        Punkte beider Armeen": the player with the single strongest army of the strongest party
        credits all of it, halved and rounded down. If the strongest is reactionary, every Rot
        card on the table is subtracted first (not from armies under a Bundesfahne commander);
        the result may be negative ("Es kann auch negativ enden"). Two strongest parties equal,
        or its strongest armies equal at different players: Patt, and each player in it credits
        his own armies' points, halved."""
        cdef int mil[N_PERSON]
        cdef int own[N_PARTIES][MAX_SEATS]
        cdef int totals[N_PARTIES]
        cdef int army_best[N_PARTIES][MAX_SEATS]
        cdef bint army_has[N_PARTIES][MAX_SEATS]
        cdef int hold[N_PARTIES][MAX_SEATS]
        cdef int nhold[N_PARTIES]
        cdef int i, seat, q, pts, best, nstrong = 0, last = -1, k, total, rot
        cdef bint exposed = False
        cdef Unit u
        r.military = True
        r.winner = -1
        self.forces(mil)
        memset(own, 0, sizeof(own))
        memset(army_has, 0, sizeof(army_has))
        for i in range(self.s.na):
            if not self.s.alead[i]:
                continue
            u = self.unit(self.s.alead[i], mil)
            pts = self.t.strength[self.s.ac[i]] + u.strength
            own[u.party][u.seat] += pts
            if not army_has[u.party][u.seat] or pts > army_best[u.party][u.seat]:
                army_best[u.party][u.seat] = pts
                army_has[u.party][u.seat] = True
            if u.party == self.t.reactionary and u.flag != BUND:
                exposed = True
            if log:
                self.emit(EV_MIL_ARMY, self.s.ac[i], u.seat | u.party << 4, pts)
        for q in range(N_PARTIES):
            totals[q] = 0
            for seat in range(self.n):
                totals[q] += own[q][seat]
        best = totals[0]
        for q in range(1, N_PARTIES):
            if totals[q] > best:
                best = totals[q]
        for q in range(N_PARTIES):
            nhold[q] = 0
            if totals[q] == best and best > 0:
                nstrong += 1
                last = q
                nhold[q] = self.strongest_army_seats(army_best[q], army_has[q], hold[q])
        if nstrong != 1 or nhold[last] != 1:
            for q in range(N_PARTIES):
                if totals[q] == best and best > 0:
                    for k in range(nhold[q]):
                        self.credit(r, hold[q][k], q, floordiv2(own[q][hold[q][k]]))
            if log:
                self.emit(EV_MIL_PATT, 0, 0, 0)
            return
        r.winner = hold[last][0]
        total = totals[last]
        if last == self.t.reactionary:
            rot = 0
            for i in range(self.s.nz):
                rot += self.t.rot[self.s.zc[i]]
            if rot and exposed:
                total -= rot
                if log:
                    self.emit(EV_ROT, rot, 0, 0)
        self.credit(r, r.winner, last, floordiv2(total))
        if log:
            self.emit(EV_MIL_WIN, last | r.winner << 4, total, floordiv2(total))

    cdef int strongest_army_seats(self, const int* best, const bint* present, int* out) noexcept:
        """The seats holding the strongest single army of a party (only positive ones count)."""
        cdef int seat, top = 0, n = 0
        cdef bint any_ = False
        for seat in range(self.n):
            if present[seat] and (not any_ or best[seat] > top):
                top, any_ = best[seat], True
        if not any_ or top <= 0:
            return 0
        for seat in range(self.n):
            if present[seat] and best[seat] == top:
                out[n] = seat
                n += 1
        return n

    # -- a turn: play, Schieben, pass ----------------------------------------------------------
    cdef void bring_back_passed(self, int card) noexcept:
        """"Nachdem eine Armeekarte ausgespielt wurde, kommen auch die Spieler, die gepasst
        haben, wieder ins Spiel" — as the cards with the re-entry symbol already did (card data)."""
        if self.s.passed:
            self.emit(EV_BACK, card, 0, 0)
            self.s.passed = 0

    cdef int play(self, int seat, int card) except -1:
        cdef int buf[N_PERSON + MAX_SEATS]
        cdef int nt, nch
        if card < N_PERSON:
            self.take_from_hand(seat, card)
            self.s.side[seat] |= <Mask>1 << card
            self.s.seq[self.s.nseq] = card
            self.s.nseq += 1
            self.emit(EV_PLAY, seat, card, 0)
            self.settle_armies()
            return self.next_turn(seat)
        if self.t.kind[card] == K_ARMY:
            self.take_from_hand(seat, card)
            self.s.ac[self.s.na] = card
            self.s.aplace[self.s.na] = seat
            self.s.alead[self.s.na] = 0
            self.s.na += 1
            self.emit(EV_ARMY, seat, card, 0)
            self.bring_back_passed(card)
            nch = self.army_candidates(card, self.s.ach_seat, self.s.ach_cmd)
            if nch > 1:
                self.s.phase, self.s.assign_army, self.s.nach = ASSIGN, card, nch
                return 0
            if nch == 1:
                self.give_army(card, self.s.ach_cmd[0])
            else:
                self.emit(EV_IDLE, card, 0, 0)
            return self.next_turn(seat)
        nt = self.targets(card, seat, buf)
        if nt == 1:
            self.place_zusatz(seat, card, buf[0])
            return self.next_turn(seat)
        self.s.phase, self.s.pending = TARGET, card
        self.emit(EV_CHOOSES, seat, card, 0)
        return 0

    cdef void place_zusatz(self, int seat, int card, int target_action) noexcept:
        cdef int kind, x, k, i
        self.take_from_hand(seat, card)
        if target_action >= A_SIDE:
            kind, x = T_SIDE, target_action - A_SIDE
        else:
            kind, x = T_PERSON, target_action - A_PERSON
        i = self.s.nz
        self.s.zc[i], self.s.zby[i], self.s.zkind[i], self.s.zt[i] = card, seat, kind, x
        self.s.nz += 1
        self.emit(EV_PUT, seat, card, kind << 8 | x)
        if self.t.reenter[card]:
            self.bring_back_passed(card)
        if kind == T_PERSON:
            for k in range(self.t.nops[card]):
                if self.t.ops[card][k].remove:
                    for i in range(self.n):
                        self.s.side[i] &= ~(<Mask>1 << x)
                    self.s.removed |= bit(x)
                    self.emit(EV_LEAVES, x, 0, 0)
                    break
        self.settle_armies()

    cdef void give_army(self, int army, int commander) noexcept:
        cdef int seat = self.side_of(commander), i
        for i in range(self.s.na):  # a surplus commander leaves the army he shared
            if self.s.ac[i] == army:
                self.s.aplace[i] = seat
                self.s.alead[i] = <Mask>1 << commander
            else:
                self.s.alead[i] &= ~(<Mask>1 << commander)
        self.emit(EV_GOES, army, commander, seat)
        self.settle_armies()

    cdef int push(self, int seat, int card) except -1:
        """Schieben: the card goes face down under its own draw pile; the player stays in."""
        cdef int pile = pile_of(card)
        self.take_from_hand(seat, card)
        self.s.bottom[pile][self.s.nbottom[pile]] = card
        self.s.pusher[pile][self.s.nbottom[pile]] = seat
        self.s.nbottom[pile] += 1
        self.emit(EV_PUSH, seat, pile, card)
        return self.next_turn(seat)

    cdef int pass_(self, int seat) except -1:
        self.s.passed |= 1 << seat
        if self.s.first_passer < 0:
            self.s.first_passer = seat
        self.emit(EV_PASS, seat, 0, 0)
        return self.next_turn(seat)

    cdef int next_turn(self, int seat) except -1:
        cdef int step, other
        if self.s.passed == (1 << self.n) - 1:
            return self.end_stich()
        for step in range(1, self.n + 1):
            other = (seat + step) % self.n
            if not (self.s.passed >> other) & 1:
                self.s.to_move = other
                return 0
        return 0

    # -- the end of a Stich --------------------------------------------------------------------
    cdef int end_stich(self) except -1:
        cdef Result r
        cdef int k, current, w, seat, rules_target
        cdef U128 leaving = 0, table_z = 0
        cdef Mask m
        self.s.last_ev0 = <int>self._nevents
        self.decide(&r, True)
        self.s.last_ev1 = <int>self._nevents
        self.s.last_kind = 2 if r.military else 1
        for k in range(r.ncredits):
            self.s.tally[r.cseat[k]][r.cparty[k]] += r.cpoints[k]
            self.emit(EV_CREDIT, r.cseat[k], r.cparty[k], r.cpoints[k])
        current = self.ablauf_now()
        if r.winner >= 0:
            w = r.winner
            self.s.won[w] |= 1 << current
            self.s.ablauf_pos += 1
            self.s.patt_count = 0
            self.s.opener = w
            self.emit(EV_WIN, w, r.military, current)
        else:
            self.s.patt_count += 1
            self.s.patts += 1
            self.s.opener = (self.s.first_passer + 1) % self.n
            self.emit(EV_PATT, current, self.s.opener, 0)
            if self.patt_limit and self.s.patt_count >= self.patt_limit:
                self.s.set_aside |= 1 << current
                self.s.ablauf_pos += 1
                self.s.patt_count = 0
                self.emit(EV_ASIDE, current, 0, 0)
        # "Manchmal fliegen Karten raus": every army card, and both cards of a pair that met
        for k in range(self.s.na):
            leaving |= bit(self.s.ac[k])
        for k in range(self.s.nz):
            table_z |= bit(self.s.zc[k])
        for k in range(self.s.nz):
            if self.t.pair[self.s.zc[k]] >= 0 and has(table_z, self.t.pair[self.s.zc[k]]):
                leaving |= bit(self.s.zc[k])
        for seat in range(self.n):
            self.s.discard |= <U128>self.s.side[seat]
        self.s.discard |= table_z & ~leaving
        self.s.removed |= leaving
        if leaving:
            self.emit(EV_OUT, <int>(leaving & 0x3FFFFFF), <int>((leaving >> 26) & 0x3FFFFFF),
                      <int>(leaving >> 52))
        memset(self.s.side, 0, sizeof(self.s.side))
        self.s.nseq = self.s.nz = self.s.na = 0
        self.s.passed = 0
        self.s.first_passer = -1
        if self.s.patts >= PATT_HORIZON:
            self.emit(EV_HORIZON, PATT_HORIZON, 0, 0)
            self.finish()
            return 0
        rules_target = ABLAUF_TO_WIN[self.n]
        if self.s.ablauf_pos >= self.ndeck:
            self.finish()
            return 0
        if self.extended:
            for seat in range(self.n):
                if __builtin_popcountll(self.s.won[seat]) >= rules_target:
                    self.finish()
                    return 0
        self.s.round_no += 1
        self.s.ndraws = 0
        for k in range(self.n):
            self.plan_draws((self.s.opener + k) % self.n)
        self.s.phase = DRAW
        self.settle_draws()
        return 0

    # -- "Bei vier ist Schluss" and "Und so wird abgerechnet" ----------------------------------
    cdef void finish(self) noexcept:
        """The game is over: victory points (``score``) and the winners (``winners_of``)."""
        cdef Score sc
        cdef int k, seat, packed = 0
        cdef int won[MAX_SEATS]
        score(self.n, &self.s.tally[0][0], &sc)
        self.emit_totals(1, sc.sums)
        for k in range(sc.nawards):
            if sc.rank[k] < 0:
                self.emit(EV_MAJORITY, sc.party[k], sc.seat[k], 0)
            else:
                self.emit(EV_RANK, sc.party[k], sc.rank[k], sc.seat[k] | sc.points[k] << 4)
        for seat in range(self.n):
            self.s.vp[seat] = sc.vp[seat]
            won[seat] = __builtin_popcountll(self.s.won[seat])
            packed |= sc.vp[seat] << (4 * seat)
        self.s.winners = winners_of(self.n, sc.vp, won)
        self.s.scored = True
        self.s.phase = OVER
        self.s.to_move = TERMINAL_PLAYER
        self.emit(EV_OVER, self.s.winners, packed, 0)

    # -- "Das kommt hinzu": dealing and drawing ------------------------------------------------
    cdef void plan_draws(self, int seat) noexcept:
        cdef int kinds[4]
        cdef int hp = count(self.s.hands[seat] & PERSONS)
        cdef int k, n = plan(self.extended, hp, count(self.s.hands[seat]) - hp, kinds)
        for k in range(n):
            self.queue(seat, kinds[k])

    cdef inline void queue(self, int seat, int kind) noexcept:
        self.s.dseat[self.s.ndraws] = seat
        self.s.dkind[self.s.ndraws] = kind
        self.s.ndraws += 1

    cdef inline void pop_draw(self) noexcept:
        cdef int k
        for k in range(1, self.s.ndraws):
            self.s.dseat[k - 1] = self.s.dseat[k]
            self.s.dkind[k - 1] = self.s.dkind[k]
        self.s.ndraws -= 1

    cdef inline bint available(self, int pile) noexcept:
        return ((self.s.stock | self.s.discard) & pile_mask(pile)) != 0 or self.s.nbottom[pile] > 0

    cdef void settle_draws(self) noexcept:
        """Carry out the draw queue until a chance draw or a player's choice is due."""
        cdef int seat, kind, pile, card, pusher, k
        cdef bint has_p, has_z
        while self.s.phase == DRAW:
            if self.s.ndraws == 0:
                self.s.phase = PLAY
                self.s.to_move = self.s.opener
                self.emit(EV_ROUND, self.s.round_no, self.ablauf_now(), self.s.opener)
                return
            seat, kind = self.s.dseat[0], self.s.dkind[0]
            if kind == KIND_CHOICE:
                has_p, has_z = self.available(0), self.available(1)
                if has_p and has_z:
                    self.s.to_move = seat
                    return
                if not (has_p or has_z):
                    self.pop_draw()
                else:
                    self.s.dkind[0] = KIND_P if has_p else KIND_Z
                continue
            pile = kind
            if self.s.stock & pile_mask(pile):
                self.s.to_move = CHANCE_PLAYER
                return
            if self.s.nbottom[pile]:
                card, pusher = self.s.bottom[pile][0], self.s.pusher[pile][0]
                for k in range(1, self.s.nbottom[pile]):
                    self.s.bottom[pile][k - 1] = self.s.bottom[pile][k]
                    self.s.pusher[pile][k - 1] = self.s.pusher[pile][k]
                self.s.nbottom[pile] -= 1
                self.s.hands[seat] |= bit(card)
                if pusher != seat:
                    self.s.known[pusher] |= bit(card)
                self.pop_draw()
                self.emit(EV_DRAW, seat, pile | 2, card)
                continue
            if self.s.discard & pile_mask(pile):
                self.s.stock |= self.s.discard & pile_mask(pile)
                self.s.discard &= ~pile_mask(pile)
                self.emit(EV_RESHUFFLE, pile, 0, 0)
                continue
            self.pop_draw()

    cdef void draw_card(self, int card) noexcept:
        cdef int seat = self.s.dseat[0], pile = self.s.dkind[0]
        self.s.stock &= ~bit(card)
        self.s.hands[seat] |= bit(card)
        self.pop_draw()
        self.emit(EV_DRAW, seat, pile, card)

    # -- the kernel's hooks --------------------------------------------------------------------
    cdef int _current(self) noexcept:
        if self.s.phase == OVER:
            return TERMINAL_PLAYER
        return self.s.to_move

    cdef int _legal(self, int* out) noexcept:
        cdef int seat = self.s.to_move, n = 0, c, k
        cdef U128 hand
        if self.s.phase == DRAW:
            out[0], out[1] = A_DRAW_PERSON, A_DRAW_ZUSATZ
            return 2
        if self.s.phase == TARGET:
            return self.targets(self.s.pending, seat, out)
        if self.s.phase == ASSIGN:
            for k in range(self.s.nach):
                out[k] = A_ASSIGN + self.s.ach_seat[k]
            return self.s.nach
        hand = self.s.hands[seat]
        while hand:
            c = lowest(hand)
            hand &= hand - 1
            if self.t.kind[c] != K_ZUSATZ or self.has_target(c, seat):
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

    cdef int _sample_chance(self, double u) except -1:
        cdef U128 cards = self.s.stock & pile_mask(self.s.dkind[0])
        cdef int k
        for k in range(<int>(u * count(cards))):
            cards &= cards - 1
        return lowest(cards)

    cdef int _apply(self, int action) except -1:
        cdef int seat = self.s.to_move, k
        if self.s.phase == DRAW:
            if seat == CHANCE_PLAYER:
                self.draw_card(action)
            else:
                self.s.dkind[0] = KIND_P if action == A_DRAW_PERSON else KIND_Z
                self.emit(EV_CHOOSE, seat, self.s.dkind[0], 0)
            self.settle_draws()
            return 0
        if self.s.phase == TARGET:
            self.place_zusatz(seat, self.s.pending, action)
            self.s.pending = -1
            self.s.phase = PLAY
            return self.next_turn(seat)
        if self.s.phase == ASSIGN:
            for k in range(self.s.nach):
                if self.s.ach_seat[k] == action - A_ASSIGN:
                    self.give_army(self.s.assign_army, self.s.ach_cmd[k])
                    break
            self.s.assign_army, self.s.nach = -1, 0
            self.s.phase = PLAY
            return self.next_turn(seat)
        if action < A_PUSH:
            return self.play(seat, action)
        if action < A_PASS:
            return self.push(seat, action - A_PUSH)
        return self.pass_(seat)

    cdef object _returns(self):
        cdef int seat, k = __builtin_popcountll(self.s.winners)
        if self.s.phase != OVER:
            return [0.0] * self.n
        return [1.0 / k if (self.s.winners >> seat) & 1 else 0.0 for seat in range(self.n)]

    cdef int zusatz_side(self, int i) noexcept:
        """The side a Zusatzkarte on the table is shown on: the side it lies on, the side of its
        person, or (its person has left the game) its player's."""
        cdef int side
        if self.s.zkind[i] == T_SIDE:
            return self.s.zt[i]
        side = self.side_of(self.s.zt[i])
        return side if side >= 0 else self.s.zby[i]

    cdef void _encode(self, int seat, float* out) noexcept:
        """``observe.encode`` of the observation, from the typed state (tested equal)."""
        cdef int val[N_PERSON]
        cdef int totals[N_PARTIES]
        cdef int i, s, c, q, p, base, pile, cur
        cdef U128 m
        cdef Mask pm
        cdef int tm = self._current()
        if seat >= 0:
            out[seat] = 1
        out[4 + (tm if tm >= 0 else MAX_SEATS + (0 if tm == CHANCE_PLAYER else 1))] = 1
        out[10 + self.s.phase] = 1
        base = 15
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
        base += N_CARDS * 10
        self.person_values(val)
        for q in range(N_PARTIES):
            totals[q] = 0
        for s in range(self.n):
            pm = self.s.side[s]
            while pm:
                p = lowest64(pm)
                pm &= pm - 1
                out[base + p] = <float>(val[p] / 10.0)
                totals[self.t.party[p]] += val[p]
        base += N_PERSON
        for s in range(self.n):
            for q in range(N_PARTIES):
                out[base + s * 4 + q] = <float>(self.s.tally[s][q] / 20.0)
        base += MAX_SEATS * N_PARTIES
        for s in range(self.n):
            out[base + s * 4] = <float>(__builtin_popcountll(self.s.won[s]) / 6.0)
            out[base + s * 4 + 1] = (self.s.passed >> s) & 1
            if self.s.scored:
                out[base + s * 4 + 2] = <float>(self.s.vp[s] / 5.0)
            out[base + s * 4 + 3] = 1
        base += MAX_SEATS * 4
        for s in range(self.n):
            c = count(self.s.hands[s] & PERSONS)
            out[base + s * 2] = <float>(c / 6.0)
            out[base + s * 2 + 1] = <float>((count(self.s.hands[s]) - c) / 6.0)
        base += MAX_SEATS * 2
        cur = self.ablauf_now()
        if cur >= 0:
            out[base + cur] = 1
        base += N_ABLAUF
        out[base] = <float>(self.s.patt_count / 3.0)
        base += 1
        for q in range(N_PARTIES):
            out[base + q] = <float>(totals[q] / 20.0)
        base += N_PARTIES
        for pile in range(2):
            out[base + pile * 2] = <float>(count(self.s.stock & pile_mask(pile)) / 40.0)
            out[base + pile * 2 + 1] = <float>(self.s.nbottom[pile] / 10.0)

    # -- accessors for the views (Python values) -----------------------------------------------
    @property
    def phase(self):
        return ("draw", "play", "target", "assign", "over")[self.s.phase]

    @property
    def to_move(self):
        return self.s.to_move

    @property
    def opener(self):
        return self.s.opener

    @property
    def pending(self):
        return self.s.pending

    @property
    def first_passer(self):
        return self.s.first_passer

    @property
    def passed(self):
        return tuple(bool((self.s.passed >> seat) & 1) for seat in range(self.n))

    @property
    def hands(self):
        return tuple(to_int(self.s.hands[seat]) for seat in range(self.n))

    @property
    def stock(self):
        """The face-down draw piles: (persons, Zusatz) masks."""
        return (to_int(self.s.stock & PERSONS), to_int(self.s.stock & ~PERSONS))

    @property
    def discard(self):
        return (to_int(self.s.discard & PERSONS), to_int(self.s.discard & ~PERSONS))

    @property
    def removed(self):
        return to_int(self.s.removed)

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
        self.forces(mil)
        return tuple((self.s.ac[i], self.s.aplace[i],
                      self.strongest_first(self.s.alead[i], mil) if self.s.alead[i] else None)
                     for i in range(self.s.na))

    cdef tuple strongest_first(self, Mask members, const int* mil):
        cdef list out = []
        while members:
            p = self.strongest(members, mil)
            out.append(p)
            members &= ~(<Mask>1 << p)
        return tuple(out)

    def army_leaders(self):
        """Per army on the table: ``None`` (idle) or ``(seat, flag, commanders, strength,
        party)`` of the unit leading it."""
        cdef int mil[N_PERSON]
        cdef Unit u
        self.forces(mil)
        out = []
        for i in range(self.s.na):
            if not self.s.alead[i]:
                out.append(None)
                continue
            u = self.unit(self.s.alead[i], mil)
            out.append((u.seat, u.flag, self.strongest_first(u.members, mil), u.strength, u.party))
        return tuple(out)

    def person_value_map(self):
        """Political value of every person on the table, with the Zusatz modifiers."""
        cdef int val[N_PERSON]
        self.person_values(val)
        return {p: val[p] for ps in self.persons for p in ps}

    def military(self):
        """Military strength of every commander on the table, with the modifiers."""
        cdef int mil[N_PERSON]
        cdef Mask commanders = self.forces(mil)
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
        self.decide(&r, False)
        return (bool(r.military), r.winner,
                tuple((r.cseat[k], r.cparty[k], r.cpoints[k]) for k in range(r.ncredits)))

    def may_reach(self, int card, int seat, int side):
        """May ``seat`` put Zusatzkarte ``card`` on ``side`` (or a person lying there)?"""
        return self.allowed_side(card, seat, side)

    def valid_targets(self, int card, int seat):
        """Action ids of the targets ``seat`` may give Zusatzkarte ``card`` now."""
        cdef int buf[N_PERSON + MAX_SEATS]
        cdef int k, n = self.targets(card, seat, buf)
        return [buf[k] for k in range(n)]

    @property
    def assign_army(self):
        return self.s.assign_army

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

    @property
    def ablauf_pos(self):
        return self.s.ablauf_pos

    def current_ablauf(self):
        """The Ablaufkarte played for (-1 when the sequence is used up)."""
        return self.deck[self.s.ablauf_pos] if self.s.ablauf_pos < self.ndeck else -1

    @property
    def won(self):
        return tuple(tuple(a for a in range(N_ABLAUF) if (self.s.won[seat] >> a) & 1)
                     for seat in range(self.n))

    @property
    def set_aside(self):
        return tuple(a for a in range(N_ABLAUF) if (self.s.set_aside >> a) & 1)

    @property
    def patt_count(self):
        return self.s.patt_count

    @property
    def patts(self):
        return self.s.patts

    @property
    def round_no(self):
        return self.s.round_no

    @property
    def tally(self):
        return tuple(tuple(self.s.tally[seat][q] for q in range(N_PARTIES))
                     for seat in range(self.n))

    @property
    def vp(self):
        return tuple(self.s.vp[seat] for seat in range(self.n)) if self.s.scored else None

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

    # -- for resample: the hidden cards of a world consistent with what a seat saw -------------
    def _set_hidden(self, hands, stock, bottom, int seat):
        """Put ``hands``, the ``stock`` mask and the cards pushed under the piles (one list per
        pile, same pushers) in place; keep only what ``seat`` knows; redact every private event
        of another seat (``resample`` only: the world's log must not tell the real deal)."""
        cdef int k, pile, i
        cdef int* e
        for k in range(self.n):
            self.s.hands[k] = from_int(hands[k])
            if k != seat:
                self.s.known[k] = 0
        self.s.stock = from_int(stock)
        for pile in range(2):
            for i in range(self.s.nbottom[pile]):
                self.s.bottom[pile][i] = bottom[pile][i]
        e = self._events
        for i in range(self._nevents):
            if (e[4 * i] == EV_DRAW or e[4 * i] == EV_PUSH) and e[4 * i + 1] != seat:
                e[4 * i + 3] = -1
        self._epoch += 1
        self._nlegal = -1

# cython: language_level=3
"""The rules of Soldier's Gambit, in the order of docs/rules/gambit.md ("A turn", "Scoring", "A round"),
compiled over a typed state (see ``garrison.core.compiled``).

Dice are counts per face (``kept[f]``: dice of face ``f`` set aside this turn; ``roll``: the last
roll, ``taken``: the dice set aside from it). A hand's score and whether it is the Treasure Hunt
prize come from ``scoring.py`` (the combination table), read once per game into C arrays.
The rules record typed events (``cdef enum Event`` below, fields by name) that ``log.py`` turns into
text when someone reads them.
"""
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport uint64_t
from libc.string cimport memset

from garrison.core.compiled cimport CHANCE_PLAYER, ERR_KEPT, TERMINAL_PLAYER, CompiledState

from garrison.core.dice import likeliest_first, multisets

from .scoring import has_combination, score

cdef enum:
    MAX_SEATS = 8
    HAND_CODES = 117649      # 7 ** 6: a hand as base-7 counts of faces 1..6

# modes
cdef enum:
    LIVES = 0
    COINS = 1
    TRADER = 2
    TREASURE = 3

MODES = ("lives", "coins", "trader", "treasure")
ROLL = 6
cdef int C_ROLL = ROLL  # ROLL for the rules that run without the GIL

# The events the rules record, declared once (tools/declare.py: ``emit_<name>`` in C, the
# ``<Name>Event`` tuples ``log.py`` reads, ``EVENTS``): fields by name, a word each.
cdef enum Event:
    EV_ROUND = 0         # {round_no; first} a round begins: its number, the seat that starts
    EV_ROLLS = 1         # {seat; dice; outcome} a seat rolls: how many dice, the outcome id
    EV_KEEPS = 2         # {seat; face} a seat keeps a die
    EV_SCORES = 3        # {seat; points; hand} a seat's score and its hand's code
    EV_NOBODY_LOSES = 4  # {} everyone still in would go out: nobody loses
    EV_LOSES = 5         # {seat; left} a seat loses a life (or coin): how many are left
    EV_OUT = 6           # {seat} a seat is out
    EV_ALL_EQUAL = 7     # {} all scores equal: nobody pays
    EV_PAYS = 8          # {loser; stake; winner} the loser pays the stake to the winner
    EV_NOBODY_PAYS = 9   # {} everyone still in would go broke: nobody pays
    EV_INTO_POOL = 10    # {seat; pool} a seat pays a coin into the pool
    EV_BUYS_IN = 11      # {seat; coins} a seat buys in again
    EV_BROKE = 12        # {seat} a seat has no coins left
    EV_TREASURE = 13     # {seat; pool} a seat rolled the prize and takes the pool
    EV_WINS = 14         # {seat} a seat wins
    EV_ENDS = 15         # {still_in} the game ends: the seats still in (a bitmask)

cdef struct Table:
    # per dice count: the combination values and prizes, and each roll outcome as face counts
    int score[HAND_CODES]
    char prize[HAND_CODES]


cdef struct Gambit:
    int lives[MAX_SEATS]      # {:n}
    int coins[MAX_SEATS]      # {:n}
    int invested[MAX_SEATS]   # {:n}
    int active[MAX_SEATS]     # {:n bool}
    int scores[MAX_SEATS]     # {= tuple([None if x < 0 else x for x in self.s.scores[:self.n]]) -> tuple[int | None, ...]} each seat's score this round (None, -1 in C: not posted)
    int order[MAX_SEATS]      # {:norder} the seats still in, in the order they roll this round
    int norder                # {hidden}
    int turn, first, round_no, pool
    int kept[7]               # {= _faces(self.s.kept) -> tuple[int, ...]} the dice set aside this turn (counts per face 1..6 in C)
    int roll[7]               # {= _faces(self.s.roll) if self.s.rolled else None -> tuple[int, ...] | None} the current roll (counts per face in C), None before it is rolled
    int taken[7]              # {= _faces(self.s.taken) -> tuple[int, ...]} the dice set aside from the current roll
    int nkept, ntaken, rolled # {hidden}
    int finished              # {bool}
    int winners               # {bits:n} the winners (a bitmask of seats in C)


cdef int hand_code(int* counts) noexcept nogil:
    cdef int f, code = 0
    for f in range(6, 0, -1):
        code = code * 7 + counts[f]
    return code


def hand_of_code(int code):
    """The sorted faces of a hand code (for the views)."""
    out = []
    for f in range(1, 7):
        out.extend([f] * (code % 7))
        code //= 7
    return tuple(out)


_TABLES = {}
# the chance outcomes of a roll of k dice (k = 0..6), likeliest first (a sampler walking the list
# stops early), shared read-only (``_chance`` copies)
_CHANCE_LISTS = [list(likeliest_first(k)) for k in range(7)]

# every roll outcome id of k dice (k = 1..6) as counts per face; the outcomes in list order
# with their cumulative probabilities; filled once at import
cdef int OUTCOME_COUNTS[7][462][7]
cdef int OUTCOME_ID[7][462]
cdef double OUTCOME_CUM[7][462]
cdef int OUTCOME_N[7]


cdef void _fill_outcomes():
    cdef int k, i, f
    cdef double total
    for k in range(1, 7):
        for i, faces in enumerate(multisets(k)):
            for f in faces:
                OUTCOME_COUNTS[k][i][f] += 1
    for k in range(7):
        total = 0.0
        OUTCOME_N[k] = len(_CHANCE_LISTS[k])
        for i, (outcome, p) in enumerate(_CHANCE_LISTS[k]):
            total += p
            OUTCOME_ID[k][i] = outcome
            OUTCOME_CUM[k][i] = total


_fill_outcomes()


cdef class GambitCore(CompiledState):
    """A game of Soldier's Gambit: the typed state and its rules."""

    cdef Gambit s
    cdef public int n  # the number of players (``game.num_players``); Stratego's ``n`` is pieces a side
    cdef public int dice, mode, lives0, stake, coins0, rebuy, limit, tensor_size
    cdef public float money
    cdef object table                  # bytes of a Table (shared, read only)
    cdef const int* score_of
    cdef const char* prize_of
    cdef list chance_lists             # per dice left: roll_outcomes as a list
    # where each part of the observation tensor starts (observe.layout, by name: _encode); the
    # parts of seat k are seat0's moved on by k * seat_stride
    cdef int at_active, at_lives, at_coins, at_score, at_posted, at_to_move, at_is_me, seat_stride
    cdef int at_kept, at_roll, at_taken, at_dice_left, at_pool, at_round, at_awaiting, at_over

    def __cinit__(self, *args, **kwargs):
        self._bind(&self.s, sizeof(Gambit))

    def __init__(self, game):
        self.game = game
        self._setup(game)
        p = game.params
        memset(&self.s, 0, sizeof(Gambit))
        for seat in range(self.n):
            self.s.lives[seat] = p.lives
            self.s.coins[seat] = p.coins if p.mode == "treasure" else 0
            self.s.invested[seat] = self.s.coins[seat]
            self.s.active[seat] = 1
        self.s.round_no = 1
        self.start_round(0)

    cdef void _setup(self, game):
        p = game.params
        self.n = p.players
        self.dice = p.dice
        self.mode = MODES.index(p.mode)
        self.lives0 = p.lives
        self.stake = p.stake
        self.coins0 = p.coins
        self.rebuy = p.rebuy
        self.limit = p.max_rounds if p.mode in ("lives", "coins") else p.rounds
        self.tensor_size = self.n * 7 + 3 * 6 + 5
        self.money = max(p.lives, p.coins, p.stake * p.rounds, 1)
        key = (p.dice, p.prize)
        if key not in _TABLES:
            _TABLES[key] = _table(p.dice, p.prize)
        self.table = _TABLES[key]
        cdef const char* raw = self.table
        self.score_of = <const int*>raw
        self.prize_of = raw + sizeof(int) * HAND_CODES
        self.chance_lists = _CHANCE_LISTS
        self._tensor_at(game.tensor_offsets())

    # -- A round: every player still in takes one turn (seed "Rules"; spec: first player rotates)
    cdef void start_round(self, int first) noexcept nogil:
        """Begin a round with ``first`` (or the next player still in) rolling first."""
        cdef int i, seat
        self.s.norder = 0
        for i in range(self.n):
            seat = (first + i) % self.n
            if self.s.active[seat]:
                self.s.order[self.s.norder] = seat
                self.s.norder += 1
        self.s.first = self.s.order[0]
        self.s.turn = 0
        for i in range(MAX_SEATS):
            self.s.scores[i] = -1
        emit_round(self, round_no=self.s.round_no, first=self.s.first)

    # -- A turn: roll all dice, set aside at least one, reroll the rest (seed "Rules") ---------
    cdef inline int dice_to_roll(self) noexcept nogil:
        return self.dice - self.s.nkept

    cdef inline int mover(self) noexcept nogil:
        return self.s.order[self.s.turn]

    cdef void rolled(self, int outcome) noexcept nogil:
        """Chance has rolled every die not yet set aside."""
        cdef int f, k = self.dice_to_roll()
        for f in range(7):
            self.s.roll[f] = OUTCOME_COUNTS[k][outcome][f]
            self.s.taken[f] = 0
        self.s.ntaken = 0
        self.s.rolled = 1
        emit_rolls(self, seat=self.mover(), dice=k, outcome=outcome)

    cdef inline bint can_keep(self, int face) noexcept nogil:
        """A die showing ``face`` is in the current roll and not yet set aside."""
        return self.s.roll[face] > self.s.taken[face]

    cdef inline bint can_roll(self) noexcept nogil:
        """At least one die of this roll is set aside, and dice remain to roll."""
        return self.s.ntaken > 0 and self.dice_to_roll() > 0

    cdef void set_aside(self, int face) noexcept nogil:
        """The player sets aside one die showing ``face``; the last die ends the turn."""
        self.s.kept[face] += 1
        self.s.nkept += 1
        self.s.taken[face] += 1
        self.s.ntaken += 1
        emit_keeps(self, seat=self.mover(), face=face)
        if self.dice_to_roll() == 0:
            self.end_turn()

    cdef void reroll(self) noexcept nogil:
        """The player rolls the dice not set aside (chance acts next)."""
        cdef int f
        self.s.rolled = 0
        for f in range(7):
            self.s.taken[f] = 0
        self.s.ntaken = 0

    cdef void end_turn(self) noexcept nogil:
        """All dice are set aside: the hand scores (combinations beat every pip sum)."""
        cdef int f, seat = self.mover()
        cdef int code = hand_code(self.s.kept)
        self.s.scores[seat] = self.score_of[code]
        emit_scores(self, seat=seat, points=self.s.scores[seat], hand=code)
        if self.mode == TREASURE and self.prize_of[code]:
            self.treasure_found(seat)
        for f in range(7):
            self.s.kept[f] = 0
            self.s.taken[f] = 0
            self.s.roll[f] = 0
        self.s.nkept = self.s.ntaken = self.s.rolled = 0
        self.s.turn += 1
        if self.s.turn == self.s.norder:
            self.end_round()

    # -- End of a round: the lowest score loses (seed "Rules"; "Variations") -----------------
    cdef void end_round(self) noexcept nogil:
        cdef int i, seat, low = 1000, high = -1, losers = 0, winners = 0
        for i in range(self.s.norder):
            seat = self.s.order[i]
            low = min(low, self.s.scores[seat])
            high = max(high, self.s.scores[seat])
        for i in range(self.s.norder):
            seat = self.s.order[i]
            if self.s.scores[seat] == low:
                losers |= 1 << seat
            if self.s.scores[seat] == high:
                winners |= 1 << seat
        if self.mode == LIVES or self.mode == COINS:
            self.lose_lives(losers)
        elif self.mode == TRADER:
            self.trade(losers, winners)
        else:
            self.pay_into_pool(losers)
        if not self.s.finished:
            if self.s.round_no >= self.limit:
                self.finish(self.active_mask())
            else:
                self.s.round_no += 1
                self.start_round(self.next_active(self.s.first))

    cdef int active_mask(self) noexcept nogil:
        cdef int seat, mask = 0
        for seat in range(self.n):
            if self.s.active[seat]:
                mask |= 1 << seat
        return mask

    cdef int next_active(self, int seat) noexcept nogil:
        cdef int step, s
        for step in range(1, self.n + 1):
            s = (seat + step) % self.n
            if self.s.active[s]:
                return s
        return -1

    cdef void lose_lives(self, int losers) noexcept nogil:
        """Everyone tied for lowest loses a life (coin play: pays a coin into the pool).

        Spec reading: if every player still in would go out this round, nobody loses a life."""
        cdef int i, seat, still_in = 0, count = 0, last = -1
        for i in range(self.s.norder):
            seat = self.s.order[i]
            if not (losers >> seat & 1 and self.s.lives[seat] == 1):
                count += 1
                if last < 0:
                    last = seat
        if count == 0:
            emit_nobody_loses(self)
            return
        for i in range(self.s.norder):  # in turn order, as the log tells it
            seat = self.s.order[i]
            if losers >> seat & 1:
                self.s.lives[seat] -= 1
                if self.mode == COINS:
                    self.s.pool += 1
                emit_loses(self, seat=seat, left=self.s.lives[seat])
                if self.s.lives[seat] == 0:
                    self.s.active[seat] = 0
                    emit_out(self, seat=seat)
        if count == 1:
            self.finish(1 << last)

    cdef void trade(self, int losers, int winners) noexcept nogil:
        """Coin Trader: every lowest player pays the stake to every highest player."""
        cdef int i, j, loser, winner
        if losers == winners:
            emit_all_equal(self)
            return
        for i in range(self.s.norder):
            loser = self.s.order[i]
            if losers >> loser & 1:
                for j in range(self.s.norder):
                    winner = self.s.order[j]
                    if winners >> winner & 1:
                        self.s.coins[loser] -= self.stake
                        self.s.coins[winner] += self.stake
                        emit_pays(self, loser=loser, stake=self.stake, winner=winner)

    cdef void pay_into_pool(self, int losers) noexcept nogil:
        """Treasure Hunt: each lowest player pays a coin into the pool; the broke buy in or leave.

        Reading (as in lives play): if paying would leave nobody in, nobody pays this round."""
        cdef int i, seat, everyone_broke = 1
        if not self.rebuy:
            for i in range(self.s.norder):
                seat = self.s.order[i]
                if not (losers >> seat & 1 and self.s.coins[seat] == 1):
                    everyone_broke = 0
            if everyone_broke:
                emit_nobody_pays(self)
                return
        for i in range(self.s.norder):
            seat = self.s.order[i]
            if losers >> seat & 1:
                self.s.coins[seat] -= 1
                self.s.pool += 1
                emit_into_pool(self, seat=seat, pool=self.s.pool)
                if self.s.coins[seat] == 0:
                    if self.rebuy:
                        self.s.coins[seat] += self.coins0
                        self.s.invested[seat] += self.coins0
                        emit_buys_in(self, seat=seat, coins=self.coins0)
                    else:
                        self.s.active[seat] = 0
                        emit_broke(self, seat=seat)
        cdef int mask = self.active_mask()
        if mask and mask & (mask - 1) == 0:
            self.finish(mask)

    cdef void treasure_found(self, int seat) noexcept nogil:
        """Treasure Hunt: rolling the prize combination takes the whole pool."""
        if self.s.pool:
            self.s.coins[seat] += self.s.pool
            emit_treasure(self, seat=seat, pool=self.s.pool)
            self.s.pool = 0

    # -- The end of the game -----------------------------------------------------------------
    cdef void finish(self, int survivors) noexcept nogil:
        """The game ends; ``survivors`` (a bitmask) share what is left in the pool."""
        cdef int seat
        self.s.finished = 1
        self.s.winners = survivors
        if survivors & (survivors - 1) == 0:
            for seat in range(self.n):
                if survivors >> seat & 1:
                    emit_wins(self, seat=seat)
        else:
            emit_ends(self, still_in=survivors)

    cdef int _returns_c(self, double* out) noexcept nogil:
        """Utilities at the end: zero-sum in every mode.

        lives: the winner +1, everyone else -1/(n-1) (survivors at the round cap share +1);
        coins, trader, treasure: coins won or lost, the pool left at the end shared by the
        survivors."""
        cdef int seat, n = self.n, w = 0
        cdef double share
        for seat in range(n):
            out[seat] = 0.0
        if not self.s.finished:
            return 0
        for seat in range(n):
            w += self.s.winners >> seat & 1
        if self.mode == LIVES:
            if w < n:
                for seat in range(n):
                    out[seat] = 1.0 / w if self.s.winners >> seat & 1 else -1.0 / (n - w)
            return 0
        for seat in range(n):
            share = self.s.pool / <double>w if self.s.winners >> seat & 1 else 0.0
            if self.mode == COINS:
                out[seat] = (<double>self.s.lives[seat] + share) - <double>self.lives0
            elif self.mode == TRADER:
                out[seat] = <double>self.s.coins[seat]
            else:
                out[seat] = (<double>self.s.coins[seat] + share) - <double>self.s.invested[seat]
        return 0

    # -- the kernel's hooks --------------------------------------------------------------------
    cdef int _policy(self, int seat, uint64_t* rng) noexcept nogil:
        """The greedy bot (policy.pxi; docs/rules/gambit.md, "Bots and the solver"): no ties
        are drawn."""
        return greedy_move(self)

    cdef long long _stage(self) noexcept nogil:
        """The returns are the game's result only (zero until it ends)."""
        return self.s.finished

    cdef int _current(self) noexcept nogil:
        if self.s.finished:
            return TERMINAL_PLAYER
        if not self.s.rolled:
            return CHANCE_PLAYER
        return self.s.order[self.s.turn]

    cdef int _legal(self, int* out) noexcept nogil:
        cdef int face, k = 0
        for face in range(1, 7):
            if self.can_keep(face):
                out[k] = face - 1
                k += 1
        if self.can_roll():
            out[k] = C_ROLL
            k += 1
        return k

    cdef object _chance(self):
        return list(self.chance_lists[self.dice_to_roll()])

    cdef int _chance_count(self) noexcept:
        return len(<list>self.chance_lists[self.dice_to_roll()])

    cdef int _sample_chance(self, double u) noexcept nogil:
        """The roll of the dice not set aside, by the walk ``garrison.sample_chance`` makes."""
        cdef int i, k = self.dice_to_roll()
        for i in range(OUTCOME_N[k] - 1):
            if u < OUTCOME_CUM[k][i]:
                return OUTCOME_ID[k][i]
        return OUTCOME_ID[k][OUTCOME_N[k] - 1]

    cdef int _apply(self, int action) noexcept nogil:
        if not self.s.rolled:
            self.rolled(action)
        elif action == C_ROLL:
            self.reroll()
        else:
            self.set_aside(action + 1)
        return 0

    cdef void _tensor_at(self, dict at):
        """The tensor's parts by name (``observe.layout``): where ``_encode`` writes each."""
        cdef int s
        self.at_active, self.at_lives, self.at_coins = (
            at["seat0.active"], at["seat0.lives"], at["seat0.coins"])
        self.at_score, self.at_posted = at["seat0.score"], at["seat0.posted"]
        self.at_to_move, self.at_is_me = at["seat0.to_move"], at["seat0.is_me"]
        self.seat_stride = at["seat1.active"] - at["seat0.active"] if self.n > 1 else 0
        for s in range(self.n):
            for part in ("active", "lives", "coins", "score", "posted", "to_move", "is_me"):
                assert at[f"seat{s}.{part}"] == at[f"seat0.{part}"] + s * self.seat_stride
        self.at_kept, self.at_roll, self.at_taken = at["kept"], at["roll"], at["taken"]
        self.at_dice_left, self.at_pool, self.at_round = at["dice_left"], at["pool"], at["round"]
        self.at_awaiting, self.at_over = at["awaiting_roll"], at["game_over"]

    cdef void _encode(self, int seat, float* out) noexcept nogil:
        """the observation tensor, from the typed state (tested equal to the test oracle, ``tests/tensor_oracles/``), each part
        where ``observe.layout`` puts it (``_tensor_at``)."""
        cdef int s, f, k, to_move = -1 if self.s.finished else self.mover()
        cdef double dice = self.dice
        for s in range(self.n):
            k = s * self.seat_stride
            out[self.at_active + k] = self.s.active[s] != 0
            out[self.at_lives + k] = self.s.lives[s] / <double>self.lives0
            out[self.at_coins + k] = self.s.coins[s] / <double>self.money
            if self.s.scores[s] >= 0:
                out[self.at_score + k] = self.s.scores[s] / 50.0
                out[self.at_posted + k] = 1
            out[self.at_to_move + k] = to_move == s
            out[self.at_is_me + k] = seat == s
        for f in range(1, 7):
            out[self.at_kept + f - 1] = self.s.kept[f] / dice
            if self.s.rolled:
                out[self.at_roll + f - 1] = self.s.roll[f] / dice
            out[self.at_taken + f - 1] = self.s.taken[f] / dice
        out[self.at_dice_left] = (self.dice - self.s.nkept) / dice
        out[self.at_pool] = self.s.pool / (<double>self.money * self.n)
        out[self.at_round] = min(self.s.round_no / 100.0, 1.0)
        out[self.at_awaiting] = not self.s.rolled and not self.s.finished
        out[self.at_over] = self.s.finished != 0

    # -- views for Python (the fields' own accessors are GambitFields', fields.pxi) ---------------
    @property
    def mover(self):
        """The seat whose turn it is (also while chance rolls for them)."""
        return self.s.order[self.s.turn]

    @property
    def dice_left(self):
        """Dice not yet set aside this turn (the size of the next roll)."""
        return self.dice_to_roll()


cdef tuple _faces(int* counts):
    cdef int f, k
    out = []
    for f in range(1, 7):
        for k in range(counts[f]):
            out.append(f)
    return tuple(out)


def _table(int dice, str prize):
    """Scores and prize flags of every hand of ``dice`` dice, as the bytes of a ``Table``."""
    cdef Table* t = <Table*>PyMem_Malloc(sizeof(Table))
    cdef int counts[7]
    cdef int f
    memset(t, 0, sizeof(Table))
    for hand in multisets(dice):
        for f in range(7):
            counts[f] = 0
        for f in hand:
            counts[f] += 1
        code = hand_code(counts)
        t.score[code] = score(hand)
        t.prize[code] = has_combination(hand, prize)
    out = (<char*>t)[:sizeof(Table)]
    PyMem_Free(t)
    return out


# -- the solver bots' move (docs/rules/gambit.md, "Bots and the solver") ------------------------
include "policy.pxi"

# -- GambitFields: GambitCore with the accessors of the struct's fields, FIELDS and _copy_extra,
# made from the declarations above (the struct, the fixed attributes) by tools/declare.py ------
include "fields.pxi"

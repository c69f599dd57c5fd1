# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled twin of ``rules.py``: the same rules on a C struct, for the hot path.

``rules.py`` stays the readable reference and answers everything else (observation, text,
resample, errors); this module only plays: setup (whole, piece by piece, or laid out by chance),
legal moves, moves and attacks, the two-square and more-squares rules, the end of the game.
The conformance suite checks, step by step, that both agree exactly.

The sections follow the seed, as ``rules.py`` does: Initial Formation, Movement Rules, Attack
Rules, repetition (two-square rule, more-squares rule), end of the game.

Pieces are numbered as in ``rules.py``: side ``s`` owns ids ``s * n .. s * n + n - 1`` in placement
order; ``board[square]`` holds a piece id, ``EMPTY`` or ``LAKE``. A move id is
``from * 36 + direction * 9 + (distance - 1)`` (``actions.py``).
"""

from libc.stdlib cimport malloc, free
from libc.string cimport memcpy
from cpython.ref cimport PyObject, Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

ctypedef unsigned long long u64

# -- constants shared with the Python rules -------------------------------------------------------
DEF MAX_SIDE = 40              # pieces a side (at most 10 squares x 4 setup rows)
DEF MAX_PIECES = 80
DEF MAX_MOVES = 720            # a Soldier reaches at most 18 squares, so 40 x 18 moves at most

cdef enum:
    EMPTY = -1
    LAKE = -2
    SETUP = 0
    PLAY = 1
    OVER = 2
    DRAW = 2                   # ``winner`` of a drawn game
    CHANCE = -1
    TERMINAL = -4
    PLACE = 3600               # actions.PLACE
    RANDOM_SETUP = 3700        # actions.RANDOM_SETUP
    CATALOGUE = 3701           # actions.CATALOGUE
    MODE_ANY = 0
    MODE_PIECES = 1
    MODE_WHOLE = 2

# ranks (pieces.py)
cdef enum:
    FLAG = 0
    SPY = 1
    SCOUT = 2
    MINER = 3
    MARSHAL = 10
    BOMB = 11

# battle outcomes (rules.py)
cdef enum:
    ATTACKER_WINS = 0
    DEFENDER_WINS = 1
    BOTH_LOST = 2
    FLAG_TAKEN = 3


# -- the board (seed section "Board") -------------------------------------------------------------
# RAY[s][d][k]: the k-th land square from s in direction d (0 N, 1 E, 2 S, 3 W), up to the edge or a
# lake; RAY_LENGTH[s][d] how many there are. Built once from ``board.RAYS``.
cdef signed char RAY[100][4][9]
cdef signed char RAY_LENGTH[100][4]
cdef bint IS_LAKE[100]


cdef void _build_board():
    from .board import LAKES, RAYS
    cdef int s, d, k
    for s in range(100):
        IS_LAKE[s] = s in LAKES
        for d in range(4):
            ray = RAYS[s][d]
            RAY_LENGTH[s][d] = len(ray)
            for k in range(9):
                RAY[s][d][k] = ray[k] if k < len(ray) else -1


_build_board()

# Every action id as a ready Python int, so building the legal tuple allocates nothing but the tuple.
_INT_OBJECTS = list(range(4096))
cdef PyObject *INT[4096]
for _i in range(4096):
    INT[_i] = <PyObject *>_INT_OBJECTS[_i]


cdef inline bint adjacent(int a, int b):
    """Whether land squares ``a`` and ``b`` touch orthogonally (``NEIGHBOURS``)."""
    if a < 0 or b < 0:
        return False
    if a - b == 10 or b - a == 10:
        return True
    return (a - b == 1 or b - a == 1) and a // 10 == b // 10


# -- the options (rules.Rules) ---------------------------------------------------------------------
cdef class Tables:
    """Everything the rules need from the options, computed once per game and shared by copies."""

    cdef int n                          # pieces a side
    cdef signed char rank[MAX_PIECES]   # rank of each piece (the army twice)
    cdef signed char zone[2][MAX_SIDE]  # setup squares of each side, ``board.zone`` order
    cdef int zone_size
    cdef bint scout_attack
    cdef int limit
    cdef bint more_squares
    cdef bint draw_both
    cdef bint at_once
    cdef int cap
    cdef int mode                       # MODE_ANY, MODE_PIECES, MODE_WHOLE
    cdef int catalogue                  # setups in the catalogue
    cdef signed char *catalogue_slot    # [k * n + i]: zone index of a side's piece i in setup k
    cdef u64 zobrist[MAX_PIECES][100]
    cdef tuple whole_setup_actions      # RANDOM_SETUP and every catalogue id

    def __cinit__(self):
        self.catalogue_slot = NULL

    def __dealloc__(self):
        if self.catalogue_slot != NULL:
            free(self.catalogue_slot)


#: The tables of each set of options met so far (a game's params are frozen and hashable).
cdef dict _TABLES = {}


cdef Tables _tables_of(game):
    from .rules import ZOBRIST
    from .setups import EMPTY as NO_PIECE, catalogue_layout

    cdef Tables t = Tables()
    p = game.params
    rules = game.rules
    cdef int i, j, k, side
    t.n = rules.n
    for i in range(t.n):
        t.rank[i] = rules.army[i]
        t.rank[t.n + i] = rules.army[i]
    t.zone_size = len(rules.zones[0])
    for side in range(2):
        for j in range(t.zone_size):
            t.zone[side][j] = rules.zones[side][j]
    t.scout_attack = rules.scout_attack
    t.limit = rules.limit
    t.more_squares = rules.more_squares
    t.draw_both = rules.draw_both
    t.at_once = rules.at_once
    t.cap = rules.cap
    t.mode = {"any": MODE_ANY, "pieces": MODE_PIECES, "whole": MODE_WHOLE}[p.setup]
    for i in range(2 * t.n):
        for j in range(100):
            t.zobrist[i][j] = ZOBRIST[i][j]
    # the catalogue, as place_layout reads it: pieces of a rank take its squares in zone order
    t.catalogue = game.catalogue
    t.catalogue_slot = <signed char *>malloc(max(1, t.catalogue * t.n))
    for k in range(t.catalogue):
        layout = catalogue_layout(p.army, rules.army, p.setup_rows, p.setup_file, k)
        by_rank = {}
        for i in range(t.n):
            by_rank.setdefault(rules.army[i], []).append(i)
        for j in range(len(layout)):
            if layout[j] != NO_PIECE:
                t.catalogue_slot[k * t.n + by_rank[layout[j]].pop(0)] = j
    t.whole_setup_actions = (RANDOM_SETUP,) + tuple(range(CATALOGUE, CATALOGUE + t.catalogue))
    return t


# -- the state ------------------------------------------------------------------------------------
cdef struct Position:
    signed char board[100]       # piece id, EMPTY or LAKE
    signed char pos[MAX_PIECES]  # square of each piece, -1 once off the board (or not yet placed)
    int phase
    int turn
    int placed[2]
    bint filling                 # chance is laying out a random setup for ``turn``
    int ply
    int winner
    # two-square rule, per side: the last move (piece, from, to) and how often in a row
    int streak_piece[2]          # -1: none yet
    int streak_from[2]
    int streak_to[2]
    int streak_count[2]
    # more-squares rule: the running chase (its positions live in Core.seen) and the last threat
    u64 zhash
    bint chase_on
    int chaser
    int chased
    int chase_back
    int chase_side
    bint threat_on
    int threat_side
    int threat_piece
    int threat_from
    int threat_count
    int threat_pieces[4]
    u64 threat_hash
    # the legal moves of the side to move (sorted ids), worked out after each move
    int n_moves
    unsigned short moves[MAX_MOVES]


cdef class Core:
    """One game in progress on a C struct; see the module docstring."""

    cdef Position s
    cdef Tables t
    cdef u64 *seen       # positions of the running chase (a set: no repeats)
    cdef int n_seen
    cdef int seen_room

    def __cinit__(self):
        self.seen = NULL
        self.n_seen = 0
        self.seen_room = 0

    def __dealloc__(self):
        if self.seen != NULL:
            free(self.seen)

    @staticmethod
    def supports(game):
        """Every option of the game: the core plays them all (the view-only ones do not matter)."""
        try:
            n = game.rules.n
        except AttributeError:
            return False
        return 1 <= n <= MAX_SIDE and game.params.setup in ("any", "pieces", "whole")

    def __init__(self, game):
        self.t = _TABLES.get(game.params)
        if self.t is None:
            if len(_TABLES) > 64:
                _TABLES.clear()
            self.t = _TABLES[game.params] = _tables_of(game)
        self.empty_board()

    # -- Initial Formation -------------------------------------------------------------------------
    cdef void empty_board(self):
        """Both sides start with nothing on the board; Red sets up first."""
        cdef int sq, i
        for sq in range(100):
            self.s.board[sq] = LAKE if IS_LAKE[sq] else EMPTY
        for i in range(MAX_PIECES):
            self.s.pos[i] = -1
        self.s.phase = SETUP
        self.s.turn = 0
        self.s.placed[0] = self.s.placed[1] = 0
        self.s.filling = False
        self.s.ply = 0
        self.s.winner = -1
        for i in range(2):
            self.s.streak_piece[i] = -1
            self.s.streak_from[i] = self.s.streak_to[i] = self.s.streak_count[i] = 0
        self.s.zhash = 0
        self.s.chase_on = False
        self.s.threat_on = False
        self.s.n_moves = 0

    cdef int free_setup_squares(self, int *out):
        """Seed, "Initial Formation": the free squares of the own last rows, ascending."""
        cdef int side = self.s.turn, j, sq, count = 0
        cdef int first = 0 if side == 0 else self.t.zone_size - 1
        cdef int step = 1 if side == 0 else -1
        # Red's zone runs upward from a1, Blue's downward from j10: walk Blue's backwards.
        for j in range(self.t.zone_size):
            sq = self.t.zone[side][first + step * j]
            if self.s.board[sq] == EMPTY:
                out[count] = sq
                count += 1
        return count

    cdef void place(self, int square):
        """Put the next piece of the side setting up on ``square``; hand over when all are placed."""
        cdef int side = self.s.turn
        cdef int piece = side * self.t.n + self.s.placed[side]
        self.s.board[square] = piece
        self.s.pos[piece] = square
        self.s.placed[side] += 1
        if self.s.placed[side] == self.t.n:
            self.finish_setup()

    cdef void place_layout(self, int k):
        """Set up a whole side from catalogue setup ``k``."""
        cdef int side = self.s.turn, n = self.t.n, i, sq
        cdef signed char *slot = self.t.catalogue_slot + k * n
        for i in range(n):
            sq = self.t.zone[side][slot[i]]
            self.s.board[sq] = side * n + i
            self.s.pos[side * n + i] = sq
        self.s.placed[side] = n
        self.finish_setup()

    cdef void finish_setup(self):
        """Red sets up first, then Blue; then Red makes the first move."""
        cdef int piece
        cdef u64 h = 0
        self.s.filling = False
        if self.s.turn == 0:
            self.s.turn = 1
            return
        self.s.phase = PLAY
        self.s.turn = 0
        if self.t.more_squares:
            for piece in range(2 * self.t.n):
                if self.s.pos[piece] >= 0:
                    h ^= self.t.zobrist[piece][self.s.pos[piece]]
            self.s.zhash = h
        self.after_move(True)

    # -- Movement Rules ------------------------------------------------------------------------------
    cdef inline bint is_enemy(self, int occupant, int side):
        return occupant >= 0 and (occupant >= self.t.n) != side

    cdef void generate_moves(self, int side):
        """Seed, "Movement Rules": every move and attack of ``side`` (sorted ids), repetition rules applied.

        A piece steps one square orthogonally onto an empty square or an enemy (an attack); the
        Soldier runs any number of free squares in a line and, if the option allows, may end the
        run by attacking the first enemy in that line. Lakes, own pieces and the edge stop
        everyone; Bombs and the Flag never move. Squares ascending, then direction, then
        distance: the ids come out sorted.
        """
        cdef int sq, d, k, length, piece, rank, target, count = 0
        cdef int n = self.t.n
        cdef bint scout_attack = self.t.scout_attack
        # the two-square rule forbids one way back: from ``banned_from`` to ``banned_to``
        cdef int banned_from = -1, banned_to = -1
        if self.t.limit and self.s.streak_piece[side] >= 0 and self.s.streak_count[side] >= self.t.limit:
            if self.s.pos[self.s.streak_piece[side]] == self.s.streak_to[side]:
                banned_from = self.s.streak_to[side]
                banned_to = self.s.streak_from[side]
        cdef bint chasing = self.s.chase_on and self.s.chase_side == side
        cdef int chaser = self.s.chaser if chasing else -1
        cdef int lo = side * n, hi = side * n + n
        for sq in range(100):
            piece = self.s.board[sq]
            if piece < lo or piece >= hi:
                continue
            rank = self.t.rank[piece]
            if rank == FLAG or rank == BOMB:
                continue
            for d in range(4):
                length = RAY_LENGTH[sq][d]
                if length == 0:
                    continue
                if rank != SCOUT:
                    length = 1
                for k in range(length):
                    target = self.s.board[RAY[sq][d][k]]
                    if target != EMPTY:
                        if self.is_enemy(target, side) and (k == 0 or scout_attack):
                            if not (sq == banned_from and RAY[sq][d][k] == banned_to):
                                self.s.moves[count] = sq * 36 + d * 9 + k
                                count += 1
                        break
                    if sq == banned_from and RAY[sq][d][k] == banned_to:
                        continue
                    if piece == chaser and self.chase_forbids(sq, RAY[sq][d][k]):
                        continue
                    self.s.moves[count] = sq * 36 + d * 9 + k
                    count += 1
        self.s.n_moves = count

    cdef bint can_move(self, int side):
        """Whether ``side`` has any piece able to step somewhere, repetition rules aside."""
        cdef int i, d, piece, rank, sq, target
        cdef int n = self.t.n
        for i in range(n):
            piece = side * n + i
            sq = self.s.pos[piece]
            if sq < 0:
                continue
            rank = self.t.rank[piece]
            if rank == FLAG or rank == BOMB:
                continue
            for d in range(4):
                if RAY_LENGTH[sq][d] == 0:
                    continue
                target = self.s.board[RAY[sq][d][0]]
                if target == EMPTY or self.is_enemy(target, side):
                    return True
        return False

    # -- Attack Rules ----------------------------------------------------------------------------------
    cdef inline int battle(self, int attacker, int defender):
        """Seed, "Attack Rules" and "Special Attack Rules": the outcome of one attack."""
        if defender == FLAG:
            return FLAG_TAKEN
        if defender == BOMB:
            return ATTACKER_WINS if attacker == MINER else DEFENDER_WINS
        if attacker == SPY and defender == MARSHAL:
            return ATTACKER_WINS
        if attacker == defender:
            return BOTH_LOST
        return ATTACKER_WINS if attacker > defender else DEFENDER_WINS

    cdef void play_move(self, int action):
        """Carry out one legal move or attack of the side to move, then the end-of-turn rules."""
        cdef int side = self.s.turn
        cdef int frm = action // 36
        cdef int direction = (action % 36) // 9
        cdef int to = RAY[frm][direction][action % 9]
        cdef int piece = self.s.board[frm]
        cdef int target = self.s.board[to]
        cdef int outcome = ATTACKER_WINS
        cdef bint hashing = self.t.more_squares
        cdef u64 h = self.s.zhash
        self.s.ply += 1
        self.s.board[frm] = EMPTY
        if target == EMPTY:
            self.s.board[to] = piece
            self.s.pos[piece] = to
            if hashing:
                h ^= self.t.zobrist[piece][frm] ^ self.t.zobrist[piece][to]
        else:
            outcome = self.battle(self.t.rank[piece], self.t.rank[target])
            if outcome == ATTACKER_WINS or outcome == FLAG_TAKEN:
                self.s.board[to] = piece
                self.s.pos[piece] = to
                self.s.pos[target] = -1
                if hashing:
                    h ^= self.t.zobrist[piece][frm] ^ self.t.zobrist[piece][to] ^ self.t.zobrist[target][to]
            elif outcome == DEFENDER_WINS:
                self.s.pos[piece] = -1
                if hashing:
                    h ^= self.t.zobrist[piece][frm]
            else:
                self.s.board[to] = EMPTY
                self.s.pos[piece] = -1
                self.s.pos[target] = -1
                if hashing:
                    h ^= self.t.zobrist[piece][frm] ^ self.t.zobrist[target][to]
            if outcome == FLAG_TAKEN:
                self.end(side)
                return
        self.s.zhash = h
        if self.t.limit:
            self.record_streak(side, piece, frm, to)
        if self.t.more_squares:
            self.follow_chase(side, piece, frm, to, target == EMPTY)
        self.s.turn = 1 - side
        self.after_move(target != EMPTY)

    # -- Repetition: the two-square rule and the more-squares rule ------------------------------------
    cdef void record_streak(self, int side, int piece, int frm, int to):
        """Seed, "Movement Rules": a piece may not move more than ``limit`` times in a row between
        the same two squares. Counted per side over its own moves; any other move starts afresh."""
        if (self.s.streak_piece[side] == piece and self.s.streak_from[side] == to
                and self.s.streak_to[side] == frm):
            self.s.streak_count[side] += 1
        else:
            self.s.streak_count[side] = 1
        self.s.streak_piece[side] = piece
        self.s.streak_from[side] = frm
        self.s.streak_to[side] = to

    cdef void remember(self, u64 key):
        """Add a position to the running chase's set."""
        cdef int i
        cdef u64 *room
        for i in range(self.n_seen):
            if self.seen[i] == key:
                return
        if self.n_seen == self.seen_room:
            self.seen_room = 16 if self.seen_room == 0 else 2 * self.seen_room
            room = <u64 *>malloc(self.seen_room * sizeof(u64))
            if self.n_seen:
                memcpy(room, self.seen, self.n_seen * sizeof(u64))
            if self.seen != NULL:
                free(self.seen)
            self.seen = room
        self.seen[self.n_seen] = key
        self.n_seen += 1

    cdef void follow_chase(self, int side, int piece, int frm, int to, bint plain):
        """ISF more-squares rule bookkeeping, after a move of ``piece`` from ``frm`` to ``to``.

        A *threat* is a move next to an enemy piece; an *evasion* is that enemy piece moving away
        on the very next move; a continuous chase is a run of threats and evasions by the same two
        pieces. The chase keeps the positions (after each chasing move) and the square the chaser
        came from. ``plain``: the move was no attack (an attack neither threatens nor evades).
        """
        cdef int i, sq, occupant, chaser
        cdef bint evades = False
        if (plain and self.s.chase_on and self.s.chase_side == side and piece == self.s.chaser
                and adjacent(self.s.pos[self.s.chased], to)):
            self.remember(self.s.zhash)
            self.s.chase_back = frm
        else:
            if plain and self.s.threat_on and self.s.threat_side != side:
                for i in range(self.s.threat_count):
                    if self.s.threat_pieces[i] == piece:
                        evades = True
            if evades:
                chaser = self.s.threat_piece
                if not (self.s.chase_on and self.s.chaser == chaser and self.s.chased == piece):
                    self.s.chase_on = True  # a new chase
                    self.s.chaser = chaser
                    self.s.chased = piece
                    self.s.chase_back = self.s.threat_from
                    self.s.chase_side = 1 - side
                    self.n_seen = 0
                    self.remember(self.s.threat_hash)
                # else the evader keeps running: the chase goes on
            else:
                self.s.chase_on = False
                self.n_seen = 0
        # the threat this move makes: enemy pieces next to ``to``
        self.s.threat_count = 0
        if plain:
            for i in range(4):
                if RAY_LENGTH[to][i] == 0:
                    continue
                occupant = self.s.board[RAY[to][i][0]]
                if self.is_enemy(occupant, side):
                    self.s.threat_pieces[self.s.threat_count] = occupant
                    self.s.threat_count += 1
        self.s.threat_on = self.s.threat_count > 0
        if self.s.threat_on:
            self.s.threat_side = side
            self.s.threat_piece = piece
            self.s.threat_from = frm
            self.s.threat_hash = self.s.zhash

    cdef bint chase_forbids(self, int frm, int to):
        """Whether the chaser's step from ``frm`` to the empty ``to`` repeats a position of the
        running chase. Moving the chaser back to the square it came from stays allowed."""
        cdef int i
        cdef u64 key
        if to == self.s.chase_back or not adjacent(self.s.pos[self.s.chased], to):
            return False
        key = self.s.zhash ^ self.t.zobrist[self.s.chaser][frm] ^ self.t.zobrist[self.s.chaser][to]
        for i in range(self.n_seen):
            if self.seen[i] == key:
                return True
        return False

    # -- End of the game ---------------------------------------------------------------------------------
    cdef void after_move(self, bint fought):
        """Objective: "leave the opponent without valid movements" (see ``rules.after_move``).

        With ``immobile_loses_at_once`` a side whose own attack strands it loses at once; neither
        side able to move is a draw (``draw_when_both_immobile``); the ply cap ends the game drawn.
        Otherwise list the moves of the side to move.
        """
        cdef int side = self.s.turn
        if fought and self.t.at_once and not self.can_move(1 - side):
            if self.can_move(side):
                self.end(side)
            else:
                self.end(DRAW if self.t.draw_both else side)
            return
        if self.t.cap and self.s.ply >= self.t.cap:
            self.end(DRAW)
            return
        self.generate_moves(side)
        if self.s.n_moves == 0:
            if self.t.draw_both and not self.can_move(1 - side):
                self.end(DRAW)
            else:
                self.end(1 - side)

    cdef void end(self, int winner):
        self.s.phase = OVER
        self.s.winner = winner
        self.s.n_moves = 0

    # -- the kernel interface ------------------------------------------------------------------------
    cpdef int current_player(self):
        if self.s.phase == OVER:
            return TERMINAL
        if self.s.filling:
            return CHANCE
        return self.s.turn

    cpdef bint is_terminal(self):
        return self.s.phase == OVER

    cpdef tuple legal(self):
        cdef int i, count
        cdef int squares[MAX_SIDE]
        cdef tuple out
        cdef list setup
        if self.s.phase == PLAY:
            count = self.s.n_moves
            out = PyTuple_New(count)
            for i in range(count):
                Py_INCREF(<object>INT[self.s.moves[i]])
                PyTuple_SET_ITEM(out, i, <object>INT[self.s.moves[i]])
            return out
        if self.s.phase == OVER:
            return ()
        if self.s.filling:
            count = self.free_setup_squares(squares)
            out = PyTuple_New(count)
            for i in range(count):
                Py_INCREF(<object>INT[squares[i]])
                PyTuple_SET_ITEM(out, i, <object>INT[squares[i]])
            return out
        if self.t.mode == MODE_WHOLE:
            return self.t.whole_setup_actions
        count = self.free_setup_squares(squares)
        setup = [PLACE + squares[i] for i in range(count)]
        if self.t.mode == MODE_ANY and self.s.placed[self.s.turn] == 0:
            return tuple(setup) + self.t.whole_setup_actions
        return tuple(setup)

    cpdef list chance_outcomes(self):
        cdef int i, count
        cdef int squares[MAX_SIDE]
        count = self.free_setup_squares(squares)
        cdef double p = 1.0 / count
        return [(squares[i], p) for i in range(count)]

    cpdef apply(self, int action):
        if self.s.phase == PLAY:
            self.play_move(action)
        elif self.s.filling:
            self.place(action)
        elif action < RANDOM_SETUP:
            self.place(action - PLACE)
        elif action == RANDOM_SETUP:
            self.s.filling = True
        else:
            self.place_layout(action - CATALOGUE)

    cpdef list returns(self):
        if self.s.phase != OVER or self.s.winner == DRAW:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.s.winner == 0 else [-1.0, 1.0]

    cpdef Core copy(self):
        cdef Core other = Core.__new__(Core)
        cdef int size = self.s.n_moves
        # the struct up to its move list, then only the moves in use
        memcpy(&other.s, &self.s, <size_t>(<char *>&self.s.moves[0] - <char *>&self.s))
        memcpy(other.s.moves, self.s.moves, size * sizeof(unsigned short))
        other.t = self.t
        if self.n_seen:
            other.seen_room = self.n_seen
            other.seen = <u64 *>malloc(self.n_seen * sizeof(u64))
            memcpy(other.seen, self.seen, self.n_seen * sizeof(u64))
            other.n_seen = self.n_seen
        return other

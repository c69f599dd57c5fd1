# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The rules of the Stratego-style game, in the order of docs/rules/stratego.md: Initial Formation,
Movement Rules, Attack Rules, the repetition limits (two-square rule, more-squares rule), the
end of the game; compiled over a typed state (see ``garrison.core.compiled``).

Pieces are numbered: side ``s`` owns ids ``s * n .. s * n + n - 1`` (``n`` pieces a side, in
placement order, ``pieces.PLACEMENT_ORDER``); ``board[square]`` holds a piece id, ``EMPTY`` or
``LAKE``. A move id is ``from * 36 + direction * 9 + (distance - 1)`` (``actions.py``). A piece's
rank lives in the state (``rank``), so a resampled world can give hidden pieces other ranks.
The rules record events (codes below) that ``log.py`` turns into text when someone reads them.
"""

import random

from libc.stdint cimport uint64_t

from garrison.core.compiled cimport CHANCE_PLAYER, ERR_KEPT, TERMINAL_PLAYER, CompiledState

from .board import LAKES, RAYS

ctypedef unsigned long long u64

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil

cdef enum:
    MAX_SIDE = 40              # pieces a side (at most 10 squares x 4 setup rows)
    MAX_PIECES = 80
    MAX_CHASE = 256            # positions one chase remembers (see ``remember``)
    # flags of a piece (public facts)
    MOVED = 1                  # it has moved: no Bomb, no Flag
    SCOUTED = 2                # it ran more than one square: a Soldier
    REVEALED = 4               # it took part in a fight: its rank is known

cdef enum:
    C_EMPTY = -1
    C_LAKE = -2
    C_SETUP = 0
    C_PLAY = 1
    C_OVER = 2
    C_DRAW = 2                 # ``winner`` of a drawn game
    C_PLACE = 3600             # placing the next piece on square s: C_PLACE + s (actions.py)
    C_RANDOM_SETUP = 3700      # taking a random legal setup
    C_CATALOGUE = 3701         # taking setup k of the catalogue: C_CATALOGUE + k
    MODE_ANY = 0
    MODE_PIECES = 1
    MODE_WHOLE = 2

# ranks (pieces.py)
cdef enum:
    R_FLAG = 0
    R_SPY = 1
    R_SCOUT = 2
    R_MINER = 3
    R_MARSHAL = 10
    R_BOMB = 11
    NUM_RANKS = 12

# what one square of a ray offers a moving piece (``ray_step``)
cdef enum:
    RAY_MOVE = 1               # the piece may end its move there
    RAY_END = 2                # the ray stops there

# battle outcomes
cdef enum:
    C_ATTACKER_WINS = 0
    C_DEFENDER_WINS = 1
    C_BOTH_LOST = 2
    C_FLAG_TAKEN = 3

# why a game ended
cdef enum:
    END_NONE = 0
    END_FLAG = 1
    END_NO_MOVES = 2
    END_NEITHER = 3
    END_CAP = 4

# The events the rules record, declared once (tools/declare.py: ``emit_<name>`` in C, the
# ``<Name>Event`` tuples ``log.py`` reads, ``EVENTS``): fields by name, word by word.
cdef enum Event:
    EV_SETUP = 0      # {side} a side has set up
    EV_MOVE = 1       # {side; frm:7 to:7} a move from square to square
    EV_ATTACK = 2     # {side; frm:7 to:7; d_rank:4 a_rank:4 outcome:4} an attack: the ranks that fought, its outcome
    EV_END = 3        # {winner; reason} the game is over: the winner (DRAW: a draw), why (REASONS)

EMPTY, LAKE = C_EMPTY, C_LAKE
SETUP, PLAY, OVER = C_SETUP, C_PLAY, C_OVER
DRAW = C_DRAW
#: The phases by their number (SETUP, PLAY, OVER): the observation's ``phase``.
PHASE_NAMES = ("setup", "play", "over")
ATTACKER_WINS, DEFENDER_WINS, BOTH_LOST, FLAG_TAKEN = (
    C_ATTACKER_WINS, C_DEFENDER_WINS, C_BOTH_LOST, C_FLAG_TAKEN)
#: ``reason`` of a finished game, by its code
REASONS = ("", "flag", "no moves", "no moves for either side", "cap")
CHASE_MEMORY = MAX_CHASE


# -- the board (seed section "Board") -------------------------------------------------------------
# RAY[s][d][k]: the k-th land square from s in direction d (0 N, 1 E, 2 S, 3 W), up to the edge or a
# lake; RAY_LENGTH[s][d] how many there are. Built once from ``board.RAYS``.
cdef signed char RAY[100][4][9]
cdef signed char RAY_LENGTH[100][4]
cdef bint IS_LAKE[100]
#: ZOBRIST[piece][square]: random keys for hashing positions (more-squares rule).
cdef u64 ZOBRIST[MAX_PIECES][100]


cdef void _build_tables():
    cdef int s, d, k, p
    for s in range(100):
        IS_LAKE[s] = s in LAKES
        for d in range(4):
            ray = RAYS[s][d]
            RAY_LENGTH[s][d] = len(ray)
            for k in range(9):
                RAY[s][d][k] = ray[k] if k < len(ray) else -1
    rng = random.Random(20_041)
    for p in range(MAX_PIECES):
        for s in range(100):
            ZOBRIST[p][s] = rng.getrandbits(62)


_build_tables()


cdef inline bint adjacent(int a, int b) noexcept nogil:
    """Whether land squares ``a`` and ``b`` touch orthogonally (``board.NEIGHBOURS``)."""
    if a < 0 or b < 0:
        return False
    if a - b == 10 or b - a == 10:
        return True
    return (a - b == 1 or b - a == 1) and a // 10 == b // 10


# -- Attack Rules ---------------------------------------------------------------------------------
cdef inline int _battle(int attacker, int defender) noexcept nogil:
    """Seed, "Attack Rules" and "Special Attack Rules": the outcome of one attack.

    The lower rank is removed, equal ranks both go; every attacker but the Defuser dies on a
    Bomb (which stays); the Spy takes the Marshal only when the Spy attacks; any piece takes the
    Flag."""
    if defender == R_FLAG:
        return C_FLAG_TAKEN
    if defender == R_BOMB:
        return C_ATTACKER_WINS if attacker == R_MINER else C_DEFENDER_WINS
    if attacker == R_SPY and defender == R_MARSHAL:
        return C_ATTACKER_WINS
    if attacker == defender:
        return C_BOTH_LOST
    return C_ATTACKER_WINS if attacker > defender else C_DEFENDER_WINS


def battle(int attacker, int defender):
    """The outcome of ``attacker`` attacking ``defender`` (ranks): ``ATTACKER_WINS``,
    ``DEFENDER_WINS``, ``BOTH_LOST`` or ``FLAG_TAKEN`` (for the bots; the rules use the same)."""
    return _battle(attacker, defender)


# -- the options (``params.Rules``), fixed for a game ----------------------------------------------
cdef class Tables:
    """Everything the rules need from the options, computed once per game and shared by copies."""

    cdef int n                          # pieces a side
    cdef signed char army[MAX_SIDE]     # rank of a side's piece i
    cdef int army_count[NUM_RANKS]
    cdef float share[NUM_RANKS]         # one piece's share of its rank (the tensor's captured part)
    cdef signed char zone[2][MAX_SIDE]  # setup squares of each side, ``board.zone`` order
    cdef int zone_size
    cdef bint scout_attack, more_squares, draw_both, at_once, forget_revealed
    cdef int limit, cap, ply_limit, mode, catalogue
    cdef object game
    cdef dict slots                     # catalogue setup k -> bytes: zone index of piece i
    # where each part of the observation tensor starts (observe.layout, by name: _tensor_at);
    # [0] the viewer's side ("own"), [1] the other; a known rank's plane is its side's first
    # rank plane moved on by rank * 100 squares (checked)
    cdef int at_known[2]
    cdef int at_unmoved[2]
    cdef int at_moved[2]
    cdef int at_phase, at_mover, at_viewer, at_captured, at_plies

    cdef const unsigned char* layout_at(self, int k) except NULL:
        """``layout_slots(k)`` as a C array, alive as long as these tables (their cache holds it)."""
        cdef bytes slots = self.layout_slots(k)
        return slots

    cdef bytes layout_slots(self, int k):
        """Catalogue setup ``k`` as the zone index of each of a side's pieces (pieces of a rank
        take its squares in zone order, as they are numbered)."""
        from .setups import EMPTY as NO_PIECE, catalogue_layout

        if k not in self.slots:
            p = self.game.params
            army = self.game.rules.army
            layout = catalogue_layout(p.army, army, p.setup_rows, p.setup_file, k)
            by_rank = {}
            for i, rank in enumerate(army):
                by_rank.setdefault(rank, []).append(i)
            slot = [0] * self.n
            for j, rank in enumerate(layout):
                if rank != NO_PIECE:
                    slot[by_rank[rank].pop(0)] = j
            self.slots[k] = bytes(slot)
        return self.slots[k]


cdef Tables _tables_of(game):
    cdef Tables t = Tables()
    cdef int i, j, side
    p = game.params
    rules = game.rules
    t.game = game
    t.slots = {}
    t.n = rules.n
    for i in range(t.n):
        t.army[i] = rules.army[i]
        t.army_count[rules.army[i]] += 1
    for i in range(NUM_RANKS):
        t.share[i] = <float>(1.0 / t.army_count[i]) if t.army_count[i] else 0
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
    t.ply_limit = rules.ply_limit
    t.forget_revealed = p.forget_revealed
    t.mode = {"any": MODE_ANY, "pieces": MODE_PIECES, "whole": MODE_WHOLE}[p.setup]
    t.catalogue = game.catalogue
    _tensor_at(t, game.tensor_offsets())
    return t


cdef void _tensor_at(Tables t, dict at):
    """Where each part of the tensor starts, read once per game from ``Game.tensor_offsets()``
    (``observe.layout``), so that ``_encode`` writes every part by its name."""
    from .pieces import NAMES

    cdef int k, r
    for k, who in enumerate(("own", "other")):
        t.at_known[k] = at[f"{who}.{NAMES[0]}"]
        for r in range(NUM_RANKS):
            assert at[f"{who}.{NAMES[r]}"] == t.at_known[k] + r * 100
        t.at_unmoved[k] = at[f"{who}.unknown_unmoved"]
        t.at_moved[k] = at[f"{who}.unknown_moved"]
    t.at_phase, t.at_mover, t.at_viewer = at["phase"], at["mover"], at["viewer"]
    t.at_captured, t.at_plies = at["captured"], at["plies"]


# -- the state ------------------------------------------------------------------------------------
cdef struct Stratego:
    signed char board[100]          # piece id, EMPTY or LAKE, per square
    signed char pos[MAX_PIECES]     # {:2 * self.t.n} square of each piece, -1 once off the board (or not yet placed)
    signed char rank[MAX_PIECES]    # {:2 * self.t.n} rank of each piece
    unsigned char flags[MAX_PIECES] # {:2 * self.t.n} per piece: 1 moved, 2 ran like a Soldier, 4 fought (public facts)
    int phase
    int turn
    int placed[2]
    int filling                     # {bool} chance is laying out a random setup for ``turn``
    int setup_end[2]                # history length when each side finished its setup (0: not yet)
    int ply
    int winner                      # 0 or 1, ``DRAW``, or -1 while the game goes on
    int reason                      # {= REASONS[self.s.reason] -> str} why the game ended (END_* in C)
    # two-square rule, per side: the last move (piece, from, to) and how often in a row (``streak``)
    int streak_piece[2]             # {hidden} -1: none yet
    int streak_from[2]              # {hidden}
    int streak_to[2]                # {hidden}
    int streak_count[2]             # {hidden}
    # more-squares rule: the running chase and the last threat (``chase``, ``threat``)
    u64 zhash
    int chase_on, chaser, chased, chase_back, chase_side                 # {hidden}
    int threat_on, threat_side, threat_piece, threat_from, threat_count  # {hidden}
    int threat_pieces[4]            # {hidden}
    u64 threat_hash                 # {hidden}
    int n_seen                      # {hidden}
    u64 seen[MAX_CHASE]             # {hidden} positions of the running chase; LAST: copied only
                                    # when the more-squares rule is on (see ``_size_for``)


cdef Py_ssize_t _size_for(Tables t):
    """The struct's size the kernel copies: without the more-squares rule the chase memory at its
    end is never used, so copies and undo stop before it."""
    cdef Stratego probe
    if t.more_squares:
        return sizeof(Stratego)
    return <Py_ssize_t>(<char*>&probe.seen[0] - <char*>&probe)


cdef class StrategoCore(CompiledState):
    """A game of the Stratego-style game: the typed state and its rules."""

    cdef Stratego s
    cdef Tables t

    def __cinit__(self, *args, **kwargs):
        self._bind(&self.s, sizeof(Stratego))

    def __init__(self, game):
        self.game = game
        self.t = _tables_of(game)
        self._bind(&self.s, _size_for(self.t))
        self.empty_board()

    # -- Initial Formation ---------------------------------------------------------------------
    cdef void empty_board(self) noexcept nogil:
        """Both sides start with nothing on the board; Red sets up first."""
        cdef int sq, i
        for sq in range(100):
            self.s.board[sq] = C_LAKE if IS_LAKE[sq] else C_EMPTY
        for i in range(MAX_PIECES):
            self.s.pos[i] = -1
            self.s.rank[i] = self.t.army[i % self.t.n] if i < 2 * self.t.n else -1
            self.s.flags[i] = 0
        self.s.phase = C_SETUP
        self.s.turn = 0
        self.s.placed[0] = self.s.placed[1] = 0
        self.s.filling = 0
        self.s.setup_end[0] = self.s.setup_end[1] = 0
        self.s.ply = 0
        self.s.winner = -1
        self.s.reason = END_NONE
        for i in range(2):
            self.s.streak_piece[i] = -1
            self.s.streak_from[i] = self.s.streak_to[i] = self.s.streak_count[i] = 0
        self.s.zhash = 0
        self.s.chase_on = self.s.threat_on = 0
        self.s.chaser = self.s.chased = self.s.chase_back = self.s.chase_side = 0
        self.s.threat_side = self.s.threat_piece = self.s.threat_from = self.s.threat_count = 0
        for i in range(4):
            self.s.threat_pieces[i] = 0
        self.s.threat_hash = 0
        self.s.n_seen = 0

    cdef int free_setup_squares(self, int* out) noexcept nogil:
        """Seed, "Initial Formation": a side sets up on the free squares of its own last rows
        (ascending)."""
        cdef int side = self.s.turn, j, sq, count = 0
        cdef int first = 0 if side == 0 else self.t.zone_size - 1
        cdef int step = 1 if side == 0 else -1
        # Red's zone runs upward from a1, Blue's downward from j10: walk Blue's backwards.
        for j in range(self.t.zone_size):
            sq = self.t.zone[side][first + step * j]
            if self.s.board[sq] == C_EMPTY:
                out[count] = sq
                count += 1
        return count

    cdef list setup_actions(self):
        """A side setting up places its next piece on a free square, or (before its first
        piece) takes a random setup or one of the catalogue, as the ``setup`` option allows."""
        cdef int squares[MAX_SIDE]
        cdef int i, count
        out = []
        if self.t.mode != MODE_WHOLE:
            count = self.free_setup_squares(squares)
            out = [C_PLACE + squares[i] for i in range(count)]
        if self.t.mode != MODE_PIECES and self.s.placed[self.s.turn] == 0:
            out.append(C_RANDOM_SETUP)
            out.extend(range(C_CATALOGUE, C_CATALOGUE + self.t.catalogue))
        return out

    cdef void place(self, int square) noexcept nogil:
        """Put the next piece of the side setting up on ``square``; hand over when all are placed."""
        cdef int side = self.s.turn
        cdef int piece = side * self.t.n + self.s.placed[side]
        self.s.board[square] = piece
        self.s.pos[piece] = square
        self.s.placed[side] += 1
        if self.s.placed[side] == self.t.n:
            self.finish_setup()

    cdef int place_layout(self, int k) noexcept nogil:
        """Set up a whole side from catalogue setup ``k`` (its slots read holding the GIL: the
        catalogue is read on first use; ``ERR_KEPT`` if that raised)."""
        cdef int side = self.s.turn, n = self.t.n, i, sq
        cdef const unsigned char* slot
        with gil:
            try:
                slot = self.t.layout_at(k)
            except BaseException:
                self._keep_error()
                return ERR_KEPT
        for i in range(n):
            sq = self.t.zone[side][slot[i]]
            self.s.board[sq] = side * n + i
            self.s.pos[side * n + i] = sq
        self.s.placed[side] = n
        self.finish_setup()
        return 0

    cdef void finish_setup(self) noexcept nogil:
        """Red sets up first, then Blue; then Red makes the first move."""
        cdef int piece
        cdef u64 h = 0
        self.s.filling = 0
        emit_setup(self, side=self.s.turn)
        if self.s.turn == 0:
            self.s.turn = 1
            return
        self.s.phase = C_PLAY
        self.s.turn = 0
        if self.t.more_squares:
            for piece in range(2 * self.t.n):
                if self.s.pos[piece] >= 0:
                    h ^= ZOBRIST[piece][self.s.pos[piece]]
            self.s.zhash = h
        self.after_move(True)

    # -- Movement Rules --------------------------------------------------------------------------
    cdef inline bint is_enemy(self, int occupant, int side) noexcept nogil:
        return occupant >= 0 and (occupant >= self.t.n) != side

    cdef int generate_moves(self, int side, int* out, bint first_only) noexcept nogil:
        """Seed, "Movement Rules": every move and attack of ``side`` (sorted ids), repetition
        rules applied; with ``first_only`` stop at the first (is there any?).

        A piece steps one square orthogonally onto an empty square or an enemy (an attack); the
        Soldier runs any number of free squares in a line and, if the option allows, may end the
        run by attacking the first enemy in that line. Lakes, own pieces and the edge stop
        everyone; Bombs and the Flag never move. Squares ascending, then direction, then
        distance: the ids come out sorted.
        """
        cdef int sq, d, k, length, piece, rank, count = 0
        cdef int n = self.t.n
        cdef int banned_from, banned_to, chaser
        self.repetition_limits(side, &banned_from, &banned_to, &chaser)
        # the squares of the side's pieces that move (no Bomb, no Flag), as two words of a
        # 100-bit set, walked lowest square first: the ids come out sorted without scanning
        # the empty squares
        cdef u64 words[2]
        cdef u64 bits
        cdef int w
        cdef bint special
        cdef int step
        words[0] = 0
        words[1] = 0
        for piece in range(side * n, side * n + n):
            sq = self.s.pos[piece]
            rank = self.s.rank[piece]
            if sq >= 0 and rank != R_FLAG and rank != R_BOMB:
                words[sq >> 6] |= (<u64>1) << (sq & 63)
        for w in range(2):
            bits = words[w]
            while bits:
                sq = (w << 6) + __builtin_ctzll(bits)
                bits &= bits - 1
                piece = self.s.board[sq]
                rank = self.s.rank[piece]
                # a move of this piece some rule may forbid (the two-square rule's way back, the
                # chaser's more-squares rule): checked only for it
                special = sq == banned_from or piece == chaser
                for d in range(4):
                    length = RAY_LENGTH[sq][d]
                    if length == 0:
                        continue
                    if rank != R_SCOUT:
                        length = 1
                    for k in range(length):
                        step = self.ray_step(side, piece, sq, RAY[sq][d][k], k, special,
                                             banned_from, banned_to, chaser)
                        if step & RAY_MOVE:
                            out[count] = sq * 36 + d * 9 + k
                            count += 1
                            if first_only:
                                return count
                        if step & RAY_END:
                            break
        return count

    cdef inline void repetition_limits(self, int side, int* banned_from, int* banned_to,
                                       int* chaser) noexcept nogil:
        """What the repetition rules forbid ``side`` now: the two-square rule's one way back
        (``banned_from`` to ``banned_to``, or -1), and the piece the more-squares rule watches
        (``chaser``, or -1; ``chase_forbids`` says which of its moves)."""
        banned_from[0] = banned_to[0] = -1
        if (self.t.limit and self.s.streak_piece[side] >= 0
                and self.s.streak_count[side] >= self.t.limit
                and self.s.pos[self.s.streak_piece[side]] == self.s.streak_to[side]):
            banned_from[0] = self.s.streak_to[side]
            banned_to[0] = self.s.streak_from[side]
        chaser[0] = self.s.chaser if self.s.chase_on and self.s.chase_side == side else -1

    cdef inline int ray_step(self, int side, int piece, int sq, int to, int k, bint special,
                             int banned_from, int banned_to, int chaser) noexcept nogil:
        """The ``k``-th square ``to`` of a ray from ``sq`` for ``piece`` of ``side`` (the squares
        before it empty): ``RAY_MOVE`` if the piece may end there (an empty square, or an enemy
        piece to attack: at the first square, or further with the Soldier's attack option), and
        ``RAY_END`` if the ray stops there (anything but an empty square). ``special``: a
        repetition rule watches this piece (``repetition_limits``)."""
        cdef int target = self.s.board[to]
        if target != C_EMPTY:
            if (self.is_enemy(target, side) and (k == 0 or self.t.scout_attack)
                    and not (special and sq == banned_from and to == banned_to)):
                return RAY_MOVE | RAY_END
            return RAY_END
        if special:
            if sq == banned_from and to == banned_to:
                return 0
            if piece == chaser and self.chase_forbids(sq, to):
                return 0
        return RAY_MOVE

    cdef bint may_move(self, int side, int action) noexcept nogil:
        """Whether ``action`` is one of ``generate_moves``'s, found without listing them: the
        piece on its square is ``side``'s and moves, the ray has that square, the squares before
        it are empty, and ``ray_step`` allows its end."""
        cdef int sq = action // 36, d = (action % 36) // 9, k = action % 9, j, rank
        cdef int piece, banned_from, banned_to, chaser
        cdef bint special
        if action < 0 or sq >= 100 or k >= RAY_LENGTH[sq][d]:
            return False
        piece = self.s.board[sq]
        if piece < side * self.t.n or piece >= side * self.t.n + self.t.n:
            return False
        rank = self.s.rank[piece]
        if rank == R_FLAG or rank == R_BOMB or (k > 0 and rank != R_SCOUT):
            return False
        self.repetition_limits(side, &banned_from, &banned_to, &chaser)
        special = sq == banned_from or piece == chaser
        for j in range(k):
            if self.s.board[RAY[sq][d][j]] != C_EMPTY:
                return False
        return (self.ray_step(side, piece, sq, RAY[sq][d][k], k, special, banned_from,
                              banned_to, chaser) & RAY_MOVE) != 0

    cdef bint can_move(self, int side) noexcept nogil:
        """Whether ``side`` has any piece able to step somewhere, repetition rules aside."""
        cdef int i, d, piece, rank, sq, target
        cdef int n = self.t.n
        for i in range(n):
            piece = side * n + i
            sq = self.s.pos[piece]
            if sq < 0:
                continue
            rank = self.s.rank[piece]
            if rank == R_FLAG or rank == R_BOMB:
                continue
            for d in range(4):
                if RAY_LENGTH[sq][d] == 0:
                    continue
                target = self.s.board[RAY[sq][d][0]]
                if target == C_EMPTY or self.is_enemy(target, side):
                    return True
        return False

    # -- Attack Rules (the move that carries one out) ---------------------------------------------
    cdef void play_move(self, int action) noexcept nogil:
        """Carry out one legal move or attack of the side to move, then the end-of-turn rules."""
        cdef int side = self.s.turn
        cdef int frm = action // 36
        cdef int direction = (action % 36) // 9
        cdef int distance = action % 9 + 1
        cdef int to = RAY[frm][direction][distance - 1]
        cdef int piece = self.s.board[frm]
        cdef int target = self.s.board[to]
        cdef int a_rank, d_rank, outcome = C_ATTACKER_WINS
        cdef bint hashing = self.t.more_squares
        cdef u64 h = self.s.zhash
        self.s.ply += 1
        self.s.flags[piece] |= MOVED
        if distance > 1:
            self.s.flags[piece] |= SCOUTED
        self.s.board[frm] = C_EMPTY
        if target == C_EMPTY:
            self.s.board[to] = piece
            self.s.pos[piece] = to
            if hashing:
                h ^= ZOBRIST[piece][frm] ^ ZOBRIST[piece][to]
            emit_move(self, side=side, frm=frm, to=to)
        else:
            a_rank = self.s.rank[piece]
            d_rank = self.s.rank[target]
            outcome = _battle(a_rank, d_rank)
            self.s.flags[piece] |= REVEALED
            self.s.flags[target] |= REVEALED
            if outcome == C_ATTACKER_WINS or outcome == C_FLAG_TAKEN:
                self.s.board[to] = piece
                self.s.pos[piece] = to
                self.s.pos[target] = -1
                if hashing:
                    h ^= ZOBRIST[piece][frm] ^ ZOBRIST[piece][to] ^ ZOBRIST[target][to]
            elif outcome == C_DEFENDER_WINS:
                self.s.pos[piece] = -1
                if hashing:
                    h ^= ZOBRIST[piece][frm]
            else:
                self.s.board[to] = C_EMPTY
                self.s.pos[piece] = -1
                self.s.pos[target] = -1
                if hashing:
                    h ^= ZOBRIST[piece][frm] ^ ZOBRIST[target][to]
            emit_attack(self, side=side, frm=frm, to=to, d_rank=d_rank, a_rank=a_rank,
                        outcome=outcome)
            if outcome == C_FLAG_TAKEN:
                self.end(side, END_FLAG)
                return
        self.s.zhash = h
        if self.t.limit:
            self.record_streak(side, piece, frm, to)
        if self.t.more_squares:
            self.follow_chase(side, piece, frm, to, target == C_EMPTY)
        self.s.turn = 1 - side
        self.after_move(target != C_EMPTY)

    # -- Repetition: the two-square rule and the more-squares rule ------------------------------
    cdef void record_streak(self, int side, int piece, int frm, int to) noexcept nogil:
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

    cdef void remember(self, u64 key) noexcept nogil:
        """Add a position to the running chase's set. A chase remembers ``MAX_CHASE`` positions
        (far beyond any real chase); past that it forgets the newest, never the rule."""
        cdef int i
        for i in range(self.s.n_seen):
            if self.s.seen[i] == key:
                return
        if self.s.n_seen < MAX_CHASE:
            self.s.seen[self.s.n_seen] = key
            self.s.n_seen += 1

    cdef void follow_chase(self, int side, int piece, int frm, int to, bint plain) noexcept nogil:
        """ISF more-squares rule bookkeeping, after a move of ``piece`` from ``frm`` to ``to``.

        A *threat* is a move next to an enemy piece; an *evasion* is that enemy piece moving away
        on the very next move; a continuous chase is a run of threats and evasions by the same two
        pieces. The chase keeps the positions (after each chasing move) and the square the chaser
        came from. ``plain``: the move was no attack (an attack neither threatens nor evades).
        """
        cdef int i, occupant, chaser
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
                    self.s.chase_on = 1  # a new chase
                    self.s.chaser = chaser
                    self.s.chased = piece
                    self.s.chase_back = self.s.threat_from
                    self.s.chase_side = 1 - side
                    self.s.n_seen = 0
                    self.remember(self.s.threat_hash)
                # else the evader keeps running: the chase goes on
            else:
                self.s.chase_on = 0
                self.s.n_seen = 0
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

    cdef bint chase_forbids(self, int frm, int to) noexcept nogil:
        """Whether the chaser's step from ``frm`` to the empty ``to`` repeats a position of the
        running chase. Moving the chaser back to the square it came from stays allowed."""
        cdef int i
        cdef u64 key
        if to == self.s.chase_back or not adjacent(self.s.pos[self.s.chased], to):
            return False
        key = self.s.zhash ^ ZOBRIST[self.s.chaser][frm] ^ ZOBRIST[self.s.chaser][to]
        for i in range(self.s.n_seen):
            if self.s.seen[i] == key:
                return True
        return False

    # -- End of the game (Objective) ----------------------------------------------------------
    cdef void after_move(self, bint fought) noexcept nogil:
        """Objective: "leave the opponent without valid movements".

        A side that cannot move on its turn loses. With ``immobile_loses_at_once`` (Gravon) a
        side whose own attack leaves it unable to move loses at once, not on its next turn. If
        neither side can move it is a draw (option ``draw_when_both_immobile``; without it the
        side to move, or the side that just attacked, loses). The optional ply cap ends the game
        drawn; without it the game's own limit (``params.PLY_LIMIT`` moves, not in the seed) does,
        so that every game has a finite length.
        """
        cdef int side = self.s.turn
        cdef int first[1]
        if fought and self.t.at_once and not self.can_move(1 - side):  # the mover stranded itself
            if self.can_move(side):
                self.end(side, END_NO_MOVES)
            elif self.t.draw_both:
                self.end(C_DRAW, END_NEITHER)
            else:
                self.end(side, END_NEITHER)
            return
        if self.s.ply >= self.t.ply_limit:
            self.end(C_DRAW, END_CAP)
            return
        if self.generate_moves(side, first, True) == 0:
            if self.t.draw_both and not self.can_move(1 - side):
                self.end(C_DRAW, END_NEITHER)
            else:
                self.end(1 - side, END_NO_MOVES)

    cdef void end(self, int winner, int reason) noexcept nogil:
        self.s.phase = C_OVER
        self.s.winner = winner
        self.s.reason = reason
        emit_end(self, winner=winner, reason=reason)

    # -- the kernel's hooks --------------------------------------------------------------------
    cdef int _current(self) noexcept nogil:
        if self.s.phase == C_OVER:
            return TERMINAL_PLAYER
        if self.s.filling:
            return CHANCE_PLAYER
        return self.s.turn

    cdef int _legal(self, int* out) noexcept nogil:
        """In play the moves; while a side sets up, ``setup_actions`` in C (the same ids)."""
        cdef int i, count = 0
        if self.s.phase == C_PLAY:
            return self.generate_moves(self.s.turn, out, False)
        if self.t.mode != MODE_WHOLE:
            count = self.free_setup_squares(out)
            for i in range(count):
                out[i] += C_PLACE
        if self.t.mode != MODE_PIECES and self.s.placed[self.s.turn] == 0:
            out[count] = C_RANDOM_SETUP
            count += 1
            for i in range(self.t.catalogue):
                out[count] = C_CATALOGUE + i
                count += 1
        return count

    def legal_actions(self):
        """Sorted legal ids; during setup every catalogue entry (read from the catalogue
        itself), otherwise the kernel's."""
        if self.s.phase == C_SETUP and not self.s.filling:
            return self.setup_actions()
        return CompiledState.legal_actions(self)

    cdef bint _is_legal(self, int action):
        """In play one move checked on its own (``may_move``, the generator's own rule); during
        setup a catalogue entry; at chance the kernel's."""
        if self.s.phase == C_PLAY:
            return self.may_move(self.s.turn, action)
        if self.s.phase == C_SETUP and not self.s.filling:
            return action in self.setup_actions()
        return CompiledState._is_legal(self, action)

    cdef object _chance(self):
        cdef int squares[MAX_SIDE]
        cdef int i, count = self.free_setup_squares(squares)
        cdef double p = 1.0 / count
        return [(squares[i], p) for i in range(count)]

    cdef int _sample_chance(self, double u) noexcept nogil:
        """A free square of the side being set up, every one equally likely: the walk
        ``garrison.sample_chance`` makes over ``_chance``, in C."""
        cdef int squares[MAX_SIDE]
        cdef int i, count = self.free_setup_squares(squares)
        cdef double p = 1.0 / count, total = 0.0
        for i in range(count):
            total += p
            if u < total:
                return squares[i]
        return squares[count - 1]

    cdef int _apply(self, int action) noexcept nogil:
        cdef int side = self.s.turn
        if self.s.phase == C_PLAY:
            self.play_move(action)
            return 0
        if self.s.filling:
            self.place(action)
        elif action < C_RANDOM_SETUP:
            self.place(action - C_PLACE)
        elif action == C_RANDOM_SETUP:
            self.s.filling = 1
        elif self.place_layout(action - C_CATALOGUE) < 0:
            return ERR_KEPT
        if self.s.placed[side] == self.t.n and not self.s.filling and self.s.setup_end[side] == 0:
            self.s.setup_end[side] = <int>self._nhist + 1
        return 0

    cdef int _returns_c(self, double* out) noexcept nogil:
        """The winner +1, the loser -1; 0 each for a draw and before the end."""
        out[0] = out[1] = 0.0
        if self.s.phase == C_OVER and self.s.winner != C_DRAW:
            out[0] = 1.0 if self.s.winner == 0 else -1.0
            out[1] = -out[0]
        return 0

    cdef int _policy(self, int seat, uint64_t* rng) noexcept nogil:
        """The ``heuristic`` bot's move (policy.pxi), its noise and setups drawn from ``rng``;
        as policy 1 (``PRIOR_POLICY``) the move prior's (prior.pxi)."""
        if self._policy_id == C_PRIOR_POLICY:
            return prior_move(self, seat, rng)
        return heuristic_move(self, seat, rng)

    cdef int _policy_count(self) noexcept nogil:
        """The heuristic (0) and the move prior (1, ``PRIOR_POLICY``)."""
        return 2

    def prior_features(self, int seat):
        """The move prior's feature rows of every legal move of ``seat`` in play, in the order
        of ``legal_actions()``: ``bytes`` of int32, ``len(legal) × 17`` (``prior.features``).
        Raises ``GameError`` outside play, for another seat than the mover's, or before the
        weights are loaded (``set_prior_weights``: they hold the groups' offsets)."""
        cdef PriorView v
        cdef int k, n
        if self.s.phase != C_PLAY or seat != self._current():
            from garrison.core.errors import GameError

            raise GameError("the move prior reads the mover's moves in play: "
                            f"seat {seat} is not to move in play here")
        if PRIOR_DIM == 0:
            from garrison.core.errors import GameError

            raise GameError("the move prior's weights are not loaded (prior.move_prior())")
        n = self._find_legal()
        out = bytearray(n * PRIOR_GROUPS * sizeof(int))
        cdef int[::1] rows = memoryview(out).cast("i")
        prior_view(self, seat, &v)
        for k in range(n):
            prior_move_features(&v, self._legal_buf[k], &rows[k * PRIOR_GROUPS])
        return bytes(out)

    cdef long long _stage(self) noexcept nogil:
        """0: the returns change only at the game's end, where a playout stops anyway."""
        return 0

    cdef inline int public_rank(self, int piece) noexcept nogil:
        """The rank of ``piece`` as its opponent knows it, or -1 (``observe.public_rank``)."""
        if self.s.flags[piece] & REVEALED and (self.s.pos[piece] < 0 or not self.t.forget_revealed):
            return self.s.rank[piece]
        if self.s.flags[piece] & SCOUTED:
            return R_SCOUT
        return -1

    cdef void _encode(self, int seat, float* out) noexcept nogil:
        """the observation tensor, from the typed state (tested equal to the test oracle, ``tests/tensor_oracles/``): the same
        gate as ``observe.view``; each part written by its name where ``observe.layout`` puts it
        (``Tables.at_*``)."""
        cdef int piece, side, sq, rank, at, player, k
        cdef int n = self.t.n
        cdef int me = seat if seat >= 0 else 0
        cdef bint setup = self.s.phase == C_SETUP
        cdef int lost[NUM_RANKS]  # captured pieces of one side, per rank
        cdef float share, total
        for side in range(2):
            k = 0 if side == me else 1  # own side first
            for rank in range(NUM_RANKS):
                lost[rank] = 0
            for piece in range(side * n, side * n + n):
                sq = self.s.pos[piece]
                if sq < 0:
                    lost[self.s.rank[piece]] += 1
                    continue
                if setup and side != seat:
                    continue
                rank = self.s.rank[piece] if side == seat else self.public_rank(piece)
                if rank >= 0:
                    at = self.t.at_known[k] + rank * 100
                elif self.s.flags[piece] & MOVED:
                    at = self.t.at_moved[k]
                else:
                    at = self.t.at_unmoved[k]
                out[at + sq] = 1.0
            if not setup:  # captured: the share of each rank's pieces, own side first
                for rank in range(NUM_RANKS):
                    if lost[rank]:  # summed a piece at a time in float, as the test oracle does
                        share = self.t.share[rank]
                        total = 0
                        for at in range(lost[rank]):
                            total = total + share
                        out[self.t.at_captured + k * NUM_RANKS + rank] = total
        out[self.t.at_phase + self.s.phase] = 1.0
        player = self._current()
        if self.s.phase != C_OVER:  # own, other, chance
            if player == CHANCE_PLAYER:
                out[self.t.at_mover + 2] = 1.0
            else:
                out[self.t.at_mover + (0 if player == me else 1)] = 1.0
        out[self.t.at_viewer + (2 if seat < 0 else seat)] = 1.0  # Red, Blue, spectator
        out[self.t.at_plies] = min(1.0, self.s.ply / <double>(self.t.cap or 2000))

    # -- resample: the hidden ranks of a world ----------------------------------------------------
    def set_ranks(self, ranks):
        """Give the pieces the ranks ``ranks`` (one per piece; for ``resample`` only)."""
        cdef int p
        if len(ranks) != 2 * self.t.n:
            raise ValueError(f"{2 * self.t.n} ranks wanted, not {len(ranks)}")
        for p in range(2 * self.t.n):
            self.s.rank[p] = ranks[p]
        self._nlegal = -1

    # -- views for Python (the fields' own accessors are StrategoFields', fields.pxi) -------------
    # -- accessors for the views (Python reads the typed state through these) -------------------
    @property
    def n(self):
        """Pieces a side."""
        return self.t.n

    cdef object _mask(self, int flag):
        cdef int i
        cdef object one = 1
        out = 0
        for i in range(2 * self.t.n):
            if self.s.flags[i] & flag:
                out |= one << i  # a Python int: up to 80 bits
        return out

    @property
    def moved(self):
        """Bitmask of the pieces that ever moved (public)."""
        return self._mask(MOVED)

    @property
    def scouted(self):
        """Bitmask of the pieces that ran more than one square: Soldiers (public)."""
        return self._mask(SCOUTED)

    @property
    def revealed(self):
        """Bitmask of the pieces that fought (public)."""
        return self._mask(REVEALED)

    @property
    def streak(self):
        """Per side: ``(piece, from, to, times in a row)`` of its last move, or None."""
        return tuple([None if self.s.streak_piece[i] < 0 else
                      (self.s.streak_piece[i], self.s.streak_from[i], self.s.streak_to[i],
                       self.s.streak_count[i]) for i in range(2)])

    @property
    def chase(self):
        """``(chaser, chased, positions seen, square the chaser came from, chaser's side)`` of the
        running chase, or None."""
        cdef int i
        if not self.s.chase_on:
            return None
        seen = frozenset([self.s.seen[i] for i in range(self.s.n_seen)])
        return (self.s.chaser, self.s.chased, seen, self.s.chase_back, self.s.chase_side)

    @property
    def threat(self):
        """``(side, piece, from, threatened pieces, position)`` of the last move's threat, or None."""
        cdef int i
        if not self.s.threat_on:
            return None
        pieces = tuple(sorted([self.s.threat_pieces[i] for i in range(self.s.threat_count)]))
        return (self.s.threat_side, self.s.threat_piece, self.s.threat_from, pieces,
                self.s.threat_hash)

    def last_events(self, int count):
        """The latest ``count`` events, oldest first, as ``(code, a, b, c)`` tuples."""
        cdef Py_ssize_t i, start = max(0, self._nevents - count)
        cdef int* e = self._events
        return [(e[4 * i], e[4 * i + 1], e[4 * i + 2], e[4 * i + 3])
                for i in range(start, self._nevents)]


# -- the heuristic bot ----------------------------------------------------------------------------
include "policy.pxi"

# -- the move prior ----------------------------------------------------------------------------------
include "prior.pxi"

# -- StrategoFields: StrategoCore with the accessors of the struct's fields, FIELDS and _copy_extra,
# made from the declarations above (the struct, the fixed attributes) by tools/declare.py
include "fields.pxi"

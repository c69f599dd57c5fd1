# cython: language_level=3
"""N tables of one compiled game stepped in one call, in C: the engine under
``garrison.interop.batch.BatchEnv`` for every compiled game with chance drawn inside.

Per table and step it checks the action against the node's cached legal ids, applies it, draws
every chance outcome that follows (``CompiledState._sample_chance`` of one uniform number from
the table's own numpy ``Generator``, read in C through its bit generator), lets the table's bots
play their seats, starts the table's next game when one ends, and writes the mover's legal mask
and observation tensor (``_encode``: the typed state, no dict, no text) straight into the
caller's arrays. Everything a table does goes through the same compiled rules the kernel hands
out, so a batched game is a game of the kernel, move for move.

One stream: a table's uniform numbers are its generator's ``random()`` values, one per chance
node, in the order ``garrison.sample_chance(state, rng)`` would draw them, and a new game's bots
are seeded from the same generator first, as the single environments do at ``reset()``. So table
``i`` seeded ``s`` plays the game a single environment seeded ``s`` plays with the same actions,
and the next games those of the single environment's ``reset()`` without a seed.

Undo copies: a table applies its actions without their undo copies (``_do_fast``), which a
long game would otherwise write at every step (megabytes a table); its state still undoes, the
kernel making the copies again from the history if asked (``_fill_gap``).

Bots: a game's compiled rule-of-thumb bot (``CompiledPolicyBot``) is played in C, without a
Python call: each seat's tie-break seeds follow the bot's own stream (``seed_at``), so its
moves are those its ``step`` would make. The uniformly random bot (``random``) is played in C
too: its ``step`` is ``random.Random(seed).choice(legal_actions)``, and the tables keep each such
seat's Mersenne Twister (the generator Python's ``random`` module runs, seeded as it seeds
from an int) and draw its pick as ``choice`` does (``getrandbits`` of the count's bit length,
again while too large), so its moves are those its ``step`` would make, draw for draw. Any
other bot is asked through ``step``.

A ``CompiledTables`` pickles: its states (their histories), its generators (their exact
positions), its bots and the game, so an unpickled copy continues as the original would.
"""

from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdlib cimport free, malloc
from libc.stdint cimport uint32_t, uint64_t
from libc.string cimport memcpy, memset
from numpy.random cimport bitgen_t

from garrison.core.compiled cimport CHANCE_PLAYER, TERMINAL_PLAYER, CompiledState

import numpy as np

cdef enum:
    BOT_NONE = 0        # the seat is played by the caller
    BOT_COMPILED = 1    # a game's compiled rule-of-thumb bot: played in C
    BOT_PYTHON = 2      # any other bot: its step
    BOT_RANDOM = 3      # the uniformly random bot: played in C from its Mersenne Twister

# The Mersenne Twister MT19937 as Python's ``random.Random`` runs it: 624 words of state, the
# position of the next word (Python's ``getstate()`` is these 625 numbers), and how many words of
# the current generation are made: a table twists a word when it is drawn, not all 624 at once
# (a bot draws a few words a game), and completes the generation before handing the state to
# Python. Each word of a generation needs the words after it as they were and the ones
# before it as they are now, so drawing in order gives exactly the words of the whole twist.
cdef enum:
    MT_N = 624
    MT_M = 397
    MT_POS = 624        # the position of the next word
    MT_MADE = 625       # the words of the current generation made so far (MT_N: all)
    MT_WORDS = 626
cdef uint32_t MT_MATRIX = 0x9908b0dfU
cdef uint32_t MT_UPPER = 0x80000000U
cdef uint32_t MT_LOWER = 0x7fffffffU
# the state every int seed starts from (MT19937's initialisation with 19650218), made once
cdef uint32_t MT_START[624]


cdef void _mt_start() noexcept nogil:
    cdef int k
    MT_START[0] = 19650218U
    for k in range(1, MT_N):
        MT_START[k] = 1812433253U * (MT_START[k - 1] ^ (MT_START[k - 1] >> 30)) + <uint32_t>k


_mt_start()


cdef void mt_seed(uint32_t** mts, const uint32_t* seeds, int count) noexcept nogil:
    """``random.Random(seeds[b])`` into ``mts[b]`` for ``0 <= seeds[b] < 2**32``, ``b <
    count``: each state seeded from the key of one word (the initialisation by array of
    MT19937's authors, which Python uses for an int). Every state walks the same indices, so the
    generators are seeded side by side, a word of each in turn: each one's walk is a chain of
    dependent steps, and the processor runs the chains of a table's bots at once."""
    cdef int i = 1, k, b
    cdef uint32_t* mt
    for b in range(count):
        memcpy(mts[b], MT_START, MT_N * sizeof(uint32_t))
    for k in range(MT_N):  # max(N, key length) rounds; the key is one word, at index 0
        for b in range(count):
            mt = mts[b]
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + seeds[b]
        i += 1
        if i >= MT_N:
            for b in range(count):
                mts[b][0] = mts[b][MT_N - 1]
            i = 1
    for k in range(MT_N - 1):
        for b in range(count):
            mt = mts[b]
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - <uint32_t>i
        i += 1
        if i >= MT_N:
            for b in range(count):
                mts[b][0] = mts[b][MT_N - 1]
            i = 1
    for b in range(count):
        mts[b][0] = 0x80000000U
        mts[b][MT_POS] = MT_N  # the next word comes from a new generation
        mts[b][MT_MADE] = MT_N


cdef inline void _mt_twist(uint32_t* mt, int k) noexcept nogil:
    """Make word ``k`` of the next generation."""
    cdef uint32_t y = (mt[k] & MT_UPPER) | (mt[(k + 1) % MT_N] & MT_LOWER)
    mt[k] = mt[(k + MT_M) % MT_N] ^ (y >> 1) ^ (MT_MATRIX if y & 1 else 0)


cdef void mt_complete(uint32_t* mt) noexcept nogil:
    """Make the rest of the current generation (the state Python's ``setstate`` takes)."""
    while mt[MT_MADE] < MT_N:
        _mt_twist(mt, mt[MT_MADE])
        mt[MT_MADE] += 1


cdef uint32_t mt_next(uint32_t* mt) noexcept nogil:
    """The next 32-bit output (``getrandbits(32)``)."""
    cdef uint32_t y, p = mt[MT_POS]
    if p >= MT_N:
        p = 0
        mt[MT_MADE] = 0
    if mt[MT_MADE] <= p:
        _mt_twist(mt, p)
        mt[MT_MADE] = p + 1
    y = mt[p]
    mt[MT_POS] = p + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680U
    y ^= (y << 15) & 0xefc60000U
    y ^= y >> 18
    return y


cdef int mt_below(uint32_t* mt, int n) noexcept nogil:
    """A uniform int in ``[0, n)`` for ``0 < n < 2**31``, drawn as ``random.Random._randbelow``
    draws it: ``getrandbits(k)`` for ``k`` the bit length of ``n``, again while ``>= n``."""
    cdef int k = 0
    cdef uint32_t r
    while (n >> k) != 0:
        k += 1
    r = mt_next(mt) >> (32 - k)
    while r >= <uint32_t>n:
        r = mt_next(mt) >> (32 - k)
    return <int>r


cpdef uint64_t stream_start(uint64_t seed) noexcept:
    """Where a compiled bot's stream of tie-break seeds starts for ``seed``: splitmix64's
    finaliser (``CompiledPolicyBot`` and the tables both use this one)."""
    cdef uint64_t z = seed + <uint64_t>0x9E3779B97F4A7C15ULL
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EBULL
    return z ^ (z >> 31)


cpdef uint64_t seed_at(uint64_t base, uint64_t draws) noexcept:
    """The ``draws``-th seed of a stream starting at ``base`` (a splitmix64 step apart;
    ``CompiledPolicyBot.seed_at`` and the tables both use this one)."""
    return base + draws * <uint64_t>0x9E3779B97F4A7C15ULL


def _restore(game, list states, list rngs, list bots, object new_bots, bint observe_all):
    """Unpickle a ``CompiledTables`` (see ``__reduce__``)."""
    return CompiledTables(game, rngs, observe_all, new_bots, states, bots)


cdef class CompiledTables:
    """The tables of a ``BatchEnv`` whose game is compiled (chance drawn inside)."""

    cdef readonly list states
    #: one ``numpy.random.Generator`` per table (``rngs[i].random()`` is the table's next draw)
    cdef readonly list rngs
    # per table ``{seat: bot}`` (empty in self-play), made anew at each game; ``None`` while the
    # table's bots are seeded in C only (``bots`` makes them when read)
    cdef list _bots
    #: ``(table, state)`` of every game that ended in the last ``step`` (its final position)
    cdef readonly list finished
    cdef object game, new_bots
    cdef bitgen_t** gens
    # per table and seat (table * num_players + seat): BOT_NONE, BOT_COMPILED or BOT_PYTHON, and
    # a compiled bot's stream (its base and the seeds drawn so far, as CompiledPolicyBot keeps)
    cdef unsigned char* kind
    cdef uint64_t* base
    cdef uint64_t* draws
    # bots seeded in C (every bot a plain CompiledPolicyBot): their seats in seed order, and each
    # seat's seed (table * num_players + seat); n_seeded is -1 when the bots are made in Python
    cdef int* seeded
    cdef int n_seeded
    cdef uint64_t* seeds
    # per seat: played by the uniformly random bot (1) or not; and per table and seat the
    # random bot's Mersenne Twister (MT_WORDS words; NULL when no seat has that bot)
    cdef unsigned char* random_seat
    cdef uint32_t* mt
    # a new game's random seats, seeded together: their twisters and seeds (one per seat)
    cdef uint32_t** mt_of
    cdef uint32_t* mt_seeds
    cdef readonly int num_envs, num_players, tensor_size, num_actions
    cdef bint observe_all

    def __init__(self, game, rngs, bint observe_all, new_bots=None, states=None, bots=None):
        """``rngs``: one ``numpy.random.Generator`` per table; ``new_bots(rng)``: the bots of a
        new game (``{seat: bot}``), seeded from the table's generator, or ``None`` for
        self-play. ``states`` and ``bots`` restore tables as they were (unpickling)."""
        self.game = game
        self.new_bots = new_bots
        self.num_envs = len(rngs)
        self.num_players = game.num_players
        self.tensor_size = game.observation_tensor_shape[0]
        self.num_actions = game.num_distinct_actions
        self.observe_all = observe_all
        self.rngs = list(rngs)
        self.gens = <bitgen_t**>malloc(max(self.num_envs, 1) * sizeof(bitgen_t*))
        if self.gens == NULL:
            raise MemoryError("no memory for the tables' generators")
        for i in range(self.num_envs):
            self.gens[i] = <bitgen_t*>PyCapsule_GetPointer(
                self.rngs[i].bit_generator.capsule, "BitGenerator")
        cdef Py_ssize_t seats = max(self.num_envs * self.num_players, 1)
        self.kind = <unsigned char*>malloc(seats)
        self.base = <uint64_t*>malloc(seats * sizeof(uint64_t))
        self.draws = <uint64_t*>malloc(seats * sizeof(uint64_t))
        self.seeds = <uint64_t*>malloc(seats * sizeof(uint64_t))
        self.seeded = <int*>malloc(max(self.num_players, 1) * sizeof(int))
        self.random_seat = <unsigned char*>malloc(max(self.num_players, 1))
        self.mt_of = <uint32_t**>malloc(max(self.num_players, 1) * sizeof(uint32_t*))
        self.mt_seeds = <uint32_t*>malloc(max(self.num_players, 1) * sizeof(uint32_t))
        if (self.kind == NULL or self.base == NULL or self.draws == NULL or self.seeds == NULL
                or self.seeded == NULL or self.random_seat == NULL or self.mt_of == NULL
                or self.mt_seeds == NULL):
            raise MemoryError("no memory for the tables' bots")
        memset(self.kind, BOT_NONE, seats)
        memset(self.random_seat, 0, max(self.num_players, 1))
        self.mt = NULL
        self.n_seeded = -1
        if new_bots is not None:
            order = new_bots.seeded_in_c()
            if order is not None:
                for j, seat in enumerate(order):
                    self.seeded[j] = seat
                self.n_seeded = len(order)
            randoms = new_bots.random_seats()
            for seat in randoms:
                self.random_seat[seat] = 1
            if randoms:
                self.mt = <uint32_t*>malloc(seats * MT_WORDS * sizeof(uint32_t))
                if self.mt == NULL:
                    raise MemoryError("no memory for the random bots' generators")
        self.finished = []
        if states is not None:
            self.states = list(states)
            self._bots = list(bots)
            for i in range(self.num_envs):
                self._load_bots(i)
            return
        self.states = []
        self._bots = []
        for i in range(self.num_envs):
            self._bots.append({})
            self.states.append(None)
            self.states[i] = self._fresh(i)

    def __dealloc__(self):
        free(self.gens)
        free(self.kind)
        free(self.base)
        free(self.draws)
        free(self.seeds)
        free(self.seeded)
        free(self.random_seat)
        free(self.mt)
        free(self.mt_of)
        free(self.mt_seeds)

    cdef void _load_bots(self, int i) except *:
        """Read table ``i``'s bots into the C arrays: which seats they hold, and the streams of
        the compiled ones."""
        cdef int seat, k
        cdef dict bots = self._bots[i]
        for seat in range(self.num_players):
            k = i * self.num_players + seat
            bot = bots.get(seat)
            if bot is None:
                self.kind[k] = BOT_NONE
            elif getattr(bot, "compiled_policy", False):
                self.kind[k] = BOT_COMPILED
                self.base[k] = bot.stream
                self.draws[k] = bot.draws
            elif self.random_seat[seat]:
                self.kind[k] = BOT_RANDOM
                self._read_twister(k, bot)
            else:
                self.kind[k] = BOT_PYTHON

    cdef void _read_twister(self, int k, object bot) except *:
        """Copy a random bot's generator (``bot.rng.getstate()``) into seat ``k``'s twister."""
        cdef int w
        words = bot.rng.getstate()[1]
        for w in range(MT_N + 1):
            self.mt[k * MT_WORDS + w] = <uint32_t>words[w]
        self.mt[k * MT_WORDS + MT_MADE] = MT_N

    cdef void _write_twister(self, int k, object bot) except *:
        """Set a random bot's generator to seat ``k``'s twister (its next draws are the C loop's)."""
        cdef int w
        mt_complete(&self.mt[k * MT_WORDS])
        words = tuple(int(self.mt[k * MT_WORDS + w]) for w in range(MT_N + 1))
        bot.rng.setstate((3, words, None))

    @property
    def bots(self):
        """Per table ``{seat: bot}`` (empty in self-play); bots seeded in C are made here, with
        the seeds their objects would have drawn. Their ``draws`` are as of the last
        ``sync_bots``."""
        cdef int i, j, k
        for i in range(self.num_envs):
            if self._bots[i] is None:
                made = {}
                for j in range(self.n_seeded):
                    k = i * self.num_players + self.seeded[j]
                    made[self.seeded[j]] = bot = self.new_bots.bot(self.seeded[j], self.seeds[k])
                    if self.kind[k] == BOT_RANDOM:
                        self._write_twister(k, bot)
                    else:
                        bot.draws = self.draws[k]
                self._bots[i] = made
        return self._bots

    def sync_bots(self):
        """Write the compiled bots' positions in their streams back into the bot objects (their
        ``draws``), so that a bot read from ``bots`` (or pickled) is where the C loop left it."""
        cdef int i, seat
        for i, table in enumerate(self.bots):
            for seat, bot in table.items():
                if self.kind[i * self.num_players + seat] == BOT_COMPILED:
                    bot.draws = self.draws[i * self.num_players + seat]
                elif self.kind[i * self.num_players + seat] == BOT_RANDOM:
                    self._write_twister(i * self.num_players + seat, bot)

    def __reduce__(self):
        self.sync_bots()
        return (_restore, (self.game, self.states, self.rngs, self._bots, self.new_bots,
                           self.observe_all))

    cdef CompiledState _fresh(self, int i):
        cdef CompiledState state = self.game.new_initial_state()
        cdef bitgen_t* gen = self.gens[i]
        cdef int j, k, randoms = 0
        if self.n_seeded >= 0:
            # what new_bots does, in C: each bot's seed is rng.integers(2**31) (numpy's Lemire
            # draw for that bound is one 32-bit draw halved), its stream starts at stream_start(seed)
            for j in range(self.n_seeded):
                k = i * self.num_players + self.seeded[j]
                self.seeds[k] = gen.next_uint32(gen.state) >> 1
                if self.random_seat[self.seeded[j]]:
                    self.kind[k] = BOT_RANDOM
                    self.mt_of[randoms] = &self.mt[k * MT_WORDS]
                    self.mt_seeds[randoms] = <uint32_t>self.seeds[k]
                    randoms += 1
                else:
                    self.kind[k] = BOT_COMPILED
                    self.base[k] = stream_start(self.seeds[k])
                    self.draws[k] = 0
            mt_seed(self.mt_of, self.mt_seeds, randoms)
            self._bots[i] = None
        elif self.new_bots is not None:
            self._bots[i] = self.new_bots(self.rngs[i])
            self._load_bots(i)
        self._advance(state, i)
        return state

    cdef void _advance(self, CompiledState state, int i) except *:
        """Draw chance outcomes and play the bots until the caller must act or the game ends."""
        cdef bitgen_t* gen = self.gens[i]
        cdef int player, action, k, n
        cdef uint64_t seed
        while True:
            player = state._current()
            if player == CHANCE_PLAYER:
                state._do_fast(state._sample_chance(gen.next_double(gen.state)))
                continue
            if player < 0:
                return
            k = i * self.num_players + player
            if self.kind[k] == BOT_COMPILED:
                # CompiledPolicyBot.step in C: one legal id is played as is, else the policy
                # draws from the next seed of the bot's stream
                if state._find_legal() == 1:
                    action = state._legal_buf[0]
                else:
                    seed = seed_at(self.base[k], self.draws[k])
                    self.draws[k] += 1
                    action = state._policy_move(player, &seed)
                if state._is_legal(action):
                    state._do_fast(action)
                else:
                    state.apply_action(action, seat=player)  # raises, naming the move
            elif self.kind[k] == BOT_RANDOM:
                # RandomBot.step in C: random.Random.choice over the sorted legal ids (a
                # draw even when only one is legal, as choice makes it)
                n = state._find_legal()
                action = state._legal_buf[mt_below(&self.mt[k * MT_WORDS], n)]
                state._do_fast(action)
            elif self.kind[k] == BOT_PYTHON:
                state.apply_action(self._bots[i][player].step(state), seat=player)
            else:
                return

    def is_legal(self, long long[::1] actions):
        """Per table: is ``actions[i]`` legal for the seat to move now."""
        cdef int i
        cdef CompiledState state
        out = np.empty(self.num_envs, bool)
        for i in range(self.num_envs):
            state = <CompiledState>self.states[i]
            out[i] = state._is_legal(<int>actions[i]) if 0 <= actions[i] < 2**31 else False
        return out

    def step(self, long long[::1] actions, const unsigned char[::1] legal, float[:, ::1] rewards,
             unsigned char[::1] terminated, float min_utility, const unsigned char[::1] hold=None):
        """Apply ``actions`` where ``legal``; a table with an illegal action ends its game, the
        mover getting ``min_utility`` (``illegal="lose"``). Finished games are restarted and
        their returns written to ``rewards``; their last states are kept in ``finished``.
        Tables where ``hold`` is set are left as they are (their action is not read)."""
        cdef int i, s, mover
        cdef CompiledState state
        self.finished = []
        for i in range(self.num_envs):
            if hold is not None and hold[i]:
                continue
            state = <CompiledState>self.states[i]
            if not legal[i]:
                mover = state._current()
                rewards[i, mover] = min_utility
                terminated[i] = 1
            else:
                state._do_fast(<int>actions[i])
                self._advance(state, i)
                if state._current() == TERMINAL_PLAYER:
                    returns = state._returns()
                    for s in range(self.num_players):
                        rewards[i, s] = returns[s]
                    terminated[i] = 1
            if terminated[i]:
                self.finished.append((i, state))
                self.states[i] = self._fresh(i)

    def restart(self, int i, rng=None):
        """Start table ``i``'s next game now, leaving the one in play: its bots seeded and its
        chance drawn from ``rng``, which becomes the table's generator, or from the table's own
        generator (``None``). Raises ``IndexError`` for a table the batch does not have."""
        if not 0 <= i < self.num_envs:
            raise IndexError(f"table must be 0 to {self.num_envs - 1} (got {i})")
        if rng is not None:
            self.rngs[i] = rng
            self.gens[i] = <bitgen_t*>PyCapsule_GetPointer(rng.bit_generator.capsule, "BitGenerator")
        self.states[i] = self._fresh(i)

    def collect(self, float[:, ::1] obs, unsigned char[:, ::1] mask, long long[::1] to_move,
                long long[::1] start):
        """Write each table's mover, legal mask and observation tensor (``observe="all"``: the
        ``obs`` rows are table-major, one row per seat); return the legal ids listed, table
        after table, with ``start`` (``num_envs + 1`` offsets) filled."""
        cdef int i, k, n, s, player, t = self.tensor_size
        cdef long long total = 0
        cdef CompiledState state
        for i in range(self.num_envs):
            start[i] = total
            total += (<CompiledState>self.states[i])._find_legal()
        start[self.num_envs] = total
        legal = np.empty(total, np.int32)
        cdef int[::1] ids = legal
        for i in range(self.num_envs):  # row by row: each row is zeroed while in cache
            state = <CompiledState>self.states[i]
            player = state._current()
            to_move[i] = player
            n = state._find_legal()
            memset(&mask[i, 0], 0, self.num_actions)
            for k in range(n):
                mask[i, state._legal_buf[k]] = 1
                ids[start[i] + k] = state._legal_buf[k]
            if self.observe_all:
                for s in range(self.num_players):
                    memset(&obs[i * self.num_players + s, 0], 0, t * sizeof(float))
                    state._encode(s, &obs[i * self.num_players + s, 0])
            else:
                memset(&obs[i, 0], 0, t * sizeof(float))
                state._encode(player, &obs[i, 0])
        return legal

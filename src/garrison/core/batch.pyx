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
moves are those its ``step`` would make. Any other bot is asked through ``step``.

A ``CompiledTables`` pickles: its states (their histories), its generators (their exact
positions), its bots and the game, so an unpickled copy continues as the original would.
"""

from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdlib cimport free, malloc
from libc.stdint cimport uint64_t
from libc.string cimport memset
from numpy.random cimport bitgen_t

from garrison.core.compiled cimport CHANCE_PLAYER, TERMINAL_PLAYER, CompiledState

import numpy as np

cdef enum:
    BOT_NONE = 0        # the seat is played by the caller
    BOT_COMPILED = 1    # a game's compiled rule-of-thumb bot: played in C
    BOT_PYTHON = 2      # any other bot: its step


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
        if (self.kind == NULL or self.base == NULL or self.draws == NULL or self.seeds == NULL
                or self.seeded == NULL):
            raise MemoryError("no memory for the tables' bots")
        memset(self.kind, BOT_NONE, seats)
        self.n_seeded = -1
        if new_bots is not None:
            order = new_bots.seeded_in_c()
            if order is not None:
                for j, seat in enumerate(order):
                    self.seeded[j] = seat
                self.n_seeded = len(order)
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
            else:
                self.kind[k] = BOT_PYTHON

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

    def __reduce__(self):
        self.sync_bots()
        return (_restore, (self.game, self.states, self.rngs, self._bots, self.new_bots,
                           self.observe_all))

    cdef CompiledState _fresh(self, int i):
        cdef CompiledState state = self.game.new_initial_state()
        cdef bitgen_t* gen = self.gens[i]
        cdef int j, k
        if self.n_seeded >= 0:
            # what new_bots does, in C: each bot's seed is rng.integers(2**31) (numpy's Lemire
            # draw for that bound is one 32-bit draw halved), its stream starts at stream_start(seed)
            for j in range(self.n_seeded):
                k = i * self.num_players + self.seeded[j]
                self.seeds[k] = gen.next_uint32(gen.state) >> 1
                self.kind[k] = BOT_COMPILED
                self.base[k] = stream_start(self.seeds[k])
                self.draws[k] = 0
            self._bots[i] = None
        elif self.new_bots is not None:
            self._bots[i] = self.new_bots(self.rngs[i])
            self._load_bots(i)
        self._advance(state, i)
        return state

    cdef void _advance(self, CompiledState state, int i) except *:
        """Draw chance outcomes and play the bots until the caller must act or the game ends."""
        cdef bitgen_t* gen = self.gens[i]
        cdef int player, action, k
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

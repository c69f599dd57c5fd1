# cython: language_level=3
"""N tables of one compiled game stepped in one call, in C: the engine under
``garrison.interop.batch.BatchEnv`` for self-play with chance drawn inside.

Per table and step it checks the action against the node's cached legal ids, applies it, draws
every chance outcome that follows (``CompiledState._sample_chance`` with the table's own
splitmix64 generator), starts the table's next game when one ends, and writes the mover's legal
mask and observation tensor (``_encode``: the typed state, no dict, no text) straight into the
caller's arrays. Everything a table does goes through the same compiled rules the kernel hands
out, so a batched game is a game of the kernel, move for move.
"""

from libc.stdint cimport uint64_t
from libc.string cimport memset

from garrison.core.compiled cimport CHANCE_PLAYER, TERMINAL_PLAYER, CompiledState, next_uniform

import numpy as np


cdef class CompiledTables:
    """The tables of a ``BatchEnv`` whose game is compiled (self-play, chance inside)."""

    cdef readonly list states
    cdef object new_state
    cdef uint64_t[::1] rng
    cdef readonly int num_envs, num_players, tensor_size, num_actions
    cdef bint observe_all

    def __init__(self, game, seeds, bint observe_all):
        """``seeds``: one int (or ``None``: fresh entropy) per table."""
        self.new_state = game.new_initial_state
        self.num_envs = len(seeds)
        self.num_players = game.num_players
        self.tensor_size = game.observation_tensor_shape[0]
        self.num_actions = game.num_distinct_actions
        self.observe_all = observe_all
        self.rng = np.array(
            [np.random.SeedSequence(s).generate_state(1, np.uint64)[0] for s in seeds],
            dtype=np.uint64,
        )
        self.states = []
        for i in range(self.num_envs):
            self.states.append(self._fresh(i))

    cdef CompiledState _fresh(self, int i):
        cdef CompiledState state = self.new_state()
        self._advance(state, i)
        return state

    cdef void _advance(self, CompiledState state, int i) except *:
        """Draw chance outcomes until a player must act or the game ends."""
        while state._current() == CHANCE_PLAYER:
            state._do(state._sample_chance(next_uniform(&self.rng[i])))

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
             unsigned char[::1] terminated, float min_utility):
        """Apply ``actions`` where ``legal``; a table with an illegal action ends its game, the
        mover getting ``min_utility`` (``illegal="lose"``). Finished games are restarted and
        their returns written to ``rewards``."""
        cdef int i, s, mover
        cdef CompiledState state
        for i in range(self.num_envs):
            state = <CompiledState>self.states[i]
            if not legal[i]:
                mover = state._current()
                rewards[i, mover] = min_utility
                terminated[i] = 1
            else:
                state._do(<int>actions[i])
                self._advance(state, i)
                if state._current() == TERMINAL_PLAYER:
                    returns = state._returns()
                    for s in range(self.num_players):
                        rewards[i, s] = returns[s]
                    terminated[i] = 1
            if terminated[i]:
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

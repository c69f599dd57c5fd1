# cython: language_level=3
"""Exact game theory in C: CFR, CFR+, external- and outcome-sampling MCCFR, best response and
NashConv over a game's whole tree.

The tree is built once (:func:`build_tree`): a walk of the compiled state with apply and undo,
every node stored in flat arrays (its mover, its children as one contiguous block, the chance
probability and action of the edge into it, a terminal's returns). Each decision node belongs to
an information state, keyed by the game's own information-state encoding: the seat to move and
a 128-bit digest of everything the seat has seen and done, the same recall OpenSpiel's
information-state string of a Garrison game holds (``garrison.interop._common.Recall``): the
seat's observation (its tensor, ``_encode``) at the start, each new observation it receives, and
each action it plays with what it sees after it. In a game of perfect information the digest is
the history. A :class:`GameTree` can also be filled from another source through its ``add_*``
methods (``garrison.solve.openspiel_tree`` fills one from any OpenSpiel game).

:class:`Solver` iterates over the tree in C without the GIL. CFR and CFR+ follow OpenSpiel's
``open_spiel.python.algorithms.cfr`` update for update (alternating updates, the current policy
by regret matching after each player's pass; CFR+ clips regrets and weights the average by the
iteration), so both reach the same NashConv after the same iterations. The sampling variants
draw from a seeded splitmix64 stream: a seed gives the same run.
"""

from libc.math cimport NAN, isnan
from libc.stdint cimport int32_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset

import numpy as np

cimport numpy as cnp

from garrison.core.compiled cimport CHANCE_PLAYER, TERMINAL_PLAYER, CompiledState

cnp.import_array()

#: The algorithms :class:`Solver` runs.
ALGORITHMS = ("cfr", "cfr+", "es-mccfr", "os-mccfr")
cdef double _EPSILON = 0.6
#: Outcome sampling's exploration at the updating seat's nodes (Lanctot et al. 2009).
OS_EPSILON = _EPSILON
cdef enum:
    MAXP = 16
    
#: The most players a tree may have.
MAX_PLAYERS = MAXP

cdef enum:
    ALG_CFR = 0
    ALG_CFR_PLUS = 1
    ALG_ES = 2
    ALG_OS = 3


cdef void* _grow(void* block, Py_ssize_t nbytes) except NULL:
    cdef void* out = realloc(block, nbytes if nbytes > 0 else 1)
    if out is NULL:
        raise MemoryError()
    return out


cdef inline uint64_t _mix(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline double _uniform(uint64_t* state) noexcept nogil:
    """splitmix64: the next double in [0, 1) of a generator kept in one word (the stream of
    ``garrison.core.compiled.next_uniform``)."""
    state[0] += 0x9E3779B97F4A7C15ULL
    return (_mix(state[0]) >> 11) * (1.0 / 9007199254740992.0)


cdef inline void _fold(uint64_t* h, uint64_t a, uint64_t b) noexcept nogil:
    """Fold the pair ``(a, b)`` into the 128-bit digest ``h``."""
    h[0] = _mix(_mix(h[0] ^ a) + b)
    h[1] = _mix(_mix(h[1] + a * 0x9E3779B97F4A7C15ULL) ^ (b * 0xC2B2AE3D27D4EB4FULL))


cdef inline void _hash_words(const uint32_t* w, Py_ssize_t n, uint64_t* out) noexcept nogil:
    """A 128-bit hash of ``n`` 32-bit words (an observation tensor's floats)."""
    cdef uint64_t a = 0x243F6A8885A308D3ULL, b = 0x13198A2E03707344ULL
    cdef Py_ssize_t i
    for i in range(n):
        a = (a ^ w[i]) * 0x100000001B3ULL
        b = ((b + w[i]) * 0xFF51AFD7ED558CCDULL)
        b ^= b >> 29
    out[0] = _mix(a ^ <uint64_t>n)
    out[1] = _mix(b + <uint64_t>n)


cdef class GameTree:
    """A game's whole tree in flat arrays, and its information states.

    Node 0 is the root; a node's children are the nodes ``first[n]`` to ``first[n] + count[n] -
    1``, in the order of the legal ids (or chance outcomes), so every child has a larger index
    than its parent. ``player[n]`` is a seat, ``CHANCE`` (-1) or ``TERMINAL`` (-4); ``prob[n]``
    the chance probability of the edge into ``n`` (1 after a decision); ``action[n]`` the action
    of that edge. ``index[n]`` is a decision node's information state, or a terminal's row of
    ``utility``. Information state ``i`` belongs to ``info_player[i]``; its actions are the slots
    ``info_offset[i]`` to ``info_offset[i + 1] - 1`` (``info_actions`` holds their ids), the
    layout of every policy array over this tree.
    """

    cdef readonly int num_players
    cdef readonly Py_ssize_t num_nodes, num_terminals, num_infosets, num_slots
    cdef readonly int max_depth, max_children
    cdef readonly list keys
    cdef readonly dict key_index
    cdef int32_t* _player
    cdef int32_t* _first
    cdef int32_t* _count
    cdef int32_t* _action
    cdef int32_t* _index
    cdef double* _prob
    cdef int32_t* _depth
    cdef double* _utility
    cdef int32_t* _info_player
    cdef int32_t* _info_offset
    cdef int32_t* _info_actions
    cdef int32_t* _info_node_start   # CSR: the decision nodes of each information state
    cdef int32_t* _info_nodes
    cdef Py_ssize_t _cap_nodes, _cap_terminals, _cap_infosets, _cap_slots
    cdef readonly Py_ssize_t max_nodes
    cdef bint _sealed

    def __init__(self, int num_players, Py_ssize_t max_nodes=50_000_000):
        if self._info_offset is not NULL:
            raise TypeError("a GameTree is made once")
        if not 1 <= num_players <= MAX_PLAYERS:
            raise ValueError(f"a tree has 1 to {MAX_PLAYERS} players, not {num_players}")
        if max_nodes < 1:
            raise ValueError(f"max_nodes is at least 1, not {max_nodes}")
        self.num_players = num_players
        self.max_nodes = max_nodes
        self.keys = []
        self.key_index = {}
        self._info_offset = <int32_t*>_grow(NULL, sizeof(int32_t))
        self._info_offset[0] = 0

    def __dealloc__(self):
        free(self._player)
        free(self._first)
        free(self._count)
        free(self._action)
        free(self._index)
        free(self._prob)
        free(self._depth)
        free(self._utility)
        free(self._info_player)
        free(self._info_offset)
        free(self._info_actions)
        free(self._info_node_start)
        free(self._info_nodes)

    # -- filling ------------------------------------------------------------------------------
    cdef int _nodes_room(self, Py_ssize_t n) except -1:
        cdef Py_ssize_t cap
        if n > self.max_nodes:
            raise ValueError(f"the game tree has more than max_nodes={self.max_nodes} nodes: "
                             "choose a smaller variant or raise max_nodes")
        if n <= self._cap_nodes:
            return 0
        cap = max(n, 2 * self._cap_nodes + 1024)
        self._player = <int32_t*>_grow(self._player, cap * sizeof(int32_t))
        self._first = <int32_t*>_grow(self._first, cap * sizeof(int32_t))
        self._count = <int32_t*>_grow(self._count, cap * sizeof(int32_t))
        self._action = <int32_t*>_grow(self._action, cap * sizeof(int32_t))
        self._index = <int32_t*>_grow(self._index, cap * sizeof(int32_t))
        self._prob = <double*>_grow(self._prob, cap * sizeof(double))
        self._depth = <int32_t*>_grow(self._depth, cap * sizeof(int32_t))
        self._cap_nodes = cap
        return 0

    cdef int _check_open(self) except -1:
        if self._sealed:
            raise ValueError("this tree is sealed: it takes no more nodes")
        return 0

    def add_root(self):
        """Start the tree: node 0, its mover set later by ``set_*``. Returns 0."""
        self._check_open()
        if self.num_nodes:
            raise ValueError("the tree has its root already")
        self._nodes_room(1)
        self.num_nodes = 1
        self._player[0] = TERMINAL_PLAYER
        self._first[0] = self._count[0] = 0
        self._action[0] = -1
        self._index[0] = -1
        self._prob[0] = 1.0
        self._depth[0] = 0
        return 0

    cdef Py_ssize_t _children(self, Py_ssize_t node, Py_ssize_t n) except -1:
        """Make ``n`` children of ``node`` (one block); returns the first one's index."""
        cdef Py_ssize_t first = self.num_nodes, i
        cdef int depth = self._depth[node] + 1
        self._nodes_room(first + n)
        for i in range(first, first + n):
            self._player[i] = TERMINAL_PLAYER
            self._first[i] = self._count[i] = 0
            self._index[i] = -1
            self._prob[i] = 1.0
            self._depth[i] = depth
        self._first[node] = <int32_t>first
        self._count[node] = <int32_t>n
        self.num_nodes = first + n
        if depth > self.max_depth:
            self.max_depth = depth
        if n > self.max_children:
            self.max_children = <int>n
        return first

    cdef int _check_node(self, Py_ssize_t node) except -1:
        self._check_open()
        if not 0 <= node < self.num_nodes:
            raise ValueError(f"no node {node}: the tree has {self.num_nodes}")
        if self._count[node] or self._index[node] >= 0 or self._player[node] == CHANCE_PLAYER:
            raise ValueError(f"node {node} is set already")
        return 0

    def set_terminal(self, Py_ssize_t node, returns):
        """Make ``node`` a terminal with ``returns`` (one float a seat)."""
        self._check_node(node)
        if len(returns) != self.num_players:
            raise ValueError(f"a terminal has {self.num_players} returns, not {len(returns)}")
        self._set_terminal(node, returns)

    cdef int _set_terminal(self, Py_ssize_t node, returns) except -1:
        cdef Py_ssize_t row = self.num_terminals, k
        if row == self._cap_terminals:
            self._cap_terminals = 2 * self._cap_terminals + 256
            self._utility = <double*>_grow(
                self._utility, self._cap_terminals * self.num_players * sizeof(double))
        for k in range(self.num_players):
            self._utility[row * self.num_players + k] = float(returns[k])
        self._player[node] = TERMINAL_PLAYER
        self._index[node] = <int32_t>row
        self.num_terminals = row + 1
        return 0

    def set_chance(self, Py_ssize_t node, outcomes):
        """Make ``node`` a chance node with ``outcomes`` (``(action, probability)`` pairs);
        returns the first child's index (the children follow in the outcomes' order)."""
        self._check_node(node)
        outcomes = list(outcomes)
        if not outcomes:
            raise ValueError(f"chance node {node} has no outcomes")
        return self._set_chance(node, outcomes)

    cdef Py_ssize_t _set_chance(self, Py_ssize_t node, list outcomes) except -1:
        cdef Py_ssize_t first = self._children(node, len(outcomes)), i = 0
        self._player[node] = CHANCE_PLAYER
        for action, p in outcomes:
            self._action[first + i] = action
            self._prob[first + i] = p
            i += 1
        return first

    def set_decision(self, Py_ssize_t node, int seat, bytes key, legal):
        """Make ``node`` a decision of ``seat`` in the information state ``key`` with the legal
        ids ``legal``; returns the first child's index. Raises ``ValueError`` when ``key`` names
        an information state of another seat or other legal ids (the keys are not perfect
        recall)."""
        cdef Py_ssize_t i, n = len(legal)
        cdef int32_t* ids
        self._check_node(node)
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} is not one of the tree's {self.num_players} seats")
        if n == 0:
            raise ValueError(f"decision node {node} has no legal actions")
        ids = <int32_t*>_grow(NULL, n * sizeof(int32_t))
        try:
            for i in range(n):
                ids[i] = legal[i]
            return self._set_decision(node, seat, key, ids, <int>n)
        finally:
            free(ids)

    cdef Py_ssize_t _set_decision(self, Py_ssize_t node, int seat, bytes key, const int32_t* ids,
                                  int n) except -1:
        cdef Py_ssize_t first, i, info, at
        found = self.key_index.get(key)
        if found is None:
            info = self.num_infosets
            at = self.num_slots
            if info + 1 >= self._cap_infosets:
                self._cap_infosets = 2 * self._cap_infosets + 256
                self._info_player = <int32_t*>_grow(self._info_player,
                                                    self._cap_infosets * sizeof(int32_t))
                self._info_offset = <int32_t*>_grow(self._info_offset,
                                                    (self._cap_infosets + 1) * sizeof(int32_t))
            if at + n > self._cap_slots:
                self._cap_slots = max(at + n, 2 * self._cap_slots + 1024)
                self._info_actions = <int32_t*>_grow(self._info_actions,
                                                     self._cap_slots * sizeof(int32_t))
            self._info_player[info] = seat
            memcpy(self._info_actions + at, ids, n * sizeof(int32_t))
            self._info_offset[info + 1] = <int32_t>(at + n)
            self.num_infosets = info + 1
            self.num_slots = at + n
            self.key_index[key] = info
            self.keys.append(key)
        else:
            info = found
            at = self._info_offset[info]
            if (self._info_player[info] != seat or self._info_offset[info + 1] - at != n
                    or any(self._info_actions[at + i] != ids[i] for i in range(n))):
                raise ValueError(
                    f"information state {key.hex()} holds histories with different movers or "
                    "legal actions: its key does not tell them apart")
        first = self._children(node, n)
        self._player[node] = seat
        self._index[node] = <int32_t>info
        for i in range(n):
            self._action[first + i] = ids[i]
        return first

    def seal(self):
        """Finish the tree: every node set, the information states' node lists made. Raises
        ``ValueError`` for a node left unset."""
        cdef Py_ssize_t n, i, k
        cdef int32_t* fill
        if self._sealed:
            return
        if self.num_nodes == 0:
            raise ValueError("an empty tree: add_root first")
        for n in range(self.num_nodes):
            if self._player[n] == TERMINAL_PLAYER and self._index[n] < 0:
                raise ValueError(f"node {n} was never set (terminal, chance or decision)")
        self._info_node_start = <int32_t*>_grow(NULL, (self.num_infosets + 1) * sizeof(int32_t))
        memset(self._info_node_start, 0, (self.num_infosets + 1) * sizeof(int32_t))
        for n in range(self.num_nodes):
            if self._player[n] >= 0:
                self._info_node_start[self._index[n] + 1] += 1
        for i in range(self.num_infosets):
            self._info_node_start[i + 1] += self._info_node_start[i]
        self._info_nodes = <int32_t*>_grow(
            NULL, self._info_node_start[self.num_infosets] * sizeof(int32_t))
        fill = <int32_t*>_grow(NULL, (self.num_infosets + 1) * sizeof(int32_t))
        memcpy(fill, self._info_node_start, (self.num_infosets + 1) * sizeof(int32_t))
        for n in range(self.num_nodes):
            if self._player[n] >= 0:
                k = self._index[n]
                self._info_nodes[fill[k]] = <int32_t>n
                fill[k] += 1
        free(fill)
        self._sealed = True

    cdef int _check_sealed(self) except -1:
        if not self._sealed:
            raise ValueError("the tree is not finished: seal() it first")
        return 0

    # -- reading --------------------------------------------------------------------------------
    @property
    def sealed(self):
        return self._sealed

    def num_decisions(self):
        """How many decision nodes the tree has."""
        cdef Py_ssize_t n, out = 0
        for n in range(self.num_nodes):
            out += self._player[n] >= 0
        return out

    def infoset_player(self, Py_ssize_t info):
        """The seat that acts in information state ``info``."""
        self._check_info(info)
        return self._info_player[info]

    def infoset_actions(self, Py_ssize_t info):
        """The legal ids of information state ``info``, in the order of its policy slots."""
        self._check_info(info)
        return [self._info_actions[i]
                for i in range(self._info_offset[info], self._info_offset[info + 1])]

    def infoset_slots(self, Py_ssize_t info):
        """The slice of information state ``info``'s actions in a policy array."""
        self._check_info(info)
        return slice(self._info_offset[info], self._info_offset[info + 1])

    cdef int _check_info(self, Py_ssize_t info) except -1:
        if not 0 <= info < self.num_infosets:
            raise IndexError(f"no information state {info}: the tree has {self.num_infosets}")
        return 0

    def uniform_policy(self):
        """A policy array (``num_slots`` floats) playing every legal action alike."""
        cdef Py_ssize_t i, j
        out = np.empty(self.num_slots, np.float64)
        cdef double[::1] view = out
        for i in range(self.num_infosets):
            for j in range(self._info_offset[i], self._info_offset[i + 1]):
                view[j] = 1.0 / (self._info_offset[i + 1] - self._info_offset[i])
        return out

    cdef int _check_policy(self, policy) except -1:
        if policy.shape != (self.num_slots,):
            raise ValueError(f"a policy over this tree has {self.num_slots} action slots, "
                             f"not shape {policy.shape}")
        if not np.all(np.isfinite(policy)) or np.any(policy < 0):
            raise ValueError("a policy's probabilities are finite and at least 0")
        return 0

    def nash_conv(self, policy):
        """NashConv of ``policy`` (a ``num_slots`` array): the sum over seats of what a best
        response gains over the policy. Raises ``ValueError`` for an array of another shape or
        with negative or non-finite entries."""
        values, best = self.values_and_best_responses(policy)
        return float(sum(best[p] - values[p] for p in range(self.num_players)))

    def values_and_best_responses(self, policy):
        """``(values, best)``: each seat's expected return when every seat plays ``policy``, and
        when that seat alone plays a best response to it (lists of floats)."""
        cdef cnp.ndarray[double, ndim=1, mode="c"] pol
        self._check_sealed()
        pol = np.ascontiguousarray(policy, np.float64)
        self._check_policy(pol)
        cdef double* values = <double*>_grow(NULL, self.num_nodes * self.num_players * sizeof(double))
        cdef double* reach = <double*>_grow(NULL, self.num_nodes * sizeof(double))
        cdef double* memo = <double*>_grow(NULL, self.num_nodes * sizeof(double))
        cdef int32_t* choice = <int32_t*>_grow(NULL, max(self.num_infosets, 1) * sizeof(int32_t))
        cdef int p
        on, best = [], []
        try:
            with nogil:
                self._on_policy(&pol[0], values)
            for p in range(self.num_players):
                on.append(values[p])
            for p in range(self.num_players):
                with nogil:
                    self._best_response(&pol[0], p, reach, memo, choice)
                best.append(memo[0])
        finally:
            free(values)
            free(reach)
            free(memo)
            free(choice)
        return on, best

    cdef void _on_policy(self, const double* pol, double* values) noexcept nogil:
        """Every node's expected returns under ``pol``, leaves first (children follow parents)."""
        cdef Py_ssize_t n, i, c
        cdef int k, P = self.num_players, pl
        cdef double w
        n = self.num_nodes - 1
        while n >= 0:
            pl = self._player[n]
            if pl == TERMINAL_PLAYER:
                memcpy(values + n * P, self._utility + self._index[n] * P, P * sizeof(double))
            else:
                for k in range(P):
                    values[n * P + k] = 0.0
                for i in range(self._count[n]):
                    c = self._first[n] + i
                    w = self._prob[c] if pl == CHANCE_PLAYER else pol[self._info_offset[self._index[n]] + i]
                    for k in range(P):
                        values[n * P + k] += w * values[c * P + k]
            n -= 1

    cdef void _best_response(self, const double* pol, int seat, double* reach, double* memo,
                             int32_t* choice) noexcept nogil:
        """``memo[0]``: the value to ``seat`` of its best response to ``pol``. ``reach`` gets
        each node's probability under chance and the other seats, ``choice`` the response."""
        cdef Py_ssize_t n, i, c
        cdef int pl
        reach[0] = 1.0
        for n in range(self.num_nodes):
            memo[n] = NAN
            pl = self._player[n]
            for i in range(self._count[n]):
                c = self._first[n] + i
                if pl == CHANCE_PLAYER:
                    reach[c] = reach[n] * self._prob[c]
                elif pl == seat:
                    reach[c] = reach[n]
                else:
                    reach[c] = reach[n] * pol[self._info_offset[self._index[n]] + i]
        for i in range(self.num_infosets):
            choice[i] = -1
        self._br_value(0, pol, seat, reach, memo, choice)

    cdef double _br_value(self, Py_ssize_t n, const double* pol, int seat, const double* reach,
                          double* memo, int32_t* choice) noexcept nogil:
        cdef Py_ssize_t i, c, h, info
        cdef int pl, a, best
        cdef double v, q, top
        if not isnan(memo[n]):
            return memo[n]
        pl = self._player[n]
        if pl == TERMINAL_PLAYER:
            v = self._utility[self._index[n] * self.num_players + seat]
        elif pl != seat:
            v = 0.0
            for i in range(self._count[n]):
                c = self._first[n] + i
                v += (self._prob[c] if pl == CHANCE_PLAYER
                      else pol[self._info_offset[self._index[n]] + i]) * self._br_value(
                          c, pol, seat, reach, memo, choice)
        else:
            info = self._index[n]
            if choice[info] < 0:
                best = 0
                top = 0.0
                for a in range(self._count[n]):
                    q = 0.0
                    for i in range(self._info_node_start[info], self._info_node_start[info + 1]):
                        h = self._info_nodes[i]
                        q += reach[h] * self._br_value(self._first[h] + a, pol, seat, reach, memo,
                                                       choice)
                    if a == 0 or q > top:
                        best, top = a, q
                choice[info] = best
            v = self._br_value(self._first[n] + choice[info], pol, seat, reach, memo, choice)
        memo[n] = v
        return v

    def arrays(self):
        """The node arrays as NumPy copies: ``player``, ``first``, ``count``, ``action``,
        ``index``, ``prob`` and ``utility`` (terminals by ``index``, one row a terminal)."""
        cdef Py_ssize_t i, n = self.num_nodes
        out = {}
        for name in ("player", "first", "count", "action", "index"):
            out[name] = np.empty(n, np.int32)
        cdef int[::1] player = out["player"], first = out["first"], count = out["count"]
        cdef int[::1] action = out["action"], index = out["index"]
        prob = np.empty(n, np.float64)
        cdef double[::1] p = prob
        for i in range(n):
            player[i], first[i], count[i] = self._player[i], self._first[i], self._count[i]
            action[i], index[i], p[i] = self._action[i], self._index[i], self._prob[i]
        out["prob"] = prob
        out["utility"] = np.array(
            [self._utility[i] for i in range(self.num_terminals * self.num_players)],
            np.float64).reshape(self.num_terminals, self.num_players)
        return out


# -- building a Garrison game's tree ---------------------------------------------------------------


cdef class _Walker:
    """The walk of :func:`build_tree`: apply, record, recurse, undo on one compiled state, with
    each seat's recall digest kept per depth."""

    cdef GameTree tree
    cdef CompiledState state
    cdef int P
    cdef bint perfect
    cdef Py_ssize_t tensor_size
    cdef float* obs
    cdef uint64_t* digest      # per depth: P seats x (digest 2 words, last observation 2 words)
    cdef int32_t* legal        # per depth: the node's legal ids
    cdef Py_ssize_t depth_cap, legal_width

    def __dealloc__(self):
        free(self.obs)
        free(self.digest)
        free(self.legal)

    cdef int _room(self, int depth) except -1:
        cdef Py_ssize_t cap
        if depth < self.depth_cap:
            return 0
        cap = max(2 * self.depth_cap, depth + 64)
        self.digest = <uint64_t*>_grow(self.digest, cap * self.P * 4 * sizeof(uint64_t))
        self.legal = <int32_t*>_grow(self.legal, cap * self.legal_width * sizeof(int32_t))
        self.depth_cap = cap
        return 0

    cdef void _observe(self, int seat, uint64_t* out) noexcept:
        memset(self.obs, 0, self.tensor_size * sizeof(float))
        self.state._encode(seat, self.obs)
        _hash_words(<uint32_t*>self.obs, self.tensor_size, out)

    cdef int _start(self) except -1:
        cdef int s
        cdef uint64_t* d = self.digest
        for s in range(self.P):
            d[4 * s] = 0x5354415254ULL   # "START"
            d[4 * s + 1] = 0x7374617274ULL
            if not self.perfect:
                self._observe(s, d + 4 * s + 2)
                _fold(d + 4 * s, d[4 * s + 2], d[4 * s + 3])
        return 0

    cdef int _after(self, int depth, int mover, int action) except -1:
        """Depth ``depth``'s digests once ``mover`` played ``action`` (the state is there now),
        from depth ``depth - 1``'s: ``Recall.after``."""
        cdef int s
        cdef uint64_t* d = self.digest + depth * self.P * 4
        cdef uint64_t seen[2]
        memcpy(d, d - self.P * 4, self.P * 4 * sizeof(uint64_t))
        for s in range(self.P):
            if self.perfect:
                _fold(d + 4 * s, <uint64_t>(mover + 8), <uint64_t>action)
                continue
            self._observe(s, seen)
            if s == mover:
                _fold(d + 4 * s, 0x504C41594544ULL + <uint64_t>action, seen[0])  # "PLAYED"
                _fold(d + 4 * s, <uint64_t>action, seen[1])
            elif seen[0] != d[4 * s + 2] or seen[1] != d[4 * s + 3]:
                _fold(d + 4 * s, seen[0], seen[1])
            d[4 * s + 2] = seen[0]
            d[4 * s + 3] = seen[1]
        return 0

    cdef int _walk(self, Py_ssize_t node, int depth) except -1:
        cdef CompiledState s = self.state
        cdef int player = s._current(), n, i, action
        cdef Py_ssize_t first
        cdef int32_t* ids
        cdef uint64_t* d
        cdef list outcomes
        cdef Py_ssize_t row = depth * self.legal_width
        self._room(depth + 1)
        if player == TERMINAL_PLAYER:
            self.tree._set_terminal(node, s._returns())
            return 0
        if player == CHANCE_PLAYER:
            outcomes = list(s._chance())
            first = self.tree._set_chance(node, outcomes)
            for i in range(len(outcomes)):
                action = outcomes[i][0]
                self._descend(first + i, depth, player, action)
            return 0
        n = s._find_legal()
        ids = self.legal + depth * self.legal_width
        for i in range(n):
            ids[i] = s._legal_buf[i]
        d = self.digest + depth * self.P * 4 + 4 * player
        key = bytes([player]) + (<char*>d)[:2 * sizeof(uint64_t)]
        first = self.tree._set_decision(node, player, key, ids, n)
        for i in range(n):  # the deeper walk may move self.legal: read it afresh
            self._descend(first + i, depth, player, self.legal[row + i])
        return 0

    cdef int _descend(self, Py_ssize_t child, int depth, int mover, int action) except -1:
        cdef CompiledState s = self.state
        s._do(action)
        try:
            self._after(depth + 1, mover, action)
            self._walk(child, depth + 1)
        finally:
            s._nhist -= 1
            s._changes += 1
            memcpy(s._data, s._stack + (s._nhist - s._stack_base) * s._size, s._size)
            s._nevents = s._marks[s._nhist]
            s._epoch += 1
            s._nlegal = -1
        return 0


def build_tree(game, Py_ssize_t max_nodes=50_000_000):
    """The whole tree of ``game`` (a Garrison game whose states are compiled) from its initial
    state, its decision nodes keyed by perfect-recall information states (see the module's
    text). Raises ``TypeError`` for a game whose states are not compiled and ``ValueError`` when
    the tree has more than ``max_nodes`` nodes."""
    state = game.new_initial_state()
    if not isinstance(state, CompiledState):
        raise TypeError(f"{game.name}'s states are not compiled: build_tree walks compiled states")
    cdef _Walker w = _Walker()
    w.tree = GameTree(game.num_players, max_nodes)
    w.state = state
    w.P = game.num_players
    w.perfect = bool(game.facts.perfect_information)
    w.tensor_size = game.facts.observation_tensor_size
    w.obs = <float*>_grow(NULL, max(w.tensor_size, 1) * sizeof(float))
    w.legal_width = max(int(game.num_distinct_actions), 1)
    w._room(0)
    w.tree.add_root()
    w._start()
    w._walk(0, 0)
    w.tree.seal()
    return w.tree


def information_key(state):
    """The information-state key :func:`build_tree` gives the decision node ``state`` (a
    compiled state at a player node): its history replayed from the game's initial state with
    each seat's recall. Raises ``ValueError`` away from a player node."""
    cdef CompiledState s = state
    cdef int player = s._current()
    if player < 0:
        raise ValueError("information_key is asked at a player's node, not at chance or the end")
    game = s.game
    history = state.history()
    cdef _Walker w = _Walker()
    w.state = game.new_initial_state()
    w.P = game.num_players
    w.perfect = bool(game.facts.perfect_information)
    w.tensor_size = game.facts.observation_tensor_size
    w.obs = <float*>_grow(NULL, max(w.tensor_size, 1) * sizeof(float))
    w.legal_width = 1
    w._room(len(history) + 1)
    w._start()
    for depth, action in enumerate(history):
        mover = w.state._current()
        w.state._do(action)
        w._after(depth + 1, mover, action)
    cdef uint64_t* d = w.digest + len(history) * w.P * 4 + 4 * player
    return bytes([player]) + (<char*>d)[:2 * sizeof(uint64_t)]


# -- the solver ----------------------------------------------------------------------------------


cdef class Solver:
    """One run of an algorithm of :data:`ALGORITHMS` over a sealed :class:`GameTree`.

    ``run(iterations)`` iterates in C without the GIL; ``average_policy()`` and
    ``current_policy()`` are ``num_slots`` arrays over the tree's policy layout.
    ``nodes_touched`` counts the nodes every iteration visited so far. A solver runs in one
    thread at a time (``run`` releases the GIL: two threads would race on its regrets).
    """

    cdef readonly GameTree tree
    cdef readonly str algorithm
    cdef readonly long long iterations
    cdef readonly long long nodes_touched
    cdef readonly unsigned long long seed
    cdef int _alg
    cdef uint64_t _rng
    cdef double* _regret
    cdef double* _cum
    cdef double* _cur
    cdef double* _reach     # per depth: P + 1 reach probabilities
    cdef double* _values    # per depth: max_children x P child values
    cdef double* _scratch   # per depth: 2 x max_children (sampling policies)
    # the tree's arrays (read without the GIL)
    cdef int32_t* _player
    cdef int32_t* _first
    cdef int32_t* _count
    cdef int32_t* _index
    cdef double* _prob
    cdef double* _utility
    cdef int32_t* _info_offset
    cdef int _P, _width
    cdef Py_ssize_t _ninfo, _nslots

    def __init__(self, GameTree tree, str algorithm="cfr", unsigned long long seed=0):
        if tree is None:
            raise TypeError("a Solver needs a GameTree")
        if self.tree is not None:
            raise TypeError("a Solver is made once")
        tree._check_sealed()
        if algorithm not in ALGORITHMS:
            raise ValueError(f"algorithm must be one of {', '.join(ALGORITHMS)}, not {algorithm!r}")
        self.tree = tree
        self._player, self._first, self._count = tree._player, tree._first, tree._count
        self._index, self._prob, self._utility = tree._index, tree._prob, tree._utility
        self._info_offset = tree._info_offset
        self._P, self._width = tree.num_players, max(tree.max_children, 1)
        self._ninfo, self._nslots = tree.num_infosets, tree.num_slots
        self.algorithm = algorithm
        self._alg = ALGORITHMS.index(algorithm)
        self.seed = seed
        self._rng = seed
        cdef Py_ssize_t slots = max(tree.num_slots, 1), depth = tree.max_depth + 2
        cdef Py_ssize_t width = max(tree.max_children, 1)
        self._regret = <double*>_grow(NULL, slots * sizeof(double))
        self._cum = <double*>_grow(NULL, slots * sizeof(double))
        self._cur = <double*>_grow(NULL, slots * sizeof(double))
        self._reach = <double*>_grow(NULL, depth * (tree.num_players + 1) * sizeof(double))
        self._values = <double*>_grow(NULL, depth * width * tree.num_players * sizeof(double))
        self._scratch = <double*>_grow(NULL, depth * 2 * width * sizeof(double))
        memset(self._regret, 0, slots * sizeof(double))
        memset(self._cum, 0, slots * sizeof(double))
        memcpy(self._cur, <double*>cnp.PyArray_DATA(
            np.ascontiguousarray(tree.uniform_policy())), tree.num_slots * sizeof(double))

    def __dealloc__(self):
        free(self._regret)
        free(self._cum)
        free(self._cur)
        free(self._reach)
        free(self._values)
        free(self._scratch)

    def run(self, long long iterations):
        """Run ``iterations`` more iterations (0 or more; ``ValueError`` below 0)."""
        cdef long long i
        if iterations < 0:
            raise ValueError(f"iterations must be 0 or more, not {iterations}")
        if self.tree is None:
            raise TypeError("this Solver was never made (Solver(tree, algorithm, seed))")
        with nogil:
            for i in range(iterations):
                self._iterate()

    cdef void _iterate(self) noexcept nogil:
        cdef int p, k, P = self._P
        cdef double out[MAXP]
        self.iterations += 1
        for p in range(P):
            if self._alg == ALG_CFR or self._alg == ALG_CFR_PLUS:
                for k in range(P + 1):
                    self._reach[k] = 1.0
                self._cfr(0, 0, p, out)
                if self._alg == ALG_CFR_PLUS:
                    self._clip_regrets()
                self._match_regrets()
            elif self._alg == ALG_ES:
                self._es(0, 0, p)
            else:
                self._os(0, 0, p, 1.0, 1.0, 1.0)

    cdef void _clip_regrets(self) noexcept nogil:
        cdef Py_ssize_t j
        for j in range(self._nslots):
            if self._regret[j] < 0.0:
                self._regret[j] = 0.0

    cdef void _match_regrets(self) noexcept nogil:
        """The current policy by regret matching at every information state."""
        cdef Py_ssize_t i
        for i in range(self._ninfo):
            self._matched(self._info_offset[i], self._info_offset[i + 1] - self._info_offset[i],
                          self._cur + self._info_offset[i])

    cdef inline void _matched(self, Py_ssize_t at, int n, double* out) noexcept nogil:
        cdef int a
        cdef double total = 0.0
        for a in range(n):
            if self._regret[at + a] > 0.0:
                total += self._regret[at + a]
        for a in range(n):
            if total > 0.0:
                out[a] = (self._regret[at + a] if self._regret[at + a] > 0.0 else 0.0) / total
            else:
                out[a] = 1.0 / n
        return

    cdef void _cfr(self, Py_ssize_t n, int depth, int seat, double* out) noexcept nogil:
        """One node of a CFR pass updating ``seat``: ``out`` gets the node's values; the reach
        probabilities (each seat's, then chance's) are at depth ``depth`` of ``_reach``."""
        cdef int P = self._P, pl = self._player[n], k, i, cnt = self._count[n]
        cdef Py_ssize_t first = self._first[n], c, at
        cdef double* reach = self._reach + depth * (P + 1)
        cdef double* child = reach + (P + 1)
        cdef double* values = self._values + depth * self._width * P
        cdef double* pol
        cdef double cf, w
        cdef bint alive = False
        self.nodes_touched += 1
        if pl == TERMINAL_PLAYER:
            memcpy(out, self._utility + self._index[n] * P, P * sizeof(double))
            return
        for k in range(P):
            out[k] = 0.0
        if pl == CHANCE_PLAYER:
            for i in range(cnt):
                c = first + i
                memcpy(child, reach, (P + 1) * sizeof(double))
                child[P] *= self._prob[c]
                self._cfr(c, depth + 1, seat, values)
                for k in range(P):
                    out[k] += self._prob[c] * values[k]
            return
        for k in range(P):
            if reach[k] != 0.0:
                alive = True
        if not alive:  # no seat reaches it: nothing below changes (OpenSpiel's pruning)
            return
        at = self._info_offset[self._index[n]]
        pol = self._cur + at
        for i in range(cnt):
            memcpy(child, reach, (P + 1) * sizeof(double))
            child[pl] *= pol[i]
            self._cfr(first + i, depth + 1, seat, values + i * P)
            for k in range(P):
                out[k] += pol[i] * values[i * P + k]
        if pl != seat:
            return
        cf = 1.0
        for k in range(P + 1):
            if k != pl:
                cf *= reach[k]
        w = <double>self.iterations if self._alg == ALG_CFR_PLUS else 1.0
        for i in range(cnt):
            self._regret[at + i] += cf * (values[i * P + pl] - out[pl])
            self._cum[at + i] += w * reach[pl] * pol[i]

    cdef int _draw(self, const double* p, int n) noexcept nogil:
        """An index drawn with probabilities ``p`` (the last one with a chance, if rounding
        leaves ``u`` beyond the sum)."""
        cdef double u = _uniform(&self._rng), total = 0.0
        cdef int i, last = 0
        for i in range(n):
            if p[i] > 0.0:
                total += p[i]
                last = i
                if u < total:
                    return i
        return last

    cdef int _draw_chance(self, Py_ssize_t first, int n) noexcept nogil:
        cdef double u = _uniform(&self._rng), total = 0.0
        cdef int i, last = 0
        for i in range(n):
            if self._prob[first + i] > 0.0:
                total += self._prob[first + i]
                last = i
                if u < total:
                    return i
        return last

    cdef double _es(self, Py_ssize_t n, int depth, int seat) noexcept nogil:
        """External sampling: every action of ``seat``, one sampled elsewhere; the average
        policy gathers the other seats' current policies where they act (simple averaging)."""
        cdef int pl = self._player[n], i, cnt = self._count[n]
        cdef Py_ssize_t first = self._first[n], at
        cdef double* sigma = self._scratch + depth * 2 * self._width
        cdef double* values = sigma + self._width
        cdef double v
        self.nodes_touched += 1
        if pl == TERMINAL_PLAYER:
            return self._utility[self._index[n] * self._P + seat]
        if pl == CHANCE_PLAYER:
            return self._es(first + self._draw_chance(first, cnt), depth + 1, seat)
        at = self._info_offset[self._index[n]]
        self._matched(at, cnt, sigma)
        if pl != seat:
            for i in range(cnt):
                self._cum[at + i] += sigma[i]
            return self._es(first + self._draw(sigma, cnt), depth + 1, seat)
        v = 0.0
        for i in range(cnt):
            values[i] = self._es(first + i, depth + 1, seat)
            v += sigma[i] * values[i]
        for i in range(cnt):
            self._regret[at + i] += values[i] - v
        return v

    cdef double _os(self, Py_ssize_t n, int depth, int seat, double mine, double others,
                    double sampled) noexcept nogil:
        """Outcome sampling: one trajectory, ``seat``'s actions explored with
        :data:`OS_EPSILON`; regrets weighted by the others' reach over the sampling reach, the
        average policy gathered at the other seats' nodes (stochastically weighted)."""
        cdef int pl = self._player[n], i, a, cnt = self._count[n]
        cdef Py_ssize_t first = self._first[n], at
        cdef double* sigma = self._scratch + depth * 2 * self._width
        cdef double* explore = sigma + self._width
        cdef double child, value, w
        self.nodes_touched += 1
        if pl == TERMINAL_PLAYER:
            return self._utility[self._index[n] * self._P + seat]
        if pl == CHANCE_PLAYER:
            return self._os(first + self._draw_chance(first, cnt), depth + 1, seat, mine, others,
                            sampled)
        at = self._info_offset[self._index[n]]
        self._matched(at, cnt, sigma)
        for i in range(cnt):
            explore[i] = _EPSILON / cnt + (1.0 - _EPSILON) * sigma[i] if pl == seat else sigma[i]
        a = self._draw(explore, cnt)
        if pl == seat:
            child = self._os(first + a, depth + 1, seat, mine * sigma[a], others,
                             sampled * explore[a])
        else:
            child = self._os(first + a, depth + 1, seat, mine, others * sigma[a],
                             sampled * explore[a])
        child /= explore[a]
        value = sigma[a] * child
        if pl == seat:
            w = others / sampled
            for i in range(cnt):
                self._regret[at + i] += ((child if i == a else 0.0) - value) * w
        else:
            for i in range(cnt):
                self._cum[at + i] += others * sigma[i] / sampled
        return value

    def average_policy(self):
        """The average policy (``num_slots`` floats): the gathered policy normalised at each
        information state, uniform where nothing was gathered."""
        cdef GameTree t = self.tree
        cdef Py_ssize_t i, j, lo, hi
        cdef double total
        out = np.empty(t.num_slots, np.float64)
        cdef double[::1] view = out
        for i in range(t.num_infosets):
            lo, hi = t._info_offset[i], t._info_offset[i + 1]
            total = 0.0
            for j in range(lo, hi):
                total += self._cum[j]
            for j in range(lo, hi):
                view[j] = self._cum[j] / total if total > 0.0 else 1.0 / (hi - lo)
        return out

    def current_policy(self):
        """The policy of the next iteration (regret matching on the regrets so far)."""
        cdef GameTree t = self.tree
        cdef Py_ssize_t i
        out = np.empty(t.num_slots, np.float64)
        cdef double[::1] view = out
        for i in range(t.num_infosets):
            self._matched(t._info_offset[i], t._info_offset[i + 1] - t._info_offset[i],
                          &view[t._info_offset[i]])
        return out

    def regrets(self):
        """The cumulative regrets (``num_slots`` floats)."""
        return np.array([self._regret[j] for j in range(self.tree.num_slots)], np.float64)

# cython: language_level=3
"""The learned network's forward pass, in C: a small MLP over one seat's observation tensor.

``Net`` holds a net of format 1 (``garrison.learn.weights``: a trunk of dense layers with ReLU, a
policy head of logits over the game's actions, a value head ``tanh(.) * value_scale +
value_shift``) as contiguous float32 blocks, and runs it without the GIL:

* ``forward(x)``: logits and value of one tensor or a batch (numpy in, numpy out);
* ``evaluate(state, seat)``: the legal actions, their priors (the softmax of their logits) and the
  seat's value. A compiled state's tensor is encoded by its ``_encode`` straight into the Net's
  buffer and the pass runs in C; any other state goes through ``observation_tensor(seat)``;
* ``best_action(state, seat)``: the legal action of highest logit (ties: the lowest id).

The C side (``net.pxd``) is for the search and the batched engine: ``forward_c`` works in the
Net's own buffers (one caller at a time); ``forward_scratch_c``, ``evaluate_c`` and ``best_c`` take
the caller's scratch of ``scratch_floats`` floats, and ``evaluate_state_c`` and ``best_state_c``
(which encode a compiled state's tensor and read its legal list) a work buffer of ``work_floats``,
so threads may share one Net.

The kernels are written for the compiler to vectorise: a dense layer adds rows of ``W`` scaled
by each nonzero input (observation tensors and ReLU outputs are mostly zeros, and those rows are
skipped), and a legal action's logit is a dot product with its row of the transposed policy
weights, so only the legal actions' logits are computed (docs/bots.md, "Learned bots: the network
and its file", has the figures).
"""

from libc.math cimport exp, tanh
from libc.stdlib cimport free, malloc
from libc.string cimport memset

cimport numpy as cnp

from libc.stdint cimport uint64_t

from garrison.core.compiled cimport CompiledState, PlayoutPolicy

import numpy as np

from garrison.core.errors import GameError

cnp.import_array()


cdef extern from *:
    """
    /* The kernels in C, so that GCC can make each twice on x86-64 with glibc: for AVX2 with FMA
       and for the baseline, the one this processor runs picked when the module loads
       (target_clones). Elsewhere they are compiled once, for the baseline. GCC compiles them
       at -O3: setup.py's -O2 vectorises only loops whose length is known, which these are not. */
    #if defined(__GNUC__) && !defined(__clang__)
    #pragma GCC push_options
    #pragma GCC optimize("O3")
    #endif
    #if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__GLIBC__)
    #define NET_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
    #else
    #define NET_CLONES
    #endif

    /* out = x @ w + b for w of shape (n_in, n_out), row-major: the rows of w scaled by each
       nonzero input and added (observation tensors and ReLU outputs are mostly zeros). */
    NET_CLONES static void net_dense(const float *restrict x, int n_in, const float *restrict w,
                                     const float *restrict b, int n_out, float *restrict out) {
        for (int j = 0; j < n_out; j++) out[j] = b[j];
        for (int i = 0; i < n_in; i++) {
            float xi = x[i];
            if (xi != 0.0f) {
                const float *restrict row = w + (ptrdiff_t)i * n_out;
                for (int j = 0; j < n_out; j++) out[j] += xi * row[j];
            }
        }
    }

    /* a . b with eight running sums (one vector's worth). */
    NET_CLONES static float net_dot(const float *restrict a, const float *restrict b, int n) {
        float s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        int i = 0;
        for (; i + 8 <= n; i += 8)
            for (int k = 0; k < 8; k++) s[k] += a[i + k] * b[i + k];
        for (; i < n; i++) s[0] += a[i] * b[i];
        return ((s[0] + s[4]) + (s[1] + s[5])) + ((s[2] + s[6]) + (s[3] + s[7]));
    }
    #if defined(__GNUC__) && !defined(__clang__)
    #pragma GCC pop_options
    #endif
    """
    void _dense "net_dense" (const float* x, int n_in, const float* w, const float* b, int n_out,
                             float* out) noexcept nogil
    float _dot "net_dot" (const float* a, const float* b, int n) noexcept nogil


cdef inline void _relu(float* h, int n) noexcept nogil:
    cdef int j
    for j in range(n):
        if h[j] < 0.0:
            h[j] = 0.0


def _rebuilt(arrays, meta):
    """Unpickling: the Net of these arrays and meta."""
    return Net.from_arrays(arrays, meta)


cdef inline const float* _data(object array) noexcept:
    return <const float*>cnp.PyArray_DATA(array)


cdef class Net(PlayoutPolicy):
    """A net of format 1, ready to run. Make one with ``Net.load(path)`` or
    ``Net.from_arrays(arrays, meta)`` (both check the arrays and meta as
    ``garrison.learn.weights.check_net`` does)."""

    def __cinit__(self):
        self._sizes = NULL
        self._w = NULL
        self._b = NULL
        self._x = NULL
        self._scratch = NULL
        self._busy = False
        self._arrays = None
        self._policy_t = None
        self.meta = None
        self.game_name = ""

    def __dealloc__(self):
        free(self._sizes)
        free(self._w)
        free(self._b)
        free(self._x)

    @staticmethod
    def load(path):
        """The net in the file at ``path``. Raises ``RecordError`` (naming the file, what is
        wrong and what is allowed) for a file that is missing or breaks the format."""
        # the file format is defined beside the training, in a module that needs only NumPy
        from garrison.learn.weights import load_net_arrays

        arrays, meta = load_net_arrays(path)
        return Net.from_arrays(arrays, meta)

    @staticmethod
    def from_arrays(arrays, meta):
        """A net from its arrays (``trunk_w0``, ..., ``value_b``, as a file holds them) and its
        meta (a dict). Raises ``RecordError`` for what ``check_net`` refuses."""
        from garrison.learn.weights import check_net

        check_net(arrays, meta, "net arrays")
        cdef Net net = Net.__new__(Net)
        net._build(arrays, dict(meta))
        return net

    cdef _build(self, arrays, dict meta):
        cdef int i, depth = len([k for k in arrays if k.startswith("trunk_w")])
        # contiguous float32 copies the Net points into: later changes to the caller's arrays
        # (a trainer's parameters) never reach it
        cdef dict own = {name: np.array(a, dtype=np.float32, order="C", copy=True)
                         for name, a in arrays.items()}
        self._arrays = own
        self.depth = depth
        self.meta = meta
        self.game_name = meta["game"]
        self.tensor_size = meta["tensor_size"]
        self.num_actions = meta["num_actions"]
        self.value_scale = meta["value_scale"]
        self.value_shift = meta["value_shift"]
        self._sizes = <int*>malloc((depth + 1) * sizeof(int))
        self._w = <const float**>malloc((depth + 1) * sizeof(float*))
        self._b = <const float**>malloc((depth + 1) * sizeof(float*))
        if self._sizes == NULL or self._w == NULL or self._b == NULL:
            raise MemoryError()
        self._sizes[0] = self.tensor_size
        cdef int widest = 1
        for i in range(depth):
            self._w[i] = _data(own[f"trunk_w{i}"])
            self._b[i] = _data(own[f"trunk_b{i}"])
            self._sizes[i + 1] = own[f"trunk_b{i}"].shape[0]
            widest = max(widest, self._sizes[i + 1])
        self.width = self._sizes[depth]
        self._pw = _data(own["policy_w"])
        self._policy_t = np.ascontiguousarray(own["policy_w"].T)
        self._pwt = _data(self._policy_t)
        self._pb = _data(own["policy_b"])
        self._vw = _data(own["value_w"])  # (width, 1): contiguous, read as (width,)
        self._vb = own["value_b"][0]
        self.scratch_floats = 2 * widest
        self._x = <float*>malloc((self.tensor_size + self.scratch_floats) * sizeof(float))
        if self._x == NULL:
            raise MemoryError()
        self._scratch = self._x + self.tensor_size

    # -- the C side -------------------------------------------------------------------------------
    cdef const float* _trunk_c(self, const float* x, float* scratch) noexcept nogil:
        """The trunk's output for tensor ``x``, in ``scratch`` (or ``x`` itself without a
        trunk); the layers alternate between the two halves of ``scratch``."""
        cdef int i
        cdef const float* h = x
        cdef float* out
        cdef Py_ssize_t half = self.scratch_floats // 2
        for i in range(self.depth):
            out = scratch + (i % 2) * half
            _dense(h, self._sizes[i], self._w[i], self._b[i], self._sizes[i + 1], out)
            _relu(out, self._sizes[i + 1])
            h = out
        return h

    cdef double _value_c(self, const float* h) noexcept nogil:
        return tanh(<double>(_dot(h, self._vw, self.width) + self._vb)) * self.value_scale \
            + self.value_shift

    cdef int forward_c(self, const float* x, float* logits, float* value) noexcept nogil:
        """Every logit (``num_actions`` of them) and the value for tensor ``x``, in the Net's own
        scratch: one caller at a time. Returns 0."""
        return self.forward_scratch_c(x, logits, value, self._scratch)

    cdef int forward_scratch_c(self, const float* x, float* logits, float* value,
                               float* scratch) noexcept nogil:
        """``forward_c`` in the caller's ``scratch`` (``scratch_floats`` floats). Returns 0."""
        cdef const float* h = self._trunk_c(x, scratch)
        _dense(h, self.width, self._pw, self._pb, self.num_actions, logits)
        value[0] = <float>self._value_c(h)
        return 0

    cdef double _logit(self, const float* h, int a) noexcept nogil:
        """Action ``a``'s logit from the trunk's output ``h`` (its row of the transposed policy
        weights: only the legal actions' are computed)."""
        return self._pb[a] + _dot(h, self._pwt + <Py_ssize_t>a * self.width, self.width)

    cdef bint _ids_fit(self, const int* legal, int n) noexcept nogil:
        """Whether every one of the ``n`` ids is in the action space."""
        cdef int k
        for k in range(n):
            if not 0 <= legal[k] < self.num_actions:
                return False
        return True

    cdef int evaluate_c(self, const float* x, const int* legal, int n, double* priors,
                        double* value, float* scratch) noexcept nogil:
        """For tensor ``x``: the softmax of the ``n`` legal actions' logits into ``priors`` and the
        value into ``value[0]``, in the caller's ``scratch``. Returns 0, or -1 for an id outside
        the action space (nothing written)."""
        cdef int k, a
        cdef double top, total = 0.0
        if not self._ids_fit(legal, n):
            return -1
        cdef const float* h = self._trunk_c(x, scratch)
        for k in range(n):
            a = legal[k]
            priors[k] = self._logit(h, a)
        if n > 0:
            top = priors[0]
            for k in range(1, n):
                if priors[k] > top:
                    top = priors[k]
            for k in range(n):
                priors[k] = exp(priors[k] - top)
                total += priors[k]
            for k in range(n):
                priors[k] /= total
        value[0] = self._value_c(h)
        return 0

    cdef int best_c(self, const float* x, const int* legal, int n, float* scratch) noexcept nogil:
        """The legal action of highest logit for tensor ``x`` (ties: the lowest id), in the
        caller's ``scratch``; -1 if ``n`` is 0 or an id is outside the action space."""
        cdef int k, a, best = -1
        cdef float logit, top = 0.0
        if not self._ids_fit(legal, n):
            return -1
        cdef const float* h = self._trunk_c(x, scratch)
        for k in range(n):
            a = legal[k]
            logit = <float>self._logit(h, a)
            if best < 0 or logit > top or (logit == top and a < best):
                best = a
                top = logit
        return best

    cdef int evaluate_state_c(self, CompiledState state, int seat, double* priors,
                              double* value, float* work) noexcept nogil:
        """``evaluate_c`` at a compiled state's player node from ``seat``'s view: the tensor is
        encoded into ``work`` (``work_floats`` floats: the tensor, then scratch), the legal ids
        are the state's own list (``state._legal_buf``), and ``priors`` holds their count
        (``state._find_legal_c()``). The caller has checked the seat and the game
        (``check_game``). Returns the count of legal actions, or a negative code: the kernel's
        ``ERR_*`` of the legal list, -1 for an id outside the action space."""
        cdef int n = state._find_legal_c()
        if n < 0:
            return n
        memset(work, 0, self.tensor_size * sizeof(float))
        state._encode(seat, work)
        if self.evaluate_c(work, state._legal_buf, n, priors, value, work + self.tensor_size) < 0:
            return -1
        return n

    cdef int best_state_c(self, CompiledState state, int seat, float* work) noexcept nogil:
        """``best_c`` at a compiled state's player node from ``seat``'s view (as
        ``evaluate_state_c``): the action, or a negative code (-1: none within the action
        space; else the kernel's ``ERR_*``)."""
        cdef int n = state._find_legal_c()
        if n < 0:
            return n
        memset(work, 0, self.tensor_size * sizeof(float))
        state._encode(seat, work)
        return self.best_c(work, state._legal_buf, n, work + self.tensor_size)

    # -- as a playout's bot (compiled.pyx's PlayoutPolicy) ------------------------------------------
    cdef int _fits(self, CompiledState state) except -1:
        self.check_game(state.game)
        return 0

    cdef Py_ssize_t _work_floats(self):
        return self.tensor_size + self.scratch_floats

    cdef int move_c(self, CompiledState state, int player, uint64_t* rng,
                    float* work) noexcept nogil:
        """The likeliest legal move from ``player``'s view (``best_state_c``): a rollout by the
        net plays as the ``learned`` bot does, ties to the lowest id (``rng`` unused)."""
        return self.best_state_c(state, player, work)

    # -- buffers ----------------------------------------------------------------------------------
    cdef float* _claim(self) except NULL:
        """The tensor buffer followed by scratch: the Net's own, or, while another thread has
        them (its pass runs without the GIL), a block of this call's own."""
        if self._x == NULL:
            raise ValueError("an empty Net: make one with Net.load or Net.from_arrays")
        if not self._busy:
            self._busy = True
            return self._x
        cdef float* block = <float*>malloc((self.tensor_size + self.scratch_floats) * sizeof(float))
        if block == NULL:
            raise MemoryError()
        return block

    cdef void _release(self, float* block) noexcept:
        if block == self._x:
            self._busy = False
        else:
            free(block)

    # -- Python ------------------------------------------------------------------------------------
    @property
    def work_floats(self):
        """Floats a caller's ``work`` holds for ``evaluate_state_c``: the tensor, then scratch."""
        return self.tensor_size + self.scratch_floats

    @property
    def sizes(self):
        """The widths from the tensor through the trunk: ``[tensor_size, h0, ..., h{k-1}]``."""
        if self._sizes == NULL:
            return []
        return [self._sizes[i] for i in range(self.depth + 1)]

    def forward(self, x):
        """``(logits, value)`` for tensor ``x`` of shape (tensor_size,) — logits (num_actions,),
        value a 0-d array — or for a batch of shape (batch, tensor_size) — logits (batch,
        num_actions), value (batch,); float32. Raises ``GameError`` for another shape."""
        rows = np.ascontiguousarray(x, dtype=np.float32)
        if rows.ndim not in (1, 2) or rows.shape[rows.ndim - 1] != self.tensor_size:
            raise GameError(f"the net reads tensors of {self.tensor_size} values, shape "
                            f"({self.tensor_size},) or (batch, {self.tensor_size}); got shape "
                            f"{rows.shape}")
        single = rows.ndim == 1
        batch = rows.reshape(-1, self.tensor_size)
        cdef Py_ssize_t r, count = batch.shape[0]
        logits = np.empty((count, self.num_actions), dtype=np.float32)
        values = np.empty(count, dtype=np.float32)
        cdef const float* xs = _data(batch)
        cdef float* out = <float*>cnp.PyArray_DATA(logits)
        cdef float* vs = <float*>cnp.PyArray_DATA(values)
        cdef float* work = self._claim()
        try:
            with nogil:
                for r in range(count):
                    self.forward_scratch_c(xs + r * self.tensor_size, out + r * self.num_actions,
                                           vs + r, work + self.tensor_size)
        finally:
            self._release(work)
        if single:
            return logits[0], values.reshape(())
        return logits, values

    def check_game(self, game):
        """Raise ``GameError`` unless ``game`` is the net's game with its tensor size and action
        count (a net reads one layout)."""
        if game is self._checked_game:
            return
        if self._x == NULL:
            raise ValueError("an empty Net: make one with Net.load or Net.from_arrays")
        if game.name != self.game_name:
            raise GameError(f"this net plays {self.game_name}, not {game.name}")
        size = game.observation_tensor_shape[0]
        if size != self.tensor_size:
            raise GameError(f"{game!r} has an observation tensor of {size} values; this net "
                            f"reads {self.tensor_size} (options {self.meta['options']})")
        if game.num_distinct_actions != self.num_actions:
            raise GameError(f"{game!r} has {game.num_distinct_actions} actions; this net's "
                            f"policy has {self.num_actions} (options {self.meta['options']})")
        self._players = game.num_players
        self._checked_game = game

    cdef int _seat(self, state, seat) except -1:
        """``seat`` as an int after checking it, the state's game and its node (a player's)."""
        cdef CompiledState cs
        game = state.game
        if game is not self._checked_game:
            self.check_game(game)
        if type(seat) is not int or not 0 <= <long>seat < self._players:
            if (isinstance(seat, bool) or not isinstance(seat, (int, np.integer))
                    or not 0 <= seat < self._players):
                raise GameError(f"the net evaluates a seat's view: there is no seat {seat!r} "
                                f"(seats 0–{self._players - 1})")
        if isinstance(state, CompiledState):
            cs = <CompiledState>state
            if cs._current() < 0:
                raise GameError("the net evaluates a node where a player moves, not a chance "
                                "node or the end of the game")
        elif state.is_terminal() or state.is_chance_node():
            raise GameError("the net evaluates a node where a player moves, not a chance node "
                            "or the end of the game")
        return int(seat)

    def evaluate(self, state, seat):
        """``(legal, priors, value)`` at ``state`` from ``seat``'s view: the legal actions of the
        player to move (sorted ids), the softmax of their logits (float64, summing to 1) and the
        seat's value. Raises ``GameError`` for a seat that does not exist, a state of another
        game or layout, or a chance node or the end."""
        cdef int who = self._seat(state, seat)
        cdef CompiledState cs
        cdef int n, code, i
        cdef cnp.npy_intp count
        cdef double value = 0.0
        cdef float* work
        cdef const int* ids
        cdef const float* x
        cdef double* out
        cdef int[::1] legal_view
        if isinstance(state, CompiledState):
            cs = <CompiledState>state
            n = cs._find_legal()
            count = n
            priors = cnp.PyArray_EMPTY(1, &count, cnp.NPY_FLOAT64, 0)
            out = <double*>cnp.PyArray_DATA(priors)
            work = self._claim()
            try:
                with nogil:
                    code = self.evaluate_state_c(cs, who, out, &value, work)
            finally:
                self._release(work)
            legal = [cs._legal_buf[i] for i in range(n)]
        else:
            tensor = self._tensor_of(state, who)
            legal = [int(a) for a in state.legal_actions()]
            legal_view = np.asarray(legal, dtype=np.intc)
            n = len(legal)
            priors = np.empty(n, dtype=np.float64)
            out = <double*>cnp.PyArray_DATA(priors)
            ids = &legal_view[0] if n else NULL
            x = _data(tensor)
            work = self._claim()
            try:
                with nogil:
                    code = self.evaluate_c(x, ids, n, out, &value,
                                           work + self.tensor_size)
            finally:
                self._release(work)
        if code < 0:
            raise GameError(f"a legal action outside the net's {self.num_actions} actions: "
                            f"{legal}")
        return legal, priors, value

    def best_action(self, state, seat):
        """The legal action with the highest logit at ``state`` from ``seat``'s view (ties: the
        lowest id). Raises as ``evaluate`` does."""
        cdef int who = self._seat(state, seat)
        cdef CompiledState cs
        cdef int n, best
        cdef float* work
        cdef const int* ids
        cdef const float* x
        cdef int[::1] legal_view
        if isinstance(state, CompiledState):
            cs = <CompiledState>state
            cs._find_legal()  # raises what the kernel raises for a broken list
            work = self._claim()
            try:
                with nogil:
                    best = self.best_state_c(cs, who, work)
            finally:
                self._release(work)
        else:
            tensor = self._tensor_of(state, who)
            legal_view = np.asarray(state.legal_actions(), dtype=np.intc)
            n = legal_view.shape[0]
            ids = &legal_view[0] if n else NULL
            x = _data(tensor)
            work = self._claim()
            try:
                with nogil:
                    best = self.best_c(x, ids, n, work + self.tensor_size)
            finally:
                self._release(work)
        if best < 0:
            raise GameError(f"no legal action within the net's {self.num_actions} actions: "
                            f"{state.legal_actions()}")
        return best

    cdef object _tensor_of(self, state, int seat):
        tensor = np.ascontiguousarray(state.observation_tensor(seat), dtype=np.float32)
        if tensor.shape != (self.tensor_size,):
            raise GameError(f"the state's observation tensor has shape {tensor.shape}; this net "
                            f"reads {self.tensor_size} values")
        return tensor

    def __reduce__(self):
        """Pickled as its arrays and meta (sent to worker processes whole)."""
        if self._x == NULL:
            raise ValueError("an empty Net: make one with Net.load or Net.from_arrays")
        return _rebuilt, (dict(self._arrays), dict(self.meta))

    def __repr__(self):
        return f"Net(game={self.game_name!r}, sizes={self.sizes}, actions={self.num_actions})"

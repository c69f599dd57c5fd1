from libc.stdint cimport uint64_t

# The compiled state's C side, shared by every game written in the new shape (see compiled.pyx).

cdef enum:
    CHANCE_PLAYER = -1
    TERMINAL_PLAYER = -4
    # A node's legal ids are distinct ids below the game's num_distinct_actions, so the kernel's
    # buffer of them holds that many (LEGAL_INLINE in the state itself, more on the heap) and a
    # game never clips its list. MAX_LEGAL is only the largest count a game may produce; the
    # kernel raises when a game lists more ids than its action space (a bug, never a truncation).
    MAX_LEGAL = 1 << 20
    LEGAL_INLINE = 512
    EVENT_WORDS = 4      # an event is four ints: (code, a, b, c)
    # What the hot path returns where it cannot go on (0 or more: it went on). It runs without
    # the GIL, so it raises nothing: the caller turns the code into the exception, holding the
    # GIL (``_raise_code``), with the message the kernel has always given.
    ERR_KEPT = -2        # a hook raised (holding the GIL for a moment): kept in ``_error``
    ERR_MEMORY = -3      # a buffer of the kernel could not grow
    ERR_LOG_FULL = -4    # the event log could not take an event: the action was taken back
    ERR_LOG_LOST = -5    # the log lost an event before this action: nothing was applied
    ERR_LEGAL_COUNT = -6 # the game listed more legal ids than its action space holds

cdef class PlayoutPolicy


cdef class CompiledState:
    cdef public object game
    cdef char* _data              # the game's struct (a field of the subclass)
    cdef Py_ssize_t _size         # sizeof that struct
    cdef char* _stack             # undo: one struct copy per action applied since _stack_base
    cdef Py_ssize_t _stack_cap    # in struct copies
    cdef Py_ssize_t _stack_base   # history length when this state was copied (undo stops there)
    cdef Py_ssize_t _gap_lo, _gap_hi  # history entries whose undo copies were not made (_do_fast)
    cdef int* _hist               # every action applied, chance included
    cdef int* _marks              # event count before each action (undo truncates the log)
    cdef Py_ssize_t _nhist, _hist_cap
    cdef int* _events             # structured events, EVENT_WORDS ints each
    cdef Py_ssize_t _nevents, _events_cap
    cdef long long _epoch         # counts every change to the log other than an append
    cdef unsigned long long _changes  # counts every change of the state (change_count)
    cdef int _legal_inline[LEGAL_INLINE]
    cdef int* _legal_buf          # _legal_inline, or a heap block for a larger action space
    cdef Py_ssize_t _legal_cap    # ids _legal_buf holds; 0: not sized for the game yet
    cdef bint _log_overflow       # emit could not grow the log: _do undoes the action and raises
    cdef Py_ssize_t _events_limit # the most events the log may hold
    cdef Py_ssize_t _tensor_size  # the game's observation tensor length (-1: not read yet)
    cdef int _nlegal              # -1: not worked out since the last action
    cdef char* _probes            # _probe: one struct copy per probe open (they nest)
    cdef Py_ssize_t* _probe_events  # the event count when each open probe began
    cdef bint* _probe_overflow    # the log's overflow flag when each open probe began
    cdef Py_ssize_t _nprobes, _probes_cap
    cdef object _error            # what a hook raised on the hot path (ERR_KEPT), until raised
    cdef int _error_count         # ERR_LEGAL_COUNT: the count the game gave
    cdef int _policy_id           # which of the game's compiled bots ``_policy`` plays (0: its
                                  # rule-of-thumb bot; set for one call or playout, see policy_action)

    # -- hooks a game implements --------------------------------------------------------------
    # The hot path's hooks run without the GIL (the batched engine steps tables on every core):
    # they touch no Python object. One that must (a table made on first use) takes the GIL for
    # that moment, keeps what it raised (``_keep_error``) and returns ``ERR_KEPT``.
    cdef int _current(self) noexcept nogil
    cdef int _legal(self, int* out) noexcept nogil
    cdef object _chance(self)
    cdef int _chance_count(self) noexcept
    cdef int _sample_chance(self, double u) noexcept nogil
    cdef int _apply(self, int action) noexcept nogil
    cdef int _returns_c(self, double* out) noexcept nogil
    cdef void _encode(self, int seat, float* out) noexcept nogil
    cdef void _copy_extra(self, CompiledState other) noexcept
    cdef int _policy(self, int seat, uint64_t* rng) noexcept nogil
    cdef int _policy_count(self) noexcept nogil
    cdef long long _stage(self) noexcept nogil

    # -- the kernel's machinery -----------------------------------------------------------------
    cdef void _bind(self, void* data, Py_ssize_t size)
    cdef void emit(self, int code, int a, int b, int c) noexcept nogil
    cdef void _keep_error(self) noexcept
    cdef int _raise_code(self, int code, int action) except -1
    cdef int _find_legal(self) except -1
    cdef int _find_legal_c(self) noexcept nogil
    cdef int _size_legal(self) except -1
    cdef bint _legal_has(self, int action) noexcept nogil
    cdef int _draw_chance(self, double u) except -1
    cdef int _do(self, int action) except -1
    cdef int _reserve(self, Py_ssize_t actions) except -1
    cdef int _room_c(self, Py_ssize_t n) noexcept nogil
    cdef int _do_fast(self, int action) except -1
    cdef int _do_fast_c(self, int action) noexcept nogil
    cdef int _step(self, int action, bint copy) except -1
    cdef int _step_c(self, int action, bint copy) noexcept nogil
    cdef int _take_back_c(self, Py_ssize_t n, char* saved) noexcept nogil
    cdef int _stack_room_c(self, Py_ssize_t n) noexcept nogil
    cdef int _fill_gap(self, Py_ssize_t upto) except -1
    cdef int _fill_gap_c(self, Py_ssize_t upto) noexcept nogil
    cdef bint _is_legal(self, int action)
    cdef object _returns(self)
    cdef int _reset_from(self, CompiledState start) noexcept nogil
    cdef _copy_log_from(self, CompiledState other)
    cdef int _policy_or_none(self, int player, uint64_t* rng) except -2
    cdef int _policy_move(self, int player, uint64_t* rng) except -1
    cdef int _check_policy(self, int policy) except -1
    cdef CompiledState _playout(self, uint64_t seed, Py_ssize_t max_steps, bint by_policy,
                                bint to_score, double epsilon, PlayoutPolicy by)
    cdef int _probe(self, int action) noexcept nogil
    cdef int _reprobe(self, int action) noexcept nogil
    cdef void _unprobe(self) noexcept nogil
    cdef int _replay(self, const int* actions, Py_ssize_t n, int seat, Py_ssize_t back,
                     int* agree, int* checked) except -1


cdef class PlayoutPolicy:
    # A compiled bot from outside a game's rules that a playout asks for every move in C (the
    # learned network, core/net.pyx): ``policy_playout(..., by=...)``.
    cdef int _fits(self, CompiledState state) except -1
    cdef Py_ssize_t _work_floats(self)
    cdef int move_c(self, CompiledState state, int player, uint64_t* rng,
                    float* work) noexcept nogil


cdef tuple uniform_row(int n)
cdef list uniform_outcomes(uint64_t low, uint64_t high)


cdef inline double next_uniform(uint64_t* state) noexcept nogil:
    """splitmix64: the next double in [0, 1) of a generator kept in one 64-bit word."""
    cdef uint64_t z
    state[0] += 0x9E3779B97F4A7C15ULL
    z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    z = z ^ (z >> 31)
    return (z >> 11) * (1.0 / 9007199254740992.0)

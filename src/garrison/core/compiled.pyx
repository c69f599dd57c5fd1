# cython: language_level=3
"""The compiled state: one typed, compiled source of a game's rules, handed out as its ``State``.

A game in this shape writes its rules once, in Cython, over a C struct (ints, bitmasks, fixed
arrays). Its state class is a ``cdef class`` deriving from :class:`CompiledState`, which owns
everything that is the same for every game:

* the checked ``apply_action`` (legal ids cached per node; a wrong id goes to the Python
  ``State._refuse`` for a player's explanation and changes nothing), ``apply_unchecked``;
* ``undo`` as a stack of struct copies (``memcpy``), ``clone``/``child`` as one struct copy;
  ``apply_legal_prefix`` (``garrison.replay``) skips the copies after its first action and
  makes them again from the history only if an undo reaches them (``_fill_gap``);
* the history (a C int array), ``to_record`` through ``State``;
* the structured event log: ``emit(code, a, b, c)`` appends four ints; the game's Python turns
  them into text only when someone reads the log (``events()``). Undo truncates it;
* ``observation_tensor(seat)`` into a float32 array the game fills (``_encode``);
* pickling (``__reduce__``) and equality.

A game implements the hooks: ``_current`` (seat, ``CHANCE_PLAYER`` or ``TERMINAL_PLAYER``),
``_legal(out)`` (fills the sorted legal ids of a player node, returns their count),
``_chance`` (the ``[(id, probability)]`` list), ``_apply(action)`` (the rules),
``_returns_c(out)`` (one utility per seat, in C), ``_encode(seat, out)``; and in ``__cinit__`` it calls ``self._bind(&self.s,
sizeof(self.s))`` so the kernel knows its struct. Fields that never change during a game (the
options, tables) live beside the struct and ``_copy_extra`` hands them to a clone; a game's
``_copy_extra`` and its accessors are generated from these declarations (``tools/declare.py``).

The Python class a game registers is ``class XState(XCore, garrison.core.State)``: views
(``observation``, text, ``explain_illegal``, ``parse_action``, widgets) stay in Python and read
the typed state through small accessors. See ARCHITECTURE.md, "Writing a game in the new shape".
"""

from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.long cimport PyLong_AsLongLongAndOverflow
from cpython.ref cimport Py_INCREF
from libc.stdlib cimport free, malloc, realloc
from libc.stdint cimport uint64_t
from libc.string cimport memcmp, memcpy

import sys

cimport numpy as cnp

cnp.import_array()

CHANCE = CHANCE_PLAYER
TERMINAL = TERMINAL_PLAYER


cdef void* _grow(void* block, Py_ssize_t nbytes) except NULL:
    cdef void* out = realloc(block, nbytes)
    if out is NULL:
        raise MemoryError()
    return out


cdef inline bint _regrow(void** block, Py_ssize_t nbytes) noexcept nogil:
    """Grow ``block[0]`` to ``nbytes`` (``realloc``) without the GIL; False, and the block as it
    was, when there is no memory."""
    cdef void* out = realloc(block[0], nbytes)
    if out == NULL:
        return False
    block[0] = out
    return True


#: The most events a log may hold: the undo marks count them in C ints.
cdef Py_ssize_t EVENTS_LIMIT = 2147483647


#: ``_UNIFORM[n][c]`` = ``(c, 1 / n)``, made on first use (``uniform_row``).
cdef list _UNIFORM = []


cdef class PlayoutPolicy:
    """A compiled bot from outside a game's rules that ``policy_playout(..., by=...)`` asks for
    every move in C: the learned network (``core/net.pyx``'s ``Net``) is one. A subclass says
    whether it fits a state's game (``_fits``, raising ``GameError``), how many floats of work
    a playout lends it (``_work_floats``) and its move (``move_c``: the action for ``player``
    from that player's view, or a negative code: -1 none, else the kernel's ``ERR_*``)."""

    cdef int _fits(self, CompiledState state) except -1:
        from .errors import GameError

        raise GameError(f"{type(self).__name__} plays no game: a PlayoutPolicy subclass must "
                        "say which it fits")

    cdef Py_ssize_t _work_floats(self):
        return 0

    cdef int move_c(self, CompiledState state, int player, uint64_t* rng,
                    float* work) noexcept nogil:
        return -1


cdef tuple uniform_row(int n):
    """``row[c]`` = ``(c, 1 / n)``: chance outcome ``c`` (below 128) of ``n`` equally likely ones,
    such as one card dealt from ``n``. Each pair is made once, for every game: a deal only picks
    them."""
    cdef int k
    if n >= len(_UNIFORM):
        for k in range(len(_UNIFORM), n + 1):
            _UNIFORM.append(tuple([(c, 1.0 / k) for c in range(128)]) if k else ())
    return <tuple>_UNIFORM[n]


cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil


cdef list uniform_outcomes(uint64_t low, uint64_t high):
    """The chance outcomes of drawing one of the cards in a set (ids 0..63 in ``low``, 64..127 in
    ``high``), each equally likely, in id order: the deal of every card game."""
    cdef int n = __builtin_popcountll(low) + __builtin_popcountll(high), i = 0, base = 0
    cdef tuple row = uniform_row(n)
    cdef list out = PyList_New(n)
    cdef object pair
    cdef uint64_t word
    for word in (low, high):
        while word:
            pair = row[base + __builtin_ctzll(word)]
            Py_INCREF(pair)
            PyList_SET_ITEM(out, i, pair)
            i += 1
            word &= word - 1
        base = 64
    return out


def _rebuild(game, list history, bytes data, list events):
    """Unpickle a compiled state (see ``CompiledState.__reduce__``): replay the history; a world
    whose history was forgotten (``resample``) takes its struct and log as they were."""
    cdef CompiledState state = game.new_initial_state()
    for action in history:
        state._do(action)
    if state._raw() != data:
        assert len(data) == state._size, "a pickled state of another layout"
        memcpy(state._data, <char*>data, state._size)
        state._nhist = state._stack_base = 0
        state._nevents = 0
        for e in events:
            state.emit(e[0], e[1], e[2], e[3])
        if state._log_overflow:
            raise MemoryError(f"no memory for the {len(events)} events of a pickled state")
        state._nlegal = -1
    return state


cdef class CompiledState:
    def __dealloc__(self):
        if self._legal_buf is not NULL and self._legal_buf != &self._legal_inline[0]:
            free(self._legal_buf)
        free(self._stack)
        free(self._hist)
        free(self._marks)
        free(self._events)
        free(self._probes)
        free(self._probe_events)
        free(self._probe_overflow)

    cdef void _bind(self, void* data, Py_ssize_t size):
        self._data = <char*>data
        self._size = size
        self._nlegal = -1
        self._tensor_size = -1
        self._legal_buf = &self._legal_inline[0]
        self._legal_cap = 0
        self._events_limit = EVENTS_LIMIT

    # -- hooks (a game overrides every one) -----------------------------------------------------
    cdef int _current(self) noexcept nogil:
        return TERMINAL_PLAYER

    cdef int _legal(self, int* out) noexcept nogil:
        return 0

    cdef object _chance(self):
        raise NotImplementedError

    cdef int _chance_count(self) noexcept:
        """The number of chance outcomes when their ids are exactly 0..count-1 (a fast check);
        -1 when they are not (the list is read instead)."""
        return -1

    cdef int _sample_chance(self, double u) noexcept nogil:
        """The chance outcome that ``u`` (uniform in [0, 1)) draws: the first whose cumulative
        probability exceeds ``u``, as ``garrison.sample_chance`` walks them; ``ERR_KEPT`` if
        ``_chance`` raised. Games override it with a walk in C (the batched engine draws every
        chance outcome through it; this one takes the GIL)."""
        cdef double total = 0.0
        with gil:
            try:
                outcomes = self._chance()
                for action, prob in outcomes:
                    total += prob
                    if u < total:
                        return action
                return outcomes[len(outcomes) - 1][0]
            except BaseException:
                self._keep_error()
                return ERR_KEPT

    cdef int _apply(self, int action) noexcept nogil:
        """The rules: apply ``action``; 0, or an ``ERR_*`` code (nothing raised)."""
        with gil:  # a state with no rules of its own: the step raises this, kept
            self._error = NotImplementedError(f"{type(self).__name__} has no rules (_apply)")
        return ERR_KEPT

    cdef int _returns_c(self, double* out) noexcept nogil:
        """Write one utility per seat to ``out`` (``returns()``); 0, or ``ERR_KEPT`` (kept)."""
        with gil:  # a state with no rules of its own: returns() raises this
            self._error = NotImplementedError(f"{type(self).__name__} has no rules (_returns_c)")
        return ERR_KEPT

    cdef void _encode(self, int seat, float* out) noexcept nogil:
        pass

    cdef void _copy_extra(self, CompiledState other) noexcept:
        pass

    cdef int _policy(self, int seat, uint64_t* rng) noexcept nogil:
        """The move the game's rule-of-thumb bot plays for ``seat``, the player to move, reading
        only what that seat may see (its own cards, the public table; never the struct's
        hidden parts), with ties or mixed choices drawn from ``rng`` (``next_uniform``). The
        legal ids are in ``_legal_buf`` (``_find_legal`` ran). -1: the game has no such policy;
        ``ERR_KEPT``: it raised (kept)."""
        return -1

    cdef int _policy_count(self) noexcept nogil:
        """How many compiled bots ``_policy`` plays, numbered from 0 (its rule-of-thumb bot) by
        ``_policy_id``; a game with more says so (Stratego: 2, its move prior being 1)."""
        return 1

    cdef long long _stage(self) noexcept nogil:
        """A count of the game's scored parts (hands, deals, rounds) so far: ``returns()``
        changes only where it changes, so a rollout that stops at the next score watches it in
        C. -1: the game does not say (the rollout compares ``returns()`` after every action)."""
        return -1

    # -- events ---------------------------------------------------------------------------------
    cdef void emit(self, int code, int a, int b, int c) noexcept nogil:
        """Append one event. A log that cannot grow (its limit, or no memory) loses nothing
        silently: the flag makes ``_do`` undo the action and raise ``MemoryError``."""
        cdef Py_ssize_t at = self._nevents * EVENT_WORDS, cap
        cdef void* grown
        if self._nevents >= self._events_limit:
            self._log_overflow = True
            return
        if self._nevents == self._events_cap:
            cap = min(2 * self._events_cap + 64, self._events_limit)
            grown = realloc(self._events, cap * EVENT_WORDS * sizeof(int))
            if grown is NULL:
                self._log_overflow = True
                return
            self._events = <int*>grown
            self._events_cap = cap
        self._events[at] = code
        self._events[at + 1] = a
        self._events[at + 2] = b
        self._events[at + 3] = c
        self._nevents += 1

    def events(self, Py_ssize_t start=0):
        """Every event from the ``start``-th on, oldest first, as ``(code, a, b, c)`` tuples."""
        cdef Py_ssize_t i
        cdef int* e = self._events
        return [(e[4 * i], e[4 * i + 1], e[4 * i + 2], e[4 * i + 3])
                for i in range(max(start, 0), self._nevents)]

    def events_raw(self, Py_ssize_t start=0):
        """The events from the ``start``-th on as raw bytes (``EVENT_WORDS`` native ints each):
        what ``garrison.core.log`` compares to find where two logs part (a ``memcmp``)."""
        start = min(max(start, 0), self._nevents)
        if start == self._nevents:
            return b""
        return (<char*>(self._events + EVENT_WORDS * start))[
            :(self._nevents - start) * EVENT_WORDS * sizeof(int)]

    def _set_event_limit(self, Py_ssize_t limit):
        """Let this state's log (and its copies') hold at most ``limit`` events (at most the
        default, 2**31 - 1): an action whose events would pass it raises ``MemoryError`` and is
        undone, as when memory runs out. For tests and memory budgets."""
        if not 0 <= limit <= EVENTS_LIMIT:
            raise ValueError(f"an event limit is between 0 and {EVENTS_LIMIT}, not {limit}")
        self._events_limit = limit

    def event_count(self):
        """How many events the log holds (``events(start)`` lists those from ``start`` on)."""
        return self._nevents

    def change_count(self):
        """Changes whenever this state changes: an action applied or undone (a failed one
        too), the history forgotten, the log changed other than by growing (``log_epoch``). The
        views key what they keep for one node (one seat's text, another's) by it; a game method
        that changes its struct in place bumps it (1848's ``draw_world`` and Soldateska's
        ``_set_world`` bump the log epoch, which counts). A copy starts its own count."""
        return self._changes + self._epoch

    def log_epoch(self):
        """Changes whenever the log changes other than by appending (undo, a failed action, a
        resampled world's filtering): the events read before are a prefix of today's log as long
        as this stays the same (the views cache their text by it)."""
        return self._epoch

    # -- the public API -------------------------------------------------------------------------
    def current_player(self):
        return self._current()

    def is_chance_node(self):
        return self._current() == CHANCE_PLAYER

    def is_terminal(self):
        return self._current() == TERMINAL_PLAYER

    cdef void _keep_error(self) noexcept:
        """Keep the exception being handled (the GIL held, in an ``except`` block) for
        ``_raise_code``: how a hook on the hot path reports what it raised."""
        self._error = sys.exc_info()[1]

    cdef int _raise_code(self, int code, int action) except -1:
        """Raise what the hot path's ``code`` stands for (``action``: the one being applied),
        with the kernel's message; nothing for a code of 0 or more."""
        if code >= 0:
            return 0
        if code == ERR_KEPT:
            error, self._error = self._error, None
            if error is None:
                error = RuntimeError(f"{type(self).__name__} failed on action {action} and kept "
                                     "no error")
            raise error
        if code == ERR_LOG_FULL:
            raise MemoryError(f"the event log cannot grow past {self._nevents} events (its limit "
                              f"is {self._events_limit}, or memory ran out): action {action} is "
                              "undone")
        if code == ERR_LOG_LOST:
            raise MemoryError("the event log lost an event before this action (no memory)")
        if code == ERR_LEGAL_COUNT:
            raise RuntimeError(f"{type(self).__name__} listed {self._error_count} legal ids at "
                               f"one node; its action space has {self._legal_cap} ids")
        raise MemoryError(f"no memory to apply action {action}")

    cdef int _find_legal(self) except -1:
        """Work out (once per node) the legal ids of a player node into ``_legal_buf``, which
        holds the game's whole action space: a list is never clipped. Raises ``RuntimeError`` if
        a game lists more ids than that (its rules are wrong)."""
        cdef int n = self._find_legal_c()
        if n < 0:
            self._raise_code(n, -1)
        return n

    cdef int _find_legal_c(self) noexcept nogil:
        """``_find_legal`` without the GIL: the count, or an ``ERR_*`` code."""
        cdef int n
        if self._nlegal < 0:
            if self._current() < 0:
                self._nlegal = 0
                return 0
            if self._legal_cap == 0:  # the first node of a state made without one: size it
                with gil:
                    try:
                        self._size_legal()
                    except BaseException:
                        self._keep_error()
                        return ERR_KEPT
            n = self._legal(self._legal_buf)
            if not 0 <= n <= self._legal_cap:
                self._error_count = n
                return ERR_LEGAL_COUNT
            self._nlegal = n
        return self._nlegal

    cdef bint _legal_has(self, int action) noexcept nogil:
        """Whether ``action`` is among the legal ids ``_find_legal`` listed at this node."""
        cdef int i
        for i in range(self._nlegal):
            if self._legal_buf[i] == action:
                return True
        return False

    cdef int _draw_chance(self, double u) except -1:
        """``_sample_chance`` holding the GIL: the outcome, or what the game raised."""
        cdef int action = self._sample_chance(u)
        if action < 0:
            self._raise_code(action, -1)
        return action

    cdef int _size_legal(self) except -1:
        """Make ``_legal_buf`` hold every id of the game's action space (the state's own
        array for small games, a heap block for larger ones). Raises ``ValueError`` for an action
        space larger than ``MAX_LEGAL``."""
        cdef Py_ssize_t need = self.game.num_distinct_actions
        if need > MAX_LEGAL:
            raise ValueError(f"an action space of {need} ids is larger than the kernel's "
                             f"{MAX_LEGAL} legal ids a node")
        if need <= LEGAL_INLINE:
            self._legal_buf = &self._legal_inline[0]
            self._legal_cap = LEGAL_INLINE
        else:
            self._legal_buf = <int*>_grow(NULL, need * sizeof(int))
            self._legal_cap = need
        return 0

    def legal_actions(self):
        """Sorted legal ids for the player to move; at a chance node the outcome ids; [] at the end."""
        cdef int i, n, player = self._current()
        if player == CHANCE_PLAYER:
            n = self._chance_count()
            if n >= 0:
                return list(range(n))
            return [a for a, _ in self._chance()]
        n = self._find_legal()
        return [self._legal_buf[i] for i in range(n)]

    def chance_outcomes(self):
        """``[(outcome, probability), ...]`` at a chance node."""
        if self._current() != CHANCE_PLAYER:
            from .errors import GameError

            raise GameError("not a chance node: chance_outcomes() is asked only where chance acts")
        return self._chance()

    def chance_outcome_at(self, double u):
        """The outcome a uniform ``u`` in [0, 1) draws at this chance node: the first in
        ``chance_outcomes()`` whose cumulative probability exceeds ``u`` (the walk
        ``garrison.sample_chance`` makes), walked in C. ``GameError`` away from chance;
        ``ValueError`` for a ``u`` outside [0, 1)."""
        if self._current() != CHANCE_PLAYER:
            from .errors import GameError

            raise GameError("not a chance node: chance_outcome_at() is asked only where chance acts")
        if not 0.0 <= u < 1.0:
            raise ValueError(f"u must be in [0, 1), not {u}")
        return self._draw_chance(u)

    cdef bint _is_legal(self, int action):
        cdef int i, n, player = self._current()
        if player == CHANCE_PLAYER:
            n = self._chance_count()
            if n >= 0:
                return 0 <= action < n
            return any(a == action for a, _ in self._chance())
        n = self._find_legal()
        for i in range(n):
            if self._legal_buf[i] == action:
                return True
        return False

    def apply_action(self, action, seat=None):
        """Apply ``action`` after checking it; on any error nothing changes (see ``State``).
        Raises the kernel's errors for an action that is not legal here (``State._refuse``) and
        ``MemoryError`` when the event log cannot grow."""
        cdef bint ok = False
        if seat is None and type(action) is int:
            try:
                ok = self._is_legal(action)
            except OverflowError:  # an id beyond a C int: refused below, with the kernel's error
                ok = False
        if ok:
            self._do(action)
            return
        self._do(self._refuse(action, seat))

    def apply_legal_prefix(self, list actions):
        """Apply ``actions`` in order for as long as each is an ``int`` id legal where it is
        played, all in C; returns how many were applied. The first that is not (a bool, another
        type, an illegal id) and everything after it is left for the caller, who may apply it
        by ``apply_action`` to get the kernel's error (``garrison.replay`` does). Raises
        ``MemoryError`` as ``apply_action`` does when the event log cannot grow."""
        cdef Py_ssize_t i, n = len(actions)
        cdef object action
        cdef long long value
        cdef int overflow
        self._reserve(min(self._nhist + n, <Py_ssize_t>self.game.max_move_number))
        for i in range(n):
            action = actions[i]
            if type(action) is not int:
                return i
            value = PyLong_AsLongLongAndOverflow(action, &overflow)
            if overflow or not -2147483648 <= value <= 2147483647:
                return i
            if not self._is_legal(<int>value):
                return i
            self._do_fast(<int>value)
        return n

    cdef int _reserve(self, Py_ssize_t actions) except -1:
        """Room for a history of ``actions`` actions in one allocation (``_room`` grows it by
        doubling as it goes; the undo copies' room is made when copies are)."""
        if actions > self._hist_cap:
            self._hist = <int*>_grow(self._hist, actions * sizeof(int))
            self._marks = <int*>_grow(self._marks, actions * sizeof(int))
            self._hist_cap = actions
        return 0

    cdef int _stack_room_c(self, Py_ssize_t n) noexcept nogil:
        """Room for the undo copy of history entry ``n`` (doubling, and at least that far: a
        gap may have skipped many); ``ERR_MEMORY`` when there is none."""
        cdef Py_ssize_t need = n - self._stack_base + 1, cap
        if need > self._stack_cap:
            cap = max(2 * self._stack_cap + 16, need)
            if not _regrow(<void**>&self._stack, cap * self._size):
                return ERR_MEMORY
            self._stack_cap = cap
        return 0

    def apply_unchecked(self, int action):
        """The fast path for trusted callers (bots, playouts): no legality check."""
        self._do(action)

    cdef int _room_c(self, Py_ssize_t n) noexcept nogil:
        """Room for history entry ``n`` (doubling); ``ERR_MEMORY`` when there is none,
        ``ERR_LOG_LOST`` if the log lost an event before (nothing is applied then)."""
        cdef Py_ssize_t cap
        if n == self._hist_cap:
            cap = 2 * self._hist_cap + 64
            if not (_regrow(<void**>&self._hist, cap * sizeof(int))
                    and _regrow(<void**>&self._marks, cap * sizeof(int))):
                return ERR_MEMORY
            self._hist_cap = cap
        if self._log_overflow:
            return ERR_LOG_LOST
        return 0

    cdef int _do(self, int action) except -1:
        """Apply ``action`` with its undo copy (the kernel's one way to change a state)."""
        return self._step(action, True)

    cdef int _do_fast(self, int action) except -1:
        """``_do_fast_c`` holding the GIL: what it could not do raised."""
        return self._raise_code(self._do_fast_c(action), action)

    cdef int _do_fast_c(self, int action) noexcept nogil:
        """Apply ``action`` without its undo copy where the gap can take it (the entry before
        has its copy, or the gap ends there), else with it: for callers that seldom undo
        (``apply_legal_prefix``, the batched engine), whose states still undo as if every copy
        had been made. 0, or an ``ERR_*`` code (nothing changed then)."""
        if self._nhist > self._stack_base and (self._gap_hi == 0 or self._gap_hi == self._nhist):
            return self._step_c(action, False)
        return self._step_c(action, True)

    cdef int _step(self, int action, bint copy) except -1:
        """``_step_c`` holding the GIL: what it could not do raised (nothing changed then)."""
        return self._raise_code(self._step_c(action, copy), action)

    cdef int _step_c(self, int action, bint copy) noexcept nogil:
        """``_do`` (``copy``: the struct saved for undo first) or without the undo copy (the
        entry joins the gap [``_gap_lo``, ``_gap_hi``) of entries whose copies were not made,
        which starts right after an entry whose copy was; an undo into the gap makes them again,
        ``_fill_gap``). If the game's ``_apply`` fails, or the log lost an event, the action is
        taken back (from the copy, or by filling the gap up to it) and the code returned."""
        cdef Py_ssize_t n = self._nhist
        cdef char* saved = NULL
        cdef int code = self._room_c(n)
        if code < 0:
            return code
        if copy:
            code = self._stack_room_c(n)
            if code < 0:
                return code
            saved = self._stack + (n - self._stack_base) * self._size
            memcpy(saved, self._data, self._size)
        elif self._gap_hi == 0:
            self._gap_lo = self._gap_hi = n
        self._marks[n] = <int>self._nevents
        self._changes += 1
        code = self._apply(action)
        if code >= 0 and self._log_overflow:  # an event could not be logged: take it back
            self._log_overflow = False
            code = ERR_LOG_FULL
        if code < 0:
            if self._take_back_c(n, saved) < 0:
                return ERR_MEMORY
            return code
        self._hist[n] = action
        self._nhist = n + 1
        if not copy:
            self._gap_hi = n + 1
        self._nlegal = -1
        return 0

    cdef int _take_back_c(self, Py_ssize_t n, char* saved) noexcept nogil:
        """Put the state back as it was before history entry ``n`` was applied: from its undo
        copy ``saved``, or (none made) by filling the gap up to it."""
        cdef int code = 0
        if saved != NULL:
            memcpy(self._data, saved, self._size)
        else:
            code = self._fill_gap_c(n)
        self._nevents = self._marks[n]
        self._epoch += 1
        return code

    cdef int _fill_gap(self, Py_ssize_t upto) except -1:
        """``_fill_gap_c`` holding the GIL: what it could not do raised."""
        return self._raise_code(self._fill_gap_c(upto), -1)

    cdef int _fill_gap_c(self, Py_ssize_t upto) noexcept nogil:
        """Make the undo copies of the gap's entries below ``upto`` (the gap's end, or a failing
        action's entry) by applying the history again from the copy before the gap; the struct
        is then the state before entry ``upto``, and the gap is closed. While the actions are
        applied again they see the history length and event count they saw the first time, and
        write the same events where they wrote them; both are set back after."""
        cdef Py_ssize_t i, nhist = self._nhist, nevents = self._nevents
        cdef bint overflow = self._log_overflow
        cdef Py_ssize_t base = self._gap_lo - 1, limit = self._events_limit
        cdef int code = self._stack_room_c(upto - 1)
        if code < 0:
            return code
        memcpy(self._data, self._stack + (base - self._stack_base) * self._size, self._size)
        self._events_limit = EVENTS_LIMIT  # the events were logged once: a limit lowered since
        for i in range(base, upto):        # must not change what the actions see
            if i > base:
                memcpy(self._stack + (i - self._stack_base) * self._size, self._data,
                       self._size)
            self._nhist = i
            self._nevents = self._marks[i]
            code = self._apply(self._hist[i])
            if code < 0:
                break
        self._nhist, self._nevents, self._log_overflow = nhist, nevents, overflow
        self._events_limit = limit
        self._gap_lo = self._gap_hi = 0
        self._nlegal = -1
        return code

    cdef int _probe(self, int action) noexcept nogil:
        """Apply ``action`` with the game's ``_apply`` to look at the node it leads to, as a
        policy weighing its moves does, and keep what ``_unprobe`` needs to take it back: the
        struct, the event count and the log's overflow flag. Nothing else is touched: not the
        history, the undo stack, ``change_count`` or ``log_epoch``, nor the cached legal ids
        (``_legal_buf`` keeps the node's where the probes began; read a probed node's with
        ``_legal(out)`` into an array of your own). Probes nest; every ``_probe`` that returns 0
        is matched by one ``_unprobe``. When ``_apply`` fails, the probe takes itself back and
        its code is returned (no ``_unprobe`` then); ``ERR_MEMORY`` when no probe can open."""
        cdef Py_ssize_t k = self._nprobes, cap
        cdef int code
        if k == self._probes_cap:
            cap = 2 * self._probes_cap + 4
            if not (_regrow(<void**>&self._probes, cap * self._size)
                    and _regrow(<void**>&self._probe_events, cap * sizeof(Py_ssize_t))
                    and _regrow(<void**>&self._probe_overflow, cap * sizeof(bint))):
                return ERR_MEMORY
            self._probes_cap = cap
        memcpy(self._probes + k * self._size, self._data, self._size)
        self._probe_events[k] = self._nevents
        self._probe_overflow[k] = self._log_overflow
        self._nprobes = k + 1
        code = self._apply(action)
        if code < 0:
            self._unprobe()
        return code

    cdef int _reprobe(self, int action) noexcept nogil:
        """Take back the latest open probe's action and apply ``action`` in its place: the next
        sibling, for one struct copy instead of the two of ``_unprobe`` and ``_probe``. The probe
        stays open, and the caller's ``_unprobe`` still closes it. When ``_apply`` fails, the
        state is back where the probe began and the code is returned (-1: no probe is open)."""
        cdef Py_ssize_t k = self._nprobes - 1
        cdef int code
        if k < 0:
            return -1
        memcpy(self._data, self._probes + k * self._size, self._size)
        self._nevents = self._probe_events[k]
        self._log_overflow = self._probe_overflow[k]
        code = self._apply(action)
        if code < 0:
            memcpy(self._data, self._probes + k * self._size, self._size)
            self._nevents = self._probe_events[k]
            self._log_overflow = self._probe_overflow[k]
        return code

    cdef void _unprobe(self) noexcept nogil:
        """Take back the latest open ``_probe``: the struct, the event count and the overflow
        flag as they were before it (events logged while probing are dropped)."""
        cdef Py_ssize_t k = self._nprobes - 1
        if k < 0:
            return
        memcpy(self._data, self._probes + k * self._size, self._size)
        self._nevents = self._probe_events[k]
        self._log_overflow = self._probe_overflow[k]
        self._nprobes = k

    def undo(self):
        """Take back the last action (chance included). A copy (``clone``, ``child``, a
        resampled world) undoes only the actions applied to it since it was made: copying keeps
        no undo stack, so that search can copy a state for the price of its struct and history.
        Raises ``GameError`` when there is nothing this state can undo."""
        if self._nhist == 0:
            from .errors import GameError

            raise GameError("nothing to undo: no action has been applied")
        if self._nhist <= self._stack_base:
            from .errors import GameError

            raise GameError("this state is a copy: it can undo only the actions applied to it "
                            f"since it was copied ({self._nhist} actions came before)")
        if self._gap_lo <= self._nhist - 1 < self._gap_hi:  # its copy was not made: make it
            self._fill_gap(self._gap_hi)
        self._nhist -= 1
        self._changes += 1
        memcpy(self._data, self._stack + (self._nhist - self._stack_base) * self._size,
               self._size)
        self._nevents = self._marks[self._nhist]
        self._epoch += 1
        self._nlegal = -1

    def clone(self):
        cdef CompiledState new = type(self).__new__(type(self))
        new.game = self.game
        if self._legal_cap == LEGAL_INLINE:  # sized for the game already (a larger one: on use)
            new._legal_cap = LEGAL_INLINE
        self._copy_extra(new)
        new._size = self._size  # a game may copy less than its whole struct (Stratego's chase)
        memcpy(new._data, self._data, self._size)
        new._copy_log_from(self)
        return new

    cdef _copy_log_from(self, CompiledState other):
        cdef Py_ssize_t n = other._nhist
        self._hist_cap = other._hist_cap
        if n:
            self._hist = <int*>_grow(self._hist, self._hist_cap * sizeof(int))
            self._marks = <int*>_grow(self._marks, self._hist_cap * sizeof(int))
            memcpy(self._hist, other._hist, n * sizeof(int))
            memcpy(self._marks, other._marks, n * sizeof(int))
        else:
            self._hist_cap = 0
        self._nhist = n
        self._stack_base = n  # no undo stack: a copy undoes only its own actions
        self._gap_lo = self._gap_hi = 0
        self._events_cap = other._nevents
        self._events_limit = other._events_limit
        if other._nevents:
            self._events = <int*>_grow(self._events, other._nevents * EVENT_WORDS * sizeof(int))
            memcpy(self._events, other._events, other._nevents * EVENT_WORDS * sizeof(int))
        self._nevents = other._nevents
        self._nlegal = -1

    def random_playout(self, unsigned long long seed, Py_ssize_t max_steps):
        """A copy of this state played on by uniformly random legal actions and chance (drawn
        by ``_sample_chance``) for at most ``max_steps`` actions or to the end, all in C, from
        the generator ``seed``: the rollout of search with random rollouts. This state is
        unchanged."""
        return self._playout(seed, max_steps, False, False, 1.0, None)

    def has_policy(self):
        """Whether the game's rule-of-thumb bot is compiled (``policy_action`` works): asked at
        this node, or at the first player node of a new game when nobody is to move here."""
        cdef uint64_t rng = 0
        cdef CompiledState probe = self
        if self._current() < 0:
            probe = self.game.new_initial_state()
            while probe._current() == CHANCE_PLAYER:
                probe._do(probe._draw_chance(0.5))
            if probe._current() < 0:
                return False
        probe._find_legal()
        return probe._policy_or_none(probe._current(), &rng) != -1

    def policy_action(self, unsigned long long seed, int policy=0):
        """The move of the game's compiled rule-of-thumb bot for the player to move, reading
        only what that player may see; ``seed`` draws its tie-breaks. ``policy`` picks another
        compiled bot of the game where it has more than one (Stratego's 1: its move prior).
        Raises ``GameError`` at a chance node, at the end, or for a game whose rules have no
        such bot (``has_policy``)."""
        cdef uint64_t rng = seed
        cdef int player = self._current()
        cdef int kept = self._policy_id
        if player < 0:
            from .errors import GameError

            raise GameError("no player to move: a policy acts only where a player does")
        self._check_policy(policy)
        self._find_legal()
        self._policy_id = policy
        try:
            return self._policy_move(player, &rng)
        finally:
            self._policy_id = kept

    cdef int _check_policy(self, int policy) except -1:
        """``GameError`` for a compiled bot number the game does not have."""
        cdef int count = self._policy_count()
        if not 0 <= policy < count:
            from .errors import GameError

            raise GameError(f"{self.game.name} has no compiled bot number {policy} (it has "
                            f"{count}, from 0: its rule-of-thumb bot)")
        return 0

    cdef int _policy_or_none(self, int player, uint64_t* rng) except -2:
        """``_policy`` holding the GIL: the move, -1 when the game has none, or what it raised."""
        cdef int action = self._policy(player, rng)
        if action < -1:
            self._raise_code(action, -1)
        return action

    cdef int _policy_move(self, int player, uint64_t* rng) except -1:
        """``_policy``, or ``GameError`` naming the game when its rules have none."""
        cdef int action = self._policy_or_none(player, rng)
        if action == -1:
            from .errors import GameError

            if self._policy_id:
                raise GameError(f"{self.game.name}'s compiled bot number {self._policy_id} gave "
                                "no move here (a learned bot whose weights are not loaded: make "
                                "the bot by name first)")
            raise GameError(f"{self.game.name} has no compiled rule-of-thumb bot (its rules "
                            "define no _policy): use a Python bot or random rollouts")
        return action

    def replay_agreement(self, list actions, int seat, Py_ssize_t back):
        """Apply ``actions`` to this state without legality checks (a trusted record, such as
        a resampled world's) and return ``(agreeing, checked)``: of the decisions of players
        other than ``seat`` after the last chance event and among the last ``back`` actions,
        how many the compiled rule-of-thumb bot makes itself (``policy_action(0)`` at each).
        The state undoes the actions as if applied one by one. Raises ``GameError`` for a game
        without a compiled policy when a decision is checked, ``ValueError`` for a negative
        ``back``."""
        cdef Py_ssize_t i, n = len(actions)
        cdef int agree = 0, checked = 0
        cdef int* buf
        if back < 0:
            raise ValueError(f"back must be 0 or more actions, not {back}")
        buf = <int*>malloc(max(n, 1) * sizeof(int))
        if buf == NULL:
            raise MemoryError()
        try:
            for i in range(n):
                buf[i] = actions[i]
            self._replay(buf, n, seat, back, &agree, &checked)
        finally:
            free(buf)
        return agree, checked

    cdef int _replay(self, const int* actions, Py_ssize_t n, int seat, Py_ssize_t back,
                     int* agree, int* checked) except -1:
        """``replay_agreement`` in C (``agree``/``checked`` NULL: no decision is checked): the
        counts start again at every chance event, so they cover the decisions since the last
        one, as a search's ``infer`` reads them stepping back from the end."""
        cdef Py_ssize_t i
        cdef int player
        cdef uint64_t rng
        cdef bint count = agree != NULL and checked != NULL
        if count:
            agree[0] = checked[0] = 0
        self._reserve(self._nhist + n)
        for i in range(n):
            if count:
                player = self._current()
                if player == CHANCE_PLAYER:
                    agree[0] = checked[0] = 0
                elif player >= 0 and player != seat and i >= n - back:
                    self._find_legal()
                    rng = 0
                    checked[0] += 1
                    agree[0] += self._policy_move(player, &rng) == actions[i]
            self._do_fast(actions[i])
        return 0

    def policy_playout(self, unsigned long long seed, Py_ssize_t max_steps, bint to_score=False,
                       double epsilon=0.0, int policy=0, PlayoutPolicy by=None):
        """A copy of this state played on by the game's compiled rule-of-thumb bot at every
        seat (each reading only its own view) and chance drawn by ``_sample_chance``, for at
        most ``max_steps`` actions, to the end, or (``to_score``) until ``returns()`` changes;
        with ``epsilon`` a move is uniformly random with that chance. ``policy`` picks another
        compiled bot of the game (as ``policy_action``); ``by``, a compiled bot from outside the
        rules (a learned ``Net``), plays every seat instead, each from its own view. All in C
        from the generator ``seed``; this state is unchanged. Raises ``GameError`` for a game
        without that compiled bot, or a ``by`` that does not fit the game."""
        cdef int kept = self._policy_id
        if by is not None:
            by._fits(self)
        else:
            self._check_policy(policy)
        self._policy_id = policy
        try:
            return self._playout(seed, max_steps, True, to_score, epsilon, by)
        finally:
            self._policy_id = kept

    cdef CompiledState _playout(self, uint64_t seed, Py_ssize_t max_steps, bint by_policy,
                                bint to_score, double epsilon, PlayoutPolicy by):
        """The one playout loop: on a copy, chance by ``_sample_chance``; a player's move
        uniformly random (``by_policy`` false: one draw a move, the stream random rollouts have
        always had) or the policy's (``by``'s where given), random with chance ``epsilon``;
        stopping after ``max_steps``, at the end, or (``to_score``) where the stage or the
        returns change."""
        cdef CompiledState w = self.clone()
        cdef uint64_t rng = seed
        cdef Py_ssize_t played = 0
        w._policy_id = self._policy_id
        cdef int player, n, action
        cdef long long stage = w._stage()
        cdef bint watch_returns = to_score and stage < 0
        cdef float* work = NULL
        if by is not None:
            work = <float*>malloc(max(by._work_floats(), 1) * sizeof(float))
            if work == NULL:
                raise MemoryError()
        start = w._returns() if watch_returns else None
        try:
            while played < max_steps:
                player = w._current()
                if player == TERMINAL_PLAYER:
                    break
                if player == CHANCE_PLAYER:
                    w._do(w._draw_chance(next_uniform(&rng)))
                else:
                    n = w._find_legal()
                    if not by_policy or (epsilon > 0.0 and next_uniform(&rng) < epsilon):
                        action = w._legal_buf[<int>(next_uniform(&rng) * n)]
                    elif by is not None:
                        action = by.move_c(w, player, &rng, work)
                        if action == -1:
                            from .errors import GameError

                            raise GameError(f"{type(by).__name__} found no legal move of "
                                            f"{self.game.name} it can play")
                        if action < 0:
                            w._raise_code(action, -1)
                    else:
                        action = w._policy_move(player, &rng)
                    w._do(action)
                played += 1
                if to_score:
                    if watch_returns:
                        if w._returns() != start:
                            break
                    elif w._stage() != stage:
                        break
        finally:
            free(work)
        return w

    def child(self, action):
        """A clone with ``action`` applied; this state is unchanged."""
        new = self.clone()
        new.apply_action(action)
        return new

    def forget_history(self):
        """Drop the history and the undo stack (for worlds built by ``resample``)."""
        self._nhist = 0
        self._stack_base = 0
        self._gap_lo = self._gap_hi = 0
        self._changes += 1

    def history(self):
        """Every action applied so far, chance outcomes included."""
        cdef Py_ssize_t i
        return [self._hist[i] for i in range(self._nhist)]

    def move_number(self):
        return self._nhist

    cdef object _returns(self):
        """The game's ``_returns_c`` as a list of floats, one per seat."""
        cdef int seat, n = self.game.num_players, code
        cdef double* out = <double*>malloc(max(n, 1) * sizeof(double))
        if out == NULL:
            raise MemoryError()
        try:
            code = self._returns_c(out)
            if code < 0:
                self._raise_code(code, -1)
            return [out[seat] for seat in range(n)]
        finally:
            free(out)

    def returns(self):
        return self._returns()

    cdef int _reset_from(self, CompiledState start) noexcept nogil:
        """Make this state a new game in place: ``start`` is a new game's first state of the same
        game (``game.new_initial_state()``, never played), whose struct and log are copied in;
        the history, undo copies and probes are dropped, the event limit is the default, and
        ``change_count`` and ``log_epoch`` move on (views keyed by them see a new state). The
        fields beside the struct are the game's and stay. What a game's restart costs in the
        batched engine (``core/batch.pyx``): no Python object is made. 0, or ``ERR_MEMORY``
        (nothing changed then)."""
        if start._nevents > self._events_cap:
            if not _regrow(<void**>&self._events, start._nevents * EVENT_WORDS * sizeof(int)):
                return ERR_MEMORY
            self._events_cap = start._nevents
        memcpy(self._data, start._data, start._size)
        self._size = start._size
        if start._nevents:
            memcpy(self._events, start._events, start._nevents * EVENT_WORDS * sizeof(int))
        self._nevents = start._nevents
        self._nhist = self._stack_base = 0
        self._gap_lo = self._gap_hi = 0
        self._nprobes = 0
        self._log_overflow = False
        self._events_limit = EVENTS_LIMIT
        self._nlegal = -1
        self._changes += 1
        self._epoch += 1
        return 0

    def observation_tensor(self, seat):
        """The observation of ``seat`` as a flat float32 array, encoded from the typed state
        (tested equal to the game's oracle in ``tests/tensor_oracles/``, or to ``game.encode_observation`` for a game on plain-Python rules)."""
        cdef int who = -1
        if seat is not None:
            if type(seat) is not int or not 0 <= <int>seat < self.game.num_players:
                self.check_seat(seat)  # raises, naming the seats (or accepts a numpy int)
            who = int(seat)
        cdef cnp.npy_intp size = self._tensor_size
        if size < 0:
            size = self._tensor_size = self.game.facts.observation_tensor_size
        out = cnp.PyArray_ZEROS(1, &size, cnp.NPY_FLOAT32, 0)
        self._encode(who, <float*>cnp.PyArray_DATA(out))
        return out

    def observation_key(self, seat):
        """What ``seat`` sees, as a hashable key for search trees (ISMCTS keys its nodes by it):
        the bytes of the observation tensor, encoded in C. Equal observations give equal keys;
        views that differ only in what the tensor does not hold (such as the order in which
        past tricks were played) share one. Raises the kernel's error for a seat that does not
        exist."""
        cdef int who = -1
        if seat is not None:
            if type(seat) is not int or not 0 <= <int>seat < self.game.num_players:
                self.check_seat(seat)  # raises, naming the seats (or accepts a numpy int)
            who = int(seat)
        cdef Py_ssize_t size = self._tensor_size
        if size < 0:
            size = self._tensor_size = self.game.facts.observation_tensor_size
        cdef bytearray out = bytearray(size * sizeof(float))
        self._encode(who, <float*><char*>out)
        return bytes(out)

    # -- pickling and equality ------------------------------------------------------------------
    def _raw(self):
        return (<char*>self._data)[:self._size]

    def __reduce__(self):
        return (_rebuild, (self.game, self.history(), self._raw(), self.events()))

    def __eq__(self, other):
        if type(self) is not type(other):
            return NotImplemented
        cdef CompiledState o = other
        return (
            self.game == o.game and self.history() == o.history() and self.events() == o.events()
            and memcmp(self._data, o._data, self._size) == 0
        )

    __hash__ = None

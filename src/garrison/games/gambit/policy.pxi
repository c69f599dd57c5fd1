# The solver bots' move (docs/rules/gambit.md, "Bots and the solver"): from the roll, the dice to
# set aside (those already taken from it included) whose kept multiset has the best value in a
# table of the solver (``solver.py``: one value per multiset of at most ``dice`` dice), one die at
# a time, the lowest face first; when the dice taken are that set, roll again. ``greedy``'s table
# is the expected score of the turn, filled once per dice count from ``TurnSolver``; ``exact``
# passes the round solver's table (``solver_move``). Everything in Gambit is public.
#
# Included by rules.pyx (one module): ``greedy_move`` is ``GambitCore._policy``.

cdef enum:
    MULTISETS = 924          # multisets of at most 6 dice over 6 faces

# The solver's index of every hand code: multisets by size, then in lexicographic order (the
# order of ``TurnSolver.states``, the same for every dice count up to its size).
cdef short SOLVER_INDEX[HAND_CODES]
# ``greedy``'s table per dice count (filled on first use): the expected score of the turn.
cdef double EXPECTED[7][MULTISETS]
cdef bint EXPECTED_READY[7]


cdef void _fill_solver_index():
    cdef int size, i = 0, f
    cdef int counts[7]
    for size in range(7):
        for faces in multisets(size):
            for f in range(7):
                counts[f] = 0
            for f in faces:
                counts[f] += 1
            SOLVER_INDEX[hand_code(counts)] = i
            i += 1


_fill_solver_index()


cdef int fill_expected(int dice) except -1:
    """``greedy``'s table for ``dice`` dice, from the turn solver (once)."""
    from .solver import turn_solver

    solver = turn_solver(dice)
    values = solver.solve(solver.utility("expected"))
    for i in range(len(values)):
        EXPECTED[dice][i] = values[i]
    EXPECTED_READY[dice] = True
    return 0


cdef int best_set_aside(GambitCore self, const double* values) noexcept nogil:
    """The solver bots' action: the sub-multisets of the roll that hold the dice taken, in
    ``solver.sub_multisets`` order (faces ascending, the last varying fastest); the first best by
    more than 1e-12 is the set to take."""
    cdef Gambit* g = &self.s
    cdef int faces[6]
    cdef int pick[6]
    cdef int best_pick[6]
    cdef int counts[7]
    cdef int nfaces = 0, f, i, total
    cdef double v, best_value = -1e300
    cdef bint found = False
    for f in range(1, 7):
        if g.roll[f]:
            faces[nfaces] = f
            nfaces += 1
    for i in range(nfaces):
        pick[i] = g.taken[faces[i]]
    while True:
        total = 0
        for i in range(nfaces):
            total += pick[i]
        if total:
            for f in range(7):
                counts[f] = g.kept[f] - g.taken[f]
            for i in range(nfaces):
                counts[faces[i]] += pick[i]
            v = values[SOLVER_INDEX[hand_code(counts)]]
            if not found or v > best_value + 1e-12:
                found, best_value = True, v
                for i in range(nfaces):
                    best_pick[i] = pick[i]
        # the next pick: the last face counts fastest, each from the dice taken to those rolled
        i = nfaces - 1
        while i >= 0 and pick[i] == g.roll[faces[i]]:
            pick[i] = g.taken[faces[i]]
            i -= 1
        if i < 0:
            break
        pick[i] += 1
    for i in range(nfaces):
        if best_pick[i] > g.taken[faces[i]]:
            return faces[i] - 1
    return C_ROLL


cdef int greedy_move(GambitCore self) noexcept nogil:
    """``greedy``: the best set-aside for the expected score of the turn (the table made on
    first use, holding the GIL; ``ERR_KEPT`` if that raised)."""
    if not EXPECTED_READY[self.dice]:
        with gil:
            try:
                if not EXPECTED_READY[self.dice]:  # another thread may have made it meanwhile
                    fill_expected(self.dice)
            except BaseException:
                self._keep_error()
                return ERR_KEPT
    return best_set_aside(self, EXPECTED[self.dice])


def solver_move(GambitCore state, const double[::1] values):
    """The move of a solver bot in ``state`` (a player to move, dice rolled) for ``values``, the
    value of every kept multiset in ``TurnSolver.states`` order (``solve``'s result)."""
    from garrison.core.errors import GameError

    if state._current() < 0:
        raise GameError("no player to move: the solver chooses dice only after a roll")
    if values.shape[0] != sum([len(multisets(k)) for k in range(state.dice + 1)]):
        raise ValueError(f"a value table of {state.dice} dice has one value per kept multiset")
    return best_set_aside(state, &values[0])

# cython: language_level=3
"""A bot's stream of tie-break seeds: where it starts for a seed (``stream_start``), its
``draws``-th seed (``seed_at``), a splitmix64 step apart, and a uniform choice among ``count``
made from one seed (``pick``). Written once, here, for every engine
that plays a bot: ``core.bot.CompiledPolicyBot`` in Python, the batch's tables in C
(``core/batch.pyx`` cimports them), so a bot makes the same moves wherever it plays. Also the
shuffle of the kernel's re-deal (``shuffled``), from one seed drawn of the caller's generator."""

from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc


cpdef uint64_t stream_start(uint64_t seed) noexcept nogil:
    """Where a compiled bot's stream of tie-break seeds starts for ``seed``: splitmix64's
    finaliser."""
    cdef uint64_t z = seed + <uint64_t>0x9E3779B97F4A7C15ULL
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EBULL
    return z ^ (z >> 31)


cpdef uint64_t seed_at(uint64_t base, uint64_t draws) noexcept nogil:
    """The ``draws``-th seed of a stream starting at ``base`` (a splitmix64 step apart)."""
    return base + draws * <uint64_t>0x9E3779B97F4A7C15ULL


cpdef int pick(uint64_t seed, int count) noexcept nogil:
    """An index in ``[0, count)`` from a stream's seed, ``0 < count < 2**31``: the seed
    finalised as splitmix64 finalises (``stream_start``), its high 32 bits scaled to ``count``
    (multiply and shift: no division, a bias below ``count / 2**32``)."""
    return <int>(((stream_start(seed) >> 32) * <uint64_t>count) >> 32)


cdef void shuffle_ints(int* items, Py_ssize_t n, uint64_t seed) noexcept nogil:
    """Put ``items[0:n]`` in a random order from ``seed``, in place: Fisher-Yates, each swap's
    index ``pick``'s, every order equally likely up to ``pick``'s bias below ``n / 2**32``.
    The one shuffle of the kernel: ``shuffled`` for Python sequences, and a game's worlds
    drawn in C (1848's ``draw_world``) give the same order for the same seed."""
    cdef Py_ssize_t i
    cdef int j, t
    cdef uint64_t base = stream_start(seed)
    for i in range(n - 1, 0, -1):
        j = pick(seed_at(base, <uint64_t>i), <int>(i + 1))
        t = items[i]
        items[i] = items[j]
        items[j] = t


def shuffled(items, uint64_t seed):
    """A new list of the ``items`` (any sequence) in the order ``shuffle_ints`` gives their
    places for ``seed``. ``core.redeal.deal`` shuffles with it: Python's ``random.shuffle`` cost
    the world of a search more than the rest of its re-deal together."""
    cdef list src = list(items)
    cdef Py_ssize_t k, n = len(src)
    cdef int* order = <int*>malloc(max(n, 1) * sizeof(int))
    if order == NULL:
        raise MemoryError()
    try:
        for k in range(n):
            order[k] = <int>k
        shuffle_ints(order, n, seed)
        return [src[order[k]] for k in range(n)]
    finally:
        free(order)

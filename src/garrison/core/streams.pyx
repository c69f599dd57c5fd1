# cython: language_level=3
"""A bot's stream of tie-break seeds: where it starts for a seed (``stream_start``), its
``draws``-th seed (``seed_at``), a splitmix64 step apart, and a uniform choice among ``count``
made from one seed (``pick``). Written once, here, for every engine
that plays a bot: ``core.bot.CompiledPolicyBot`` in Python, the batch's tables in C
(``core/batch.pyx`` cimports them), so a bot makes the same moves wherever it plays. Also the
shuffle of the kernel's re-deal (``shuffled``), from one seed drawn of the caller's generator."""

from libc.stdint cimport uint64_t


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


def shuffled(items, uint64_t seed):
    """A new list of the ``items`` (any sequence) in a random order from ``seed`` (Fisher-Yates, each swap's index
    ``pick``'s: every order equally likely up to ``pick``'s bias below ``len(items) / 2**32``).
    ``core.redeal.deal`` shuffles with it: Python's ``random.shuffle`` cost the world of a search
    more than the rest of its re-deal together."""
    cdef list out = list(items)
    cdef Py_ssize_t i, j, n = len(out)
    cdef uint64_t base = stream_start(seed)
    for i in range(n - 1, 0, -1):
        j = pick(seed_at(base, <uint64_t>i), <int>(i + 1))
        out[i], out[j] = out[j], out[i]
    return out

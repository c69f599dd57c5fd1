from libc.stdint cimport uint64_t

cpdef uint64_t stream_start(uint64_t seed) noexcept nogil
cpdef uint64_t seed_at(uint64_t base, uint64_t draws) noexcept nogil
cpdef int pick(uint64_t seed, int count) noexcept nogil
cdef void shuffle_ints(int* items, Py_ssize_t n, uint64_t seed) noexcept nogil

# The learned network's forward pass in C (see net.pyx). The search and the batched engine cimport
# ``Net`` and call its C methods without the GIL.

from libc.stdint cimport uint64_t

from garrison.core.compiled cimport CompiledState, PlayoutPolicy

cdef class Net(PlayoutPolicy):
    cdef readonly int tensor_size     # the observation tensor's length (the input)
    cdef readonly int num_actions     # the policy head's width: the game's action space
    cdef readonly int depth           # dense layers in the trunk
    cdef readonly int width           # the trunk's output width (the heads' input)
    cdef readonly Py_ssize_t scratch_floats  # floats a caller's scratch holds (evaluate_c)
    cdef readonly double value_scale, value_shift
    cdef readonly object meta         # the file's meta (a dict)
    cdef readonly str game_name
    cdef dict _arrays                 # the file's arrays (float32 copies): pointers below
    cdef object _policy_t             # policy_w transposed, contiguous (for _pwt)
    cdef int* _sizes                  # depth + 1 widths: the tensor's, then each layer's
    cdef const float** _w             # depth weight blocks, (in, out) row-major
    cdef const float** _b             # depth biases
    cdef const float* _pw             # policy_w (width, num_actions)
    cdef const float* _pwt            # policy_w transposed (num_actions, width): legal logits
    cdef const float* _pb             # policy_b
    cdef const float* _vw             # value_w (width,)
    cdef float _vb                    # value_b
    cdef float* _x                    # the Net's own buffer: the tensor, then scratch
    cdef float* _scratch              # _x + tensor_size
    cdef bint _busy                   # its own buffers are in use (evaluate released the GIL)
    cdef object _checked_game         # the last game evaluate found to fit the net
    cdef int _players                 # its number of seats

    cdef _build(self, arrays, dict meta)
    cdef float* _claim(self) except NULL
    cdef void _release(self, float* block) noexcept
    cdef int _seat(self, state, seat) except -1
    cdef object _tensor_of(self, state, int seat)
    cdef const float* _trunk_c(self, const float* x, float* scratch) noexcept nogil
    cdef double _logit(self, const float* h, int a) noexcept nogil
    cdef bint _ids_fit(self, const int* legal, int n) noexcept nogil
    cdef double _value_c(self, const float* h) noexcept nogil
    cdef int forward_c(self, const float* x, float* logits, float* value) noexcept nogil
    cdef int forward_scratch_c(self, const float* x, float* logits, float* value,
                               float* scratch) noexcept nogil
    cdef int evaluate_c(self, const float* x, const int* legal, int n, double* priors,
                        double* value, float* scratch) noexcept nogil
    cdef int best_c(self, const float* x, const int* legal, int n, float* scratch) noexcept nogil
    cdef int evaluate_state_c(self, CompiledState state, int seat, double* priors,
                              double* value, float* work) noexcept nogil
    cdef int best_state_c(self, CompiledState state, int seat, float* work) noexcept nogil

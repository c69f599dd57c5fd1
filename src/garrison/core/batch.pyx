# cython: language_level=3
"""N tables of one compiled game stepped in one call, in C: the engine under
``garrison.interop.batch.BatchEnv`` for every compiled game with chance drawn inside.

Per table and step, on the batch's threads without the GIL, it checks the action against the
ids the last step listed, applies it, draws every chance outcome that follows
(``CompiledState._sample_chance`` of one uniform number from the table's own numpy
``Generator``, read in C through its bit generator), lets the table's bots play their seats,
scores a game that ended (``_returns_c``) and makes the table's next game in place
(``_reset_from``), and writes the mover, legal mask and ids, observation tensor (``_encode``: the
typed state, no dict, no text), rewards and ends straight into the step's arrays. Everything a table does goes through the same compiled rules the kernel hands
out, so a batched game is a game of the kernel, move for move.

One stream: a table's uniform numbers are its generator's ``random()`` values, one per chance
node, in the order ``garrison.sample_chance(state, rng)`` would draw them, and a new game's bots
are seeded from the same generator first, as the single environments do at ``reset()``. So table
``i`` seeded ``s`` plays the game a single environment seeded ``s`` plays with the same actions,
and the next games those of the single environment's ``reset()`` without a seed.

Undo copies: a table applies its actions without their undo copies (``_do_fast``), which a
long game would otherwise write at every step (megabytes a table); its state still undoes, the
kernel making the copies again from the history if asked (``_fill_gap``).

Bots: a game's compiled rule-of-thumb bot (``CompiledPolicyBot``) is played in C, without a
Python call: each seat's tie-break seeds follow the bot's own stream (``seed_at``), so its
moves are those its ``step`` would make. The uniformly random bot (``random``) is played in C
the same way: its pick among the legal ids is ``pick`` of its stream's next seed, as its
``step`` makes it. Any other bot is asked through ``step``.

A ``CompiledTables`` pickles: its states (their histories), its generators (their exact
positions), its bots and the game, so an unpickled copy continues as the original would.
"""

from cpython.pycapsule cimport PyCapsule_GetPointer
from cpython.ref cimport PyObject
from libc.stdlib cimport calloc, free, malloc
from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memset
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec
from numpy.random cimport bitgen_t

from garrison.core.streams cimport pick, seed_at, stream_start
from garrison.core.compiled cimport (CHANCE_PLAYER, ERR_KEPT, TERMINAL_PLAYER, CompiledState,
                                     next_uniform)

cimport numpy as cnp

import os

import numpy as np

from garrison.core.errors import IllegalActionError
from garrison.core.seats import seat_label

cnp.import_array()

# The pool of threads that steps the tables (``threads`` of them: the caller's own and the
# workers). A job is cut into fixed chunks of tables; each thread takes the next chunk not yet
# taken until none is left, so a thread the system keeps waiting (a loaded machine) holds up
# nothing it has not taken. A table is stepped by one thread and draws from its own generators,
# so the games are the same whatever the count and whoever steps it. Written with POSIX
# threads rather than OpenMP: GNU OpenMP hangs in a process forked after it ran
# (multiprocessing's default on Linux), while this pool notices a fork (another pid) and is
# made again in the child.
cdef extern from *:
    """
    #include <pthread.h>
    #include <sched.h>
    #include <unistd.h>
    typedef void (*gr_job)(void* ctx, int chunk);
    typedef struct gr_pool gr_pool;
    struct gr_pool {
        pthread_mutex_t lock;
        pthread_cond_t wake;
        pthread_t* ids;
        int workers;                /* threads besides the caller */
        unsigned long round;        /* bumped for every job */
        int stop;
        gr_job job;
        void* ctx;
        int chunks;
        int first;                  /* chunks of the job's first stage (0: one stage) */
        int done;                   /* first-stage chunks done */
        unsigned long long ticket;  /* the job's round (high half) and its next chunk (low) */
        int busy;                   /* threads between looking for a chunk and being done */
        pid_t pid;
    };

    /* Take chunks of job ``round`` and run them until none is left (or another job began). A
       chunk past the first ``first`` waits until those are done: a thread waits only holding
       no chunk of the first stage, all of which are taken by then, so the wait ends. */
    static void gr_work(gr_pool* p, unsigned long round, gr_job job, void* ctx, int chunks,
                        int first) {
        unsigned long long t;
        int chunk, spin;
        for (;;) {
            __atomic_add_fetch(&p->busy, 1, __ATOMIC_SEQ_CST);
            chunk = -1;
            t = __atomic_load_n(&p->ticket, __ATOMIC_SEQ_CST);
            while ((t >> 32) == (round & 0xffffffffUL) && (int)(t & 0xffffffffUL) < chunks) {
                if (__atomic_compare_exchange_n(&p->ticket, &t, t + 1, 0, __ATOMIC_SEQ_CST,
                                                __ATOMIC_SEQ_CST)) {
                    chunk = (int)(t & 0xffffffffUL);
                    break;
                }
            }
            if (chunk >= first && first > 0)
                for (spin = 0; __atomic_load_n(&p->done, __ATOMIC_ACQUIRE) < first; spin++) {
                    if (spin < 100000) __builtin_ia32_pause();
                    else sched_yield();
                }
            if (chunk >= 0) job(ctx, chunk);
            if (chunk >= 0 && chunk < first) __atomic_add_fetch(&p->done, 1, __ATOMIC_RELEASE);
            __atomic_sub_fetch(&p->busy, 1, __ATOMIC_SEQ_CST);
            if (chunk < 0) return;
        }
    }

    /* How long a worker watches for the next job before it sleeps (pause instructions, about a
       millisecond): a batch is stepped call after call with a little Python between, and a
       thread woken from sleep arrives tens of microseconds late, after the caller has done
       most of a short job alone. */
    #define GR_SPIN 2000

    static void* gr_worker(void* arg) {
        gr_pool* p = (gr_pool*)arg;
        unsigned long seen = 0, round;
        gr_job job;
        void* ctx;
        int chunks, first, spin;
        /* A Python thread state for the worker's whole life, the GIL released: a rule that takes
           the GIL for a moment (Scopa's hand scoring) then only waits for it, instead of making
           and dropping a thread state each time. */
        PyGILState_STATE python = PyGILState_Ensure();
        PyThreadState* saved = PyEval_SaveThread();
        for (;;) {
            for (spin = 0; spin < GR_SPIN; spin++) {
                if (__atomic_load_n(&p->round, __ATOMIC_ACQUIRE) != seen
                        || __atomic_load_n(&p->stop, __ATOMIC_ACQUIRE)) break;
                __builtin_ia32_pause();
            }
            pthread_mutex_lock(&p->lock);
            while (!p->stop && p->round == seen) pthread_cond_wait(&p->wake, &p->lock);
            if (p->stop) break;
            seen = round = p->round;
            job = p->job;
            ctx = p->ctx;
            chunks = p->chunks;
            first = p->first;
            pthread_mutex_unlock(&p->lock);
            gr_work(p, round, job, ctx, chunks, first);
        }
        pthread_mutex_unlock(&p->lock);
        PyEval_RestoreThread(saved);
        PyGILState_Release(python);
        return NULL;
    }

    /* A pool of ``workers`` threads besides the caller (fewer if the system gives fewer). */
    static gr_pool* gr_pool_new(int workers) {
        gr_pool* p = (gr_pool*)calloc(1, sizeof(gr_pool));
        int k;
        if (!p) return NULL;
        p->ids = (pthread_t*)calloc(workers > 0 ? workers : 1, sizeof(pthread_t));
        if (!p->ids) { free(p); return NULL; }
        pthread_mutex_init(&p->lock, NULL);
        pthread_cond_init(&p->wake, NULL);
        p->pid = getpid();
        for (k = 0; k < workers; k++) {
            if (pthread_create(&p->ids[k], NULL, gr_worker, p) != 0) break;
            p->workers = k + 1;
        }
        return p;
    }

    /* Run ``job`` over chunks 0 .. chunks - 1: the caller and the workers take them in turn;
       chunks ``first`` on start once chunks 0 .. first - 1 are done (two stages in one job);
       returns when every chunk is done. */
    static void gr_pool_run(gr_pool* p, gr_job job, void* ctx, int chunks, int first) {
        unsigned long round;
        int spin;
        pthread_mutex_lock(&p->lock);
        round = p->round + 1;
        p->job = job;
        p->ctx = ctx;
        p->chunks = chunks;
        p->first = first;
        __atomic_store_n(&p->done, 0, __ATOMIC_SEQ_CST);
        __atomic_store_n(&p->ticket, (unsigned long long)(round & 0xffffffffUL) << 32,
                         __ATOMIC_SEQ_CST);
        __atomic_store_n(&p->round, round, __ATOMIC_RELEASE);
        pthread_cond_broadcast(&p->wake);
        pthread_mutex_unlock(&p->lock);
        gr_work(p, round, job, ctx, chunks, first);
        /* the others' last chunks: watched briefly (a system call to yield costs more than the
           wait for a thread at work), then yielding to them */
        for (spin = 0; __atomic_load_n(&p->busy, __ATOMIC_SEQ_CST) != 0; spin++) {
            if (spin < GR_SPIN) __builtin_ia32_pause();
            else sched_yield();
        }
    }

    /* Whether the pool's threads are this process's (not a forked child's, which has none). */
    static int gr_pool_here(gr_pool* p) { return p->pid == getpid(); }

    static void gr_pool_free(gr_pool* p) {
        int k;
        if (!p) return;
        if (gr_pool_here(p)) {
            pthread_mutex_lock(&p->lock);
            __atomic_store_n(&p->stop, 1, __ATOMIC_RELEASE);
            pthread_cond_broadcast(&p->wake);
            pthread_mutex_unlock(&p->lock);
            for (k = 0; k < p->workers; k++) pthread_join(p->ids[k], NULL);
            pthread_mutex_destroy(&p->lock);
            pthread_cond_destroy(&p->wake);
        }   /* in a forked child the threads are gone and the lock may be held: only free */
        free(p->ids);
        free(p);
    }
    """
    ctypedef void (*gr_job)(void* ctx, int chunk) noexcept nogil
    ctypedef struct gr_pool:
        int workers
    gr_pool* gr_pool_new(int workers) nogil
    void gr_pool_run(gr_pool* p, gr_job job, void* ctx, int chunks, int first) nogil
    int gr_pool_here(gr_pool* p) nogil
    void gr_pool_free(gr_pool* p) nogil


def default_threads():
    """The threads a batch steps its tables on by default: the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


cdef enum:
    BOT_NONE = 0        # the seat is played by the caller
    BOT_COMPILED = 1    # a game's compiled rule-of-thumb bot: played in C
    BOT_PYTHON = 2      # any other bot: its step
    BOT_RANDOM = 3      # the uniformly random bot: played in C from its stream

def _restore(game, list states, list rngs, list bots, object new_bots, bint observe_all,
             threads=None):
    """Unpickle a ``CompiledTables`` (see ``__reduce__``)."""
    return CompiledTables(game, rngs, observe_all, new_bots, states, bots, threads)


# What a table is at in a step (``status``): what the caller asked, what the threads did to it,
# what the caller (holding the GIL) does next.
cdef enum:
    ST_IDLE = 0      # held: left as it is (its view is written)
    ST_PLAY = 1      # the caller's action is to be applied (``act``)
    ST_FRESH = 2     # a new game: its bots seeded, chance and the bots play up to the caller's seat
    ST_WAIT = 3      # the caller's seat is to move
    ST_OVER = 4      # the game ended
    ST_PYTHON = 5    # a bot written in Python is to move: asked holding the GIL
    ST_FAILED = 6    # something could not be done (``fail_*``): raised holding the GIL
    ST_LOST = 7      # the caller's action is illegal (``lose``): the game ends, the mover losing
    ST_RESTART = 8   # the game ended; the next is made holding the GIL (its bots are Python's)
    ST_BAD = 9       # the caller's action is illegal (raised: nothing is played)

# A chunk's notes (``note``): a cache line a chunk.
cdef enum:
    NOTE = 8
    NOTE_ODD = 0
    NOTE_ENDED = 1
    NOTE_BAD = 2     # actions refused with ST_BAD by the check

# What the threads do in a run over the tables (``phase``).
cdef enum:
    PH_STEP = 0      # a step, in two stages of one job: each chunk's actions checked
                     # (``ST_PLAY``, ``ST_IDLE`` held, ``refused``), then once every chunk is
                     # checked (and none refused with ``ST_BAD``) each chunk stepped
    PH_VIEW = 1      # no step: every table's view

# What failed at a table (``fail_kind``): the caller raises it as the kernel would have.
cdef enum:
    FAIL_APPLY = 1       # applying ``fail_action`` (its code in ``fail_code``): nothing applied
    FAIL_BOT = 2         # a compiled bot chose ``fail_action``, which is not legal
    FAIL_POLICY = 3      # a compiled bot gave no move (``fail_code``: -1 none, or an error)
    FAIL_NODE = 4        # listing the legal ids, drawing chance, the returns, a restart (``fail_code``)


cdef struct Out:
    # the rows one step writes: the caller's new arrays, and the batch's episode returns
    float* obs
    unsigned char* mask
    long long* to_move
    float* rewards
    unsigned char* terminated
    unsigned char* illegal
    float* episode
    float min_utility
    const long long* actions   # the caller's actions, one per table
    const unsigned char* hold  # tables left as they are (NULL: none)


cdef void _run_chunk(void* ctx, int chunk) noexcept nogil:
    """One chunk of a step: its fixed range of tables."""
    (<CompiledTables>ctx)._run_chunk(chunk)


cdef bint _listed(const int* ids, int n, long long action) noexcept nogil:
    """Whether ``action`` is among the ``n`` sorted ids (a binary search)."""
    cdef int lo = 0, hi = n, mid
    while lo < hi:
        mid = (lo + hi) >> 1
        if ids[mid] < action:
            lo = mid + 1
        else:
            hi = mid
    return lo < n and ids[lo] == action


def random_legal(legal, start, rng):
    """One uniformly random id per row of a listing (row ``i``'s ids are ``legal[start[i]:
    start[i + 1]]``: int32 and int64 arrays), int64: the pick ``start[i] + floor(u * count)``
    for the row's ``u``, the generator ``rng``'s ``random()`` values in row order (the numbers
    ``rng.random(rows)`` gives), drawn in C holding the generator's lock. Raises ``ValueError``
    for arrays of another type or a row without ids."""
    cdef cnp.npy_intp i, rows
    cdef long long count
    cdef const int* ids
    cdef const long long* at
    cdef long long* picks
    cdef bitgen_t* gen
    if not (cnp.PyArray_Check(legal) and cnp.PyArray_TYPE(legal) == cnp.NPY_INT32
            and cnp.PyArray_NDIM(legal) == 1 and cnp.PyArray_IS_C_CONTIGUOUS(legal)
            and cnp.PyArray_Check(start) and cnp.PyArray_TYPE(start) == cnp.NPY_INT64
            and cnp.PyArray_NDIM(start) == 1 and cnp.PyArray_IS_C_CONTIGUOUS(start)
            and cnp.PyArray_DIM(start, 0) >= 1):
        raise ValueError("legal must be contiguous int32 ids and start their int64 offsets")
    ids = <const int*>cnp.PyArray_DATA(<cnp.ndarray>legal)
    at = <const long long*>cnp.PyArray_DATA(<cnp.ndarray>start)
    rows = cnp.PyArray_DIM(start, 0) - 1
    for i in range(rows):
        if not at[i] < at[i + 1] <= cnp.PyArray_DIM(legal, 0) or at[i] < 0:
            raise ValueError(f"row {i} lists no id to pick from")
    out = cnp.PyArray_EMPTY(1, &rows, cnp.NPY_INT64, 0)
    picks = <long long*>cnp.PyArray_DATA(<cnp.ndarray>out)
    bits = rng.bit_generator
    gen = <bitgen_t*>PyCapsule_GetPointer(bits.capsule, "BitGenerator")
    lock = bits.lock
    lock.acquire()
    try:
        for i in range(rows):
            count = at[i + 1] - at[i]
            picks[i] = ids[at[i] + <long long>(gen.next_double(gen.state) * count)]
    finally:
        lock.release()
    return out


cdef class CompiledTables:
    """The tables of a ``BatchEnv`` whose game is compiled (chance drawn inside)."""

    cdef readonly list states
    #: one ``numpy.random.Generator`` per table (``rngs[i].random()`` is the table's next draw)
    cdef readonly list rngs
    # per table ``{seat: bot}`` (empty in self-play), made anew at each game; ``None`` while the
    # table's bots are seeded in C only (``bots`` makes them when read)
    cdef list _bots
    cdef object game, new_bots
    # a new game's first state, never played: a finished table is made a new game in place by
    # copying it (``_reset_from``; ``None`` where a new game needs Python: bots made there)
    cdef CompiledState start
    cdef PyObject* start_c  # the same, for the threads (NULL: none)
    cdef bitgen_t** gens
    # per table and seat (table * num_players + seat): BOT_NONE, BOT_COMPILED or BOT_PYTHON, and
    # a compiled bot's stream (its base and the seeds drawn so far, as CompiledPolicyBot keeps)
    cdef unsigned char* kind
    cdef uint64_t* base
    cdef uint64_t* draws
    # bots seeded in C (every bot a plain CompiledPolicyBot): their seats in seed order, and each
    # seat's seed (table * num_players + seat); n_seeded is -1 when the bots are made in Python
    cdef int* seeded
    cdef int n_seeded
    cdef uint64_t* seeds
    # per seat: played by the uniformly random bot (1) or not
    cdef unsigned char* random_seat
    cdef readonly int num_envs, num_players, tensor_size, num_actions
    cdef float min_utility  # the game's lowest return: an illegal action's (``lose``)
    cdef bint observe_all
    #: how many threads step the tables (1: the caller's alone)
    cdef readonly int threads
    cdef gr_pool* pool             # the workers (made at the first job that needs them)
    cdef bint shared_gens          # two tables share a generator: they are stepped in one thread
    # per table, for the threads: the state (borrowed from ``states``), what to do and what
    # happened (ST_*), the caller's action, and what failed (FAIL_*, the code, the action, the seat)
    cdef PyObject** table
    cdef int* status
    cdef int* act
    cdef int* fail_kind
    cdef int* fail_code
    cdef int* fail_action
    cdef int* fail_seat
    cdef int chunks                # chunks a run (one a thread)
    cdef int phase                 # what the threads do (PH_*)
    cdef int refused               # an illegal action's status (ST_BAD, or ST_LOST with lose)
    # chunk c is tables bounds[c] to bounds[c + 1] - 1; spent[c] the nanoseconds its last step
    # took, cost[c] its tables' mean cost (a moving average): the bounds move so that each
    # chunk takes as long (a thread slowed by other work, or tables of longer games, get fewer)
    cdef int* bounds
    cdef long long* spent
    cdef double* cost
    # what each chunk's run left (a cache line a chunk, NOTE words apart): NOTE_ODD tables the
    # caller must look at (refused, a Python bot, a restart made in Python, a failure) and
    # NOTE_ENDED games that ended; the caller reads these, not every table's status
    cdef long long* note
    # stepping on the pool or in the caller's thread alone (``_run_timed``): which way now,
    # whether it is a try, the steps left that way, each way's next stretch, each way's time a
    # step
    cdef bint alone, changed, trying
    cdef int left, patience, absence
    # steps run on the pool, and in the caller's thread alone, since the tables were made
    cdef long long steps_pool, steps_alone
    cdef double took_pool, took_alone
    cdef Out out
    # per table, as the last step left it: its legal ids (``num_actions`` slots a table, sorted)
    # and their count, which the next step checks the caller's actions against (``listed``:
    # written for every table since the tables last changed otherwise); the struct of a game
    # that just ended (``struct_size`` bytes a table: its views are encoded from it when asked,
    # ``final_view``); the returns
    cdef int* counts
    cdef int* ids
    # where each table's ids start in ``ids``: a chunk writes its tables' ids one after another
    # from its first table's ``num_actions`` slots on (``chunk_end``: where its ids end), so
    # that the step's listing is one copy a chunk; a table viewed holding the GIL (``_settle``)
    # writes its ids after its chunk's (``scattered``: the listing is copied table by table)
    cdef long long* at
    cdef long long* chunk_end
    cdef bint scattered
    cdef bint listed
    cdef char* final
    cdef Py_ssize_t struct_size
    cdef CompiledState scratch  # a state of the game whose struct ``final_view`` overwrites
    cdef double* ret

    def __init__(self, game, rngs, bint observe_all, new_bots=None, states=None, bots=None,
                 threads=None):
        """``rngs``: one ``numpy.random.Generator`` per table; ``new_bots(rng)``: the bots of a
        new game (``{seat: bot}``), seeded from the table's generator, or ``None`` for
        self-play. ``states`` and ``bots`` restore tables as they were (unpickling).
        ``threads``: how many threads step the tables (``None``: ``default_threads()``, the
        machine's cores; 1: the calling thread alone); the games are the same whatever the
        count. Raises ``ValueError`` for a count below 1."""
        if threads is None:
            threads = default_threads()
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise ValueError(f"threads must be a whole number, 1 or more (got {threads!r})")
        self.threads = threads
        self.game = game
        self.new_bots = new_bots
        self.num_envs = len(rngs)
        self.num_players = game.num_players
        self.tensor_size = game.observation_tensor_shape[0]
        self.num_actions = game.num_distinct_actions
        self.min_utility = game.min_utility
        self.observe_all = observe_all
        self.rngs = list(rngs)
        self.gens = <bitgen_t**>malloc(max(self.num_envs, 1) * sizeof(bitgen_t*))
        if self.gens == NULL:
            raise MemoryError("no memory for the tables' generators")
        for i in range(self.num_envs):
            self.gens[i] = <bitgen_t*>PyCapsule_GetPointer(
                self.rngs[i].bit_generator.capsule, "BitGenerator")
        cdef Py_ssize_t seats = max(self.num_envs * self.num_players, 1)
        self.kind = <unsigned char*>malloc(seats)
        self.base = <uint64_t*>malloc(seats * sizeof(uint64_t))
        self.draws = <uint64_t*>malloc(seats * sizeof(uint64_t))
        self.seeds = <uint64_t*>malloc(seats * sizeof(uint64_t))
        self.seeded = <int*>malloc(max(self.num_players, 1) * sizeof(int))
        self.random_seat = <unsigned char*>malloc(max(self.num_players, 1))
        if (self.kind == NULL or self.base == NULL or self.draws == NULL or self.seeds == NULL
                or self.seeded == NULL or self.random_seat == NULL):
            raise MemoryError("no memory for the tables' bots")
        cdef Py_ssize_t envs = max(self.num_envs, 1)
        self.table = <PyObject**>malloc(envs * sizeof(PyObject*))
        self.status = <int*>malloc(envs * sizeof(int))
        self.act = <int*>malloc(envs * sizeof(int))
        self.fail_kind = <int*>malloc(envs * sizeof(int))
        self.fail_code = <int*>malloc(envs * sizeof(int))
        self.fail_action = <int*>malloc(envs * sizeof(int))
        self.fail_seat = <int*>malloc(envs * sizeof(int))
        self.counts = <int*>malloc(envs * sizeof(int))
        self.bounds = <int*>malloc((envs + 1) * sizeof(int))
        self.spent = <long long*>malloc(envs * sizeof(long long))
        self.cost = <double*>malloc(envs * sizeof(double))
        self.note = <long long*>calloc(envs * NOTE, sizeof(long long))
        self.at = <long long*>malloc(envs * sizeof(long long))
        self.chunk_end = <long long*>malloc(envs * sizeof(long long))
        # the next two are read and written only where a table has ids or a game ended: pages
        # never touched cost no memory
        self.ids = <int*>malloc(envs * max(self.num_actions, 1) * sizeof(int))
        self.scratch = game.new_initial_state()
        self.struct_size = self.scratch._size
        self.final = <char*>malloc(envs * max(self.struct_size, 1))
        self.ret = <double*>malloc(seats * sizeof(double))
        if (self.table == NULL or self.status == NULL or self.act == NULL
                or self.fail_kind == NULL or self.fail_code == NULL or self.fail_action == NULL
                or self.fail_seat == NULL or self.counts == NULL or self.ids == NULL
                or self.at == NULL or self.chunk_end == NULL or self.bounds == NULL
                or self.spent == NULL or self.cost == NULL or self.note == NULL
                or self.final == NULL or self.ret == NULL):
            raise MemoryError("no memory for the tables' step")
        self.listed = False
        self.left, self.patience, self.absence = 200, 200, 200
        self._check_gens()
        memset(self.kind, BOT_NONE, seats)
        memset(self.random_seat, 0, max(self.num_players, 1))
        self.n_seeded = -1
        if new_bots is not None:
            order = new_bots.seeded_in_c()
            if order is not None:
                for j, seat in enumerate(order):
                    self.seeded[j] = seat
                self.n_seeded = len(order)
            for seat in new_bots.random_seats():
                self.random_seat[seat] = 1
        start = game.new_initial_state()
        # a new game is made in place where nothing of it is Python's: self-play, or bots
        # seeded in C; and where a new game has played nothing yet (its history is its struct)
        if (new_bots is None or self.n_seeded >= 0) and start.move_number() == 0:
            self.start = start
            self.start_c = <PyObject*>start
        if states is not None:
            self.states = list(states)
            self._bots = list(bots)
            for i in range(self.num_envs):
                self._load_bots(i)
            return
        self.states = []
        self._bots = []
        for i in range(self.num_envs):
            self._bots.append({})
            self.states.append(None)
            self.states[i] = self._fresh(i)

    def __dealloc__(self):
        if self.pool != NULL:
            with nogil:
                gr_pool_free(self.pool)
        free(self.table)
        free(self.status)
        free(self.act)
        free(self.fail_kind)
        free(self.fail_code)
        free(self.fail_action)
        free(self.fail_seat)
        free(self.counts)
        free(self.bounds)
        free(self.spent)
        free(self.cost)
        free(self.note)
        free(self.at)
        free(self.chunk_end)
        free(self.ids)
        free(self.final)
        free(self.ret)
        free(self.gens)
        free(self.kind)
        free(self.base)
        free(self.draws)
        free(self.seeds)
        free(self.seeded)
        free(self.random_seat)

    cdef void _load_bots(self, int i) except *:
        """Read table ``i``'s bots into the C arrays: which seats they hold, and the streams of
        the compiled and random ones."""
        cdef int seat, k
        cdef dict bots = self._bots[i]
        for seat in range(self.num_players):
            k = i * self.num_players + seat
            bot = bots.get(seat)
            if bot is None:
                self.kind[k] = BOT_NONE
            elif ((getattr(bot, "compiled_policy", False) and getattr(bot, "compiled_id", 0) == 0)
                  or self.random_seat[seat]):  # the game's rule-of-thumb bot (policy 0) in C
                self.kind[k] = BOT_RANDOM if self.random_seat[seat] else BOT_COMPILED
                self.base[k] = bot.stream
                self.draws[k] = bot.draws
            else:
                self.kind[k] = BOT_PYTHON

    @property
    def pool_use(self):
        """``(on the pool, alone)``: how many steps ran on the threads, and how many in the
        caller's thread alone because the pool was slower (``_run_timed``), since the tables
        were made (both 0 on one thread)."""
        return self.steps_pool, self.steps_alone

    @property
    def bots(self):
        """Per table ``{seat: bot}`` (empty in self-play); bots seeded in C are made here, with
        the seeds their objects would have drawn. Their ``draws`` are as of the last
        ``sync_bots``."""
        cdef int i, j, k
        for i in range(self.num_envs):
            if self._bots[i] is None:
                made = {}
                for j in range(self.n_seeded):
                    k = i * self.num_players + self.seeded[j]
                    made[self.seeded[j]] = bot = self.new_bots.bot(self.seeded[j], self.seeds[k])
                    bot.draws = self.draws[k]
                self._bots[i] = made
        return self._bots

    def sync_bots(self):
        """Write the bots' positions in their streams back into the bot objects (their
        ``draws``), so that a bot read from ``bots`` (or pickled) is where the C loop left it."""
        cdef int i, seat, k
        for i, table in enumerate(self.bots):
            for seat, bot in table.items():
                k = i * self.num_players + seat
                if self.kind[k] == BOT_COMPILED or self.kind[k] == BOT_RANDOM:
                    bot.draws = self.draws[k]

    def __reduce__(self):
        self.sync_bots()
        return (_restore, (self.game, self.states, self.rngs, self._bots, self.new_bots,
                           self.observe_all, self.threads))

    cdef void _check_gens(self) except *:
        """Whether two tables share one generator (then a step runs in one thread: their
        draws interleave in table order, as they always have)."""
        cdef int i
        self.shared_gens = len({<size_t>self.gens[i] for i in range(self.num_envs)}) < self.num_envs

    cdef CompiledState _fresh(self, int i):
        """Table ``i``'s next game, played up to the caller's seat."""
        cdef CompiledState state = self._new_game(i)
        self.table[i] = <PyObject*>state
        self.status[i] = ST_FRESH
        self._seed_range(i, i + 1)
        self.status[i] = self._advance(state, i)
        self._finish_python(i, state)
        self._raise_failed(i)
        return state

    cdef CompiledState _new_game(self, int i):
        """Table ``i``'s next game at its start; bots made in Python are made now, those seeded
        in C when the table is stepped (``_seed_range``, status ``ST_FRESH``)."""
        cdef CompiledState state = self.game.new_initial_state()
        if state._legal_cap == 0:  # sized now, holding the GIL (the threads never need to)
            state._size_legal()
        if self.n_seeded >= 0:
            self._bots[i] = None
        elif self.new_bots is not None:
            self._bots[i] = self.new_bots(self.rngs[i])
            self._load_bots(i)
        return state

    cdef void _seed_range(self, int lo, int hi) noexcept nogil:
        """Seed the bots of the new games (``ST_FRESH``) among tables ``lo`` to ``hi - 1``, as
        ``new_bots`` seeds them: each bot's seed is ``rng.integers(2**31)`` of the table's
        generator in seat order (numpy's Lemire draw for that bound is one 32-bit draw halved),
        and its stream starts at ``stream_start(seed)``."""
        cdef int i, j, k
        cdef bitgen_t* gen
        if self.n_seeded < 0:
            return
        for i in range(lo, hi):
            if self.status[i] != ST_FRESH:
                continue
            gen = self.gens[i]
            for j in range(self.n_seeded):
                k = i * self.num_players + self.seeded[j]
                self.seeds[k] = gen.next_uint32(gen.state) >> 1
                self.kind[k] = BOT_RANDOM if self.random_seat[self.seeded[j]] else BOT_COMPILED
                self.base[k] = stream_start(self.seeds[k])
                self.draws[k] = 0

    cdef int _fail(self, int i, int kind, int code, int action, int seat) noexcept nogil:
        self.fail_kind[i], self.fail_code[i] = kind, code
        self.fail_action[i], self.fail_seat[i] = action, seat
        return ST_FAILED

    cdef int _advance(self, CompiledState state, int i) noexcept nogil:
        """Draw chance outcomes and play the bots until the caller must act (``ST_WAIT``), the
        game ends (``ST_OVER``) or a bot written in Python is to move (``ST_PYTHON``: asked
        holding the GIL, ``_finish_python``); ``ST_FAILED`` when something could not be done
        (``_raise_failed`` raises it). Touches only this table: any thread may run it."""
        cdef bitgen_t* gen = self.gens[i]
        cdef int player, action, k, n, code
        cdef uint64_t seed
        while True:
            player = state._current()
            if player == CHANCE_PLAYER:
                action = state._sample_chance(gen.next_double(gen.state))
                if action < 0:
                    return self._fail(i, FAIL_NODE, action, -1, player)
                code = state._do_fast_c(action)
                if code < 0:
                    return self._fail(i, FAIL_APPLY, code, action, player)
                continue
            if player == TERMINAL_PLAYER:
                return ST_OVER
            if player < 0:
                return ST_WAIT
            k = i * self.num_players + player
            if self.kind[k] == BOT_COMPILED:
                # CompiledPolicyBot.step in C: one legal id is played as is, else the policy
                # draws from the next seed of the bot's stream
                n = state._find_legal_c()
                if n < 0:
                    return self._fail(i, FAIL_NODE, n, -1, player)
                if n == 1:
                    action = state._legal_buf[0]
                else:
                    seed = seed_at(self.base[k], self.draws[k])
                    self.draws[k] += 1
                    action = state._policy(player, &seed)
                    if action < 0:
                        return self._fail(i, FAIL_POLICY, action, -1, player)
                if not state._legal_has(action):
                    return self._fail(i, FAIL_BOT, 0, action, player)
            elif self.kind[k] == BOT_RANDOM:
                # RandomBot.step in C: one legal id is played as is, else the one ``pick``
                # makes of the next seed of the bot's stream
                n = state._find_legal_c()
                if n < 0:
                    return self._fail(i, FAIL_NODE, n, -1, player)
                if n == 1:
                    action = state._legal_buf[0]
                else:
                    action = state._legal_buf[pick(seed_at(self.base[k], self.draws[k]), n)]
                    self.draws[k] += 1
            elif self.kind[k] == BOT_PYTHON:
                return ST_PYTHON
            else:
                return ST_WAIT
            code = state._do_fast_c(action)
            if code < 0:
                return self._fail(i, FAIL_APPLY, code, action, player)

    cdef void _finish_python(self, int i, CompiledState state) except *:
        """Holding the GIL: while table ``i`` waits for a bot written in Python, ask it (its
        ``step``, applied as ``apply_action`` checks it) and play on."""
        cdef int player
        while self.status[i] == ST_PYTHON:
            player = state._current()
            try:
                state.apply_action(self._bots[i][player].step(state), seat=player)
            except BaseException as error:
                error.add_note(f"(table {i} of the batch, its bot playing seat {player})")
                raise
            self.status[i] = self._advance(state, i)

    cdef void _raise_failed(self, int i) except *:
        """Holding the GIL: if table ``i`` failed, raise what failed as the kernel raises it
        (its message), with a note naming the table. The table is as it was before the action
        that failed (a failed action changes nothing)."""
        cdef CompiledState state = <CompiledState>self.table[i]
        cdef int kind = self.fail_kind[i], code = self.fail_code[i], action = self.fail_action[i]
        cdef uint64_t seed = 0
        if self.status[i] != ST_FAILED:
            return
        self.status[i] = ST_IDLE
        try:
            if kind == FAIL_BOT:
                state.apply_action(action, seat=self.fail_seat[i])  # raises, naming the move
            elif kind == FAIL_POLICY and code == -1:
                state._policy_move(self.fail_seat[i], &seed)  # raises: the game has no bot
            state._raise_code(code, action)
            raise RuntimeError(f"action {action} failed at table {i} and then did not")
        except BaseException as error:
            what = f"action {action}" if action >= 0 else "the next move"
            error.add_note(f"(table {i} of the batch, playing {what})")
            raise

    cdef void _run(self) except *:
        """Run ``phase`` over every table: in this thread, or split over the pool's threads.
        The GIL is released meanwhile (a hook that needs it takes it for a moment)."""
        self._prepare()
        with nogil:
            if self.phase == PH_STEP and self.chunks > 1:
                self._run_timed()
            else:
                self._run_nogil()

    cdef void _run_timed(self) noexcept nogil:
        """A step's run, timed, on the pool or (``alone``) in this thread alone: the pool is
        left while its steps take longer than this thread's alone (another process holding a
        core, so that a thread at work waits for its turn there), and tried again now and then.
        Each way's time is a moving average, the first step after a change not counted (the
        workers wake then); a way is kept for ``left`` steps, then the other is tried for a
        few: after a way won a try, twice as long as the last time it won before the next try
        (from 200 steps up to 6,400), so that trying costs little however long the machine
        stays as it is (the pool must be slower by a tenth to lose). The games are the same
        either way."""
        cdef timespec began, ended
        cdef double took
        clock_gettime(CLOCK_MONOTONIC, &began)
        self._run_nogil()
        clock_gettime(CLOCK_MONOTONIC, &ended)
        took = (ended.tv_sec - began.tv_sec) * 1e9 + (ended.tv_nsec - began.tv_nsec)
        self.left -= 1
        if self.alone:
            self.steps_alone += 1
        else:
            self.steps_pool += 1
        if self.changed:
            self.changed = False
            return
        if self.alone:
            self.took_alone = took if self.took_alone == 0.0 else 0.75 * self.took_alone + 0.25 * took
        else:
            self.took_pool = took if self.took_pool == 0.0 else 0.75 * self.took_pool + 0.25 * took
        if self.left > 0:
            return
        self.changed = True
        if self.alone:
            if self.trying:  # a try of this thread alone: the pool is faster, or not
                if self.took_alone < self.took_pool / 1.1:
                    self.patience, self.absence = 200, min(2 * self.absence, 6400)
                    self.left, self.trying = self.absence, False
                else:
                    self.absence, self.patience = 200, min(2 * self.patience, 6400)
                    self.alone, self.left, self.trying = False, self.patience, False
            else:  # a stretch alone: try the pool
                self.alone, self.left, self.trying, self.took_pool = False, 8, True, 0.0
        elif self.trying:  # a try of the pool
            if self.took_pool > 1.1 * self.took_alone:
                self.alone, self.absence = True, min(2 * self.absence, 6400)
                self.left, self.trying = self.absence, False
            else:
                self.absence, self.patience = 200, min(2 * self.patience, 6400)
                self.left, self.trying = self.patience, False
        else:  # a stretch on the pool: try this thread alone
            self.alone, self.left, self.trying, self.took_alone = True, 8, True, 0.0

    cdef void _prepare(self) except *:
        """Before a run: the tables' states, the chunks, and the pool (made again in a forked
        process: its parent's threads are not there)."""
        cdef int i, chunks, threads = min(self.threads, self.num_envs)
        for i in range(self.num_envs):  # the states as they stand (the list keeps them alive);
            if self.table[i] != <PyObject*>self.states[i]:  # written only where one changed, so
                self.table[i] = <PyObject*>self.states[i]   # the threads' copies stay valid
        # one chunk a thread: each keeps its tables in its own cache from step to step (smaller
        # chunks, taken by whichever thread came first, measured slower: tables moved between
        # the cores' caches, and every chunk taken is a write both cores share); a thread that
        # comes late finds its chunk taken by the caller. The bounds start even and then follow
        # the chunks' costs (``_balance``).
        chunks = max(threads, 1)
        if chunks != self.chunks:
            for i in range(chunks + 1):
                self.bounds[i] = <int>((<long long>i * self.num_envs) // chunks)
            for i in range(chunks):
                self.cost[i] = 0.0
        if threads > 1 and not self.shared_gens:
            if self.pool != NULL and not gr_pool_here(self.pool):
                self.pool = NULL  # made in the parent of this forked process: its threads are gone
            if self.pool == NULL:
                self.pool = gr_pool_new(threads - 1)
                if self.pool == NULL:
                    raise MemoryError("no memory for the batch's threads")
        self.chunks = chunks

    cdef void _run_nogil(self) noexcept nogil:
        """The chunks of ``phase`` on the pool's threads (``_run`` made it), or in this one."""
        cdef int i, first = self.chunks if self.phase == PH_STEP else 0
        if self.threads > 1 and self.num_envs > 1 and not self.shared_gens and self.pool != NULL \
                and self.pool.workers > 0 and not self.alone:
            gr_pool_run(self.pool, _run_chunk, <void*>self, first + self.chunks, first)
        else:
            for i in range(first + self.chunks):
                self._run_chunk(i)

    cdef void _run_chunk(self, int chunk) noexcept nogil:
        """Chunk ``chunk`` of a run (with ``PH_STEP``: ``chunk - chunks``, after the check of
        chunk ``chunk``): tables ``bounds[chunk]`` to ``bounds[chunk + 1] - 1``. Each plays its
        action and on to the caller's seat; a finished game is scored and made a new game in
        place; the new games' bots are seeded, all of the chunk's together, and played; then
        each table's view is written."""
        cdef int i, lo, hi
        cdef timespec began, ended
        cdef long long odd = 0, over = 0
        if self.phase == PH_STEP:
            if chunk < self.chunks:  # the first stage: this chunk's actions checked
                for i in range(self.bounds[chunk], self.bounds[chunk + 1]):
                    self.status[i] = self._check(i, self.refused)
                    odd += self.status[i] == ST_BAD
                self.note[chunk * NOTE + NOTE_BAD] = odd
                return
            chunk -= self.chunks
            if self._noted(NOTE_BAD):  # an action is refused: no table plays
                return
        lo, hi = self.bounds[chunk], self.bounds[chunk + 1]
        clock_gettime(CLOCK_MONOTONIC, &began)
        for i in range(lo, hi):
            if self.phase == PH_VIEW:
                self.status[i] = ST_IDLE
            self._play(<CompiledState>self.table[i], i)
            over += self.out.terminated[i]
        self._seed_range(lo, hi)
        cdef long long pos = <long long>lo * self.num_actions
        for i in range(lo, hi):
            if self.status[i] == ST_FRESH:
                self.status[i] = self._advance(<CompiledState>self.table[i], i)
            if self.status[i] != ST_PYTHON and self.status[i] != ST_RESTART:
                pos = self._view(<CompiledState>self.table[i], i, pos)
            else:
                self.at[i], self.counts[i] = pos, 0  # viewed holding the GIL (``_settle``)
            odd += (self.status[i] == ST_PYTHON or self.status[i] == ST_RESTART
                    or self.status[i] == ST_FAILED)
        self.chunk_end[chunk] = pos
        self.note[chunk * NOTE + NOTE_ODD] = odd
        self.note[chunk * NOTE + NOTE_ENDED] = over
        clock_gettime(CLOCK_MONOTONIC, &ended)
        self.spent[chunk] = ((ended.tv_sec - began.tv_sec) * 1000000000LL
                             + (ended.tv_nsec - began.tv_nsec))

    cdef void _balance(self) noexcept nogil:
        """After a step: move the chunks' bounds toward sizes that take the same time, at most
        ``num_envs / 32`` tables a bound a step (the per-table cost is a moving average)."""
        cdef int c, b, size, limit = max(1, self.num_envs // 32)
        cdef double weight, total = 0.0, want
        if self.chunks < 2:
            return
        for c in range(self.chunks):
            size = self.bounds[c + 1] - self.bounds[c]
            if size <= 0 or self.spent[c] <= 0:
                return
            weight = <double>self.spent[c] / size
            self.cost[c] = weight if self.cost[c] == 0.0 else 0.75 * self.cost[c] + 0.25 * weight
            total += 1.0 / self.cost[c]
        want = 0.0
        for c in range(1, self.chunks):
            want += self.num_envs * (1.0 / self.cost[c - 1]) / total
            b = <int>(want + 0.5)
            b = min(max(b, self.bounds[c] - limit), self.bounds[c] + limit)
            self.bounds[c] = min(max(b, self.bounds[c - 1] + 1), self.num_envs - (self.chunks - c))

    cdef void _play(self, CompiledState state, int i) noexcept nogil:
        """Table ``i``'s part of a step before its new game's bots are seeded: the caller's
        action (``ST_PLAY``) and on to the caller's seat, or the loss of an illegal action
        (``ST_LOST``); a game that ended is scored into the rewards and the episode returns,
        its last struct is kept (``final``: the seats' views of its end are encoded from it if
        asked), and it is made a new game in place (``ST_FRESH``) or left for the caller to
        make (``ST_RESTART``)."""
        cdef int p = self.num_players, s, code, st = self.status[i]
        cdef float* rewards = self.out.rewards + <Py_ssize_t>i * p
        for s in range(p):
            rewards[s] = 0.0
        self.out.terminated[i] = 0
        self.out.illegal[i] = 0
        if st == ST_PLAY:
            code = state._do_fast_c(self.act[i])
            if code < 0:
                st = self._fail(i, FAIL_APPLY, code, self.act[i], state._current())
            else:
                st = self._advance(state, i)
        elif st == ST_LOST:
            rewards[state._current()] = self.out.min_utility
            self.out.illegal[i] = 1
        if st == ST_OVER:
            code = state._returns_c(&self.ret[<Py_ssize_t>i * p])
            if code < 0:
                st = self._fail(i, FAIL_NODE, code, -1, -1)
            else:
                for s in range(p):
                    rewards[s] = <float>self.ret[<Py_ssize_t>i * p + s]
        if st == ST_OVER or st == ST_LOST:
            self.out.terminated[i] = 1
            for s in range(p):
                self.out.episode[<Py_ssize_t>i * p + s] = rewards[s]
            memcpy(self.final + i * self.struct_size, state._data, self.struct_size)
            st = ST_RESTART
            if self.start_c != NULL:
                code = state._reset_from(<CompiledState>self.start_c)
                st = ST_FRESH if code >= 0 else self._fail(i, FAIL_NODE, code, -1, -1)
        self.status[i] = st

    cdef long long _view(self, CompiledState state, int i, long long pos) noexcept nogil:
        """Table ``i``'s view: the mover, the legal mask, the legal ids (written to ``ids``
        from ``pos`` on; returns where they end) and the observation tensor (each row zeroed
        while in cache)."""
        cdef int k, s, t = self.tensor_size, p = self.num_players
        cdef int player = state._current(), n = state._find_legal_c()
        cdef float* row
        cdef unsigned char* marks = self.out.mask + <Py_ssize_t>i * self.num_actions
        self.out.to_move[i] = player
        self.counts[i] = n
        memset(marks, 0, self.num_actions)
        if n < 0:
            if self.status[i] != ST_FAILED:
                self.status[i] = self._fail(i, FAIL_NODE, n, -1, -1)
            n = 0
        for k in range(n):
            marks[state._legal_buf[k]] = 1
        self.at[i] = pos
        for k in range(n):
            self.ids[pos + k] = state._legal_buf[k]
        if self.observe_all:
            for s in range(p):
                row = self.out.obs + (<Py_ssize_t>i * p + s) * t
                memset(row, 0, t * sizeof(float))
                state._encode(s, row)
        else:
            row = self.out.obs + <Py_ssize_t>i * t
            memset(row, 0, t * sizeof(float))
            state._encode(player, row)
        return pos + n

    cdef void _settle(self, int i) except *:
        """Holding the GIL, after the threads: what table ``i`` left to Python. A bot written in
        Python is asked (``ST_PYTHON``); a game that then ended is scored as the threads score
        one; a new game that needs Python is made (``ST_RESTART``); then the table's view."""
        cdef CompiledState state = <CompiledState>self.states[i]
        cdef int s, c, p = self.num_players
        if self.status[i] == ST_PYTHON:
            self._finish_python(i, state)
            if self.status[i] == ST_OVER:
                returns = state._returns()
                for s in range(p):
                    self.out.rewards[i * p + s] = returns[s]
                    self.out.episode[i * p + s] = returns[s]
                self.out.terminated[i] = 1
                memcpy(self.final + i * self.struct_size, state._data, self.struct_size)
                self.status[i] = ST_RESTART
        if self.status[i] == ST_RESTART:
            self.states[i] = state = self._fresh(i)
            self.table[i] = <PyObject*>state
            self.status[i] = ST_WAIT
        # after its chunk's ids (the chunk's slots hold them all: this table's count was 0)
        c = 0
        while self.bounds[c + 1] <= i:
            c += 1
        self.chunk_end[c] = self._view(state, i, self.chunk_end[c])
        self.scattered = True

    cdef tuple _outputs(self):
        """The arrays of one step, new (the threads write every row of them)."""
        cdef cnp.npy_intp n = self.num_envs
        cdef cnp.npy_intp dims[2]
        dims[0] = n * self.num_players if self.observe_all else n
        dims[1] = self.tensor_size
        obs = cnp.PyArray_EMPTY(2, dims, cnp.NPY_FLOAT32, 0)
        dims[0], dims[1] = n, self.num_actions
        mask = cnp.PyArray_EMPTY(2, dims, cnp.NPY_BOOL, 0)
        dims[1] = self.num_players
        rewards = cnp.PyArray_EMPTY(2, dims, cnp.NPY_FLOAT32, 0)
        return (obs, mask, cnp.PyArray_EMPTY(1, &n, cnp.NPY_INT64, 0), rewards,
                cnp.PyArray_EMPTY(1, &n, cnp.NPY_BOOL, 0), cnp.PyArray_EMPTY(1, &n, cnp.NPY_BOOL, 0))

    def step(self, actions, hold, bint lose, episode_returns):
        """Play ``actions[i]`` (int64, one per table) at every table ``i`` not held (``hold``:
        bools one per table, or ``None``; a held table is left as it is, its action not read)
        and on to the caller's seat; write into new arrays each table's view and what ended;
        return them: ``(obs, mask, to_move, rewards, terminated, illegal, legal, legal_start,
        final_rows, final)`` (``obs`` rows table-major, one per seat with ``observe_all``;
        ``legal[legal_start[i]:legal_start[i + 1]]`` table ``i``'s legal ids; ``final[k]`` the
        struct of the last position of table ``final_rows[k]``'s game, which ended in this step:
        ``final_view`` encodes its views). A finished game's returns are also written to its row
        of ``episode_returns`` (float32, ``(num_envs, num_players)``), and the table starts its
        next game.

        Each action is checked against the ids the last step listed, by the thread that steps
        its table. Not legal: with ``lose`` that table's game ends, the mover getting the game's
        lowest return (``illegal``); else ``IllegalActionError`` naming the table, the seat and
        the action, and no table changes (the threads check every table before any plays). A
        bot written in Python is asked holding the GIL, table after table. Raises what the
        kernel raises when an action cannot be applied (a bot's illegal move, a full event
        log), with a note naming the table; that table is left as it was before that action,
        the others are stepped. ``ValueError`` for arrays of another type or shape."""
        if not (cnp.PyArray_Check(actions) and cnp.PyArray_TYPE(actions) == cnp.NPY_INT64
                and cnp.PyArray_NDIM(actions) == 1 and cnp.PyArray_DIM(actions, 0) == self.num_envs
                and cnp.PyArray_IS_C_CONTIGUOUS(actions)):
            raise ValueError(f"actions must be a contiguous int64 array of {self.num_envs}")
        if hold is not None and not (
                cnp.PyArray_Check(hold) and cnp.PyArray_ITEMSIZE(hold) == 1
                and cnp.PyArray_NDIM(hold) == 1 and cnp.PyArray_DIM(hold, 0) == self.num_envs
                and cnp.PyArray_IS_C_CONTIGUOUS(hold)):
            raise ValueError(f"hold must be a contiguous array of {self.num_envs} bools, or None")
        if not (cnp.PyArray_Check(episode_returns)
                and cnp.PyArray_TYPE(episode_returns) == cnp.NPY_FLOAT32
                and cnp.PyArray_NDIM(episode_returns) == 2
                and cnp.PyArray_DIM(episode_returns, 0) == self.num_envs
                and cnp.PyArray_DIM(episode_returns, 1) == self.num_players
                and cnp.PyArray_IS_C_CONTIGUOUS(episode_returns)
                and cnp.PyArray_ISWRITEABLE(episode_returns)):
            raise ValueError(f"episode_returns must be a writable contiguous float32 array "
                             f"({self.num_envs}, {self.num_players})")
        if not self.listed:
            self.view()
        self.out.actions = <const long long*>cnp.PyArray_DATA(<cnp.ndarray>actions)
        self.out.hold = NULL
        if hold is not None:
            self.out.hold = <const unsigned char*>cnp.PyArray_DATA(<cnp.ndarray>hold)
        self.out.episode = <float*>cnp.PyArray_DATA(<cnp.ndarray>episode_returns)
        self.refused = ST_LOST if lose else ST_BAD
        return self._go(PH_STEP)

    cdef long long _noted(self, int which) noexcept nogil:
        """The chunks' notes ``which`` added up."""
        cdef int c
        cdef long long total = 0
        for c in range(self.chunks):
            total += self.note[c * NOTE + which]
        return total

    cdef int _first(self, int status) noexcept nogil:
        """The first table at ``status``, or -1."""
        cdef int i
        for i in range(self.num_envs):
            if self.status[i] == status:
                return i
        return -1

    cdef int _check(self, int i, int refused) noexcept nogil:
        """Table ``i``'s status for this step: held (``ST_IDLE``), its action legal among the
        ids the last step listed (``ST_PLAY``, the action in ``act``) or not (``refused``)."""
        cdef long long a
        if self.out.hold != NULL and self.out.hold[i]:
            return ST_IDLE
        a = self.out.actions[i]
        if 0 <= a < self.num_actions and _listed(&self.ids[self.at[i]], self.counts[i], a):
            self.act[i] = <int>a
            return ST_PLAY
        return refused

    def view(self):
        """Every table's view as it stands, as ``step`` returns it with every table held (no
        rewards, nothing ended)."""
        self.out.episode = NULL
        return self._go(PH_VIEW)

    cdef tuple _go(self, int phase):
        """Run ``phase`` (``PH_STEP``, ``PH_VIEW``) on the threads, raise an action the check
        refused, settle what the threads left to Python, and make the step's arrays."""
        cdef int i, k, c, failed = -1, p = self.num_players
        cdef long long total = 0
        cdef Py_ssize_t t = self.tensor_size
        cdef cnp.npy_intp n = self.num_envs + 1, ended = 0
        cdef cnp.npy_intp dims[3]
        cdef long long* rows_at
        obs, mask, to_move, rewards, terminated, illegal = self._outputs()
        self.out.obs = <float*>cnp.PyArray_DATA(<cnp.ndarray>obs)
        self.out.mask = <unsigned char*>cnp.PyArray_DATA(<cnp.ndarray>mask)
        self.out.to_move = <long long*>cnp.PyArray_DATA(<cnp.ndarray>to_move)
        self.out.rewards = <float*>cnp.PyArray_DATA(<cnp.ndarray>rewards)
        self.out.terminated = <unsigned char*>cnp.PyArray_DATA(<cnp.ndarray>terminated)
        self.out.illegal = <unsigned char*>cnp.PyArray_DATA(<cnp.ndarray>illegal)
        self.out.min_utility = self.min_utility
        self.listed = False
        self.phase = phase
        self._run()
        cdef int bad = self._first(ST_BAD) if phase == PH_STEP and self._noted(NOTE_BAD) else -1
        cdef CompiledState state
        if bad >= 0:  # refused by the check: no table has played
            state = <CompiledState>self.states[bad]
            mover = state._current()
            who = "chance" if mover == CHANCE_PLAYER else seat_label(mover)
            raise IllegalActionError(f"table {bad}: action {self.out.actions[bad]} is not legal "
                                     f"for {who} now; legal: {state.legal_actions()}")
        cdef bint odd = self._noted(NOTE_ODD) > 0
        if odd:  # some tables are left to Python, or failed: table by table
            for i in range(self.num_envs):
                if self.status[i] == ST_PYTHON or self.status[i] == ST_RESTART:
                    self._settle(i)
                if self.status[i] == ST_FAILED and failed < 0:
                    failed = i
            for i in range(self.num_envs):
                ended += self.out.terminated[i]
        else:
            ended = self._noted(NOTE_ENDED)
        rows = cnp.PyArray_EMPTY(1, &ended, cnp.NPY_INT64, 0)
        rows_at = <long long*>cnp.PyArray_DATA(<cnp.ndarray>rows)
        k = 0
        for i in range(self.num_envs if ended else 0):
            if self.out.terminated[i]:
                rows_at[k] = i
                k += 1
                if self.n_seeded >= 0:  # bots seeded anew: made from their seeds when asked
                    self._bots[i] = None
        if failed >= 0:
            self._raise_failed(failed)
        start = cnp.PyArray_EMPTY(1, &n, cnp.NPY_INT64, 0)
        cdef long long* at = <long long*>cnp.PyArray_DATA(<cnp.ndarray>start)
        cdef long long first, shift
        if self.scattered:  # some tables were viewed holding the GIL: table by table
            for i in range(self.num_envs):
                at[i] = total
                total += self.counts[i]
        else:  # each chunk's ids are in order: the offsets shift by chunk
            for c in range(self.chunks):
                first = <long long>self.bounds[c] * self.num_actions
                shift = total - first
                for i in range(self.bounds[c], self.bounds[c + 1]):
                    at[i] = self.at[i] + shift
                total += self.chunk_end[c] - first
        at[self.num_envs] = total
        n = total
        legal = cnp.PyArray_EMPTY(1, &n, cnp.NPY_INT32, 0)
        cdef int* out = <int*>cnp.PyArray_DATA(<cnp.ndarray>legal)
        if self.scattered:
            for i in range(self.num_envs):
                if self.counts[i] > 0:
                    memcpy(out + at[i], &self.ids[self.at[i]], self.counts[i] * sizeof(int))
        else:
            for c in range(self.chunks):
                first = <long long>self.bounds[c] * self.num_actions
                i = self.bounds[c]
                if self.chunk_end[c] > first:
                    memcpy(out + at[i], &self.ids[first], (self.chunk_end[c] - first) * sizeof(int))
        self.scattered = False
        self.listed = True
        dims[0], dims[1] = ended, self.struct_size
        final = cnp.PyArray_EMPTY(2, dims, cnp.NPY_UINT8, 0)
        cdef char* finals = <char*>cnp.PyArray_DATA(<cnp.ndarray>final)
        for k in range(ended):
            memcpy(finals + k * self.struct_size, self.final + rows_at[k] * self.struct_size,
                   self.struct_size)
        if phase == PH_STEP:
            self._balance()  # for the next step (this one's ids are laid out by these bounds)
        return (obs, mask, to_move, rewards, terminated, illegal, legal, start, rows, final)

    def final_view(self, const unsigned char[::1] data, seat):
        """Seat ``seat``'s observation tensor of a game's last position, from its struct
        (``data``: a row of the ``final`` array ``step`` returns), encoded as the state would
        encode it. Raises ``ValueError`` for data of another size, and the kernel's error for a
        seat the game does not have."""
        if data.shape[0] != self.struct_size:
            raise ValueError(f"a struct of this game has {self.struct_size} bytes (got {data.shape[0]})")
        memcpy(self.scratch._data, &data[0], self.struct_size)
        return self.scratch.observation_tensor(seat)

    def final_state(self, const unsigned char[::1] data):
        """A new state of the game in a game's last position, from its struct (``data``: a row
        of the ``final`` array ``step`` returns), for the caller's own tools (an evaluator of
        the end): the position's fields only, with no history to undo or log to read. Raises
        ``ValueError`` for data of another size."""
        if data.shape[0] != self.struct_size:
            raise ValueError(f"a struct of this game has {self.struct_size} bytes (got {data.shape[0]})")
        cdef CompiledState state = self.game.new_initial_state()
        memcpy(state._data, &data[0], self.struct_size)
        return state

    def restart(self, int i, rng=None):
        """Start table ``i``'s next game now, leaving the one in play: its bots seeded and its
        chance drawn from ``rng``, which becomes the table's generator, or from the table's own
        generator (``None``). Raises ``IndexError`` for a table the batch does not have."""
        if not 0 <= i < self.num_envs:
            raise IndexError(f"table must be 0 to {self.num_envs - 1} (got {i})")
        if rng is not None:
            self.rngs[i] = rng
            self.gens[i] = <bitgen_t*>PyCapsule_GetPointer(rng.bit_generator.capsule, "BitGenerator")
            self._check_gens()
        self.listed = False
        self.states[i] = self._fresh(i)

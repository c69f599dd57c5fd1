"""The batch on every core: its tables stepped on 1, 2 or 3 threads play the same games (each
table draws from its own generators, a thread steps a fixed range of tables), in self-play,
against the bots played in C and against a bot asked through Python; what fails names its
table and changes nothing there; a forked process steps its own tables."""

from __future__ import annotations

import os
import pickle
import time

import numpy as np
import pytest

import garrison
from garrison.bots.levels import levels
from garrison.bots.random_bot import RandomBot
from garrison.core import OptionError
from garrison.core.batch import CompiledTables, default_threads, random_legal
from garrison.interop.batch import BatchEnv

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]
#: tables per batch: not a multiple of 2 or 3, so the threads' ranges differ in size
TABLES = 7


def _run(name, config, threads, steps, wrong=0.0, **kwargs):
    """Every array the batch hands out over ``steps`` steps of random legal actions (with
    ``wrong``, that share of them an id no table has: ``illegal="lose"`` ends those games)."""
    env = BatchEnv(name, TABLES, threads=threads, **kwargs, **config)
    rng = np.random.default_rng(3)
    step = env.reset(seed=11)
    assert env._tables is not None and env._tables.threads == threads
    seen = []
    for _ in range(steps):
        actions = step.random_legal(rng)
        if wrong:
            actions[rng.random(TABLES) < wrong] = env.num_actions
        seen.append((step.obs.copy(), step.mask.copy(), step.to_move.copy(), step.legal.copy(),
                     step.legal_start.copy(), actions))
        step = env.step(actions)
        seen.append((step.rewards.copy(), step.terminated.copy(),
                     step._final_rows.tolist(), _finals(step, env.num_players)))
    return seen, [s.history() for s in env.states]


def _finals(step, players):
    """Every seat's view of the last position of each game that ended with ``step``."""
    views = [step.final_obs(seat) for seat in range(players)]
    return np.array([[views[seat][i] for seat in range(players)] for i in step._final_rows])


def _same(runs):
    first_seen, first_hist = runs[0]
    for seen, hist in runs[1:]:
        assert hist == first_hist
        assert len(seen) == len(first_seen)
        for a, b in zip(seen, first_seen):
            for x, y in zip(a, b):
                assert np.array_equal(x, y)


@pytest.mark.parametrize("name, config", GAMES)
def test_one_two_or_three_threads_play_the_same_self_play_games(name, config):
    runs = [_run(name, config, threads, 60) for threads in (1, 2, 3)]
    _same(runs)


@pytest.mark.parametrize("name, config", GAMES)
def test_threads_play_the_same_games_seen_by_every_seat_with_illegal_actions_lost(name, config):
    """``observe="all"`` (every seat's rows) and ``illegal="lose"``: the games ended by an
    illegal action are scored, seen and restarted alike on every thread count."""
    runs = [_run(name, config, threads, 40, wrong=0.1, observe="all", illegal="lose")
            for threads in (1, 2, 3)]
    _same(runs)
    assert any(np.any(part[1]) for part in runs[0][0][1::2])  # some games ended


@pytest.mark.parametrize("name, config", GAMES)
@pytest.mark.parametrize("opponent", ["random", "good"])
def test_one_two_or_three_threads_play_the_same_games_against_compiled_bots(name, config, opponent):
    bot = levels(garrison.game_class(name))["good"] if opponent == "good" else "random"
    _same([_run(name, config, threads, 40, opponents=bot) for threads in (1, 2, 3)])


def test_threads_play_the_same_games_against_a_bot_asked_through_python():
    """``random_in_c=False``: the random bot's ``step`` is called, holding the GIL."""
    config = garrison.game_class("scopa").test_configs[0]
    _same([_run("scopa", config, threads, 40, opponents="random", random_in_c=False)
           for threads in (1, 2, 3)])


def test_a_full_event_log_is_raised_naming_its_table_and_changes_nothing_there():
    """Table 4's log may hold no more events: the action that would log one is undone and
    raised (the kernel's message, a note naming the table); whatever the thread count, every
    table ends where the one-thread batch leaves it."""
    ends = []
    for threads in (1, 2, 3):
        env = BatchEnv("gambit", TABLES, threads=threads, players=2)
        step = env.reset(seed=5)
        state = env.states[4]
        limit = state.event_count()
        state._set_event_limit(limit)
        with pytest.raises(MemoryError, match="event log cannot grow") as caught:
            env.step(step.random_legal(np.random.default_rng(0)))
        assert any("table 4 of the batch" in note for note in caught.value.__notes__)
        assert state.event_count() == limit  # the action that failed logged nothing
        ends.append([(s.history(), s.event_count()) for s in env.states])
    assert ends[0] == ends[1] == ends[2]


def test_a_python_bots_illegal_move_names_its_table():
    """A bot asked through Python (``random_in_c=False``) that plays an id the game does not
    have: the kernel's error, with a note naming the table and the seat."""
    class Wrong(RandomBot):
        def step(self, state):
            return 10_000

    env = BatchEnv("gambit", 3, seat=0, opponents="random", random_in_c=False, threads=2,
                   players=2)
    step = env.reset(seed=1)
    env._tables.bots[1][1] = Wrong(env.game, 1, 0)  # table 1's seat 1, asked through step
    rng = np.random.default_rng(0)
    with pytest.raises(garrison.GameError) as caught:
        for _ in range(200):
            step = env.step(step.random_legal(rng))
    assert any("table 1 of the batch, its bot playing seat 1" in note
               for note in caught.value.__notes__)


def test_thread_counts_are_checked():
    with pytest.raises(OptionError, match="threads must be a whole number"):
        BatchEnv("gambit", 2, threads=0, players=2)
    with pytest.raises(OptionError, match="threads must be a whole number"):
        BatchEnv("gambit", 2, threads=True, players=2)
    with pytest.raises(ValueError, match="threads must be a whole number"):
        CompiledTables(garrison.load("gambit", players=2), [np.random.default_rng(0)], False,
                       threads=0)
    assert BatchEnv("gambit", 2, players=2).threads == default_threads() >= 1


def test_the_vector_env_takes_threads_through_its_keywords():
    import gymnasium

    import garrison.interop  # noqa: F401  (registers the ids)

    one = gymnasium.make_vec("garrison/gambit-v2", 3, players=2, threads=1)
    every = gymnasium.make_vec("garrison/gambit-v2", 3, players=2)
    assert one.batch.threads == 1 and every.batch.threads == default_threads()
    first, _ = one.reset(seed=2)
    second, _ = every.reset(seed=2)
    assert all(np.array_equal(first[k], second[k]) for k in first)


def test_a_forked_process_steps_its_tables_on_threads_of_its_own():
    """The parent's threads do not exist in a forked child: its batch makes new ones (GNU
    OpenMP would hang here)."""
    env = BatchEnv("solo66", 8, threads=2)
    step = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(5):
        step = env.step(step.random_legal(rng))
    pid = os.fork()
    if pid == 0:  # the child: step on, then leave at once
        code = 1
        try:
            for _ in range(20):
                step = env.step(step.random_legal(rng))
            code = 0
        finally:
            os._exit(code)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            assert os.waitstatus_to_exitcode(status) == 0
            return
        time.sleep(0.1)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    pytest.fail("the forked child did not finish its steps")


def test_threads_speedup_measures_each_count_and_the_bench_prints_it():
    from garrison.cli.bench import batched_lines
    from garrison.interop.speed import threads_speedup

    figures = threads_speedup("gambit", 8, 0.2, counts=(1, 2), rounds=2)
    assert set(figures) == {1, 2} and all(v > 0 for v in figures.values())
    row = {"game": "gambit", "tables": 8, "threads_tables": 8, "holdem_steps_per_s": 1.0,
           "self_play_steps_per_s": 2.0,
           "threads_1_wall_steps_per_s": figures[1], "threads_2_wall_steps_per_s": figures[2],
           "threads_2_over_1": figures[2] / figures[1]}
    lines = batched_lines([row])
    at = lines.index("Self-play of 8 tables on threads: agent-steps per wall second "
                     "(the load counts: see uptime)")
    assert lines[at + 2].split() == ["game", "1", "thread", "2", "threads", "2÷1"]
    assert lines[at + 3].split()[0] == "gambit" and lines[at + 3].endswith("×")
    assert all(len(line) <= 100 for line in lines)
    assert not any("threads" in line for line in batched_lines([{k: v for k, v in row.items()
                                                                 if not k.startswith("threads")}]))


@pytest.mark.parametrize("opponents, in_place", [(None, True), ("random", True),
                                                 ("good", True), ("ismcts:sims=2", False)])
def test_a_finished_game_restarts_in_place_unless_its_bots_are_python(opponents, in_place):
    """Self-play and bots seeded in C: a table whose game ended goes on in the same state
    object, made a new game in C (the threads never make a Python object); with a bot made in
    Python the next game is a new object made holding the GIL. Either way the game after is a
    new game's, on 1 and 2 threads alike."""
    if opponents == "good":
        opponents = levels(garrison.game_class("gambit"))["good"]
    kwargs = {} if opponents is None else {"opponents": opponents}
    runs = []
    for threads in (1, 2):
        env = BatchEnv("gambit", TABLES, threads=threads, players=2, **kwargs)
        rng = np.random.default_rng(8)
        step = env.reset(seed=2)
        ended = 0
        for _ in range(150):
            before = list(env.states)
            step = env.step(step.random_legal(rng))
            for i in step._final_rows:
                ended += 1
                assert (env.states[i] is before[i]) == in_place
                assert not env.states[i].is_terminal() and step.terminated[i]
        assert ended > 0
        runs.append([s.history() for s in env.states])
    assert runs[0] == runs[1]


def test_random_legal_draws_what_numpy_would():
    """``BatchStep.random_legal`` (in C) picks with the generator's ``random()`` values, row by
    row, as the numpy expression of the same pick would, and leaves the generator where
    ``random(rows)`` leaves it."""
    env = BatchEnv("stratego", TABLES, threads=2)
    step = env.reset(seed=4)
    mine, numpys = np.random.default_rng(6), np.random.default_rng(6)
    for _ in range(5):
        counts = np.diff(step.legal_start)
        want = step.legal[step.legal_start[:-1]
                          + (numpys.random(TABLES) * counts).astype(np.int64)].astype(np.int64)
        got = step.random_legal(mine)
        assert got.dtype == np.int64 and np.array_equal(got, want)
        step = env.step(got)
    assert mine.random() == numpys.random()
    with pytest.raises(ValueError, match="row 1 lists no id"):
        random_legal(np.array([3], np.int32), np.array([0, 1, 1], np.int64), mine)


def test_a_steps_final_observations_pickle_with_it():
    """``final_obs`` of a step is read from the finished games' structs, kept with the step:
    a pickled step (a vector env keeps its last) gives the same views."""
    env = BatchEnv("gambit", TABLES, threads=2, players=2)
    rng = np.random.default_rng(1)
    step = env.reset(seed=3)
    while not step.terminated.any():
        step = env.step(step.random_legal(rng))
    copy = pickle.loads(pickle.dumps(step))
    for seat in range(env.num_players):
        mine, theirs = step.final_obs(seat), copy.final_obs(seat)
        assert sorted(mine) == sorted(theirs) == step._final_rows.tolist()
        assert all(np.array_equal(mine[i], theirs[i]) for i in mine)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_an_illegal_action_is_refused_by_the_threads_check_and_nothing_changes(threads):
    """The threads check every table's action before any table plays: one illegal action
    (table 5's) is raised naming its table, and no table, generator or bot has moved."""
    env = BatchEnv("scopa", TABLES, threads=threads, opponents="random", players=2)
    rng = np.random.default_rng(2)
    step = env.reset(seed=9)
    for _ in range(3):
        step = env.step(step.random_legal(rng))
    actions = step.random_legal(rng)
    actions[5] = env.num_actions + 7
    before = ([s.history() for s in env.states], [r.bit_generator.state for r in env._rngs])
    with pytest.raises(garrison.IllegalActionError, match=f"table 5: action {env.num_actions + 7} "):
        env.step(actions)
    assert ([s.history() for s in env.states], [r.bit_generator.state for r in env._rngs]) == before
    actions[5] = step.legal[step.legal_start[5]]
    assert env.step(actions).obs.shape == step.obs.shape  # and the batch steps on


def test_pool_use_counts_each_step_on_the_threads_or_alone():
    """``pool_use`` says where each step ran: every step of one thread in neither count, every
    step of two threads on the pool or in the caller's thread alone (``_run_timed``)."""
    counts = {}
    for threads in (1, 2):
        env = BatchEnv("gambit", 64, threads=threads, players=2)
        rng = np.random.default_rng(3)
        step = env.reset(seed=3)
        for _ in range(300):
            step = env.step(step.random_legal(rng))
        counts[threads] = env._tables.pool_use
    assert counts[1] == (0, 0)
    on_pool, alone = counts[2]
    assert on_pool + alone == 300 and on_pool >= 8  # the pool is tried first, for 200 steps

"""How fast research runs: agent-steps per second of the batched engine, in self-play and
against each game's own bot, beside PettingZoo's classic ``texas_holdem`` stepped one env at a
time, all measured in the same run (``garrison bench --batched``, ``bench/bench_batched.py``).

An agent-step is one decision of the learning seat(s): in self-play every seat learns, so every
decision counts; against bots only seat 0 learns, and the bots' moves and chance are not
counted (they are the cost the learner waits for).

Every figure is per second of this process's CPU time (``time.process_time``), so that what
else the machine runs does not move one figure against another measured in the same run; but
the threads' figures (``threads_speedup``) are per second of wall time, which is what more
threads buy (their CPU time adds up): measure them on a quiet machine and write down the load.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

import garrison
from garrison.bots.levels import levels

from .batch import BatchEnv


def batched_steps(name: str, batch: int = 256, seconds: float = 2.0,
                  opponents: str | None = None, random_in_c: bool = True,
                  threads: int = 1) -> float:
    """Agent-steps per CPU-second of ``BatchEnv`` on ``name`` with random legal actions
    (self-play, or seat 0 against ``opponents`` in every other seat; ``random_in_c`` and
    ``threads`` as ``BatchEnv`` takes them: one thread by default, so that the figure is the
    engine's cost), after one warm-up step, for about ``seconds`` of CPU time."""
    env = BatchEnv(name, batch, opponents=opponents, random_in_c=random_in_c, threads=threads,
                   **garrison.game_class(name).bench_options)
    rng = np.random.default_rng(0)
    step = env.reset(seed=0)
    step = env.step(step.random_legal(rng))
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        step = env.step(step.random_legal(rng))
        steps += batch
    return steps / (time.process_time() - start)


def threads_speedup(name: str, batch: int = 256, seconds: float = 2.0,
                    counts: tuple[int, ...] = (1, 2), opponents: str | None = None,
                    rounds: int = 4) -> dict[int, float]:
    """Agent-steps per second of wall time of ``BatchEnv`` on ``name`` stepped on each thread
    count in ``counts`` (self-play, or seat 0 against ``opponents``), random legal actions.
    The counts take turns, ``rounds`` slices of ``seconds / rounds`` each, so that a change in
    the machine's load falls on every count alike. Raises ``OptionError`` for a bad count."""
    envs, steps = {}, {}
    spent = dict.fromkeys(counts, 0.0)
    done = dict.fromkeys(counts, 0)
    for threads in counts:
        env = BatchEnv(name, batch, opponents=opponents, threads=threads,
                       **garrison.game_class(name).bench_options)
        rng = np.random.default_rng(0)
        step = env.reset(seed=0)
        envs[threads] = (env, rng)
        steps[threads] = env.step(step.random_legal(rng))
    for _ in range(rounds):
        for threads in counts:
            env, rng = envs[threads]
            step, start = steps[threads], time.perf_counter()
            while time.perf_counter() - start < seconds / rounds:
                step = env.step(step.random_legal(rng))
                done[threads] += batch
            spent[threads] += time.perf_counter() - start
            steps[threads] = step
    return {threads: done[threads] / spent[threads] for threads in counts}


def pettingzoo_holdem(seconds: float = 2.0) -> float:
    """Agent-steps per second of PettingZoo's ``texas_holdem_v4``, one env, random legal moves.

    Raises:
        ImportError: PettingZoo (the ``rl`` extra) is not installed.
    """
    from pettingzoo.classic import texas_holdem_v4

    env = texas_holdem_v4.env()
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return steps / (time.process_time() - start)


def batched_table(games: list[str] | None = None, batch: int = 256,
                  seconds: float = 2.0, thread_tables: int = 1024) -> list[dict[str, Any]]:
    """Per game: batched self-play, learner-against-``random`` and learner-against-its-own-bot
    agent-steps/s, self-play over against-the-bot, and each beside PettingZoo's holdem
    (measured once, first); and self-play of ``thread_tables`` tables on one thread and on two,
    per wall second (``threads_speedup``: more tables than ``batch``, so that the part of a step
    that stays in one thread, the caller's Python, weighs as little as in a learner's loop)."""
    holdem = pettingzoo_holdem(seconds)
    rows = []
    for name in games or garrison.games():
        bot = levels(garrison.game_class(name))["good"]
        self_play = batched_steps(name, batch, seconds)
        random_bots = batched_steps(name, batch, seconds, opponents="random")
        versus = batched_steps(name, batch, seconds, opponents=bot)
        threads = threads_speedup(name, thread_tables, seconds)
        rows.append({"game": name, "tables": batch, "holdem_steps_per_s": holdem,
                     "threads_tables": thread_tables,
                     "threads_1_wall_steps_per_s": threads[1],
                     "threads_2_wall_steps_per_s": threads[2],
                     "threads_2_over_1": threads[2] / threads[1],
                     "self_play_steps_per_s": self_play, "self_play_x_holdem": self_play / holdem,
                     "versus_random_steps_per_s": random_bots,
                     "versus_random_x_holdem": random_bots / holdem,
                     "opponent": bot, "versus_bots_steps_per_s": versus,
                     "versus_bots_x_holdem": versus / holdem,
                     "self_play_over_versus": self_play / versus})
    return rows


def random_bot_table(games: list[str] | None = None, batch: int = 256,
                     seconds: float = 2.0) -> list[dict[str, Any]]:
    """Per game, in one run: agent-steps/s of the learner against ``random`` asked through its
    Python ``step``, against ``random`` played in C, and against the game's own compiled bot
    (the ``good`` level), with the two ratios."""

    rows = []
    for name in games or garrison.games():
        bot = levels(garrison.game_class(name))["good"]
        python = batched_steps(name, batch, seconds, opponents="random", random_in_c=False)
        in_c = batched_steps(name, batch, seconds, opponents="random")
        good = batched_steps(name, batch, seconds, opponents=bot)
        rows.append({"game": name, "random_python_steps_per_s": python,
                     "random_c_steps_per_s": in_c, "opponent": bot, "bot_steps_per_s": good,
                     "c_over_python": in_c / python, "c_over_bot": in_c / good})
    return rows


__all__ = ["batched_steps", "batched_table", "pettingzoo_holdem", "random_bot_table",
           "threads_speedup"]

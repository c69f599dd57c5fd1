"""Microseconds per ``Net.evaluate`` on every game: the learned network's forward pass in C
(core/net.pyx), a net of two hidden layers of 128 with random weights, at decisions of random games.

    OPENBLAS_NUM_THREADS=1 PYTHONPATH=src python bench/bench_net.py [--seconds 1] \
        [--hidden 128,128] [--states 200]

Columns: the tensor's length and the action space; the mean number of legal actions at the
states timed; µs per ``evaluate(state, seat)`` (encode in C, the pass, the legal actions' priors
and the value); µs per ``best_action``; µs per ``observation_tensor(seat)`` alone (the encoding
and a new array: what a Python caller pays before any network); µs per ``forward`` of one tensor
already made; and, for scale, µs per the same forward in NumPy (float32 matrix products, every
logit; ``OPENBLAS_NUM_THREADS=1`` keeps it on one thread). Each figure is CPU time (``time.process_time``) over about ``--seconds`` after a warm-up,
on one thread; the load average is printed first: write it next to any figure you quote.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import garrison
from garrison.core.net import Net


def random_net(game: garrison.Game, hidden: list[int], seed: int = 0) -> Net:
    """A net for ``game`` with random weights (scaled so that activations stay of order 1)."""
    rng = np.random.default_rng(seed)
    sizes = [game.observation_tensor_shape[0], *hidden]
    arrays: dict[str, np.ndarray] = {}
    for i, (a, b) in enumerate(zip(sizes, sizes[1:])):
        arrays[f"trunk_w{i}"] = rng.normal(0, (2 / a) ** 0.5, (a, b)).astype(np.float32)
        arrays[f"trunk_b{i}"] = np.zeros(b, np.float32)
    h, actions = sizes[-1], game.num_distinct_actions
    arrays["policy_w"] = rng.normal(0, h ** -0.5, (h, actions)).astype(np.float32)
    arrays["policy_b"] = np.zeros(actions, np.float32)
    arrays["value_w"] = rng.normal(0, h ** -0.5, (h, 1)).astype(np.float32)
    arrays["value_b"] = np.zeros(1, np.float32)
    meta = {"format": 1, "game": game.name, "options": {}, "tensor_size": sizes[0],
            "num_actions": actions, "value_scale": 1.0, "value_shift": 0.0,
            "trained": {"command": "bench/bench_net.py (random weights)"}}
    return Net.from_arrays(arrays, meta)


def decisions(game: garrison.Game, count: int, seed: int = 0) -> list[Any]:
    """``count`` decisions spread over random games (every third one)."""
    rng = random.Random(seed)
    out: list[Any] = []
    state, steps = game.new_initial_state(), 0
    while len(out) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            if steps % 3 == 0:
                out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return out


def per_call(work: Callable[[Any], Any], items: list[Any], seconds: float) -> float:
    """Microseconds of CPU per ``work(item)``, cycling through ``items``."""
    for item in items[:20]:
        work(item)
    calls, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for item in items:
            work(item)
        calls += len(items)
    return (time.process_time() - start) / calls * 1e6


def numpy_forward(arrays: list[tuple[np.ndarray, np.ndarray]], x: np.ndarray) -> np.ndarray:
    h = x
    for w, b in arrays[:-1]:
        h = np.maximum(h @ w + b, 0)
    w, b = arrays[-1]
    return h @ w + b


def row(name: str, hidden: list[int], count: int, seconds: float) -> str:
    """The table's line for game ``name`` (its bench options)."""
    game = garrison.load(name, **garrison.game_class(name).bench_options)
    net = random_net(game, hidden)
    states = decisions(game, count)
    pairs = [(s, s.current_player()) for s in states]
    tensors = [s.observation_tensor(seat) for s, seat in pairs]
    rng = np.random.default_rng(1)
    widths = [*net.sizes, game.num_distinct_actions]
    layers = [(rng.normal(size=(a, b)).astype(np.float32), np.zeros(b, np.float32))
              for a, b in zip(widths, widths[1:])]
    legal = np.mean([len(s.legal_actions()) for s in states])
    evaluate = per_call(lambda p: net.evaluate(*p), pairs, seconds)
    best = per_call(lambda p: net.best_action(*p), pairs, seconds)
    encode = per_call(lambda p: p[0].observation_tensor(p[1]), pairs, seconds)
    forward = per_call(net.forward, tensors, seconds)
    reference = per_call(lambda x: numpy_forward(layers, x), tensors, seconds)
    return (f"{name:<11} {game.observation_tensor_shape[0]:>6} {game.num_distinct_actions:>7} "
            f"{legal:>6.1f} {evaluate:>9.1f} {best:>7.1f} {encode:>9.1f} {forward:>8.1f} "
            f"{reference:>7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--hidden", default="128,128")
    parser.add_argument("--states", type=int, default=200)
    args = parser.parse_args()
    hidden = [int(h) for h in args.hidden.split(",")]
    print(f"load average {os.getloadavg()[0]:.2f}; hidden layers {hidden}; µs per call (CPU)")
    print(f"{'game':<11} {'tensor':>6} {'actions':>7} {'legal':>6} {'evaluate':>9} "
          f"{'best':>7} {'tensor()':>9} {'forward':>8} {'numpy':>7}")
    for name in garrison.games():
        print(row(name, hidden, args.states, args.seconds))

if __name__ == "__main__":
    main()

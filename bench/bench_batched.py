"""Agent-steps per second: Garrison's batched engine at batch 256 (self-play, random legal
actions, chance inside), Garrison's single Gymnasium env, and PettingZoo classic ``texas_holdem``
one env at a time, all in the same run.

    PYTHONPATH=src python bench/bench_batched.py [--batch 256] [--seconds 2] [--profile GAME]

An agent-step is one decision of one seat (the bots' moves and chance are not counted). Each
figure but the last column runs for about ``--seconds`` of CPU time (``time.process_time``)
after one warm-up call, the batch on one thread; the last column is the batch on every core per
second of wall time (``threads_speedup``), beside holdem's wall-time figure, so it depends on
what else the machine runs: write the load average (printed first) next to any figure you quote.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import time

import numpy as np

import garrison
from garrison.interop import gymnasium as gym_env
from garrison.interop.speed import batched_steps as batched
from garrison.interop.speed import pettingzoo_holdem, threads_speedup


def single_gym(name: str, seconds: float) -> float:
    env = gym_env.env(name, seat=0, **garrison.game_class(name).bench_options)
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    steps, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, _, terminated, _, _ = env.step(action)
        steps += 1
        if terminated:
            obs, _ = env.reset()
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", nargs="*", default=garrison.games())
    parser.add_argument("--profile", metavar="GAME", help="profile the batched engine on GAME instead")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}; batch {args.batch}")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(batched, args.profile, args.batch, args.seconds)
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)
        return
    holdem = pettingzoo_holdem(args.seconds)
    start = time.perf_counter()
    holdem_wall = pettingzoo_holdem(args.seconds) * args.seconds / (time.perf_counter() - start)
    cores = os.cpu_count() or 1
    print(f"{'pettingzoo texas_holdem_v4 (single env)':40s} {holdem:>10,.0f} agent-steps/s "
          f"({holdem_wall:,.0f} per wall second)")
    print(f"{'game':12s} {'batched':>12s} {'x holdem':>9s} {'gym single':>12s} {'x holdem':>9s} "
          f"{'all cores, wall':>16s} {'x holdem':>9s}")
    for name in args.games:
        fast = batched(name, args.batch, args.seconds)
        single = single_gym(name, args.seconds)
        wide = threads_speedup(name, args.batch, args.seconds, counts=(cores,))[cores]
        print(f"{name:12s} {fast:12,.0f} {fast / holdem:9.2f} {single:12,.0f} {single / holdem:9.2f} "
              f"{wide:16,.0f} {wide / holdem_wall:9.2f}")


if __name__ == "__main__":
    main()

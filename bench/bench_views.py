"""The speed of the views and of replay, per game: what ``garrison bench`` does not measure.

* observation strings: random play (seeded, the game's bench options); after every action the
  observation string of every seat (``state.observation_string(seat)``, the canonical JSON text
  of the gate) is made, and the time of those calls alone is divided by the steps: µs per step
  for all seats together. The state is the one played on, so a view may keep what it worded of
  the log (``log_epoch``) from one step to the next, as a server or an adapter following one
  game does; the second figure reads a fresh copy (``clone()``, not timed) at every step, which
  keeps no text of its own.
* replay: the longest of a few seeded random games of each game as a record;
  ``garrison.replay(record)`` is timed over and over: records per second and µs per action.

Times are this process's CPU time (``time.process_time``: steadier than the wall clock on a
shared machine, where other work takes turns on the cores); each figure is the best of
``--repeat`` runs, and the load average is printed before and after. Run: ``.venv/bin/python bench/bench_views.py``
(``--game 1848 --game gambit`` for some games, ``--json`` for machine-readable rows).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from typing import Any

import garrison
from garrison.core import game_class, games, load, sample_chance


def _play(game: Any, rng: random.Random) -> Any:
    """One random game to its end (chance by ``sample_chance``); the final state."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state


def observation_strings(name: str, steps: int = 3000, seed: int = 0, copies: bool = False
                        ) -> float:
    """µs per step for the observation strings of every seat, over ``steps`` steps of random
    play (new games as needed); ``copies``: of a fresh copy of the state at each step."""
    game = load(name, **game_class(name).bench_options)
    seats = range(game.num_players)
    rng = random.Random(seed)
    spent = 0.0
    done = 0
    clock = time.process_time
    while done < steps:
        state = game.new_initial_state()
        while not state.is_terminal() and done < steps:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            view = state.clone() if copies else state
            start = clock()
            for seat in seats:
                view.observation_string(seat)
            spent += clock() - start
            done += 1
    return spent / done * 1e6


def long_record(name: str, games_tried: int = 10, seed: int = 0) -> dict[str, Any]:
    """The record of the longest of ``games_tried`` seeded random games (bench options)."""
    game = load(name, **game_class(name).bench_options)
    rng = random.Random(seed)
    best: dict[str, Any] | None = None
    for _ in range(games_tried):
        record = _play(game, rng).to_record()
        if best is None or len(record["actions"]) > len(best["actions"]):
            best = record
    assert best is not None
    return best


def replay_speed(record: dict[str, Any], seconds: float = 0.5) -> float:
    """Records per second of ``garrison.replay(record)``."""
    done = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        garrison.replay(record)
        done += 1
        now = time.process_time()
        if now >= deadline:
            return done / (now - start)


def measure(names: list[str], repeat: int = 3) -> list[dict[str, Any]]:
    rows = []
    for name in names:
        record = long_record(name)
        obs = min(observation_strings(name) for _ in range(repeat))
        copies = min(observation_strings(name, copies=True) for _ in range(repeat))
        per_s = max(replay_speed(record) for _ in range(repeat))
        rows.append({"game": name, "options": game_class(name).bench_options,
                     "observation_strings_us_per_step": obs,
                     "observation_strings_of_copies_us_per_step": copies,
                     "replay_actions": len(record["actions"]),
                     "replay_records_per_s": per_s,
                     "replay_us_per_action": 1e6 / per_s / max(len(record["actions"]), 1)})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best kept)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load_before = os.getloadavg()
    rows = measure(args.game or games(), args.repeat)
    load_after = os.getloadavg()
    if args.json:
        print(json.dumps({"load_before": load_before, "load_after": load_after, "rows": rows}))
        return
    print(f"load average before: {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}")
    print(f"{'game':<12}{'obs strings µs/step':>21}{'on copies':>11}{'replay records/s':>18}"
          f"{'actions':>9}{'µs/action':>11}")
    for r in rows:
        print(f"{r['game']:<12}{r['observation_strings_us_per_step']:>21.1f}"
              f"{r['observation_strings_of_copies_us_per_step']:>11.1f}"
              f"{r['replay_records_per_s']:>18,.0f}{r['replay_actions']:>9}"
              f"{r['replay_us_per_action']:>11.3f}")
    print(f"load average after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")


if __name__ == "__main__":
    main()

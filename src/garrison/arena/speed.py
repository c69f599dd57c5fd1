"""Search speed per game: ISMCTS simulations per second and PIMC worlds per second.

Each game is played at random (seeded) to a few positions where the mover has a choice; at each
the search bot thinks for its share of ``seconds`` with default settings, and the counts are
added up. A simulation includes its rollout by the game's heuristic, so the figure is what a
``ismcts:1s`` bot gets per move on this machine. ``*_per_s`` divides by wall-clock time (what a
time budget sees), ``*_per_cpu_s`` by this process's CPU time (steady on a busy machine).

>>> rows = search_speed(0.05, ["gambit"])
>>> rows[0]["game"], rows[0]["ismcts_sims_per_s"] > 0
('gambit', True)
"""

from __future__ import annotations

import random
import time
from typing import Any

from garrison.bots import make_bot
from garrison.core import CHANCE, game_class, games, load, sample_chance


def _positions(game: Any, count: int, seed: int = 0) -> list[Any]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    out = []
    steps = 0
    while len(out) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1 and steps % 5 == 2:
            out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return out


def search_speed(
    seconds: float = 2.0, only: list[str] | None = None, positions: int = 4
) -> list[dict[str, Any]]:
    """One row per game: simulations/s of ``ismcts`` and worlds/s of ``pimc`` (defaults)."""
    rows = []
    for name in only or games():
        cls = game_class(name)
        game = load(name, **cls.bench_options)
        spots = _positions(game, positions)
        share = seconds / (2 * len(spots))
        row: dict[str, Any] = {"game": name, "options": cls.bench_options}
        for bot_name, counter, key in (("ismcts", "total_simulations", "ismcts_sims_per_s"),
                                       ("pimc", "total_worlds", "pimc_worlds_per_s")):
            spent = cpu = 0.0
            done = 0
            for i, state in enumerate(spots):
                bot = make_bot(game, f"{bot_name}:{share}s", state.current_player(), seed=i)
                start, start_cpu = time.perf_counter(), time.process_time()
                bot.step(state)
                spent += time.perf_counter() - start
                cpu += time.process_time() - start_cpu
                done += getattr(bot, counter)
            row[key] = done / spent if spent else 0.0
            row[key.replace("_per_s", "_per_cpu_s")] = done / cpu if cpu else 0.0
        rows.append(row)
    return rows


__all__ = ["search_speed"]

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
from garrison.bots.ismcts import ISMCTSBot
from garrison.core import CHANCE, game_class, games, load, sample_chance

from .openspiel_bots import OpenSpielISMCTS


def _positions(game: Any, count: int, seed: int = 0) -> list[Any]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    out: list[Any] = []
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


def ismcts_versus_openspiel(
    seconds: float = 2.0, only: list[str] | None = None, positions: int = 4
) -> list[dict[str, Any]]:
    """ISMCTS simulations per CPU-second with random rollouts to the end: ours
    (``ismcts:rollout=random:horizon=end``) and OpenSpiel's ``ISMCTSBot`` (random-rollout
    evaluator, through the adapter), on the same positions, and the ratio ours/theirs.
    OpenSpiel's bot refuses perfect-information games: there its figure and the ratio are None."""

    rows = []
    for name in only or games():
        cls = game_class(name)
        game = load(name, **cls.bench_options)
        spots = _positions(game, positions)
        share = seconds / (2 * len(spots))
        ours = theirs = cpu_ours = cpu_theirs = 0.0
        for i, state in enumerate(spots):
            seat = state.current_player()
            bot = make_bot(game, f"ismcts:rollout=random:horizon=end:{share}s", seat, seed=i)
            start = time.process_time()
            bot.step(state)
            cpu_ours += time.process_time() - start
            assert isinstance(bot, ISMCTSBot)
            ours += bot.total_simulations
            if game.facts.perfect_information:
                continue
            sims = 20
            spent = 0.0
            while spent < share:  # OpenSpiel's bot counts simulations, not time: grow to fill it
                theirs_bot = OpenSpielISMCTS(game, seat, seed=i, sims=sims)
                start = time.process_time()
                theirs_bot.step(state)
                spent = time.process_time() - start
                sims *= 4
            cpu_theirs += spent
            theirs += sims // 4
        row: dict[str, Any] = {"game": name, "options": cls.bench_options,
               "ismcts_random_sims_per_cpu_s": ours / cpu_ours if cpu_ours else 0.0,
               "openspiel_ismcts_sims_per_cpu_s": theirs / cpu_theirs if cpu_theirs else None}
        row["search_ratio"] = (row["ismcts_random_sims_per_cpu_s"] / theirs * cpu_theirs
                               if theirs and cpu_theirs else None)
        rows.append(row)
    return rows


__all__ = ["ismcts_versus_openspiel", "search_speed"]

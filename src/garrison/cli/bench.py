"""``garrison bench``: random-play speed of every game, side by side with OpenSpiel's comparable
games, driven by the same loop in the same run; and the research step (the mover's observation
tensor, the legal mask, the action: what an RL environment does per step).

Both kinds of state answer ``is_terminal``, ``is_chance_node``, ``chance_outcomes``,
``legal_actions`` and ``apply_action``, so one driver measures both. The driver keeps its own work
per step small, the same for both, so that the figures show the engines rather than the driver
(``driver="lean"``, the default):

* a player's move is ``legal[int(u * len(legal))]`` for a uniform ``u`` (``randrange`` costs
  about 125 ns a call here, as much as a whole Gambit step without it);
* at a chance node each framework turns a uniform ``u`` into an outcome its own fastest public
  way: a Garrison state by ``chance_outcome_at(u)`` (what ``garrison.sample_chance`` does: the walk
  in C), an OpenSpiel state by the walk over ``chance_outcomes()`` in Python (its fastest:
  ``pyspiel.sample_action`` over the same list measured slower for pig, hearts and skat). Both walk
  the outcomes in list order, so the same ``u`` picks the same outcome either way.

``driver="old"`` is the driver of the figures before 2026-11-26: ``randrange`` for moves and the
walk over ``chance_outcomes()`` in Python for both frameworks, which charged a game with many
outcomes (Gambit: up to 252 rolls of five dice; pig has 6) for the driver's own Python loop.
"""

from __future__ import annotations

import random
import time
from typing import Any

from garrison.core import game_class, games, load
from garrison.core.chance import outcome_at
from garrison.core.compiled import CompiledState


def engine(state: Any) -> str:
    """What the rules of a state run on: compiled rules, or Python."""
    return "compiled rules" if isinstance(state, CompiledState) else "Python"


DRIVERS = ("lean", "old")


def drive(new_state: Any, seconds: float, seed: int = 0, driver: str = "lean"
          ) -> dict[str, float]:
    """Random play from ``new_state()`` for about ``seconds``: steps/s and games/s, by the
    ``driver`` (see the module's docstring). Raises ``ValueError`` for a driver not in
    ``DRIVERS``."""
    if driver not in DRIVERS:
        raise ValueError(f"driver is one of {', '.join(DRIVERS)}, not {driver!r}")
    if driver == "lean":
        return _drive_lean(new_state, seconds, seed)
    rng = random.Random(seed)
    steps = played = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = outcome_at(state.chance_outcomes(), rng.random())
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            steps += 1
        played += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {"steps_per_s": steps / elapsed, "games_per_s": played / elapsed, "games": played}


def _drive_lean(new_state: Any, seconds: float, seed: int) -> dict[str, float]:
    native = hasattr(new_state(), "chance_outcome_at")
    uniform = random.Random(seed).random
    steps = played = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                u = uniform()
                if native:
                    action = state.chance_outcome_at(u)
                else:  # the walk of core.chance.outcome_at, inline: a call costs as much as
                    # a pig step, and the figures in README are measured with this loop
                    acc = 0.0
                    outcomes = state.chance_outcomes()
                    action = outcomes[-1][0]
                    for a, p in outcomes:
                        acc += p
                        if u < acc:
                            action = a
                            break
            else:
                legal = state.legal_actions()
                action = legal[int(uniform() * len(legal))]
            state.apply_action(action)
            steps += 1
        played += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {"steps_per_s": steps / elapsed, "games_per_s": played / elapsed, "games": played}


def openspiel_new_state(peer: str) -> Any | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(peer)
    return game.new_initial_state


def run_bench(seconds: float = 2.0, only: list[str] | None = None, driver: str = "lean"
              ) -> list[dict[str, Any]]:
    """One row per Garrison game: its figures and its OpenSpiel peer's, both played by
    ``driver`` (see ``drive``; ``ValueError`` for a driver not in ``DRIVERS``)."""
    rows = []
    for name in only or games():
        cls = game_class(name)
        game = load(name, **cls.bench_options)
        ours = drive(game.new_initial_state, seconds, driver=driver)
        row: dict[str, Any] = {
            "game": name, "options": cls.bench_options,
            "engine": engine(game.new_initial_state()), "steps_per_s": ours["steps_per_s"],
            "games_per_s": ours["games_per_s"], "openspiel": cls.openspiel_peer,
            "research_steps_per_s": research_step(game.new_initial_state, seconds),
        }
        make = openspiel_new_state(cls.openspiel_peer) if cls.openspiel_peer else None
        if make is not None:
            theirs = drive(make, seconds, driver=driver)
            row["openspiel_steps_per_s"] = theirs["steps_per_s"]
            row["openspiel_games_per_s"] = theirs["games_per_s"]
            row["ratio"] = ours["steps_per_s"] / theirs["steps_per_s"]
        rows.append(row)
    return rows


def research_step(new_state: Any, seconds: float, seed: int = 0) -> float:
    """Research steps per second: the mover's ``observation_tensor``, the legal mask, then the
    action (chance nodes are sampled and not counted), as an RL environment steps."""
    import numpy as np

    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    state = new_state()
    size = state.game.num_distinct_actions
    while True:
        if state.is_terminal():
            state = new_state()
            now = time.perf_counter()
            if now >= deadline:
                break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        state.observation_tensor(state.current_player())
        legal = state.legal_actions()
        mask = np.zeros(size, dtype=np.int8)
        mask[legal] = 1
        state.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
    return steps / (now - start)


#: The columns of the batched table: header, the row's key and how a value is written.
_BATCHED_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("game", "game", "{}"),
    ("self-play", "self_play_steps_per_s", "{:,.0f}"),
    ("×holdem", "self_play_x_holdem", "{:.0f}×"),
    ("vs random", "versus_random_steps_per_s", "{:,.0f}"),
    ("×holdem", "versus_random_x_holdem", "{:.1f}×"),
    ("vs bot", "versus_bots_steps_per_s", "{:,.0f}"),
    ("bot", "opponent", "{}"),
    ("×holdem", "versus_bots_x_holdem", "{:.1f}×"),
    ("self÷bot", "self_play_over_versus", "{:.1f}"),
)


def batched_lines(rows: list[dict[str, Any]]) -> list[str]:
    """``garrison bench --batched``'s table as plain lines that keep their columns in a log:
    each column as wide as its widest cell, two spaces apart (under 100 characters for every
    game and bot name today), a column left out when no row has it. Figures are
    agent-steps per CPU-second (``garrison.interop.speed.batched_table``)."""
    columns = [c for c in _BATCHED_COLUMNS if any(c[1] in r for r in rows)]
    cells = [[fmt.format(r[key]) if key in r else "-" for _, key, fmt in columns] for r in rows]
    widths = [max([len(head), *(len(row[j]) for row in cells)]) for j, (head, _, _) in enumerate(columns)]

    def line(values: list[str]) -> str:
        parts = [v.ljust(w) if columns[j][1] in ("game", "opponent") else v.rjust(w)
                 for j, (v, w) in enumerate(zip(values, widths))]
        return "  ".join(parts).rstrip()

    holdem = rows[0]["holdem_steps_per_s"] if rows else 0.0
    return [
        f"Batched engine, {rows[0].get('tables', 256) if rows else 256} tables: agent-steps per "
        "CPU-second, one run",
        f"beside PettingZoo's texas_holdem_v4 stepped one env at a time: {holdem:,.0f}/s",
        "",
        line([head for head, _, _ in columns]),
        *(line(row) for row in cells),
        *threads_lines(rows),
    ]


def threads_lines(rows: list[dict[str, Any]]) -> list[str]:
    """The threads' part of the batched table (rows that have it): self-play agent-steps per
    wall second on one thread and on two, side by side, and their ratio."""
    have = [r for r in rows if "threads_2_over_1" in r]
    if not have:
        return []
    cells = [[r["game"], f"{r['threads_1_wall_steps_per_s']:,.0f}",
              f"{r['threads_2_wall_steps_per_s']:,.0f}", f"{r['threads_2_over_1']:.2f}×"]
             for r in have]
    heads = ["game", "1 thread", "2 threads", "2÷1"]
    widths = [max(len(h), *(len(c[j]) for c in cells)) for j, h in enumerate(heads)]

    def line(values: list[str]) -> str:
        return "  ".join(v.ljust(w) if j == 0 else v.rjust(w)
                         for j, (v, w) in enumerate(zip(values, widths))).rstrip()

    tables = have[0].get("threads_tables", have[0].get("tables", 256))
    return ["", f"Self-play of {tables} tables on threads: agent-steps per wall second "
            "(the load counts: see uptime)",
            "", line(heads), *(line(c) for c in cells)]

"""The page's scoreboard and result for the Stratego-style game (``Game.widgets``): pieces left
and captured per rank for each side, a legend of the ranks, from the observation only (ranks of
captured pieces are public)."""

from __future__ import annotations

from typing import Any

from garrison.core.widgets import count, result, scoreboard

from .pieces import NAMES, SHORT

SIDES = ("Red", "Blue")


def table(game: Any, obs: dict[str, Any]) -> dict[str, Any]:
    army = obs["army"]
    lost = [list(c) for c in obs["captured"]]
    rows = []
    for side in range(2):
        left = [army[r] - lost[side].count(r) for r in range(len(army))]
        detail = ", ".join(f"{SHORT[r]} {left[r]}/{army[r]}" for r in range(len(army)) if army[r])
        rows.append([SIDES[side], sum(left), len(lost[1 - side]), detail])
    legend = "Ranks: " + ", ".join(f"{SHORT[r]} {NAMES[r]}" for r in range(len(NAMES)))
    notes = [f"Move {obs['ply']}", legend]
    out: dict[str, Any] = {"scoreboard": scoreboard(
        ["Side", "Pieces left", "Pieces taken", "Left per rank"], rows, notes)}
    if obs.get("phase") == "over":
        w = obs.get("winner")
        winners = [0, 1] if w not in (0, 1) else [w]
        out["result"] = result(winners, [count(rows[s][1], "piece left", "pieces left") for s in range(2)])
    return out

"""The page's scoreboard and result for Scopa (``Game.widgets``), from the observation only:
points, sweeps and captured cards are counted by side (a seat, or a team of partners)."""

from __future__ import annotations

from typing import Any

from garrison.core.widgets import count, result, scoreboard

from .sides import side_label


def table(game: Any, obs: dict[str, Any]) -> dict[str, Any]:
    sides = obs["sides"]
    side_of = {s: i for i, seats in enumerate(sides) for s in seats}
    n = obs["players"]
    teams = any(len(seats) > 1 for seats in sides)

    rows = []
    for s in range(n):
        i = side_of[s]
        row = [obs["scores"][i], obs["scope"][i], len(obs["captured"][i]), obs["hand_sizes"][s]]
        name = side_label(sides[i], i)
        rows.append(([name[0].upper() + name[1:]] if teams else []) + row)
    columns = (["Side"] if teams else []) + ["Points", "Scopas this hand", "Cards captured",
                                             "Cards in hand"]
    notes = [f"Hand {obs['hand_no']}", f"Game to {count(obs['target'], 'point', 'points')}",
             f"Cards still to deal: {obs['stock']}"]
    out: dict[str, Any] = {"scoreboard": scoreboard(columns, rows, notes)}
    if obs.get("phase") == "over":
        winners = [s for i in obs.get("winners") or [] for s in sides[i]]
        out["result"] = result(winners, [count(obs["scores"][side_of[s]], "point", "points") for s in range(n)])
    return out

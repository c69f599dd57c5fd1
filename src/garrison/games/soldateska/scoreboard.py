"""The page's scoreboard, last trick and result for Soldateska (``Game.widgets``), from the
observation only: ranks, ducats and the bank are public, and so are the tricks once taken."""

from __future__ import annotations

from typing import Any

from garrison.core.widgets import count, last_trick, result, scoreboard

from .deck import POINTS
from .widgets import card_face, most_ducats


def table(game: Any, obs: dict[str, Any]) -> dict[str, Any]:
    n = obs["players"]
    ranks = obs.get("ranks") or ["—"] * n
    rows = [[ranks[s] or "—", obs["ducats"][s], obs["tricks_won"][s], obs["points"][s],
             obs["hand_sizes"][s]] for s in range(n)]
    trump = f"Trump: {obs['trump']}" if obs.get("trump") else ""
    out: dict[str, Any] = {"scoreboard": scoreboard(
        ["Rank", "Ducats", "Tricks", "Card value", "Cards in hand"], rows,
        [f"Round {obs['round']}", trump, f"Bank: {count(obs['bank'], 'ducat', 'ducats')}"]),
        # said at the table too, while the game goes on (its last round's trump is history)
        "facts": [trump] if trump and not obs.get("game_over") else []}
    tricks = obs.get("tricks") or []
    if tricks:
        last = tricks[-1]
        out["last_trick"] = last_trick(last["leader"], [card_face(c) for c in last["cards"]],
                                       last["winner"], n)
        out["last_trick"]["points"] = sum(POINTS[c] for c in last["cards"])  # its card value
    if obs.get("game_over"):
        out["result"] = result(most_ducats(obs), [count(d, "ducat", "ducats") for d in obs["ducats"]])
    return out

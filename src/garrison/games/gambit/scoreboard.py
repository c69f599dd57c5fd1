"""The page's scoreboard and result for Soldier's Gambit (``Game.widgets``): lives or coins, this
round's scores and the score to beat, from the observation only."""

from __future__ import annotations

from typing import Any

from garrison.core.widgets import count, result, scoreboard


def table(game: Any, obs: dict[str, Any]) -> dict[str, Any]:
    players = obs["players"]
    lives = obs["mode"] == "lives"
    rows = []
    running = sum(obs.get("kept") or [])
    for p in players:
        money = p["lives"] if lives else p["coins"]
        now = (p["score"] if p["score"] is not None
               else f"{running} so far" if p["seat"] == obs.get("to_move") and obs.get("kept")
               else "—")
        rows.append([money, now, "in" if p["active"] else "out"])
    scores = [p["score"] for p in players if p["score"] is not None]
    notes = [f"Round {obs['round']}", f"Score to beat: {max(scores)}" if scores else
             "First to roll this round", "" if lives else f"Pool: {obs['pool']} coins"]
    out: dict[str, Any] = {"scoreboard": scoreboard(
        ["Lives" if lives else "Coins", "This round", "Still in"], rows, notes)}
    if obs.get("finished"):
        out["result"] = result(obs.get("winners") or [], [
            count(p["lives"], "life", "lives") if lives else count(p["coins"], "coin", "coins")
            for p in players])
    return out

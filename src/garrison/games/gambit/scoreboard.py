"""The page's scoreboard and result for Soldier's Gambit (``Game.widgets``): lives or coins, this
round's scores and what the scores posted mean for the players still to roll (the lowest so far
in every mode, and the highest in Coin Trader), from the observation only."""

from __future__ import annotations

from typing import Any

from garrison.core.seats import seat_label
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
    facts = [standing(obs)]
    if obs["mode"] in ("coins", "treasure"):
        facts.append(f"Pool: {count(obs['pool'], 'coin', 'coins')}")
    notes = [f"Round {obs['round']}", *facts]
    out: dict[str, Any] = {"scoreboard": scoreboard(
        ["Lives" if lives else "Coins", "This round", "Still in"], rows, notes), "facts": facts}
    if obs.get("finished"):
        out["result"] = result(obs.get("winners") or [], [
            count(p["lives"], "life", "lives") if lives else count(p["coins"], "coin", "coins")
            for p in players])
    return out


def standing(obs: dict[str, Any]) -> str:
    """What the scores posted this round mean for those still to roll: the lowest loses a life
    (pays a coin: coin play, Treasure Hunt; pays each highest: Coin Trader), ties for lowest
    all lose, so a later player is safe with more than the lowest so far."""
    posted = [(p["score"], p["seat"]) for p in obs["players"] if p["score"] is not None]
    if not posted:
        return "First to roll this round"
    low = min(s for s, _ in posted)
    who = ", ".join(seat_label(seat) for s, seat in posted if s == low)
    loses = {"lives": "loses a life", "coins": "pays a coin into the pool",
             "treasure": "pays a coin into the pool", "trader": "pays every highest"}[obs["mode"]]
    line = f"Lowest so far: {low} ({who}); the lowest {loses}"
    if obs["mode"] == "trader":
        high = max(s for s, _ in posted)
        line += f". Highest so far: {high}"
    return line

"""The page's scoreboard and result for Soldier's Gambit (``Game.widgets``): lives or coins, this
round's scores and what the scores posted mean for the players still to roll (the lowest so far
in every mode, and the highest in Coin Trader), from the observation only."""

from __future__ import annotations

from typing import Any

from garrison.core.seats import seat_label
from garrison.core.widgets import count, result, scoreboard


def held(obs: dict[str, Any], p: dict[str, Any]) -> int:
    """What a player holds: lives (lives play), coins (coin play keeps its coins where lives
    play keeps lives), or coins won and lost (Coin Trader, Treasure Hunt)."""
    return int(p["lives"] if obs["mode"] in ("lives", "coins") else p["coins"])


def held_words(obs: dict[str, Any], p: dict[str, Any]) -> str:
    """``held`` in words: "2 lives", "1 coin"."""
    n = held(obs, p)
    return count(n, "life", "lives") if obs["mode"] == "lives" else count(n, "coin", "coins")


def net_words(net: float) -> str:
    """Coins won or lost over the game: "+6 coins", "-1 coin", "0 coins" (a shared pool may
    leave a fraction: "+3.33 coins")."""
    n = round(net, 2)
    return f"{'+' if n > 0 else ''}{n:g} {'coin' if abs(n) == 1 else 'coins'}"


def winners(obs: dict[str, Any]) -> list[int]:
    """Who won a finished game: in lives play the last player in (the players still in at the
    round cap share it); in the games for money whoever comes out with the most (the game's
    returns: coins won or lost, the pool left shared by those still in)."""
    if obs["mode"] == "lives" or obs.get("returns") is None:
        return list(obs["winners"])
    best = max(obs["returns"])
    return [s for s, r in enumerate(obs["returns"]) if r == best]


def end_reason(obs: dict[str, Any]) -> str:
    """How the game ended, in its mode's terms: the last player in, the round cap reached
    with several still in, or the match's rounds played."""
    mode, alone = obs["mode"], len(obs["winners"]) == 1
    if mode == "lives":
        return ("The last player with lives left wins." if alone else
                "The round limit was reached: the players still in share the win.")
    if alone:
        ended = "The last player in takes the pool." if mode == "coins" else "One player is left in."
    else:
        ended = ("The round limit was reached." if mode == "coins"
                 else f"The match's {count(obs['round'], 'round', 'rounds')} are played.")
        ended += " The players still in share the pool." if obs["pool"] else ""
    return f"{ended} Whoever comes out with the most coins wins."


def table(game: Any, obs: dict[str, Any]) -> dict[str, Any]:
    players = obs["players"]
    lives = obs["mode"] == "lives"
    rows = []
    running = sum(obs.get("kept") or [])
    for p in players:
        money = held(obs, p)
        now = (p["score"] if p["score"] is not None
               else f"{running} so far" if p["seat"] == obs.get("to_move") and obs.get("kept")
               else "—")
        rows.append([money, now, "in" if p["active"] else "out"])
    # what the scores posted mean for those still to roll: nothing once the game is over
    facts = [] if obs.get("finished") else [standing(obs)]
    if obs["mode"] in ("coins", "treasure"):
        facts.append(f"Pool: {count(obs['pool'], 'coin', 'coins')}")
    notes = [f"Round {obs['round']}", *facts]
    out: dict[str, Any] = {"scoreboard": scoreboard(
        ["Lives" if lives else "Coins", "This round", "Still in"], rows, notes), "facts": facts}
    if obs.get("finished"):
        out["result"] = result(winners(obs), [
            held_words(obs, p) if lives or obs.get("returns") is None
            else net_words(obs["returns"][p["seat"]]) for p in players])
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

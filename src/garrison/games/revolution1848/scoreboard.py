"""The page's scoreboard, last round and result for 1848 (``Game.widgets``): round cards
(Ablaufkarten) won, the card in play, the public tally of party points and the parties on the
table, from the observation only."""

from __future__ import annotations

from typing import Any

from garrison.core.widgets import count, result, scoreboard

from .words import party, pushed_lines, round_card


def table(game: Any, obs: dict[str, Any]) -> dict[str, Any]:
    n = obs["players"]
    cs = game.cards
    rows = []
    for s in range(n):
        # a party and its points never part when the cell wraps
        tally = " · ".join(f"{party(q)}\u00a0{v}" for q, v in enumerate(obs["tally"][s]) if v)
        rows.append([len(obs["won"][s]), tally or "—", sum(obs["hand_counts"][s]),
                     "passed" if obs["passed"][s] else "in"])
    ablauf = obs["ablauf"]
    notes = []
    if ablauf.get("current") is not None and obs.get("phase") != "over":
        cur = ablauf["current"]
        notes.append(f"Round card in play: {round_card(cs, cur)}")
    if ablauf.get("to_win"):
        notes.append(f"{ablauf['to_win']} round cards win; {ablauf['left']} left")
    else:
        notes.append(f"{ablauf['left']} round cards left")
    totals = obs.get("party_totals") or []
    if any(totals):
        notes.append("On the table: " + ", ".join(f"{party(q)} {v}" for q, v in enumerate(totals)))
    out: dict[str, Any] = {"scoreboard": scoreboard(
        ["Round cards", "Party points (tally)", "Cards in hand", "Passed"], rows, notes)}
    secret = pushed_lines(cs, obs)
    if secret:  # only this seat knows: said at the table, where the piles are
        out["facts"] = secret
    last = obs.get("last_result") or []
    if last:
        out["last_trick"] = {"title": "Last round", "lines": list(last[1:]),
                             "kind": "by arms" if last[0] == "military" else "by votes"}
    if obs.get("phase") == "over" and obs.get("vp") is not None:
        out["result"] = result(obs.get("winners") or [],
                               [count(v, "victory point", "victory points") for v in obs["vp"]])
    return out

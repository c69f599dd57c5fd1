"""Text view of a Gambit observation, for a person at the terminal."""

from __future__ import annotations

from typing import Any

from garrison.core.seats import seat_label
from garrison.core.widgets import count

from .scoreboard import end_reason, standing, winners


def _dice(faces: list[int] | None) -> str:
    return " ".join(str(f) for f in faces) if faces else "-"


def render(obs: dict[str, Any]) -> str:
    mode = obs["mode"]
    lines = [f"Soldier's Gambit — round {obs['round']} ({mode}, {obs['dice']} dice)"]
    if mode in ("coins", "treasure") or obs["pool"]:
        lines.append(f"Pool: {count(obs['pool'], 'coin', 'coins')}")
    for pl in obs["players"]:
        s = pl["seat"]
        marks = ("▶ " if obs["to_move"] == s else "  ") + ("you" if obs["seat"] == s else seat_label(s))
        if mode == "lives":
            money = f"lives {'♥' * pl['lives']}{' ' * max(0, 3 - pl['lives'])}"
        elif mode == "coins":
            money = f"coins {pl['lives']}"
        else:
            money = f"coins {pl['coins']:+d}" if mode == "trader" else f"coins {pl['coins']}"
        score = "" if pl["score"] is None else f"scored {pl['score']}"
        state = "" if pl["active"] else "out"
        lines.append(f"  {marks:<10} {money:<12} {score:<10} {state}")
    if not obs["finished"]:
        if any(pl["score"] is not None for pl in obs["players"]):
            lines.append(standing(obs))
        so_far = f" ({sum(obs['kept'])} so far)" if obs["kept"] else ""  # as the page's label
        lines.append(f"Set aside: {_dice(obs['kept'])}{so_far}")
        if obs["roll"] is not None:
            left = list(obs["roll"])
            for f in obs["taken"]:
                left.remove(f)
            lines.append(f"This roll: {_dice(obs['roll'])}   still to choose from: {_dice(left)}")
            lines.append(_prompt(obs, left))
    else:
        lines.append(f"Game over. {end_reason(obs)} Winner{'s' if len(winners(obs)) > 1 else ''}: "
                     + ", ".join(seat_label(s) for s in winners(obs)))
        if obs["returns"] is not None:
            lines.append("Result: " + ", ".join(f"{seat_label(i)}: {r:+g}" for i, r in enumerate(obs["returns"])))
    return "\n".join(lines)


def _prompt(obs: dict[str, Any], left: list[int]) -> str:
    """What the seat to move is asked, with a die of the roll as the example, or whom the table
    waits for."""
    mover = obs["to_move"]
    if mover != obs["seat"]:
        return f"Waiting for {seat_label(mover)}."
    if not left:
        return "Your move: 'roll' the rest."
    if not obs["taken"]:
        return f"Your move: set aside at least one die of this roll, e.g. 'keep {left[0]}'."
    return f"Your move: set aside another die, e.g. 'keep {left[0]}', or 'roll' the rest."

"""The text view of one observation, for a person at the terminal (built only from ``obs``):
cards by their Italian names ("Coins 7"), as the table and the log name them."""

from __future__ import annotations

from typing import Any

from garrison.core.seats import seat_label
from garrison.core.widgets import count

from .deck import CARD_OF_NAME, ITALIAN_OF_NAME, VALUE
from .sides import side_label

RECENT = 8


def _show(cards: list[str]) -> str:
    return ", ".join(ITALIAN_OF_NAME[n] for n in cards) or "(empty)"


def _side(obs: dict[str, Any], side: int) -> str:
    return side_label(obs["sides"][side], side)


def render(obs: dict[str, Any]) -> str:
    me = obs["seat"]
    head = f"SCOPA · hand {obs['hand_no']} · dealer {seat_label(obs['dealer'])} · game to {obs['target']}"
    if me is not None:
        head += f" · you: {seat_label(me)}"
        if len(obs["sides"][obs["my_side"]]) > 1:
            partner = [s for s in obs["sides"][obs["my_side"]] if s != me]
            head += f", partner {seat_label(partner[0])}"
    lines = [head]
    lines.append("Scores: " + " · ".join(
        f"{_side(obs, s)} {v}" for s, v in enumerate(obs["scores"])))
    for s, pile in enumerate(obs["captured"]):
        coins = sum(1 for n in pile if ITALIAN_OF_NAME[n].startswith("Coins"))
        extra = " · the settebello" if "Diamonds 7" in pile else ""
        lines.append(f"  this hand {_side(obs, s)}: {count(len(pile), 'card', 'cards')}, "
                     f"{count(coins, 'coin', 'coins')}, {count(obs['scope'][s], 'scopa', 'scopas')}"
                     f"{extra}")
    sizes = ", ".join(f"{seat_label(i)} {k}" for i, k in enumerate(obs["hand_sizes"]))
    last = "" if obs["last_capturer"] is None else f" · last capture: {seat_label(obs['last_capturer'])}"
    lines.append(f"Stock {obs['stock']} · cards in hand: {sizes}{last}")
    lines.append("")
    table = obs["table"]
    total = sum(VALUE[CARD_OF_NAME[n]] for n in table)
    lines.append(f"TABLE   {_show(table)}" + (f"   (sum {total})" if table else ""))
    if me is not None:
        lines.append(f"YOU     {_show(obs['hand'])}")
    if obs["playing"]:
        lines.append(f"Capturing with {_show([obs['playing']])}; chosen so far: "
                     f"{_show(obs['chosen']) if obs['chosen'] else 'nothing'}")
        sets = " | ".join(" + ".join(ITALIAN_OF_NAME[n] for n in s)
                          for s in obs["capture_sets"])
        lines.append(f"  sets it may take: {sets}")
    lines.append("")
    lines += ["  " + e for e in obs["log"][-RECENT:]]
    last = obs["last_hand"]
    if last and obs["phase"] != "over" and obs["hand_no"] > 1 and obs["stock"] >= 30:
        lines.append("  last hand: " + _last_hand(obs, last))
    lines.append("")
    if obs["phase"] == "over":
        if obs["last_hand"]:
            lines.append("Last hand: " + _last_hand(obs, obs["last_hand"]))
        lines.append("Game over. Winner: " + " and ".join(_side(obs, s) for s in obs["winners"]))
    elif obs["to_move"] is not None:
        if obs["to_move"] == me:
            if obs["playing"]:
                lines.append(f"Your move: choose a card to take, e.g. 'take {_next_pick(obs)}'")
            else:
                ex = ITALIAN_OF_NAME[obs["hand"][0]].lower() if obs["hand"] else ""
                lines.append(f"Your move: play a card by its name, e.g. '{ex}'")
        else:
            lines.append(f"Waiting for {seat_label(obs['to_move'])}.")
    return "\n".join(lines)


def _last_hand(obs: dict[str, Any], last: dict[str, Any]) -> str:
    def who(side: int) -> str:
        return _side(obs, side) if side is not None and side >= 0 else "nobody (tie)"

    parts = [
        f"cards {who(last['most_cards'])} ({'-'.join(map(str, last['cards']))})",
        f"coins {who(last['most_diamonds'])} ({'-'.join(map(str, last['diamonds']))})",
        f"first {who(last['first'])} "
        f"({'-'.join('none' if v is None else str(v) for v in last['primiera'])})",
        f"settebello (Coins 7) {who(last['settebello'])}",
        f"scopas {'-'.join(map(str, last['scope']))}",
    ]
    if last["re_bello"] >= 0:
        parts.append(f"re bello (Coins K) {who(last['re_bello'])}")
    if any(last["napola"]):
        parts.append(f"napola {'-'.join(map(str, last['napola']))}")
    half = (len(parts) + 1) // 2
    return ("; ".join(parts[:half]) + ";\n    " + "; ".join(parts[half:])
            + f" => points {'-'.join(map(str, last['points']))}")


def _next_pick(obs: dict[str, Any]) -> str:
    """A table card the capture can still take, for the prompt's example: one not yet chosen of
    the first capture that holds every card chosen so far."""
    chosen = set(obs["chosen"])
    left = [c for cards in obs["capture_sets"] if chosen <= set(cards) for c in cards if c not in chosen]
    return ITALIAN_OF_NAME[left[0]].lower() if left else ""

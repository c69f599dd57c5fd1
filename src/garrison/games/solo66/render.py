"""The text view of a Solo 66 observation: what a person at the table needs to play a turn."""

from __future__ import annotations

from typing import Any

from garrison.core.seats import seat_label

from .deck import FACES, SUIT_SYMBOLS, SUITS
from .scoreboard import match_winners

_SUIT = dict(zip(SUITS, SUIT_SYMBOLS))


def card_text(name: str) -> str:
    """``Hearts 10`` -> ``♥10``."""
    suit, face = name.split(" ")
    return _SUIT[suit] + face


def _hand_text(names: list[str], trump: str | None) -> str:
    order = ([trump] if trump else []) + [s for s in reversed(SUITS) if s != trump]
    groups = []
    for suit in order:
        faces = sorted(
            (n.split(" ")[1] for n in names if n.startswith(suit + " ")),
            key=FACES.index,
            reverse=True,
        )
        if faces:
            mark = "*" if suit == trump else ""
            groups.append(f"{_SUIT[suit]}{mark} " + " ".join(faces))
    return "  |  ".join(groups) if groups else "(no cards)"


def _who(seat: int, me: int | None) -> str:
    return "you" if seat == me else seat_label(seat)


def render(obs: dict[str, Any]) -> str:
    me = obs["seat"]
    lines = [
        f"Solo 66 · deal {obs['deal']} of {obs['deals']} · dealer {seat_label(obs['dealer'])} · "
        f"forehand {seat_label(obs['forehand'])}" + (f" · you are {seat_label(me)}" if me is not None else "")
    ]
    lines.append(
        "Scores: " + "  ".join(
            f"{_who(p, me)} {v:+g}" for p, v in enumerate(obs["scores"])
        )
    )
    # each finished deal's line of the log ("Deal 2 (dealer P3): …")
    finished = [line for line in obs["log"] if line.startswith("Deal ") and "(dealer" in line]
    if obs["phase"] == "over":  # each deal's line, the match's, and who won it
        lines.extend(finished)
        lines.append(obs["log"][-1])
        winners = match_winners(obs)
        lines.append(f"Winner{'s' if len(winners) > 1 else ''}: "
                     + ", ".join(_who(s, me) for s in winners))
        return "\n".join(lines)
    if finished:
        lines.append("Last deal: " + finished[-1])
    if obs["auction"]:
        calls = ", ".join(
            f"{_who(p, me)} {'pass' if c == 'pass' else _SUIT[c] + ' ' + c}"
            for p, c in obs["auction"]
        )
        lines.append(f"Auction: {calls}")
    trump = obs["trump"]
    if obs["soloist"] is not None:
        sol = obs["soloist"]
        contract = f"{_SUIT[trump]} {trump} are trumps" if trump else "announcing trump"
        lines.append(f"Soloist: {_who(sol, me)} (bid {obs['high_bid']}); {contract}")
    elif obs["no_trump_game"]:
        lines.append("Everyone passed: no trumps, follow suit; whoever takes the last trick wins.")
    if obs["talon"]:
        lines.append(
            "Talon you took: " + " ".join(card_text(n) for n in obs["talon"])
            + "   your discards: " + (" ".join(card_text(n) for n in obs["discards"]) or "-")
        )
    for i, trick in enumerate(obs["tricks"]):
        played = "  ".join(
            f"{_who((trick['leader'] + j) % 5, me)} {card_text(n)}"
            for j, n in enumerate(trick["cards"])
        )
        lines.append(f"  trick {i + 1}: {played}  → {_who(trick['winner'], me)}")
    if obs["trick"]["cards"]:
        leader = obs["trick"]["leader"]
        played = "  ".join(
            f"{_who((leader + j) % 5, me)} {card_text(n)}"
            for j, n in enumerate(obs["trick"]["cards"])
        )
        lines.append(f"On the table: {played}")
    if obs["soloist_points"] is not None:
        note = " (with your discards)" if me == obs["soloist"] else ""
        lines.append(
            f"Card points taken: soloist {obs['soloist_points']}{note}, "
            f"defenders {obs['defender_points']}  (the soloist needs 66 of 130)"
        )
    if me is not None:
        lines.append(f"Your hand: {_hand_text(obs['hand'], trump)}")
    lines.append(_prompt(obs))
    return "\n".join(lines)


def _prompt(obs: dict[str, Any]) -> str:
    me, mover, phase = obs["seat"], obs["to_move"], obs["phase"]
    if phase == "dealing":
        return "The cards are being dealt."
    if mover != me:
        return f"Waiting for {seat_label(mover)} ({phase})."
    if phase == "auction":
        high = obs["high_bid"]
        higher = SUITS[SUITS.index(high) + 1:] if high else SUITS
        options = ", ".join(f"'bid {s}'" for s in higher)
        return f"Your call: {options + ' or ' if options else ''}'pass' (a pass is final)."
    if phase == "announce":
        allowed = SUITS[SUITS.index(obs["high_bid"]):]
        return "You won the auction. Announce trump: " + ", ".join(
            f"'announce {s}'" for s in allowed
        ) + " (before you see the talon)."
    hand = obs["hand"]
    if phase == "discard":
        left = 2 - obs["discards_made"]
        more = " more" if obs["discards_made"] else ""
        return (
            f"Discard {left}{more} card{'s' if left > 1 else ''} onto your pile, "
            f"e.g. 'discard {_typed(hand[0])}' (their points count for you)."
        )
    led = obs["trick"]["cards"]
    if not led:
        return f"Your lead: type a card, e.g. '{_typed(hand[0])}' or '{hand[0]}'."
    # The example is a card the sentence allows: of the suit led, else a trump, else any.
    suits = [led[0].split(" ")[0]] + ([obs["trump"]] if obs["trump"] else [])
    example = next((n for suit in suits for n in hand if n.startswith(suit + " ")), hand[0])
    return f"Your turn: follow suit, else trump if you can; type a card, e.g. '{_typed(example)}'."


def _typed(name: str) -> str:
    """``Hearts 10`` -> ``h10``: the shortest way to type a card."""
    suit, face = name.split(" ")
    return suit[0].lower() + face

"""The text view of a Soldateska observation, for a person at the terminal.

Built only from the observation: the hand sorted by suit, the trick so far, trump, every
player's rank, ducats and tricks, the bank, the cards passed and received, and the last
round's settlement in the seed's order (Bomb, Deserter, Kokette, medals, Spy, ranks, wages).
"""

from __future__ import annotations

from typing import Any

from garrison.core.cards import NO_SUIT
from garrison.core.seats import seat_label

from . import deck as K
from .widgets import most_ducats

#: The phases in which a player decides (the others are dice and the settlement).
DECISIONS = ("play", "declare trump", "pass cards", "lay aside")


def _group(cards: list[int], trump: str | None) -> list[str]:
    """Cards grouped by suit: "Sabers (trump): 10 7 3", then specials and Duels."""
    groups: dict[str, list[str]] = {}
    for card in cards:
        suit = K.SUIT_OF[card]
        if suit == NO_SUIT:
            label = "Duels" if card in (K.DUEL1, K.DUEL2) else "Specials"
            groups.setdefault(label, []).append(K.NAMES[card])
        else:
            label = K.SUITS[suit] + (" (trump)" if trump == K.SUITS[suit] else "")
            groups.setdefault(label, []).append(K.NAMES[card].split(" ", 1)[1])
    return [
        f"{label}: " + (", " if label in ("Specials", "Duels") else " ").join(faces)
        for label, faces in groups.items()
    ]


def _count(n: int, word: str, width: int = 0) -> str:
    """``n`` and its word, singular or plural (``1 ducat``, ``5 ducats``); with ``width`` the
    number is right-aligned to that many digits and the word padded so that columns line up."""
    text = f"{n:>{width}} {word if n == 1 else word + 's'}"
    return text.ljust(width + len(word) + 2) if width else text


def _names(cards: list[int]) -> str:
    return ", ".join(K.NAMES[c] for c in cards) or "-"


def render(obs: dict[str, Any]) -> str:
    n = obs["players"]
    seat = obs["seat"]
    trump = obs["trump"]
    lines = []
    you = "spectator" if seat is None else f"you are {seat_label(seat)}" + (
        f" ({obs['ranks'][seat]})" if obs["ranks"][seat] else "")
    lines.append(
        f"Soldateska · round {obs['round']} · {you} · trump: {trump or 'not yet declared'}"
    )
    lines.append(f"Bank: {_count(obs['bank'], 'ducat')} · phase: {obs['phase']}")
    order = obs["hierarchy"] or list(range(n))
    for s in order:
        rank = obs["ranks"][s] or "recruit"
        mark = "*" if obs["to_move"] == s else " "
        lines.append(
            f" {mark} {seat_label(s)}{' (you)' if s == seat else '':6} {rank:<10}"
            f" {_count(obs['ducats'][s], 'ducat', 3)}  {_count(obs['tricks_won'][s], 'trick', 2)}"
            f"  {obs['points'][s]:>4} pts  {_count(obs['hand_sizes'][s], 'card', 2)}"
        )
    if obs["tricks"]:
        last = obs["tricks"][-1]
        lead = last["leader"]
        played = ", ".join(f"{seat_label((lead + i) % n)} {K.NAMES[c]}" for i, c in enumerate(last["cards"]))
        lines.append(f"Last trick: {played} -> won by {seat_label(last['winner'])}")
    if obs["phase"] in ("play", "roll-off") and (obs["trick"] or obs["phase"] == "play"):
        trick = ", ".join(f"{seat_label(s)} {K.NAMES[c]}" for s, c in obs["trick"])
        lines.append(f"Trick so far ({seat_label(obs['trick_leader'])} leads): {trick or '-'}")
    if seat is not None:
        lines.append("Your hand:")
        lines.extend("   " + g for g in _group(obs["hand"], trump))
        if obs["bonus"]:
            lines.append(f"Bonus cards you took: {_names(obs['bonus'])}")
        if obs["passed"]:
            lines.append(f"You passed to {seat_label(obs['passed_to'])}: {_names(obs['passed'])}")
        if obs["received"]:
            lines.append(f"You received from {seat_label(obs['received_from'])}: {_names(obs['received'])}")
        if obs["aside"]:
            lines.append(f"Laid aside ({seat_label(obs['aside_owner'])}): {_names(obs['aside'])}")
        if obs.get("playable") and len(obs["playable"]) < len(obs["hand"]):
            lines.append(f"You may play: {_names(obs['playable'])}")
    if obs["settlement"]:
        lines.append("Settlement" + (":" if obs["phase"] in ("bomb", "kokette", "spy", "game over")
                                     else " of the last round:"))
        lines.extend("   " + line for line in obs["settlement"][1:])
    if obs["game_over"]:
        winners = [seat_label(s) for s in most_ducats(obs)]
        lines.append(f"Game over. Most ducats ({max(obs['ducats'])}): {', '.join(winners)}")
    else:
        lines.extend(_prompt(obs))
    return "\n".join(lines)


def _prompt(obs: dict[str, Any]) -> list[str]:
    """What the seat to move is asked (the view's last line), or whom the table waits for."""
    seat, mover, phase = obs["seat"], obs["to_move"], obs["phase"]
    if mover is None or mover < 0 or phase not in DECISIONS:
        return []
    if mover != seat:
        return [f"Waiting for {seat_label(mover)} ({phase})."]
    if phase == "play":
        return [f"Your move: play a card by its name, e.g. '{K.NAMES[obs['playable'][0]]}'."]
    if phase == "declare trump":
        return ["Your move: as General, declare trump: 'trump' and a weapon suit in play, or "
                "'trump officers only'."]
    if phase == "pass cards":
        order = obs["hierarchy"]
        down = order[order.index(seat) + 1]
        cards = _count(2 - len(obs["passed"]), "more card" if obs["passed"] else "card")
        on = "; the cards you received may go on" if obs["received"] else ""
        return [f"Your move: pass {cards} to {seat_label(down)} ({obs['ranks'][down]}), 'pass' "
                f"and a card's name{on}."]
    cards = _count(2 - len(obs["aside"]), "more card" if obs["aside"] else "card")
    return [f"Your move: lay {cards} aside face down (they count for you), 'lay aside' and a "
            "card's name."]

"""Shared helpers for the Solo 66 scenario tests: exact deals through the public API."""

from __future__ import annotations

import garrison
from garrison.games.solo66.deck import DECK

C = DECK.parse  # "Clubs A" -> card id


def new_state(**options):
    return garrison.load("solo66", **options).new_initial_state()


def deal(state, hands: dict[int, list[str]], talon: list[str] | None = None) -> None:
    """Deal the named cards to the named seats and the talon (chance actions, in dealing order);
    seats and talon not named get the remaining cards in pack order."""
    dealer = state.observation(None)["dealer"]
    given = {seat: [C(n) for n in names] for seat, names in hands.items()}
    pile = [C(n) for n in (talon or [])]
    used = {c for cards in given.values() for c in cards} | set(pile)
    rest = [c for c in range(32) if c not in used]
    for seat in range(5):
        cards = given.setdefault(seat, [])
        while len(cards) < 6:
            cards.append(rest.pop(0))
    while len(pile) < 2:
        pile.append(rest.pop(0))
    assert not rest and all(len(v) == 6 for v in given.values())
    for k in range(32):
        target = (dealer + 1 + k) % 5 if k < 30 else -1
        card = pile.pop(0) if target < 0 else given[target].pop(0)
        state.apply_action(card)


def play(state, text: str) -> None:
    """Apply one action written as a person would type it, checking it is legal."""
    state.apply_action(state.parse_action(text))


def calls(state, *texts: str) -> None:
    for t in texts:
        play(state, t)

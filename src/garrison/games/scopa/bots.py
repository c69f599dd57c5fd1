"""Scopa's own bot: ``greedy``, the usual one-move heuristic (docs/rules/scopa.md, "Bots").

It reads only what its seat may see (its own hand, the table, the captured piles, how many cards
each hand and the stock hold) and the game's options. For every card in hand and every set that
card may take (or laying it down) it weighs what the move wins (cards, Diamonds, the 7 of
Diamonds, primiera cards, a scopa) against what the next player, always an opponent, may win
back: a sweep of the table left behind, or a valuable card left on it (the 7 of Diamonds is
guarded this way). The chance that the opponent holds a card of some value is counted from the
cards it has not seen.

The heuristic is written once, in C, in the compiled rules (``policy.pxi``, the state's
``policy_action``), so that search plays its rollouts with it without Python.
"""

from __future__ import annotations

from garrison.core import Bot, CompiledPolicyBot


class GreedyBot(CompiledPolicyBot):
    """Takes the most valuable capture, guards the 7 of Diamonds, avoids leaving a sweep."""

    name = "greedy"
    description = "one-move heuristic: best capture, guard the 7 of Diamonds, avoid sweeps"


BOTS: dict[str, type[Bot]] = {GreedyBot.name: GreedyBot}

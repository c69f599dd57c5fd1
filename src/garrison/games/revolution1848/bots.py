"""Bots of 1848: a greedy heuristic that plays for the current Stich.

``heuristic`` values the table for itself as if the Stich ended now: the points credited to it
less half the points credited to the others, plus 6 when it would win the Stich (less 3 when
another player would). In its turn it plays the card (with its best target, or its best
commander for an army) that raises this value most over the table as it lies, by more than 1.5
(what a card spent costs); when no card does, it passes. It never pushes. An army it may take
itself it gives to itself; it draws from the pile it holds fewer cards of (Personenkarten on a
tie). It reads only its own hand and the table.

The bot is written once, in C, in the compiled rules (``policy.pxi``, the kernel's ``_policy``
hook): ``step`` asks the state for the move, and the search bots' rollouts play it in C.
"""

from __future__ import annotations

from garrison.core import Bot, CompiledPolicyBot


class HeuristicBot(CompiledPolicyBot):
    """Plays the card (and target) that improves the current Stich most; passes when nothing
    helps enough; gives armies to itself; draws from the pile it holds fewer of (policy.pxi)."""

    name = "heuristic"
    description = "greedy: plays the card that best improves the current Stich, else passes"


BOTS: dict[str, type[Bot]] = {HeuristicBot.name: HeuristicBot}

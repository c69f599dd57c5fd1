"""Solo 66's own bot: a rule-of-thumb player that reads only what its seat may see.

* Auction: values each suit as trump (trump length, trump Ace/Ten/King, side Aces and guarded
  Tens: ``suit_value``) and bids the lowest suit it may while its best suit at or above that bid
  is worth 9 or more; announces the best suit it may.
* Discard: banks points it could lose (bare Tens, Kings), keeps Aces and trumps, and likes to
  empty a short suit so it can trump.
* Play: the soloist draws trumps with sure winners and takes tricks as cheaply as it safely
  can; a defender "smears" points onto a trick another defender has won, beats the soloist
  cheaply when it can, and otherwise throws its least valuable card.

The heuristic is written once, in C, in the compiled rules (``policy.pxi``, the state's
``policy_action``), so that search plays its rollouts with it without Python.
"""

from __future__ import annotations

from garrison.core import CompiledPolicyBot

from .rules import suit_value


class HeuristicBot(CompiledPolicyBot):
    name = "heuristic"
    description = "bids on trump length and high cards, discards to bank points, plays sound tricks"


__all__ = ["HeuristicBot", "suit_value"]

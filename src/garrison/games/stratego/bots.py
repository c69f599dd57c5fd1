"""Bots for the Stratego-style game. They read only what their seat sees (the gate's board and
captures, ``observe.view``) and the legal actions.

``heuristic``: sets up with a human layout when the game has an archive; when only whole setups
may be taken, with a random one (the built-in catalogue is public, so an opponent who read it
would know where its Flag stands); else piece by piece, a fresh sound layout drawn from its own
random source: the Flag on the back row, Bombs beside and in front of it, Soldiers towards the
front and the strong pieces in the middle rows. In play it scores every legal move: the
expected gain of an attack over what the enemy piece may be (its known rank, or the ranks still
unaccounted for; a piece that moved is no Bomb or Flag, an unmoved one may be the Flag), danger
from known stronger enemies next to the target square, fleeing from them, guarding its own Flag,
and a small pull towards the enemy, with a little noise. Low pieces thus probe unknown pieces,
strong pieces take revealed weaker ones, and the Spy goes for a revealed Marshal.

The bot is written once, in C, in the compiled rules (``policy.pxi``, the kernel's ``_policy``
hook): ``step`` asks the state for the move with a seed from the bot's generator, and the search
bots' rollouts play it in C. ``VALUE``, its piece values, is also the material of
``evaluate.py``.
"""

from __future__ import annotations

from garrison.core import Bot, CompiledPolicyBot

from .rules import PIECE_VALUES

#: What each rank is worth to the bot (Flag .. Bomb; the compiled bot's own table).
VALUE: tuple[float, ...] = PIECE_VALUES


class HeuristicBot(CompiledPolicyBot):
    """Probes with low pieces, takes weaker revealed pieces, guards its Flag (policy.pxi)."""

    name = "heuristic"
    description = "probes with low pieces, takes weaker revealed pieces, guards its flag"


BOTS: dict[str, type[Bot]] = {"heuristic": HeuristicBot}

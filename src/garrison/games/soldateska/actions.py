"""Action ids of Soldateska and their text.

Player actions (``NUM_ACTIONS`` = 68):

* ``card`` (0..61, the card id of ``deck.py``): the card named, in whatever the seat is doing
  now: play it to the trick, pass it down the hierarchy, or lay it aside (the Deserter);
* ``DECLARE + 0`` (62): the General declares officers only as trump;
* ``DECLARE + 1 + suit`` (63..67): the General declares that weapon suit as additional trump.

Chance outcomes (at most ``NUM_CARDS`` = 62 of them):

* a dealt card: its card id;
* one die (faces 0..4): the face, which is ``garrison.core.dice``'s id for one five-sided die;
* two dice (Kokette variant): ``garrison.core.dice.roll_id`` of the pair on five-sided dice.

>>> declare_id(3), declared_suit(63)
(66, 0)
"""

from __future__ import annotations

from garrison.core.cards import NO_SUIT
from garrison.core.dice import roll_faces

from . import constants
from .deck import NAMES, SUITS

# the rules' (rules.pyx)
DECLARE = constants.DECLARE_ID
DIE_SIDES = constants.DIE_FACES
NUM_ACTIONS = DECLARE + 1 + len(SUITS)


def declare_id(suit: int) -> int:
    """The id of declaring ``suit`` (``NO_SUIT``: officers only)."""
    return DECLARE if suit == NO_SUIT else DECLARE + 1 + suit


def declared_suit(action: int) -> int:
    """The suit a declaration id names (``NO_SUIT``: officers only)."""
    return NO_SUIT if action == DECLARE else action - DECLARE - 1


def trump_text(suit: int) -> str:
    return "officers only" if suit == NO_SUIT else SUITS[suit]


def declare_text(action: int) -> str:
    return f"trump {trump_text(declared_suit(action))}"


def card_text(verb: str, card: int) -> str:
    return f"{verb} {NAMES[card]}"


def dice_values(num_dice: int, outcome: int) -> tuple[int, ...]:
    """The faces (0..4) of a chance outcome of ``num_dice`` dice."""
    return tuple(f - 1 for f in roll_faces(num_dice, outcome, DIE_SIDES))

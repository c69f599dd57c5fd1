"""Action ids of Solo 66, by formula.

==========  ==========================  =========================================
id          action                      when
==========  ==========================  =========================================
0 .. 31     a card (``suit * 8 + face``) chance: deal it; soloist: discard it;
                                        play: lead or follow with it
32          pass                        auction
33 .. 36    bid suit ``id - 33``        auction (Diamonds 33 ... Clubs 36)
37 .. 40    announce trump ``id - 37``  the auction winner, before the talon
==========  ==========================  =========================================

Chance outcomes are the card ids 0..31 (one card dealt per chance action).
"""

from __future__ import annotations

from . import constants
from .deck import NUM_CARDS

# the ids' bases are the rules' (rules.pyx)
PASS = constants.PASS_ID  # 32
BID_BASE = constants.BID_ID  # 33
ANNOUNCE_BASE = constants.ANNOUNCE_ID  # 37
NUM_ACTIONS = ANNOUNCE_BASE + 4  # 41


def bid(suit: int) -> int:
    """The id of bidding ``suit``."""
    return BID_BASE + suit


def announce(suit: int) -> int:
    """The id of announcing ``suit`` as trump."""
    return ANNOUNCE_BASE + suit


def is_card(action: int) -> bool:
    return 0 <= action < NUM_CARDS


def is_bid(action: int) -> bool:
    return BID_BASE <= action < ANNOUNCE_BASE


def is_announce(action: int) -> bool:
    return ANNOUNCE_BASE <= action < NUM_ACTIONS


__all__ = [
    "ANNOUNCE_BASE", "BID_BASE", "NUM_ACTIONS", "PASS", "announce", "bid", "is_announce",
    "is_bid", "is_card",
]

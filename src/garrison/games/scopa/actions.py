"""Actions of Scopa: ids by formula, text notation and parsing.

Player actions (``card`` = 0..39, see ``deck.py``):

* ``play(card) = card`` (0..39): play ``card`` from your hand. If it can capture in one way
  only, it captures at once; if it captures nothing, it stays on the table; if there is a
  choice of sets, you then choose the cards to take one at a time with ``take``.
* ``take(card) = TAKE_BASE + card`` (40..79): add the table card ``card`` to the capture being
  made. The capture happens as soon as the chosen cards form a whole allowed set.
* ``lay(card) = LAY_BASE + card`` (80..119): play ``card`` and leave it on the table although
  it could capture; legal only with ``must_capture=False`` (with the rule on, asking for it
  gets an ``IllegalActionError`` that explains the rule).

So ``num_distinct_actions`` is 120. Chance actions: one card dealt, id = the card (0..39). The
bases are the compiled rules' (rules.pyx, read here through ``constants.py``).
"""

from __future__ import annotations

from garrison.core import InvalidActionError

from .constants import LAY_BASE, NUM_CARDS, TAKE_BASE
from .deck import italian, parse_card

PLAY, TAKE, LAY = 0, 1, 2
KIND_WORDS = ("play", "take", "lay")


def play(card: int) -> int:
    return card


def take(card: int) -> int:
    return TAKE_BASE + card


def lay(card: int) -> int:
    return LAY_BASE + card


NUM_ACTIONS = LAY_BASE + NUM_CARDS


def kind_of(action: int) -> int:
    """PLAY, TAKE or LAY."""
    return action // NUM_CARDS


def card_of(action: int) -> int:
    return action % NUM_CARDS


def to_string(action: int) -> str:
    """``play Coins 7``, ``take Batons 3``, ``lay Cups 5``: the Italian suits players read
    (``parse`` reads these and the French names)."""
    if not 0 <= action < NUM_ACTIONS:
        raise InvalidActionError(f"no Scopa action has id {action}")
    return f"{KIND_WORDS[kind_of(action)]} {italian(card_of(action))}"


def parse(text: str, default_kind: int) -> int:
    """The id written ``text``: ``play 7d``, ``take Clubs 3``, ``lay 5h``; a bare card
    (``7d``) means ``default_kind`` (play, or take while choosing a capture).

    >>> parse("take 3c", PLAY) == take(20 + 2)
    True
    >>> parse("Diamonds 7", PLAY)
    6
    """
    words = " ".join(str(text).lower().split())
    kind = default_kind
    for k, word in enumerate(KIND_WORDS):
        if words.startswith(word + " "):
            kind, words = k, words[len(word) + 1:]
            break
    card = parse_card(words)
    return kind * NUM_CARDS + card

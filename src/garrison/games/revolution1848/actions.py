"""Action ids of 1848 (one formula, no searching).

Card indices ``c``: 0..41 Personenkarten PE01..PE42, 42..75 Zusatzkarten Z01..Z34
(``carddata``). Seats ``s``: 0..3.

===========================  ==================  ===========================================
action                       id                  text
===========================  ==================  ===========================================
play card c                  c                   ``play <card id>``
Schieben: push card c back   76 + c              ``push <card id>``
pass                         152                 ``pass``
target person card p         153 + p             ``on <person id>``
target the side of seat s    195 + s             ``on side P<s+1>``
army goes to seat s          199 + s             ``army to P<s+1>`` (the seed's tie choice)
draw a Personenkarte         203                 ``draw person``
draw a Zusatzkarte           204                 ``draw zusatz``
===========================  ==================  ===========================================

Chance outcomes: drawing card ``c`` is outcome ``c`` (76 outcomes).
"""

from __future__ import annotations

from .constants import A_ASSIGN, A_DRAW_PERSON, A_DRAW_ZUSATZ, A_PASS, A_PERSON, A_PUSH, A_SIDE
from .constants import N_CARDS as N_CARDS

# the bases of the id formula, written once in rules.pyx (``A_PUSH`` ...)
PLAY = 0
PUSH = A_PUSH
PASS = A_PASS
TARGET_PERSON = A_PERSON
TARGET_SIDE = A_SIDE
ASSIGN = A_ASSIGN
DRAW_PERSON = A_DRAW_PERSON
DRAW_ZUSATZ = A_DRAW_ZUSATZ
NUM_ACTIONS = DRAW_ZUSATZ + 1


def play(c: int) -> int:
    return PLAY + c


def push(c: int) -> int:
    return PUSH + c


def target_person(p: int) -> int:
    return TARGET_PERSON + p


def target_side(s: int) -> int:
    return TARGET_SIDE + s


def assign(s: int) -> int:
    return ASSIGN + s


def decode(action: int) -> tuple[str, int]:
    """(kind, argument) of an id: kind is play, push, pass, person, side, assign, draw."""
    if 0 <= action < PUSH:
        return "play", action
    if action < PASS:
        return "push", action - PUSH
    if action == PASS:
        return "pass", 0
    if action < TARGET_SIDE:
        return "person", action - TARGET_PERSON
    if action < ASSIGN:
        return "side", action - TARGET_SIDE
    if action < DRAW_PERSON:
        return "assign", action - ASSIGN
    if action == DRAW_PERSON:
        return "draw", 0
    if action == DRAW_ZUSATZ:
        return "draw", 1
    return "none", -1

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

N_CARDS = 76
MAX_SEATS = 4
PLAY = 0
PUSH = 76
PASS = 152
TARGET_PERSON = 153
TARGET_SIDE = 195
ASSIGN = 199
DRAW_PERSON = 203
DRAW_ZUSATZ = 204
NUM_ACTIONS = 205


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

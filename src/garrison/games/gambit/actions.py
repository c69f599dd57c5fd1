"""Actions of Soldier's Gambit.

Player actions (7 ids): ``keep f`` = ``f - 1`` for faces 1..6 sets aside one die showing ``f``
from the current roll; ``ROLL`` = 6 (rules.pyx) rolls every die not yet set aside. Setting aside
several dice is several ``keep`` actions, so the action space stays at 7.

Chance actions: a roll of ``n`` dice is one chance action whose id is the index of the sorted
outcome in ``garrison.core.dice.multisets(n)`` (252 outcomes for five dice).
"""

from __future__ import annotations

from garrison.core import InvalidActionError
from garrison.core.dice import roll_faces, roll_id

from .constants import ROLL as ROLL

NUM_ACTIONS = ROLL + 1


def keep(face: int) -> int:
    """The id of setting aside one die showing ``face``."""
    return face - 1


def face_of(action: int) -> int:
    return action + 1


def to_string(action: int) -> str:
    if action == ROLL:
        return "roll"
    if 0 <= action < ROLL:
        return f"keep {face_of(action)}"
    raise InvalidActionError(f"no Gambit action has id {action}")


def roll_to_string(dice: int, outcome: int) -> str:
    return "rolled " + " ".join(str(f) for f in roll_faces(dice, outcome))


def parse(text: str) -> int:
    """``"roll"`` or ``"keep 5"`` (also ``"k5"``, ``"5"``)."""
    words = text.lower().replace("keep", " ").replace("k", " ").split()
    if text.strip().lower() in ("roll", "r"):
        return ROLL
    if len(words) == 1 and words[0].isdigit() and 1 <= int(words[0]) <= 6:
        return keep(int(words[0]))
    raise InvalidActionError(f"'{text}' is not a Gambit action; write 'keep <face>' or 'roll'")


def parse_roll(text: str, dice: int) -> int:
    """A roll of ``dice`` dice written as faces, e.g. ``"rolled 1 3 3 5 6"``."""
    words = text.lower().replace("rolled", " ").split()
    if len(words) != dice or not all(w in "123456" and len(w) == 1 for w in words):
        raise InvalidActionError(f"'{text}' is not a roll of {dice} dice; write e.g. 'rolled 1 3 3 5 6'")
    return roll_id(tuple(int(w) for w in words))

"""Action ids and their text.

Id formula (fixed, never searched for):

* a move or attack: ``from * 36 + direction * 9 + (distance - 1)``, ids 0..3599
  (direction 0 north, 1 east, 2 south, 3 west; distance 1..9; only a Soldier goes further than 1);
* place the next piece of the setup on square ``s``: ``PLACE + s`` (3600..3699); pieces are placed
  in a fixed order (Flag, Bombs, Spy, Soldiers, Defusers, ... Marshal), so the square is the choice;
* take a random legal setup (chance then places the pieces): ``RANDOM_SETUP`` (3700);
* take setup ``k`` of the game's catalogue (heuristic setups, then any from a setup archive):
  ``CATALOGUE + k``.

Chance outcomes (while a random setup is laid out) are the square the next piece lands on (0..99).

Text: ``b4-b5`` (a move), ``b4xb7`` (an attack), ``place Flag a1``, ``random setup``,
``setup 3``; chance: ``Flag to a1``.

>>> move_id(13, 0, 1), decode_move(469)
(468, (13, 0, 2))
"""

from __future__ import annotations

from . import constants
from .board import step

# the bases of the ids are the rules' (rules.pyx)
PLACE = constants.C_PLACE
RANDOM_SETUP = constants.C_RANDOM_SETUP
CATALOGUE = constants.C_CATALOGUE
#: The move ids are 0 .. MOVES - 1.
MOVES = PLACE


def move_id(frm: int, direction: int, distance: int) -> int:
    return frm * 36 + direction * 9 + distance - 1


def decode_move(action: int) -> tuple[int, int, int]:
    """``(from, direction, distance)`` of a move id."""
    frm, rest = divmod(action, 36)
    direction, dist = divmod(rest, 9)
    return frm, direction, dist + 1


def move_target(action: int) -> int:
    """The square a move id goes to, or -1 if it leaves the board."""
    frm, direction, distance = decode_move(action)
    return step(frm, direction, distance)


#: MOVE_ID[from][direction]: the ids for distance 1, 2, ... (precomputed for the move generator).
MOVE_ID = tuple(tuple(tuple(move_id(f, d, n) for n in range(1, 10)) for d in range(4)) for f in range(100))

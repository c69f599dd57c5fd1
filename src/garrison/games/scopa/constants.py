"""The constants of scopa's rules for its Python modules, made by tools/declare.py from rules.pyx,
scoring.pxi, policy.pxi: every ``cdef enum`` member but the events' (``EVENTS`` has those), and
each ``NAME = value`` of rules.pyx made of literals and the constants above it. Do not edit: the
value is written in rules.pyx only, and ``tools/declare.py --check`` fails when this file differs.
"""

NUM_CARDS = 40
MAX_SEATS = 6
MAX_SIDES = 3
#: no seat, no side, no card
NOBODY = -1
#: the id of taking ``card`` is TAKE_BASE + card (actions.py)
TAKE_BASE = 40
#: the id of laying ``card`` is LAY_BASE + card
LAY_BASE = 80
#: the most sets one card may take: 1,702 (four cards of each value, sum 10)
MAX_SETS = 2048
SETTEBELLO = 6
RE_BELLO = 9
#: A deal destination meaning "face up on the table".
TABLE = -1
NO_ONE = -1
END_WHY = ("target", "napoleone", "limit")
#: The phases by their number (``phase()``): the observation's ``phase``.
PHASE_NAMES = ("deal", "play", "capture", "over")

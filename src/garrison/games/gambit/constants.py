"""The constants of gambit's rules for its Python modules, made by tools/declare.py from rules.pyx,
policy.pxi: every ``cdef enum`` member but the events' (``EVENTS`` has those), and each ``NAME =
value`` of rules.pyx made of literals and the constants above it. Do not edit: the value is written
in rules.pyx only, and ``tools/declare.py --check`` fails when this file differs.
"""

MAX_SEATS = 8
#: 7 ** 6: a hand as base-7 counts of faces 1..6
HAND_CODES = 117649
LIVES = 0
COINS = 1
TRADER = 2
TREASURE = 3
#: multisets of at most 6 dice over 6 faces
MULTISETS = 924
MODES = ("lives", "coins", "trader", "treasure")
ROLL = 6

"""The constants of revolution1848's rules for its Python modules, made by tools/declare.py from
rules.pyx, dealing.pxi, laying.pxi, armies.pxi, round.pxi, end.pxi, policy.pxi, worlds.pxi: every
``cdef enum`` member but the events' (``EVENTS`` has those), and each ``NAME = value`` of rules.pyx
made of literals and the constants above it. Do not edit: the value is written in rules.pyx only,
and ``tools/declare.py --check`` fails when this file differs.
"""

N_PERSON = 42
N_ZUSATZ = 34
N_CARDS = 76
N_PARTIES = 4
N_ABLAUF = 26
MAX_SEATS = 4
MAX_OPS = 8
MAX_DRAWS = 16
HAND_LIMIT_ = 6
#: FLAGS.index("Bund")
BUND = 2
DRAW = 0
PLAY = 1
TARGET = 2
ASSIGN = 3
OVER = 4
KIND_P = 0
KIND_Z = 1
KIND_CHOICE = 2
K_PERSON = 0
K_ZUSATZ = 1
K_ARMY = 2
T_NONE = 0
T_PERSON = 1
T_SIDE = 2
C_EXCLUDE = 0
C_INCLUDE = 1
C_ONLY = 2
A_PUSH = 76
A_PASS = 152
A_PERSON = 153
A_SIDE = 195
A_ASSIGN = 199
A_DRAW_PERSON = 203
A_DRAW_ZUSATZ = 204
HAND_LIMIT = 6
#: The phases by their number (DRAW ... OVER): the observation's ``phase``.
PHASE_NAMES = ("draw", "play", "target", "assign", "over")
ABLAUF_TO_WIN = {2: 6, 3: 5, 4: 4}
#: "Bei einem Patt wird erneut um dieselbe Ablaufkarte gespielt", however often. So that a game has
#: a finite length (the research APIs declare one), a game ends and is scored as it stands after
#: this many Patts in all: a horizon, not a rule (random play sees at most about 10).
PATT_HORIZON = 40
GIVE_VERBS = ("takes command of", "takes over", "now lead")

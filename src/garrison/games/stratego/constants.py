"""The constants of stratego's rules for its Python modules, made by tools/declare.py from
rules.pyx, policy.pxi, prior.pxi: every ``cdef enum`` member but the events' (``EVENTS`` has
those), and each ``NAME = value`` of rules.pyx made of literals and the constants above it. Do not
edit: the value is written in rules.pyx only, and ``tools/declare.py --check`` fails when this file
differs.
"""

#: pieces a side (at most 10 squares x 4 setup rows)
MAX_SIDE = 40
MAX_PIECES = 80
#: positions one chase remembers (see ``remember``)
MAX_CHASE = 256
#: it has moved: no Bomb, no Flag
MOVED = 1
#: it ran more than one square: a Soldier
SCOUTED = 2
#: it took part in a fight: its rank is known
REVEALED = 4
C_EMPTY = -1
C_LAKE = -2
C_SETUP = 0
C_PLAY = 1
C_OVER = 2
#: ``winner`` of a drawn game
C_DRAW = 2
#: placing the next piece on square s: C_PLACE + s (actions.py)
C_PLACE = 3600
#: taking a random legal setup
C_RANDOM_SETUP = 3700
#: taking setup k of the catalogue: C_CATALOGUE + k
C_CATALOGUE = 3701
MODE_ANY = 0
MODE_PIECES = 1
MODE_WHOLE = 2
R_FLAG = 0
R_SPY = 1
R_SCOUT = 2
R_MINER = 3
R_MARSHAL = 10
R_BOMB = 11
NUM_RANKS = 12
#: the piece may end its move there
RAY_MOVE = 1
#: the ray stops there
RAY_END = 2
C_ATTACKER_WINS = 0
C_DEFENDER_WINS = 1
C_BOTH_LOST = 2
C_FLAG_TAKEN = 3
END_NONE = 0
END_FLAG = 1
END_NO_MOVES = 2
END_NEITHER = 3
END_CAP = 4
#: the feature groups of ``prior.GROUPS``: a move takes one index in each
PRIOR_GROUPS = 17
#: 0 empty, 1 unknown unmoved, 2 unknown moved, 3 + rank known
PRIOR_TARGETS = 15
PRIOR_HIDDEN_MAX = 64
C_PRIOR_POLICY = 1
EMPTY = -1
LAKE = -2
SETUP = 0
PLAY = 1
OVER = 2
DRAW = 2
#: The phases by their number (SETUP, PLAY, OVER): the observation's ``phase``.
PHASE_NAMES = ("setup", "play", "over")
ATTACKER_WINS = 0
DEFENDER_WINS = 1
BOTH_LOST = 2
FLAG_TAKEN = 3
#: ``reason`` of a finished game, by its code
REASONS = ("", "flag", "no moves", "no moves for either side", "cap")
CHASE_MEMORY = 256

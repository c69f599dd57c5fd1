"""The constants of soldateska's rules for its Python modules, made by tools/declare.py from
rules.pyx, policy.pxi: every ``cdef enum`` member but the events' (``EVENTS`` has those), and each
``NAME = value`` of rules.pyx made of literals and the constants above it. Do not edit: the value
is written in rules.pyx only, and ``tools/declare.py --check`` fails when this file differs.
"""

NUM_CARDS = 62
MAX_PLAYERS = 6
HAND = 10
BONUS_CARDS = 2
NOSUIT = -1
TOBACCO = 4
#: the effective suit of every trump card
TRUMPS = 5
#: actions.py: DECLARE + 0 = officers only, DECLARE + 1 + suit
DECLARE_ID = 62
DIE_FACES = 5
FLAG = 55
DESERTER = 56
SPY = 57
KOKETTE = 58
BOMB = 59
#: no card but Duels in the trick yet
NOT_LED = -2
NUM_RANKS = 6
NUM_PHASES_C = 10
ROLL_LIMIT_C = 20
P_ROLLOFF = 0
P_DEAL = 1
P_DECLARE = 2
P_PASS = 3
P_ASIDE = 4
P_PLAY = 5
P_BOMB_ROLL = 6
P_KOKETTE_ROLL = 7
P_SPY_ROLL = 8
P_OVER = 9
FOR_DEALER = 0
FOR_DUEL = 1
FOR_RANKS = 2
#: deck.GENERAL: the first special card
GENERAL_ = 50
OBERST_ = 51
MAJOR_ = 52
HAUPTMAN_ = 53
LIEUTENANT_ = 54
PHASE_NAMES = (
    "roll-off", "deal", "declare trump", "pass cards", "lay aside", "play", "bomb", "kokette",
    "spy", "game over",
)
#: ``led`` before a card other than a Duel is in the trick.
UNSET = -2
HAND_SIZE = 10
BONUS = 2
ROLL_LIMIT = 20

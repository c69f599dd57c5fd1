"""The constants of solo66's rules for its Python modules, made by tools/declare.py from rules.pyx,
policy.pxi, solve.pxi, worlds.pxi: every ``cdef enum`` member but the events' (``EVENTS`` has
those), and each ``NAME = value`` of rules.pyx made of literals and the constants above it. Do not
edit: the value is written in rules.pyx only, and ``tools/declare.py --check`` fails when this file
differs.
"""

PLAYERS = 5
HAND = 6
CARDS = 32
TRICKS = 6
TALON = 2
MAX_CALLS = 16
PASS_ID = 32
BID_ID = 33
ANNOUNCE_ID = 37
CLUBS_SUIT = 3
NOTRUMP = -1
WINNING = 66
SCHNEIDER = 33
TOTAL = 130
LAST_BONUS = 10
THROW_INS = 20
C_DEALING = 0
C_AUCTION = 1
C_ANNOUNCE = 2
C_DISCARD = 3
C_PLAY = 4
C_OVER = 5
K_SOLO = 0
K_LAST_TRICK = 1
K_REDEAL = 2
F_KING = 5
F_TEN = 6
F_ACE = 7
TT_BITS = 16
TT_SIZE = 65536
SOLVE_INF = 1048576
#: the other hands, the talon, the undealt pack, the discards
MAX_PLACES = 8
NUM_PLAYERS = 5
HAND_SIZE = 6
TALON_SIZE = 2
NUM_TRICKS = 6
#: The soloist needs this many card points (of 130) to win; 65 wins for the defenders.
WINNING_POINTS = 66
#: A side under this many card points is schneider.
SCHNEIDER_BELOW = 33
NO_TRUMP = -1
#: Play ¶2: thrown-in deals are dealt again however often everyone passes. So that a match has a
#: finite length (the research APIs declare one), it ends as it stands after this many thrown-in
#: deals: a horizon no table reaches by chance (five players passing all round twenty times).
THROW_IN_LIMIT = 20
PHASE_NAMES = ("dealing", "auction", "announce", "discard", "play", "over")
RESULT_KINDS = ("solo", "last_trick", "redeal")

"""The rules of Solo 66, in the order of play (seed: seeds/003_*.txt, readings: specs/solo66.md).

Each function names the part of the seed it carries out: "Play ¶2" is the second paragraph of
the seed's *Play* section (deal, auction, talon, all pass), "¶3" the trick play, "¶4" the card
points and the 66 needed, "¶5" the scoring. The functions change a :class:`Solo66State` only by
assigning new immutable values to its fields (the kernel's State rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from garrison.core.seats import seat_label
from garrison.core.tricks import TrickRules

from .actions import ANNOUNCE_BASE, BID_BASE, PASS
from .deck import (
    CLUBS,
    DECK,
    FULL,
    LAST_TRICK_BONUS,
    SUITS,
    TOTAL_POINTS,
    points_of,
)

if TYPE_CHECKING:
    from .state import Solo66State

NUM_PLAYERS = 5
HAND_SIZE = 6
TALON_SIZE = 2
NUM_TRICKS = 6
#: The soloist needs this many card points (of 130) to win; 65 wins for the defenders.
WINNING_POINTS = 66
#: A side under this many card points is schneider.
SCHNEIDER_BELOW = 33
NO_TRUMP = -1

# phases of one deal
DEALING, AUCTION, ANNOUNCE, DISCARD, PLAY, OVER = range(6)
PHASE_NAMES = ("dealing", "auction", "announce", "discard", "play", "over")

def _strength_table() -> tuple:
    """The kernel's default trick ranking (trump over the led suit, higher face wins), looked up
    as ``[trump or 4][led][card]`` instead of computed per card: same order, faster."""
    base = TrickRules(DECK)
    return tuple(
        tuple(
            tuple(base.default_strength(c, led, None if trump == 4 else trump) for c in range(32))
            for led in range(4)
        )
        for trump in range(5)
    )


_STRENGTH = _strength_table()


def _strength(card: int, led: int, trump: int | None) -> tuple[int, ...] | None:
    return _STRENGTH[4 if trump is None else trump][led][card]


#: Follow suit; if void, trump if you can; otherwise any card (Play ¶3).
TRICK_RULES = TrickRules(DECK, must_trump=True, strength=_strength)
_ALL_SEATS = (1 << NUM_PLAYERS) - 1
FULL_PACK = tuple(range(32))


def forehand(dealer: int) -> int:
    """The player left of the dealer: first to call in the auction and first to lead (¶2, ¶3)."""
    return (dealer + 1) % NUM_PLAYERS


# -- Play ¶2: the deal ---------------------------------------------------------------------------
def start_deal(s: Solo66State) -> None:
    """Play ¶2: a new deal by the current dealer; the cards are then dealt one chance action each."""
    s.phase = DEALING
    s.stock = FULL
    s.pack = FULL_PACK
    s.dealt = 0
    s.hands = (0,) * NUM_PLAYERS
    s.talon = 0
    s.calls = ()
    s.passed = 0
    s.high_bid = -1
    s.high_bidder = -1
    s.soloist = -1
    s.trump = NO_TRUMP
    s.talon_seen = 0
    s.discards = 0
    s.discard_order = ()
    s.leader = forehand(s.dealer)
    s.to_move = s.leader
    s.trick = ()
    s.tricks = ()
    s.piles = (0,) * NUM_PLAYERS
    s.tricks_won = (0,) * NUM_PLAYERS


def deal_target(dealer: int, k: int) -> int:
    """Who gets the ``k``-th card of a deal: cards go round from forehand, 6 each; the last two
    form the talon (-1). (Play ¶2; the order of a fair deal does not change who holds what.)"""
    if k < NUM_PLAYERS * HAND_SIZE:
        return (dealer + 1 + k) % NUM_PLAYERS
    return -1


def deal_card(s: Solo66State, c: int) -> None:
    """Play ¶2: the next card from the pack goes to the next seat, or to the talon at the end."""
    bit = 1 << c
    s.stock ^= bit
    pack = s.pack
    i = pack.index(c)
    s.pack = pack[:i] + pack[i + 1:]
    k = s.dealt
    if k < NUM_PLAYERS * HAND_SIZE:
        seat = (s.dealer + 1 + k) % NUM_PLAYERS
        hands = s.hands
        s.hands = hands[:seat] + (hands[seat] | bit,) + hands[seat + 1:]
    else:
        s.talon |= bit
    s.dealt = k + 1
    if k + 1 == 32:
        s.phase = AUCTION
        s.to_move = forehand(s.dealer)


# -- Play ¶2: the auction ------------------------------------------------------------------------
def legal_calls(high_bid: int) -> list[int]:
    """Play ¶2 (spec): pass, or bid a suit strictly higher than the highest bid so far."""
    return [PASS] + [BID_BASE + suit for suit in range(high_bid + 1, 4)]


def make_call(s: Solo66State, action: int) -> None:
    """Play ¶2: one call of the auction. A pass is final; the auction ends when only the highest
    bidder is left (at once when Clubs is bid, as nobody can go higher), or when all have passed.
    """
    seat = s.to_move
    s.calls = s.calls + ((seat, action),)
    if action == PASS:
        s.passed |= 1 << seat
    else:
        s.high_bid = action - BID_BASE
        s.high_bidder = seat
    still_in = _ALL_SEATS & ~s.passed
    if s.high_bidder >= 0 and (still_in == 1 << s.high_bidder or s.high_bid == CLUBS):
        s.soloist = s.high_bidder
        s.phase = ANNOUNCE
        s.to_move = s.soloist
        return
    if still_in == 0:
        all_passed(s)
        return
    nxt = (seat + 1) % NUM_PLAYERS
    while (s.passed >> nxt) & 1:
        nxt = (nxt + 1) % NUM_PLAYERS
    s.to_move = nxt


#: Play ¶2: thrown-in deals are dealt again however often everyone passes. So that a match has
#: a finite length (the research APIs declare one), it ends as it stands after this many thrown-in
#: deals: a horizon no table reaches by chance (five players passing all round twenty times).
THROW_IN_LIMIT = 20


def all_passed(s: Solo66State) -> None:
    """Play ¶2: nobody bid. ``redeal``: "the cards are dealt again". ``last_trick``: the hand is
    played without trumps (must follow suit only) and only the last trick counts."""
    if s.game.params.all_pass == "redeal":
        throw_in(s)
        return
    s.trump = NO_TRUMP
    s.phase = PLAY
    s.leader = forehand(s.dealer)
    s.to_move = s.leader


def throw_in(s: Solo66State) -> None:
    """Play ¶2, all pass, ``redeal``: the cards are thrown in and the same dealer deals again.
    A thrown-in deal scores nothing and is not one of the match's ``deals``."""
    s.results = s.results + (
        (s.deal_no, s.dealer, "redeal", -1, NO_TRUMP, 0, -1, 0, (0.0,) * NUM_PLAYERS),
    )
    s.throw_ins += 1
    if s.throw_ins >= THROW_IN_LIMIT:
        s.phase = OVER
        s.to_move = -1
        return
    s.deal_start = len(s._history) + 1
    start_deal(s)


# -- Play ¶2: the announcement and the talon -----------------------------------------------------
def legal_announcements(high_bid: int) -> list[int]:
    """Play ¶2: the soloist announces the suit he bid or a higher one."""
    return [ANNOUNCE_BASE + suit for suit in range(high_bid, 4)]


def announce_trump(s: Solo66State, suit: int) -> None:
    """Play ¶2: trump is fixed before the talon is seen; then the soloist picks up the talon."""
    s.trump = suit
    hands = list(s.hands)
    hands[s.soloist] |= s.talon
    s.hands = tuple(hands)
    s.talon_seen = s.talon
    s.talon = 0
    s.phase = DISCARD


def discard(s: Solo66State, c: int) -> None:
    """Play ¶2: the soloist lays two cards of his choice on his own trick pile (they count for
    him, spec)."""
    bit = 1 << c
    hands = list(s.hands)
    hands[s.soloist] ^= bit
    s.hands = tuple(hands)
    s.discards |= bit
    s.discard_order = s.discard_order + (c,)
    if len(s.discard_order) == TALON_SIZE:
        s.phase = PLAY
        s.leader = forehand(s.dealer)
        s.to_move = s.leader


# -- Play ¶3: the tricks -------------------------------------------------------------------------
def playable(s: Solo66State) -> int:
    """Play ¶3: follow suit; if void, trump; with neither, any card (bitmask of the mover's)."""
    hand = s.hands[s.to_move]
    if not s.trick:
        return hand
    return TRICK_RULES.playable(hand, s.trick[0] >> 3, None if s.trump < 0 else s.trump)


def play_card(s: Solo66State, c: int) -> None:
    """Play ¶3: a card to the trick; after the fifth card the trick is decided and turned."""
    seat = s.to_move
    hands = s.hands
    s.hands = hands[:seat] + (hands[seat] ^ (1 << c),) + hands[seat + 1:]
    trick = s.trick + (c,)
    if len(trick) < NUM_PLAYERS:
        s.trick = trick
        s.to_move = (seat + 1) % NUM_PLAYERS
        return
    finish_trick(s, trick)


def finish_trick(s: Solo66State, trick: tuple[int, ...]) -> None:
    """Play ¶3: the highest trump, else the highest card of the led suit, takes the trick and
    leads to the next one."""
    index = TRICK_RULES.winner(trick, None if s.trump < 0 else s.trump)
    winner = (s.leader + index) % NUM_PLAYERS
    mask = 0
    for c in trick:
        mask |= 1 << c
    piles = list(s.piles)
    piles[winner] |= mask
    s.piles = tuple(piles)
    won = list(s.tricks_won)
    won[winner] += 1
    s.tricks_won = tuple(won)
    s.tricks = s.tricks + ((s.leader, trick, winner),)
    s.trick = ()
    if len(s.tricks) == NUM_TRICKS:
        score_deal(s, winner)
        return
    s.leader = winner
    s.to_move = winner


# -- Play ¶4 and ¶5: counting and scoring --------------------------------------------------------
def soloist_card_points(pile: int, discards: int, took_last_trick: bool) -> int:
    """Play ¶4: the soloist's tricks and discards, plus 10 for the last trick."""
    return points_of(pile) + points_of(discards) + (LAST_TRICK_BONUS if took_last_trick else 0)


def soloist_score(points: int, soloist_tricks: int, scoring: str) -> float:
    """Play ¶5 (grupp reading of specs/solo66.md). The soloist wins with 66 or more.

    * Won: + his card points; x2 if the defenders have under 33 (schneider); x3 if they took no
      trick (schwarz).
    * Lost: - twice the defenders' card points; x3 instead if he has under 33; x4 if he took no
      trick.
    * ``points`` scoring: +1 for a win, -1 for a loss.

    >>> soloist_score(66, 3, "grupp"), soloist_score(65, 3, "grupp")
    (66.0, -130.0)
    """
    won = points >= WINNING_POINTS
    if scoring == "points":
        return 1.0 if won else -1.0
    defenders = TOTAL_POINTS - points
    if won:
        factor = 3 if soloist_tricks == NUM_TRICKS else 2 if defenders < SCHNEIDER_BELOW else 1
        return float(points * factor)
    factor = 4 if soloist_tricks == 0 else 3 if points < SCHNEIDER_BELOW else 2
    return float(-defenders * factor)


def last_trick_payoff(scoring: str) -> tuple[float, float]:
    """Play ¶2, all pass, ``last_trick`` (spec): the last-trick taker's gain, each other's loss."""
    return (10.0, -2.5) if scoring == "grupp" else (1.0, -0.25)


def score_deal(s: Solo66State, last_winner: int) -> None:
    """Play ¶4-¶5: count the soloist's points and settle the deal (zero-sum: the defenders share
    the negation of the soloist's score equally)."""
    scoring = s.game.params.scoring
    if s.soloist < 0:
        gain, loss = last_trick_payoff(scoring)
        deltas = tuple(gain if p == last_winner else loss for p in range(NUM_PLAYERS))
        end_deal(s, "last_trick", deltas, last_winner=last_winner)
        return
    sol = s.soloist
    points = soloist_card_points(s.piles[sol], s.discards, last_winner == sol)
    score = soloist_score(points, s.tricks_won[sol], scoring)
    deltas = tuple(score if p == sol else -score / 4 for p in range(NUM_PLAYERS))
    end_deal(s, "solo", deltas, last_winner=last_winner, points=points)


def end_deal(
    s: Solo66State,
    kind: str,
    deltas: tuple[float, ...],
    last_winner: int = -1,
    points: int = 0,
) -> None:
    """Book the deal's scores, then the next dealer (clockwise) deals, or the match is over."""
    s.scores = tuple(a + b for a, b in zip(s.scores, deltas))
    s.results = s.results + (
        (s.deal_no, s.dealer, kind, s.soloist, s.trump, points, last_winner, s.discards, deltas),
    )
    s.deal_no += 1
    if s.deal_no == s.game.params.deals:
        s.phase = OVER
        s.to_move = -1
        return
    s.dealer = (s.dealer + 1) % NUM_PLAYERS
    s.deal_start = len(s._history) + 1
    start_deal(s)


def describe_result(result: tuple) -> str:
    """One public line about a finished deal (the discards are shown when the pile is counted)."""
    deal_no, dealer, kind, soloist, trump, points, last_winner, discards, deltas = result
    head = f"Deal {deal_no + 1} (dealer {seat_label(dealer)}):"
    if kind == "redeal":
        return f"{head} everyone passed; the cards are thrown in and dealt again."
    if kind == "last_trick":
        return f"{head} everyone passed; played without trumps; {seat_label(last_winner)} took the last trick and wins {deltas[last_winner]:+g}."
    verdict = "wins" if points >= WINNING_POINTS else "loses"
    shown = ", ".join(DECK.names(discards))
    return (
        f"{head} {seat_label(soloist)} played {SUITS[trump]} and {verdict} with {points} card points "
        f"(discards {shown}); {seat_label(soloist)} {deltas[soloist]:+g}, each defender "
        f"{deltas[(soloist + 1) % NUM_PLAYERS]:+g}."
    )

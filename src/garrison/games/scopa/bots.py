"""Scopa's own bot: ``greedy``, the usual one-move heuristic (docs/rules/scopa.md, "Bots").

It reads only what its seat may see (its own hand, the table, the captured piles, how many cards
each hand and the stock hold) and the game's options, through the typed state's accessors rather
than the observation with its log (it is the rollout policy of search). For every card in hand and every set
that card may take (or laying it down) it weighs what the move wins (cards, Diamonds, the 7 of
Diamonds, primiera cards, a scopa) against what the next player, always an opponent, may win
back: a sweep of the table left behind, or a valuable card left on it (the 7 of Diamonds is
guarded this way). The chance that the opponent holds a card of some value is counted from the
cards it has not seen.
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, Any, cast

from garrison.core import Bot, State

from . import actions
from .deck import ACES, DIAMONDS, RE_BELLO, SETTEBELLO, VALUE, VALUE_MASK
from .deck import cards_of as cards_in
from .rules import capture_sets
from .scoring import NOBODY

if TYPE_CHECKING:
    from .state import ScopaState

#: What one captured card is worth, in points of a hand (rough shares of each point).
W_CARD = 0.1
W_DIAMOND = 0.2
W_PRIMIERA = {7: 0.35, 6: 0.15, 1: 0.1}
W_SETTEBELLO = 1.2
W_SCOPA = 1.0


class GreedyBot(Bot):
    """Takes the most valuable capture, guards the 7 of Diamonds, avoids leaving a sweep."""

    name = "greedy"
    description = "one-move heuristic: best capture, guard the 7 of Diamonds, avoid sweeps"

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        game_state = cast("ScopaState", state)
        view = _View(self.game.params, game_state, self.seat)
        card = game_state.pending
        if card != NOBODY:
            chosen = game_state.picked
            sets = [s for s in game_state.options if s & chosen == chosen]
            best = max(sets, key=lambda s: (view.capture(card, s), -s))
            return actions.take(cards_in(best & ~chosen)[0])
        best_score: float | None = None
        best_action = legal[0]
        for action in legal:
            kind, card = divmod(action, actions.NUM_CARDS)
            options = () if kind == actions.LAY else view.options(card)
            if options:
                score = max(view.capture(card, s) for s in options)
            else:
                score = view.lay(card)
            if best_score is None or score > best_score + 1e-12:
                best_score, best_action = score, action
        return best_action


def _card_worth(card: int, napola: bool, re_bello: bool) -> float:
    """What capturing ``card`` is worth: a share of the cards point, of the primiera, of the
    Diamonds point (and napola's A-2-3), the whole 7 of Diamonds (and the King, with re_bello)."""
    w = W_CARD + W_PRIMIERA.get(VALUE[card], 0.0)
    if DIAMONDS >> card & 1:
        w += W_DIAMOND
        if napola and card < 3:
            w += 0.3
    if card == SETTEBELLO or (re_bello and card == RE_BELLO):
        w += W_SETTEBELLO
    return w


def _by_suit(values: list[float]) -> tuple[tuple[float, ...], ...]:
    """Per suit, the sum of ``values`` (one per card) over each of the 1024 sets of its cards,
    so that a sum over a set of cards is four look-ups."""
    out = []
    for suit in range(4):
        table = [0.0] * 1024
        for bits in range(1, 1024):
            face = (bits & -bits).bit_length() - 1
            table[bits] = table[bits & (bits - 1)] + values[10 * suit + face]
        out.append(tuple(table))
    return tuple(out)


_WORTH: dict[tuple[bool, bool], tuple[list[float], tuple[tuple[float, ...], ...]]] = {}
#: The capture values of a set of cards of one suit (the same in every suit).
_VALUES = _by_suit([float(VALUE[c]) for c in range(40)])[0]


def _worth_tables(params: Any) -> tuple[list[float], tuple[tuple[float, ...], ...]]:
    key = (bool(params.napola), bool(params.re_bello))
    if key not in _WORTH:
        cards = [_card_worth(c, *key) for c in range(40)]
        _WORTH[key] = (cards, _by_suit(cards))
    return _WORTH[key]


class _View:
    """What the bot knows, and the worth of moves from there."""

    def __init__(self, params: Any, state: ScopaState, me: int) -> None:
        self.p = params
        self.table = state.table
        seen = state.hands[me] | self.table
        for pile in state.piles:
            seen |= pile
        playing = state.pending != NOBODY
        if playing:
            seen |= 1 << state.pending
        unseen = state.pack & ~seen
        n = params.players
        sizes = state.hand_sizes
        stock = state.stock.bit_count()
        next_hand = sizes[(me + 1) % n]
        if next_hand == 0 and stock:
            next_hand = min(params.hand_size, stock // n)
        left_after = sum(sizes) - (0 if playing else 1)
        self.last_play = stock == 0 and left_after == 0
        self.card_worth, self.suit_worth = _worth_tables(params)
        #: Chance that the next player holds a card of each value 1..10 (index 0 unused).
        by_count = _p_holds(unseen.bit_count(), next_hand)
        self.holds = [0.0] + [by_count[(VALUE_MASK[v] & unseen).bit_count()] for v in range(1, 11)]

    def options(self, card: int) -> tuple[int, ...]:
        return capture_sets(self.table, card, self.p.ace_takes_all, self.p.fewest_cards)

    def worth(self, mask: int) -> float:
        t = self.suit_worth
        return t[0][mask & 1023] + t[1][mask >> 10 & 1023] + t[2][mask >> 20 & 1023] + t[3][mask >> 30]

    def risk(self, table: int) -> float:
        """What the next player may win back from ``table``."""
        if self.last_play or not table:
            return 0.0
        v = _VALUES
        total = v[table & 1023] + v[table >> 10 & 1023] + v[table >> 20 & 1023] + v[table >> 30]
        worst = 0.0
        if total <= 10:
            worst = self.holds[int(total)] * (W_SCOPA + self.worth(table))
        if self.p.ace_takes_all and not table & ACES:
            worst = max(worst, self.holds[1] * ((W_SCOPA if self.p.ace_scopa else 0)
                                                + self.worth(table)))
        holds, card_worth = self.holds, self.card_worth
        for c in cards_in(table):
            w = holds[VALUE[c]] * card_worth[c]
            if w > worst:
                worst = w
        return worst

    def capture(self, card: int, taken: int) -> float:
        after = self.table & ~taken
        gain = self.worth(taken | 1 << card)
        if not after and not self.last_play:
            ace_all = self.p.ace_takes_all and VALUE[card] == 1 and not taken & ACES
            if self.p.ace_scopa or not ace_all:
                gain += W_SCOPA
        return gain - self.risk(after)

    def lay(self, card: int) -> float:
        return -self.risk(self.table | 1 << card) - 0.01 * VALUE[card]


def _p_holds(unseen: int, hand: int) -> list[float]:
    """For k = 0..4: the chance that a hand of ``hand`` cards drawn from ``unseen`` cards holds
    at least one of k given ones."""
    h = min(hand, unseen)
    if h == 0:
        return [0.0] * 5
    every = comb(unseen, h)
    # (k never exceeds the unseen cards: a count past them is never looked up)
    return [0.0] + [1.0 - comb(unseen - k, h) / every if k <= unseen else 1.0
                    for k in range(1, 5)]


BOTS: dict[str, type[Bot]] = {GreedyBot.name: GreedyBot}

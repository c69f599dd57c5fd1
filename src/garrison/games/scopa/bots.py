"""Scopa's own bot: ``greedy``, the usual one-move heuristic (research scopa.md section 7).

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
from .deck import ACES, DIAMONDS, FULL, RE_BELLO, SETTEBELLO, VALUE, VALUE_MASK
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
        self.unseen = FULL & ~seen
        n = params.players
        sizes = state.hand_sizes
        stock = state.stock.bit_count()
        self.next_hand = sizes[(me + 1) % n]
        if self.next_hand == 0 and stock:
            self.next_hand = min(params.hand_size, stock // n)
        left_after = sum(sizes) - (0 if playing else 1)
        self.last_play = stock == 0 and left_after == 0

    def options(self, card: int) -> tuple[int, ...]:
        return capture_sets(self.table, card, self.p.ace_takes_all, self.p.fewest_cards)

    def worth(self, mask: int) -> float:
        w = 0.0
        for c in cards_in(mask):
            w += W_CARD + W_PRIMIERA.get(VALUE[c], 0.0)
            if DIAMONDS >> c & 1:
                w += W_DIAMOND
                if self.p.napola and c < 3:
                    w += 0.3
        if mask >> SETTEBELLO & 1:
            w += W_SETTEBELLO
        if self.p.re_bello and mask >> RE_BELLO & 1:
            w += W_SETTEBELLO
        return w

    def p_holds(self, mask: int) -> float:
        """Chance that the next player holds at least one of the unseen cards ``mask``."""
        k = (mask & self.unseen).bit_count()
        u = self.unseen.bit_count()
        h = min(self.next_hand, u)
        if k == 0 or h == 0:
            return 0.0
        return 1.0 - comb(u - k, h) / comb(u, h)

    def risk(self, table: int) -> float:
        """What the next player may win back from ``table``."""
        if self.last_play or not table:
            return 0.0
        total = sum(VALUE[c] for c in cards_in(table))
        worst = 0.0
        if total <= 10:
            worst = self.p_holds(VALUE_MASK[total]) * (W_SCOPA + self.worth(table))
        if self.p.ace_takes_all and not table & ACES:
            worst = max(worst, self.p_holds(ACES) * ((W_SCOPA if self.p.ace_scopa else 0)
                                                     + self.worth(table)))
        for c in cards_in(table):
            worst = max(worst, self.p_holds(VALUE_MASK[VALUE[c]]) * self.worth(1 << c))
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


BOTS: dict[str, type[Bot]] = {GreedyBot.name: GreedyBot}

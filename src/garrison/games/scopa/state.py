"""A game of Scopa in progress (fields: immutable values only, see ``garrison.core.state``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from garrison.core import CHANCE, TERMINAL, State
from garrison.core.events import EMPTY
from garrison.core.seats import seat_label
from garrison.core.state import normalize_text

from . import actions, rules
from .deck import DECK, FULL, NUM_CARDS
from .deck import cards_of as cards_in
from .observe import observe
from .scoring import NOBODY

if TYPE_CHECKING:
    from .game import ScopaGame
    from .params import ScopaParams
    from .scoring import HandScore


class ScopaState(State):
    game: ScopaGame

    def __init__(self, game: ScopaGame) -> None:
        super().__init__(game)
        p = game.params
        self.params: ScopaParams = p
        self.scores: tuple[int, ...] = (0,) * p.sides
        self.hand_no = 1
        self.dealer = p.players - 1  # so that seat 0 leads the first hand
        self.last_score: HandScore | None = None
        self.winners: tuple[int, ...] = ()
        self.result: tuple[float, ...] = (0.0,) * p.players
        self.events: tuple = EMPTY
        # set by start_hand: stock, table, hands, piles, scope, last_capturer, pending, picked,
        # options, mover, plan, deal_i, to_move
        rules.start_hand(self)
        self.hand_start = 0

    # -- the kernel contract ---------------------------------------------------------------------
    def current_player(self) -> int:
        return self.to_move

    def legal_actions(self) -> list[int]:
        """As ``State.legal_actions``, with a fast path at chance nodes (the dealt cards are the
        stock, so the outcome list need not be built twice per deal)."""
        if self._legal is None and self.to_move == CHANCE:
            self._legal = tuple(cards_in(self.stock))
        return super().legal_actions()

    def _legal_actions(self) -> list[int]:
        if self.pending != NOBODY:
            return [actions.NUM_CARDS + c for c in cards_in(rules.choosable(self))]
        hand = self.hands[self.mover]
        legal = cards_in(hand)
        if not self.params.must_capture and self.table:
            legal += [2 * NUM_CARDS + c for c in legal if rules.options_for(self, c)]
        return legal

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        cards = cards_in(self.stock)
        if self._legal is None:  # the kernel's cache of legal ids: the same cards
            self._legal = tuple(cards)
        p = 1.0 / len(cards)
        return [(c, p) for c in cards]

    def _apply(self, action: int) -> None:
        if self.to_move < 0:
            rules.deal_card(self, action)
            return
        kind, card = divmod(action, NUM_CARDS)
        if kind == actions.PLAY:
            rules.play_card(self, card)
        elif kind == actions.TAKE:
            rules.choose(self, card)
        else:
            rules.play_card(self, card, lay=True)

    def is_terminal(self) -> bool:
        return self.to_move == TERMINAL

    def returns(self) -> list[float]:
        return list(self.result)

    def _action_to_string(self, action: int) -> str:
        if self.to_move < 0 and self.to_move != TERMINAL:
            if not 0 <= action < NUM_CARDS:
                raise actions.InvalidActionError(f"no card has id {action}")
            dest = self.plan[self.deal_i]
            where = "the table" if dest == rules.TABLE else f"{seat_label(dest)}"
            return f"deal {DECK.name[action]} to {where}"
        return actions.to_string(action)

    def parse_action(self, text: str) -> int:
        """``play 7d`` / ``lay 7d`` on your turn, ``take 3c`` while choosing a capture; a bare
        card means the step's verb. A verb of the other step is refused, naming the step."""
        if self.to_move < 0:
            return super().parse_action(text)
        choosing = self.pending != NOBODY
        words = normalize_text(text)
        verb = next((w for w in actions.KIND_WORDS if words.startswith(w + " ")), "")
        allowed = ("take",) if choosing else ("play", "lay")
        if verb and verb not in allowed:
            step = (f"while choosing what {DECK.name[self.pending]} captures" if choosing
                    else "before a card is played")
            raise self.unreadable(text, f"{step} you do not {verb}; now you {' or '.join(allowed)}")
        try:
            return actions.parse(text, actions.TAKE if choosing else actions.PLAY)
        except actions.InvalidActionError:
            raise self.unreadable(text) from None

    def _explain_illegal(self, action: int) -> str:
        kind, card = divmod(action, NUM_CARDS)
        return rules.explain_illegal(self, kind, card)

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return observe(self, seat)

    def resample(self, seat: int, rng: Any) -> ScopaState:
        """Re-deal every card ``seat`` has not seen (the stock and the other hands), keeping
        how many cards each hand and the stock hold. Scopa gives no further inference: any
        card may be played at any time.

        The history is rewritten to match: the deal of each re-dealt hand card names its new
        card, so ``replay(world.to_record())`` rebuilds ``world``. (A card still in a hand was
        dealt exactly once since ``hand_start`` and never played, so its id in the history
        is that deal.) The undo stack of the new world starts empty."""
        r = self.rng_of(rng)
        others = [s for s in range(self.params.players) if s != seat]
        unseen = self.stock
        for s in others:
            unseen |= self.hands[s]
        pool = cards_in(unseen)
        r.shuffle(pool)
        hands = list(self.hands)
        renamed: dict[int, int] = {}
        i = 0
        for s in others:
            old = cards_in(self.hands[s])
            new = pool[i:i + len(old)]
            renamed.update(zip(old, new))
            hands[s] = sum(1 << c for c in new)
            i += len(old)
        world = self.clone()
        world.hands = tuple(hands)
        world.stock = sum(1 << c for c in pool[i:])
        history = world._history
        for at in range(self.hand_start, len(history)):
            if history[at] in renamed:
                history[at] = renamed[history[at]]
        world._legal = None
        world._stack = []
        return world

    def check_invariants(self) -> None:
        places = [self.stock, self.table, *self.hands, *self.piles]
        if self.pending != NOBODY:
            places.append(1 << self.pending)
        seen = 0
        for mask in places:
            assert not seen & mask, f"a card is in two places: {DECK.names(seen & mask)}"
            seen |= mask
        if not self.is_terminal():
            assert seen == FULL, f"cards missing: {DECK.names(FULL & ~seen)}"
        assert self.picked & ~self.table == 0, "a chosen card left the table"
        sizes = {h.bit_count() for h in self.hands}
        assert max(sizes) - min(sizes) <= 1 or self.to_move < 0, "hands out of step"

    def __str__(self) -> str:
        p = self.params
        lines = [
            f"Scopa hand {self.hand_no}, dealer {seat_label(self.dealer)}, to move {self.to_move}, "
            f"scores {list(self.scores)} (target {p.target})",
            f"stock ({self.stock.bit_count()}): {' '.join(DECK.names(self.stock))}",
            f"table: {' '.join(DECK.names(self.table))}",
        ]
        for s, h in enumerate(self.hands):
            lines.append(f"{seat_label(s)} (side {p.side_of(s)}): {' '.join(DECK.names(h))}")
        for side, pile in enumerate(self.piles):
            lines.append(f"side {side} pile ({pile.bit_count()}, scope {self.scope[side]}): "
                         f"{' '.join(DECK.names(pile))}")
        if self.pending != NOBODY:
            lines.append(f"capturing with {DECK.name[self.pending]}; chosen "
                         f"{DECK.names(self.picked)}; sets {[DECK.names(o) for o in self.options]}")
        return "\n".join(lines)

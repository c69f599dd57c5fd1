"""A game of Scopa in progress: the compiled rules (``rules.pyx``) with the views.

``ScopaState`` is the compiled ``ScopaCore`` (typed state and rules) joined with the kernel's
Python ``State`` (observation gate, notation, explanations). Nothing here changes the state,
except ``resample``, which builds a new world (and keeps, on the state, what its worlds share).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from garrison.core import CHANCE, InvalidActionError, State
from garrison.core.cards import cards_in
from garrison.core.redeal import deal
from garrison.core.seats import seat_label
from garrison.core.state import normalize_text

from . import actions
from .constants import NOBODY, NUM_CARDS, TABLE
from .deck import DECK, VALUE, italian, italian_names
from .observe import observe
from .rules import ScopaFields, capture_sets
from .scoring import HandScore, score_hand

if TYPE_CHECKING:

    from .params import ScopaParams


class ScopaState(ScopaFields, State):
    """Every field is a typed accessor of ``ScopaCore`` (see ``rules.pyx``)."""

    @property
    def params(self) -> ScopaParams:
        return cast("ScopaParams", self.game.params)

    @property
    def capture_choices(self) -> tuple[int, ...]:
        """The sets the card being played may take (() when no capture is being chosen)."""
        if self.pending == NOBODY:
            return ()
        return self.sets_for(self.pending)

    @property
    def last_score(self) -> HandScore | None:
        """The count of the last hand scored (``scoring.py`` on its piles and sweeps)."""
        counted = self.last_counted
        if counted is None:
            return None
        return score_hand(*counted, napola=self.napola, re_bello=self.re_bello)

    def sets_for(self, card: int) -> tuple[int, ...]:
        """Every set of table cards ``card`` may take now (rules 3.1-3.5, the options)."""
        return capture_sets(self.table, card, self.ace_takes_all, self.fewest_cards)

    # -- text ------------------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        if self.current_player() == CHANCE:
            if not 0 <= action < NUM_CARDS:
                raise InvalidActionError(f"no card has id {action}")
            dest = self.deal_to
            where = "the table" if dest == TABLE else f"{seat_label(dest)}"
            return f"deal {italian(action)} to {where}"
        return actions.to_string(action)

    def parse_action(self, text: str) -> int:
        """``play 7d`` / ``lay 7d`` on your turn, ``take 3c`` while choosing a capture; a bare
        card means the step's verb. A verb of the other step is refused, naming the step."""
        if self.to_move < 0:
            return State.parse_action(self, text)
        choosing = self.pending != NOBODY
        words = normalize_text(text)
        verb = next((w for w in actions.KIND_WORDS if words.startswith(w + " ")), "")
        allowed = ("take",) if choosing else ("play", "lay")
        if verb and verb not in allowed:
            step = (f"while choosing what {italian(self.pending)} captures" if choosing
                    else "before a card is played")
            raise self.unreadable(text, f"{step} you do not {verb}; now you {' or '.join(allowed)}")
        try:
            return actions.parse(text, actions.TAKE if choosing else actions.PLAY)
        except InvalidActionError:
            raise self.unreadable(text) from None

    # -- why an action is not allowed (only what the mover can see) ------------------------------
    def _explain_illegal(self, action: int) -> str:
        kind, card = divmod(action, NUM_CARDS)
        name = italian(card)
        if self.pending != NOBODY:
            playing = italian(self.pending)
            if kind != actions.TAKE:
                return f"finish your capture with {playing} first: choose the table cards it takes"
            if not self.table >> card & 1:
                return f"{name} is not on the table"
            if self.picked >> card & 1:
                return f"you have already chosen {name}"
            return self._why_not_in_set(self.pending, card)
        if kind == actions.TAKE:
            return f"{name}: there is no capture to choose now; play a card from your hand first"
        if not self.hands[self.mover] >> card & 1:
            return f"you do not hold {name}"
        if kind == actions.LAY:
            options = self.sets_for(card)
            if not options:
                return f"{name} takes nothing here: 'play {name}' leaves it on the table"
            if not self.must_capture:
                return f"'lay {name}' is not allowed now"
            example = " + ".join(italian_names(options[0]))
            return (f"a card that can capture must capture: {name} takes {example}; "
                    "play it to capture, or play another card")
        return f"'play {name}' is not allowed now"

    def _why_not_in_set(self, card: int, table_card: int) -> str:
        value = VALUE[card]
        playing, name = italian(card), italian(table_card)
        if value == 1 and self.ace_takes_all:
            return f"an Ace lies on the table: your {playing} takes only an Ace, not {name}"
        same = sum(1 << c for c in cards_in(self.table) if VALUE[c] == value)
        if same:
            return (f"single-card priority: {' or '.join(italian_names(same))} has the value of "
                    f"{playing} and must be taken on its own; {name} cannot be taken with it")
        with_it = self.picked | 1 << table_card
        if self.fewest_cards:
            every = capture_sets(self.table, card, False, False)
            if any(s & with_it == with_it for s in every):
                least = self.capture_choices[0].bit_count()
                so_far = f" and {' + '.join(italian_names(self.picked))}" if self.picked else ""
                return (f"the fewest-cards rule: {playing} must take a set of {least} cards; "
                        f"no such set contains {name}" + so_far)
        total = sum(VALUE[c] for c in cards_in(with_it))
        return (f"{name} does not fit: {' + '.join(italian_names(self.picked) + [name])} makes "
                f"{total}, and no set of table cards with them adds up to {value}, the value of "
                f"{playing}")

    # -- the gate and the worlds -----------------------------------------------------------------
    def _observe(self, seat: int | None) -> dict[str, Any]:
        return observe(self, seat)

    def resample(self, seat: int, rng: Any) -> ScopaState:
        """A world ``seat`` cannot tell from this state: every card it has not seen (the stock
        and the cards the other hands still hold) dealt again at random, each hand and the
        stock keeping their sizes. Scopa has no rule that reveals a void: any card may be
        played at any time.

        The world keeps its history, rewritten so that it holds nothing ``seat`` has not seen:
        it is the game replayed with the current deal's cards to the other hands replaced by
        the world's, dealt by ``redeal.deal`` (each deal is played out before the next, so
        everything before it is public; a hand's slots take the cards it has played since, in
        card order, then the world's). So a world can be stepped back to the deal, and ``ismcts:infer`` can ask
        what the other players' decisions since then say about their cards. Raises
        ``GameError`` for a seat the game does not have."""
        self.check_seat(seat)
        r = self.rng_of(rng)
        base, tail, slots = self._deal_plan(seat)
        hands = self.hands
        unseen = self.stock
        for s in slots:
            unseen |= hands[s]
        caps = [hands[s].bit_count() for s in slots] + [self.stock.bit_count()]
        dealt_now = deal(cards_in(unseen), caps, [0] * len(caps), r)  # nothing is forbidden
        assert dealt_now is not None  # without forbidden cards every deal exists
        actions = list(tail)
        for (s, positions), held in zip(slots.items(), dealt_now):
            dealt = 0
            for at in positions:
                dealt |= 1 << tail[at]
            cards = cards_in(dealt & ~hands[s]) + cards_in(held)
            for at, card in zip(positions, cards):
                actions[at] = card
        world = cast("ScopaState", base.clone())
        applied = world.apply_legal_prefix(actions)
        assert applied == len(actions), "a rewritten deal did not replay"
        return world

    def _deal_plan(self, seat: int) -> tuple[ScopaState, list[int], dict[int, list[int]]]:
        """What every world of ``seat`` shares (worked out once per position and seat): the
        game replayed up to the current deal (public), the actions since, and for each other
        seat the places in them of the cards dealt to it."""
        key = (self.change_count(), seat)
        kept = self.__dict__.get("_worlds_share")
        if kept is not None and kept[0] == key:
            return cast("tuple[ScopaState, list[int], dict[int, list[int]]]", kept[1])
        history = self.history()
        walk = cast("ScopaState", self.game.new_initial_state())
        chance = []
        for action in history:
            chance.append(walk.is_chance_node())
            walk.apply_unchecked(action)
        end = len(history)
        while end and not chance[end - 1]:
            end -= 1
        start = end
        while start and chance[start - 1]:
            start -= 1
        base = cast("ScopaState", self.game.new_initial_state())
        base.apply_legal_prefix(history[:start])
        tail = history[start:]
        slots: dict[int, list[int]] = {s: [] for s in range(self.players) if s != seat}
        step = cast("ScopaState", base.clone())
        for at, action in enumerate(tail[:end - start]):
            step.apply_unchecked(action)
            for s, positions in slots.items():
                if step.hands[s] >> action & 1:
                    positions.append(at)
        plan = (base, tail, slots)
        self.__dict__["_worlds_share"] = (key, plan)
        return plan

    def fields(self) -> dict[str, Any]:
        """The typed state as Python values (equality and debugging)."""
        out = {name: getattr(self, name) for name in (*self.FIELDS, "last_counted")}
        out["returns"] = tuple(self.returns())
        out["events"] = tuple(self.events())
        return out

    def check_invariants(self) -> None:
        places = [self.stock, self.table, *self.hands, *self.piles]
        if self.pending != NOBODY:
            places.append(1 << self.pending)
        seen = 0
        for mask in places:
            assert not seen & mask, f"a card is in two places: {DECK.names(seen & mask)}"
            seen |= mask
        if not self.is_terminal():
            assert seen == self.pack, f"cards missing: {DECK.names(self.pack & ~seen)}"
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
            lines.append(f"capturing with {italian(self.pending)}; chosen "
                         f"{italian_names(self.picked)}; sets {[DECK.names(o) for o in self.capture_choices]}")
        return "\n".join(lines)

    __hash__ = None


__all__ = ["ScopaState"]

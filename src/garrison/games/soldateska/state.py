"""A game of Soldateska in progress: the compiled rules (``rules.pyx``) with the views.

``SoldateskaState`` is the compiled ``SoldateskaCore`` (typed state and rules) joined with the
kernel's Python ``State`` (observation gate, notation, explanations). Nothing here changes the
state except ``resample``, which builds a new one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from garrison.core import InvalidActionError, State
from garrison.core.cards import NO_SUIT, cards_in
from garrison.core.seats import seat_label
from garrison.core.state import normalize_text

from . import deck as K
from . import log, observe, rules
from .actions import (
    DECLARE,
    NUM_ACTIONS,
    card_text,
    declare_id,
    declare_text,
    declared_suit,
    dice_values,
)
from .resample import Worlds, resample_state
from .rules import SoldateskaFields

if TYPE_CHECKING:
    from garrison.core.tricks import TrickRules

    from .params import SoldateskaParams

# The verbs a person may type in each step ("play" may also be left out before a card).
PHASE_VERBS = {
    rules.DECLARE: ("trump",),
    rules.PASS: ("pass",),
    rules.ASIDE: ("lay aside", "aside"),
    rules.PLAY: ("play",),
}
STEP_WORDS = {
    rules.DECLARE: "the General's trump declaration",
    rules.PASS: "the passing down of cards",
    rules.ASIDE: "the Deserter's laying aside",
    rules.PLAY: "trick play",
}
ALL_VERBS = ("lay aside", "aside", "trump", "pass", "play")
_CHANCE_PHASES = (rules.ROLLOFF, rules.DEAL, rules.BOMB_ROLL, rules.KOKETTE_ROLL, rules.SPY_ROLL)


class SoldateskaState(SoldateskaFields, State):
    """Every field is a typed accessor of ``SoldateskaCore`` (see ``rules.pyx``)."""

    @property
    def params(self) -> SoldateskaParams:
        return cast("SoldateskaParams", self.game.params)

    @property
    def tr(self) -> TrickRules:
        """The follow duty and trick ranking under this round's trump."""
        return K.trick_rules(self.trump, self.params.duel_anytime)

    @property
    def log(self) -> tuple[tuple[int, str], ...]:
        """Every line of the log as ``(seat, text)``; seat -1: public (the views filter it)."""
        return tuple(log.entries(self)[0])

    @property
    def settlement(self) -> tuple[str, ...]:
        """This round's settlement so far."""
        return tuple(log.entries(self)[1])

    # -- text ------------------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        phase = self.phase
        if phase in _CHANCE_PHASES:
            if phase == rules.DEAL:
                return card_text("deal", action)
            dice = self.params.kokette_dice if phase == rules.KOKETTE_ROLL else 1
            return "roll " + "+".join(str(v) for v in dice_values(dice, action))
        if action >= DECLARE:
            return declare_text(action)
        verb = {rules.PASS: "pass", rules.ASIDE: "lay aside"}.get(phase, "play")
        return card_text(verb, action)

    def parse_action(self, text: str) -> int:
        """A card by name, with or without this step's verb ("Sabers 3", "play Sabers 3",
        "pass Sabers 3", "lay aside Sabers 3"), or a trump declaration ("trump Sabers", "trump
        officers only"). A verb of another step is refused, naming this step and its verbs. A
        card the seat may not play now still parses, so that applying it explains why not."""
        words = normalize_text(text)
        verbs = PHASE_VERBS.get(self.phase) if self.current_player() >= 0 else None
        if verbs is None or not words:
            return super().parse_action(text)
        verb = next((v for v in ALL_VERBS if words == v or words.startswith(v + " ")), "")
        if verb and verb not in verbs:
            raise self.unreadable(text, f"in {STEP_WORDS[self.phase]} you do not {verb}; "
                                        f"now you {' or '.join(verbs)}")
        rest = words[len(verb):].strip()
        if verb == "trump":
            if rest in ("officers", "officers only"):
                return declare_id(NO_SUIT)
            names = [x.lower() for x in K.SUITS]
            if rest in names:
                return declare_id(names.index(rest))
            raise self.unreadable(text, "declare 'trump officers only' or 'trump <suit>'")
        try:
            return K.BASE_DECK.parse(rest)
        except InvalidActionError:
            raise self.unreadable(text) from None

    def _explain_illegal(self, action: int) -> str:
        phase = self.phase
        seat = self.current_player()
        if phase == rules.DECLARE:
            if action < DECLARE:
                return "first declare trump: officers only, or a weapon suit in play"
            suit = declared_suit(action)
            if suit == K.TOBACCO and self.in_play & K.SUIT_MASK[K.TOBACCO]:
                return "Tobacco may be declared trump only with the option tobacco_trump"
            verb = "is" if suit == K.TOBACCO else "are"
            return f"{K.SUITS[suit]} {verb} not in play in this game: declare a suit in play"
        if action >= DECLARE:
            return {
                rules.PASS: "trump is declared already; now pass 2 cards to the next rank",
                rules.ASIDE: "lay 2 cards aside, not a trump declaration",
            }.get(phase, "trump is declared only by the General at the start of a round")
        name = K.NAMES[action]
        hand = self.hands[seat]
        if not (hand >> action) & 1:
            return f"you do not hold {name}"
        if phase == rules.PLAY:
            if not self.trick and (K.DUELS >> action) & 1:
                return "a Duel card may be led only when you hold nothing else"
            tr = K.trick_rules(self.trump, self.params.duel_anytime)
            duty = tr.duty(hand, tr.led_suit(self.trick), K.TRUMPS)
            if duty:
                return duty
        return f"{name} cannot be played now"

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return observe.observation(self, seat)

    def resample(self, seat: int, rng: Any) -> SoldateskaState:
        """A full state ``seat`` cannot tell from this one (see ``resample.py``)."""
        self.check_seat(seat)
        return resample_state(self, seat, self.rng_of(rng))

    def world_sampler(self, seat: int) -> Worlds:
        """The worlds ``seat`` cannot tell from this state, worked out once: ``draw(rng)``
        gives one as ``resample(seat, rng)`` would. Valid while this state is unchanged.
        Raises ``GameError`` for a seat the game does not have."""
        self.check_seat(seat)
        return Worlds(self, seat)

    def fields(self) -> dict[str, Any]:
        """The typed state as Python values (equality and debugging)."""
        out = {name: getattr(self, name) for name in (*self.FIELDS, "tricks", "ro_blocks")}
        out["events"] = tuple(self.events())
        return out

    def check_invariants(self) -> None:
        n = self.game.num_players
        money = self.bank + sum(self.ducats)
        assert money == self.params.ducats_per_player * n, "ducats not conserved"
        assert all(d >= 0 for d in self.ducats) and self.bank >= 0
        if self.over:
            return
        places = [*self.hands, *self.won, self.stock, self.aside, rules_trick_mask(self)]
        total = 0
        for m in places:
            assert total & m == 0, "a card is in two places"
            total |= m
        assert total == self.in_play, "a card is missing"
        if self.phase == rules.PLAY:
            cards_each = {bin(self.hands[s]).count("1") + (
                1 if (s - self.trick_leader) % n < len(self.trick) else 0) for s in range(n)}
            assert len(cards_each) == 1, "players hold different numbers of cards"

    def __str__(self) -> str:
        n = self.game.num_players
        lines = [
            f"Soldateska round {self.round}, phase {rules.PHASE_NAMES[self.phase]}, "
            f"bank {self.bank}, trump {observe.trump_name(self)}"
        ]
        for s in range(n):
            rank = K.RANK_NAMES[self.ranks[s]] if self.ranks[s] >= 0 else "-"
            lines.append(
                f"{seat_label(s)} {rank:<10} {self.ducats[s]:>3} ducats  hand: "
                + ", ".join(K.NAMES[c] for c in sorted(cards_in(self.hands[s]), key=K.sort_key))
                + f"  | won {K.points(self.won[s])} pts, {self.ntricks[s]} tricks"
            )
        if self.aside:
            lines.append(f"aside ({seat_label(self.aside_owner)}): {', '.join(K.names(self.aside))}")
        lines.append("trick: " + ", ".join(K.NAMES[c] for c in self.trick))
        lines.append(f"unused: {', '.join(K.names(self.stock))}")
        return "\n".join(lines)

    __hash__ = None


def rules_trick_mask(st: SoldateskaState) -> int:
    m = 0
    for c in st.trick:
        m |= 1 << c
    return m


__all__ = ["SoldateskaState", "NUM_ACTIONS"]

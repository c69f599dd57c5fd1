"""A game of Soldateska in progress: fields, turn order, legal actions and the apply dispatch.

All fields hold immutable values (ints, bitmask ints for card sets, tuples, strings); the rules
in ``rules.py`` change them by assignment. One state covers the whole game, round after round,
until the bank is empty.
"""

from __future__ import annotations

from typing import Any

from garrison.core import CHANCE, TERMINAL, InvalidActionError, State
from garrison.core.cards import NO_SUIT, cards_in
from garrison.core.dice import roll_outcomes
from garrison.core.seats import seat_label
from garrison.core.state import normalize_text

from . import deck as K
from . import observe, rules
from .actions import (
    DECLARE,
    DIE_SIDES,
    NUM_ACTIONS,
    card_text,
    declare_id,
    declare_text,
    declared_suit,
    dice_values,
)
from .resample import resample_state

ONE_DIE = tuple(roll_outcomes(1, DIE_SIDES))

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
TWO_DICE = tuple(roll_outcomes(2, DIE_SIDES))
#: ``_DEAL_PAIRS[k][card]`` = ``(card, 1/k)``: a deal's outcomes from a stock of k cards.
_DEAL_PAIRS = ((),) + tuple(tuple((c, 1.0 / k) for c in range(K.NUM_CARDS)) for k in range(1, 63))
_CHANCE_PHASES = (rules.ROLLOFF, rules.DEAL, rules.BOMB_ROLL, rules.KOKETTE_ROLL, rules.SPY_ROLL)


class SoldateskaState(State):
    def __init__(self, game) -> None:  # noqa: ANN001
        super().__init__(game)
        self.phase = rules.ROLLOFF
        self.dealer = -1
        self.roller = -1
        self.ro_purpose, self.ro_blocks, self.ro_rolls, self.ro_top = None, (), (), True
        n = game.num_players
        self.hands = self.passed = self.played = self.won = self.voids = (0,) * n
        self.ntricks = (0,) * n
        self.stock = self.bonus = self.aside = 0
        self.aside_owner, self.aside_public = -1, False
        self.trick, self.trick_leader, self.tricks = (), -1, ()
        self.trump, self.declared = NO_SUIT, True
        self.pass_pos = self.deal_i = self.deal_total = 0
        self.bombed = self.new_deserter = -1
        self.led, self.tr = rules.UNSET, K.trick_rules(NO_SUIT, game.params.duel_anytime)
        rules.setup(self)
        self.to_move = self._player()

    # -- turn ------------------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.to_move

    def _player(self) -> int:
        phase = self.phase
        if phase == rules.PLAY:
            return (self.trick_leader + len(self.trick)) % self.n
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase == rules.PASS:
            return self.order[self.pass_pos]
        if phase == rules.ASIDE:
            return self.aside_owner
        if phase == rules.DECLARE:
            return self.order[0]
        return TERMINAL

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        return rules.returns(self)

    def legal_actions(self) -> list[int]:
        """As the kernel's, with shortcuts for dealing and playing (the hot path)."""
        legal = self._legal
        if legal is None:
            phase = self.phase
            if phase == rules.DEAL:
                legal = self._legal = tuple(K.cards_of(self.stock))
            elif phase == rules.PLAY:
                legal = self._legal = tuple(K.cards_of(rules.playable(self, self.to_move)))
            else:
                return super().legal_actions()
        return list(legal)

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == rules.PLAY:
            return K.cards_of(rules.playable(self, self.to_move))
        if phase == rules.DECLARE:
            return [declare_id(s) for s in sorted(rules.declarable(self))]
        return K.cards_of(self.hands[self.to_move])

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == rules.DEAL:
            cards = K.cards_of(self.stock)
            self._legal = tuple(cards)
            row = _DEAL_PAIRS[len(cards)]
            return [row[c] for c in cards]
        if self.phase == rules.KOKETTE_ROLL and self.game.params.kokette_dice == 2:
            return list(TWO_DICE)
        return list(ONE_DIE)

    # -- apply -----------------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == rules.PLAY:
            rules.play_card(self, action)
            if self.phase == rules.PLAY:
                self.to_move = (self.trick_leader + len(self.trick)) % self.n
                return
        elif phase == rules.DEAL:
            rules.deal_card(self, action)
            if self.phase == rules.DEAL:
                return
        elif phase == rules.ROLLOFF:
            rules.rolloff_roll(self, dice_values(1, action)[0])
        elif phase == rules.PASS:
            rules.pass_card(self, action)
        elif phase == rules.ASIDE:
            rules.lay_aside(self, action)
        elif phase == rules.DECLARE:
            rules.declare_trump(self, declared_suit(action))
        elif phase == rules.BOMB_ROLL:
            rules.bomb_roll(self, dice_values(1, action)[0])
        elif phase == rules.KOKETTE_ROLL:
            rules.kokette_roll(self, dice_values(self.game.params.kokette_dice, action))
        elif phase == rules.SPY_ROLL:
            rules.spy_roll(self, dice_values(1, action)[0])
        self.to_move = self._player()

    # -- text ------------------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        phase = self.phase
        if phase in _CHANCE_PHASES:
            if phase == rules.DEAL:
                return card_text("deal", action)
            dice = self.game.params.kokette_dice if phase == rules.KOKETTE_ROLL else 1
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
            tr = K.trick_rules(self.trump, self.game.params.duel_anytime)
            duty = tr.duty(hand, tr.led_suit(self.trick), K.TRUMPS)
            if duty:
                return duty
        return f"{name} cannot be played now"

    def _observe(self, seat: int | None) -> dict[str, Any]:
        return observe.observation(self, seat)

    def resample(self, seat: int, rng: Any) -> SoldateskaState:
        return resample_state(self, seat, self.rng_of(rng))

    def check_invariants(self) -> None:
        n = self.game.num_players
        money = self.bank + sum(self.ducats)
        assert money == self.game.params.ducats_per_player * n, "ducats not conserved"
        assert all(d >= 0 for d in self.ducats) and self.bank >= 0
        if self.over or not hasattr(self, "hands"):
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


def rules_trick_mask(st: SoldateskaState) -> int:
    m = 0
    for c in st.trick:
        m |= 1 << c
    return m


__all__ = ["SoldateskaState", "NUM_ACTIONS"]

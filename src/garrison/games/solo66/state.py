"""``Solo66State``: one match of Solo 66 in progress (fields are immutable values)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from garrison.core import CHANCE, TERMINAL, InvalidActionError, State
from garrison.core.seats import seat_label
from garrison.core.state import normalize_text

from . import rules
from .actions import ANNOUNCE_BASE, BID_BASE, NUM_ACTIONS, PASS
from .deck import DECK, FULL, NUM_CARDS, SUITS, cards_of, parse_card, parse_suit
from .rules import (
    ANNOUNCE,
    AUCTION,
    DEALING,
    DISCARD,
    NUM_PLAYERS,
    OVER,
    PHASE_NAMES,
    PLAY,
)

if TYPE_CHECKING:
    from .game import Solo66

# The verbs a person may type in each step (a card may also be typed without "play").
PHASE_VERBS = {AUCTION: ("bid", "pass"), ANNOUNCE: ("announce",), DISCARD: ("discard",),
               PLAY: ("play",)}
STEP_WORDS = {AUCTION: "the auction", ANNOUNCE: "the trump announcement",
              DISCARD: "the soloist's discard", PLAY: "trick play"}
ALL_VERBS = ("announce", "discard", "bid", "pass", "play")


#: ``_PAIRS[n][card]`` is the outcome ``(card, 1/n)`` of a deal from a pack of ``n`` cards.
_PAIRS = tuple(
    tuple((c, 1.0 / n if n else 0.0) for c in range(NUM_CARDS)) for n in range(NUM_CARDS + 1)
)


class Solo66State(State):
    """Fields (all immutable): match (``deal_no``, ``dealer``, ``scores``, ``results``,
    ``deal_start``, ``throw_ins``), deal (``phase``, ``to_move``, ``stock`` and the same cards as
    the sorted tuple ``pack``, ``dealt``, ``hands``, ``talon``), auction (``calls``, ``passed``, ``high_bid``, ``high_bidder``), contract
    (``soloist``, ``trump``, ``talon_seen``, ``discards``, ``discard_order``) and play
    (``leader``, ``trick``, ``tricks``, ``piles``, ``tricks_won``). Card sets are bitmasks."""

    game: Solo66

    def __init__(self, game: Solo66) -> None:
        super().__init__(game)
        self.deal_no = 0
        self.dealer = 0
        self.scores: tuple[float, ...] = (0.0,) * NUM_PLAYERS
        self.results: tuple = ()
        self.deal_start = 0
        self.throw_ins = 0
        rules.start_deal(self)

    # -- turn structure ------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == DEALING:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        """The cumulative match scores (each deal is zero-sum)."""
        return list(self.scores)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card left in the pack is equally likely to come next (as
        ``core.cards.deal_outcomes``; the pack is kept as a tuple for speed)."""
        pack = self.pack
        pairs = _PAIRS[len(pack)]
        return [pairs[c] for c in pack]

    def legal_actions(self) -> list[int]:
        """As the kernel's, with a deal's outcome ids taken straight from the pack (speed)."""
        if self._legal is None and self.phase == DEALING:
            self._legal = self.pack
        return super().legal_actions()

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == PLAY:
            return cards_of(rules.playable(self))
        if phase == AUCTION:
            return rules.legal_calls(self.high_bid)
        if phase == DISCARD:
            return cards_of(self.hands[self.soloist])
        return rules.legal_announcements(self.high_bid)

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == PLAY:
            rules.play_card(self, action)
        elif phase == DEALING:
            rules.deal_card(self, action)
        elif phase == AUCTION:
            rules.make_call(self, action)
        elif phase == DISCARD:
            rules.discard(self, action)
        else:
            rules.announce_trump(self, action - ANNOUNCE_BASE)

    # -- words -----------------------------------------------------------------------------------
    def _action_to_string(self, action: int) -> str:
        if 0 <= action < NUM_CARDS:
            name = DECK.name[action]
            if self.phase == DEALING:
                return f"deal {name}"
            if self.phase == DISCARD:
                return f"discard {name}"
            return name
        if action == PASS:
            return "pass"
        if BID_BASE <= action < ANNOUNCE_BASE:
            return f"bid {SUITS[action - BID_BASE]}"
        if ANNOUNCE_BASE <= action < NUM_ACTIONS:
            return f"announce {SUITS[action - ANNOUNCE_BASE]}"
        raise InvalidActionError(f"action id {action} does not exist in Solo 66")

    def parse_action(self, text: str) -> int:
        """Besides the exact notation: a card as ``h10``/``10h``/``♥10`` (with or without this
        step's verb), or a bare suit for the bid or announcement the step asks for. A verb of
        another step is refused, naming this step and its verbs."""
        try:
            return super().parse_action(text)
        except InvalidActionError:
            if self.current_player() < 0:
                raise
        words = normalize_text(text)
        verbs = PHASE_VERBS[self.phase]
        verb = next((v for v in ALL_VERBS if words == v or words.startswith(v + " ")), "")
        if verb and verb not in verbs:
            raise self.unreadable(text, f"in {STEP_WORDS[self.phase]} you do not {verb}; "
                                        f"now you {' or '.join(verbs)}")
        rest = words[len(verb):].strip()
        if self.phase in (PLAY, DISCARD):
            c = parse_card(rest)
            if c is not None:
                return c
        elif verb != "pass":
            suit = parse_suit(rest)
            if suit is not None:
                return (BID_BASE if self.phase == AUCTION else ANNOUNCE_BASE) + suit
        raise self.unreadable(text)

    def _explain_illegal(self, action: int) -> str:
        phase, seat = self.phase, self.to_move
        what = self._describe_id(action)
        if phase == AUCTION:
            if BID_BASE <= action < ANNOUNCE_BASE:
                high = SUITS[self.high_bid]
                higher = [SUITS[s] for s in range(self.high_bid + 1, 4)]
                can = f"bid {' or '.join(higher)} or pass" if higher else "only pass"
                return f"you must bid higher than {high}, the highest bid so far: you may {can}"
            return f"'{what}' is not a call: in the auction you bid a suit or pass"
        if phase == ANNOUNCE:
            if ANNOUNCE_BASE <= action < NUM_ACTIONS:
                allowed = ", ".join(SUITS[s] for s in range(self.high_bid, 4))
                return (
                    f"you bid {SUITS[self.high_bid]}, so you must announce that suit or a "
                    f"higher one: {allowed}"
                )
            return "you won the auction: announce your trump suit first"
        if phase == DISCARD:
            if 0 <= action < NUM_CARDS:
                return f"you cannot discard {DECK.name[action]}: you do not hold it"
            return "discard two cards first (type a card you hold)"
        if phase == PLAY:
            if 0 <= action < NUM_CARDS:
                hand = self.hands[seat]
                if not (hand >> action) & 1:
                    return f"you do not hold {DECK.name[action]}"
                duty = rules.TRICK_RULES.duty(
                    hand, self.trick[0] >> 3, None if self.trump < 0 else self.trump
                )
                return duty or f"{DECK.name[action]} cannot be played now"
            return "the auction is over: play a card"
        return super()._explain_illegal(action)

    # -- hidden information ----------------------------------------------------------------------
    def _observe(self, seat: int | None) -> dict[str, Any]:
        from .observe import observe

        return observe(self, seat)

    def resample(self, seat: int, rng: Any) -> Solo66State:
        from .observe import resample

        return resample(self, seat, self.rng_of(rng))

    # -- checks and text -------------------------------------------------------------------------
    def check_invariants(self) -> None:
        places = [*self.hands, self.talon, self.stock, self.discards, *self.piles]
        trick = 0
        for c in self.trick:
            trick |= 1 << c
        places.append(trick)
        union = 0
        total = 0
        for mask in places:
            assert union & mask == 0, "a card is in two places"
            union |= mask
            total += mask.bit_count()
        assert union == FULL and total == NUM_CARDS, "a card is missing"
        assert abs(sum(self.scores)) < 1e-6, "the scores are not zero-sum"
        if self.phase in (AUCTION, ANNOUNCE):
            assert all(h.bit_count() == rules.HAND_SIZE for h in self.hands)
        if self.phase == PLAY:
            played = len(self.tricks)
            for p, h in enumerate(self.hands):
                in_trick = (p - self.leader) % NUM_PLAYERS < len(self.trick)
                assert h.bit_count() == rules.HAND_SIZE - played - in_trick, "wrong hand size"

    def __str__(self) -> str:
        lines = [
            f"Solo 66, deal {min(self.deal_no + 1, self.game.params.deals)}/"
            f"{self.game.params.deals}, dealer {seat_label(self.dealer)}, phase {PHASE_NAMES[self.phase]}"
        ]
        for p in range(NUM_PLAYERS):
            role = " soloist" if p == self.soloist else ""
            lines.append(
                f"  {seat_label(p)}{role}: {' '.join(DECK.names(self.hands[p])) or '-'}"
                f"  (tricks {self.tricks_won[p]}, score {self.scores[p]:+g})"
            )
        lines.append(f"  talon: {' '.join(DECK.names(self.talon)) or '-'}"
                     f"  discards: {' '.join(DECK.names(self.discards)) or '-'}")
        trump = "none" if self.trump < 0 else SUITS[self.trump]
        high = "-" if self.high_bid < 0 else f"{SUITS[self.high_bid]} by {seat_label(self.high_bidder)}"
        lines.append(f"  high bid: {high}; trump: {trump}")
        if self.trick:
            lines.append(f"  trick (led by {seat_label(self.leader)}): {' '.join(DECK.name[c] for c in self.trick)}")
        return "\n".join(lines)


__all__ = ["Solo66State"]

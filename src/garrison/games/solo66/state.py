"""``Solo66State``: one match of Solo 66 in progress, the compiled rules (``rules.pyx``) with the
views (notation, explanations, the observation gate in ``observe.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from garrison.core import InvalidActionError, State
from garrison.core.seats import seat_label
from garrison.core.state import normalize_text
from garrison.core.tricks import TrickRules

from . import rules
from .actions import ANNOUNCE_BASE, BID_BASE, NUM_ACTIONS, PASS
from .deck import DECK, FULL, NUM_CARDS, SUITS, parse_card, parse_suit
from .log import Result, results
from .observe import observe, resample
from .rules import (
    ANNOUNCE,
    AUCTION,
    DEALING,
    DISCARD,
    NUM_PLAYERS,
    PHASE_NAMES,
    PLAY,
    Solo66Fields,
    WorldChain,
)

if TYPE_CHECKING:
    from .game import Solo66Game

# The verbs a person may type in each step (a card may also be typed without "play").
PHASE_VERBS = {AUCTION: ("bid", "pass"), ANNOUNCE: ("announce",), DISCARD: ("discard",),
               PLAY: ("play",)}
STEP_WORDS = {AUCTION: "the auction", ANNOUNCE: "the trump announcement",
              DISCARD: "the soloist's discard", PLAY: "trick play"}
ALL_VERBS = ("announce", "discard", "bid", "pass", "play")
#: Random deals ``resample`` tries in C before it deals by counting (the voids shown in play can
#: leave few deals that keep them).
WORLD_TRIES = 400
#: ``world_chain``'s model of the others: each decision the heuristic would not make divides a
#: world's weight by 1 / CHAIN_NOISE.
CHAIN_NOISE = 0.01


class Solo66State(Solo66Fields, State):
    """A match of Solo 66: every field is a typed accessor of ``Solo66Core`` (``rules.pyx``):
    match (``deal_no``, ``dealer``, ``scores``, ``results``, ``deal_start``, ``throw_ins``), deal
    (``phase``, ``to_move``, ``stock`` and the same cards as the sorted tuple ``pack``,
    ``dealt``, ``hands``, ``talon``), auction (``calls``, ``passed``, ``high_bid``,
    ``high_bidder``), contract (``soloist``, ``trump``, ``talon_seen``, ``discards``,
    ``discard_order``) and play (``leader``, ``trick``, ``tricks``, ``piles``, ``tricks_won``).
    Card sets are bitmasks."""

    game: Solo66Game

    @property
    def results(self) -> tuple[Result, ...]:
        """The finished deals of the match (see ``log.results``)."""
        return results(self)

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
                duty = TRICK_RULES.duty(
                    hand, self.trick[0] >> 3, None if self.trump < 0 else self.trump
                )
                return duty or f"{DECK.name[action]} cannot be played now"
            return "the auction is over: play a card"
        return super()._explain_illegal(action)

    # -- hidden information ----------------------------------------------------------------------
    def _observe(self, seat: int | None) -> dict[str, Any]:

        return observe(self, seat)

    def resample(self, seat: int, rng: Any) -> Solo66State:
        """A world ``seat`` cannot tell from this state (``observe.resample``), drawn in C
        (``draw_world``); the re-deal by counting where the voids leave few deals."""
        return self.resample_scored(seat, rng, 0)[0]

    def resample_scored(self, seat: int, rng: Any, back: int,
                        worlds: int = 1) -> tuple[Solo66State, int, int]:
        """``(world, agreeing, checked)``: of up to ``worlds`` worlds drawn as ``resample``
        draws them, the one in which the heuristic makes the largest share of the other
        players' decisions since the deal (within the last ``back`` actions), the first making
        all of them (``replay_agreement``; ISMCTS's ``infer``). Raises ``GameError`` for a seat
        not at the table."""

        self.check_seat(seat)
        r = self.rng_of(rng)
        drawn = self.draw_world(seat, r.getrandbits(64), WORLD_TRIES, back, worlds)
        if drawn is not None:
            return cast("Solo66State", drawn[0]), drawn[1], drawn[2]
        world = resample(self, seat, r)  # few deals keep the voids: deal by counting
        if back <= 0:
            return world, 0, 0
        counted = cast("Solo66State", self.game.new_initial_state())
        return counted, *counted.replay_agreement(world.history(), seat, back)

    def world_chain(self, seat: int, rng: Any, back: int) -> WorldChain | None:
        """A Markov chain over the worlds ``seat`` cannot tell from this state, drawn in
        proportion to ``CHAIN_NOISE`` to the power of the other players' decisions since the
        deal (within the last ``back`` actions) that the heuristic would not make there
        (``WorldChain``, worlds.pxi; ISMCTS's ``walk``); ``None`` at the end, or where few
        deals keep the voids. Raises ``GameError`` for a seat not at the table."""
        self.check_seat(seat)
        seed = self.rng_of(rng).getrandbits(64)
        return self.make_world_chain(seat, seed, back, CHAIN_NOISE, WORLD_TRIES)

    def fields(self) -> dict[str, Any]:
        """The typed state as Python values (equality and debugging)."""
        out = {name: getattr(self, name) for name in (*self.FIELDS, "calls", "tricks")}
        out["events"] = tuple(self.events())
        return out

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

    __hash__ = None


#: Follow suit; if void, trump if you can; otherwise any card (Play ¶3): the duty in words for
#: the explanations (the rules apply it in ``rules.pyx``).
TRICK_RULES = TrickRules(DECK, must_trump=True)

__all__ = ["Solo66State"]

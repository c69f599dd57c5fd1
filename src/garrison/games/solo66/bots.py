"""Solo 66's own bot: a rule-of-thumb player that reads only its observation.

* Auction: values each suit as trump (trump length, trump Ace/Ten/King, side Aces and guarded
  Tens) and bids the lowest suit it may while its best suit at or above that bid is worth
  playing; announces the best suit it may.
* Discard: banks points it could lose (bare Tens, Kings), keeps Aces and trumps, and likes to
  empty a short suit so it can trump.
* Play: the soloist draws trumps with sure winners and takes tricks as cheaply as it safely
  can; a defender "smears" points onto a trick another defender has won, beats the soloist
  cheaply when it can, and otherwise throws its least valuable card.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, cast

from garrison.core import Bot, State

from .actions import ANNOUNCE_BASE, BID_BASE, PASS
from .deck import ACE, CARD_POINTS, KING, SUIT_MASK, SUITS, TEN
from .observe import NAME_TO_CARD, observe

if TYPE_CHECKING:
    from .state import Solo66State

#: Minimum hand value (see ``suit_value``) for which the bot is willing to be the soloist.
BID_THRESHOLD = 9.0
_SUIT_INDEX = {name: s for s, name in enumerate(SUITS)}


def _mask(names: list[str]) -> int:
    m = 0
    for n in names:
        m |= 1 << NAME_TO_CARD[n]
    return m


def _has(mask: int, suit: int, face: int) -> bool:
    return (mask >> (suit * 8 + face)) & 1 == 1


def suit_value(hand: int, trump: int) -> float:
    """How good ``hand`` is with ``trump`` as trumps (6 cards before the talon)."""
    trumps = (hand & SUIT_MASK[trump]).bit_count()
    value = 1.6 * trumps
    if _has(hand, trump, ACE):
        value += 2.0
    if _has(hand, trump, TEN):
        value += 2.5 if _has(hand, trump, ACE) else 1.0
    if _has(hand, trump, KING):
        value += 0.5
    for suit in range(4):
        if suit == trump:
            continue
        side = hand & SUIT_MASK[suit]
        if _has(side, suit, ACE):
            value += 1.5
            if _has(side, suit, TEN):
                value += 1.0
        elif not side:
            value += 0.7 if trumps >= 3 else 0.0
    return value


def _strength(c: int, led: int, trump: int) -> tuple[int, int] | None:
    suit = c >> 3
    if suit == trump:
        return (2, c & 7)
    if suit == led:
        return (1, c & 7)
    return None


class HeuristicBot(Bot):
    name = "heuristic"
    #: Minimum ``suit_value`` of the best suit it may announce for the bot to bid.
    bid_threshold = BID_THRESHOLD
    #: A defender takes over a fellow defender's trick with a sure winner before the soloist.
    overtake = True
    description = "bids on trump length and high cards, discards to bank points, plays sound tricks"

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = observe(cast("Solo66State", state), self.seat, with_log=False)  # the gate, no log
        phase = obs["phase"]
        hand = _mask(obs["hand"])
        if phase == "auction":
            return self._call(hand, legal)
        if phase == "announce":
            return max(legal, key=lambda a: suit_value(hand, a - ANNOUNCE_BASE))
        if phase == "discard":
            return self._discard(hand, _SUIT_INDEX[obs["trump"]], legal)
        return self._play(obs, hand, legal)

    # -- auction -------------------------------------------------------------------------------
    def _call(self, hand: int, legal: list[int]) -> int:
        bids = [a for a in legal if a != PASS]
        for action in bids:  # lowest bid first
            floor = action - BID_BASE
            if max(suit_value(hand, t) for t in range(floor, 4)) >= self.bid_threshold:
                return action
        return PASS

    # -- talon ---------------------------------------------------------------------------------
    def _discard(self, hand: int, trump: int, legal: list[int]) -> int:
        def keep_value(rest: int) -> float:
            value = 0.0
            for c in range(32):
                if not (rest >> c) & 1:
                    continue
                suit, face = c >> 3, c & 7
                if suit == trump:
                    value += 6 + face
                elif face == ACE:
                    value += 12
                elif face == TEN and _has(rest, suit, ACE):
                    value += 8
                else:
                    value += face * 0.3
            for suit in range(4):
                if suit != trump and not rest & SUIT_MASK[suit]:
                    value += 4
            return value

        def score(cards: tuple[int, ...]) -> float:
            rest = hand
            banked = 0
            for c in cards:
                rest &= ~(1 << c)
                banked += CARD_POINTS[c]
            return banked + keep_value(rest)

        size = 2 if hand.bit_count() == 8 else 1
        best = max(combinations(legal, size), key=score)
        return best[0]

    # -- trick play ----------------------------------------------------------------------------
    def _play(self, obs: dict[str, Any], hand: int, legal: list[int]) -> int:
        trump = _SUIT_INDEX[obs["trump"]] if obs["trump"] else -1
        me, soloist = self.seat, obs["soloist"]
        seen = hand | _mask(obs["talon"]) | _mask(obs["discards"])
        for trick in obs["tricks"]:
            seen |= _mask(trick["cards"])
        table = [NAME_TO_CARD[n] for n in obs["trick"]["cards"]]
        for c in table:
            seen |= 1 << c
        unseen = ((1 << 32) - 1) & ~seen

        def is_boss(c: int) -> bool:
            suit, face = c >> 3, c & 7
            higher = SUIT_MASK[suit] & ~((1 << (suit * 8 + face + 1)) - 1)
            return not unseen & higher

        def cheapest(cards: list[int]) -> int:
            return min(cards, key=lambda c: (CARD_POINTS[c], c >> 3 == trump, c & 7))

        if soloist is None:  # everyone passed: only the last trick counts
            return self._last_trick_play(legal)
        if not table:
            return self._lead(me == soloist, trump, legal, unseen, is_boss, cheapest)
        leader = obs["trick"]["leader"]
        led = table[0] >> 3
        best_i = max(range(len(table)), key=lambda i: _strength(table[i], led, trump) or (0, -1))
        best = _strength(table[best_i], led, trump) or (0, -1)
        winner = (leader + best_i) % 5
        after = [(me + k) % 5 for k in range(1, 5 - len(table))]
        winners = [c for c in legal if (_strength(c, led, trump) or (0, -1)) > best]
        on_table = sum(CARD_POINTS[c] for c in table)
        if me == soloist:
            if not winners:
                return cheapest(legal)
            if not after:
                return cheapest(winners)
            safe = [
                c for c in winners
                if is_boss(c) and (c >> 3 == trump or not self._may_ruff(obs, led, after))
            ]
            if safe:
                return cheapest(safe)
            if on_table >= 10:
                return max(winners, key=lambda c: _strength(c, led, trump) or (0, -1))
            return cheapest(legal)
        # a defender
        def smear(cards: list[int]) -> int:
            return max(cards, key=lambda c: (CARD_POINTS[c] - (8 if c >> 3 == trump else 0), -(c & 7)))

        if winner != soloist and soloist not in after:
            return smear(legal)  # a fellow defender takes it: give him points
        if winner != soloist:
            # a fellow defender leads the trick, the soloist still to come
            if self._sure(table[best_i], led, trump, obs, is_boss):
                return smear(legal)
            if self.overtake:
                sure = [c for c in winners if self._sure(c, led, trump, obs, is_boss)]
                if sure:
                    return max(sure, key=lambda c: (CARD_POINTS[c], -(c & 7)))
            return cheapest(legal)
        # the soloist leads the trick and has played: beat him as cheaply as possible
        return cheapest(winners) if winners else cheapest(legal)

    def _lead(self, solo, trump, legal, unseen, is_boss, cheapest) -> int:
        trumps = [c for c in legal if c >> 3 == trump]
        side = [c for c in legal if c >> 3 != trump]
        if solo:
            if trumps and unseen & SUIT_MASK[trump]:
                top = max(trumps)
                if is_boss(top):
                    return top
                if len(trumps) >= 3:
                    return min(trumps)
            aces = [c for c in side if is_boss(c)]
            if aces:
                return max(aces, key=lambda c: CARD_POINTS[c])
            if trumps and not unseen & SUIT_MASK[trump]:
                return cheapest(side) if side else max(trumps)
            return cheapest(legal)
        aces = [c for c in side if is_boss(c) and (c & 7) == ACE]
        if aces:
            return aces[0]
        if side:
            return cheapest(side)
        return cheapest(legal)

    @staticmethod
    def _last_trick_play(legal: list[int]) -> int:
        """Keep the strongest cards for the last trick: shed the lowest."""
        return min(legal, key=lambda c: (c & 7, c >> 3))

    def _sure(self, c: int, led: int, trump: int, obs: dict[str, Any], is_boss) -> bool:
        """Whether ``c`` will hold the trick against the soloist still to play: the top card
        left of its suit, and either a trump or of a suit the soloist has shown he holds."""
        suit = c >> 3
        if not is_boss(c) or suit not in (led, trump):
            return False
        return suit == trump or not self._soloist_void(obs, led)

    def _may_ruff(self, obs: dict[str, Any], led: int, after: list[int]) -> bool:
        voids = self._voids(obs)
        return any((voids[p] >> led) & 1 for p in after)

    def _soloist_void(self, obs: dict[str, Any], led: int) -> bool:
        return bool((self._voids(obs)[obs["soloist"]] >> led) & 1)

    @staticmethod
    def _voids(obs: dict[str, Any]) -> list[int]:
        trump = _SUIT_INDEX[obs["trump"]] if obs["trump"] else -1
        voids = [0] * 5
        for trick in obs["tricks"]:
            cards = [NAME_TO_CARD[n] for n in trick["cards"]]
            led = cards[0] >> 3
            for j in range(1, 5):
                if cards[j] >> 3 != led:
                    p = (trick["leader"] + j) % 5
                    voids[p] |= 1 << led
                    if trump >= 0 and cards[j] >> 3 != trump:
                        voids[p] |= 1 << trump
        return voids


__all__ = ["BID_THRESHOLD", "HeuristicBot", "suit_value"]

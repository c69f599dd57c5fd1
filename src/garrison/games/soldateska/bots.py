"""Soldateska's own bots: sensible players that see only what their seat sees.

Both value a card they might win in ducats (weapon points move ranks and wages, a medal pays 1,
the Spy about 2, the Flag a rank; Tobacco, the Kokette, the Bomb and above all the Deserter card
cost) and a card they keep by what it can still do in play. They declare a trump suit only when
very long in it, pass down their worst cards and, as Deserter, lay aside the cards worth most
when held.

* ``heuristic`` plays a card by a quick estimate: how likely the card is to take the trick
  (from the unseen cards that beat it) times what the trick will be worth, less what the card is
  worth kept. It is fast, so search bots use it for their rollouts.
* ``sampler`` imagines a few deals of the unseen cards consistent with what it has seen
  (``state.resample``), lets the others finish the trick in each, and plays the card whose trick
  is worth most to it. Slower and stronger.

Both win valuable tricks cheaply, dump Tobacco and bad cards on tricks others take, and play a
Duel card when a big trick is at stake.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from garrison.core import Bot, State
from garrison.core.cards import NO_SUIT, cards_in, mask_of

from . import deck as K
from . import observe, rules
from .actions import DECLARE, declared_suit

if TYPE_CHECKING:
    from .params import SoldateskaParams
    from .state import SoldateskaState

POINT = 0.1  # ducats per rank point (a rank step is worth about one ducat of wages)
SAMPLES = 6  # imagined deals per card decision


def loot(card: int, ducats: int) -> float:
    """What winning ``card`` is worth at the round's end, in ducats."""
    if card < K.GENERAL:
        return K.POINTS[card] * POINT + (1.0 if (K.MEDALS >> card) & 1 else 0.0)
    return {
        K.FLAG: 1.2, K.SPY: 2.0, K.KOKETTE: -2.0, K.BOMB: -1.0 - 0.25 * ducats,
        K.DESERTER: -5.0,
    }.get(card, 0.0)


def keep_value(card: int, trump: int, ducats: int = 10) -> float:
    """What holding ``card`` for later tricks is worth (negative: better gone)."""
    if card < K.GENERAL:
        if K.SUIT_OF[card] == K.TOBACCO and trump != K.TOBACCO:
            return -0.05 * K.FACE[card]
        if K.SUIT_OF[card] == trump:
            return 0.1 + 0.06 * K.FACE[card]
        return 0.02 * K.FACE[card]
    if card in (K.DUEL1, K.DUEL2):
        return 0.4
    if card in (K.BOMB, K.KOKETTE, K.DESERTER):
        return 0.5 * loot(card, ducats)
    rank = {K.GENERAL: 16, K.OBERST: 15, K.MAJOR: 14, K.HAUPTMAN: 13, K.LIEUTENANT: 12,
            K.FLAG: 11, K.SPY: 0}[card]
    return 0.15 * max(0, rank - 9)


class HeuristicBot(Bot):
    """Declares a long suit, passes its worst cards, wins cheap valuable tricks, dumps bad
    cards, keeps Tobacco away and duels for big tricks."""

    name = "heuristic"
    description = "plays like a sensible person: values cards in ducats, wins what is cheap"

    def step(self, state: State) -> int:
        obs = observe.observation(cast("SoldateskaState", state), self.seat, with_log=False)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = obs["phase"]
        trump = obs["trump_suit"] if obs["trump_suit"] is not None else NO_SUIT
        if phase == "declare trump":
            return self._declare(obs, legal)
        if phase == "pass cards":
            return min(legal, key=lambda c: (keep_value(c, trump) + 0.3 * loot(c, 10), c))
        if phase == "lay aside":
            me = obs["ducats"][self.seat]
            return max(legal, key=lambda c: (loot(c, me) - max(0.0, keep_value(c, trump)), -c))
        return self._play(state, obs, legal, trump)

    def _declare(self, obs: dict[str, Any], legal: list[int]) -> int:
        best, best_score = DECLARE, 60.0  # a suit only when very long (measured)
        for action in legal:
            suit = declared_suit(action)
            if suit == NO_SUIT or suit == K.TOBACCO:
                continue
            mine = [c for c in obs["hand"] if c < K.GENERAL and K.SUIT_OF[c] == suit]
            score = sum(K.FACE[c] + 4 for c in mine)
            if score > best_score:
                best, best_score = action, score
        return best

    def _play(self, state: State, obs: dict[str, Any], legal: list[int], trump: int) -> int:
        """The card with the best estimated value: chance to take the trick times its worth,
        less what the card is worth kept."""
        n = obs["players"]
        params = cast("SoldateskaParams", self.game.params)
        tr = K.trick_rules(trump, params.duel_anytime)
        me = obs["ducats"][self.seat]
        hand = obs["hand"]
        trick = [c for _, c in obs["trick"]]
        seen = mask_of(hand) | mask_of(trick) | mask_of(obs["aside"])
        for pile in obs["won"]:
            seen |= mask_of(pile)
        unseen = cards_in(K.deck_mask(n, params.deck) & ~seen)
        later = n - 1 - len(trick)
        avg = sum(loot(c, 5) for c in unseen) / len(unseen) if unseen else 0.0
        known = sum(loot(c, me) for c in trick)
        per_player = max(1, len(hand) - 1)
        duels_out = sum(1 for c in trick if (K.DUELS >> c) & 1)

        def win_chance(card: int) -> float:
            plain = [c for c in trick + [card] if not (K.DUELS >> c) & 1]
            if (K.DUELS >> card) & 1:
                return 1.0 / (2 + duels_out) if plain else 0.5
            if plain[tr.winner(plain, K.TRUMPS)] != card:
                return 0.0
            p = 1.0 / (1 + duels_out)
            if later == 0:
                return p
            led = tr.led_suit(plain)
            mine = tr.strength(card, led, K.TRUMPS)
            higher = 0.0
            for c in unseen:
                s = tr.strength(c, led, K.TRUMPS)
                if s is not None and (mine is None or s > mine):
                    higher += 1.0 if tr.deck.suit_of[c] == tr.deck.suit_of[card] else 0.35
            if not higher:
                return p
            share = min(1.0, per_player * later / max(1, len(unseen)))
            return p * max(0.05, (1 - share) ** higher if share < 1 else 0.05)

        def follower_loot(card: int) -> float:
            """What one later player is expected to add: mostly the led suit, if he has it."""
            plain = [c for c in trick + [card] if not (K.DUELS >> c) & 1]
            led = tr.led_suit(plain) if plain else NO_SUIT
            if led == NO_SUIT or not unseen:
                return avg
            suited = [c for c in unseen if tr.deck.suit_of[c] == led]
            if not suited:
                return avg
            q = 1 - (1 - len(suited) / len(unseen)) ** per_player
            return q * sum(loot(c, 5) for c in suited) / len(suited) + (1 - q) * avg

        def score(card: int) -> float:
            p = win_chance(card)
            pot = known + loot(card, me) + later * follower_loot(card)
            value = p * pot - keep_value(card, trump, me) - (1 - p) * 0.1 * loot(card, me)
            if not trick and (K.SUITLESS >> card) & 1:
                value -= 3.0  # a suitless lead is won by the leader unless someone trumps
            return value

        return max(legal, key=lambda c: (score(c), -c))


class SamplerBot(HeuristicBot):
    """The heuristic bot, but it plays each card after imagining deals of the unseen cards."""

    name = "sampler"
    description = "the heuristic's choices, but plays cards by imagining deals of the unseen cards"

    def _play(self, state: State, obs: dict[str, Any], legal: list[int], trump: int) -> int:
        """Imagine where the unseen cards are (``state.resample``), let the others finish the
        trick in each imagined deal (half the time sensibly, half the time anyhow), and play the
        card whose trick is worth most on average, less what the card is worth kept."""
        me = obs["ducats"][self.seat]
        done = len(obs["tricks"])
        totals = dict.fromkeys(legal, 0.0)
        rng = self.rng
        for _ in range(SAMPLES):
            world = state.resample(self.seat, rng)
            for card in legal:
                w = cast("SoldateskaState", world.clone())
                w.apply_unchecked(card)
                while len(w.tricks) == done:
                    if w.phase == rules.ROLLOFF:
                        w.apply_unchecked(rng.randrange(len(K.DIE_FACES)))
                    elif rng.random() < 0.5:
                        w.apply_unchecked(rng.choice(w.legal_actions()))
                    else:
                        w.apply_unchecked(_sensible_reply(w))
                _, cards, winner = w.tricks[done]
                if winner == self.seat:
                    totals[card] += sum(loot(c, me) for c in cards)
                else:
                    totals[card] -= 0.1 * loot(card, me)
        return max(legal, key=lambda c: (totals[c] / SAMPLES - keep_value(c, trump, me), -c))


def _sensible_reply(world: SoldateskaState) -> int:
    """How an imagined opponent plays to a trick: take it with the cheapest winning card when it
    is worth having, else play the card it least wants to keep."""
    legal = world.legal_actions()
    if len(legal) == 1:
        return legal[0]
    tr, trick = world.tr, list(world.trick)
    winning = []
    for c in legal:
        if not (K.DUELS >> c) & 1:
            plain = [x for x in trick + [c] if not (K.DUELS >> x) & 1]
            if plain[tr.winner(plain, K.TRUMPS)] == c:
                winning.append(c)
    if winning and sum(loot(c, 5) for c in trick) > -0.2:
        return min(winning, key=lambda c: (keep_value(c, world.trump), c))
    others = [c for c in legal if c not in winning] or legal
    return min(others, key=lambda c: (keep_value(c, world.trump) + 0.3 * loot(c, 5), c))


BOTS: dict[str, type[Bot]] = {HeuristicBot.name: HeuristicBot, SamplerBot.name: SamplerBot}

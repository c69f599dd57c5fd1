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

The heuristic is written once, in C, in the compiled rules (``policy.pxi``, the kernel's
``_policy`` hook): ``heuristic`` asks the state for its move, and the search bots' rollouts play
it in C. ``sampler`` takes the heuristic's declarations, passes and lay-asides from there, and its
values of cards (``loot``, ``keep_value``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from garrison.core import Bot, CompiledPolicyBot, State
from garrison.core.cards import NO_SUIT

from . import deck as K
from . import observe, rules
from .rules import keep_value, loot

if TYPE_CHECKING:
    from .state import SoldateskaState

SAMPLES = 6  # imagined deals per card decision


class HeuristicBot(CompiledPolicyBot):
    """Declares a long suit, passes its worst cards, wins cheap valuable tricks, dumps bad
    cards, keeps Tobacco away and duels for big tricks (policy.pxi)."""

    name = "heuristic"
    description = "plays like a sensible person: values cards in ducats, wins what is cheap"


class SamplerBot(HeuristicBot):
    """The heuristic bot, but it plays each card after imagining deals of the unseen cards."""

    name = "sampler"
    description = "the heuristic's choices, but plays cards by imagining deals of the unseen cards"

    compiled_policy = False  # its card play is its own (below), not the compiled heuristic's

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if cast("SoldateskaState", state).phase != rules.PLAY:
            return super().step(state)  # the heuristic's declaration, pass or lay-aside
        return self._play(state, legal)

    def _play(self, state: State, legal: list[int]) -> int:
        """Imagine where the unseen cards are (``state.resample``), let the others finish the
        trick in each imagined deal (half the time sensibly, half the time anyhow), and play the
        card whose trick is worth most on average, less what the card is worth kept."""
        obs = observe.observation(cast("SoldateskaState", state), self.seat, with_log=False)
        trump = obs["trump_suit"] if obs["trump_suit"] is not None else NO_SUIT
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

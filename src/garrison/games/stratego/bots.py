"""Bots for the Stratego-style game. They read only what their seat sees (the gate's board and
captures, ``observe.view``) and the legal actions.

``heuristic``: sets up with a human layout when the game has an archive; when only whole setups
may be taken, with a random one (the built-in catalogue is public, so an opponent who read it
would know where its Flag stands); else piece by piece, a fresh sound layout drawn from its own
random source: the Flag on the back row, Bombs beside and in front of it, Soldiers towards the
front and the strong pieces in the middle rows. In play it scores every legal move: the
expected gain of an attack over what the enemy piece may be (its known rank, or the ranks still
unaccounted for; a piece that moved is no Bomb or Flag, an unmoved one may be the Flag), danger
from known stronger enemies next to the target square, fleeing from them, guarding its own Flag,
and a small pull towards the enemy, with a little noise. Low pieces thus probe unknown pieces,
strong pieces take revealed weaker ones, and the Spy goes for a revealed Marshal.

The bot is written once, in C, in the compiled rules (``policy.pxi``, the kernel's ``_policy``
hook): ``step`` asks the state for the move with a seed from the bot's generator, and the search
bots' rollouts play it in C. ``VALUE``, its piece values, is also the material of
``evaluate.py``.

``prior``: plays the move people play most often in its place, by the move prior learned from
Gravon games (``prior.py``: the mover's view only), ties broken by its own stream; it sets up
piece by piece with a layout drawn from the model of human setups (``setup_model.py``) where the
army fills its zone, else as ``heuristic`` does. Its move is scored in C (``prior.pxi``, the
compiled policy ``PRIOR_POLICY``): no search, no budget to spend, and search can roll out with
it (docs/bots.md, "Stratego's learned prior and setup model").
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from garrison.core import Bot, CompiledPolicyBot, Game, State

from . import actions
from .prior import move_prior
from .rules import PIECE_VALUES, PRIOR_POLICY, SETUP
from .setup_model import SetupModel, setup_model

if TYPE_CHECKING:
    from .state import StrategoState

#: What each rank is worth to the bot (Flag .. Bomb; the compiled bot's own table).
VALUE: tuple[float, ...] = PIECE_VALUES


class HeuristicBot(CompiledPolicyBot):
    """Probes with low pieces, takes weaker revealed pieces, guards its Flag (policy.pxi)."""

    name = "heuristic"
    description = "probes with low pieces, takes weaker revealed pieces, guards its flag"


class PriorBot(CompiledPolicyBot):
    """The human move prior's likeliest move; human-like setups (see the module docstring).
    Its moves in play are the compiled policy ``PRIOR_POLICY`` (``prior.pxi``, ties drawn from
    the bot's stream), so a search rolls out with it in C (``ismcts:rollout=prior``)."""

    name = "prior"
    description = "plays the move people play most often there (learned from Gravon games)"
    compiled_id = PRIOR_POLICY

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        super().__init__(game, seat, seed)
        move_prior()  # the weights in C
        #: The seed of its setup layout (drawn once: every setup step lays out the same one).
        self.setup_seed = self.rng.getrandbits(64)
        self._layout: tuple[int, ...] | None = None

    def step(self, state: State) -> int:
        st: StrategoState = state  # type: ignore[assignment]  # the game's own states
        legal = st.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if st.phase == SETUP:
            return self._setup(st, legal)
        return int(st.policy_action(self.next_seed(), PRIOR_POLICY))

    def _setup(self, state: StrategoState, legal: list[int]) -> int:
        rules = state.rules
        if (not SetupModel.fits(rules.army, rules.rows)
                or not any(actions.PLACE <= a < actions.RANDOM_SETUP for a in legal)):
            return int(state.policy_action(self.rng.getrandbits(64)))  # as the heuristic sets up
        if self._layout is None:
            self._layout = setup_model().sample(rules.army, random.Random(self.setup_seed))
        rank = rules.army[state.placed[self.seat]]
        zone = rules.zones[self.seat]
        for i, r in enumerate(self._layout):
            if r == rank and actions.PLACE + zone[i] in legal:
                return actions.PLACE + zone[i]
        # a setup begun elsewhere took the layout's squares: any free square of the zone
        places = [a for a in legal if actions.PLACE <= a < actions.RANDOM_SETUP]
        return places[self.rng.randrange(len(places))]


BOTS: dict[str, type[Bot]] = {"heuristic": HeuristicBot, "prior": PriorBot}

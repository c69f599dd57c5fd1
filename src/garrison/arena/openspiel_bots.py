"""OpenSpiel's own bots as arena opponents, through the OpenSpiel adapter.

``openspiel-ismcts`` is OpenSpiel's Python ``ISMCTSBot`` (random-rollout evaluator, one rollout
per simulation, UCT, most-visited final move) playing a Garrison game registered with
``garrison.interop.openspiel``. Settings follow the name like the search bots':
``openspiel-ismcts:sims=200:c=2``. It is not in the general bot registry (``garrison.bots``
sits below the adapters); the arena resolves it by name.

At each move the bot replays the game's actions into an adapter state; OpenSpiel's bot then
searches from that state's information-state string and draws worlds with the adapter's
``resample_from_infostate``, so it sees what the seat may see and no more.
"""

from __future__ import annotations

from typing import Any, ClassVar

from garrison.bots.search import SearchBot
from garrison.core import Game, GameError, OptionError, State


class OpenSpielISMCTS(SearchBot):
    name = "openspiel-ismcts"
    description = "OpenSpiel's Python ISMCTSBot (random rollouts) through the adapter"
    settings: ClassVar[dict[str, tuple[Any, Any]]] = {
        "sims": (int, 200),   # simulations per move
        "c": (float, 2.0),    # UCT constant (OpenSpiel's examples use 2 on returns in [-1, 1])
        "worlds": (int, -1),  # max_world_samples (-1: a fresh world per simulation)
    }

    def __init__(self, game: Game, seat: int, seed: int | None = None, **opts: Any) -> None:
        super().__init__(game, seat, seed, **opts)
        try:
            import numpy as np
            from open_spiel.python.algorithms import ismcts, mcts

            from garrison.interop import openspiel as adapter
        except ImportError as err:  # pragma: no cover - the rl extra is installed in CI
            raise OptionError(f"openspiel-ismcts needs open_spiel: {err}") from None
        self._spiel_game = adapter.load_game(game.name, **game.options)
        rs = np.random.RandomState(self.rng.randrange(2**31))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        self._bot = ismcts.ISMCTSBot(
            self._spiel_game, evaluator, float(self.opts["c"]), int(self.opts["sims"]),
            max_world_samples=int(self.opts["worlds"]), random_state=rs,
            allow_inconsistent_action_sets=True,
        )

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        spiel_state = self._spiel_game.new_initial_state()
        for action in state.history():
            spiel_state.apply_action(action)
        action = int(self._bot.step(spiel_state))
        if action not in legal:
            raise GameError(f"OpenSpiel's ISMCTS chose {action}, not a legal action here")
        return action


#: Bots the arena knows beyond ``garrison.bots``: name -> class.
ARENA_BOTS: dict[str, type[SearchBot]] = {OpenSpielISMCTS.name: OpenSpielISMCTS}

__all__ = ["ARENA_BOTS", "OpenSpielISMCTS"]

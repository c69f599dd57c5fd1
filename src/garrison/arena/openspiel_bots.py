"""OpenSpiel's own bots as arena opponents, through the OpenSpiel adapter.

``openspiel-ismcts`` is OpenSpiel's Python ``ISMCTSBot`` (random-rollout evaluator, one rollout
per simulation, UCT, most-visited final move) playing a Garrison game registered with
``garrison.interop.openspiel``. Settings follow the name like the search bots':
``openspiel-ismcts:sims=200:c=2``, or a time per move like theirs,
``openspiel-ismcts:0.05s:clock=cpu`` (OpenSpiel's search loop, run until the clock says stop
instead of for a fixed count: at least one simulation, the same search otherwise). It is not in the general bot registry (``garrison.bots``
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
        "sims": (int, 200),   # simulations per move (unless seconds is set)
        "seconds": (float, None),  # time per move instead of a count
        "clock": (str, "wall"),    # the seconds in wall time, or the thread's "cpu" time
        "c": (float, 2.0),    # UCT constant (OpenSpiel's examples use 2 on returns in [-1, 1])
        "worlds": (int, -1),  # max_world_samples (-1: a fresh world per simulation)
    }

    def __init__(self, game: Game, seat: int, seed: int | None = None, **opts: Any) -> None:
        super().__init__(game, seat, seed, **opts)
        try:
            import numpy as np
            from open_spiel.python.algorithms import mcts

            from garrison.interop import openspiel as adapter
        except ImportError as err:  # pragma: no cover - the rl extra is installed in CI
            raise OptionError(f"openspiel-ismcts needs open_spiel: {err}") from None
        self._spiel_game = adapter.load_game(game.name, **game.options)
        rs = np.random.RandomState(self.rng.randrange(2**31))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        self._bot = _timed_class()(
            self.budget,
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
        self.last_simulations = self._bot.simulations
        if action not in legal:
            raise GameError(f"OpenSpiel's ISMCTS chose {action}, not a legal action here")
        return action


def _timed_class() -> type:
    from open_spiel.python.algorithms import ismcts

    class Timed(ismcts.ISMCTSBot):  # type: ignore[misc]  # OpenSpiel has no stubs
        """OpenSpiel's ISMCTSBot whose search runs while the arena bot's budget lasts (a count
        or a time): ``run_search`` is OpenSpiel's, with its ``for`` over a fixed count replaced
        by the budget's loop."""

        def __init__(self, budget: Any, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._budget = budget
            self.simulations = 0

        def run_search(self, state: Any) -> Any:
            self.reset()
            legal_actions = state.legal_actions()
            if len(legal_actions) == 1:
                return [(legal_actions[0], 1.0)]
            self._root_node = self.create_new_node(state)
            budget = self._budget()
            # OpenSpiel's first simulation only evaluates the root: go on until a move has a visit
            while budget.more() or self._root_node.total_visits <= 0:
                self.run_simulation(self.sample_root_state(state))
                budget.tick()
            self.simulations = budget.used
            node = self.filter_illegals(self._root_node, state.legal_actions())
            return self.get_final_policy(state, node)

    return Timed


#: Bots the arena knows beyond ``garrison.bots``: name -> class.
ARENA_BOTS: dict[str, type[SearchBot]] = {OpenSpielISMCTS.name: OpenSpielISMCTS}

__all__ = ["ARENA_BOTS", "OpenSpielISMCTS"]

"""The Stratego-style game: static facts computed from the options."""

from __future__ import annotations

from typing import Any

from garrison.core import Game, GameFacts

from . import actions, evaluate, gravon, observe, prior_data, render
from .bots import BOTS
from .params import PLY_LIMIT, Rules, StrategoParams
from .pieces import army_ranks
from .setups import catalogue_size
from .state import StrategoState

#: The "master" level where it holds: the search with the prior's rollouts (``master_bot``).
MASTER = "ismcts:0.1s:fallback=1.5:rollout=prior"
#: The army the move prior learned from (Gravon's classic games), as ranks in placement order.
CLASSIC_ARMY = army_ranks("classic")


class StrategoGame(Game):
    name = "stratego"
    title = "Stratego-style battle game"
    version = "2"  # 2: the random bot draws from its stream (CHANGELOG.md)
    replays_versions = ("1",)
    listing = 5
    summary = (
        "Two armies of 40 hidden pieces on a 10x10 board with two lakes. Each side sets up in its "
        "last four rows, then the players take turns moving one piece a square (Soldiers run "
        "along free lines). Moving onto an enemy attacks: both ranks are shown and the lower is "
        "removed (equal: both); the Spy takes the Marshal if it attacks first, Bombs destroy "
        "every attacker but the Defuser. Capture the enemy Flag, or leave the enemy without a "
        "move. Presets: seed (default), isf, gravon, barrage, duel."
    )
    Params = StrategoParams
    State = StrategoState
    params: StrategoParams
    openspiel_peer = "dark_chess"
    bench_options = {"setup": "whole"}
    bots = BOTS
    evaluator = staticmethod(evaluate.evaluate)  # type: ignore[arg-type]  # on its own states
    #: Gravon's archive of people's games (``garrison train stratego --recorded``).
    recorded = staticmethod(prior_data.recorded_decisions)
    #: Search rolls out 20 moves, then values the position by material (``evaluate.py``), and
    #: widens progressively (20-40 legal moves, a budget of tens of simulations).
    search_defaults = {"horizon": "20", "widen": 1.0}
    importers = {"gravon": gravon.cli_import}
    test_configs = (
        {"max_plies": 150},
        {"rules": "isf", "max_plies": 200, "setup": "whole"},
        {"rules": "barrage", "max_plies": 200},
        {"rules": "duel", "max_plies": 120, "setup": "pieces", "scout_move_and_attack": False},
        {"army": "F1,B2,S1,2:2,3:1,10:1", "setup_rows": 1, "two_square_limit": 2,
         "more_squares": True, "forget_revealed": True, "setup": "whole"},
    )

    def __init__(self, params: StrategoParams | None = None) -> None:
        p = params if params is not None else StrategoParams()
        self.rules = Rules.of(p)
        self.catalogue = catalogue_size(p.army, p.setup_rows, p.setup_file)
        super().__init__(p)

    def _facts(self) -> GameFacts:
        p = self.params
        cap = p.max_plies or PLY_LIMIT  # the game ends drawn there (params.PLY_LIMIT)
        return GameFacts(
            num_players=2,
            num_distinct_actions=actions.CATALOGUE + self.catalogue,
            max_chance_outcomes=100,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=2 * self.rules.n + cap,
            max_chance_nodes=2 * self.rules.n,  # a random setup: one chance move a piece
            observation_tensor_size=observe.TENSOR_SIZE,
            utility_sum=0.0,
            perfect_information=False,
        )

    def master_bot(self) -> str | None:
        """The strong search playing its rollouts and first tries with the move prior learned
        from people's classic games (docs/bots.md, "The search with the prior's rollouts"), with
        the classic army alone: with Barrage's eight pieces the prior's rollouts made the search
        weaker than the plain one (docs/bots.md, "Levels: measured Elo")."""
        return MASTER if self.rules.army == CLASSIC_ARMY else None

    def _tensor_parts(self) -> list[tuple[str, int, str]]:
        return observe.layout(self)

    def render(self, obs: dict[str, Any]) -> str:
        return render.render(obs)


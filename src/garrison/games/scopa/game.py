"""Scopa (docs/rules/scopa.md): the Italian fishing game, 2-6 players."""

from __future__ import annotations

from typing import Any

from garrison.core import Game, GameFacts

from . import actions, evaluate, observe, render
from .bots import BOTS
from .deck import NUM_CARDS
from .params import ScopaParams
from .state import ScopaState

#: Player decisions in one hand at most: 40 cards played, and at most 40 table cards chosen.
DECISIONS_PER_HAND = 2 * NUM_CARDS


def side_points(obs: dict[str, Any], seat: int) -> float:
    """The running score of ``seat``: its side's points, scored at the end of each hand
    (docs/rules/scopa.md, "Scoring a hand")."""
    return float(obs["scores"][obs["my_side"]])


class ScopaGame(Game):
    name = "scopa"
    title = "Scopa"
    version = "2"  # 2: the random bot draws from its stream (CHANGELOG.md)
    replays_versions = ("1",)
    listing = 6
    hand_key = "hand_no"  # a replay marks each new hand
    summary = (
        "The Italian fishing game with a 40-card pack in Coins, Cups, Batons and Swords (J, Q, K "
        "count 8, 9, 10). Play a card to take a table card of equal value, or a set adding up to "
        "it; clearing the table is a scopa. Each hand scores most cards, most Coins, the First "
        "(primiera), the 7 of Coins (settebello) and every scopa; first side to the target wins. 2 or 3 "
        "players alone, 4 in two teams, 6 in three; Scopone deals and variants as options."
    )
    Params = ScopaParams
    State = ScopaState
    params: ScopaParams
    openspiel_peer = "hearts"
    bench_options = {"players": 4}
    bots = BOTS
    running_score = staticmethod(side_points)
    #: The lead in points, for search; see ``evaluate.py``. (``StateValue`` hooks: staticmethods,
    #: typed for Scopa's own states.)
    evaluator = staticmethod(evaluate.evaluate)  # type: ignore[arg-type]  # on its own states
    #: ISMCTS backs up that lead and compares its moves on common worlds and deals; a rollout
    #: stops after about one hand (``evaluate.HAND_ACTIONS``) and takes the lead there
    #: (docs/bots.md, "Per-game hooks for search").
    search_defaults = {"value": "eval", "paired": 1, "horizon": str(evaluate.HAND_ACTIONS)}
    #: Each seat's game points (its side's), for the arena's score difference.
    tally = staticmethod(evaluate.tally)  # type: ignore[arg-type]  # on its own states
    test_configs = (
        {"players": 2, "target": 3},
        {"players": 3, "target": 2, "napola": True, "re_bello": True},
        {"players": 4, "target": 2},
        {"players": 6, "target": 2, "fewest_cards": True},
        {"players": 4, "deal": "scopone", "target": 2, "must_capture": False},
        {"players": 4, "deal": "scopone10", "target": 2, "ace_takes_all": True},
        {"players": 2, "target": 2, "ace_takes_all": True, "ace_scopa": True, "napola": True},
        {"players": 3, "target": 1, "must_capture": False, "fewest_cards": True,
         "re_bello": True},
        {"players": 3, "deal": "all", "values": 4, "suits": 3, "target": 3},  # a reduced pack
    )

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Partners sit opposite (Players: 4 play as two teams, 6 as three): each side's seats."""
        p = self.params
        return tuple(tuple(s for s in range(p.players) if p.side_of(s) == side)
                     for side in range(p.sides))

    def _facts(self) -> GameFacts:
        p = self.params
        sides = p.sides
        return GameFacts(
            num_players=p.players,
            num_distinct_actions=actions.NUM_ACTIONS,
            max_chance_outcomes=NUM_CARDS,
            min_utility=-1.0 / (sides - 1),
            max_utility=1.0,
            max_game_length=DECISIONS_PER_HAND * p.hand_limit,
            max_chance_nodes=NUM_CARDS * p.hand_limit,  # one chance move a card dealt
            observation_tensor_size=observe.tensor_size(p),
            utility_sum=0.0,
            perfect_information=False,
        )

    def _tensor_parts(self) -> list[tuple[str, int, str]]:
        return observe.layout(self.params)

    def _tensor_ranges(self) -> dict[str, tuple[float, float]]:
        # sweeps of a hand and points of a game have no bound in the rules
        return {"scope": (0.0, float("inf")), "scores": (0.0, float("inf"))}

    def render(self, obs: dict[str, Any]) -> str:
        return render.render(obs)


"""The Solo 66 game (``Solo66Game``): facts from the options, the tensor and the text view."""

from __future__ import annotations

from typing import Any, ClassVar

from garrison.core import Bot, Game, GameFacts

from . import log, observe, render
from .actions import NUM_ACTIONS
from .bots import HeuristicBot
from .deck import NUM_CARDS
from .params import Solo66Params
from .rules import NUM_PLAYERS, THROW_IN_LIMIT
from .state import Solo66State

#: Player decisions in one deal at most: 5 passes + 4 rising bids, 1 announcement, 2 discards,
#: 30 cards.
DECISIONS_PER_DEAL = 9 + 1 + 2 + 30
#: The largest win of one deal (schwarz, 130 x 3) and the largest loss (no trick, 130 x 4).
MAX_WIN, MAX_LOSS = 390.0, 520.0


def match_score(obs: dict[str, Any], seat: int) -> float:
    """The running score of ``seat``: its match score, which changes after every deal
    (docs/rules/solo66.md)."""
    return float(obs["scores"][seat])


class Solo66Game(Game):
    name = "solo66"
    title = "Solo 66"
    version = "2"  # 2: the random bot draws from its stream (CHANGELOG.md)
    replays_versions = ("1",)
    listing = 4
    hand_key = "deal"  # a replay marks each new deal
    hand_word = "deal"
    trick_key = "tricks_won"  # and each trick taken
    summary = (
        "Five players, a 32-card Skat pack, six cards each and two in the talon. The auction is "
        "for the trump suit (Diamonds < Hearts < Spades < Clubs); the winner may announce a "
        "higher suit, takes the talon and discards two cards that count for him, then plays "
        "alone against four. Follow suit, else trump; the soloist needs 66 of 130 card points. "
        "Schneider under 33, schwarz without a trick."
    )
    Params = Solo66Params
    State = Solo66State
    params: Solo66Params
    bots: ClassVar[dict[str, type[Bot]]] = {HeuristicBot.name: HeuristicBot}
    running_score = staticmethod(match_score)
    #: The soloist of a deal, for search with ``own`` (docs/bots.md).
    declarer = staticmethod(log.declarer)  # type: ignore[arg-type]  # on its own states
    #: Worlds in which the heuristic, standing in for the others, repeats their bids, discards
    #: and cards of this deal (ISMCTS ``infer``; docs/bots.md, "Worlds that fit what the others did"),
    #: and the search's own solos valued at what it makes of them, 65 points over the heuristic
    #: that plays them in the rollouts (``own``; docs/log/bots-history.md, "Solo 66's worlds in C").
    search_defaults: ClassVar[dict[str, Any]] = {"infer": 16, "own": 65.0}
    openspiel_peer = "skat"
    bench_options = {"deals": 1}
    test_configs = (
        {"deals": 2},
        {"deals": 1, "all_pass": "last_trick"},
        {"deals": 2, "scoring": "points", "all_pass": "last_trick"},
    )

    def search_settings(self) -> dict[str, Any]:
        """Scored by points (+1 or -1 a deal) the search has no ``own`` edge: 65 is in card
        points, and there it made the search declare every deal (docs/bots.md, "Levels:
        measured Elo")."""
        settings = dict(self.search_defaults)
        if self.params.scoring == "points":
            settings["own"] = 0.0
        return settings

    def _facts(self) -> GameFacts:
        p = self.params
        deals = p.deals
        if p.scoring == "points":
            low, high = -float(deals), float(deals)
        else:
            low, high = -MAX_LOSS * deals, MAX_WIN * deals
        return GameFacts(
            num_players=NUM_PLAYERS,
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CARDS,
            min_utility=low,
            max_utility=high,
            max_game_length=DECISIONS_PER_DEAL * deals + NUM_PLAYERS * THROW_IN_LIMIT,
            # every deal, thrown in or played, deals the whole pack one card at a time
            max_chance_nodes=NUM_CARDS * (deals + THROW_IN_LIMIT),
            observation_tensor_size=observe.TENSOR_SIZE,
            utility_sum=0.0,
            perfect_information=False,
        )

    def _tensor_parts(self) -> list[tuple[str, int, str]]:
        return observe.layout()

    def _tensor_ranges(self) -> dict[str, tuple[float, float]]:
        # running scores, scaled by the largest win of the match (losses are larger)
        scale = max(self.facts.max_utility, 1.0)
        return {"scores": (self.facts.min_utility / scale, self.facts.max_utility / scale)}

    def render(self, obs: dict[str, Any]) -> str:
        return render.render(obs)


__all__ = ["Solo66Game"]

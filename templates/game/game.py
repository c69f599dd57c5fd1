"""High Die (docs/rules/<name>.md): the static description of the game with its options."""

from __future__ import annotations

from typing import Any

import numpy as np

from garrison.core import Game, GameFacts

from . import observe
from .params import HighDieParams
from .state import HighDieState


class HighDieGame(Game):
    name = "highdie"
    title = "High Die"
    summary = ("Each player is dealt a die face down; in turn each keeps it or rolls it again "
               "once. The highest die wins.")
    Params = HighDieParams
    State = HighDieState
    params: HighDieParams
    test_configs = ({}, {"players": 2, "faces": 3, "ties": "nobody"}, {"players": 4})

    def _facts(self) -> GameFacts:
        p = self.params
        n = p.players
        return GameFacts(
            num_players=n,
            num_distinct_actions=2,  # keep, roll again
            max_chance_outcomes=p.faces + 1,  # a face 1..faces is its own id
            min_utility=-1.0,
            max_utility=float(n - 1),
            max_game_length=2 * n,
            observation_tensor_size=sum(size for _, size, _ in observe.parts(self)),
            utility_sum=0.0,
            max_chance_nodes=2 * n,
        )

    def _tensor_parts(self) -> list[tuple[str, int, str]]:
        return observe.parts(self)

    def encode_observation(self, obs: dict[str, Any]) -> np.ndarray:
        return observe.encode(self, obs)

"""Soldateska (docs/rules/soldateska.md): a trick-taking game of ranks, wages, duels and a bank that runs dry."""

from __future__ import annotations

from typing import Any

from garrison.core import Game, GameFacts

from . import observe, render
from .actions import NUM_ACTIONS
from .bots import BOTS
from .deck import NUM_CARDS
from .params import SoldateskaParams
from .rules import BONUS, HAND_SIZE, ROLL_LIMIT
from .state import SoldateskaState


def ducats(obs: dict[str, Any], seat: int) -> float:
    """The running score of ``seat``: its ducats, which change every round
    (docs/rules/soldateska.md)."""
    return float(obs["ducats"][seat])


class SoldateskaGame(Game):
    name = "soldateska"
    title = "Soldateska"
    version = "2"  # 2: the random bot draws from its stream (CHANGELOG.md)
    replays_versions = ("1",)
    listing = 1
    hand_key = "round"  # a replay marks each new round
    hand_word = "round"
    trick_key = "tricks_won"  # and each trick taken
    summary = (
        "A trick-taking game for 3-6 players by Jean du Poel. A recruitment round decides the "
        "ranks (General, Oberst, Major, Hauptman, Lieutenant, Deserter) by the value of the "
        "weapon cards won; then each round the General takes 2 bonus cards and declares trump, "
        "cards are passed down the ranks, and the Deserter lays 2 aside and leads. Duel cards "
        "start dice battles for a trick. After each round: Bomb, Deserter, Kokette, medals, "
        "Spy, new ranks and wages from the bank. When the bank is empty, most ducats wins."
    )
    Params = SoldateskaParams
    State = SoldateskaState
    params: SoldateskaParams
    openspiel_peer = "hearts"
    bench_options = {"players": 4}
    bots = BOTS
    running_score = staticmethod(ducats)
    test_configs = (
        {"players": 3, "ducats_per_player": 2},
        {"players": 4, "ducats_per_player": 2},
        {"players": 6, "ducats_per_player": 2, "kokette_dice": 2},
        {"players": 5, "ducats_per_player": 2, "deck": "full", "duel_anytime": True},
        {"players": 3, "ducats_per_player": 2, "deck": "full", "returns": "win"},
        {"players": 4, "ducats_per_player": 2, "deck": "five_suits", "tobacco_trump": True},
        {"players": 3, "ducats_per_player": 2, "deck": "five_suits", "max_rounds": 2},
    )

    def _facts(self) -> GameFacts:
        p = self.params
        n = p.players
        total = p.ducats_per_player * n
        per_round = 1 + (n - 1) * 2 + BONUS + HAND_SIZE * n
        win = p.returns == "win"
        return GameFacts(
            num_players=n,
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CARDS,
            min_utility=0.0,
            max_utility=1.0 if win else float(total),
            max_game_length=per_round * p.max_rounds,
            # a round: the deal, a roll-off for the ranks and one per trick (each at most
            # ROLL_LIMIT rolls of at most n dice), the Bomb (at most ROLL_LIMIT rolls), the
            # Kokette and the Spy; and the first dealer's roll-off
            max_chance_nodes=(HAND_SIZE * n + BONUS + (HAND_SIZE + 1) * ROLL_LIMIT * n
                              + ROLL_LIMIT + 2) * p.max_rounds + ROLL_LIMIT * n,
            observation_tensor_size=observe.tensor_size(self),
            utility_sum=1.0 if win else None,
            perfect_information=False,
        )

    def _tensor_parts(self) -> list[tuple[str, int, str]]:
        return observe.layout(self)

    def render(self, obs: dict[str, Any]) -> str:
        return render.render(obs)


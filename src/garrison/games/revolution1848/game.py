"""1848 (docs/rules/1848.md): Kuhlmann's card game of the German revolution, extended rules for 2-4."""

from __future__ import annotations

from typing import Any

from garrison.core import Game, GameFacts

from . import actions, observe, render, rules
from .bots import BOTS
from .carddata import CardSet, load_cards
from .params import Revolution1848Params, in_play
from .state import Revolution1848State


def victory_points_now(obs: dict[str, Any], seat: int) -> float:
    """The running score of ``seat``: the victory points it would get if the game ended now,
    from the party points every player has credited so far (public; docs/rules/1848.md, "End
    and scoring"). Every round that credits points may change it; at the end it is the seat's
    victory points."""
    return float(rules.final_scoring(obs["tally"])[0][seat])


class Revolution1848Game(Game):
    name = "1848"
    title = "1848 - Das Kartenspiel zur Revolution"
    version = "2"  # 2: the random bot draws from its stream (CHANGELOG.md)
    replays_versions = ("1",)
    listing = 2
    hand_key = "round"  # a replay marks each new round
    hand_word = "round"
    summary = (
        "Card game of the 1848 revolution for 2-4 players (G. H. Kuhlmann). Each round "
        "players lay politicians of four parties (Republicans, Democrats, Liberals, "
        "Reactionaries) and event cards that raise or lower them, push a card back under its "
        "pile to stay in, or pass. The strongest party decides; its main holder takes the "
        "round card and credits the votes. Army cards with commanders decide a round "
        "militarily. Most victory points at the end win. Only a few card values of the original "
        "are known: all values marked * are Garrison's reconstruction, not the original "
        "printing."
    )
    Params = Revolution1848Params
    State = Revolution1848State
    params: Revolution1848Params
    openspiel_peer = "hearts"
    bench_options = {"players": 4}
    bots = BOTS
    running_score = staticmethod(victory_points_now)
    test_configs = (
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 2, "rules": "base"},
    )

    def strong_bot(self) -> str:
        """The search without ``fallback``: in 1848 the rule-of-thumb bot's move is worth less
        than the search's choice, and keeping it unless the search is sure cost the strong
        search against itself (docs/bots.md, "Levels for players")."""
        return "ismcts:0.1s:fallback=0"

    def __init__(self, params: Revolution1848Params | None = None) -> None:
        p = params if params is not None else Revolution1848Params()
        self.cards: CardSet = load_cards(p.cards)
        #: the Ablaufkarten in play and the bitmask of the cards left out (rules and ``pack``)
        self.in_play: tuple[list[int], int] = in_play(self.cards, p.rules, p.pack)
        #: every event worded so far, by event: its lines (``log._tell``)
        self.event_lines: dict[tuple[int, int, int, int], tuple[tuple[int, str], ...]] = {}
        super().__init__(p)

    def _facts(self) -> GameFacts:
        p = self.params
        n = p.players
        ablauf = len(self.in_play[0])
        rounds = ablauf + rules.PATT_HORIZON  # every Stich takes a card, or is one of the Patts
        hand = 4 if p.rules == "base" else 6
        per_round = n * (2 * hand + 2)  # plays, pushes and targets of the hand, a pass, a draw choice
        armies = sum(1 for k in self.cards.kind if k == "army")
        return GameFacts(
            num_players=n,
            num_distinct_actions=actions.NUM_ACTIONS,
            max_chance_outcomes=actions.N_CARDS,
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=rounds * per_round + armies * (n + 1),
            observation_tensor_size=observe.tensor_size(),
            utility_sum=1.0,
            perfect_information=False,
        )

    def _tensor_parts(self) -> list[tuple[str, int, str]]:
        return observe.layout(self)

    def _tensor_ranges(self) -> dict[str, tuple[float, float]]:
        # values and tallies may go below zero ("Es kann auch negativ enden") and grow without
        # a bound of the rules; Patts are at most rules.PATT_HORIZON; piles hold up to 42 cards
        free = (float("-inf"), float("inf"))
        return {"person_values": free, "tally": free, "party_totals": free,
                "patt_count": (0.0, rules.PATT_HORIZON / 3.0), "piles": (0.0, 4.2),
                # Ablaufkarten won / 6: up to every card of the sequence (26)
                "seats": (0.0, len(self.cards.ablauf_id) / 6.0)}

    def render(self, obs: dict[str, Any]) -> str:
        return render.render(obs, self.cards)


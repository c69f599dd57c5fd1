"""Soldier's Gambit (docs/rules/gambit.md): roll five dice, set aside, reroll; the lowest score loses."""

from __future__ import annotations

from typing import Any

from garrison.core import Game, GameFacts, OptionError
from garrison.core.dice import multisets

from . import actions, evaluate, observe, render
from .bots import BOTS
from .params import GambitParams
from .solver import turn_solver
from .state import GambitState


class GambitGame(Game):
    name = "gambit"
    title = "Soldier's Gambit"
    version = "2"  # 2: the random bot draws from its stream (CHANGELOG.md)
    replays_versions = ("1",)
    listing = 3
    hand_key = "round"  # a replay marks each new round
    hand_word = "round"
    summary = (
        "A tavern dice game for 2-8 players. On your turn roll five dice, set aside at least one "
        "after every roll and reroll the rest until all are set aside. Score the pips, or a "
        "combination: five of a kind 30 + face, 1-2-3-4-5 (minor blessing) 38, 2-3-4-5-6 (major "
        "blessing) 40. The lowest score of the round loses a life (ties all lose); the last player "
        "with lives wins. Modes: lives, coins, trader, treasure."
    )
    Params = GambitParams
    State = GambitState
    params: GambitParams
    openspiel_peer = "pig"
    bench_options = {"players": 2}
    bots = BOTS
    #: A lost life valued for search (``evaluate.py``; a ``StateValue`` hook, so a staticmethod).
    evaluator = staticmethod(evaluate.evaluate)
    #: Search rolls out with the round-optimal ``exact`` bot (the solver), not ``greedy``, and
    #: only to the end of the round: a lost life is valued by ``evaluate.py``.
    search_defaults = {"rollout": "exact", "horizon": "eval"}
    test_configs = (
        {"players": 2},
        {"players": 5, "dice": 4, "lives": 2},
        {"players": 3, "dice": 6, "mode": "coins", "lives": 2},
        {"players": 4, "mode": "trader", "rounds": 3, "stake": 2},
        {"players": 3, "mode": "treasure", "coins": 2, "rounds": 6, "prize": "minor blessing"},
        {"players": 3, "mode": "treasure", "coins": 1, "rounds": 4, "rebuy": True},
        {"players": 3, "dice": 2, "mode": "coins", "lives": 2},  # fewer dice (exact game theory)
    )

    def strong_bot(self) -> str:
        """The round solver, ``exact``, in every mode (its values take each mode's stakes:
        ``solver.mode_values``); the search was not shown to beat it (docs/bots.md, "Levels:
        measured Elo")."""
        return "exact"

    def _facts(self) -> GameFacts:
        p = self.params
        n = p.players
        if p.mode == "lives":
            low, high = -1.0, 1.0
        elif p.mode == "coins":
            low, high = -float(p.lives), float((n - 1) * p.lives)
        elif p.mode == "trader":
            low = -float(p.stake * (n - 1) * p.rounds)
            high = -low
        else:
            low = -float(p.rounds if p.rebuy else min(p.coins, p.rounds))
            high = -low * (n - 1)
        rounds = p.max_rounds if p.mode in ("lives", "coins") else p.rounds
        return GameFacts(
            num_players=n,
            num_distinct_actions=actions.NUM_ACTIONS,
            max_chance_outcomes=len(multisets(p.dice)),
            min_utility=low,
            max_utility=high,
            max_game_length=rounds * n * (2 * p.dice - 1),
            max_chance_nodes=rounds * n * p.dice,  # a roll sets aside at least one die
            observation_tensor_size=observe.tensor_size(self),
            utility_sum=0.0,
            perfect_information=True,
        )

    def solve(self, **query: Any) -> dict[str, Any]:
        """Exact turn solution: ``objective`` "expected" (maximum expected score) or "beat"
        (maximum probability of a final score strictly above ``target``); ``table=True`` adds
        the policy (kept dice, roll, best set-aside, value) for every decision point."""
        objective = query.get("objective", "expected")
        target = query.get("target")
        if objective not in ("expected", "beat"):
            raise OptionError(f"objective must be expected or beat (got {objective!r})")
        if objective == "beat" and target is None:
            raise OptionError("the 'beat' objective needs a target score (--target)")
        solver = turn_solver(self.params.dice)
        values = solver.solve(solver.utility(objective, target))
        out: dict[str, Any] = {
            "value": float(values[solver.root]),
            "dice": self.params.dice,
            "objective": objective,
            "target": target,
        }
        if query.get("table"):
            out["table"] = [
                {"kept": list(k), "roll": list(r), "set_aside": list(s), "value": v}
                for k, r, s, v in solver.policy_table(values)
            ]
        return out

    def _tensor_parts(self) -> list[tuple[str, int, str]]:
        return observe.layout(self)

    def _tensor_ranges(self) -> dict[str, tuple[float, float]]:
        # trader mode: a seat wins or pays at most the stake to each other seat a round, so its
        # coins stay within (1 - n) and n times the mode's money
        n = float(self.params.players)
        return {"coins": (1.0 - n, n)}

    def render(self, obs: dict[str, Any]) -> str:
        return render.render(obs)


"""The deal's contract said at the table (``facts`` of a game's ``scoreboard.table``): Solo 66's
and Soldateska's trump, Solo 66's soloist and count or the highest bid, each the same words as
the scoreboard's note under the table, from the observation only."""

from __future__ import annotations

import random
from typing import Any

import pytest

import garrison
from random_play import decisions, played_out


def _views(name: str, seed: int) -> list[dict[str, Any]]:
    game = garrison.load(name)
    state = game.new_initial_state()
    rng = random.Random(seed)
    out = []
    for at in decisions(state, rng):
        obs = at.observation(at.current_player())
        out.append((obs, game.widgets(obs, at.legal_actions())))
        at.apply_action(rng.choice(at.legal_actions()))
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_solo66_says_the_trump_and_the_soloists_count_at_the_table(seed: int) -> None:
    seen = set()
    for obs, ui in _views("solo66", seed):
        facts, notes = ui["facts"], ui["scoreboard"]["notes"]
        assert all(f in notes for f in facts)
        if obs.get("trump"):
            assert facts[0] == f"Trump: {obs['trump']}"
            seen.add("trump")
        soloist = obs.get("soloist")
        if soloist is not None and obs.get("soloist_points") is not None:
            assert facts[-1] == (f"Soloist P{soloist + 1}: {obs['soloist_points']} card points to "
                                 f"the defenders' {obs['defender_points']} (66 wins)")
            seen.add("soloist")
        elif obs.get("high_bid"):
            assert facts[-1].startswith(f"Highest bid: {obs['high_bid']} by P")
            seen.add("bid")
        if not obs.get("trump") and not obs.get("high_bid") and soloist is None:
            assert facts == [] or facts == ["No trumps: the last trick wins the deal"]
    assert {"trump", "soloist", "bid"} <= seen


def test_soldateska_says_the_trump_at_the_table() -> None:
    with_trump = 0
    for obs, ui in _views("soldateska", 3):
        assert ui["facts"] == ([f"Trump: {obs['trump']}"] if obs.get("trump") else [])
        assert all(f in ui["scoreboard"]["notes"] for f in ui["facts"])
        with_trump += bool(ui["facts"])
    assert with_trump


@pytest.mark.parametrize("mode", ["lives", "coins", "trader", "treasure"])
def test_gambit_says_the_lowest_score_so_far_and_what_it_costs(mode: str) -> None:
    game = garrison.load("gambit", mode=mode)
    state = game.new_initial_state()
    rng = random.Random(4)
    tied = False
    for at in decisions(state, rng):
        obs = at.observation(at.current_player())
        facts = game.widgets(obs, at.legal_actions())["facts"]
        posted = [(p["score"], p["seat"]) for p in obs["players"] if p["score"] is not None]
        if not posted:
            assert facts[0] == "First to roll this round"
        else:
            low = min(s for s, _ in posted)
            lowest = [f"P{seat + 1}" for s, seat in posted if s == low]
            assert facts[0].startswith(f"Lowest so far: {low} ({', '.join(lowest)}); the lowest ")
            tied |= len(lowest) > 1
            if mode == "trader":
                assert facts[0].endswith(f"Highest so far: {max(s for s, _ in posted)}")
        assert (f"Pool: {obs['pool']} coin" in " ".join(facts)) == (mode in ("coins", "treasure"))
        # the terminal's text view says the same line once a score is posted
        assert (facts[0] in game.render(obs)) == bool(posted)
        at.apply_action(rng.choice(at.legal_actions()))
    assert tied or mode != "lives"  # a tie for lowest was seen and said with both seats


def test_gambit_how_to_says_who_pays_whom_in_coin_trader() -> None:
    # seed "Coin Trader": the lowest pays the highest; several lowest all pay, several highest
    # are all paid (not every lower score paying every higher one)
    text = " ".join(garrison.load("gambit", mode="trader", stake=2).how_to_play())
    assert "the lowest score pays 2 coins to the highest (ties: every lowest pays every highest)" in text


@pytest.mark.parametrize(("name", "seed"), [("solo66", 5), ("soldateska", 3)])
def test_a_finished_game_says_no_contract_at_the_table(name: str, seed: int) -> None:
    """The result says how the last deal ended: the felt keeps no trump or bid of it, and the
    notes under the table no highest bid (Solo 66's soloist may have announced a higher suit
    than he bid: random play's fifth deal of seed 5 bid Clubs, and this holds whatever was
    announced)."""
    game, state = played_out(name, seed)
    for seat in (0, None):
        obs = state.observation(seat)
        ui = game.widgets(obs, [])
        assert ui["facts"] == []
        assert not [n for n in ui["scoreboard"]["notes"] if n.startswith("Highest bid")]
        assert ui["result"]

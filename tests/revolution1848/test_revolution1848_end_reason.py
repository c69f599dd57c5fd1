"""Why a game of 1848 ended, as the table says it: a player won enough round cards (extended
rules) or the round cards ran out (the base game), and the winners by victory points."""

from __future__ import annotations

import pytest

from random_play import played_out


@pytest.mark.parametrize(("options", "ran_out"), [({"players": 3}, False), ({"players": 2, "rules": "base"}, True)])
def test_the_table_says_why_the_game_ended_and_who_won(options: dict, ran_out: bool) -> None:
    for seed in range(4):
        game, state = played_out("1848", seed, **options)
        obs = state.observation(0)
        reason = (game.widgets(obs, []) or {})["reason"]
        if ran_out:
            assert reason.startswith("The round cards ran out.")
        else:
            to_win = obs["ablauf"]["to_win"]
            winner = next(s for s, won in enumerate(obs["won"]) if len(won) >= to_win)
            assert reason.startswith(f"P{winner + 1} won {to_win} round cards.")
        vp = obs["vp"]
        names = " and ".join(f"P{s + 1}" for s in obs["winners"])
        assert reason.endswith(f"the most victory points win: {names}, {max(vp)} victory point"
                               + ("s." if max(vp) != 1 else "."))
        # the log's last line names the same winners
        said = obs["log"][-1].rsplit(";", 1)[1]  # "game over: P1 6 VP, P2 4 VP; winner P1"
        assert all(f"P{s + 1}" in said for s in obs["winners"]) and "winner" in said

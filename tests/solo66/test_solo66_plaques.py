"""Who plays with whom in a deal, at the table (``widgets.describe`` and the scoreboard): once
the auction is won, the soloist's plaque says "soloist" and each defender's "defender" (the four
share the result), and so does the Role column; nothing before, in a deal without trumps, or
when the match is over."""

from __future__ import annotations

import random

import pytest

import garrison
from random_play import decisions


@pytest.mark.parametrize(("seed", "options"), [(1, {}), (4, {"all_pass": "last_trick"})])
def test_the_soloist_and_the_defenders_are_said_on_the_plaques(seed: int, options: dict) -> None:
    game = garrison.load("solo66", **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    sides_seen = without = 0
    for at in decisions(state, rng):
        for seat in (at.current_player(), None):
            obs = at.observation(seat)
            ui = game.widgets(obs, at.legal_actions() if seat is not None else [])
            teams = [p.get("team") for p in ui["seats"]]
            roles = [row["cells"][-1] for row in ui["scoreboard"]["rows"]]
            soloist = obs.get("soloist")
            if soloist is None:
                assert teams == [None] * 5
                without += 1
            else:
                assert teams == ["soloist" if s == soloist else "defender" for s in range(5)]
                assert all(r.startswith(t) for r, t in zip(roles, teams, strict=True))
                sides_seen += 1
        at.apply_action(rng.choice(at.legal_actions()))
    assert sides_seen and without
    final = state.observation(0)
    assert final["phase"] == "over" and final["soloist"] is not None
    ui = game.widgets(final, [])
    assert [p.get("team") for p in ui["seats"]] == [None] * 5
    assert not any(row["cells"][-1].startswith(("soloist", "defender")) for row in ui["scoreboard"]["rows"])

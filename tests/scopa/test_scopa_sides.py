"""A side has one name wherever it is said (``sides.side_label``): the log, the text view, the
scoreboard's Side column and the result's reason name a team by its letter and its seats."""

from __future__ import annotations

import random

import garrison


def _finished(players: int) -> dict:
    game = garrison.load("scopa", players=players, target=99, hand_limit=1)
    state = game.new_initial_state()
    rng = random.Random(7)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.observation(0)


def test_four_players_name_each_team_the_same_everywhere() -> None:
    game = garrison.load("scopa", players=4, target=99, hand_limit=1)
    obs = _finished(4)
    board = game.widgets(obs, [])["scoreboard"]
    assert [row["cells"][0] for row in board["rows"]] == [
        "Team A (P1+P3)", "Team B (P2+P4)", "Team A (P1+P3)", "Team B (P2+P4)"]
    scored = next(line for line in obs["log"] if line.startswith("Hand 1 scored"))
    assert scored.startswith("Hand 1 scored team A (P1+P3) ")
    assert "team B (P2+P4) " in scored
    text = game.render(obs)
    assert "Scores: team A (P1+P3) " in text and " · team B (P2+P4) " in text


def test_six_players_have_three_lettered_teams() -> None:
    obs = _finished(6)
    scored = next(line for line in obs["log"] if line.startswith("Hand 1 scored"))
    assert [part.split(" ")[0:2] + [part.split(" ")[2]] for part in
            scored.removeprefix("Hand 1 scored ").split(". Totals")[0].split(", ")] == [
        ["team", "A", "(P1+P4)"], ["team", "B", "(P2+P5)"], ["team", "C", "(P3+P6)"]]


def test_players_alone_are_named_by_their_seat() -> None:
    game = garrison.load("scopa", players=3, target=99, hand_limit=1)
    obs = _finished(3)
    assert "Side" not in game.widgets(obs, [])["scoreboard"]["columns"]
    scored = next(line for line in obs["log"] if line.startswith("Hand 1 scored"))
    assert scored.startswith("Hand 1 scored P1 ") and ", P3 " in scored

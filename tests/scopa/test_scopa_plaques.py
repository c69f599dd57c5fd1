"""The seats' plaques at the table (``widgets.describe``): with partners each plaque says its
team, and a seated player's partner is named so; with each playing alone, the points only."""

from __future__ import annotations

import pytest

import garrison


def _plaques(players: int, seat: int | None) -> list[dict]:
    game = garrison.load("scopa", players=players)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    obs = state.observation(seat)
    return game.widgets(obs, [])["seats"]


def _teams(players: int, seat: int | None) -> list[str | None]:
    return [p.get("team") for p in _plaques(players, seat)]


def test_four_players_see_their_partner_and_the_other_team() -> None:
    assert _teams(4, 0) == ["team A", "team B", "your partner", "team B"]
    assert all(p["stats"] == "0 points · 0 cards taken" for p in _plaques(4, 0))
    assert _teams(4, 1)[3] == "your partner"


def test_six_players_and_a_spectator_see_three_teams() -> None:
    assert _teams(6, None) == ["team A", "team B", "team C"] * 2
    assert _teams(6, 2)[5] == "your partner"


@pytest.mark.parametrize("players", [2, 3])
def test_players_alone_have_no_team(players: int) -> None:
    assert _teams(players, 0) == [None] * players

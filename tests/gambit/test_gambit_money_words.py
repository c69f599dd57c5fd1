"""What the table says of money in Soldier's Gambit: the coins each player holds in coin play
(kept where lives play keeps lives), and at the end the winners by what they came out with
(coins won or lost, the game's returns), the cause in the mode's terms and the net in coins."""

from __future__ import annotations

import random

import pytest

import garrison


def _play(options: dict, seed: int, moves: int | None = None):  # noqa: ANN202
    game = garrison.load("gambit", **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal() and (moves is None or moves > 0):
        state.apply_action(rng.choice(state.legal_actions()))
        moves = None if moves is None else moves - 1
    return game, state


def test_coin_play_shows_the_coins_each_player_holds() -> None:
    game, state = _play({"players": 3, "mode": "coins"}, 5, moves=60)
    obs = state.observation(0)
    ui = game.widgets(obs, state.legal_actions()) or {}
    coins = [p["lives"] for p in obs["players"]]  # coin play keeps its coins as lives
    assert any(coins) and coins != [0, 0, 0]
    for plaque, n in zip(ui["seats"], coins, strict=True):
        assert plaque["stats"].startswith(f"{n} coin" + ("" if n == 1 else "s"))
    assert [row["cells"][0] for row in ui["scoreboard"]["rows"]] == coins
    assert f"Pool: {obs['pool']} coin" in game.render(obs)


@pytest.mark.parametrize("options", [{"players": 3, "mode": "coins"}, {"players": 3, "mode": "trader"},
                                     {"players": 4, "mode": "treasure", "dice": 5}])
def test_money_games_are_won_by_what_players_come_out_with(options: dict) -> None:
    uneven = 0
    for seed in range(8):
        game, state = _play(options, seed)
        obs = state.observation(0)
        ui = game.widgets(obs, []) or {}
        returns = state.returns()
        best = max(returns)
        assert ui["result"]["winners"] == [s for s, r in enumerate(returns) if r == best]
        for words, r in zip(ui["result"]["scores"], returns, strict=True):
            n = round(r, 2)
            assert words == f"{'+' if n > 0 else ''}{n:g} coin{'' if abs(n) == 1 else 's'}"
        assert ui["reason"].endswith(" Whoever comes out with the most coins wins.")
        assert not any(f.startswith("Lowest so far") for f in ui.get("facts") or [])  # nobody rolls on
        uneven += len(ui["result"]["winners"]) < len(returns)
        text = game.render(obs)
        assert all(f"P{s + 1}" in text.split("Winner", 1)[1] for s in ui["result"]["winners"])
    assert uneven  # someone came out ahead of someone


def test_lives_play_is_won_by_the_last_player_in_or_shared_at_the_cap() -> None:
    game, state = _play({"players": 3}, 5)
    ui = game.widgets(state.observation(0), []) or {}
    assert ui["reason"] == "The last player with lives left wins." and len(ui["result"]["winners"]) == 1
    game, state = _play({"players": 3, "max_rounds": 2}, 5)
    obs = state.observation(0)
    ui = game.widgets(obs, []) or {}
    assert ui["result"]["winners"] == obs["winners"] and len(obs["winners"]) > 1
    assert ui["reason"] == "The round limit was reached: the players still in share the win."

"""`garrison simulate` and `garrison arena` play on one engine: the same seed gives the same
games (simulate's game i is the arena's deal i with rotation i % n, without mirroring)."""

from __future__ import annotations

from garrison.arena import play_game, run_arena, run_matches


def test_simulate_plays_the_arena_games():
    bots = ["greedy", "random", "random"]
    simulated = run_matches("gambit", {"players": 3}, bots, games=6, seed=4)
    arena = run_arena("gambit", {"players": 3}, bots, games=6, seed=4, mirror=False, ratings=False)
    for slot in range(3):
        assert simulated.slots[slot].returns == [r["returns"][slot] for r in arena.records]
    returns, seats = play_game("gambit", {"players": 3}, bots, seed=4, index=2)
    assert returns == arena.records[2]["returns"] and seats == arena.records[2]["seats"]


def test_simulate_without_rotation_keeps_every_bot_in_its_seat():
    bots = ["greedy", "random"]
    result = run_matches("gambit", {"players": 2}, bots, games=4, seed=1, rotate=False)
    assert len(result.slots[0].returns) == 4
    for index in range(4):
        assert play_game("gambit", {"players": 2}, bots, seed=1, index=index, rotate=False)[1] == [0, 1]

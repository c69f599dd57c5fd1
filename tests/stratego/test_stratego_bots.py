"""The Stratego bot's setups: varied, from the bot's own random source (server review, High 4)."""

from __future__ import annotations

import garrison
from garrison.bots import make_bot


def test_the_bots_setups_vary_and_are_in_no_public_list():
    """The review found the bot's Flag by listing the 32 seeded catalogue layouts. Now every bot
    draws a fresh layout from its own random source: 60 bots give 60 layouts, the Flag on many
    squares, and none of them is a catalogue layout."""
    from garrison.games.stratego.setups import HEURISTIC, heuristic_layout

    game = garrison.load("stratego")
    rows = game.params.setup_rows
    army = tuple(r for r, k in enumerate(game.new_initial_state().observation(0)["army"])
                 for _ in range(k))
    catalogue = {heuristic_layout(army, rows, k) for k in range(HEURISTIC)}
    layouts, flags = set(), set()
    for seed in range(60):
        state = game.new_initial_state()
        bot = make_bot(game, "heuristic", 0, seed=seed)
        while state.current_player() == 0 and state.observation(0)["phase"] == "setup":
            state.apply_action(bot.step(state))
        board = state.observation(0)["board"]
        mine = tuple(board[sq][1] if board[sq] else -1 for sq in range(rows * 10))
        layouts.add(mine)
        flags.add(next(sq for sq in range(rows * 10) if board[sq] and board[sq][1] == 0))
    assert len(layouts) == 60 and not layouts & catalogue
    assert len(flags) >= 8


def test_the_bots_nearest_enemy_map_is_the_city_block_distance_to_the_closest():
    import random

    from garrison.games.stratego.rules import nearest

    rng = random.Random(4)
    for count in (0, 1, 2, 5, 40):
        targets = rng.sample(range(100), count)
        want = [min((abs(s // 10 - t // 10) + abs(s % 10 - t % 10) for t in targets), default=0)
                for s in range(100)]
        assert nearest(targets) == want

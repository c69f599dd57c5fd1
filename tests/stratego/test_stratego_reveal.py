"""At the end of a game both sides show every piece left on the board (docs/rules/stratego.md,
"The end"): the observation's ``revealed``, the text view and the board the page draws."""

from __future__ import annotations

import random

import garrison
from garrison.games.stratego.board import parse_square


def _played_out(seed: int) -> garrison.State:
    game = garrison.load("stratego")
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(garrison.sample_chance(state, rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    return state


def test_every_piece_left_is_shown_when_the_game_ends() -> None:
    state = _played_out(3)
    for seat in (0, 1, None):
        obs = state.observation(seat)
        on_board = sorted((sq, piece // state.rules.n, rank) for piece, (sq, rank)
                          in enumerate(zip(state.pos, state.rank)) if sq >= 0)
        shown = sorted((parse_square(sq), side, rank)
                       for sq, side, rank in obs["revealed"])
        assert shown == on_board
        ui = state.game.widgets(obs, [])
        cells = [c for c in ui["zones"][0]["cells"] if c and not c.get("lake")]
        assert cells and all(c["rank"] is not None for c in cells)
        text = state.game.render(obs)
        assert "Red shows:" in text and "Blue shows:" in text


def test_nothing_is_revealed_before_the_end() -> None:
    game = garrison.load("stratego")
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(200):
        if state.is_terminal():
            break
        assert "revealed" not in state.observation(0)
        assert "revealed" not in state.observation(None)
        state.apply_action(garrison.sample_chance(state, rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))

"""Every game explains itself from its own options (``Game.how_to_play``), in the words its
board uses, and the table's view carries the same text (``ui["help"]``)."""

from __future__ import annotations

import random

import pytest

import garrison

VARIANTS = [
    ("scopa", {"players": 2, "target": 21, "napola": True}, ["21 points", "Napola", "two players"]),
    ("scopa", {"players": 4, "deal": "scopone"}, ["two teams", "nine cards"]),
    ("soldateska", {"players": 5, "tobacco_trump": True}, ["5 players", "or Tobacco"]),
    ("gambit", {"players": 3, "mode": "trader", "stake": 2}, ["3 players", "2 coins"]),
    ("solo66", {"all_pass": "last_trick", "deals": 3}, ["without trumps", "3 deals"]),
    ("1848", {"players": 2, "rules": "base"}, ["base game", "2 players"]),
    ("1848", {"players": 4}, ["4 round cards", "Army cards"]),
    ("stratego", {"rules": "barrage"}, ["8 pieces"]),
]


@pytest.mark.parametrize("name, options, words", VARIANTS)
def test_help_follows_the_tables_options(name: str, options: dict, words: list[str]) -> None:
    game = garrison.load(name, **options)
    text = " ".join(game.how_to_play())
    for word in words:
        assert word in text, (word, text)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(garrison.sample_chance(state, rng))
    ui = game.widgets(state.observation(0), state.legal_actions())
    assert ui is not None and ui["help"] == game.how_to_play()

"""Each seat's latest move in the observation (``last_moves``): a roll with its dice, a die set
aside, a score; what the page's plaque says beside the seat (``Last: rolled 2 5``)."""

from __future__ import annotations

import random

import garrison
from garrison.games.gambit import widgets
from garrison.games.gambit.actions import ROLL


def test_last_moves_follow_rolls_keeps_and_scores() -> None:
    game = garrison.load("gambit", players=3)
    state = game.new_initial_state()
    rng = random.Random(4)
    kinds = set()
    for _ in range(300):
        if state.is_terminal():
            break
        if state.is_chance_node():
            seat = state.observation(None)["to_move"]
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            obs = state.observation(None)
            move = obs["last_moves"][seat]
            if move["move"] == "roll":  # the dice just rolled, as the roll shows them
                assert sorted(move["dice"]) == sorted(obs["roll"])
            continue
        seat, action = state.current_player(), rng.choice(state.legal_actions())
        state.apply_action(action)
        obs = state.observation(None)
        move = obs["last_moves"][seat]
        kinds.add(move["move"])
        if action != ROLL and move["move"] == "keep":
            assert move == {"move": "keep", "dice": [action + 1]}
        elif move["move"] == "score":  # the last die set aside ends the turn with its score
            assert len(move["dice"]) == obs["dice"] and move["points"] > 0
            posted = obs["players"][seat]["score"]
            assert posted in (None, move["points"])  # None: the round ended with this turn
        words = widgets.describe(game, obs, [])["seats"][seat]["last"]
        assert words == widgets.last_move_words(move) and words.split()[0] in ("set", "scored", "rolled")
    assert {"keep", "score"} <= kinds

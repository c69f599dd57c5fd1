"""Each seat's latest move in the observation (``last_moves``, what the page shows beside the
seat): structured, public only (a card drawn or pushed is never named), and worded by the
widgets with card names, never card ids."""

from __future__ import annotations

import random
import re

import pytest

import garrison
from garrison.games.revolution1848 import widgets
from garrison.games.revolution1848.actions import decode

CARD_ID = re.compile(r"\b(PE|Z|A)\d\d\b")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_last_moves_follow_each_seats_move_and_show_nothing_secret(players: int, seed: int) -> None:
    game = garrison.load("1848", players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    seen = set()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        seat, action = state.current_player(), rng.choice(state.legal_actions())
        kind, arg = decode(action)
        state.apply_action(action)
        views = [state.observation(s) for s in range(players)] + [state.observation(None)]
        moves = views[0]["last_moves"]
        # everyone (and a spectator) reads the same moves: they are public
        assert all(v["last_moves"] == moves for v in views)
        for move in moves:
            if move and move["move"] in ("push", "draw"):
                assert set(move) == {"move", "pile"}, move  # the card stays the seat's secret
        mine = moves[seat]
        # the seat's move, unless the round it closed had the seat draw at once (a draw)
        if mine["move"] == "draw":
            assert mine["pile"] in (0, 1)
        elif kind == "pass":
            assert mine == {"move": "pass"}
        elif kind == "push":
            assert mine == {"move": "push", "pile": mine["pile"]} and mine["pile"] in (0, 1)
        elif kind == "play":
            assert mine["move"] in ("play", "army", "put") and mine["card"] == arg, (mine, arg)
        elif kind in ("person", "side"):
            assert mine["move"] == "put"
        seen.add(mine["move"] if mine else None)
        plaques = widgets.describe(game, views[seat], state.legal_actions())["seats"]
        for plaque in plaques:
            assert not CARD_ID.search(plaque.get("last") or ""), plaque
    assert {"pass", "push", "play", "draw"} <= seen


def test_the_plaque_names_the_card_played() -> None:
    game = garrison.load("1848", players=2)
    state = game.new_initial_state()
    rng = random.Random(7)
    while True:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        plays = [a for a in state.legal_actions() if decode(a)[0] == "play" and a < 64]
        if plays:
            seat = state.current_player()
            state.apply_action(plays[0])
            break
        state.apply_action(rng.choice(state.legal_actions()))
    obs = state.observation(None)
    move = obs["last_moves"][seat]
    plaque = widgets.describe(game, obs, [])["seats"][seat]["last"]
    assert plaque in (f"played {widgets.card_name(game.cards, move['card'])}",
                      f"put {widgets.card_name(game.cards, move['card'])} on " + plaque.split(" on ", 1)[-1])

"""Helpers for the 1848 scenario tests: build exact positions through the public API."""

from __future__ import annotations

import garrison
from garrison import CHANCE

PASS = "pass"


def new_game(players: int = 3, **options):
    game = garrison.load("1848", players=players, **options)
    return game, game.new_initial_state()


def idx(state, card_id: str) -> int:
    return state.cs.index(card_id)


def deal(state, hands: list[list[str]]) -> None:
    """The opening deal: per seat in order, two person then two Zusatz card ids."""
    for cards in hands:
        for cid in cards:
            assert state.current_player() == CHANCE
            state.apply_action(idx(state, cid))


def draw(state, card_ids: list[str]) -> None:
    for cid in card_ids:
        assert state.current_player() == CHANCE, state.current_player()
        state.apply_action(idx(state, cid))


def act(state, *moves: str) -> None:
    """Apply moves written as text ('play PE01', 'on side P2', 'pass', ...) in order."""
    for text in moves:
        state.apply_action(state.parse_action(text))


def side_values(state, seat: int) -> dict[str, int]:
    obs = state.observation(None)
    return {state.cs.cid[p["card"]]: p["value"] for p in obs["table"][seat]["persons"]}

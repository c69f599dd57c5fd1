"""The round card (Ablaufkarte) a round is played for, drawn on the felt (``widgets.round_face``):
the card the observation names, by its title, the same the scoreboard names, until the game ends."""

from __future__ import annotations

import random

import pytest

import garrison
from garrison.games.revolution1848 import scoreboard, widgets
from garrison.games.revolution1848.words import round_card
from random_play import random_step


@pytest.mark.parametrize(("players", "rules", "seed"), [(2, "extended", 1), (3, "extended", 2), (2, "base", 3)])
def test_the_felt_shows_the_round_card_in_play_until_the_end(players: int, rules: str, seed: int) -> None:
    game = garrison.load("1848", players=players, rules=rules)
    state = game.new_initial_state()
    rng = random.Random(seed)
    titles = set()
    while True:
        for seat in (0, None):
            obs = state.observation(seat)
            zones = widgets.describe(game, obs, [])["zones"]
            prize = [z for z in zones if z["id"] == "round"]
            if state.is_terminal():
                assert not prize
                continue
            (zone,) = prize
            assert zones[0] is zone and zone["label"] == "Playing for"
            (card,) = zone["cards"]
            title = round_card(game.cards, obs["ablauf"]["current"])
            assert card["name"] == title and card["label"] == f"Round card: {title}"
            notes = scoreboard.table(game, obs)["scoreboard"]["notes"]
            assert f"Round card in play: {title}" in notes
            to_win = obs["ablauf"]["to_win"]
            assert (f"{to_win} win the game" if to_win else "strongest party.") in card["text"]
            assert (f"{to_win} round cards win the game" if to_win
                    else "the most victory points win") in card["title"]
            more = obs["ablauf"]["left"] - 1
            assert card["sub"] == (f"{more} more after this one" if more else "the last one")
            titles.add(title)
        if state.is_terminal():
            break
        random_step(state, rng)
    assert len(titles) >= 2  # the card changes from round to round


def test_ties_on_the_card_are_counted_on_it() -> None:
    game = garrison.load("1848", players=2)
    obs = game.new_initial_state().observation(0)
    obs["ablauf"] = {**obs["ablauf"], "current": 0, "patt_count": 2}
    card = widgets.round_face(game, obs)
    assert card is not None and card["text"].endswith("Tied 2 times.")
    assert card["title"].endswith("Tied 2 times so far.")
    obs["phase"] = "over"
    assert widgets.round_face(game, obs) is None

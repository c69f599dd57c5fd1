"""OpenSpiel game strings select the variant: a preset is not undone by the defaults OpenSpiel
fills in, and a list value (Stratego's army) can be written in a game string with ';'."""

from __future__ import annotations

import pickle

import pyspiel
import pytest

import garrison
from garrison.interop import openspiel

openspiel.register()

#: one variant per game, written as an OpenSpiel game string, and what it must load
VARIANTS = {
    "stratego": ("garrison_stratego(rules=barrage)",
                 {"rules": "barrage", "army": "barrage", "two_square_limit": 3, "more_squares": True}),
    "soldateska": ("garrison_soldateska(players=3,deck=full,returns=win)",
                   {"players": 3, "deck": "full", "returns": "win"}),
    "1848": ("garrison_1848(players=2,rules=base)", {"players": 2, "rules": "base"}),
    "gambit": ("garrison_gambit(players=3,mode=coins,dice=4)",
               {"players": 3, "mode": "coins", "dice": 4}),
    "solo66": ("garrison_solo66(deals=1,all_pass=last_trick)", {"deals": 1, "all_pass": "last_trick"}),
    "scopa": ("garrison_scopa(players=4,deal=scopone,target=2)",
              {"players": 4, "deal": "scopone", "target": 2}),
}


def test_every_game_has_a_variant_here():
    assert set(VARIANTS) == set(garrison.games())


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_game_string_loads_its_variant(name):
    text, expected = VARIANTS[name]
    game = pyspiel.load_game(text)
    options = game.garrison_game.options
    assert {k: options[k] for k in expected} == expected
    assert game.garrison_game == garrison.load(name, **{k: v for k, v in expected.items()
                                                        if k != "army" or name != "stratego"})
    # the game string names the variant played and loads it again, as does a pickle
    assert pyspiel.load_game(str(game)).garrison_game == game.garrison_game
    assert pickle.loads(pickle.dumps(game)).garrison_game == game.garrison_game


@pytest.mark.parametrize("preset, pieces, limit, more", [
    ("barrage", 8, 3, True), ("duel", 10, 5, False), ("isf", 40, 3, True), ("gravon", 40, 5, False),
])
def test_stratego_presets_through_the_game_string(preset, pieces, limit, more):
    game = pyspiel.load_game(f"garrison_stratego(rules={preset})").garrison_game
    assert game.rules.n == pieces
    assert game.options["two_square_limit"] == limit and game.options["more_squares"] is more
    assert game == garrison.load("stratego", rules=preset)
    # with keywords too: the same game
    assert openspiel.load_game("stratego", rules=preset).garrison_game == game


def test_an_option_given_with_a_preset_wins_over_the_preset():
    game = pyspiel.load_game("garrison_stratego(rules=barrage,two_square_limit=4)").garrison_game
    assert game.rules.n == 8 and game.options["two_square_limit"] == 4
    assert game.options["more_squares"] is True


def test_an_army_with_commas_is_written_with_semicolons():
    text = "garrison_stratego(army=F1;B2;S1;2:2;3:1;10:1,setup_rows=1)"
    game = pyspiel.load_game(text)
    assert game.garrison_game == garrison.load("stratego", army="F1,B2,S1,2:2,3:1,10:1",
                                               setup_rows=1)
    assert game.garrison_game.rules.n == 8
    assert game.get_parameters()["army"] == "F1;B2;S1;2:2;3:1;10:1"
    assert pyspiel.load_game(str(game)).garrison_game == game.garrison_game
    # a dict of parameters may hold the commas themselves
    same = pyspiel.load_game("garrison_stratego", {"army": "F1,B2,S1,2:2,3:1,10:1", "setup_rows": 1})
    assert same.garrison_game == game.garrison_game


def test_a_bad_army_in_a_game_string_names_the_problem():
    with pytest.raises(garrison.OptionError):
        pyspiel.load_game("garrison_stratego(army=F1;Q9)")

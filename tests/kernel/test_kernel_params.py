"""Options: coercion from command-line text, ranges, choices, presets, unknown names; a refusal
said with the options' names and again in the lobby's words."""

import itertools
import re
from dataclasses import dataclass

import pytest

import garrison
from garrison.core import OptionError, Params, option


@dataclass(frozen=True)
class Demo(Params):
    PRESETS = {"quick": {"rounds": 2, "fast": True}}
    preset: str = option("normal", choices=("normal", "quick"),
                         values={"normal": ("Normal", ""), "quick": ("Quick", "")})
    players: int = option(4, low=2, high=6, doc="seats", label="Players")
    rounds: int = option(10, low=1)
    fast: bool = option(False)
    ratio: float = option(0.5, low=0.0, high=1.0)
    name: str = option("x")

    def validate(self):
        if self.players == 5 and self.fast:
            raise OptionError("fast play needs an even number of players")


def test_text_values_are_converted():
    p = Demo.from_options({"players": "3", "fast": "yes", "ratio": "0.25"})
    assert (p.players, p.fast, p.ratio) == (3, True, 0.25)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"players": 7}, "int from 2 to 6"),
        ({"players": "many"}, "int from 2 to 6"),
        ({"players": 2.5}, "int from 2 to 6"),
        ({"fast": "perhaps"}, "true or false"),
        ({"preset": "slow"}, "normal, quick"),
        ({"colour": "red"}, "valid options: preset, players"),
        ({"players": 5, "fast": True}, "even number"),
        ({"name": 3}, "any text"),
    ],
)
def test_bad_values_name_what_is_allowed(options, message):
    with pytest.raises(OptionError, match=message):
        Demo.from_options(options)


def test_presets_fill_values_and_explicit_options_win():
    p = Demo.from_options({"preset": "quick", "rounds": 5})
    assert (p.preset, p.rounds, p.fast) == ("quick", 5, True)
    assert Demo.from_options({"preset": "quick"}).rounds == 2


def test_specs_describe_every_option():
    specs = {s.name: s for s in Demo.option_specs()}
    assert specs["players"].doc == "seats" and specs["players"].default == 4
    assert Demo().as_dict()["rounds"] == 10


@pytest.mark.parametrize(
    "options, says",
    [
        ({"players": 7}, "Players: from 2 to 6 (got 7)"),
        ({"players": "many"}, "Players: from 2 to 6 (got 'many')"),
        ({"fast": "perhaps"}, "Fast: on or off (got 'perhaps')"),
        ({"preset": "slow"}, "Preset: Normal or Quick (got 'slow')"),
        ({"rounds": 0}, "Rounds: at least 1 (got 0)"),
        ({"name": 3}, "Name: text (got 3)"),
        # a check that gives no words of its own says its message
        ({"players": 5, "fast": True}, "fast play needs an even number of players"),
    ],
)
def test_a_refused_value_is_said_in_the_options_labels(options, says):
    with pytest.raises(OptionError) as caught:
        Demo.from_options(options)
    assert caught.value.says == says


#: What a person choosing a table must not read in a refusal: ``name=value``, an option's name
#: as the rules write it (``ace_takes_all``, ``'rules'``).
CODE_WORDS = re.compile(r"=|\b[a-z]+_[a-z_]+\b|'[a-z_]+'")


def _choices(spec) -> list:
    """The values a lobby offers for ``spec`` (its choices, on and off, a short range); none
    for research and file options, which are typed."""
    if spec.research or spec.path:
        return []
    if spec.choices is not None:
        return list(spec.choices)
    if spec.kind is bool:
        return [False, True]
    if spec.kind is int and spec.low is not None and spec.high is not None and spec.high - spec.low <= 10:
        return list(range(int(spec.low), int(spec.high) + 1))
    return []


@pytest.mark.parametrize("name", garrison.games())
def test_every_refused_pair_of_lobby_choices_is_said_in_the_lobbys_words(name):
    """Each pair of values the lobby offers, the other options at their defaults: where the game
    refuses the pair, its ``says`` is not its message and names no option as the rules do."""
    params = type(garrison.load(name).params)
    specs = [s for s in params.option_specs() if _choices(s)]
    refused = 0
    for a, b in itertools.combinations(specs, 2):
        for x, y in itertools.product(_choices(a), _choices(b)):
            try:
                garrison.load(name, **{a.name: x, b.name: y})
            except OptionError as err:
                refused += 1
                assert err.says != str(err), err
                assert not CODE_WORDS.search(err.says), (err.says, str(err))
    # a game with checks across its options refuses some pair (Solo 66 has none)
    assert bool(refused) == (params.validate is not Params.validate), (name, refused)


@pytest.mark.parametrize(("name", "options", "says"), [
    ("1848", {"rules": "base"}, "Rules: Base game is for 2 players: set Players to 2 (got 3)"),
    ("scopa", {"deal": "scopone", "players": 2},
     "Deal: Scopone is for 4 players; for 2, 3 or 6 choose Deal: Scopa (got 2 players)"),
    ("soldateska", {"players": 6, "deck": "full"},
     "Deck: Full deck is for 3 to 5 players; with 6 every card is in play: choose Deck: Standard"),
    ("gambit", {"mode": "treasure", "dice": 3}, "Way to play: Treasure hunts a combination of 4, 5 "
     "or 6 dice; set Dice per turn to 4, 5 or 6 (got 3)"),
    ("stratego", {"setup_rows": 1}, "Army: 40 pieces do not fit in 10 squares (Setup rows: 1)"),
])
def test_a_games_own_checks_say_what_to_choose(name, options, says):
    with pytest.raises(OptionError) as caught:
        garrison.load(name, **options)
    assert caught.value.says == says

"""Options: coercion from command-line text, ranges, choices, presets, unknown names."""

from dataclasses import dataclass

import pytest

from garrison.core import OptionError, Params, option


@dataclass(frozen=True)
class Demo(Params):
    PRESETS = {"quick": {"rounds": 2, "fast": True}}
    preset: str = option("normal", choices=("normal", "quick"))
    players: int = option(4, low=2, high=6, doc="seats")
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

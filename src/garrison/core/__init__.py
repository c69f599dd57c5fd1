"""The kernel: what every game, bot, adapter and front end of Garrison stands on."""

from .bot import Bot, CompiledPolicyBot
from .chance import sample_chance
from .errors import (
    GameError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    OptionError,
    RecordError,
)
from .game import Game, GameFacts
from .params import OptionSpec, Params, Preset, option
from .record import read_record, read_records, replay
from .registry import game_class, games, load
from .state import CHANCE, TERMINAL, PythonState, State

__all__ = [
    "Bot", "CHANCE", "CompiledPolicyBot", "TERMINAL", "Game", "GameFacts", "GameError", "GameOverError",
    "IllegalActionError", "InvalidActionError", "NotYourTurnError", "OptionError", "OptionSpec",
    "Params", "Preset", "PythonState", "RecordError", "State", "game_class", "games", "load", "option", "read_record",
    "read_records",
    "replay", "sample_chance",
]

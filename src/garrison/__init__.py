"""Garrison: soldiers' and tavern games played exactly by their rules.

>>> import garrison
>>> game = garrison.load("gambit", players=2)
>>> state = game.new_initial_state()
>>> state.current_player() == garrison.CHANCE
True
"""

from .core import (
    CHANCE,
    TERMINAL,
    Bot,
    Game,
    GameError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    OptionError,
    Params,
    PythonState,
    RecordError,
    State,
    game_class,
    games,
    load,
    read_record,
    replay,
    sample_chance,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE", "TERMINAL", "Bot", "Game", "GameError", "GameOverError", "IllegalActionError",
    "InvalidActionError", "NotYourTurnError", "OptionError", "Params", "PythonState", "RecordError", "State",
    "game_class", "games", "load", "read_record", "replay", "sample_chance",
]

"""The one error family of Garrison.

Every error a caller can provoke (bad option, illegal move, wrong seat, finished game, broken
record) is a :class:`GameError`, which is a :class:`ValueError`. Each class has a stable ``code``
that clients (the CLI, the web page) can switch on; the message is written for a player.

>>> try:
...     raise IllegalActionError("you must follow Sabers")
... except GameError as err:
...     (err.code, str(err))
('illegal_action', 'you must follow Sabers')
"""

from __future__ import annotations


class GameError(ValueError):
    """Base of every error Garrison raises on bad input."""

    code = "game_error"


class OptionError(GameError):
    """An unknown game, an unknown option, or an option value that is not allowed.

    The message names options and values as the rules and the command line write them
    (``option 'rules' = 'base' ...``); ``says`` is the same refusal in the words a person
    choosing a table reads (the options' labels and their values' names), the message where
    a check gives none.

    >>> OptionError("option 'players' must be int from 2 to 4 (got 5)",
    ...             says="Players: from 2 to 4 (got 5)").says
    'Players: from 2 to 4 (got 5)'
    """

    code = "bad_option"

    def __init__(self, message: str, *, says: str | None = None) -> None:
        super().__init__(message)
        self.says: str = says or message


class InvalidActionError(GameError):
    """An action that is malformed: an id out of range or text that names no action."""

    code = "invalid_action"


class IllegalActionError(GameError):
    """A well-formed action that the rules do not allow now."""

    code = "illegal_action"


class NotYourTurnError(GameError):
    """An action sent for a seat that is not the seat to move."""

    code = "not_your_turn"


class GameOverError(GameError):
    """An action sent to a finished game."""

    code = "game_over"


class RecordError(GameError):
    """A game record that cannot be replayed: unknown game, bad options, bad or truncated actions."""

    code = "bad_record"


__all__ = [
    "GameError",
    "OptionError",
    "InvalidActionError",
    "IllegalActionError",
    "NotYourTurnError",
    "GameOverError",
    "RecordError",
]

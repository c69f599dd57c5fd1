"""Game options from the network: validated, and never a path to a file on this machine.

An option that names a file (``option(..., path=True)``: 1848's ``cards``, Stratego's
``setup_file``) is refused when a client sends it. The operator may offer files by name
(``GARRISON_OPTION_FILES="1848.cards.original=/srv/cards.json;stratego.setup_file.gravon=/srv/
strados.zip"``): a client then sends the name, tables store the name, and only the server maps
it to the file when it builds the game (in a worker thread, never on the event loop).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from garrison.core import game_class

from .errors import ServerError


def _parse(text: str) -> dict[tuple[str, str], dict[str, str]]:
    """``game.option.name=path`` entries separated by ``;``."""
    files: dict[tuple[str, str], dict[str, str]] = {}
    for entry in filter(None, (e.strip() for e in text.split(";"))):
        key, sep, path = entry.partition("=")
        parts = key.strip().split(".")
        if not sep or len(parts) != 3 or not all(parts) or not path.strip():
            raise ValueError(f"GARRISON_OPTION_FILES: '{entry}' is not game.option.name=path")
        files.setdefault((parts[0], parts[1]), {})[parts[2]] = path.strip()
    return files


@dataclass
class OptionFiles:
    """The files the operator offers by name, per game and option."""

    files: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)

    @classmethod
    def from_env(cls) -> OptionFiles:
        return cls(_parse(os.environ.get("GARRISON_OPTION_FILES", "")))

    def names(self, game: str, option: str) -> list[str]:
        return sorted(self.files.get((game, option), {}))

    def check(self, game: str, options: dict[str, Any]) -> None:
        """Raise ``ServerError("bad_option")`` for a file option whose value is not one of the
        operator's names. The message names the option and the names offered, nothing about
        the value (so it tells nobody whether some path exists)."""
        for spec in game_class(game).option_specs():
            value = options.get(spec.name)
            if not spec.path or value in (None, "", spec.default):
                continue
            offered = self.names(game, spec.name)
            if value not in offered:
                choice = ", ".join(offered) if offered else "none on this server"
                raise ServerError(
                    "bad_option",
                    f"option '{spec.name}' of {game} names a file and is not taken from the "
                    f"network; the server's named choices: {choice}")

    def resolve(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        """The options with the operator's names replaced by their files (for building the
        game only: tables and views keep the names)."""
        out = dict(options)
        for spec in game_class(game).option_specs():
            value = out.get(spec.name)
            if spec.path and value not in (None, "", spec.default):
                out[spec.name] = self.files[(game, spec.name)][value]
        return out

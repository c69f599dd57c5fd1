"""Helpers shared by the CLI commands: option parsing, one-line errors."""

from __future__ import annotations

import textwrap
from typing import Any

from rich.console import Console

from garrison.core import OptionError, game_class


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``["players=4", "mode=coins"]`` → ``{"players": "4", "mode": "coins"}`` (typed on load)."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise OptionError(f"an option is written name=value, not {pair!r}")
        key, value = pair.split("=", 1)
        out[key.strip()] = value.strip()
    return out


def split_bots(text: str | None) -> list[str]:
    return [b.strip() for b in text.split(",") if b.strip()] if text else []


def seat_options(game: str, options: dict[str, Any], bots: list[str], players: int | None) -> dict[str, Any]:
    """The options for a match of ``bots``: ``players`` if given, else one seat per bot (for games
    whose player count is an option and was not set with ``-o players=...``)."""

    cls = game_class(game)
    out = dict(options)
    if players is not None:
        out["players"] = players
    elif any(s.name == "players" for s in cls.option_specs()) and "players" not in out:
        out["players"] = len(bots)
    return out


def print_wrapped(console: Console, text: str, style: str = "") -> None:
    """``text`` line by line, each wrapped to the terminal's width under its own indentation (a
    long option's words stay under the option, never back at the margin)."""
    width = max(40, console.width - 1)
    for line in text.splitlines():
        pad = " " * (len(line) - len(line.lstrip(" ")))
        wrapped = textwrap.fill(line.strip(), width, initial_indent=pad, subsequent_indent=pad) if line.strip() else ""
        console.print(wrapped, style=style, highlight=False, markup=False, soft_wrap=True)

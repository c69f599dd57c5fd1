"""Each level's measured Elo, stored with the game: a JSON file in the game's ``data/`` folder,
written by ``garrison rate`` (``garrison.arena.rating``) and read by the lobby
(``garrison.bots.levels.ratings``). No rating is written by hand.

**The file (format 1)**, ``levels.json`` for a game's default options or
``levels-<key>.json`` for others (``key`` as for nets: the ``-o`` options given, ``name_value``
in name order, joined by ``-``), one JSON object with exactly these keys:

* ``format``: 1; ``game``: the game's name;
* ``options``: every option of the game measured (``game.options``), ``free``: the names of
  options the ratings hold for whatever their value (a cap on a game's length, say). The
  ratings are a game's when each of its options not in ``free`` has the measured value;
* ``levels``: ``{level: {"bot", "elo", "low", "high"}}`` in the order of
  ``garrison.bots.levels.LEVELS``, ``easy`` first at 0: the bot that played the level, its Elo
  and the 95% interval of a bootstrap over deals;
* ``pairs``: one object per pair of levels (``bot``, ``against``, ``games``, ``ahead_share``,
  ``ahead_share_ci95``, ``cpu_seconds_per_move``);
* ``games_per_pair``, ``seed``, ``replicates`` (the bootstrap's), ``seconds`` (the run's wall
  time), ``measured`` (its date) and ``command`` (the command that wrote the file).

>>> import garrison
>>> rated = shipped_ratings(garrison.load("1848"))
>>> list(rated["levels"]), rated["levels"]["easy"]["elo"]
(['easy', 'good', 'strong'], 0.0)
>>> shipped_ratings(garrison.load("1848", players=4))["options"]["players"]  # its own file
4
>>> shipped_ratings(garrison.load("1848", patt_limit=3)) is None  # not measured
True
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from garrison.core import Game
from garrison.core.errors import RecordError
from garrison.core.files import write_whole
from garrison.learn.weights import data_dir, options_key

#: The version of the file's layout that this module reads and writes.
FORMAT = 1
#: The keys of a file, exactly.
KEYS = ("format", "game", "options", "free", "levels", "pairs", "games_per_pair", "seed",
        "replicates", "seconds", "measured", "command")
#: The keys of one level's entry, exactly.
LEVEL_KEYS = ("bot", "elo", "low", "high")
#: The keys of one pair's entry, exactly.
PAIR_KEYS = ("bot", "against", "games", "ahead_share", "ahead_share_ci95",
             "cpu_seconds_per_move")
#: The levels a file rates, in this order, the last only where a game has it
#: (``garrison.bots.levels.LEVELS``).
ORDER = ("easy", "good", "strong", "master")


def ratings_file_name(options: Mapping[str, Any]) -> str:
    """``levels-<options_key>.json``, or ``levels.json`` for a game's default options."""
    key = options_key(options)
    return f"levels-{key}.json" if key else "levels.json"


def check_ratings(doc: Any, where: str) -> None:
    """Refuse a ratings document that is not format 1 as described above.

    Raises:
        RecordError: naming ``where``, what is wrong and what is allowed.
    """
    if not isinstance(doc, dict):
        raise RecordError(f"{where}: a ratings file is one JSON object; got {type(doc).__name__}")
    if sorted(doc) != sorted(KEYS):
        missing = sorted(set(KEYS) - set(doc))
        extra = sorted(set(doc) - set(KEYS))
        raise RecordError(f"{where}: keys missing {missing}, unknown {extra}; allowed exactly: "
                          f"{', '.join(KEYS)}")
    if doc["format"] != FORMAT:
        raise RecordError(f"{where}: format {doc['format']!r}; allowed: {FORMAT}")
    for key in ("game", "measured", "command"):
        if not isinstance(doc[key], str) or not doc[key]:
            raise RecordError(f"{where}: '{key}' is {doc[key]!r}; allowed: a non-empty string")
    if not isinstance(doc["options"], dict):
        raise RecordError(f"{where}: 'options' is {doc['options']!r}; allowed: an object")
    if (not isinstance(doc["free"], list)
            or not all(isinstance(n, str) and n in doc["options"] for n in doc["free"])):
        raise RecordError(f"{where}: 'free' is {doc['free']!r}; allowed: a list of names of "
                          f"'options'")
    for key in ("games_per_pair", "seed", "replicates"):
        if not isinstance(doc[key], int) or isinstance(doc[key], bool) or doc[key] < 0:
            raise RecordError(f"{where}: '{key}' is {doc[key]!r}; allowed: a whole number ≥ 0")
    if not _number(doc["seconds"]) or doc["seconds"] < 0:
        raise RecordError(f"{where}: 'seconds' is {doc['seconds']!r}; allowed: a number ≥ 0")
    _check_levels(doc["levels"], where)
    _check_pairs(doc["pairs"], where)


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _check_levels(levels: Any, where: str) -> None:
    if not isinstance(levels, dict) or not levels:
        raise RecordError(f"{where}: 'levels' is {levels!r}; allowed: an object of levels")
    names = list(levels)
    if names not in (list(ORDER[:3]), list(ORDER)):
        raise RecordError(f"{where}: levels {names}; allowed: {', '.join(ORDER[:3])}, and "
                          f"{ORDER[3]} after them where a game has it")
    for name, entry in levels.items():
        if not isinstance(entry, dict) or sorted(entry) != sorted(LEVEL_KEYS):
            raise RecordError(f"{where}: level '{name}' is {entry!r}; allowed: an object with "
                              f"exactly {', '.join(LEVEL_KEYS)}")
        if not isinstance(entry["bot"], str) or not entry["bot"]:
            raise RecordError(f"{where}: level '{name}' has bot {entry['bot']!r}; allowed: a "
                              f"bot name")
        if not all(_number(entry[k]) for k in ("elo", "low", "high")):
            raise RecordError(f"{where}: level '{name}' has elo, low, high "
                              f"{[entry[k] for k in ('elo', 'low', 'high')]}; allowed: numbers")
        if not entry["low"] <= entry["elo"] <= entry["high"]:
            raise RecordError(f"{where}: level '{name}' has its Elo {entry['elo']} outside its "
                              f"interval [{entry['low']}, {entry['high']}]")
    if levels["easy"]["elo"] != 0:
        raise RecordError(f"{where}: the easy level is rated {levels['easy']['elo']}; allowed: "
                          f"0, the scale's zero")


def _check_pairs(pairs: Any, where: str) -> None:
    if not isinstance(pairs, list):
        raise RecordError(f"{where}: 'pairs' is {pairs!r}; allowed: a list")
    for i, entry in enumerate(pairs):
        if not isinstance(entry, dict) or sorted(entry) != sorted(PAIR_KEYS):
            raise RecordError(f"{where}: pair {i} is {entry!r}; allowed: an object with exactly "
                              f"{', '.join(PAIR_KEYS)}")
        if not (isinstance(entry["games"], int) and entry["games"] > 0):
            raise RecordError(f"{where}: pair {i} has {entry['games']!r} games; allowed: a "
                              f"whole number ≥ 1")


def load_ratings(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A ratings file, checked.

    Raises:
        RecordError: the file is missing, unreadable, not JSON or not format 1, naming it.
    """
    where = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise RecordError(f"{where}: cannot read a ratings file ({err})") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"{where}: not JSON ({err.msg} at line {err.lineno}); allowed: a "
                          f"ratings file written by 'garrison rate'") from None
    check_ratings(doc, where)
    checked: dict[str, Any] = doc
    return checked


def save_ratings(path: str | os.PathLike[str], doc: dict[str, Any]) -> None:
    """Write ``doc`` to ``path`` whole or not at all, after the checks of ``load_ratings``.

    Raises:
        RecordError: ``doc`` is not a ratings document.
        OSError: the file cannot be written.
    """
    target = Path(path)
    check_ratings(doc, str(target))
    text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    write_whole(target, lambda out: out.write(text.encode("utf-8")))


@lru_cache(maxsize=64)
def _shipped(path: Path, stamp: tuple[int, int]) -> dict[str, Any]:
    """A shipped file, read once per version of it (its time and size of change)."""
    return load_ratings(path)


def shipped_files(game: Game | type[Game]) -> list[dict[str, Any]]:
    """Every ratings file shipped in the game's ``data/`` folder, by file name.

    Raises:
        RecordError: a shipped file is broken or for another game.
    """
    out = []
    for path in sorted(data_dir(game).glob("levels*.json")):
        stat = path.stat()
        doc = _shipped(path, (stat.st_mtime_ns, stat.st_size))
        if doc["game"] != game.name:
            raise RecordError(f"{path}: ratings of {doc['game']} in the folder of {game.name}; "
                              f"a game's folder holds its own ratings only")
        out.append(doc)
    return out


def holds(doc: dict[str, Any], options: Mapping[str, Any]) -> bool:
    """Whether the ratings of ``doc`` hold for a game of ``options``: the same options, each
    not in ``free`` with the measured value."""
    free = set(doc["free"])
    return set(options) == set(doc["options"]) and all(
        options[k] == v for k, v in doc["options"].items() if k not in free)


def shipped_ratings(game: Game) -> dict[str, Any] | None:
    """The ratings file shipped for ``game`` and its options, read once per version of the
    file, or None where none holds for them (see the module docstring).

    Raises:
        RecordError: a shipped file is broken or for another game.
    """
    return next((doc for doc in shipped_files(game) if holds(doc, game.options)), None)


__all__ = ["FORMAT", "check_ratings", "holds", "load_ratings", "ratings_file_name",
           "save_ratings", "shipped_files", "shipped_ratings"]

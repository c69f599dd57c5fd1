"""Records: a game as plain JSON (name, rules version, options, every action) and its replay.

A game is fully determined by its name, options and history (chance outcomes included), so a
record rebuilds any state exactly.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import GameError, OptionError, RecordError
from .game import Game
from .registry import game_class, load
from .state import State

#: The games ``replay`` built, by game class and options. A game is a value made from its options
#: (``Game``), so records with the same options share one: replay validates the options and works
#: out the game's facts and tensor layout once, not for every record. The oldest is dropped past
#: ``_GAMES_KEPT``.
_GAMES: dict[tuple[Any, ...], Game] = {}
_GAMES_KEPT = 64


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as err:
        raise RecordError(f"cannot read record file {path}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"record file {path} is not UTF-8 text") from None


def read_record(source: Mapping[str, Any] | str | bytes | Path) -> dict[str, Any]:
    """Parse a record from a dict, JSON text or a file path; ``RecordError`` if it is not one."""
    if isinstance(source, Path):
        source = _read_text(source)
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("record is not UTF-8 text") from None
    if isinstance(source, str):
        try:
            source = json.loads(source)
        except json.JSONDecodeError as err:
            raise RecordError(
                f"record is not valid JSON (truncated or corrupt?) at line {err.lineno}, "
                f"column {err.colno}: {err.msg}"
            ) from None
    if not isinstance(source, Mapping):
        raise RecordError("a record is a JSON object with 'game', 'options' and 'actions'")
    for key in ("game", "actions"):
        if key not in source:
            raise RecordError(f"record has no '{key}' entry")
    return dict(source)


def read_records(path: Path) -> list[dict[str, Any]]:
    """Every record in a file: one record (``garrison play --save``, the page's "download
    record"), a JSON list of records, or JSON lines (``garrison arena --save``). ``RecordError``
    names the file and line of anything that is not a record."""
    text = _read_text(path)
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, list):
        return [read_record(r) for r in whole]
    if whole is not None:
        return [read_record(whole)]
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            records.append(read_record(line))
        except RecordError as err:
            raise RecordError(f"{path}, line {number}: {err}") from None
    if not records:
        raise RecordError(f"record file {path} holds no record")
    return records


def _game_for(name: Any, options: Mapping[str, Any]) -> Game:
    """``load(name, **options)``, the same game object for the same class and options (options
    of another type, such as ``True`` for ``1``, are other options). Raises ``OptionError`` as
    ``load`` does."""
    try:
        key = (game_class(name), tuple((k, type(v), v) for k, v in sorted(options.items())))
        game = _GAMES.get(key)
    except TypeError:  # an option name or value that cannot be a key (a list): no reuse
        return load(name, **options)
    if game is None:
        game = load(name, **options)
        if len(_GAMES) >= _GAMES_KEPT:
            del _GAMES[next(iter(_GAMES))]
        _GAMES[key] = game
    return game


def replay(record: Mapping[str, Any] | str | bytes | Path, *, upto: int | None = None) -> State:
    """Rebuild the state a record describes (optionally only its first ``upto`` actions).

    >>> import garrison
    >>> state = garrison.load("gambit").new_initial_state()
    >>> state.apply_action(state.legal_actions()[0])
    >>> garrison.replay(state.to_record()) == state
    True
    """
    data = read_record(record)
    name = data["game"]
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        raise RecordError("record 'options' must be an object of option names and values")
    try:
        game = _game_for(name, options)
    except OptionError as err:
        raise RecordError(f"record names a game or option that does not exist: {err}") from None
    version = data.get("version")
    if version is not None and str(version) not in (game.version, *game.replays_versions):
        replays = "".join(f", {v}" for v in game.replays_versions)
        raise RecordError(
            f"record is for {game.name} rules version {version}; this is version {game.version}, "
            f"which replays records of version {game.version}{replays}"
        )
    actions = data["actions"]
    if not isinstance(actions, list):
        raise RecordError("record 'actions' must be a list of integer action ids")
    if upto is not None:
        actions = actions[:upto]
    state = game.new_initial_state()
    done = 0
    fast = getattr(state, "apply_legal_prefix", None)
    if fast is not None:  # compiled rules: the legal int ids up to the first that is not, in C
        done = fast(actions)
        if done == len(actions):
            return state
    for index in range(done, len(actions)):
        action = actions[index]
        if isinstance(action, bool) or not isinstance(action, int):
            raise RecordError(f"action #{index} is {action!r}; actions are integer ids")
        try:
            state.apply_action(action)
        except GameError as err:
            raise RecordError(f"action #{index} (id {action}) cannot be played: {err}") from None
    return state


__all__ = ["replay", "read_record", "read_records"]

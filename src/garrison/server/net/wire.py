"""What goes over the wire: JSON encoding, and deltas between two views of one seat.

A page that asks for deltas (``delta=1``) gets a full ``view`` first and then, after each
change, a ``delta``: the changes from the view it holds to the new one. ``diff(old, new)`` gives
the patch and ``patch(old, p)`` applies it, so ``patch(old, diff(old, new)) == new``; the page
runs the same few lines in JavaScript (``web/app.js``, ``applyPatch``). A patch is a dict with
any of

* ``"set"``: ``{key: value}`` — new or changed values;
* ``"del"``: ``[key, ...]`` — keys that are gone;
* ``"sub"``: ``{key: patch}`` — a nested dict that changed in part (two levels deep at most);
* ``"list"``: ``{key: [drop, [items]]}`` — a list that lost its first ``drop`` items and gained
  ``items`` at the end (a log that grew, or a window of the last entries that moved on).

A delta carries no more than the two views it joins, so it cannot leak what a view cannot.
"""

from __future__ import annotations

import json
from typing import Any

try:  # a faster encoder when it is installed (the [server] extra brings it)
    import orjson

    _OPTIONS = orjson.OPT_NON_STR_KEYS

    def dumps(obj: Any) -> str:
        """Compact JSON text of ``obj``."""
        return orjson.dumps(obj, option=_OPTIONS).decode()

except ImportError:  # pragma: no cover - the plain library does the same, slower

    def dumps(obj: Any) -> str:
        """Compact JSON text of ``obj``."""
        return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


MAX_DEPTH = 2


def _list_change(old: list[Any], new: list[Any]) -> tuple[int, list[Any]] | None:
    """``(drop, items)`` with ``new == old[drop:] + items``, if that is shorter than ``new``."""
    n = len(old)
    if len(new) >= n and new[:n] == old:
        return (0, new[n:]) if n else None
    if not new:
        return None
    first = new[0]
    for drop in range(1, n):
        if old[drop] == first and old[drop:] == new[: n - drop]:
            return drop, new[n - drop:]
    return None


def diff(old: dict[str, Any], new: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    """The patch that turns ``old`` into ``new`` (empty if they are equal)."""
    sets: dict[str, Any] = {}
    subs: dict[str, Any] = {}
    lists: dict[str, Any] = {}
    for key, value in new.items():
        if key not in old:
            sets[key] = value
            continue
        before = old[key]
        if before is value or before == value:
            continue
        if depth < MAX_DEPTH and isinstance(value, dict) and isinstance(before, dict):
            subs[key] = diff(before, value, depth + 1)
        elif isinstance(value, list) and isinstance(before, list):
            change = _list_change(before, value)
            if change is None:
                sets[key] = value
            else:
                lists[key] = [change[0], change[1]]
        else:
            sets[key] = value
    out: dict[str, Any] = {}
    if sets:
        out["set"] = sets
    gone = [key for key in old if key not in new]
    if gone:
        out["del"] = gone
    if subs:
        out["sub"] = subs
    if lists:
        out["list"] = lists
    return out


def patch(old: dict[str, Any], p: dict[str, Any]) -> dict[str, Any]:
    """``old`` with the patch ``p`` applied (``old`` itself is not changed)."""
    out = dict(old)
    for key, (drop, items) in p.get("list", {}).items():
        out[key] = list(out[key][drop:]) + list(items)
    for key, sub in p.get("sub", {}).items():
        out[key] = patch(out[key], sub)
    out.update(p.get("set", {}))
    for key in p.get("del", ()):
        out.pop(key, None)
    return out

"""Serve the bots of the Garrison installation this script runs under, one JSON line per
request on stdin and one per answer on stdout, so that an arena run by another installation (an
older commit, say) can seat them. ``research/arena_vs_install.py`` starts it; it uses only the
public API every version has had (``garrison.load``, ``garrison.bots.make_bot``, states rebuilt
from their actions), so it runs unchanged under older commits.

Requests:

* ``{"op": "new", "id": K, "game": NAME, "options": {...}, "bot": BOT, "seat": S, "seed": N}``
  makes bot ``K``; the answer is ``{"ok": true}``.
* ``{"op": "step", "id": K, "history": [...]}``: bot ``K``'s action in the state those actions
  (chance included) lead to; the answer is ``{"action": A}``.
* ``{"op": "drop", "id": K}`` forgets bot ``K``.

A failure answers ``{"error": "..."}`` with the message of the exception and serving goes on;
a line that is not such a request ends the server with a message on stderr.

The served bot is given the whole state, as the arena gives its own bots: like them it reads
only its seat's view (the installation's own peek tests hold it to that).
"""

from __future__ import annotations

import json
import sys
from typing import Any


def serve() -> None:
    import garrison
    from garrison.bots import make_bot

    bots: dict[int, tuple[Any, Any]] = {}
    games: dict[str, Any] = {}
    for line in sys.stdin:
        try:
            request = json.loads(line)
            op = request["op"]
            key = int(request["id"])
        except (ValueError, KeyError, TypeError) as err:
            sys.exit(f"bot_server: not a request ({err}): {line[:200]!r}")
        try:
            if op == "new":
                spec = json.dumps([request["game"], request["options"]], sort_keys=True)
                if spec not in games:
                    games[spec] = garrison.load(request["game"], **request["options"])
                game = games[spec]
                bots[key] = (game, make_bot(game, request["bot"], int(request["seat"]),
                                            seed=request["seed"]))
                answer: dict[str, Any] = {"ok": True}
            elif op == "step":
                game, bot = bots[key]
                state = game.new_initial_state()
                for action in request["history"]:
                    state.apply_action(int(action))
                answer = {"action": int(bot.step(state))}
            elif op == "drop":
                bots.pop(key, None)
                answer = {"ok": True}
            else:
                answer = {"error": f"unknown op {op!r}; ops: new, step, drop"}
        except Exception as err:  # noqa: BLE001 - every failure is answered, named, not hidden
            answer = {"error": f"{type(err).__name__}: {err}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve()

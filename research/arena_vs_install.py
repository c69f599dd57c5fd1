"""Run ``garrison arena`` with some seats played by the bots of another Garrison installation,
an older commit, say, so that a bot is measured against the very code it replaces rather than a
setting that imitates it.

    python research/arena_vs_install.py --python OTHER/.venv/bin/python -- \\
        solo66 --bots ismcts:0.1s:clock=cpu:fallback=1.5,old:ismcts:0.1s,old:ismcts:0.1s,... \\
        --games 100 --seed 323 --save run.jsonl

A bot named ``old:NAME`` is ``NAME`` as the other installation plays it: its interpreter runs
``research/bot_server.py`` (from this directory, so the other installation needs no change) and
answers each move from the actions so far. Everything after ``--`` is ``garrison arena``'s own
command line, run in this process with one job (the other installation's bots live in one child
process). An installation that is a git worktree of an older commit needs only its compiled
rules built (``pip install -e .`` in its own venv).

An error in the other installation (an unknown bot name, an illegal move) stops the run with
its message.
"""

from __future__ import annotations

import argparse
import itertools
import json
import subprocess
import sys
import weakref
from pathlib import Path
from typing import Any, ClassVar

from garrison.arena.openspiel_bots import ARENA_BOTS
from garrison.core import Bot, Game, GameError, State

SERVER = Path(__file__).with_name("bot_server.py")


class OtherInstall:
    """The child process serving the other installation's bots."""

    def __init__(self, python: str) -> None:
        self.proc = subprocess.Popen(
            [python, str(SERVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            bufsize=1,
        )
        self.ids = itertools.count()

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """The answer to ``request``.

        Raises:
            GameError: the child failed (its message) or has gone.
        """
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise GameError(f"the other installation's bot server ended (exit {self.proc.poll()})")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise GameError(f"the other installation: {answer['error']}")
        return answer

    def forget(self, key: int) -> None:
        """Drop bot ``key`` in the child, unless the child is gone already (at the end of a run
        the bots outlive it)."""
        if self.proc.poll() is None and self.proc.stdin is not None and not self.proc.stdin.closed:
            self.ask({"op": "drop", "id": key})


class InstallBot(Bot):
    """One seat played by the other installation's bot ``spec``."""

    name: ClassVar[str] = "old"
    description: ClassVar[str] = "a bot of another Garrison installation (research/arena_vs_install.py)"
    spec: ClassVar[str] = ""
    install: ClassVar[OtherInstall | None] = None

    @classmethod
    def configured(cls, spec: str) -> type[InstallBot]:
        return type(cls.__name__, (cls,), {"spec": spec})

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        super().__init__(game, seat, seed)
        if self.install is None or not self.spec:
            raise GameError("old:NAME needs the other installation (--python) and a bot name")
        self.key = next(self.install.ids)
        self.install.ask({"op": "new", "id": self.key, "game": game.name,
                          "options": dict(game.options), "bot": self.spec, "seat": seat,
                          "seed": seed})
        weakref.finalize(self, self.install.forget, self.key)

    def step(self, state: State) -> int:
        assert self.install is not None
        action = int(self.install.ask({"op": "step", "id": self.key,
                                       "history": list(state.history())})["action"])
        if action not in state.legal_actions():
            raise GameError(f"old:{self.spec} chose {action}, not a legal action here")
        return action


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", required=True,
                        help="the other installation's interpreter (its venv's bin/python)")
    parser.add_argument("arena", nargs=argparse.REMAINDER,
                        help="-- then garrison arena's arguments")
    args = parser.parse_args(argv)
    rest = args.arena[1:] if args.arena[:1] == ["--"] else args.arena
    try:
        InstallBot.install = OtherInstall(args.python)
    except OSError as err:
        parser.error(f"--python {args.python} cannot be run: {err.strerror}; give the other "
                     "installation's interpreter, its venv's bin/python")
    ARENA_BOTS[InstallBot.name] = InstallBot  # type: ignore[assignment]
    from garrison.cli.main import app

    app(["arena", *rest, "--jobs", "1"])


if __name__ == "__main__":
    main(sys.argv[1:])

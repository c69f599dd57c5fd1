"""What the research scripts that value a search's rollouts their own way share (not a script).

``scopa_winprob.py`` and ``r1848_cut_rollouts.py`` each measure the strong search with its
rollouts' ends valued by something learned: ``ValuedISMCTS`` is that search, its ``value`` the
script's, and ``arena`` runs ``garrison arena`` with it registered in this process only;
``command_line`` is their parser's shape (``data``, the script's own step, ``arena``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from garrison.bots import GENERIC, ISMCTSBot

#: The strong search at 0.05 s of CPU a move, written S among the arena's bots.
STRONG = "ismcts:0.05s:clock=cpu:fallback=1.5"


class ValuedISMCTS(ISMCTSBot):
    """ISMCTS whose rollouts' ends, where a rollout stops before the game does, are valued by
    ``value`` instead of the game's evaluator; a subclass defines ``value``."""

    #: Each seat's value of a state (the subclass's method).
    value: Callable[[Any], list[float]]

    def rollout(self) -> Any:
        rollout = super().rollout()
        rollout.evaluator = self.value
        return rollout


def arena(bot: type[ValuedISMCTS], rest: list[str]) -> None:
    """``garrison arena`` with ``bot`` registered under its name in this process (keep ``--jobs
    1``), ``S`` among the bots standing for ``STRONG``; ``rest`` the arena's arguments, after an
    optional ``--``."""
    GENERIC[bot.name] = bot
    from garrison.cli.main import app

    rest = rest[1:] if rest[:1] == ["--"] else rest
    app(["arena", *[",".join(STRONG if b == "S" else b for b in r.split(",")) for r in rest]])


def command_line(doc: str, arena_file: str) -> tuple[argparse.ArgumentParser, Any, argparse.ArgumentParser]:
    """The scripts' parser (described by the first paragraph of ``doc``): its subcommands, the
    ``data`` one with ``--games``, ``--seed`` and ``--out`` (a script adds its own), and an
    ``arena`` one that reads the file ``arena_file`` (such as ``--table``) and passes the rest
    to ``garrison arena``. Returns the parser, its subparsers and the ``data`` parser."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    data = sub.add_parser("data")
    data.add_argument("--games", type=int, default=20000)
    data.add_argument("--seed", type=int, default=1)
    data.add_argument("--out", required=True)
    a = sub.add_parser("arena")
    a.add_argument(arena_file, required=True)
    a.add_argument("rest", nargs=argparse.REMAINDER)
    return parser, sub, data

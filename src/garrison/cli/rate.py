"""``garrison rate``: a game's levels rated on one Elo scale by a round robin, and the ratings
file the lobby reads written from it (wired into ``garrison.cli.main``; the engine is
``garrison.arena.rating``, the file ``garrison.bots.level_ratings``)."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from garrison.arena.rating import REPLICATES, rate_levels
from garrison.arena.tournament import schedule
from garrison.bots.level_ratings import ratings_file_name, save_ratings
from garrison.bots.levels import levels
from garrison.core import GameError, load
from garrison.core.errors import RecordError
from garrison.learn.weights import data_dir

from .arena import print_round_robin
from .common import parse_options

console = Console(width=None if sys.stdout.isatty() else 160)
err_console = Console(stderr=True)


def rate(
    game: Annotated[str, typer.Argument(help="game name")],
    games_: Annotated[int, typer.Option("--games", help="games a pair of levels (rounded up to whole mirrored deals)")] = 40,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    seed: Annotated[int, typer.Option(help="base seed (every pair plays the same deals)")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option name=value (repeatable)")] = None,
    free: Annotated[list[str] | None, typer.Option("--free", help="an option the ratings hold for whatever its value, e.g. a cap on the game's length (repeatable)")] = None,
    replicates: Annotated[int, typer.Option(help="bootstrap replicates for the 95% intervals")] = REPLICATES,
    out: Annotated[Path | None, typer.Option(help="write the ratings file here; 'shipped' for the game's data folder (what the lobby shows)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the ratings document as JSON")] = False,
) -> None:
    """Rate a game's levels (easy, good, strong, and master where it has one) on one Elo scale.

    A round robin of every pair on the same seeded deals, searches on CPU time, easy at 0,
    95% intervals from a bootstrap over deals."""
    try:
        options = parse_options(option)
        free_names = list(dict.fromkeys(free or []))
        measured = load(game, **options)
        target = None
        if out is not None:
            defaults = type(measured)().options  # the file is named by what differs from them
            keyed = {k: v for k, v in measured.options.items()
                     if k not in free_names and defaults[k] != v}
            target = (data_dir(measured) / ratings_file_name(keyed) if str(out) == "shipped"
                      else out)
            if not target.parent.is_dir():
                raise GameError(f"cannot write {target}: its folder does not exist")
        pairs = len(levels(measured)) * (len(levels(measured)) - 1) // 2
        with Progress("[progress.description]{task.description}", BarColumn(),
                      MofNCompleteColumn(), TimeRemainingColumn(), console=err_console,
                      disable=as_json or not sys.stderr.isatty()) as bar:
            task = bar.add_task(game, total=pairs * len(schedule(games_, measured.num_players,
                                                                 True)))
            played, doc = rate_levels(game, options, games_, seed, jobs, replicates, free_names,
                                      progress=lambda pair, n: bar.update(
                                          task, advance=n, description=f"{game}: {pair}"))
        doc["command"] = shlex.join(["garrison", "rate", game, *sum((["-o", o] for o in option or []), []),
                                     *sum((["--free", f] for f in free_names), []),
                                     "--games", str(games_), "--seed", str(seed),
                                     "--replicates", str(replicates),
                                     *(["--out", str(out)] if out is not None else [])])
        if target is not None:
            save_ratings(target, doc)
    except (GameError, RecordError, OSError) as err:
        err_console.print(f"[red]error:[/red] {err}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(doc, indent=1, ensure_ascii=False))
        return
    labels = {entry["bot"]: level for level, entry in doc["levels"].items()}
    print_round_robin(played, f"{game}: the levels' round robin, {len(played.lineups[0])} seats, "
                              f"{games_} games a pair, seed {seed}", labels)
    if target is not None:
        console.print(f"ratings written to {target}")


__all__ = ["rate"]

"""``garrison arena``: a tournament from the command line (wired into ``garrison.cli.main``; the
engine is ``garrison.arena``)."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from garrison.core import GameError, load

console = Console()
err_console = Console(stderr=True)


def arena(
    game: Annotated[str, typer.Argument(help="game name")],
    bots: Annotated[str, typer.Option(help="one bot per seat, comma-separated (ismcts:1s, pimc:30, ...)")],
    games_: Annotated[int, typer.Option("--games", help="number of games (rounded up to whole mirrored deals)")] = 100,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    seed: Annotated[int, typer.Option(help="base seed")] = 0,
    mirror: Annotated[bool, typer.Option(help="replay each deal with the seats rotated")] = True,
    players: Annotated[int | None, typer.Option(help="player count (default: one per bot)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option name=value")] = None,
    ray: Annotated[str | None, typer.Option("--ray", metavar="ADDRESS", help="run the games on a Ray cluster ('local' for a local one)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the full result as JSON")] = False,
    plot: Annotated[str | None, typer.Option(help="write win shares and ratings to this .png/.svg")] = None,
    save: Annotated[str | None, typer.Option(help="append each game's record to this file (JSON lines) as it finishes; `garrison replay FILE --game N` shows one")] = None,
) -> None:
    """A tournament: mirrored deals, rotated seats, 95% intervals, openskill ratings, plots."""
    from garrison.arena.tournament import run_arena, schedule

    from .common import parse_options, seat_options, split_bots

    try:
        bot_list = split_bots(bots)
        options = seat_options(game, parse_options(option), bot_list, players)
        if plot:
            from garrison.arena.plot import FORMATS

            if not plot.lower().endswith(FORMATS):
                raise GameError(f"plot file must end in {', '.join(FORMATS)} (got '{plot}')")
        seats = load(game, **options).num_players
        total = len(schedule(games_, seats, mirror)) if games_ > 0 else None
        with Progress(
            "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
            TimeRemainingColumn(), console=err_console, disable=as_json or not sys.stderr.isatty(),
        ) as progress:
            task = progress.add_task(f"{game}", total=total)
            sink = open(save, "a", encoding="utf-8") if save else None  # noqa: SIM115

            def keep(rec: dict[str, Any]) -> None:
                assert sink is not None
                sink.write(json.dumps(rec) + "\n")
                sink.flush()

            try:
                result = run_arena(
                    game, options, bot_list, games_, seed, jobs, mirror,
                    progress=lambda k: progress.advance(task, k), ray_address=ray,
                    on_record=keep if sink else None,
                    keep_actions=sink is not None,
                )
            finally:
                if sink:
                    sink.close()
        if plot:
            from garrison.arena.plot import plot_result

            plot_result(result, plot)
    except GameError as err:
        err_console.print(f"[red]error:[/red] {err}", highlight=False)
        raise typer.Exit(2) from None
    data = result.as_dict()
    if as_json:
        print(json.dumps(data, indent=1))
        return
    title = (f"{game}: {data['games']} games"
             + (f" ({data['deals']} deals, each with every seat rotation)" if mirror else "")
             + f", seed {seed}")
    table = Table(title=title)
    tallied = any(row["score_advantage"] is not None for row in data["results"])
    for col in ("bot", "seats", "mean return", "advantage", *(("score adv.",) if tallied else ()),
                "win share", "rating μ ± σ", "s/move mean (max)"):
        table.add_column(col)
    for row in data["results"]:
        score = (f"{row['score_advantage']:+.2f} ± {row['score_advantage_ci95']:.2f}",
                 ) if tallied else ()
        table.add_row(
            row["bot"], ",".join(map(str, row["slots"])),
            f"{row['mean_return']:+.3f} ± {row['mean_return_ci95']:.3f}",
            f"{row['advantage']:+.3f} ± {row['advantage_ci95']:.3f}",
            *score,
            f"{row['win_rate']:.3f} ± {row['win_rate_ci95']:.3f}",
            f"{row['rating_mu']:.2f} ± {row['rating_sigma']:.2f}" if row["rating_mu"] is not None else "-",
            (f"{row['seconds_per_move']:.3f} ({row['max_seconds_per_move']:.3f})"
             if row["seconds_per_move"] is not None else "-"),
        )
    console.print(table)
    console.print("[dim]± = 95% interval over per-deal means; advantage = own return minus the "
                  "other seats' mean"
                  + ("; score adv. = the same with the game's points" if tallied else "")
                  + "; s/move = wall seconds per move[/dim]")
    if plot:
        console.print(f"plot written to {plot}")


__all__ = ["arena"]

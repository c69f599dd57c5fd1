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

from garrison.arena.elo import elo, pair_scores
from garrison.arena.plot import FORMATS, plot_result
from garrison.arena.tournament import round_robin_lineups, run_arena, schedule
from garrison.core import GameError, load

from .common import parse_options, seat_options, split_bots

#: Piped output is not bound by a terminal's width: the table keeps one line per bot there.
console = Console(width=None if sys.stdout.isatty() else 160)
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
    round_robin: Annotated[bool, typer.Option("--round-robin", help="BOTS are the bots to rate, weakest first: every pair plays --games games (the later bot in one seat, the earlier in the others) and all games give one Elo scale")] = False,
) -> None:
    """A tournament: mirrored deals, rotated seats, 95% intervals, openskill and Elo ratings, plots."""


    if round_robin:
        _round_robin(game, split_bots(bots), games_, jobs, seed, mirror, players, option, as_json)
        return
    try:
        bot_list = split_bots(bots)
        options = seat_options(game, parse_options(option), bot_list, players)
        if plot:

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
                "win share", "ahead", "rating μ ± σ", "s/move (max), cpu"):
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
            (f"{row['ahead_share']:.3f} ± {row['ahead_share_ci95']:.3f}"
             if row["ahead_share"] is not None else "-"),
            f"{row['rating_mu']:.2f} ± {row['rating_sigma']:.2f}" if row["rating_mu"] is not None else "-",
            (f"{row['seconds_per_move']:.3f} ({row['max_seconds_per_move']:.3f}), "
             f"{row['cpu_seconds_per_move']:.3f}"
             if row["seconds_per_move"] is not None else "-"),
        )
    console.print(table)
    if data["elo"]:
        console.print("Elo (pairs of seats, first bot 0): "
                      + ", ".join(f"{b} {e:+.0f}" for b, e in data["elo"].items()))
    console.print("[dim]± = 95% interval over per-deal means; advantage = own return minus the "
                  "other seats' mean; ahead = share of the other bots' seats it "
                  "finished ahead of (parity 0.5)"
                  + ("; score adv. = the same with the game's points" if tallied else "")
                  + "; s/move = wall seconds per move, cpu = CPU seconds per move[/dim]")
    if plot:
        console.print(f"plot written to {plot}")


def _round_robin(game: str, bots: list[str], games: int, jobs: int, seed: int, mirror: bool,
                 players: int | None, option: list[str] | None, as_json: bool) -> None:
    """``garrison arena --round-robin``: one arena per pair of ``bots``, and Elo over all."""


    try:
        options = parse_options(option)
        if players is not None:
            options["players"] = players
        seats = load(game, **options).num_players
        if len(set(bots)) < 2:
            raise GameError("a round robin needs at least two different bots")
        runs = []
        pairs: dict[tuple[str, str], list[float]] = {}
        for lineup in round_robin_lineups(bots, seats):
            result = run_arena(game, options, lineup, games, seed, jobs, mirror, ratings=False)
            pair_scores(lineup, result.records, into=pairs)
            line = next(x.summary() for x in result.lines if x.bot == lineup[0])
            runs.append({"bot": lineup[0], "against": lineup[1], "games": len(result.records),
                         "ahead_share": line["ahead_share"],
                         "ahead_share_ci95": line["ahead_share_ci95"],
                         "cpu_seconds_per_move": line["cpu_seconds_per_move"]})
    except GameError as err:
        err_console.print(f"[red]error:[/red] {err}", highlight=False)
        raise typer.Exit(2) from None
    ratings = elo(pairs, anchor=bots[0])
    if as_json:
        print(json.dumps({"game": game, "options": options, "seats": seats, "seed": seed,
                          "pairs": runs, "elo": ratings}, indent=1))
        return
    table = Table(title=f"{game}: round robin, {seats} seats, {games} games a pair, seed {seed}")
    for col in ("bot", "against", "games", "ahead", "cpu s/move"):
        table.add_column(col)
    for run in runs:
        table.add_row(run["bot"], run["against"], str(run["games"]),
                      f"{run['ahead_share']:.3f} ± {run['ahead_share_ci95']:.3f}",
                      f"{run['cpu_seconds_per_move']:.3f}")
    console.print(table)
    console.print(f"Elo ({bots[0]} 0): " + ", ".join(f"{b} {ratings[b]:+.0f}"
                                                      for b in dict.fromkeys(bots)))


__all__ = ["arena"]

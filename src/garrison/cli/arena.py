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

from garrison.arena.plot import FORMATS, plot_result
from garrison.arena.rating import RoundRobin, round_robin
from garrison.arena.tournament import run_arena, schedule
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
    console.print("[dim]± = 95% interval over per-deal means (every deal at a bound: the rule "
                  "of three, 3/deals of the range); advantage = own return minus the "
                  "other seats' mean; ahead = share of the other bots' seats it "
                  "finished ahead of (parity 0.5)"
                  + ("; score adv. = the same with the game's points" if tallied else "")
                  + "; s/move = wall seconds per move, cpu = CPU seconds per move[/dim]")
    if plot:
        console.print(f"plot written to {plot}")


def _round_robin(game: str, bots: list[str], games: int, jobs: int, seed: int, mirror: bool,
                 players: int | None, option: list[str] | None, as_json: bool) -> None:
    """``garrison arena --round-robin``: one arena per pair of ``bots``, and Elo over all with
    95% bootstrap intervals (``garrison.arena.rating``)."""
    try:
        options = parse_options(option)
        if players is not None:
            options["players"] = players
        played = round_robin(game, options, bots, games, seed, jobs, mirror)
    except GameError as err:
        err_console.print(f"[red]error:[/red] {err}", highlight=False)
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps({"game": game, "options": options,
                          "seats": len(played.lineups[0]), "seed": seed, "pairs": played.pairs,
                          "elo": played.elo,
                          "elo_ci95": {b: list(v) for b, v in played.interval.items()}},
                         indent=1))
        return
    print_round_robin(played, f"{game}: round robin, {len(played.lineups[0])} seats, {games} "
                              f"games a pair, seed {seed}", dict.fromkeys(played.bots))


def print_round_robin(played: RoundRobin, title: str, labels: dict[str, str | None]) -> None:
    """The pairs of a round robin and its Elo scale (``labels``: each bot's level, if any)."""
    table = Table(title=title)
    for col in ("bot", "against", "games", "ahead", "cpu s/move"):
        table.add_column(col)
    for run in played.pairs:
        table.add_row(labels.get(run["bot"]) or run["bot"],
                      labels.get(run["against"]) or run["against"], str(run["games"]),
                      f"{run['ahead_share']:.3f} ± {run['ahead_share_ci95']:.3f}",
                      f"{run['cpu_seconds_per_move']:.3f}")
    console.print(table)
    scale = Table(title=f"Elo ({labels.get(played.bots[0]) or played.bots[0]} 0; 95% bootstrap "
                        f"interval over deals)")
    for col in ("level", "bot", "Elo", "95% interval"):
        scale.add_column(col)
    for bot in played.bots:
        low, high = played.interval.get(bot, (played.elo[bot], played.elo[bot]))
        scale.add_row(labels.get(bot) or "", bot, f"{played.elo[bot]:+.0f}",
                      f"{low:+.0f} to {high:+.0f}")
    console.print(scale)


__all__ = ["arena"]

"""The ``garrison`` command: list, play, simulate, replay, solve, bench, import, arena, train,
rate, serve."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from garrison.bots import bot_class, bot_names
from garrison.core import GameError, OptionError, game_class, games, load, read_records, replay
from garrison.core.seats import seat_label

from .common import parse_options, print_wrapped, seat_options, split_bots

app = typer.Typer(
    help="Garrison: soldiers' and tavern games played exactly by their rules.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Markdown: a hand-wrapped docstring's paragraphs are reflowed to the terminal's width
    # (the rich mode keeps their line breaks, and a help read as broken lines).
    rich_markup_mode="markdown",
)
console = Console()
err_console = Console(stderr=True)

OptionArg = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="game option name=value (repeatable)")
]


def _fail(err: Exception) -> None:
    err_console.print(f"[red]error:[/red] {err}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


@app.callback(invoke_without_command=True)
def _root(ctx: typer.Context) -> None:
    if ctx.invoked_subcommand is None:
        console.print(ctx.get_help())


@app.command("list")
def list_games(
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
) -> None:
    """Every game with its player counts, options (defaults) and bots."""
    data: list[dict[str, Any]] = []
    for name in games():
        cls = game_class(name)
        lo, hi = cls.player_range()
        data.append({
            "game": name, "title": cls.title, "players": [lo, hi],
            "options": {s.name: {"default": s.default, "allowed": s.allowed(), "doc": s.doc}
                        for s in cls.option_specs()},
            "bots": bot_names(cls),
        })
    if as_json:
        print(json.dumps(data, indent=1))
        return
    for i, entry in enumerate(data):
        lo, hi = entry["players"]
        if i:
            console.print()
        console.print(f"[bold]{entry['game']}[/bold] — {entry['title']} "
                      f"({lo if lo == hi else f'{lo}-{hi}'} players)", highlight=False)
        print_wrapped(console, f"  bots: {', '.join(entry['bots'])}")
        for opt, spec in entry["options"].items():
            # the option on its line, what it does under it
            print_wrapped(console, f"  {opt} = {spec['default']!r}  ({spec['allowed']})")
            if spec["doc"]:
                print_wrapped(console, f"      {spec['doc']}", style="dim")


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="game name; omit for the menu")] = None,
    seat: Annotated[int, typer.Option(help="your seat")] = 0,
    bots: Annotated[str | None, typer.Option(help="bots for the other seats, comma-separated")] = None,
    option: OptionArg = None,
    seed: Annotated[int | None, typer.Option(help="seed for dice, deals and bots")] = None,
    save: Annotated[Path | None, typer.Option(help="write the game's record (JSON) to this file, "
                                              "also when you quit")] = None,
    delay: Annotated[float | None, typer.Option(
        help="seconds to pause after each bot move (default: 0.6 at a terminal, 0 otherwise)")] = None,
) -> None:
    """Play a game in the terminal against bots (no GAME: an interactive menu)."""
    from .play import default_bot, menu
    from .play import play as play_game

    pause = delay if delay is not None else (0.6 if sys.stdout.isatty() and sys.stdin.isatty() else 0.0)
    try:
        if game is None:
            name, options, seat, bot_list = menu(console)
        else:
            name, options = game, parse_options(option)
            cls = load(name, **options)
            bot_list = split_bots(bots) or [default_bot(cls)]
        play_game(name, options, seat, bot_list, seed, console, save=save, delay=max(0.0, pause))
    except GameError as err:
        _fail(err)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game name")],
    bots: Annotated[str, typer.Option(help="one bot per seat, comma-separated")],
    games_: Annotated[int, typer.Option("--games", help="number of games")] = 100,
    seed: Annotated[int, typer.Option(help="base seed")] = 0,
    jobs: Annotated[int, typer.Option(help="worker processes")] = 1,
    players: Annotated[int | None, typer.Option(help="player count (default: one per bot)")] = None,
    option: OptionArg = None,
    rotate: Annotated[bool, typer.Option(help="rotate seats between games")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
) -> None:
    """Bots play many seeded games; per-bot mean return and win share with 95% intervals."""
    from garrison.arena import run_matches

    try:
        bot_list = split_bots(bots)
        options = seat_options(game, parse_options(option), bot_list, players)
        cls = game_class(game)
        if games_ < 1:
            raise OptionError("--games must be at least 1")
        for b in bot_list:
            bot_class(cls, b)
        with Progress(
            "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
            TimeRemainingColumn(), console=err_console, disable=as_json or not sys.stderr.isatty(),
        ) as progress:
            task = progress.add_task(f"{game}", total=games_)
            result = run_matches(game, options, bot_list, games_, seed, jobs, rotate,
                                 progress=lambda k: progress.advance(task, k))
    except GameError as err:
        _fail(err)
        return
    data = result.as_dict()
    if as_json:
        print(json.dumps(data, indent=1))
        return
    table = Table(title=f"{game}: {games_} games, seed {seed}" + (", seats rotated" if rotate else ""))
    for col in ("slot", "bot", "mean return (95% CI)", "win share (95% CI)"):
        table.add_column(col)
    for row in data["bots"]:
        table.add_row(
            str(row["slot"]), row["bot"],
            f"{row['mean_return']:+.3f} ± {row['mean_return_ci95']:.3f}",
            f"{row['win_rate']:.3f} ± {row['win_rate_ci95']:.3f}",
        )
    console.print(table)


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a record from 'play --save' or the page's download, "
                                              "or several games from 'arena --save'")],
    seat: Annotated[int | None, typer.Option(help="watch as this seat (default: spectator)")] = None,
    step: Annotated[bool, typer.Option(help="wait for Enter between moves")] = False,
    game_no: Annotated[int | None, typer.Option("--game", help="which game of a file of several "
                                                               "(1, 2, ...)")] = None,
) -> None:
    """Step through a recorded game, seen by a spectator or one seat."""
    try:
        records = read_records(file)
        if game_no is None and len(records) > 1:
            raise OptionError(f"{file} holds {len(records)} games: pick one with --game 1 to "
                              f"--game {len(records)}")
        index = 1 if game_no is None else game_no
        if not 1 <= index <= len(records):
            raise OptionError(f"there is no game {index} in {file}: it holds {len(records)} "
                              f"(--game 1 to {len(records)})")
        record = records[index - 1]
        final = replay(record)  # validates the whole record before showing anything
        game = final.game
        state = game.new_initial_state()
        state.check_seat(seat)
        seen = 0
        for index, action in enumerate(record["actions"]):
            state.apply_action(action)
            obs = state.observation(seat)
            for line in (obs.get("log") or [])[seen:]:
                console.print(f"[dim]{index:4d}[/dim] {line}", highlight=False)
            seen = len(obs.get("log") or [])
            if step and sys.stdin.isatty():
                console.print(game.render(obs))
                if input("Enter: next, q: quit ").strip().lower() == "q":
                    return
        console.print(game.render(state.observation(seat)))
        if state.is_terminal():
            console.print("Returns: " + ", ".join(f"{seat_label(s)}: {r:+g}" for s, r in enumerate(state.returns())))
    except GameError as err:
        _fail(err)


@app.command()
def solve(
    game: Annotated[str, typer.Argument(
        help="game name (gambit); with --cfr a game or a tiny variant (scopa_hidden_6)")],
    dice: Annotated[int | None, typer.Option(help="number of dice")] = None,
    objective: Annotated[str, typer.Option(help="expected | beat")] = "expected",
    target: Annotated[float | None, typer.Option(help="score to beat (objective beat)")] = None,
    table: Annotated[bool, typer.Option("--table", help="print the whole policy")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
    option: OptionArg = None,
    use_cfr: Annotated[bool, typer.Option(
        "--cfr", help="CFR on the game's whole tree, in C: its NashConv")] = False,
    algorithm: Annotated[str, typer.Option(help="with --cfr: cfr | cfr+ | es-mccfr | os-mccfr")] = "cfr",
    iterations: Annotated[int, typer.Option(help="with --cfr: iterations")] = 100,
    seed: Annotated[int, typer.Option(help="with --cfr: seed of the sampling variants")] = 0,
    every: Annotated[int | None, typer.Option(
        help="with --cfr: NashConv every this many iterations")] = None,
    max_nodes: Annotated[int, typer.Option(help="with --cfr: the largest tree to build")] = 50_000_000,
) -> None:
    """Solve a game exactly: Gambit's set-aside policy, or CFR with its NashConv (--cfr).

    Without --cfr: Gambit's optimal set-aside policy for a turn. With --cfr: CFR, CFR+ or MCCFR
    over a small game's whole tree, and the NashConv of its average policy."""
    try:
        options = parse_options(option)
        if dice is not None:
            options["dice"] = dice
        if use_cfr:
            from .solve_cfr import run_cfr

            if table or objective != "expected" or target is not None:
                raise OptionError("--table, --objective and --target are for Gambit's turn "
                                  "solver, not --cfr")
            run_cfr(console, game, options, algorithm, iterations, seed, every, max_nodes, as_json)
            return
        result = load(game, **options).solve(objective=objective, target=target, table=table)
    except (GameError, ValueError, TypeError) as err:
        _fail(err)
        return
    if as_json:
        print(json.dumps(result))
        return
    what = "maximum expected score" if objective == "expected" else f"maximum P(score > {target:g})"
    console.print(f"{result['dice']} dice, {what}: [bold]{result['value']:.10f}[/bold]")
    if table:
        grid = Table("kept", "roll", "set aside", "value")
        for row in result["table"]:
            grid.add_row(" ".join(map(str, row["kept"])) or "-", " ".join(map(str, row["roll"])),
                         " ".join(map(str, row["set_aside"])), f"{row['value']:.6f}")
        console.print(grid)


@app.command()
def bench(
    seconds: Annotated[float, typer.Option(help="seconds of random play per game")] = 2.0,
    game: Annotated[list[str] | None, typer.Option("--game", help="only these games")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
    search: Annotated[bool, typer.Option("--search", help="also search speed (ismcts, pimc)")] = False,
    batched: Annotated[bool, typer.Option(
        "--batched", help="also the batched engine: self-play and against the game's own bot, "
                          "beside PettingZoo's holdem")] = False,
) -> None:
    """Speed of every game: random play and the research step, beside OpenSpiel's.

    Random-play steps/s and games/s per game, next to OpenSpiel's comparable game, and the
    research step. With --search also search speed, and ISMCTS (random rollouts) against
    OpenSpiel's ISMCTSBot on the same positions, per CPU-second.
    """
    from .bench import run_bench

    try:
        rows = run_bench(seconds, game)
        if search:
            from garrison.arena.speed import ismcts_versus_openspiel, search_speed

            speeds = {r["game"]: r for r in search_speed(seconds, game)}
            versus = {r["game"]: r for r in ismcts_versus_openspiel(seconds, game)}
            for row in rows:
                extra = speeds[row["game"]] | versus[row["game"]]
                for key in ("ismcts_sims_per_s", "ismcts_sims_per_cpu_s",
                            "pimc_worlds_per_s", "pimc_worlds_per_cpu_s",
                            "ismcts_random_sims_per_cpu_s", "openspiel_ismcts_sims_per_cpu_s",
                            "search_ratio"):
                    row[key] = extra[key]
        stacked = None
        if batched:
            from garrison.interop.speed import batched_table

            stacked = batched_table(game, 256, seconds)
            for row, extra in zip(rows, stacked, strict=True):
                row["batched"] = {k: v for k, v in extra.items() if k != "game"}
    except GameError as err:
        _fail(err)
        return
    if as_json:
        print(json.dumps(rows, indent=1))
        return
    grid = Table(title="Random play, same driver loop, same run")
    columns = ["game", "rules run on", "steps/s", "games/s", "OpenSpiel peer", "peer steps/s",
               "peer games/s", "ratio", "research steps/s"]
    if search:
        columns += ["ismcts sims/s", "pimc worlds/s", "ismcts random sims/cpu-s",
                    "OpenSpiel ISMCTS sims/cpu-s", "search ratio"]
    for col in columns:
        grid.add_column(col)
    for r in rows:
        searched = [
            f"{r['ismcts_sims_per_s']:,.0f}", f"{r['pimc_worlds_per_s']:,.1f}",
            f"{r['ismcts_random_sims_per_cpu_s']:,.0f}",
            "-" if r["search_ratio"] is None else f"{r['openspiel_ismcts_sims_per_cpu_s']:,.0f}",
            "-" if r["search_ratio"] is None else f"{r['search_ratio']:.1f}×",
        ] if search else []
        grid.add_row(
            r["game"], r["engine"], f"{r['steps_per_s']:,.0f}", f"{r['games_per_s']:,.1f}", r["openspiel"] or "-",
            f"{r['openspiel_steps_per_s']:,.0f}" if "ratio" in r else "-",
            f"{r['openspiel_games_per_s']:,.1f}" if "ratio" in r else "-",
            f"{r['ratio']:.2f}×" if "ratio" in r else "-",
            f"{r['research_steps_per_s']:,.0f}",
            *searched,
        )
    console.print(grid)
    if stacked is not None:
        _print_batched(stacked)


def _print_batched(rows: list[dict[str, Any]]) -> None:
    """The batched engine's table as plain lines (``bench.batched_lines``), which keep their
    columns in a log where rich would wrap at 80."""
    from .bench import batched_lines

    print("\n".join(batched_lines(rows)))


@app.command("import")
def import_cmd(
    fmt: Annotated[str, typer.Argument(metavar="FORMAT", help="e.g. gravon")],
    path: Annotated[Path, typer.Argument(help="file or archive to read")],
    out: Annotated[Path | None, typer.Option(help="write Garrison records here")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
) -> None:
    """Read games recorded elsewhere (e.g. Gravon Stratego archives) and replay them."""
    importers: dict[str, Any] = {}
    for name in games():
        importers.update(game_class(name).importers)
    try:
        if fmt not in importers:
            raise OptionError(f"unknown format '{fmt}'; formats: {', '.join(importers) or 'none'}")
        summary = importers[fmt](path, out_dir=out)
    except GameError as err:
        _fail(err)
        return
    if as_json:
        print(json.dumps(summary.get("json", summary) if isinstance(summary, dict) else summary))
    else:
        text = summary.get("text") if isinstance(summary, dict) else None
        console.print(text or json.dumps(summary, indent=1))


from garrison.cli.arena import arena as _arena  # noqa: E402 - the arena command's own module

app.command("arena")(_arena)

from garrison.cli.train import train as _train  # noqa: E402 - the train command's own module

app.command("train")(_train)

from garrison.cli.rate import rate as _rate  # noqa: E402 - the rate command's own module

app.command("rate")(_rate)


@app.command()
def serve(
    db: Annotated[str | None, typer.Option(help="database URL (default: SQLite in ~/.local/share/garrison)")] = None,
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
) -> None:
    """Serve the lobby and tables in the browser (see docs/server.md).

    Open the printed address; stop with Ctrl-C. With no --db the games are kept in SQLite under
    ~/.local/share/garrison.
    """
    from garrison.server.run import PortBusy
    from garrison.server.run import serve as run_server

    try:
        run_server(db, host, port)
    except PortBusy as err:
        err_console.print(f"garrison: {err}", markup=False, highlight=False)
        raise typer.Exit(2) from None


@app.command("revoke-guest")
def revoke_guest(
    guest: Annotated[str, typer.Argument(help="the guest's id (16 hex digits, as in GET /api/me)")],
    db: Annotated[str | None, typer.Option(help="database URL (default: SQLite in ~/.local/share/garrison)")] = None,
) -> None:
    """End every token a guest holds (an operator's revocation); the guest's seats stay."""
    from garrison.server.config import default_db_url
    from garrison.server.store.db import Store

    store = Store(db or default_db_url())
    try:
        store.setup()
        if not store.revoke(guest):
            _fail(OptionError(f"there is no guest {guest!r} in this database"))
            return
    finally:
        store.close()
    console.print(f"guest {guest}: every token is revoked (within 2 s on every server)")


def main() -> None:  # pragma: no cover - console script entry
    app()


__all__ = ["app", "main"]

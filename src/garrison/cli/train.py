"""``garrison train``: a game's network, learned on the batched engine (wired into
``garrison.cli.main``; the training itself is ``garrison.learn``, which needs PyTorch: the
``learn`` extra)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from garrison.core import OptionError

from .common import parse_options

err_console = Console(stderr=True)


def train(
    game: Annotated[str, typer.Argument(help="game name")],
    out: Annotated[Path, typer.Option(help="where to write the network (.npz)")],
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option name=value")] = None,
    recorded: Annotated[Path | None, typer.Option(help="first learn people's games from this archive the game reads (Stratego: Gravon's .zip), with --imitate 0")] = None,
    imitate: Annotated[int, typer.Option(help="first learn this many decisions of the game's compiled bot (0: start at random)")] = 400_000,
    epochs: Annotated[int, typer.Option(help="passes over the imitated decisions")] = 4,
    value_horizon: Annotated[int, typer.Option(help="the imitation's value target: the game's evaluator this many actions on, as the search's rollouts with value=eval back up (0: the game's return)")] = 0,
    expert: Annotated[str, typer.Option(help="then learn this search bot's root visit shares (ismcts:...; expert iteration)")] = "",
    expert_decisions: Annotated[int, typer.Option(help="the search bot's decisions to learn from")] = 0,
    jobs: Annotated[int, typer.Option(help="processes playing the search bot's games")] = 1,
    expert_keep: Annotated[Path | None, typer.Option(help="keep the search bot's games in this folder as they are played; a run given it again goes on where it stopped")] = None,
    expert_target: Annotated[str, typer.Option(help="what the search bot's decisions teach: 'shares' (its root visit shares) or 'move' (its most visited move)")] = "shares",
    decisions: Annotated[int, typer.Option(help="then this many decisions of PPO (0: imitation only)")] = 2_000_000,
    opponents: Annotated[str, typer.Option(help="'self' (every seat learns) or a bot at the other seats")] = "self",
    hidden: Annotated[str, typer.Option(help="hidden layer widths, comma-separated")] = "256,256",
    lr: Annotated[float, typer.Option(help="PPO's learning rate")] = 3e-4,
    tables: Annotated[int, typer.Option(help="tables played at once")] = 128,
    batch: Annotated[int, typer.Option(help="finished decisions per PPO update")] = 8192,
    seed: Annotated[int, typer.Option(help="seed of the tables and the network")] = 0,
    init: Annotated[Path | None, typer.Option(help="start from this saved network instead (with --imitate 0)")] = None,
    eval_games: Annotated[int, typer.Option(help="every tenth update, games of the greedy policy against the game's own bot (0: none)")] = 0,
    threads: Annotated[int, typer.Option(help="PyTorch's threads")] = 1,
    quiet: Annotated[bool, typer.Option(help="no line per update")] = False,
) -> None:
    """Train a game's policy-and-value network: people's games or a bot, a search, then PPO.

    The stages: learn people's games (--recorded) or imitate the game's compiled bot, learn a
    search's visits (--expert), then PPO.

    Each update prints one JSON line (decisions, games, losses, the learner's mean return against
    fixed opponents). The file holds the weights and, in its metadata, this command and the
    learning curve; the bots read it with GARRISON_NETS (docs/bots.md, "Learned bots").
    """
    try:
        import torch

        from garrison.train.recipe import Recipe
    except ImportError as err:  # the learn extra is not installed
        err_console.print(f"garrison: training needs PyTorch (pip install 'garrison[learn]'): {err}",
                          markup=False, highlight=False)
        raise typer.Exit(2) from None
    try:
        if threads < 1:
            raise OptionError(f"threads must be 1 or more (got {threads})")
        recipe = Recipe(game=game, out=out, options=parse_options(option), imitate=imitate,
                        epochs=epochs, decisions=decisions, opponents=opponents,
                        hidden=_widths(hidden), lr=lr, tables=tables, batch=batch, seed=seed,
                        init=init, eval_games=eval_games, value_horizon=value_horizon,
                        expert=expert, expert_decisions=expert_decisions, jobs=jobs,
                        recorded=recorded, expert_keep=expert_keep,
                        expert_target=expert_target)
        recipe.check()
        torch.set_num_threads(threads)
        trained = recipe.run(report=None if quiet else lambda line: print(json.dumps(line), flush=True))
    except ValueError as err:  # GameError, OptionError, RecordError: named, with what is allowed
        err_console.print(f"garrison: {err}", markup=False, highlight=False)
        raise typer.Exit(2) from None
    curve = trained.get("curve") or [{}]
    print(json.dumps({"saved": str(out), **{k: v for k, v in curve[-1].items()
                                            if k in ("decisions", "mean_return")}}))


def _widths(text: str) -> tuple[int, ...]:
    """``"256,256"`` → ``(256, 256)``; raises ``OptionError`` for anything else."""
    parts = [part.strip() for part in text.split(",")]
    if not parts or not all(part.isascii() and part.isdigit() and int(part) > 0 for part in parts):
        raise OptionError(f"hidden must be layer widths, whole numbers 1 or more separated by "
                          f"commas, like 256,256 (got {text!r})")
    return tuple(int(part) for part in parts)


__all__ = ["train"]

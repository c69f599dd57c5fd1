"""``garrison train``: a game's network, learned on the batched engine (wired into
``garrison.cli.main``; the training itself is ``garrison.learn``, which needs PyTorch: the
``learn`` extra)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from garrison.bots import bot_class
from garrison.core import OptionError, load

from .common import parse_options

err_console = Console(stderr=True)


def train(
    game: Annotated[str, typer.Argument(help="game name")],
    out: Annotated[Path, typer.Option(help="where to write the network (.npz)")],
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option name=value")] = None,
    imitate: Annotated[int, typer.Option(help="first learn this many decisions of the game's compiled bot (0: start at random)")] = 400_000,
    decisions: Annotated[int, typer.Option(help="then this many decisions of PPO (0: imitation only)")] = 2_000_000,
    epochs: Annotated[int, typer.Option(help="passes over the imitated decisions")] = 4,
    opponents: Annotated[str, typer.Option(help="'self' (every seat learns) or a bot at the other seats")] = "self",
    hidden: Annotated[str, typer.Option(help="hidden layer widths, comma-separated")] = "256,256",
    lr: Annotated[float, typer.Option(help="PPO's learning rate")] = 3e-4,
    tables: Annotated[int, typer.Option(help="tables played at once")] = 128,
    batch: Annotated[int, typer.Option(help="finished decisions per PPO update")] = 8192,
    seed: Annotated[int, typer.Option(help="seed of the tables and the network")] = 0,
    threads: Annotated[int, typer.Option(help="PyTorch's threads")] = 1,
    quiet: Annotated[bool, typer.Option(help="no line per update")] = False,
) -> None:
    """Train a game's policy-and-value network: imitate its compiled bot, then PPO.

    Each update prints one JSON line (decisions, games, losses, the learner's mean return against
    fixed opponents). The file holds the weights and, in its metadata, this command and the
    learning curve; the bots read it with GARRISON_NETS (docs/bots.md, "Learned bots").
    """
    try:
        import torch

        from garrison.learn.imitate import warm_start
        from garrison.learn.model import save_model
        from garrison.learn.ppo import PPOConfig, Trainer
    except ImportError as err:  # the learn extra is not installed
        err_console.print(f"garrison: training needs PyTorch (pip install 'garrison[learn]'): {err}",
                          markup=False, highlight=False)
        raise typer.Exit(2) from None
    try:
        options = parse_options(option)
        widths = _widths(hidden)
        for name, value in (("threads", threads), ("epochs", epochs)):
            if value < 1:
                raise OptionError(f"{name} must be 1 or more (got {value})")
        if imitate < 0 or decisions < 0 or imitate + decisions == 0:
            raise OptionError(f"imitate and decisions are counts of decisions, 0 or more and not "
                              f"both 0 (got {imitate} and {decisions})")
        if out.suffix != ".npz":
            raise OptionError(f"out must be a .npz file (got '{out}')")
        config = PPOConfig(game=game, options=options, opponents=opponents, tables=tables,
                           decisions=max(1, decisions), hidden=widths, lr=lr, seed=seed,
                           batch=batch, minibatch=min(batch, 512))
        config.check()
        torch.set_num_threads(threads)
        game_now = load(game, **options)
        if opponents != "self":
            bot_class(game_now, opponents)  # an unknown bot is refused before any work
        words = ["garrison", "train", game, *(f"-o {k}={v}" for k, v in options.items()),
                 f"--imitate {imitate}", f"--epochs {epochs}", f"--decisions {decisions}",
                 f"--opponents {opponents}", f"--hidden {hidden}", f"--lr {lr:g}",
                 f"--tables {tables}", f"--batch {batch}", f"--seed {seed}", f"--out {shlex.quote(str(out))}"]
        trained: dict[str, Any] = {"command": " ".join(words)}
        net = None
        if imitate:
            net, lines, data = warm_start(game, options, widths, imitate, seed=seed, epochs=epochs)
            trained["imitation"] = {"decisions": len(data.action), "games": data.games,
                                    "seconds": data.seconds, "epochs": lines}
            if not quiet:
                print(json.dumps({"imitated": len(data.action), "games": data.games, **lines[-1]}),
                      flush=True)
        if decisions:
            trainer = Trainer(config, net=net)
            trainer.run(report=None if quiet else lambda line: print(json.dumps(line), flush=True))
            trained.update(trainer.trained())
            net = trainer.net
        assert net is not None
        save_model(net, out, game_now, options, trained)
    except ValueError as err:  # GameError, OptionError: a bad game, option or setting
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

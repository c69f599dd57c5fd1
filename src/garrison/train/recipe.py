"""One training run from start to file: what ``garrison train`` does, as a value that can say
its own command (kept in the file's metadata, so that a shipped net says how it was made)."""

from __future__ import annotations

import os
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import torch

import garrison
from garrison.bots import bot_class
from garrison.core import Game, OptionError

from .expert import check_expert, search_decisions
from .imitate import imitate, warm_start
from .model import PolicyValueNet, save_model, value_range
from .ppo import PPOConfig, Trainer
from .recorded import measure, recorded_demonstrations
from .torch_io import load_model

#: What expert iteration may teach the policy (``Recipe.expert_target``).
EXPERT_TARGETS = ("shares", "move")


@dataclass
class Recipe:
    """Learn people's recorded games (``recorded``, an archive the game reads), or imitate the
    game's compiled bot for ``imitate`` decisions, or start from ``init``; then
    learn ``expert_decisions`` decisions of the search bot ``expert`` (its visit shares, or
    with ``expert_target="move"`` its most visited move, as targets: expert iteration), then
    PPO for ``decisions`` decisions (0: none)."""

    game: str
    out: Path
    options: dict[str, Any] = field(default_factory=dict)
    imitate: int = 400_000
    epochs: int = 4
    decisions: int = 2_000_000
    opponents: str = "self"
    hidden: tuple[int, ...] = (256, 256)
    lr: float = 3e-4
    tables: int = 128
    batch: int = 8192
    seed: int = 0
    init: Path | None = None
    #: Games of the greedy policy against the game's own bot every tenth update (0: none).
    eval_games: int = 0
    #: The imitation's value target: the game's return (0), or the game's evaluator after this
    #: many actions, as a search rollout with ``value=eval`` and that horizon backs up.
    value_horizon: int = 0
    #: A search bot (``ismcts:...``) whose root visit shares the network learns, after the
    #: imitation or ``init``, for ``expert_decisions`` decisions played on ``jobs`` processes.
    expert: str = ""
    expert_decisions: int = 0
    jobs: int = 1
    #: An archive of people's games the game reads (``Game.recorded``): the network first
    #: learns their moves and results, ``epochs`` passes, instead of the compiled bot's.
    recorded: Path | None = None
    #: A folder keeping the search's games as they are played (``waves.WaveStore``): a run
    #: given it again reads the waves there instead of playing them.
    expert_keep: Path | None = None
    #: What the search's decisions teach the policy: ``"shares"``, the root's visit shares (a
    #: distribution), or ``"move"``, its most visited move alone.
    expert_target: str = "shares"

    def check(self) -> PPOConfig:
        """The PPO settings of this run, after every check.

        Raises:
            OptionError: a setting, the game, an option or the opponent that cannot be, named
                with what is allowed.
        """
        return self._checked()[0]

    def _checked(self) -> tuple[PPOConfig, Game]:
        """The PPO settings and the game, after every check (raises as ``check``)."""
        game = garrison.load(self.game, **self.options)
        if self.value_horizon < 0:
            raise OptionError(f"value-horizon must be 0 or more actions (got {self.value_horizon})")
        if self.value_horizon and game.evaluator is None:
            raise OptionError(f"{self.game} has no evaluator: its value target can only be the "
                              f"return (value-horizon 0)")
        if self.eval_games < 0:
            raise OptionError(f"eval-games must be 0 or more (got {self.eval_games})")
        if self.epochs < 1:
            raise OptionError(f"epochs must be 1 or more (got {self.epochs})")
        if bool(self.expert) != (self.expert_decisions > 0):
            raise OptionError(f"expert and expert-decisions go together: a search bot and a "
                              f"count of its decisions, 1 or more (got {self.expert!r} and "
                              f"{self.expert_decisions})")
        if self.expert_keep is not None and not self.expert:
            raise OptionError("--expert-keep keeps the search's games: give --expert and "
                              "--expert-decisions with it")
        if self.expert_target not in EXPERT_TARGETS:
            raise OptionError(f"expert-target must be one of {', '.join(EXPERT_TARGETS)} (the "
                              f"root's visit shares or its most visited move; got "
                              f"{self.expert_target!r})")
        if self.expert_target != "shares" and not self.expert:
            raise OptionError("--expert-target says what the search's decisions teach: give "
                              "--expert and --expert-decisions with it")
        if self.jobs < 1:
            raise OptionError(f"jobs must be 1 or more (got {self.jobs})")
        if self.recorded is not None and (self.imitate or self.init is not None):
            raise OptionError("--recorded starts a new network from people's games: give "
                              "--imitate 0 and no --init with it")
        if self.recorded is not None and type(game).recorded is None:
            raise OptionError(f"{self.game} reads no recorded games (--recorded)")
        starts = self.imitate or self.init is not None or self.recorded is not None
        if self.expert and not starts:
            raise OptionError("expert decisions refine a network: give --imitate, --recorded "
                              "or --init too")
        if self.imitate < 0 or self.decisions < 0 or (self.imitate + self.decisions == 0
                                                      and not starts):
            raise OptionError(f"imitate and decisions are counts of decisions, 0 or more and not "
                              f"both 0 (got {self.imitate} and {self.decisions})")
        if self.init is not None and self.imitate:
            raise OptionError("--init starts from a saved network: give --imitate 0 with it")
        if self.out.suffix != ".npz":
            raise OptionError(f"out must be a .npz file (got '{self.out}')")
        _check_out_folder(self.out)
        config = PPOConfig(game=self.game, options=self.options, opponents=self.opponents,
                           tables=self.tables, decisions=max(1, self.decisions),
                           hidden=self.hidden, lr=self.lr, seed=self.seed, batch=self.batch,
                           minibatch=min(self.batch, 512), eval_games=self.eval_games)
        config.check()
        if self.opponents != "self":
            bot_class(game, self.opponents)  # an unknown bot is refused before any work
        if self.expert:
            check_expert(game, self.expert)  # a bot that does not search is refused before any work
        return config, game

    def command(self) -> str:
        """The ``garrison train`` command that runs this recipe."""
        words = ["garrison", "train", self.game,
                 *(f"-o {k}={v}" for k, v in self.options.items())]
        if self.init is not None:
            words.append(f"--init {shlex.quote(str(self.init))}")
        if self.recorded is not None:
            words.append(f"--recorded {shlex.quote(str(self.recorded))}")
        words += [f"--imitate {self.imitate}", f"--epochs {self.epochs}",
                  f"--value-horizon {self.value_horizon}",
                  *([f"--expert {shlex.quote(self.expert)}",
                     f"--expert-decisions {self.expert_decisions}", f"--jobs {self.jobs}",
                     *([f"--expert-keep {shlex.quote(str(self.expert_keep))}"]
                       if self.expert_keep is not None else []),
                     f"--expert-target {self.expert_target}"]
                    if self.expert else []),
                  f"--decisions {self.decisions}", f"--opponents {self.opponents}",
                  f"--hidden {','.join(map(str, self.hidden))}", f"--lr {self.lr:g}",
                  f"--tables {self.tables}", f"--batch {self.batch}", f"--seed {self.seed}",
                  f"--eval-games {self.eval_games}",
                  f"--out {shlex.quote(str(self.out))}"]
        return " ".join(words)

    def run(self, report: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
        """Train and write the file; returns what its metadata says of the training.
        ``report`` gets the imitation's last line and every PPO update's.

        Raises:
            OptionError: as ``check``; an ``init`` file for another game.
            RecordError: an ``init`` file that is not a network; a ``recorded`` archive that
                cannot be read or does not fit the game.
        """
        config, game = self._checked()
        trained: dict[str, Any] = {"command": self.command()}
        net: PolicyValueNet | None = None
        if self.init is not None:
            net, meta = load_model(self.init)
            if meta["game"] != game.name:
                raise OptionError(f"--init: {self.init} is a network for {meta['game']}, "
                                  f"not {game.name}")
            trained["init"] = meta["trained"]
        if self.recorded is not None:
            net, trained["recorded"] = self._learn_recorded(game)
            if report is not None:
                report({"recorded": trained["recorded"]["decisions"],
                        **trained["recorded"]["epochs"][-1],
                        "held_out": trained["recorded"]["held_out"]})
        if self.imitate:
            net, lines, data = warm_start(self.game, self.options, self.hidden, self.imitate,
                                          seed=self.seed, epochs=self.epochs,
                                          horizon=self.value_horizon or None)
            trained["imitation"] = {"decisions": len(data.action), "games": data.games,
                                    "seconds": data.seconds, "epochs": lines}
            if report is not None:
                report({"imitated": len(data.action), "games": data.games, **lines[-1]})
        if self.expert:
            assert net is not None
            data = search_decisions(self.game, self.options, self.expert, self.expert_decisions,
                                    seed=self.seed, jobs=self.jobs, keep=self.expert_keep)
            if self.expert_target == "move":  # the most visited move, not the shares
                data = replace(data, policy=None)
            lines = imitate(net, data, epochs=self.epochs, seed=self.seed)
            trained["expert"] = {"bot": self.expert, "target": self.expert_target,
                                 "decisions": len(data.action),
                                 "games": data.games, "seconds": data.seconds, "epochs": lines}
            if report is not None:
                report({"expert": len(data.action), "games": data.games, **lines[-1]})
        if self.decisions:
            trainer = Trainer(config, net=net)
            trainer.run(report=report)
            trained.update(trainer.trained())
            net = trainer.net
        assert net is not None
        save_model(net, self.out, game, self.options, trained)
        return trained

    def _learn_recorded(self, game: Game) -> tuple[PolicyValueNet, dict[str, Any]]:
        """A new network fitted to the archive's decisions outside its held-out split, and what
        the metadata says of it (the held-out split's figures included)."""
        assert self.recorded is not None
        fit, held = recorded_demonstrations(self.game, self.options, self.recorded)
        scale, shift = value_range(game)
        torch.manual_seed(self.seed)
        net = PolicyValueNet(game.observation_tensor_shape[0], game.num_distinct_actions,
                             self.hidden, value_scale=scale, value_shift=shift)
        lines = imitate(net, fit, epochs=self.epochs, seed=self.seed)
        return net, {"archive": self.recorded.name, "decisions": len(fit.action),
                     "seconds": fit.seconds, "epochs": lines, "held_out": measure(net, held)}


def _check_out_folder(out: Path) -> None:
    """Refuse, before any training, an ``out`` whose folder cannot be made or written: the
    nearest folder of it that exists must be a writable folder (``save_net`` makes the rest).

    Raises:
        OptionError: naming the path in the way.
    """
    folder = out.absolute().parent
    while not folder.exists():
        folder = folder.parent
    if not folder.is_dir():
        raise OptionError(f"out: {folder} is a file, so the folder of '{out}' cannot be made")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OptionError(f"out: the folder {folder} cannot be written")


__all__ = ["EXPERT_TARGETS", "Recipe"]

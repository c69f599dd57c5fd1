"""Expert iteration's data: decisions of a searching bot, with the search's visits as targets.

Games are played with the search bot in every seat (ISMCTS, ``garrison.bots.ismcts``). At each
decision with a choice, the mover's observation tensor is kept with its legal actions and the
share of the search's root visits each action got; at the game's end, with the mover's return.
The network's policy then learns the visit shares (cross-entropy against a distribution,
``imitate.imitate``) and its value the returns, so that as the search's prior (``ismcts:net=w``)
it starts where a search of that budget ends. Games are independent: they are played on
``jobs`` processes, each game seeded from ``seed`` and its number, so the data is the same
whatever the count (games are started eight at a time, and the data ends with the first eight
that bring the decisions to the count).
"""

from __future__ import annotations

import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, cast

import numpy as np

import garrison
from garrison.bots import bot_class, make_bot
from garrison.bots.ismcts import ISMCTSBot
from garrison.core import Game, OptionError

from .imitate import Demonstrations
from .waves import WaveStore

#: Games started at once: the data ends after the first wave that makes the count.
_WAVE = 8


def check_expert(game: Game, bot: str) -> None:
    """Refuse ``bot`` unless it is a search bot of ``game`` whose root visits can be targets.

    Raises:
        OptionError: an unknown bot (named, with the names allowed), or one that does not search.
    """
    if not issubclass(bot_class(game, bot), ISMCTSBot):
        raise OptionError(f"the expert must be a search bot, ismcts:..., whose visits are "
                          f"targets (got {bot!r})")


def search_decisions(name: str, options: dict[str, Any], bot: str, decisions: int, *,
                     seed: int = 0, jobs: int = 1,
                     keep: str | os.PathLike[str] | None = None) -> Demonstrations:
    """At least ``decisions`` decisions with a choice of the search bot ``bot`` playing every
    seat of ``name``, from whole games, with the root's visit shares as ``policy`` targets (rows
    of the game's actions) and the most visited action as ``action``. With ``keep``, a folder,
    each wave of games is saved there as it finishes and the waves already there are read
    instead of played (``waves.WaveStore``): a run stopped part way goes on where it stopped.

    Raises:
        OptionError: ``bot`` is not an ISMCTS bot of the game, ``decisions`` or ``jobs`` not a
            positive count, an option the game does not have, or a ``keep`` folder of another
            run.
        RecordError: a file in ``keep`` that is not a wave of this run.
    """
    for what, count in (("decisions", decisions), ("jobs", jobs)):
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise OptionError(f"{what} must be a whole number, 1 or more (got {count!r})")
    game = garrison.load(name, **options)
    check_expert(game, bot)
    store = None if keep is None else WaveStore(
        keep, {"game": game.name, "options": options, "bot": bot, "seed": seed},
        game.observation_tensor_shape[0], game.num_distinct_actions)
    started = time.perf_counter()
    waves: list[dict[str, np.ndarray]] = []
    kept, number, games = 0, 0, 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        while kept < decisions:
            wave = range(number, number + _WAVE)  # not by jobs: the same games for any count
            number += len(wave)
            arrays = None if store is None else store.get(wave[0])
            if arrays is None:
                parts = list(pool.map(_one_game, [(name, options, bot, seed, g) for g in wave]))
                arrays = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
                if store is not None:
                    store.put(wave[0], arrays)
            waves.append(arrays)
            games += len(wave)
            kept += len(arrays["action"])
    return Demonstrations(
        **{k: np.concatenate([w[k] for w in waves]) for k in waves[0]},
        games=games, seconds=round(time.perf_counter() - started, 1),
        meta={"expert": bot, "seed": seed},
    )


def _one_game(task: tuple[str, dict[str, Any], str, int, int]) -> dict[str, np.ndarray]:
    """One game of the search bot in every seat (game ``number`` of seed ``seed``): each
    decision with a choice, as ``search_decisions`` keeps it."""
    name, options, bot_name, seed, number = task
    game = garrison.load(name, **options)
    base = seed * 1_000_003 + number * 7919
    bots = [cast(ISMCTSBot, make_bot(game, bot_name, seat, base + seat))
            for seat in range(game.num_players)]
    chance = random.Random(base)
    state = game.new_initial_state()
    actions = game.num_distinct_actions
    obs, masks, moves, movers, shares = [], [], [], [], []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, chance))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        action = bots[seat].step(state)
        if len(legal) > 1:
            visits = bots[seat].last_root.visits
            total = sum(visits.get(a, 0) for a in legal)
            if total > 0:
                row = np.zeros(actions, np.float32)
                for a in legal:
                    row[a] = visits.get(a, 0) / total
                mask = np.zeros(actions, bool)
                mask[legal] = True
                obs.append(np.asarray(state.observation_tensor(seat), np.float32))
                masks.append(mask)
                moves.append(int(row.argmax()))
                movers.append(seat)
                shares.append(row)
        state.apply_action(action)
    returns = state.returns()
    size = game.observation_tensor_shape[0]
    return {"obs": np.asarray(obs, np.float32).reshape(-1, size),
            "mask": np.asarray(masks, bool).reshape(-1, actions),
            "action": np.asarray(moves, np.int64),
            "returns": np.asarray([returns[m] for m in movers], np.float32),
            "policy": np.asarray(shares, np.float32).reshape(-1, actions)}


__all__ = ["check_expert", "search_decisions"]

"""``garrison solve --cfr``: CFR and its sampling variants on a game's whole tree, in C.

The game is a tiny variant by name (``garrison.interop.openspiel.TINY_GAMES``, such as
``scopa_hidden_6``) or any game with ``-o`` options small enough for its whole tree.
"""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.table import Table

from garrison.core import Game, OptionError, load


def cfr_game(name: str, options: dict[str, Any]) -> Game:
    """The game to solve: a tiny variant (no options then) or ``name`` with ``options``.
    Raises ``OptionError`` for an unknown game, a bad option or options given to a tiny one."""
    from garrison.interop.openspiel import TINY_GAMES, tiny_game

    if name in TINY_GAMES:
        if options:
            raise OptionError(f"{name} is a tiny variant with its options fixed; give options "
                              f"to a game instead (such as scopa -o values=4)")
        return tiny_game(name)
    return load(name, **options)


def checkpoints(iterations: int, every: int | None) -> list[int]:
    """Every ``every`` iterations up to ``iterations`` (and the last); none without ``every``.
    Raises ``OptionError`` for an ``every`` below 1."""
    if every is None:
        return []
    if every < 1:
        raise OptionError(f"--every is a number of iterations of at least 1, not {every}")
    return sorted({*range(every, iterations + 1, every), iterations} - {0})


def run_cfr(console: Console, name: str, options: dict[str, Any], algorithm: str,
            iterations: int, seed: int, every: int | None, max_nodes: int,
            as_json: bool) -> None:
    """Build the tree, run the solver and print what it found (a table, or JSON). Raises
    ``OptionError``/``ValueError`` naming what was wrong (nothing is printed then)."""
    from garrison.solve import ALGORITHMS, cfr, game_tree

    if algorithm not in ALGORITHMS:
        raise OptionError(f"--algorithm must be one of {', '.join(ALGORITHMS)}, not {algorithm!r}")
    if iterations < 0:
        raise OptionError(f"--iterations must be 0 or more, not {iterations}")
    if seed < 0:
        raise OptionError(f"--seed must be 0 or more, not {seed}")
    marks = checkpoints(iterations, every)
    game = cfr_game(name, options)
    tree = game_tree(game, max_nodes)
    result = cfr(tree, iterations, algorithm, seed, checkpoints=marks)
    nash_conv = result.curve[-1][1] if result.curve and result.curve[-1][0] == iterations \
        else result.nash_conv()
    data = {
        "game": game.name, "options": game.options, "algorithm": algorithm,
        "iterations": iterations, "seed": seed, "nodes": tree.num_nodes,
        "information_states": tree.num_infosets, "nash_conv": nash_conv,
        "seconds": result.seconds, "nodes_touched": result.nodes_touched,
        "curve": [list(point) for point in result.curve],
    }
    if as_json:
        print(json.dumps(data))
        return
    rate = result.nodes_touched / result.seconds if result.seconds > 0 else float("inf")
    console.print(f"{name}: {tree.num_nodes:,} nodes, {tree.num_infosets:,} information states")
    console.print(f"{algorithm}, {iterations} iterations (seed {seed}) in {result.seconds:.3f} s, "
                  f"{rate:,.0f} nodes/s: NashConv [bold]{nash_conv:.10f}[/bold]")
    if result.curve:
        grid = Table("iterations", "NashConv")
        for done, value in result.curve:
            grid.add_row(str(done), f"{value:.10f}")
        console.print(grid)


__all__ = ["cfr_game", "checkpoints", "run_cfr"]

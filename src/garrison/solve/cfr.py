"""CFR and its sampling variants over a game's tree: :func:`cfr` runs one, :func:`nash_conv`
measures a policy.

A game's tree is built once (:func:`game_tree`, every node of the compiled state's rules) with
its information states keyed by each seat's perfect recall, the partition OpenSpiel's
information-state string of the same game makes; the solver then iterates over the tree in C.
CFR and CFR+ reproduce OpenSpiel's ``CFRSolver`` and ``CFRPlusSolver`` (the same NashConv after
the same iterations); ``es-mccfr`` and ``os-mccfr`` sample from ``seed``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from garrison.core import Game, State
from garrison.core.cfr import ALGORITHMS, GameTree, Solver, build_tree, information_key

#: The most nodes :func:`game_tree` builds unless told otherwise (about 2.5 GB of arrays).
MAX_NODES = 50_000_000


def game_tree(game: Game, max_nodes: int = MAX_NODES) -> GameTree:
    """The whole tree of ``game`` from its initial state (see ``garrison.core.cfr``).

    Raises ``TypeError`` for a game whose states are not compiled and ``ValueError`` when the
    tree has more than ``max_nodes`` nodes.

    >>> import garrison
    >>> tree = game_tree(garrison.load("scopa", players=2, deal="all", hand_limit=1, suits=1,
    ...                                values=4))
    >>> tree.num_nodes, tree.num_infosets
    (401, 132)
    """
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise ValueError(f"max_nodes is a whole number of at least 1, not {max_nodes!r}")
    return build_tree(game, max_nodes)


@dataclass(frozen=True)
class Solution:
    """What a :func:`cfr` run found: the average policy over ``tree`` (one probability per
    information state and legal action, ``tree.infoset_slots(i)``), with the run's facts.

    ``curve`` holds ``(iterations, NashConv)`` at the checkpoints asked for; ``nodes_touched``
    counts the nodes the iterations visited, ``seconds`` their time (not the tree's building).
    """

    tree: GameTree
    algorithm: str
    iterations: int
    seed: int
    policy: np.ndarray
    nodes_touched: int
    seconds: float
    curve: tuple[tuple[int, float], ...] = field(default=())
    game: Game | None = None

    def nash_conv(self) -> float:
        """NashConv of the average policy (0 at a Nash equilibrium)."""
        return float(self.tree.nash_conv(self.policy))

    def action_probabilities(self, state: State) -> dict[int, float]:
        """The average policy at ``state`` (a player node of the solved game), by action id.

        Raises ``ValueError`` away from a player node or for a state of another game.
        """
        if self.game is None or state.game != self.game:
            raise ValueError("action_probabilities reads states of the game this solution "
                             "solved (a tree from elsewhere has no states)")
        info = self.tree.key_index.get(information_key(state))
        if info is None:
            raise ValueError("this state's information state is not in the solved tree")
        slots = self.tree.infoset_slots(info)
        return {a: float(p) for a, p in zip(self.tree.infoset_actions(info), self.policy[slots],
                                            strict=True)}


def _whole(name: str, value: Any, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} is a whole number, not {value!r}")
    if value < low or (high is not None and value > high):
        allowed = f"{low} to {high}" if high is not None else f"{low} or more"
        raise ValueError(f"{name} must be {allowed}, not {value}")
    return int(value)


def cfr(game: Game | GameTree, iterations: int, algorithm: str = "cfr", seed: int = 0, *,
        checkpoints: Sequence[int] = (), max_nodes: int = MAX_NODES) -> Solution:
    """Run ``algorithm`` (one of :data:`ALGORITHMS`: ``cfr``, ``cfr+``, ``es-mccfr``,
    ``os-mccfr``) for ``iterations`` iterations on ``game`` (a Garrison game, whose tree is
    built, or a tree built before) and return its average policy.

    ``seed`` draws the sampling variants' chance and actions (CFR and CFR+ draw nothing);
    ``checkpoints`` are iteration counts at which NashConv is measured into ``curve``. Raises
    ``ValueError`` for an unknown algorithm, a negative count or seed, or a tree larger than
    ``max_nodes``; ``TypeError`` for a game whose states are not compiled.

    >>> import garrison
    >>> game = garrison.load("scopa", players=2, deal="all", hand_limit=1, suits=1, values=4)
    >>> cfr(game, 3).nash_conv() < cfr(game, 1).nash_conv()
    True
    """
    if algorithm not in ALGORITHMS:
        raise ValueError(f"algorithm must be one of {', '.join(ALGORITHMS)}, not {algorithm!r}")
    iterations = _whole("iterations", iterations, 0)
    seed = _whole("seed", seed, 0, 2**64 - 1)
    marks = sorted({_whole("a checkpoint", c, 1, iterations) for c in checkpoints})
    tree = game if isinstance(game, GameTree) else game_tree(game, max_nodes)
    solver = Solver(tree, algorithm, seed)
    curve, seconds, done = [], 0.0, 0
    for mark in sorted({*marks, iterations}):
        start = time.perf_counter()
        solver.run(mark - done)
        seconds += time.perf_counter() - start
        done = mark
        if mark in marks:
            curve.append((mark, float(tree.nash_conv(solver.average_policy()))))
    return Solution(tree, algorithm, iterations, seed, solver.average_policy(),
                    solver.nodes_touched, seconds, tuple(curve),
                    None if isinstance(game, GameTree) else game)


def nash_conv(game: Game | GameTree | Solution, policy: np.ndarray | Solution | None = None) -> float:
    """NashConv of ``policy`` in ``game``: what best responses gain over it, summed over the
    seats (0 exactly at a Nash equilibrium).

    ``policy`` is a :class:`Solution` or an array over the tree's policy slots (None: uniform
    random play); ``game`` a Garrison game (its tree is built), a tree, or a solution (its
    tree, and its policy when ``policy`` is None). Raises ``ValueError`` for an array of
    another length, negative or non-finite entries, or a solution of another tree.

    >>> import garrison
    >>> game = garrison.load("scopa", players=2, deal="all", hand_limit=1, suits=1, values=4)
    >>> round(nash_conv(game), 4)
    0.6667
    """
    if isinstance(game, Solution):
        tree = game.tree
        if policy is None:
            policy = game
    else:
        tree = game if isinstance(game, GameTree) else game_tree(game)
    if isinstance(policy, Solution):
        if policy.tree is not tree:
            raise ValueError("the solution's policy is over another tree")
        policy = policy.policy
    if policy is None:
        policy = tree.uniform_policy()
    return float(tree.nash_conv(np.asarray(policy, np.float64)))


__all__ = ["ALGORITHMS", "MAX_NODES", "Solution", "cfr", "game_tree", "nash_conv"]

"""Perfect-information Monte Carlo (PIMC) for any game of the kernel.

For each move the bot draws worlds as ``state.resample(seat, rng)`` does (``world_draw``), fixes
the future chance of each world (the k-th chance event of a world always draws from the same
seeded generator, like a stacked deck), solves the world as if every card were face up, and plays
the action with the best total value over the worlds ("voting" by value).

The solver is a depth-limited search through the kernel (``apply_unchecked``/``undo``):
alpha-beta for two-player zero-sum games, max^n (every player maximises its own return, so
partners with equal returns play together) otherwise. It deepens one move at a time until the
whole rest of the hand fits in its node budget, which makes it exact near the end of a
trick-taking hand; before that a cut-off position is valued by a rollout with the game's heuristic.
With ``horizon=score`` (the default) a change of ``returns()`` ends the search there: in a match
of several deals, the end of the current deal is the end of the tree.

>>> import garrison
>>> from garrison.bots import make_bot
>>> game = garrison.load("gambit", players=2)
>>> bot = make_bot(game, "pimc:worlds=2:nodes=50", seat=0, seed=1)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(garrison.sample_chance(state, bot.rng))
>>> bot.step(state) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from typing import Any, ClassVar

from garrison.core import CHANCE, State, sample_chance

from .search import SearchBot


class _OutOfNodes(Exception):
    pass


class PIMCBot(SearchBot):
    """Samples worlds, solves each by iterative-deepening search, plays the best average."""

    name = "pimc"
    description = "perfect-information Monte Carlo: solves sampled worlds by alpha-beta / max^n"
    count_setting = "worlds"
    settings: ClassVar[dict[str, tuple[Any, Any]]] = {
        "worlds": (int, 20),         # sampled worlds per move (unless seconds is set)
        "seconds": (float, None),    # time per move instead of a count
        "clock": (str, "wall"),      # the seconds in wall time, or the thread's "cpu" time
        "nodes": (int, 500),         # search budget per world: nodes plus rollout actions
        "depth": (int, 64),          # deepest iteration (decisions below the root)
        "rollout": (str, None),      # bot valuing cut-off positions (default: heuristic/greedy)
        "horizon": (str, "score"),   # stop at a change of returns ("score"), the "end";
                                     # "eval"/N: rollouts to a change of the evaluator/of N actions
        "maxlen": (int, None),       # longest rollout in actions (default: 1000)
        "epsilon": (float, 0.0),     # chance of a random move in a rollout
    }

    def __init__(self, game: Any, seat: int, seed: int | None = None, **opts: Any) -> None:
        super().__init__(game, seat, seed, **opts)
        g = self.game
        self.two_player_zero_sum = g.num_players == 2 and g.utility_sum == 0
        self.last_worlds = 0
        self.total_worlds = 0
        self.exact_worlds = 0
        self._budget = self.budget()

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        totals = dict.fromkeys(legal, 0.0)
        budget = self._budget = self.budget()
        draw = self.world_draw(state)
        while budget.more():
            world = draw(self.rng)
            values = self.solve_world(world, self.rng.getrandbits(48))
            for a in legal:
                totals[a] += values.get(a, -math.inf)
            budget.tick()
        self.last_worlds = budget.used
        self.total_worlds += budget.used
        return max(legal, key=lambda a: (totals[a], -a))

    # -- one world -------------------------------------------------------------------------------
    def solve_world(self, world: State, world_seed: int) -> dict[int, float]:
        """Value of each root action for this seat in ``world``, by iterative deepening."""
        self._seed = world_seed
        self._start_returns = world.returns()
        legal = world.legal_actions()
        order = list(legal)
        best: dict[int, float] = {}
        rollout = self.rollout()
        for depth in range(0, int(self.opts["depth"]) + 1):
            self._cut = False
            self._left = int(self.opts["nodes"]) if depth > 0 else math.inf
            self._rollout_start = rollout.steps
            try:
                values = {}
                for a in order:
                    world.apply_unchecked(a)
                    try:
                        values[a] = self._value(world, depth)
                    finally:
                        world.undo()
            except _OutOfNodes:
                break
            best = values
            order.sort(key=lambda a: -values[a])  # best first: better pruning next time
            if not self._cut:
                self.exact_worlds += 1
                break
        return best

    def _value(self, world: State, depth: int) -> float:
        """This bot's value of ``world`` searched ``depth`` decisions deep."""
        if self.two_player_zero_sum:
            return self._alphabeta(world, depth, -math.inf, math.inf)
        return self._maxn(world, depth)[self.seat]

    def _spend(self) -> None:
        """Count one node; give up this iteration once nodes plus rollout actions pass the budget."""
        self._left -= 1
        if self._left - (self.rollout().steps - self._rollout_start) < 0:
            raise _OutOfNodes
        if self._left % 64 == 0 and self._budget.expired():  # the move's hard time limit
            raise _OutOfNodes

    def _leaf(self, world: State) -> list[float] | None:
        """Returns if the search stops here (end of game or of the scoring horizon)."""
        if world.is_terminal():
            return world.returns()
        if self.opts["horizon"] == "score":
            now = world.returns()
            if now != self._start_returns:
                return now
        return None

    def _chance(self, world: State) -> int:
        return sample_chance(world, random.Random(self._seed * 1_000_003 + world.move_number()))

    def _cutoff(self, world: State) -> list[float]:
        self._cut = True
        rng = random.Random(self._seed * 7_919 + world.move_number())
        return self.rollout().run(world, rng)

    def _maxn(self, world: State, depth: int) -> list[float]:
        done = self._leaf(world)
        if done is not None:
            return done
        player = world.current_player()
        if player == CHANCE:
            world.apply_unchecked(self._chance(world))
            try:
                return self._maxn(world, depth)
            finally:
                world.undo()
        if depth <= 0:
            return self._cutoff(world)
        self._spend()
        legal = world.legal_actions()
        next_depth = depth if len(legal) == 1 else depth - 1
        best: list[float] | None = None
        for a in legal:
            world.apply_unchecked(a)
            try:
                v = self._maxn(world, next_depth)
            finally:
                world.undo()
            if best is None or v[player] > best[player]:
                best = v
        assert best is not None
        return best

    def _alphabeta(self, world: State, depth: int, alpha: float, beta: float) -> float:
        done = self._leaf(world)
        if done is not None:
            return done[self.seat]
        player = world.current_player()
        if player == CHANCE:
            world.apply_unchecked(self._chance(world))
            try:
                return self._alphabeta(world, depth, alpha, beta)
            finally:
                world.undo()
        if depth <= 0:
            return self._cutoff(world)[self.seat]
        self._spend()
        legal = world.legal_actions()
        next_depth = depth if len(legal) == 1 else depth - 1
        maximize = player == self.seat
        best = -math.inf if maximize else math.inf
        for a in legal:
            world.apply_unchecked(a)
            try:
                v = self._alphabeta(world, next_depth, alpha, beta)
            finally:
                world.undo()
            if maximize:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best


__all__ = ["PIMCBot"]

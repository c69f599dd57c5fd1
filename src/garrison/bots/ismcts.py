"""Information-set Monte Carlo tree search (ISMCTS) for any game of the kernel.

One tree is grown per move. Each simulation starts from a fresh world drawn with
``state.resample(seat, rng)`` (a full state consistent with what this seat has seen), walks the
tree by UCB, adds one node, plays the world forward with the rollout policy and backs the
returns up. Tree nodes stand for information sets: a node is keyed by the player to move, the
number of actions since the root and that player's observation of the world (``observation_key``:
the tensor's bytes on compiled rules), so the root is shared by every world
and an opponent's node is shared by the worlds in which the opponent knows the same thing. A
legal action is scored by how often it was *available* when chosen (the subset-armed bandit of
Cowling, Powley and Whitehouse 2012), because different worlds allow different actions.

Chance nodes inside the tree draw an outcome with the search's own generator. The move played is
the root action visited most often. With ``widen=w`` a node considers only its first
``ceil(w * sqrt(n + 1))`` actions after ``n`` simulations (progressive widening): the rollout
policy's move first, then the others in a random order fixed per node.

>>> import garrison
>>> from garrison.bots import make_bot
>>> game = garrison.load("gambit", players=2)
>>> bot = make_bot(game, "ismcts:sims=20", seat=0, seed=1)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(garrison.sample_chance(state, bot.rng))
>>> bot.step(state) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from typing import Any, ClassVar, cast

from garrison.core import CHANCE, Bot, GameError, State, sample_chance
from garrison.core.compiled import CompiledState
from garrison.core.game import Declarer, ExactEnding, WorldWalk
from garrison.learn.nets import game_net

from .search import Budget, Scale, SearchBot


class _Node:
    __slots__ = ("visits", "value", "square", "avail", "hint", "order", "total", "priors")

    def __init__(self, hint: int | None = None) -> None:
        self.visits: dict[int, int] = {}
        self.value: dict[int, float] = {}
        #: Sum of squared returns per action (for the root's fallback test).
        self.square: dict[int, float] = {}
        self.avail: dict[int, int] = {}
        #: The rollout policy's choice here, tried first and favoured early (progressive bias).
        self.hint = hint
        #: With progressive widening: the order in which actions join (hint first, then random).
        self.order: list[int] | None = None
        self.total = 0
        #: With ``net``: the network's policy over the actions legal when the node was made.
        self.priors: dict[int, float] | None = None


class ISMCTSBot(SearchBot):
    """Single-tree ISMCTS over determinizations, with the game's heuristic as rollout policy."""

    name = "ismcts"
    description = "information-set MCTS over resampled worlds; rollouts by the game's heuristic"
    settings: ClassVar[dict[str, tuple[Any, Any]]] = {
        "sims": (int, 200),          # simulations per move (unless seconds is set)
        "seconds": (float, None),    # time per move instead of a count
        "clock": (str, "wall"),      # the seconds in wall time, or the thread's "cpu" time
        "c": (float, 0.7),           # UCB exploration, in units of the observed return spread
        "rollout": (str, None),      # bot that plays the rollouts (default: heuristic/greedy/random)
        "horizon": (str, "score"),   # rollouts stop at a change of returns ("score") or of the
                                     # game's evaluator ("eval"), at the "end", or after N actions
        "maxlen": (int, None),       # longest rollout in actions (default: 1000 or the game's maximum)
        "epsilon": (float, 0.0),     # chance of a random move in a rollout
        "prior": (float, 1.0),       # bonus of the rollout policy's move, fading as 1/(visits+1)
        "widen": (float, 0.0),       # progressive widening: consider ceil(widen*sqrt(n+1)) actions
        "value": (str, "returns"),   # back up the returns, or the game's evaluator ("eval")
        "paired": (int, 0),          # 1: play each world from every root action, same chance
        "fallback": (float, 0.0),    # z > 0: play the rollout policy's move unless the search's
                                     # choice leads it by z standard errors (never weaker)
        "infer": (int, 0),           # k > 1: each world is the likeliest of up to k resampled
                                     # ones: where the rollout policy agrees with the most of the
                                     # opponents' decisions since the last chance event
        "walk": (int, 0),            # k > 0: worlds from a Markov chain weighing the others'
                                     # decisions as infer does (games with world_chain: Solo 66),
                                     # k steps of it a world; infer then unused
        "own": (float, 0.0),         # x > 0: a simulation in which this seat is the deal's
                                     # declarer (game hook declarer: Solo 66's soloist) adds x to
                                     # its value and x/(n-1) against each other seat: its own
                                     # play beats the rollout bot's, which plays it in rollouts
        "reuse": (int, 1),           # simulations played on each world drawn (copies of it)
        "guide": (str, None),        # bot whose move on the real state the root tries first and
                                     # falls back on (default: the rollout bot's move)
        "exact": (int, 0),           # n > 0: a rollout in a game with exact endings
                                     # (state.exact_ending) takes the world's solved value, the
                                     # game's heuristic playing on until n tricks are left
        "net": (float, 0.0),         # w > 0: the game's learned network's policy (from the
                                     # mover's view) steers the choice at every node, PUCT-style,
                                     # with weight w
        "mix": (float, 0.0),         # share of a new leaf's value taken from the network's value
                                     # instead of the rollout (1: no rollout)
    }

    #: With ``exact``: solve a world's ending once this many tricks (or fewer) are left.
    _exact: int = 0
    #: The budget of the move being searched (its hard time limit also cuts ``infer``'s tries).
    _budget: Budget | None = None
    #: With ``own``: the edge added where this seat declares, and the log's length at the root.
    _own: float = 0.0
    _since: int = 0
    _declarer: Declarer | None = None
    #: With ``walk``: the chain over the worlds of the move being searched.
    _chain: Any = None
    #: How the move being searched draws its worlds (``world_draw``).
    _draw: Callable[[Any], State] | None = None
    #: With ``walk``: the steps the last move's chain proposed and took.
    last_walk: tuple[int, int] = (0, 0)
    #: With ``net`` or ``mix``: the game's learned network, its prior's weight and value's share.
    _net: Any = None
    _net_weight: float = 0.0
    _mix: float = 0.0

    def __init__(self, game: Any, seat: int, seed: int | None = None, **opts: Any) -> None:
        super().__init__(game, seat, seed, **opts)
        #: Simulations run by the last ``step`` and since the bot was made (for the bench).
        self.last_simulations = 0
        self.total_simulations = 0
        self._guide: Bot | None = None
        #: With infer: the sum over the worlds of the last move of the share of the others'
        #: decisions the policy repeats in them, and the number of worlds it was measured on.
        self.last_agreement: list[float] = [0.0, 0]

    def step(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        tree: dict[tuple[int, int, Hashable], _Node] = {}
        scale = Scale(self.game)
        rollout = self.rollout()
        rng = self.rng
        c = float(self.opts["c"])
        prior = float(self.opts["prior"])
        self._widen = float(self.opts["widen"])
        budget = self._budget = self.budget()
        paired = bool(self.opts["paired"])
        paired_values: dict[int, list[float]] = {}
        infer = int(self.opts["infer"])
        # exact endings where the game solves them (its worlds are states of the same class)
        self._exact = int(self.opts["exact"]) if isinstance(state, ExactEnding) else 0
        self._net_weight, self._mix = float(self.opts["net"]), float(self.opts["mix"])
        if self._net is None and (self._net_weight > 0 or self._mix > 0):
            self._net = game_net(self.game)
        self.last_agreement = [0.0, 0]
        root_key = (self.seat, 0, state.observation_key(self.seat))
        self._declarer = self.game.declarer if isinstance(state, CompiledState) else None
        self._own = float(self.opts["own"]) if self._declarer is not None else 0.0
        self._since = state.event_count() if isinstance(state, CompiledState) else 0
        if self.opts["guide"] is not None:  # the guide's move, read from this seat's view
            tree[root_key] = _Node(self._guide_move(state))
        reuse = int(self.opts["reuse"])
        walk = int(self.opts["walk"])
        self._chain = None
        if walk > 0 and rollout.compiled and isinstance(state, WorldWalk):
            self._chain = state.world_chain(self.seat, rng, MAX_BACK)
        self._draw = self.world_draw(state)
        drawn: State | None = None
        uses = 0
        while budget.more():
            if uses == 0:  # a new world (with reuse > 1 each simulation plays a copy of it)
                drawn, uses = self._world(state, rng, rollout, infer), reuse
            uses -= 1
            assert drawn is not None
            world = drawn.clone() if reuse > 1 else drawn
            if not paired:
                self._simulate(world, tree, scale, rollout, rng, c, prior, rng)
                budget.tick()
                continue
            # common random numbers: the same world and the same chance draws for every root
            # action, so the actions' values differ by what the actions do, not by the luck
            # (a world is always finished for every action: the count is rounded up to whole worlds)
            seed = rng.getrandbits(64)
            for action in legal:
                self._simulate(world.clone(), tree, scale, rollout, rng, c, prior,
                               random.Random(seed), first=action, paired_values=paired_values)
                budget.tick()
        self.last_simulations = budget.used
        self.total_simulations += budget.used
        if self._chain is not None:  # the chain holds a copy of the state: not kept past the move
            self.last_walk = (self._chain.proposed, self._chain.moved)
            self._chain = None
        self._draw = None  # it reads the state: not kept past the move
        root = tree.get(root_key)
        if root is None:
            raise GameError(
                f"{self.game.name}: resample({self.seat}) gave worlds this seat would not recognise"
            )
        self.last_root = root  # the root's statistics, for inspection
        if paired:  # every action was played equally often: the best mean value wins
            best = max(legal, key=lambda a: (root.value.get(a, 0.0) / max(1, root.visits.get(a, 0)),
                                             a == root.hint, -a))
        else:
            best = max(legal, key=lambda a: (root.visits.get(a, 0), root.value.get(a, 0.0), -a))
        z = float(self.opts["fallback"])
        if z > 0 and root.hint in legal and best != root.hint:
            lead = (_paired_lead(paired_values, best, root.hint) if paired
                    else _lead(root, best, root.hint))
            self.last_fallback = lead is None or lead[0] <= z * lead[1]
            if self.last_fallback:  # the search did not show the policy's move worse
                return int(root.hint)
        return best

    def _guide_move(self, state: State) -> int:
        """The move of the ``guide`` bot (made once, with a seed from this bot's generator) in
        the real state: it is one of the game's bots, so it reads only this seat's view."""
        if self._guide is None:
            from . import make_bot  # the registry imports this module

            self._guide = make_bot(self.game, str(self.opts["guide"]), self.seat,
                                   seed=self.rng.randrange(2**31))
        return int(self._guide.step(state))

    def _world(self, state: State, rng: Any, rollout: Any, infer: int) -> State:
        """The world of one simulation: drawn for this seat with ``resample`` (with ``infer``
        k > 1, the likeliest of up to k; with ``walk`` k, the move's chain k steps on)."""
        if self._chain is not None:
            return self._walked_world(int(self.opts["walk"]))
        if infer > 1:
            return self._likely_world(state, rng, rollout, infer)
        return self._resampled(state, rng)

    def _resampled(self, state: State, rng: Any) -> State:
        """A world drawn as ``resample`` draws it (by the move's ``world_draw``)."""
        if self._draw is not None:
            return self._draw(rng)
        return state.resample(self.seat, rng)

    def _walked_world(self, steps: int) -> State:
        """The world after ``steps`` more steps of the move's chain (``walk``), a few at a time
        so that the hard time limit is read between them."""
        assert self._chain is not None
        left = steps
        while True:
            world, agree, total = self._chain.walk(min(left, WORLDS_AT_ONCE))
            left -= WORLDS_AT_ONCE
            if left <= 0 or (self._budget is not None and self._budget.expired()):
                break
        if total:
            self.last_agreement[0] += agree / total
            self.last_agreement[1] += 1
        return world  # type: ignore[no-any-return]

    def _likely_world(self, state: State, rng: Any, rollout: Any, tries: int) -> State:
        """Of up to ``tries`` worlds resampled for this seat, the one in which the rollout policy
        (the model of the other players) makes the most of the decisions the others were seen
        to make since the last chance event; the first that agrees with all of them is taken.
        A game whose state has ``resample_scored(seat, rng, back, worlds)`` (Solo 66) draws the
        worlds and counts in C, ``WORLDS_AT_ONCE`` at a time. A game whose worlds cannot be
        stepped back (no history), or a rollout policy that is not compiled, gets the first
        world."""
        best: State | None = None
        best_score = -1.0
        scored = getattr(state, "resample_scored", None) if rollout.compiled else None
        left = tries
        while left > 0:
            world: State
            if scored is not None:  # the game draws worlds and counts in C, a few at a time
                world, agree, total = scored(self.seat, rng, MAX_BACK, min(left, WORLDS_AT_ONCE))
                left -= WORLDS_AT_ONCE
                score = (agree, total) if total else None
            else:
                left -= 1
                world = self._resampled(state, rng)
                score = _agreement(world, self.seat, rollout) if rollout.compiled else None
            if score is None:
                return world
            agree, total = score
            if agree / total > best_score:
                best, best_score = world, agree / total
            if agree == total:
                break
            if self._budget is not None and self._budget.expired():
                break  # the bot's hard time limit: the best world so far
        self.last_agreement[0] += best_score
        self.last_agreement[1] += 1
        assert best is not None
        return best

    def _simulate(self, world: State, tree: dict[Any, _Node], scale: Scale, rollout: Any, rng: Any,
                  c: float, prior: float, chance: Any, first: int | None = None,
                  paired_values: dict[int, list[float]] | None = None) -> None:
        """One simulation on ``world``: down the tree by UCB (from ``first`` at the root if
        given), one new node, a rollout, the value backed up. ``chance`` draws chance events."""
        path: list[tuple[_Node, int, int]] = []
        expanded = False
        depth = 0  # actions since the root: worlds may number their histories differently
        while not world.is_terminal():
            player = world.current_player()
            if player == CHANCE:
                world.apply_unchecked(sample_chance(world, chance))
                depth += 1
                continue
            legal = world.legal_actions()
            if len(legal) == 1 and path:
                world.apply_unchecked(legal[0])
                depth += 1
                continue
            if expanded:
                break
            key = (player, depth, world.observation_key(player))
            node = tree.get(key)
            if node is None:
                hint = (rollout.choose(world, player)
                        if prior > 0 and not rollout.random_policy else None)
                node = tree[key] = _Node(hint)
                if self._net_weight > 0:  # the network reads the mover's view of this world
                    actions, probs, _ = self._net.evaluate(world, player)
                    node.priors = dict(zip(actions, probs.tolist()))
                expanded = True
            candidates = self._widened(node, legal, rng) if self._widen > 0 else legal
            if first is not None and not path:
                action = first
            else:
                action = self._select(node, candidates, scale, c, prior, rng, self._net_weight)
            node.total += 1
            for a in candidates:
                node.avail[a] = node.avail.get(a, 0) + 1
            path.append((node, player, action))
            world.apply_unchecked(action)
            depth += 1
        returns: list[float] | None = None
        declarer: int | None = None  # of the deal the value is of (``own``)
        if world.is_terminal():
            returns = rollout.final(world)
            declarer = self._declarer_at(world)
        elif self._exact > 0:
            ending = _exact_ending(world, self._exact)
            if ending is not None:  # a deal the tree finished counts first, then the solved one
                returns = ending[0]
                declarer = self._declarer_at(world)
                if declarer is None and self._own:
                    declarer = ending[1]
        if returns is None:
            mix = self._mix
            if mix < 1.0:
                returns = rollout.run(world, chance)
                declarer = self._declarer_at(rollout.last_end)
            if mix > 0.0:
                learned = self._net_values(world)
                returns = (learned if returns is None
                           else [(1 - mix) * r + mix * v for r, v in zip(returns, learned)])
        assert returns is not None
        if self._own and declarer == self.seat:
            returns = self._with_own_play(returns)
        scale.see(returns)
        for node, player, action in path:
            node.visits[action] = node.visits.get(action, 0) + 1
            node.value[action] = node.value.get(action, 0.0) + returns[player]
            node.square[action] = node.square.get(action, 0.0) + returns[player] ** 2
        if paired_values is not None and path:
            root_node, root_player, root_action = path[0]
            paired_values.setdefault(root_action, []).append(returns[root_player])

    def _net_values(self, world: State) -> list[float]:
        """The network's value of ``world`` for every seat, each read from that seat's view."""
        return [float(self._net.evaluate(world, seat)[2]) for seat in range(self.game.num_players)]

    def _declarer_at(self, end: State | None) -> int | None:
        """With ``own``: who declared the first deal finished between the root and ``end``."""
        if not self._own or self._declarer is None or end is None:
            return None
        return self._declarer(end, self._since)

    def _with_own_play(self, returns: list[float]) -> list[float]:
        """``own``: the returns of a simulation in which this seat declared, with its own play's
        edge over the rollout bot's added (and taken evenly from the others: still zero-sum)."""
        share = self._own / (len(returns) - 1)
        return [r + self._own if p == self.seat else r - share for p, r in enumerate(returns)]

    def _widened(self, node: _Node, legal: list[int], rng: Any) -> list[int]:
        """Progressive widening: the first ``ceil(widen * sqrt(n + 1))`` actions of the node's
        order that are legal in this world (n = simulations through the node). The order puts
        the rollout policy's move first and the rest in a random order fixed per node; actions
        first seen in later worlds join at the end."""
        order = node.order
        if order is None:
            rest = [a for a in legal if a != node.hint]
            rng.shuffle(rest)
            order = node.order = ([node.hint] if node.hint in legal else []) + rest
        else:
            known = set(order)
            order.extend(a for a in legal if a not in known)
        k = max(1, math.ceil(self._widen * math.sqrt(node.total + 1)))
        allowed = set(legal)
        out = [a for a in order[:k] if a in allowed]
        return out or legal

    @staticmethod
    def _select(node: _Node, legal: list[int], scale: Scale, c: float, prior: float,
                rng: Any, net: float = 0.0) -> int:
        hint = node.hint
        if hint is not None and hint in legal and hint not in node.visits:
            return hint
        priors = node.priors
        untried = [a for a in legal if a not in node.visits]
        if untried:
            if priors is not None:  # the network's likeliest untried action first
                return max(untried, key=lambda a: (priors.get(a, 0.0), -a))
            return int(untried[rng.randrange(len(untried))])
        width = scale.width()
        root_total = math.sqrt(node.total) if priors is not None else 0.0
        best, best_score = legal[0], -math.inf
        for a in legal:
            n = node.visits[a]
            score = node.value[a] / (n * width) + c * math.sqrt(math.log(node.avail[a]) / n)
            if a == hint:
                score += prior / (n + 1)
            if priors is not None:  # PUCT: the network's share of the action, fading with visits
                score += net * priors.get(a, 0.0) * root_total / (n + 1)
            if score > best_score:
                best, best_score = a, score
        return best


def _exact_ending(world: State, tricks: int) -> tuple[list[float], int | None] | None:
    """``(returns, declarer)`` of ``world`` with its ending solved exactly by the game (a
    game's ``exact_ending(tricks)`` (``ExactEnding``), e.g. Solo 66's: the last ``tricks`` tricks of the
    deal under perfect play, its heuristic playing before them, and the seat that played that
    deal alone), or ``None`` where there is nothing to solve. ``world``
    is a resampled world, never the real state."""
    ending = cast(ExactEnding, world).exact_ending(tricks)
    if ending is None:
        return None
    returns, declarer = ending
    return list(returns), declarer


#: Worlds a game with ``resample_scored`` draws in one call (the time limit is read between).
WORLDS_AT_ONCE = 8

#: Most decisions looked back at by ``infer`` (the current deal of a card game is shorter).
MAX_BACK = 80


def _agreement(world: Any, seat: int, rollout: Any) -> tuple[int, int] | None:
    """``(agreeing, checked)``: of the other players' decisions in ``world`` since its last
    chance event (at most ``MAX_BACK`` actions back), how many its rollout policy
    (``policy_action``) would have made there; ``None`` if the world cannot be stepped back
    or nothing was checked. The world is left as it was."""
    history = world.history()
    undone = 0
    agree = checked = 0
    try:
        while undone < min(MAX_BACK, len(history)):
            try:
                world.undo()
            except GameError:
                break
            undone += 1
            player = world.current_player()
            if player == CHANCE:
                break
            if player != seat:
                checked += 1
                agree += world.policy_action(0) == history[-undone]
    finally:
        for action in history[len(history) - undone:]:
            world.apply_unchecked(action)
    return (agree, checked) if checked else None


def _lead(root: _Node, best: int, hint: int) -> tuple[float, float] | None:
    """(difference of mean returns, its standard error) of ``best`` over ``hint`` at the root,
    from independent simulations; ``None`` with fewer than two visits of either."""
    stats = []
    for a in (best, hint):
        n = root.visits.get(a, 0)
        if n < 2:
            return None
        mean = root.value[a] / n
        var = max(0.0, root.square[a] / n - mean * mean) * n / (n - 1)
        stats.append((mean, var / n))
    return stats[0][0] - stats[1][0], math.sqrt(stats[0][1] + stats[1][1])


def _paired_lead(values: dict[int, list[float]], best: int, hint: int) -> tuple[float, float] | None:
    """The same from paired worlds: the mean of the per-world differences and its error."""
    a, b = values.get(best, []), values.get(hint, [])
    diffs = [x - y for x, y in zip(a, b)]
    n = len(diffs)
    if n < 2:
        return None
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


__all__ = ["ISMCTSBot"]

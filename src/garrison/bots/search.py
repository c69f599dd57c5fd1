"""Shared pieces of the search bots: settings, budgets, chance and rollouts.

Everything here works on any game through the kernel API alone: ``resample``, ``clone``,
``legal_actions``, ``apply_unchecked``, ``undo``, ``returns`` and the bots a game ships. A
rollout lets the game's own rule-of-thumb bot (``heuristic``, else ``greedy``) play every seat of
a sampled world, each seat reading only its own observation of that world.

Settings are written after the bot's name, separated by colons::

    ismcts                 default budget (simulations)
    ismcts:500             500 simulations per move
    ismcts:1s              one second per move
    ismcts:0.05s:clock=cpu 0.05 s of this thread's CPU time per move (steady on a busy machine)
    ismcts:sims=300:rollout=random:c=0.7
    pimc:worlds=30:nodes=4000
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any, ClassVar

from garrison.core import CHANCE, Bot, Game, OptionError, State, sample_chance
from garrison.core.compiled import CompiledState
from garrison.core.game import WorldSampler
from garrison.core.net import Net
from garrison.learn.nets import game_net

#: Longest rollout by default (actions); a game that can run longer is cut off there.
MAX_ROLLOUT = 1000

#: Order in which a game's own bots are tried as the rollout policy.
ROLLOUT_PREFERENCE = ("heuristic", "greedy")


def default_rollout(game: Game) -> str:
    """The game's rule-of-thumb bot if it has one, else ``random``."""
    for name in ROLLOUT_PREFERENCE:
        if name in game.bots:
            return name
    return "random"


class SearchBot(Bot):
    """Base of the search bots: parses settings and keeps the per-move budget.

    Subclasses declare ``settings`` (name -> (type, default)) and read ``self.opts``.
    """

    settings: ClassVar[dict[str, tuple[Callable[[str], Any], Any]]] = {}
    #: Settings given in the bot's name (filled by ``configured``).
    preset: ClassVar[dict[str, Any]] = {}
    #: The setting a bare number after the colon sets (``ismcts:500``).
    count_setting: ClassVar[str] = "sims"

    def __init__(self, game: Game, seat: int, seed: int | None = None, **opts: Any) -> None:
        super().__init__(game, seat, seed)
        values = self.values_for(game)
        for key, value in opts.items():
            if key not in self.settings:
                raise OptionError(f"bot '{self.name}' has no setting '{key}'")
            values[key] = value
        self.opts = values
        rollout = values.get("rollout") or default_rollout(game)
        self.rollout_name = rollout
        self._rollout: Rollout | None = None

    @classmethod
    def configured(cls, spec: str) -> type[SearchBot]:
        """A subclass with the settings of ``spec`` (``"500"``, ``"1s"``, ``"sims=300:c=0.5"``)."""
        preset = dict(cls.preset)
        for part in spec.split(":"):
            part = part.strip()
            if not part:
                continue
            if "=" in part:
                key, text = (x.strip() for x in part.split("=", 1))
            elif part.endswith("s") and _is_number(part[:-1]):
                key, text = "seconds", part[:-1]
            elif _is_number(part):
                key, text = cls.count_setting, part
            else:
                raise OptionError(
                    f"bad setting '{part}' for bot '{cls.name}'; write key=value "
                    f"(keys: {', '.join(cls.settings)}), a count, or seconds like 1s"
                )
            if key not in cls.settings:
                raise OptionError(
                    f"bot '{cls.name}' has no setting '{key}'; settings: {', '.join(cls.settings)}"
                )
            kind = cls.settings[key][0]
            try:
                value = kind(text)
            except ValueError:
                raise OptionError(f"setting {key} of bot '{cls.name}' cannot be {text!r}") from None
            if isinstance(value, float) and not math.isfinite(value):
                raise OptionError(f"setting {key} of bot '{cls.name}' must be a finite number, "
                                  f"not {text!r}")
            if isinstance(value, (int, float)) and (value < 0 or (value == 0 and key not in _ZERO_OK)):
                raise OptionError(f"setting {key} of bot '{cls.name}' must be positive")
            preset[key] = value
        return type(cls.__name__, (cls,), {"preset": preset, "__module__": cls.__module__})

    @classmethod
    def values_for(cls, game: Game | type[Game]) -> dict[str, Any]:
        """The settings this bot class plays ``game`` with (a class: at its default options):
        defaults, the game's search defaults at its options, then those given in the name."""
        if isinstance(game, type):
            game = game()
        values = {k: default for k, (_, default) in cls.settings.items()}
        values.update({k: v for k, v in game.search_settings().items() if k in cls.settings})
        values.update(cls.preset)
        return values

    @classmethod
    def check(cls, game: Game | type[Game]) -> None:
        """Judge now the settings only the game can judge, so that a bad name fails when it
        is given, not at every move: the rollout bot, the horizon and the value.

        Raises:
            OptionError: naming the setting and what it may be.
        """
        values = cls.values_for(game)
        for role in ("rollout", "guide"):
            if role in cls.settings and values.get(role) is not None:
                check_rollout(game, str(values[role]), role)
        if "horizon" in cls.settings:
            parse_horizon(str(values.get("horizon", "score")))
        if "value" in cls.settings:
            check_value(str(values.get("value", "returns")))
        if "clock" in cls.settings and values.get("clock") not in CLOCKS:
            raise OptionError(f"clock must be wall or cpu, not {values.get('clock')!r}")
        if float(values.get("mix") or 0.0) > 1.0:
            raise OptionError(f"mix is a share of the value, 0 to 1 (got {values['mix']})")
        if float(values.get("net") or 0.0) > 0 or float(values.get("mix") or 0.0) > 0:
            # the game must have a network: refused now, naming those that do
            game_net(game if isinstance(game, Game) else game())

    # -- helpers ---------------------------------------------------------------------------------
    def world_draw(self, state: State) -> Callable[[Any], State]:
        """How this move draws its worlds, ``draw(rng)``: from the game's sampler where the
        state has one (``WorldSampler``: the position worked out once), else with ``resample``.
        The same worlds either way; valid while ``state`` is unchanged (one move)."""
        if isinstance(state, WorldSampler):
            return state.world_sampler(self.seat).draw  # type: ignore[no-any-return]
        seat = self.seat
        return lambda rng: state.resample(seat, rng)

    def budget(self) -> Budget:
        return Budget(self.opts.get(self.count_setting), self.opts.get("seconds"),
                      limit=self.time_limit, clock=str(self.opts.get("clock", "wall")))

    def rollout(self) -> Rollout:
        if self._rollout is None:
            self._rollout = Rollout(
                self.game, self.rollout_name, self.rng.randrange(2**31),
                max_steps=self.opts.get("maxlen") or min(self.game.max_game_length, MAX_ROLLOUT),
                horizon=str(self.opts.get("horizon", "score")),
                epsilon=self.opts.get("epsilon", 0.0),
                value=str(self.opts.get("value", "returns")),
            )
        return self._rollout


_ZERO_OK = ("c", "prior", "epsilon", "widen", "fallback", "infer", "exact", "own", "walk",
            "paired", "net", "mix")


def check_rollout(game: Game | type[Game], name: str, role: str = "rollout") -> None:
    """A rollout is played by ``random``, by one of the game's own bots (or a policy
    registered by name) or by ``learned``, the game's network; never by a search bot: a search
    inside every rollout step would make one move take hours. The same holds for a search's
    ``guide`` (``role``).

    Raises:
        OptionError: naming the bots that may play rollouts.
    """
    from .policy import policy_class  # the registry imports this module

    key = name.strip().lower()
    if key == "random" or (key in game.bots and ":" not in key) or policy_class(game, key):
        return
    if key == "learned":  # the game's network: refused, naming those that have one, if none
        from .learned import learned_class

        learned_class(game)
        return
    allowed = ", ".join(["random", *game.bots])
    what = "play rollouts" if role == "rollout" else f"be the search's {role}"
    raise OptionError(f"{role} bot '{name}' cannot {what} in {game.name}; "
                      f"it can be one of: {allowed}")


def parse_horizon(horizon: str) -> tuple[str, int | None]:
    """``(kind, actions)`` of a rollout horizon: ``score``, ``end``, ``eval`` or a count N.

    Raises:
        OptionError: for anything else.
    """
    if horizon in ("score", "end", "eval"):
        return horizon, None
    if horizon.isascii() and horizon.isdigit() and 0 < int(horizon) <= 10**6:
        return "end", int(horizon)
    raise OptionError(
        f"horizon must be score, end, eval or a number of actions (1 to 1000000), not {horizon!r}"
    )


def check_value(value: str) -> None:
    """Raises ``OptionError`` unless ``value`` is ``returns`` or ``eval``."""
    if value not in ("returns", "eval"):
        raise OptionError(f"value must be returns or eval, not {value!r}")


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


#: Clocks a time budget may be counted on: wall time, or the CPU time of the searching thread
#: (what the move would take on an idle core, whatever else the machine runs).
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}


class Budget:
    """A count of iterations, or a time limit per move when ``seconds`` is set, counted on
    ``clock`` (``"wall"`` or the thread's ``"cpu"`` time); ``limit`` (the bot's ``time_limit``,
    set by whoever runs it) ends either early in wall time, whatever the count or clock says."""

    def __init__(self, count: int | None, seconds: float | None,
                 limit: float | None = None, clock: str = "wall") -> None:
        self.count = count
        self.seconds = seconds if limit is None or seconds is None else min(seconds, limit)
        self.clock = CLOCKS[clock]
        self.start = time.perf_counter()
        self.clock_start = self.clock()
        self.deadline = math.inf if limit is None else self.start + limit
        self.used = 0

    def more(self) -> bool:
        if self.seconds is not None:
            # at least one iteration, then until the clock runs out (and never past the limit)
            if self.used == 0:
                return True
            return (self.clock() - self.clock_start < self.seconds
                    and time.perf_counter() < self.deadline)
        if self.used >= (self.count or 1):
            return False
        return self.used == 0 or time.perf_counter() < self.deadline

    def expired(self) -> bool:
        """Whether the hard limit has passed (for work inside one iteration)."""
        return time.perf_counter() >= self.deadline

    def tick(self) -> None:
        self.used += 1


class Rollout:
    """Plays a world forward with a policy and reads the returns.

    ``horizon="score"`` stops at the first action after which ``returns()`` differ from where
    the rollout began (the end of a deal in a match of several deals), or at the end; ``"end"``
    always plays to the end; ``"eval"`` stops at the first change of the game's ``evaluator``
    (e.g. a life lost in Gambit; without an evaluator it means ``"score"``); a number ``"N"``
    plays at most N actions. With ``value="eval"`` the evaluator values every rollout's end,
    the end of the game included (a shaped value, e.g. Scopa's lead in points). At most ``max_steps``
    actions are played; the world is restored. A rollout cut off before the end (by N or by
    ``max_steps``, not by a change of score) is valued by the game's ``evaluator`` if it has one,
    else by ``returns()``.
    """

    def __init__(
        self, game: Game, policy: str, seed: int, max_steps: int, horizon: str = "score",
        epsilon: float = 0.0, value: str = "returns",
    ) -> None:
        from garrison.bots import make_bot  # the registry imports this module

        horizon, count = parse_horizon(horizon)
        if count is not None:
            max_steps = min(int(max_steps), count)
        check_value(value)
        self.game = game
        self.evaluator = game.evaluator
        #: Back up the evaluator's value at every rollout's end, the game's end included.
        self.value_eval = value == "eval" and self.evaluator is not None
        if horizon == "eval" and self.evaluator is None:
            horizon = "score"  # without a static value, the next change of returns
        self.rng = random.Random(seed)
        self.random_policy = policy == "random"
        self.bots = (
            [] if self.random_policy
            else [make_bot(game, policy, s, seed=self.rng.randrange(2**31))
                  for s in range(game.num_players)]
        )
        self.max_steps = max(1, int(max_steps))
        #: The policy is the game's compiled rule-of-thumb bot: rollouts that stop at the end, a
        #: count or the next score are played in C (``policy_playout``).
        self.compiled = bool(self.bots) and all(
            getattr(bot, "compiled_policy", False) for bot in self.bots)
        #: Which of the game's compiled bots plays them (``policy_playout``'s ``policy``).
        self.compiled_id = int(getattr(self.bots[0], "compiled_id", 0)) if self.compiled else 0
        #: A learned network playing every seat (the ``learned`` bot): its rollouts are played
        #: in C too, the net's forward pass at each move (``policy_playout``'s ``by``).
        nets = {id(getattr(bot, "net", None)) for bot in self.bots}
        first = getattr(self.bots[0], "net", None) if self.bots else None
        self.net: Net | None = first if len(nets) == 1 and isinstance(first, Net) else None
        self.horizon = horizon
        self.epsilon = float(epsilon)
        self.steps = 0
        #: The end of the last rollout, where it was played on a copy (the compiled policy).
        self.last_end: State | None = None

    def choose(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.random_policy or (self.epsilon and self.rng.random() < self.epsilon):
            return legal[self.rng.randrange(len(legal))]
        return self.bots[player].step(state)

    def run(self, state: State, rng: random.Random) -> list[float]:
        """Returns after playing ``state`` forward (``state`` is left as it was). A rollout
        played by the compiled policy keeps its end in ``last_end`` (None otherwise)."""
        self.last_end = None
        if self.random_policy and self.horizon == "end" and isinstance(state, CompiledState):
            # random rollouts to the end on compiled rules: played in C on a copy
            end = state.random_playout(rng.getrandbits(64), self.max_steps)
            self.steps += end.move_number() - state.move_number()
            if self.evaluator is not None and not end.is_terminal():
                return list(self.evaluator(end))
            return self.final(end)
        if ((self.compiled or self.net is not None) and self.horizon in ("score", "end")
                and isinstance(state, CompiledState)):
            end = state.policy_playout(rng.getrandbits(64), self.max_steps,
                                       self.horizon == "score", self.epsilon, self.compiled_id,
                                       self.net)
            self.last_end = end
            self.steps += end.move_number() - state.move_number()
            if end.is_terminal():
                return self.final(end)
            if self.horizon == "score" and end.returns() != state.returns():
                return list(end.returns())
            if self.evaluator is not None:
                return list(self.evaluator(end))
            return self.final(end)
        evaluator = self.evaluator
        measure: Callable[[], list[float]] | None = None
        if self.horizon == "score":
            measure = state.returns
        elif self.horizon == "eval" and evaluator is not None:
            measure = lambda: evaluator(state)  # noqa: E731
        start = measure() if measure else None
        played = 0
        try:
            while not state.is_terminal() and played < self.max_steps:
                player = state.current_player()
                if player == CHANCE:
                    action = sample_chance(state, rng)
                else:
                    action = self.choose(state, player)
                state.apply_unchecked(action)
                played += 1
                if measure is not None:
                    now = measure()
                    if now != start:
                        return self.final(state) if state.is_terminal() else list(now)
            if self.evaluator is not None and not state.is_terminal():
                return list(self.evaluator(state))
            return self.final(state)
        finally:
            self.steps += played
            for _ in range(played):
                state.undo()


    def final(self, state: State) -> list[float]:
        """The value of a finished rollout: the returns, or the evaluator with ``value=eval``."""
        if self.value_eval and self.evaluator is not None:
            return list(self.evaluator(state))
        return state.returns()


class Scale:
    """Maps returns to about [0, 1] using the spread seen so far (and the game's bounds)."""

    def __init__(self, game: Game) -> None:
        lo, hi = game.min_utility, game.max_utility
        self.fixed = math.isfinite(lo) and math.isfinite(hi) and hi > lo
        self.lo, self.hi = (lo, hi) if self.fixed else (math.inf, -math.inf)
        self.seen_lo, self.seen_hi = math.inf, -math.inf

    def see(self, values: list[float]) -> None:
        self.seen_lo = min(self.seen_lo, *values)
        self.seen_hi = max(self.seen_hi, *values)

    def width(self) -> float:
        """The spread used to divide value differences: observed, else the game's bounds."""
        if self.seen_hi > self.seen_lo:
            return self.seen_hi - self.seen_lo
        if self.fixed:
            return self.hi - self.lo
        return 1.0


__all__ = [
    "CLOCKS", "Budget", "Rollout", "Scale", "SearchBot", "check_rollout", "check_value", "default_rollout",
    "parse_horizon",
]

"""``Game``: the static description of one game with fixed options.

A ``Game`` is built once from validated ``Params`` and never changes. Everything a framework or a
bot needs to know up front — player count, size of the action space, utility bounds, maximum
length, tensor shape — is computed from those params by the game (``_facts``), never read from
module-level defaults. ``new_initial_state()`` starts one game in progress.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from .fast import core_for, fast_class
from .params import Params
from .params import Params as _Params

if TYPE_CHECKING:
    from collections.abc import Callable

    from .bot import Bot
    from .state import State as _State


@dataclass(frozen=True)
class GameFacts:
    """Facts derived from a game's params (OpenSpiel's GameInfo, plus what our tools need)."""

    num_players: int
    num_distinct_actions: int
    max_chance_outcomes: int
    min_utility: float
    max_utility: float
    max_game_length: int
    observation_tensor_size: int
    utility_sum: float | None = 0.0  # None: general-sum
    perfect_information: bool = False


class Game:
    """One game with fixed options. Subclasses set the class attributes and ``_facts``."""

    #: Registry name, e.g. ``"gambit"``.
    name: ClassVar[str] = ""
    #: Human title, e.g. ``"Soldier's Gambit"``.
    title: ClassVar[str] = ""
    #: Rules version; written into every record. Change it when rules change.
    version: ClassVar[str] = "1"
    #: One paragraph: what the game is, for ``garrison list`` and help screens.
    summary: ClassVar[str] = ""
    #: Options of this game.
    Params: ClassVar[type[_Params]] = Params
    #: The game-in-progress class.
    State: ClassVar[type[_State]]
    #: The comparable OpenSpiel game (name with parameters) shown next to this one by the bench.
    openspiel_peer: ClassVar[str | None] = None
    #: Options the bench uses for this game (e.g. a player count that matches the peer).
    bench_options: ClassVar[dict[str, Any]] = {}
    #: Option sets the shared conformance suite plays (e.g. every player count).
    test_configs: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    #: Bots written for this game: name -> class. Game-neutral bots live in ``garrison.bots``.
    bots: ClassVar[dict[str, type[Bot]]] = {}
    #: The compiled twin of the rules (module path), if the game has one (see ``core.fast``).
    fast_core: ClassVar[str | None] = None
    #: Static value of a position for search cut off before the end: ``evaluator(state)`` gives
    #: one value per seat in the return range (set it with ``staticmethod``). None: no such hook.
    evaluator: ClassVar[Callable[[_State], list[float]] | None] = None
    #: Settings the search bots use by default on this game (e.g. ``{"horizon": "20"}``).
    search_defaults: ClassVar[dict[str, Any]] = {}
    #: The game's own count of a finished game per seat (points, when the returns only say who
    #: won), for the arena's score difference: ``tally(state) -> [number per seat]``. None: the
    #: returns are already the score.
    tally: ClassVar[Callable[[_State], list[float]] | None] = None

    def __init__(self, params: _Params | None = None) -> None:
        self.params = params if params is not None else self.Params()
        self.facts = self._facts()

    # -- derived facts -------------------------------------------------------------------------
    def _facts(self) -> GameFacts:
        raise NotImplementedError(f"{type(self).__name__} must compute its facts")

    @property
    def options(self) -> dict[str, Any]:
        """All option values, defaults filled in."""
        return self.params.as_dict()

    @property
    def num_players(self) -> int:
        return self.facts.num_players

    @property
    def num_distinct_actions(self) -> int:
        return self.facts.num_distinct_actions

    @property
    def max_chance_outcomes(self) -> int:
        return self.facts.max_chance_outcomes

    @property
    def min_utility(self) -> float:
        return self.facts.min_utility

    @property
    def max_utility(self) -> float:
        return self.facts.max_utility

    @property
    def utility_sum(self) -> float | None:
        return self.facts.utility_sum

    @property
    def max_game_length(self) -> int:
        return self.facts.max_game_length

    @property
    def observation_tensor_shape(self) -> tuple[int]:
        return (self.facts.observation_tensor_size,)

    # -- play ----------------------------------------------------------------------------------
    def new_initial_state(self) -> _State:
        """A fresh game at its first decision or chance node (on the game's compiled core when it
        has one for these options; ``GARRISON_PURE=1`` plays the Python rules alone)."""
        core: Any = self.__dict__.get("_core")
        if core is None:
            core = self._core = core_for(self) or False
        if core:
            return fast_class(self.State)(self, core(self))
        return self.State(self)

    def widgets(self, obs: dict[str, Any], legal: list[int]) -> dict[str, Any] | None:
        """What the page draws for this view (cards, squares, dice): ``describe`` of the game's
        ``widgets.py`` beside its ``game.py``, built from the observation and the seat's own legal
        ids only. None for a game that has no such module (the page shows buttons)."""
        module = f"{type(self).__module__.rpartition('.')[0]}.widgets"
        try:
            widgets = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            return None
        return widgets.describe(self, obs, legal)

    def encode_observation(self, obs: dict[str, Any]) -> np.ndarray:
        """The flat float32 tensor of one observation (built only from ``obs``: the one gate)."""
        raise NotImplementedError(f"{type(self).__name__} must encode observations")

    #: Readers of other formats this game offers: name -> ``f(path, out_dir=None) -> summary``
    #: (``garrison import NAME PATH``), e.g. Stratego's Gravon archives.
    importers: ClassVar[dict[str, Any]] = {}

    def solve(self, **query: Any) -> dict[str, Any]:
        """An exact solution for games that have one (``garrison solve``); others refuse."""
        from .errors import OptionError

        raise OptionError(f"{self.title} has no exact solver; only games with one can be solved")

    def render(self, obs: dict[str, Any]) -> str:
        """The text view of one observation, for a person at the terminal (the game's render.py).

        Built only from ``obs``, so it can never show what the seat may not see.
        """
        import json

        return json.dumps(obs, indent=1, sort_keys=True)

    # -- text ----------------------------------------------------------------------------------
    @classmethod
    def option_specs(cls):  # noqa: ANN206 - list[OptionSpec]
        return cls.Params.option_specs()

    @classmethod
    def player_range(cls) -> tuple[int, int]:
        """The smallest and largest player counts the options allow."""
        for spec in cls.Params.option_specs():
            if spec.name == "players":
                if spec.choices:
                    return int(min(spec.choices)), int(max(spec.choices))
                return int(spec.low or spec.default), int(spec.high or spec.default)
        n = cls().num_players
        return n, n

    def describe(self) -> str:
        """Rules summary and every option with its current value, default and allowed values."""
        lines = [f"{self.title} ({self.name}, rules version {self.version})", "", self.summary, ""]
        lines.append("Options:")
        for spec in self.option_specs():
            current = getattr(self.params, spec.name)
            lines.append(
                f"  {spec.name} = {current!r}  (default {spec.default!r}; {spec.allowed()})"
                + (f" — {spec.doc}" if spec.doc else "")
            )
        return "\n".join(lines)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"garrison.load({self.name!r}{', ' if opts else ''}{opts})"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.params == other.params  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.name, self.params))


__all__ = ["Game", "GameFacts"]

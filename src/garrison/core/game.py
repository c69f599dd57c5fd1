"""``Game``: the static description of one game with fixed options.

A ``Game`` is built once from validated ``Params`` and never changes. Everything a framework or a
bot needs to know up front — player count, size of the action space, utility bounds, maximum
length, tensor shape — is computed from those params by the game (``_facts``), never read from
module-level defaults. ``new_initial_state()`` starts one game in progress.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

import numpy as np

from .errors import OptionError
from .params import OptionSpec
from .params import Params as GameParams

if TYPE_CHECKING:

    from .bot import Bot
    from .state import State as GameState  # the class attribute ``State`` shadows the name


class StateValue(Protocol):
    """A number per seat of a state: the type of the hooks ``Game.evaluator`` and ``Game.tally``
    (plain functions of the state, set on the game class with ``staticmethod``)."""

    def __call__(self, state: GameState, /) -> list[float]: ...


class Declarer(Protocol):
    """The seat that played alone against the others in the first deal finished after event
    ``since`` of the state's log, or None: the type of the hook ``Game.declarer``."""

    def __call__(self, state: GameState, since: int, /) -> int | None: ...


@runtime_checkable
class WorldWalk(Protocol):
    """A state whose game offers the search a chain of worlds (Solo 66): ``world_chain(seat,
    rng, back)`` walks among the worlds ``seat`` cannot tell from this state, or is None where
    it cannot. The search (``ismcts``'s ``walk``) uses it where a state has it."""

    def world_chain(self, seat: int, rng: Any, back: int) -> Any: ...


@runtime_checkable
class WorldSampler(Protocol):
    """A state whose game works out once what a seat's worlds allow (Soldateska):
    ``world_sampler(seat)`` gives an object whose ``draw(rng)`` is one world, as
    ``resample(seat, rng)`` would draw it, while the state is unchanged. The search draws every
    world of a move from one sampler where a state has it."""

    def world_sampler(self, seat: int) -> Any: ...


@runtime_checkable
class ExactEnding(Protocol):
    """A state whose game solves its ending exactly (Solo 66's last tricks): ``exact_ending
    (tricks)`` gives ``(returns, declarer)`` under perfect play, or None where there is nothing
    to solve. It reads every hand: only for a search's own resampled world."""

    def exact_ending(self, tricks: int) -> tuple[Sequence[float], int | None] | None: ...


@dataclass(frozen=True)
class RecordedDecision:
    """A decision of a game people played, as a network learns it: the position just before it
    (a live state: read it before asking for the next decision), the seat that moved, the move
    (an action id among the state's legal ones), that seat's return at the game's end, and
    whether the game is in the archive's held-out split (never fitted, only measured)."""

    state: GameState
    mover: int
    action: int
    value: float
    held_out: bool


class RecordedReader(Protocol):
    """The type of the hook ``Game.recorded``: every decision with a choice of the recorded
    games in ``archive``, in the archive's order.

    Raises:
        RecordError: the archive is missing or is not the game's kind of archive.
    """

    def __call__(self, archive: str | Path, /) -> Iterator[RecordedDecision]: ...


class SeatScore(Protocol):
    """A seat's running score read from that seat's own observation: the type of the hook
    ``Game.running_score`` (a plain function, set on the game class with ``staticmethod``)."""

    def __call__(self, obs: dict[str, Any], seat: int, /) -> float: ...


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
    #: Most chance moves (deals, rolls) in one game; None: at most ``max_game_length`` (what
    #: OpenSpiel assumes of a Python game). ``max_game_length`` counts the seats' decisions only.
    max_chance_nodes: int | None = None


def part_offsets(parts: list[tuple[str, int, str]]) -> dict[str, int]:
    """Where each of the tensor's ``(name, length, meaning)`` parts starts, by name."""
    out, at = {}, 0
    for name, size, _ in parts:
        out[name] = at
        at += size
    return out


class Game:
    """One game with fixed options. Subclasses set the class attributes and ``_facts``."""

    #: Registry name, e.g. ``"gambit"``.
    name: ClassVar[str] = ""
    #: Human title, e.g. ``"Soldier's Gambit"``.
    title: ClassVar[str] = ""
    #: Rules version; written into every record and into the environment ids. It moves
    #: whenever seeded play of the game changes (CHANGELOG.md says why, each time).
    version: ClassVar[str] = "1"
    #: Earlier versions whose records replay unchanged under this one: what moved the version
    #: was outside the rules and chance (the random bot's draws), so their actions mean the same.
    replays_versions: ClassVar[tuple[str, ...]] = ()
    #: One paragraph: what the game is, for ``garrison list`` and help screens.
    summary: ClassVar[str] = ""
    #: Where the game comes in ``games()`` (README.md's list): by this number, then by name.
    listing: ClassVar[int] = 1000
    #: Options of this game.
    Params: ClassVar[type[GameParams]] = GameParams
    #: The game-in-progress class.
    State: ClassVar[type[GameState]]
    #: The comparable OpenSpiel game (name with parameters) shown next to this one by the bench.
    openspiel_peer: ClassVar[str | None] = None
    #: Options the bench uses for this game (e.g. a player count that matches the peer).
    bench_options: ClassVar[dict[str, Any]] = {}
    #: Option sets the shared conformance suite plays (e.g. every player count).
    test_configs: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    #: Bots written for this game: name -> class. Game-neutral bots live in ``garrison.bots``.
    bots: ClassVar[dict[str, type[Bot]]] = {}
    #: Static value of a position for search cut off before the end: ``evaluator(state)`` gives
    #: one value per seat in the return range (set it with ``staticmethod``). None: no such hook.
    evaluator: ClassVar[StateValue | None] = None
    #: Settings the search bots use by default on this game (e.g. ``{"horizon": "20"}``); a game
    #: whose options change them says so in ``search_settings``.
    search_defaults: ClassVar[dict[str, Any]] = {}
    #: The game's own count of a finished game per seat (points, when the returns only say who
    #: won), for the arena's score difference: ``tally(state) -> [number per seat]``. None: the
    #: returns are already the score.
    tally: ClassVar[StateValue | None] = None
    #: A seat's running score, for games that score hand by hand (deal, round):
    #: ``running_score(observation, seat) -> float``, read from the seat's own observation (the
    #: gate), so only public scores count. The environments' optional shaped reward
    #: (``reward="score"``) is its change per step. None: the game has only its result.
    running_score: ClassVar[SeatScore | None] = None
    #: For games where one seat plays alone against the rest (Solo 66's soloist): which seat did
    #: in the first deal finished after a point of the log, ``declarer(state, since_event)``;
    #: search reads it for ``ismcts:own`` (docs/bots.md). None: no such seat.
    declarer: ClassVar[Declarer | None] = None
    #: People's recorded games for a network to learn from (``garrison train --recorded``):
    #: ``recorded(archive)`` reads the game's archive format (Stratego: Gravon's). None: none.
    recorded: ClassVar[RecordedReader | None] = None
    #: What a replay marks, read from the spectator's observation: the key that numbers the
    #: game's hands (a deal, a round) and the key that counts its tricks (a list of tricks, or the
    #: tricks won per seat); None where the game has none (``server/domain/replays.py``).
    hand_key: ClassVar[str | None] = None
    trick_key: ClassVar[str | None] = None
    #: What the game calls the hands ``hand_key`` numbers ("hand", "round", "deal"): the
    #: replay's words for them.
    hand_word: ClassVar[str] = "hand"

    def __init__(self, params: GameParams | None = None) -> None:
        self.params = params if params is not None else self.Params()
        self.facts = self._facts()

    # -- levels for players (``garrison.bots.levels``) -------------------------------------------
    def strong_bot(self) -> str | None:
        """The bot that plays the lobby's "strong" level at these options where the game keeps
        its own (an exact solver the search was not shown to beat: Gambit's ``exact``; a setting
        of the search measured stronger: 1848's search without ``fallback``); None: the
        kernel's search."""
        return None

    def search_settings(self) -> dict[str, Any]:
        """The search bots' default settings at these options: ``search_defaults`` unless the
        options change them (Solo 66 scored by points drops ``own``, an edge in card points)."""
        return dict(self.search_defaults)

    def master_bot(self) -> str | None:
        """The lobby's "master" level at these options, where the game has a learned player
        measured stronger than its "strong" one there (Stratego with the classic army: the
        search rolling out with its move prior learned from people); None: no such level."""
        return None

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
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats that share one result, side by side (partners; Scopa's four and six
        players); by default each seat plays alone. The arena's round robin seats a bot on a
        whole team (``garrison.arena.tournament.round_robin_lineups``)."""
        return tuple((seat,) for seat in range(self.num_players))

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
        """Most decisions of the seats in one game (chance moves not counted): a true bound, which
        the rules enforce where the game itself has none (a cap or a limit of re-rolls)."""
        return self.facts.max_game_length

    @property
    def max_chance_nodes(self) -> int:
        """Most chance moves in one game."""
        f = self.facts
        return f.max_game_length if f.max_chance_nodes is None else f.max_chance_nodes

    @property
    def max_move_number(self) -> int:
        """Most moves of any kind (decisions and chance) in one game: ``len(state.history())``
        never exceeds it."""
        return self.max_game_length + self.max_chance_nodes

    @property
    def observation_tensor_shape(self) -> tuple[int]:
        return (self.facts.observation_tensor_size,)

    # -- play ----------------------------------------------------------------------------------
    def new_initial_state(self) -> GameState:
        """A fresh game at its first decision or chance node."""
        return self.State(self)

    def widgets(self, obs: dict[str, Any], legal: list[int]) -> dict[str, Any] | None:
        """What the page draws for this view: ``describe`` of the game's ``widgets.py`` (cards,
        squares, dice) and ``table`` of its ``scoreboard.py`` (the scoreboard, the last trick,
        the result), both beside its ``game.py`` and built from the observation and the seat's
        own legal ids only. None for a game that has neither (the page shows buttons)."""
        widgets = self._view_module("widgets")
        board = self._view_module("scoreboard")
        if widgets is None and board is None:
            return None
        out: dict[str, Any] = widgets.describe(self, obs, legal) if widgets is not None else {
            "zones": [], "actions": [{"id": a, "kind": "button"} for a in legal]}
        if board is not None:
            out.update(board.table(self, obs))
        return out

    def how_to_play(self) -> list[str]:
        """How to play this game with its options, in short paragraphs for players: the
        ``help_text`` of the game's ``widgets.py`` (written from the options, in the words the
        board and the log use), else the game's one-line summary."""
        widgets = self._view_module("widgets")
        helper = getattr(widgets, "help_text", None)
        return list(helper(self)) if helper is not None else [self.summary]

    def _view_module(self, name: str) -> Any:
        module = f"{type(self).__module__.rpartition('.')[0]}.{name}"
        try:
            return importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            return None

    def tensor_layout(self) -> list[tuple[str, slice, str]]:
        """The observation tensor's parts, machine-readable: ``(name, slice, meaning)`` in order,
        covering the tensor exactly (from the game's ``_tensor_parts``)."""
        out, at = [], 0
        for name, size, meaning in self._tensor_parts():
            out.append((name, slice(at, at + size), meaning))
            at += size
        if at != self.facts.observation_tensor_size:
            raise AssertionError(f"{self.name}: the layout covers {at} of "
                                 f"{self.facts.observation_tensor_size} floats")
        return out

    def tensor_offsets(self) -> dict[str, int]:
        """Where each part of the observation tensor starts, by name (``tensor_layout``): the
        encoders write a part by its name, never by a bare offset."""
        cached = self.__dict__.get("_tensor_offsets")
        if cached is None:
            self.tensor_layout()  # checks that the parts cover the tensor
            cached = self.__dict__["_tensor_offsets"] = part_offsets(self._tensor_parts())
        return cached

    def _tensor_parts(self) -> list[tuple[str, int, str]]:
        """(name, length, meaning) of each part of the observation tensor, in order."""
        raise NotImplementedError(f"{type(self).__name__} must describe its tensor")

    def _tensor_ranges(self) -> dict[str, tuple[float, float]]:
        """Parts of the tensor whose values leave [0, 1]: name -> (lowest, highest); ``inf``
        where the rules set no bound (a tally that grows with the game)."""
        return {}

    def tensor_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The lowest and highest value of every float of the observation tensor (for
        Gymnasium's Box): 0 and 1 unless the game's ``_tensor_ranges`` says otherwise."""
        size = self.facts.observation_tensor_size
        low, high = np.zeros(size, np.float32), np.ones(size, np.float32)
        ranges = self._tensor_ranges()
        for name, part, _ in self.tensor_layout():
            for key, (lo, hi) in ranges.items():
                if name == key or name.endswith("." + key):
                    low[part], high[part] = lo, hi
        return low, high

    def encode_observation(self, obs: dict[str, Any]) -> np.ndarray:
        """The flat float32 tensor of one observation (built only from ``obs``: the one gate), for
        a game on Python rules. Raises ``NotImplementedError`` for a game on compiled rules: it
        encodes the tensor from its typed state, ``state.observation_tensor(seat)``."""
        raise NotImplementedError(f"{type(self).__name__} encodes no observation dict; the tensor "
                                  "of a seat is state.observation_tensor(seat)")

    #: Readers of other formats this game offers: name -> ``f(path, out_dir=None) -> summary``
    #: (``garrison import NAME PATH``), e.g. Stratego's Gravon archives.
    importers: ClassVar[dict[str, Any]] = {}

    def solve(self, **query: Any) -> dict[str, Any]:
        """An exact solution for games that have one (``garrison solve``); others raise
        ``OptionError``."""
        raise OptionError(f"{self.title} has no exact solver; only games with one can be solved")

    def render(self, obs: dict[str, Any]) -> str:
        """The text view of one observation, for a person at the terminal (the game's render.py).

        Built only from ``obs``, so it can never show what the seat may not see.
        """
        import json

        return json.dumps(obs, indent=1, sort_keys=True)

    # -- text ----------------------------------------------------------------------------------
    @classmethod
    def option_specs(cls) -> list[OptionSpec]:
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
        """Rules summary and every option with its current value, default and allowed values, what
        it does indented under it."""
        lines = [f"{self.title} ({self.name}, rules version {self.version})", "", self.summary, ""]
        lines.append("Options:")
        for spec in self.option_specs():
            current = getattr(self.params, spec.name)
            lines.append(f"  {spec.name} = {current!r}  (default {spec.default!r}; {spec.allowed()})")
            if spec.doc:  # what it does, under it
                lines.append(f"      {spec.doc}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"garrison.load({self.name!r}{', ' if opts else ''}{opts})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and type(self) is type(other) and self.params == other.params

    def __hash__(self) -> int:
        return hash((self.name, self.params))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its class and options, built again on the other side (rule objects made
        from the options, such as a trick-strength function, are rebuilt rather than pickled)."""
        return _from_options, (type(self), self.options)


def _from_options(cls: type[Game], options: dict[str, Any]) -> Game:
    return cls(cls.Params.from_options(options))


__all__ = ["Game", "GameFacts", "StateValue"]

"""Compiled twins of the rules: a game plays its hot path on a C core, the rest in Python.

Random play and search spend nearly all their time in five calls: who moves, the legal ids, the
chance outcomes, applying an action, and the returns. A game may ship a *core*, a compiled
module (``games/<game>/_core.pyx``, Cython) that answers exactly those five on a C struct. The
game's Python rules stay the reference and stay in charge of everything else.

:class:`FastState` joins the two. It is a subclass of the game's own ``State`` class, so every
method and field of the game is there, but its fields live in a *shadow*: an ordinary Python
state that is brought up to date from the history only when something asks for it (a field, an
observation, a text view, ``resample``). Random play never asks, so it runs at the core's speed;
a bot that looks at its observation after every move pays for the shadow's steps then.

A core must agree with the rules at every node: the same player, the same legal ids in the same
order, the same chance outcomes and probabilities, the same returns. ``check_invariants`` (run
at every step by the conformance suite) compares them, so the shared tests of the kernel are also
the differential test of every core.

The interface of a core module: a class ``Core`` with ``Core.supports(game) -> bool`` and
``Core(game)`` (the initial state), and the methods ``current_player()``, ``is_terminal()``,
``legal() -> tuple``, ``chance_outcomes() -> list``, ``apply(action)``, ``returns() -> list`` and
``copy()``. A game names its core with ``fast_core = "garrison.games.<game>._core"``. Setting
the environment variable ``GARRISON_PURE=1`` plays every game on its Python rules alone.
"""

from __future__ import annotations

import importlib
import os
import warnings
from typing import TYPE_CHECKING, Any

from .errors import GameError
from .state import State

if TYPE_CHECKING:
    from .game import Game

#: Attributes a FastState keeps itself; every other attribute is a field of the shadow.
_OWN = frozenset(("game", "_core", "_history", "_stack", "_legal", "_shadow", "_valid"))

_CORE_CLASSES: dict[str, Any] = {}
_FAST_CLASSES: dict[type, type] = {}


def pure_python() -> bool:
    """True when ``GARRISON_PURE`` asks for the Python rules alone."""
    return os.environ.get("GARRISON_PURE", "").strip() not in ("", "0")


def core_class(module: str) -> Any | None:
    """The ``Core`` class of a core module, or None when it has not been compiled."""
    if module not in _CORE_CLASSES:
        try:
            _CORE_CLASSES[module] = importlib.import_module(module).Core
        except ImportError as exc:
            warnings.warn(
                f"{module} is not compiled ({exc}); playing on the Python rules. "
                "Reinstall with `pip install -e .` to build it.",
                RuntimeWarning,
                stacklevel=3,
            )
            _CORE_CLASSES[module] = None
    return _CORE_CLASSES[module]


def core_for(game: Game) -> Any | None:
    """The core class that plays ``game`` exactly, or None (no core, not built, or options it
    does not cover)."""
    module = getattr(type(game), "fast_core", None)
    if module is None or pure_python():
        return None
    core = core_class(module)
    if core is None or not core.supports(game):
        return None
    return core


def fast_class(state_class: type[State]) -> type[FastState]:
    """``Fast<State>``: FastState in front of a game's own State class (made once, cached)."""
    cls = _FAST_CLASSES.get(state_class)
    if cls is None:
        cls = type(
            f"Fast{state_class.__name__}", (FastState, state_class), {"_rules_class": state_class}
        )
        cls.__module__ = state_class.__module__
        _FAST_CLASSES[state_class] = cls
    return cls


def _rebuild(game: Game, history: list[int]) -> State:
    """Unpickling: the same game replayed from its actions."""
    state = game.new_initial_state()
    for action in history:
        state.apply_unchecked(action)
    return state


class FastState(State):
    """A game in progress on its compiled core, with a lazily synced Python shadow.

    Not used directly: :meth:`Game.new_initial_state` builds ``fast_class(Game.State)`` when the
    game has a core that supports its options.
    """

    _core: Any

    def __init__(self, game: Game, core: Any) -> None:  # the base State.__init__ is not run
        self.game = game
        self._core = core
        self._history: list[int] = []
        self._stack: list[Any] = []
        self._legal: tuple[int, ...] | None = None
        self._shadow: State | None = None
        self._valid = 0

    # -- the shadow --------------------------------------------------------------------------------
    def _synced(self) -> State:
        """The Python reference state at this node (built, undone or stepped on as needed).

        ``_valid`` counts the leading actions of the history that the shadow is known to share;
        an undo lowers it, so after a take-back and a different move the shadow steps back first.
        """
        shadow = self._shadow
        if shadow is None:
            shadow = self.game.State(self.game)
            self._shadow = shadow
            self._valid = 0
        history = self._history
        valid = self._valid
        done = shadow.move_number()
        if valid == done == len(history):
            return shadow
        while done > valid:
            shadow.undo()
            done -= 1
        for action in history[done:]:
            shadow.apply_unchecked(action)
        self._valid = len(history)
        return shadow

    def __getattr__(self, name: str) -> Any:
        # only reached when ordinary lookup fails: a field of the game's state
        if name in _OWN or name.startswith("__"):
            raise AttributeError(name)
        return getattr(self._synced(), name)

    # -- the hot path, from the core (the kernel's legal_actions/apply_action call these) -------
    def current_player(self) -> int:
        return self._core.current_player()

    def is_terminal(self) -> bool:
        return self._core.is_terminal()

    def is_chance_node(self) -> bool:
        return self._core.current_player() == -1

    def legal_actions(self) -> list[int]:
        # as the kernel's, but it must come before a game's own override (which reads fields)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._core.legal()
        return list(legal)

    def _find_legal(self) -> tuple[int, ...]:
        legal = self._legal = self._core.legal()
        return legal

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return self._core.chance_outcomes()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        # not the kernel's: that one rebuilds the legal ids from the outcomes in Python
        core = self._core
        if core.current_player() != -1:
            raise GameError("not a chance node: chance_outcomes() is asked only where chance acts")
        return core.chance_outcomes()

    def returns(self) -> list[float]:
        return self._core.returns()

    def apply_action(self, action: int, seat: int | None = None) -> None:
        # the kernel's, inlined on its hot path: these few calls are most of a random-play step
        legal = self._legal
        if legal is None:
            legal = self._legal = self._core.legal()
        if seat is None and type(action) is int and action in legal:  # _do, inlined
            core = self._core
            self._stack.append(core.copy())
            core.apply(action)
            self._legal = None
            self._history.append(action)
            return
        self._do(self._refuse(action, seat))

    def _do(self, action: int) -> None:
        core = self._core
        self._stack.append(core.copy())
        core.apply(action)
        self._legal = None
        self._history.append(action)

    def undo(self) -> None:
        if not self._stack:
            raise GameError("nothing to undo: no action has been applied")
        # a snapshot may be shared with a clone, so the restored core is a copy of it
        self._core = self._stack.pop().copy()
        self._history.pop()
        self._legal = None
        if self._valid > len(self._history):
            self._valid = len(self._history)

    def clone(self) -> FastState:
        new = object.__new__(type(self))
        new.game = self.game
        new._core = self._core.copy()
        new._history = self._history.copy()
        new._stack = self._stack.copy()
        new._legal = self._legal
        shadow = self._shadow
        new._shadow = None if shadow is None else shadow.clone()
        new._valid = self._valid
        return new

    def forget_history(self) -> None:
        raise GameError("a state on a compiled core cannot forget its history; resample gives "
                        "Python states")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.game, self.history()))

    # -- everything else, from the Python rules -----------------------------------------------------
    def _observe(self, seat: int | None) -> dict[str, Any]:
        return self._synced()._observe(seat)

    def resample(self, seat: int, rng: Any) -> State:
        return self._synced().resample(seat, rng)

    def _action_to_string(self, action: int) -> str:
        return self._synced()._action_to_string(action)

    def _explain_illegal(self, action: int) -> str:
        return self._synced()._explain_illegal(action)

    def parse_action(self, text: str) -> int:
        return self._synced().parse_action(text)

    def fields(self) -> dict[str, Any]:
        return self._synced().fields()

    def __str__(self) -> str:
        return str(self._synced())

    def check_invariants(self) -> None:
        """The game's own invariants on the shadow, and the core agreeing with the rules here."""
        stray = set(self.__dict__) - _OWN
        if stray:
            raise AssertionError(f"fields written on a FastState instead of its rules: {stray}")
        shadow = self._synced()
        shadow.check_invariants()
        core = self._core
        name = self.game.name
        player = shadow.current_player()
        if core.current_player() != player:
            raise AssertionError(f"{name} core: player {core.current_player()} != rules' {player}")
        if core.is_terminal() != shadow.is_terminal():
            raise AssertionError(f"{name} core: is_terminal disagrees with the rules")
        if tuple(core.legal()) != tuple(shadow.legal_actions()):
            raise AssertionError(
                f"{name} core: legal {core.legal()} != rules' {tuple(shadow.legal_actions())}"
            )
        if player == -1 and core.chance_outcomes() != shadow.chance_outcomes():
            raise AssertionError(f"{name} core: chance outcomes disagree with the rules")
        if core.returns() != shadow.returns():
            raise AssertionError(f"{name} core: returns {core.returns()} != {shadow.returns()}")


__all__ = ["FastState", "core_for", "fast_class", "pure_python"]

"""``State``: one game in progress: the one shape every state has, and a plain-Python engine.

``State`` is what every state is, whatever runs its rules: the public API (declared here), and
the part every state shares, written once: the observation gate (``observation(seat)`` through
the game's ``_observe``), typed input (``parse_action``, ``unreadable``), the notation
(``action_to_string``), seats (``check_seat``), records (``to_record``) and the refusals of a
move (``_refuse``: the kernel's errors, in a player's words). It keeps no fields.

The engine is the other part: applying, undo, copies, the history. Every shipped game runs on
the compiled one (``compiled.pyx``, ``CompiledState``): a game's state class is its compiled
core plus ``State`` (``class ScopaState(ScopaFields, State)``). ``PythonState`` below is the
plain-Python engine, for a researcher's own small game and the template a new game starts from
(templates/game/).

How a game on ``PythonState`` writes its state
----------------------------------------------
A subclass keeps every piece of game state in plain attributes whose values are *immutable*
(ints, bitmask ints, strings, tuples, frozensets, ``None``). To change something, assign a new
value; never mutate a value in place. That single rule makes three things cheap and safe:

* ``undo()``: before each action the engine saves ``self.__dict__`` (a shallow copy) on a
  stack; undo puts it back.
* ``clone()``: a shallow copy of ``__dict__`` shares the immutable values with the original.
* earlier states and clones never change when a copy moves on (tested for every game).

A game that needs in-place mutation for speed may override ``_save``/``_restore``.

What a subclass implements
--------------------------
``current_player``, ``_legal_actions`` (player nodes), ``_chance_outcomes`` (chance nodes),
``_apply`` (rules), ``is_terminal``, ``returns``, ``_action_to_string``, ``_observe`` (the one
gate for hidden information), ``resample``, ``__str__``; optionally ``_explain_illegal`` (why an
action is not allowed, in a player's words) and ``parse_action``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .errors import (
    GameError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
)
from .seats import seat_label

if TYPE_CHECKING:
    from .game import Game

#: ``current_player()`` at a chance node (a deal, a die roll).
CHANCE = -1
#: ``current_player()`` once the game is over.
TERMINAL = -4

_BOOKKEEPING = ("_history", "_stack")


class State:
    """One game in progress: the public API, and the part every state shares (the module's
    docstring). The engine (applying, undo, copies, history) is ``CompiledState`` or
    ``PythonState``."""

    game: Game

    def __init__(self, game: Game) -> None:
        """A state starts from its game (``Game.new_initial_state``); an engine's own constructor
        (``CompiledState``'s, ``PythonState``'s) does this and more."""
        self.game = game

    if TYPE_CHECKING:
        # declared for the type checker: each game writes its rules and views (the first
        # six), each engine (``CompiledState``, ``PythonState``) the rest
        def current_player(self) -> int:
            """The seat to move, ``CHANCE`` or ``TERMINAL``."""
            ...

        def is_terminal(self) -> bool:
            ...

        def returns(self) -> list[float]:
            """One utility per seat; meaningful at the end (zeros before, unless the game says)."""
            ...

        def _action_to_string(self, action: int) -> str:
            ...

        def _observe(self, seat: int | None) -> dict[str, Any]:
            """Exactly what ``seat`` may know (``None``: spectator). JSON-safe."""
            ...

        def resample(self, seat: int, rng: Any) -> State:
            """A full state consistent with everything ``seat`` has observed.

            Its history is either rewritten to fit the new world (so it replays to it) or empty
            (``forget_history``); it never carries the true hidden actions.
            """
            ...

        def legal_actions(self) -> list[int]:
            """Sorted legal ids for the player to move; at a chance node the outcome ids; [] at the end."""
            ...

        def chance_outcomes(self) -> list[tuple[int, float]]:
            """``[(outcome, probability), ...]`` at a chance node (probabilities sum to 1)."""
            ...

        def apply_action(self, action: int, seat: int | None = None) -> None:
            """Apply ``action`` after checking it (``_refuse`` says what is wrong); on any error nothing
            changes. ``seat`` (optional) names who sends it."""
            ...

        def apply_unchecked(self, action: int) -> None:
            """The fast path for trusted callers (bots, playouts): no legality check."""
            ...

        def undo(self) -> None:
            """Take back the last action (chance included)."""
            ...

        def clone(self) -> State:
            """An independent copy: either moves on without changing the other."""
            ...

        def forget_history(self) -> None:
            """Drop the history and the undo stack (for worlds built by ``resample``): a resampled
            world must not carry the true history, which would hand a bot the real deal."""
            ...

        def history(self) -> list[int]:
            """Every action applied so far, chance outcomes included."""
            ...

        def move_number(self) -> int:
            """How many actions (chance included) were applied."""
            ...

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if a conservation law of the game is broken.

        Games override this (every card in exactly one place, money constant, ...); the
        conformance suite calls it after every action of its random playouts.
        """

    def _explain_illegal(self, action: int) -> str:
        """Why ``action`` is not allowed now, in a player's words (only what the mover may see)."""
        legal = [self._action_to_string(a) for a in self.legal_actions()[:12]]
        more = "" if len(self.legal_actions()) <= 12 else ", ..."
        return f"'{self._describe_id(action)}' is not allowed now; you may: {', '.join(legal)}{more}"

    # -- the shared part ---------------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def _refuse(self, action: object, seat: int | None) -> int:
        """The slow path: explain exactly what is wrong (raising the kernel's error), or return
        the id of a legal action sent with its seat. Shared by compiled states."""
        player = self.current_player()
        if player == TERMINAL:
            raise GameOverError("the game is over; no more actions can be played")
        if seat is not None:
            self.check_seat(seat)
        if seat is not None and seat != player:
            who = "chance" if player == CHANCE else seat_label(player)
            raise NotYourTurnError(f"it is not {seat_label(int(seat))}'s turn; {who} is to move")
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise InvalidActionError(f"an action is an integer id, not {action!r}")
        action = int(action)
        if action not in self.legal_actions():
            if not 0 <= action < max(self.game.num_distinct_actions, self.game.max_chance_outcomes):
                raise InvalidActionError(
                    f"action id {action} is out of range for {self.game.name}"
                )
            if player == CHANCE:
                raise IllegalActionError(f"chance outcome {action} is not possible here")
            raise IllegalActionError(self._explain_illegal(action))
        return action

    def child(self, action: int) -> State:
        """A clone with ``action`` applied; this state is unchanged."""
        new = self.clone()
        new.apply_action(action)
        return new

    def action_to_string(self, action: int) -> str:
        """The action in the game's notation, read in the current situation. Raises
        ``InvalidActionError`` for an id outside the game's action space."""
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise InvalidActionError(f"an action is an integer id, not {action!r}")
        top = max(self.game.num_distinct_actions, self.game.max_chance_outcomes)
        if not 0 <= action < top:
            raise InvalidActionError(
                f"action id {action} is out of range for {self.game.name} (0 to {top - 1})")
        return self._action_to_string(int(action))

    def _describe_id(self, action: int) -> str:
        try:
            return self._action_to_string(action)
        except Exception:  # an id that names nothing here
            return f"action {action}"

    def parse_action(self, text: str) -> int:
        """The id of the legal action (or chance outcome) written ``text`` in the game's notation.

        The default matches the text, ignoring case and spacing, against the notation of every
        legal action. Nothing else is read: a typed number is never taken as an action id
        (clients that hold ids pass them to ``apply_action``). Raises ``InvalidActionError``
        listing the legal moves that contain every typed word (or all of them).
        """
        wanted = normalize_text(text)
        if not wanted:
            raise InvalidActionError("empty input: type an action")
        table = {normalize_text(self._action_to_string(a)): a for a in self.legal_actions()}
        if wanted in table:
            return table[wanted]
        raise self.unreadable(text)

    def unreadable(self, text: str, hint: str = "") -> InvalidActionError:
        """The error for ``text`` that names no action here: the legal moves whose notation holds
        every typed word ("'10' could be: Hearts 10, Clubs 10"), else all of them; ``hint`` (a
        game's words on the phase and its verbs) goes first."""
        texts = [self._action_to_string(a) for a in self.legal_actions()]
        words = normalize_text(text).split()
        matching = [t for t in texts if words and all(w in normalize_text(t).split() for w in words)]
        lead = f"'{text}' is not an action here" + (f": {hint}" if hint else "")
        if matching:
            return InvalidActionError(f"{lead}; it could be: {_listed(matching)}")
        return InvalidActionError(f"{lead}; you may: {_listed(texts) or 'nothing'}")

    def check_seat(self, seat: int | None) -> None:
        """Raise ``GameError`` unless ``seat`` is a seat of this game or ``None`` (spectator)."""
        n = self.game.num_players
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < n
        ):
            raise GameError(f"there is no seat {seat!r} (seats 0–{n - 1}, or None for a spectator)")

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Exactly what ``seat`` may know (``None``: a spectator): the one hidden-information gate."""
        self.check_seat(seat)
        return self._observe(None if seat is None else int(seat))

    def observation_tensor(self, seat: int | None) -> np.ndarray:
        """The observation of ``seat`` as a flat ``float32`` array of the game's fixed length."""
        return self.game.encode_observation(self.observation(seat))

    def observation_string(self, seat: int | None) -> str:
        """The observation as canonical JSON text (for frameworks that want a string)."""
        return json.dumps(self.observation(seat), sort_keys=True, separators=(",", ":"))

    def observation_key(self, seat: int | None) -> Hashable:
        """What ``seat`` sees, as a hashable key for search trees: the observation string here;
        compiled states give the bytes of their tensor (see ``CompiledState``)."""
        return self.observation_string(seat)

    def rng_of(self, rng: Any) -> random.Random:
        """A ``random.Random`` for resampling, from a ``random.Random`` or a numpy Generator."""
        if isinstance(rng, random.Random):
            return rng
        if isinstance(rng, np.random.Generator):
            return random.Random(int(rng.integers(2**63)))
        if rng is None or isinstance(rng, int):
            return random.Random(rng)
        raise GameError(f"rng must be random.Random or numpy Generator, not {type(rng).__name__}")

    def to_record(self) -> dict[str, Any]:
        """The game as plain JSON data: name, rules version, options and every action."""
        return {
            "game": self.game.name,
            "version": self.game.version,
            "options": self.game.options,
            "actions": self.history(),
        }

    __hash__ = None  # type: ignore[assignment]  # a state changes: never a dict key

    def __repr__(self) -> str:
        return f"garrison.replay({json.dumps(self.to_record())})"


class PythonState(State):
    """The plain-Python engine (the module's docstring): every field an immutable value, undo by
    ``__dict__`` snapshots. For a researcher's own small game and the template; the shipped
    games run on ``CompiledState``."""

    #: True while a class keeps the kernel's ``_save`` (a shallow copy of ``__dict__``), so the
    #: hot path can copy inline instead of calling it.
    _plain_save = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._plain_save = cls._save is PythonState._save

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self._history: list[int] = []
        self._stack: list[dict[str, Any]] = []
        self._legal: tuple[int, ...] | None = None

    if TYPE_CHECKING:  # declared for the type checker: the rules a game on this engine writes
        def _legal_actions(self) -> Sequence[int]:
            """Sorted legal action ids of the player to move (never called at chance or terminal)."""
            ...

        def _chance_outcomes(self) -> list[tuple[int, float]]:
            """Outcome ids and probabilities at a chance node (never called elsewhere)."""
            ...

        def _apply(self, action: int) -> None:
            """Carry out a legal action (already checked): the rules live here and in rules.py."""
            ...

    def legal_actions(self) -> list[int]:
        """Sorted legal ids for the player to move; at a chance node the outcome ids; [] at the end."""
        legal = self._legal
        if legal is None:
            legal = self._find_legal()
        return list(legal)

    def _find_legal(self) -> tuple[int, ...]:
        """Work out (and cache until the next action) the legal ids of this node."""
        player = self.current_player()
        if player == TERMINAL:
            legal: tuple[int, ...] = ()
        elif player == CHANCE:
            legal = tuple([a for a, _ in self._chance_outcomes()])
        else:
            legal = tuple(self._legal_actions())
        self._legal = legal
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(outcome, probability), ...]`` at a chance node (probabilities sum to 1)."""
        if self.current_player() != CHANCE:
            raise GameError("not a chance node: chance_outcomes() is asked only where chance acts")
        outcomes = self._chance_outcomes()
        if self._legal is None:
            self._legal = tuple([a for a, _ in outcomes])
        return outcomes

    def apply_action(self, action: int, seat: int | None = None) -> None:
        """Apply ``action`` after checking it; on any error nothing changes.

        ``seat`` (optional) names who sends the action; a wrong seat raises ``NotYourTurnError``.
        """
        legal = self._legal
        if legal is None:
            legal = self._find_legal()
        if seat is None and type(action) is int and action in legal:  # the hot path
            self._do(action)
            return
        self._do(self._refuse(action, seat))

    def apply_unchecked(self, action: int) -> None:
        """The fast path for trusted callers (bots, playouts): no legality check."""
        self._do(action)

    def _do(self, action: int) -> None:
        snapshot = self.__dict__.copy() if self._plain_save else self._save()
        try:
            self._apply(action)
        except BaseException:
            self._restore(snapshot)
            raise
        self._stack.append(snapshot)
        self._legal = None
        self._history.append(action)

    def undo(self) -> None:
        """Take back the last action (chance included)."""
        if not self._stack:
            raise GameError("nothing to undo: no action has been applied")
        self._restore(self._stack.pop())
        self._history.pop()

    def clone(self) -> State:
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        new._history = self._history.copy()
        new._stack = self._stack.copy()
        return new

    def _save(self) -> dict[str, Any]:
        return self.__dict__.copy()

    def _restore(self, snapshot: dict[str, Any]) -> None:
        history, stack = self._history, self._stack
        self.__dict__ = dict(snapshot)
        self._history, self._stack = history, stack

    def forget_history(self) -> None:
        """Drop the history and the undo stack (for worlds built by ``resample``).

        A resampled world must not carry the true history: it would hand a bot the real deal.
        A game whose ``resample`` cannot rewrite the history to fit the new world calls this, so
        the world starts afresh here (it can move on and undo its own moves, not earlier ones).
        """
        self._history = []
        self._stack = []

    def history(self) -> list[int]:
        """Every action applied so far, chance outcomes included."""
        return self._history.copy()

    def move_number(self) -> int:
        return len(self._history)

    def fields(self) -> dict[str, Any]:
        """The game-state attributes (no bookkeeping), for equality and debugging."""
        return {
            k: v for k, v in self.__dict__.items() if k not in _BOOKKEEPING and k not in ("_legal", "game")
        }

    def __eq__(self, other: object) -> bool:
        return (
            type(self) is type(other)
            and self.game == other.game
            and self._history == other._history
            and self.fields() == other.fields()
        )


def normalize_text(text: object) -> str:
    """Typed text as the parsers compare it: lower case, single spaces."""
    return " ".join(str(text).lower().split())


def _listed(texts: list[str], most: int = 12) -> str:
    return ", ".join(texts[:most]) + (", ..." if len(texts) > most else "")


__all__ = ["CHANCE", "TERMINAL", "PythonState", "State", "normalize_text"]

"""N tables of one Garrison game stepped in one call, numpy in and numpy out.

>>> from garrison.interop.batch import BatchEnv
>>> env = BatchEnv("gambit", 4, players=2)
>>> step = env.reset(seed=[1, 2, 3, 4])
>>> step.obs.shape, step.mask.shape, step.to_move.shape
((4, 37), (4, 7), (4,))
>>> actions = [int(row.nonzero()[0][0]) for row in step.mask]
>>> step = env.step(actions)
>>> step.rewards.shape, step.terminated.dtype
((4, 2), dtype('bool'))

This is the one engine behind the batched forms (``GarrisonVectorEnv`` for Gymnasium,
``BatchAECEnv`` for PettingZoo users). For a game on compiled rules (all six) with chance drawn
inside, every table is stepped in C by the kernel's ``core/batch.pyx`` (bots, in self-play or
against bots); a game written in Python, or chance left to the caller, goes through the public
kernel API here (``legal_actions``, ``apply_action``, ``observation_tensor``,
``chance_outcomes``). Both draw the same numbers from the same generators, so the way a table is
stepped never changes its game.

* **Who plays.** ``opponents=None`` (self-play): the caller plays every seat; each row is at the
  decision of the seat in ``to_move``. With ``opponents`` (one bot name, a list with one per other
  seat, or ``{seat: name}``) and ``seat``, Garrison bots play the other seats inside ``step`` and
  every row waits for ``seat``. Bots are seeded from the row's generator at each new game. The
  games' compiled bots and the uniformly random bot play in C (``core/batch.pyx``), move for
  move as their ``step`` would; ``random_in_c=False`` asks ``random`` through ``step`` instead
  (the same games, slower: for comparing).
* **Observations.** ``observe="mover"``: ``obs`` is ``(N, T)`` float32, row ``i`` the tensor of
  the seat to move at table ``i``. ``observe="all"``: ``(N, P, T)``, every seat's own view. Each
  view passes through the game's one gate (``observation_tensor(seat)``).
* **Masks.** ``mask`` is ``(N, A)`` bool: the legal actions of the seat to move.
* **Chance.** Drawn inside from each table's generator (``chance="inside"``, the default). With
  ``chance="caller"`` a table stops at its chance nodes: ``to_move`` is ``-1`` (``garrison.CHANCE``),
  the mask holds the possible outcomes, ``chance_probs`` their probabilities, and ``obs`` the
  spectator's view; the caller's action is the outcome.
* **Rewards and reset.** When a table's game ends, ``terminated[i]`` is True, ``rewards[i]`` holds
  the game's returns for every seat (zeros otherwise), and the table starts its next game at once
  (automatic reset): ``obs``, ``mask`` and ``to_move`` are then the new game's. ``episode_returns``
  keeps the returns of each table's last finished game.
* **Seeds: one stream per table.** ``reset(seed=s)``: an int seeds table ``i`` with ``s + i``; a
  list gives one seed per table; ``None`` draws fresh entropy. Table ``i`` owns one
  ``numpy.random.Generator`` (``default_rng(seed)``, the generator Gymnasium's and PettingZoo's
  ``reset(seed=...)`` make): a new game first seeds its bots from it (one ``integers(2**31)``
  per bot seat, in seat order), then every chance node takes one ``random()`` (the walk of
  ``garrison.sample_chance``). So table ``i`` plays exactly the game that the single Gymnasium
  environment (against the same bots) or PettingZoo environment (self-play) plays with that seed
  and the same actions, and its next games are theirs after ``reset()`` without a seed.
* **Final positions.** ``step.final_obs(seat)`` gives, for each table whose game ended in that
  step, ``seat``'s observation tensor of the finished game's last position (the table has
  already started its next game); ``step.final_states()`` the positions themselves, for one's
  own tools (an evaluator of the end; like ``env.states``, never to be shown to an agent).
* **Threads.** A compiled game's tables are stepped on ``threads`` threads (default: every core
  this process may use, ``default_threads()``; ``threads=1``: the calling thread alone), each
  thread a range of tables, the GIL released meanwhile: one job a step that plays, restarts
  finished games in place and writes every array. Every table draws from its own generators,
  so the games are the same whatever the count. A bot written in Python (any but the compiled
  ones and ``random``) is asked holding the GIL, table after table.
* **Pickling.** A ``BatchEnv`` pickles after ``reset`` with its tables, generators and bots as
  they stand; the copy continues exactly as the original (same observations, rewards, masks).
* **Illegal actions.** ``illegal="raise"`` (default): ``IllegalActionError`` naming the table, the
  seat and the action, and no table changes (every action is checked before any is applied).
  ``illegal="lose"``: that table's game ends; the offending seat gets the game's lowest return,
  the others 0; ``illegal[i]`` says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

import numpy as np

import garrison
from garrison.bots import bot_class, make_bot
from garrison.bots.random_bot import RandomBot
from garrison.core import CHANCE, Bot, IllegalActionError, OptionError, State, sample_chance
from garrison.core.batch import CompiledTables, default_threads, random_legal
from garrison.core.bot import CompiledPolicyBot
from garrison.core.compiled import CompiledState
from garrison.core.seats import seat_label

from ._common import opponent_names


class _FinalPositions(Protocol):
    """How a step shows the games that ended in it: each seat's view, and the position."""

    def __call__(self, k: int, seat: int) -> np.ndarray: ...

    def state(self, k: int) -> State: ...


@dataclass
class BatchStep:
    """What one call returns (arrays owned by the caller: the next call makes new ones)."""

    #: ``(N, T)`` (``observe="mover"``) or ``(N, P, T)`` (``observe="all"``) float32.
    obs: np.ndarray
    #: ``(N, A)`` bool: legal actions (or chance outcomes) now; ``A`` is the game's number of
    #: distinct actions, or of chance outcomes if that is larger and chance is left to the caller.
    mask: np.ndarray
    #: ``(N,)`` int: the seat to move at each table (``-1``: a chance node left to the caller).
    to_move: np.ndarray
    #: ``(N, P)`` float32: each seat's return at tables whose game just ended, else 0.
    rewards: np.ndarray
    #: ``(N,)`` bool: the table's game ended with this step (it has been reset since).
    terminated: np.ndarray
    #: ``(N,)`` bool: the game ended because the mover's action was illegal (``illegal="lose"``).
    illegal: np.ndarray
    #: ``(N, A)`` float32: the chance outcomes' probabilities where ``to_move == -1``, else 0.
    #: With chance drawn inside no row is a chance node: then it is one read-only array of
    #: zeros, the same at every step.
    chance_probs: np.ndarray
    #: The same legal ids as ``mask``, listed: row ``i``'s are ``legal[legal_start[i]:
    #: legal_start[i + 1]]`` (int32, sorted), so an agent can draw among them without scanning
    #: ``A`` columns (Stratego has 3,733).
    legal: np.ndarray
    #: ``(N + 1,)`` int64 offsets into ``legal``.
    legal_start: np.ndarray
    #: The tables whose game ended with this step (int64, ascending), and how to see that
    #: game's last position: ``_final_view(k, seat)`` is seat ``seat``'s observation of table
    #: ``_final_rows[k]``'s (an agent is shown them by ``final_obs``).
    _final_rows: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64), repr=False)
    _final_view: _FinalPositions | None = field(default=None, repr=False)

    def final_obs(self, seat: int) -> dict[int, np.ndarray]:
        """``{table: tensor}``: ``seat``'s observation (float32, ``(T,)``) of the last position
        of each game that ended with this step, through the game's gate. Raises
        ``OptionError`` for a seat the game does not have."""
        players = self.rewards.shape[1]
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < players:
            raise OptionError(f"seat must be 0 to {players - 1} (got {seat!r})")
        if self._final_view is None:
            return {}
        return {int(i): self._final_view(k, int(seat)) for k, i in enumerate(self._final_rows)}

    def final_states(self) -> dict[int, State]:
        """``{table: state}``: the last position of each game that ended with this step, for
        our own tools (an evaluator of the end, as ``BatchEnv.states``; an agent must not be
        shown them). A compiled game's is rebuilt from the position's fields: it has no history
        to undo or log to read."""
        if self._final_view is None:
            return {}
        return {int(i): self._final_view.state(k) for k, i in enumerate(self._final_rows)}

    def random_legal(self, rng: np.random.Generator) -> np.ndarray:
        """One uniformly random legal action (or chance outcome) per row (int64): row ``i``'s
        pick is its ids' ``floor(u * count)``-th for ``u`` the generator's next ``random()``, rows
        in order (drawn in C). Raises ``ValueError`` for a row without a legal action."""
        if not isinstance(rng, np.random.Generator):  # e.g. a RandomState: the same pick in numpy
            counts = np.diff(self.legal_start)
            picks = self.legal_start[:-1] + (rng.random(counts.shape[0]) * counts).astype(np.int64)
            drawn: np.ndarray = self.legal[picks].astype(np.int64)
            return drawn
        out: np.ndarray = random_legal(self.legal, self.legal_start, rng)
        return out


class BatchEnv:
    """``num_envs`` tables of Garrison game ``name`` (options as keywords)."""

    #: The chance probabilities of every step without chance nodes (made at the first).
    _zero_probs: np.ndarray | None = None

    def __init__(
        self,
        name: str,
        num_envs: int,
        *,
        seat: int | None = None,
        opponents: str | Sequence[str] | Mapping[int, str] | None = None,
        observe: str = "mover",
        chance: str = "inside",
        illegal: str = "raise",
        random_in_c: bool = True,
        threads: int | None = None,
        **options: Any,
    ) -> None:
        """Raises ``OptionError`` for a bad count, seat, bot name, mode, thread count or game
        option."""
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise OptionError(f"num_envs must be a whole number of tables, 1 or more (got {num_envs!r})")
        if threads is not None and (isinstance(threads, bool)
                                    or not isinstance(threads, (int, np.integer)) or threads < 1):
            raise OptionError(f"threads must be a whole number, 1 or more, or None for every core "
                              f"(got {threads!r})")
        #: threads stepping the compiled tables (``default_threads()``: every core)
        self.threads = default_threads() if threads is None else int(threads)
        for label, value, allowed in (("observe", observe, ("mover", "all")),
                                      ("chance", chance, ("inside", "caller")),
                                      ("illegal", illegal, ("raise", "lose"))):
            if value not in allowed:
                raise OptionError(f"{label} must be {' or '.join(allowed)} (got {value!r})")
        self.game = garrison.load(name, **options)
        self.num_envs = int(num_envs)
        self.observe, self.chance, self.illegal = observe, chance, illegal
        self.random_in_c = bool(random_in_c)
        if opponents is None:
            if seat is not None:
                raise OptionError("seat is the caller's seat against bots: give opponents too, "
                                  "or neither for self-play")
            self.seat: int | None = None
            self.opponents: dict[int, str] = {}
        else:
            self.seat = 0 if seat is None else seat
            self.opponents = opponent_names(self.game, self.seat, opponents)
            for other, bot in self.opponents.items():
                make_bot(self.game, bot, other, seed=0)  # unknown names fail now, listing the bots
        self.num_players = self.game.num_players
        # with chance left to the caller, a row's mask may hold chance outcomes (ids below
        # max_chance_outcomes) as well as actions
        self.num_actions = self.game.num_distinct_actions
        if chance == "caller":
            self.num_actions = max(self.num_actions, self.game.max_chance_outcomes)
        self.tensor_size = self.game.observation_tensor_shape[0]
        self._states: list[Any] = []  # compiled states, or State where the rules are Python
        self._rngs: list[np.random.Generator] = []
        self._bots: list[dict[int, Bot]] = []
        #: the compiled engine (core/batch.pyx) when the game is compiled, the caller plays
        #: every seat and chance is drawn inside; else each table is stepped here in Python
        self._tables: CompiledTables | None = None
        self._compiled = (
            chance == "inside" and isinstance(self.game.new_initial_state(), CompiledState)
        )
        self.episode_returns = np.zeros((self.num_envs, self.num_players), np.float32)

    # -- tables ----------------------------------------------------------------------------------
    def _seed_list(self, seed: int | Sequence[int | None] | None) -> list[Any]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, (bool, str, bytes)):
            raise OptionError(f"seed must be one int or {self.num_envs} ints, one per table (got {seed!r})")
        if isinstance(seed, (int, np.integer)):
            return [int(seed) + i for i in range(self.num_envs)]
        seeds = list(seed)
        if len(seeds) != self.num_envs:
            raise OptionError(f"seed must be one int or {self.num_envs} ints, one per table (got {len(seeds)})")
        return seeds

    def _new_game(self, i: int) -> None:
        """Start table ``i``'s next game (its bots seeded from the table's generator)."""
        state = self.game.new_initial_state()
        bots = _BotMaker(self.game, self.opponents, self.random_in_c)(self._rngs[i])
        if i == len(self._states):
            self._states.append(state)
            self._bots.append(bots)
        else:
            self._states[i], self._bots[i] = state, bots
        self._advance(i)

    def _advance(self, i: int) -> None:
        """Play chance (unless left to the caller) and the bots until the caller must act."""
        state, rng, bots = self._states[i], self._rngs[i], self._bots[i]
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                if self.chance == "caller":
                    return
                state.apply_action(sample_chance(state, rng))
            elif player in bots:
                state.apply_action(bots[player].step(state), seat=player)
            else:
                return

    @property
    def states(self) -> list[State]:
        """The tables' Garrison states (for our own tools; an agent must not be shown them). A
        compiled table whose game ended goes on in the same state object, made its next game in
        place (with bots made in Python, a new one)."""
        if not self._states:
            raise garrison.GameError("call reset() first")
        return self._states

    # -- the two calls ---------------------------------------------------------------------------
    def reset(self, seed: int | Sequence[int | None] | None = None) -> BatchStep:
        """Start a new game at every table; raises ``OptionError`` for a bad seed list."""
        seeds = self._seed_list(seed)
        none = np.zeros(self.num_envs, bool)
        self._rngs = [np.random.default_rng(s) for s in seeds]
        if self._compiled:
            new_bots = (_BotMaker(self.game, self.opponents, self.random_in_c) if self.opponents
                        else None)
            self._tables = CompiledTables(self.game, self._rngs, self.observe == "all", new_bots,
                                          threads=self.threads)
            self._states, self._bots = self._tables.states, []  # the tables keep their bots
            return self._step_of(self._tables.view())
        self._states, self._bots = [], []
        for i in range(self.num_envs):
            self._new_game(i)
        return self._collect(np.zeros((self.num_envs, self.num_players), np.float32), none, none.copy())

    def step(self, actions: Sequence[int] | np.ndarray, *, hold: np.ndarray | None = None) -> BatchStep:
        """Play ``actions[i]`` for the seat to move at table ``i`` (a chance outcome where
        ``to_move`` is ``-1``). Tables where ``hold`` (``(N,)`` bool) is set are left as they
        are: their action is not read, their reward is 0 and they do not end (a vector env
        showing a finished game's last position holds its table for one step).

        Raises:
            IllegalActionError: ``illegal="raise"`` and an action is not legal: names the first,
                before any table changes.
            InvalidActionError: not one action per table, or ``hold`` not ``(N,)`` bools.
        """
        tables = self._tables
        if (tables is not None and hold is None and type(actions) is np.ndarray
                and actions.dtype == np.int64 and actions.shape == (self.num_envs,)
                and actions.flags.c_contiguous):  # random_legal's: no copy, no check here
            return self._step_of(tables.step(actions, None, self.illegal == "lose",
                                             self.episode_returns))
        states = self.states
        acts = np.asarray(actions).reshape(-1)
        if acts.shape[0] != self.num_envs:
            raise garrison.InvalidActionError(f"step needs {self.num_envs} actions, one per table (got {acts.shape[0]})")
        held = self._hold_rows(hold)
        if tables is not None:
            if acts.dtype.kind not in "iu":  # no action is legal: the first table's is refused
                if self.illegal == "raise" and not held.all():
                    self._refuse(int(np.flatnonzero(~held)[0]), acts)
                acts = np.full(self.num_envs, -1, np.int64)
            return self._step_of(tables.step(np.ascontiguousarray(acts, dtype=np.int64),
                                             held if held.any() else None,
                                             self.illegal == "lose", self.episode_returns))
        legal = np.array([bool(held[i]) or self._is_legal(states[i], acts[i])
                          for i in range(self.num_envs)])
        if self.illegal == "raise" and not legal.all():
            self._refuse(int(np.flatnonzero(~legal)[0]), acts)
        rewards = np.zeros((self.num_envs, self.num_players), np.float32)
        terminated = np.zeros(self.num_envs, bool)
        lost = ~legal
        finished: list[tuple[int, State]] = []
        for i, state in enumerate(states):
            if held[i]:
                continue
            mover = state.current_player()
            if not legal[i]:
                rewards[i, mover] = self.game.min_utility
                terminated[i] = True
            else:
                state.apply_action(int(acts[i]))
                self._advance(i)
                if state.is_terminal():
                    rewards[i] = state.returns()
                    terminated[i] = True
            if terminated[i]:
                self.episode_returns[i] = rewards[i]
                finished.append((i, state))
                self._new_game(i)
        return self._collect(rewards, terminated, lost, finished)

    def _refuse(self, i: int, acts: np.ndarray) -> None:
        """Raise ``IllegalActionError`` for table ``i``'s action (nothing has changed)."""
        state = self.states[i]
        mover = state.current_player()
        who = "chance" if mover == CHANCE else seat_label(mover)
        raise IllegalActionError(f"table {i}: action {_plain(acts[i])} is not legal for {who} "
                                 f"now; legal: {state.legal_actions()}")

    def _step_of(self, parts: tuple[np.ndarray, ...]) -> BatchStep:
        """The ``BatchStep`` of what the compiled tables returned (``CompiledTables.step``)."""
        obs, mask, to_move, rewards, terminated, lost, legal, start, rows, final = parts
        if self.observe == "all":
            obs = obs.reshape(self.num_envs, self.num_players, self.tensor_size)
        return BatchStep(obs, mask, to_move, rewards, terminated, lost, self._no_chance(), legal,
                         start, rows, _FinalStructs(self._tables, final) if len(rows) else None)

    def _hold_rows(self, hold: np.ndarray | None) -> np.ndarray:
        """``hold`` as ``(N,)`` bools (none held when ``None``); raises ``InvalidActionError``
        for another shape or type."""
        if hold is None:
            return np.zeros(self.num_envs, bool)
        rows = np.asarray(hold)
        if rows.dtype != np.bool_ or rows.shape != (self.num_envs,):
            raise garrison.InvalidActionError(
                f"hold must be {self.num_envs} bools, one per table (got {rows.dtype} {rows.shape})")
        return np.ascontiguousarray(rows)

    def restart(self, table: int, seed: int | None = None) -> BatchStep:
        """Start table ``table``'s next game now, leaving the one in play (if any), and return
        every table's view (no rewards, nothing terminated). With ``seed`` the table gets a
        new generator, ``default_rng(seed)``, as ``reset(seed=...)`` gives a table; without,
        it goes on drawing from its own, as a single environment's ``reset()`` without a seed.

        Raises:
            OptionError: a table the batch does not have, or a seed that is not an int.
            GameError: before the first ``reset()``.
        """
        if not self._states:
            raise garrison.GameError("call reset() first")
        if isinstance(table, bool) or not isinstance(table, (int, np.integer)) or not 0 <= table < self.num_envs:
            raise OptionError(f"table must be 0 to {self.num_envs - 1} (got {table!r})")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
            raise OptionError(f"seed must be an int or None (got {seed!r})")
        i = int(table)
        if seed is not None:
            self._rngs[i] = np.random.default_rng(int(seed))
        if self._tables is not None:
            self._tables.restart(i, None if seed is None else self._rngs[i])
            return self._step_of(self._tables.view())
        self._new_game(i)
        none = np.zeros(self.num_envs, bool)
        return self._collect(np.zeros((self.num_envs, self.num_players), np.float32), none,
                             none.copy())

    def _no_chance(self) -> np.ndarray:
        """The chance probabilities of a batch with no chance node: zeros, made once, read-only."""
        if self._zero_probs is None:
            self._zero_probs = np.zeros((self.num_envs, self.num_actions), np.float32)
            self._zero_probs.flags.writeable = False
        return self._zero_probs

    @staticmethod
    def _is_legal(state: State, action: Any) -> bool:
        return isinstance(action, (int, np.integer)) and int(action) in state.legal_actions()

    def __getstate__(self) -> dict[str, Any]:
        """Everything but the cached zeros (read-only arrays come back writable)."""
        out = dict(self.__dict__)
        out.pop("_zero_probs", None)
        return out

    def _collect(self, rewards: np.ndarray, terminated: np.ndarray, lost: np.ndarray,
                 finished: Sequence[tuple[int, Any]] | None = None) -> BatchStep:
        """Every table's view, read through the kernel API (the tables stepped in Python)."""
        n, t = self.num_envs, self.tensor_size
        if self.observe == "all":
            obs = np.empty((n, self.num_players, t), np.float32)
        else:
            obs = np.empty((n, t), np.float32)
        mask = np.zeros((n, self.num_actions), bool)
        probs = np.zeros((n, self.num_actions), np.float32)
        to_move = np.empty(n, np.int64)
        for i, state in enumerate(self._states):
            player = state.current_player()
            to_move[i] = player
            if player == CHANCE:
                for outcome, p in state.chance_outcomes():
                    mask[i, outcome] = True
                    probs[i, outcome] = p
            else:
                mask[i, state.legal_actions()] = True
            if self.observe == "all":
                for seat in range(self.num_players):
                    obs[i, seat] = state.observation_tensor(seat)
            else:
                obs[i] = state.observation_tensor(None if player == CHANCE else player)
        rows, cols = np.nonzero(mask)
        offsets = np.zeros(n + 1, np.int64)
        np.cumsum(np.bincount(rows, minlength=n), out=offsets[1:])
        ended = list(finished or ())
        return BatchStep(obs, mask, to_move, rewards, terminated, lost, probs,
                         cols.astype(np.int32), offsets, np.array([i for i, _ in ended], np.int64),
                         _FinalStates([state for _, state in ended]))


class _FinalStructs:
    """The views of the games that ended in a compiled step, encoded when asked from each
    game's last struct (``CompiledTables.final_view``); pickles with its tables."""

    __slots__ = ("structs", "tables")
    tables: CompiledTables
    structs: np.ndarray

    def __init__(self, tables: CompiledTables | None, structs: np.ndarray) -> None:
        assert tables is not None
        self.tables, self.structs = tables, structs

    def __call__(self, k: int, seat: int) -> np.ndarray:
        return self.tables.final_view(self.structs[k], seat)

    def state(self, k: int) -> State:
        return cast(State, self.tables.final_state(self.structs[k]))  # a State, as registered


class _FinalStates:
    """The views of the games that ended in a step stepped in Python: their last states."""

    __slots__ = ("states",)
    states: list[State]

    def __init__(self, states: list[State]) -> None:
        self.states = states

    def __call__(self, k: int, seat: int) -> np.ndarray:
        return self.states[k].observation_tensor(seat)

    def state(self, k: int) -> State:
        return self.states[k]


def _plain(action: Any) -> str:
    """An action as the caller would write it: a numpy scalar as the plain Python number."""
    return repr(action.item()) if isinstance(action, np.generic) else repr(action)


class _BotMaker:
    """The bots of a table's new game, each seeded from the table's generator in seat order (as
    the single Gymnasium environment seeds its bots at ``reset``). The bot names are resolved
    to classes once, not at every game; a pickle keeps the names."""

    game: garrison.Game
    opponents: dict[int, str]
    #: play the uniformly random bot in C (the tables' copy of its generator) or through ``step``
    random_in_c: bool
    _classes: dict[int, type[Bot]] | None

    def __init__(self, game: garrison.Game, opponents: Mapping[int, str],
                 random_in_c: bool = True) -> None:
        self.game = game
        self.opponents = dict(opponents)
        self.random_in_c = random_in_c
        self._classes = None

    def classes(self) -> dict[int, type[Bot]]:
        """Each bot seat's class, in the order the seats draw their seeds."""
        if self._classes is None:
            self._classes = {s: bot_class(self.game, name) for s, name in self.opponents.items()}
        return self._classes

    def __call__(self, rng: np.random.Generator) -> dict[int, Bot]:
        return {s: cls(self.game, s, int(rng.integers(2**31)))
                for s, cls in self.classes().items()}

    def seeded_in_c(self) -> list[int] | None:
        """The bot seats in seed order when every bot is a plain ``CompiledPolicyBot`` (its
        whole state is its seed's stream) or the uniformly random bot (likewise its
        stream), which the tables then seed and play in C without
        making the objects until asked (``bot``); else ``None``."""
        classes = self.classes()
        plain = all((issubclass(cls, CompiledPolicyBot) and cls.__init__ is CompiledPolicyBot.__init__)
                    or (cls is RandomBot and self.random_in_c) for cls in classes.values())
        return list(classes) if plain else None

    def random_seats(self) -> list[int]:
        """The seats of the uniformly random bot (``RandomBot`` itself, not a subclass): the
        tables play them in C, from each bot's stream (none when ``random_in_c`` is off)."""
        if not self.random_in_c:
            return []
        return [s for s, cls in self.classes().items() if cls is RandomBot]

    def bot(self, seat: int, seed: int) -> Bot:
        """Seat ``seat``'s bot seeded ``seed`` (a seed ``__call__`` would have drawn)."""
        return self.classes()[seat](self.game, seat, seed)

    def __getstate__(self) -> dict[str, Any]:
        return {"game": self.game, "opponents": self.opponents, "random_in_c": self.random_in_c,
                "_classes": None}


def batch_env(name: str, num_envs: int, **kwargs: Any) -> BatchEnv:
    """``BatchEnv(name, num_envs, **kwargs)``: the plain Garrison entry point."""
    return BatchEnv(name, num_envs, **kwargs)


__all__ = ["BatchEnv", "BatchStep", "batch_env"]

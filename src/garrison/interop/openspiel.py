"""Every Garrison game as an OpenSpiel game: ``register()`` then ``pyspiel.load_game("garrison_<name>")``.

>>> import pyspiel
>>> from garrison.interop import openspiel
>>> names = openspiel.register()
>>> game = pyspiel.load_game("garrison_gambit(players=2)")
>>> game.num_players()
2

What OpenSpiel sees
-------------------
* **Parameters** are the game's options (bool, int, float or str; an option whose default is
  ``None`` is offered as the text ``"none"``). ``GameType`` and ``GameInfo`` are computed from
  the options through the game's own facts (``Game.facts``).
* **Observation string / tensor** (imperfect recall): the seat's observation as canonical JSON and
  the game's tensor of it. ``IIGObservationType(private_info=NONE)`` gives the spectator view.
* **Information-state string** (perfect recall): the current observation plus a digest of every
  observation the seat received and every action it played (:class:`~._common.Recall`). Two
  histories get the same string exactly when the seat cannot tell them apart.
* **Information-state tensor** (perfect recall, fixed length, parts in
  :func:`information_state_layout`): the game's tensor of the current observation; in games of
  imperfect information the tensor of the seat's previous observation; how often the seat
  played each action id and its number of decisions; then the 96 bits of the seat's recall
  digest (the one in the string). Two decision points share a tensor exactly when they share the
  string (up to a 2**-96 chance of a digest collision): the bits tell histories apart, the other
  parts are features a network can read. A tensor holding every past observation would need
  ``max_game_length x T`` floats: 1848 would need about 3.3 million, Stratego's default 284
  million.
* **resample_from_infostate(player, sampler)**: a world from ``State.resample``, for OpenSpiel's
  Python ``ISMCTSBot``. The world's OpenSpiel ``history()`` starts empty: the true history would
  tell the search the real deal.
* **Rewards** are terminal (``RewardModel.TERMINAL``, as OpenSpiel's MCTS requires):
  ``returns()`` and ``rewards()`` are the game's returns at the end and zeros before.
* Clone uses the kernel's ``State.clone``; ``serialize()`` stores the game's action list (the
  record) and replays it on ``deserialize``.

Registration lives in the current Python process only (OpenSpiel's rule for Python games).
"""

from __future__ import annotations

import copy
import pickle
import random
import sys
from functools import cache
from typing import Any, cast

import numpy as np
import pyspiel

import garrison
from garrison.core import CHANCE, OptionError, PythonState, State, game_class
from garrison.core.compiled import CompiledState
from garrison.core.events import EMPTY, entries, push

from ._common import Recall, given_options, load_plain, option_defaults, plain_options

PREFIX = "garrison_"


def short_name(name: str) -> str:
    """The OpenSpiel name of a Garrison game: ``garrison_<name>``."""
    return PREFIX + name


# -- the state inside an OpenSpiel state ---------------------------------------------------------


class _Held:
    """Our state and the seats' recall, as the one attribute of an OpenSpiel state.

    OpenSpiel clones a Python state by deep-copying its attributes and serialises it by pickling
    them; this holder makes both cheap and exact: a deep copy is the kernel's ``clone()``, and a
    pickle is the game's record (replayed on load), or, for a resampled world that no history
    leads to, its fields.

    The recall is brought up to date only when an information-state string is asked for, so
    playouts that never ask (MCTS rollouts, RL on tensors) do not pay for observing every seat at
    every step. Until then the holder keeps one frozen copy of the state where the recall stands
    (``base``) and the actions played since (``pending``, ``(mover, action)`` pairs): bringing the
    recall up to date replays them on a copy of ``base``. So a long game costs one copy and two
    ints an action, never a copy an action. In a game of perfect information the recall is the
    history itself and needs no copy at all.
    """

    __slots__ = ("state", "recall", "base", "pending", "world")

    def __init__(self, state: State, recall: Recall | None = None, world: bool = False) -> None:
        self.state = state
        self.recall = recall
        # the recall starts where the state is now (None: from this state, once asked)
        self.base: State | None = None if state.game.facts.perfect_information else _frozen(state)
        self.pending: tuple[Any, ...] = EMPTY
        self.world = world

    def note(self, mover: int, action: int) -> None:
        self.pending = push(self.pending, (mover, action))

    def up_to_date(self) -> Recall:
        """The recall with every noted action folded in."""
        if self.base is None:  # perfect information: the history is the information state
            recall = self.recall if self.recall is not None else Recall.start(self.state)
            for mover, action in entries(self.pending):
                recall = recall.after(self.state, mover, action)
            self.recall, self.pending = recall, EMPTY
            return recall
        if self.recall is None or self.pending:
            world = _frozen(self.base)  # the base may be shared with clones: replay on a copy
            recall = self.recall if self.recall is not None else Recall.start(world)
            for mover, action in entries(self.pending):
                world.apply_action(action)
                recall = recall.after(world, mover, action)
            self.recall, self.base, self.pending = recall, world, EMPTY
        return self.recall

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        # a copy is most often a child about to be played (a walk of the tree): the actions
        # noted since the last fold are folded once here, not once in every descendant
        if self.pending:
            self.up_to_date()
        held = object.__new__(_Held)
        held.state, held.recall, held.pending = self.state.clone(), self.recall, self.pending
        held.base, held.world = self.base, self.world  # never changed in place: shared
        return held

    def __getstate__(self) -> dict[str, Any]:
        game = self.state.game
        out: dict[str, Any] = {
            "name": game.name, "options": game.options, "recall": self.up_to_date(),
            "world": self.world,
            "history": self.state.history(),
        }
        if self.world and isinstance(self.state, CompiledState):
            out["compiled"] = pickle.dumps(self.state)  # its struct and log (CompiledState)
        elif self.world:  # a state on the plain-Python engine: its fields
            fields, out["rebuilt"] = _picklable_fields(cast(PythonState, self.state))
            out["fields"] = _deep_pickle(fields)
        return out

    def __setstate__(self, data: dict[str, Any]) -> None:
        game = _cached_game(data["name"], tuple(sorted(data["options"].items())))
        if "compiled" in data:
            state = pickle.loads(data["compiled"])
        elif data["world"]:
            fresh = cast(PythonState, game.new_initial_state()).fields()
            state = cast(PythonState, object.__new__(game.State))
            state.__dict__.update(_deep_unpickle(data["fields"]))
            state.__dict__.update({k: fresh[k] for k in data["rebuilt"]})
            state.game = game
            state._history = list(data["history"])
            state._stack = []
            state._legal = None
        else:
            state = game.new_initial_state()
            for action in data["history"]:
                state.apply_unchecked(action)
        self.state = state
        self.recall = data["recall"]
        self.base = None if game.facts.perfect_information else _frozen(state)
        self.pending = EMPTY
        self.world = data["world"]


def _frozen(state: State) -> State:
    """A copy of ``state`` to observe later (without its undo stack)."""
    snap = state.clone()
    if isinstance(snap, PythonState):
        snap._stack = []  # (a compiled copy keeps no undo of what came before it)
    return snap


def _deep_pickle(value: Any) -> bytes:
    """``pickle.dumps`` with room for long event logs (chains of nested tuples)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 100_000))
    try:
        return pickle.dumps(value)
    finally:
        sys.setrecursionlimit(limit)


def _deep_unpickle(blob: bytes) -> Any:
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 100_000))
    try:
        return pickle.loads(blob)
    finally:
        sys.setrecursionlimit(limit)


def _picklable_fields(state: PythonState) -> tuple[dict[str, Any], list[str]]:
    """The state's fields that pickle, and the names of those that do not (rule objects made
    from the options, such as a trick-strength function), which a fresh state of the same game
    provides again on load."""
    kept, rebuilt = {}, []
    for key, value in state.fields().items():
        try:
            _deep_pickle(value)
        except (pickle.PicklingError, TypeError, AttributeError):
            rebuilt.append(key)
        else:
            kept[key] = value
    return kept, rebuilt


@cache
def _cached_game(name: str, options: tuple[Any, ...]) -> garrison.Game:
    return garrison.load(name, **dict(options))


# -- observers -------------------------------------------------------------------------------------


#: Length of the recall part of the information-state tensor: the bits of the seat's recall digest.
RECALL_BITS = 96


def recall_bits(digest: str) -> np.ndarray:
    """The seat's recall digest (hex) as ``RECALL_BITS`` floats 0/1, most significant first."""
    value = int(digest, 16)
    return np.array([(value >> (RECALL_BITS - 1 - i)) & 1 for i in range(RECALL_BITS)], np.float32)


def information_state_layout(game: garrison.Game) -> list[tuple[str, slice, str]]:
    """The parts of ``game``'s information-state tensor: ``(name, slice, meaning)`` in order.

    ``observation`` (the current observation tensor, ``T``), in games of imperfect information
    ``previous`` (the seat's observation before its current one, ``T``; zeros until it first
    changes), ``played`` (how many times the seat played each action id, ``A``), ``decisions``
    (the seat's decisions so far / ``max_game_length``), ``recall`` (the ``RECALL_BITS`` bits of
    the seat's recall digest, which make the tensor perfect recall)."""
    t, a = game.observation_tensor_shape[0], game.num_distinct_actions
    parts = [("observation", t, "the seat's current observation tensor (game.tensor_layout())")]
    if not game.facts.perfect_information:
        parts.append(("previous", t, "the seat's observation before its current one (0 at first)"))
    parts += [("played", a, "times the seat played each action id"),
              ("decisions", 1, "the seat's decisions so far / max_game_length"),
              ("recall", RECALL_BITS, "bits of the seat's recall digest (perfect recall)")]
    out, at = [], 0
    for name, size, meaning in parts:
        out.append((name, slice(at, at + size), meaning))
        at += size
    return out


class _Observer:
    """OpenSpiel's Python observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, game: garrison.Game, perfect_recall: bool, public_only: bool) -> None:
        self._game = game
        self._recall = perfect_recall
        self._public = public_only
        size = game.observation_tensor_shape[0]
        self._layout = {name: part for name, part, _ in information_state_layout(game)}
        total = self._layout["recall"].stop if perfect_recall else size
        self.tensor = np.zeros(total, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if perfect_recall:
            for name, part in self._layout.items():
                self.dict[name] = self.tensor[part]

    def _seat(self, player: int) -> int | None:
        return None if self._public else int(player)

    def set_from(self, state: Any, player: int) -> None:
        held = state._held
        size = self._game.observation_tensor_shape[0]
        self.tensor[:size] = held.state.observation_tensor(self._seat(player))
        if self._recall:
            seat, parts = int(player), self._layout
            recall = held.up_to_date()
            if "previous" in parts:
                self.tensor[parts["previous"]] = recall.previous_tensor(seat, size)
            played = recall.played_counts(seat, self._game.num_distinct_actions)
            self.tensor[parts["played"]] = played
            self.tensor[parts["decisions"]] = played.sum() / max(1, self._game.max_game_length)
            self.tensor[parts["recall"]] = recall_bits(recall.digests[seat])

    def string_from(self, state: Any, player: int) -> str:
        held = state._held
        if self._recall:
            return str(held.up_to_date().information_state(int(player), held.state))
        return str(held.state.observation_string(self._seat(player)))


#: The first line of the god view's string: it shows what no seat may see.
GOD_VIEW = "GOD VIEW: every seat's hidden information; for teachers and debugging, never for play"


class _GodObserver:
    """``ALL_PLAYERS`` observer: the full state, whoever asks (not for play).

    The tensor is every seat's own observation tensor, seat after seat (``P * T`` floats), so it
    holds all the private information the seats have; the string is the state's full text
    (``str(state)``: hands, stock, everything) under :data:`GOD_VIEW`.
    """

    def __init__(self, game: garrison.Game) -> None:
        self._game = game
        size = game.observation_tensor_shape[0]
        self.tensor = np.zeros(game.num_players * size, np.float32)
        self.dict = {"observation": self.tensor.reshape(game.num_players, size)}

    def set_from(self, state: Any, player: int) -> None:
        ours = state._held.state
        self.tensor[:] = np.concatenate([ours.observation_tensor(s) for s in range(self._game.num_players)])

    def string_from(self, state: Any, player: int) -> str:
        return f"{GOD_VIEW}\n{state._held.state}"


# -- game and state classes, one pair per Garrison game --------------------------------------------


def _game_type(name: str, game: garrison.Game | None = None) -> pyspiel.GameType:
    """The OpenSpiel type of ``game`` (of the default options when None): utility and chance
    from the loaded options' facts, so ``returns=win`` reads CONSTANT_SUM, not GENERAL_SUM."""
    cls = game_class(name)
    low, high = cls.player_range()
    facts = (game if game is not None else cls()).facts
    if facts.utility_sum is None:
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    elif facts.utility_sum == 0:
        utility = pyspiel.GameType.Utility.ZERO_SUM
    else:
        utility = pyspiel.GameType.Utility.CONSTANT_SUM
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Garrison {cls.title} v{cls.version}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if facts.max_chance_outcomes > 0
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if facts.perfect_information
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=option_defaults(name),
        default_loadable=True,
    )


def _game_info(game: garrison.Game) -> pyspiel.GameInfo:
    f = game.facts
    return pyspiel.GameInfo(
        num_distinct_actions=f.num_distinct_actions,
        max_chance_outcomes=f.max_chance_outcomes,
        num_players=f.num_players,
        min_utility=float(f.min_utility),
        max_utility=float(f.max_utility),
        utility_sum=None if f.utility_sum is None else float(f.utility_sum),
        max_game_length=f.max_game_length,
    )


class GarrisonGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no stubs
    """An OpenSpiel game around one Garrison game (subclassed once per game by ``register``)."""

    garrison_name: str = ""
    game_type: pyspiel.GameType
    #: the first state and its recall, copied for every new one: OpenSpiel makes a new initial
    #: state for every copy of a state (and then overwrites it), so a child in a walk of the
    #: tree costs a copy, not a game set up from its options
    _start: _Held | None = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        """Raises ``OptionError`` for an unknown option or a value the game does not allow."""
        # OpenSpiel hands over every parameter, those left out at their defaults: only the ones
        # that differ are the caller's, so that a preset (``rules=barrage``) sets the others
        given = given_options(self.garrison_name, params or {})
        self.garrison_game = load_plain(self.garrison_name, given)
        loaded = _game_type(self.garrison_name, self.garrison_game)
        # the parameters as loaded, so that the game string names the variant played
        super().__init__(loaded, _game_info(self.garrison_game), plain_options(self.garrison_game))

    def max_chance_nodes_in_history(self) -> int:
        """Most chance moves in one game (``Game.max_chance_nodes``; OpenSpiel would assume
        ``max_game_length``, which the decisions alone bound)."""
        return self.garrison_game.max_chance_nodes

    def max_move_number(self) -> int:
        """Most moves of any kind in one game: decisions and chance moves."""
        return self.garrison_game.max_move_number

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        """Pickled as the Garrison name and the parameters; loading registers the game in the
        receiving process (a worker of a pool, a Ray actor) before it is built."""
        return _load_registered, (self.garrison_name, dict(self.get_parameters()))

    def new_initial_state(self, *args: Any) -> GarrisonState:
        if args and args[0] is not None:
            raise pyspiel.SpielError("Garrison games start from their initial state only")
        if self._start is None:
            self._start = _Held(self.garrison_game.new_initial_state())
        return GarrisonState(self, copy.deepcopy(self._start))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer | _GodObserver | None:
        """An observer of a seat's view (perfect recall or not), of the public view, or, for
        ``private_info=ALL_PLAYERS``, the god view (:class:`_GodObserver`: the full state, for
        teacher-student training and debugging, never to be shown to a seat in play).

        Other kinds (private information alone, a public view with perfect recall) are not
        offered: ``None``, OpenSpiel's answer for "unsupported".
        """
        if params:
            raise ValueError(f"observation parameters are not supported (got {params})")
        if iig_obs_type is None:
            return _Observer(self.garrison_game, perfect_recall=False, public_only=False)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS and iig_obs_type.public_info:
            return _GodObserver(self.garrison_game)
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS or not iig_obs_type.public_info:
            return None
        public_only = private == pyspiel.PrivateInfoType.NONE
        if public_only and iig_obs_type.perfect_recall:
            return None
        return _Observer(self.garrison_game, iig_obs_type.perfect_recall, public_only)


class GarrisonState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no stubs
    """An OpenSpiel state holding one Garrison state (``garrison_state``) and the seats' recall."""

    def __init__(self, game: GarrisonGame, held: _Held | None = None) -> None:
        super().__init__(game)
        if held is None:
            state = game.garrison_game.new_initial_state()
            held = _Held(state)
        self._held = held

    @property
    def garrison_state(self) -> State:
        """The Garrison state inside (for our own tools; a seat must not be shown it)."""
        return self._held.state

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its game and its OpenSpiel history, replayed on load (so ``history()`` and
        the recall come back too); a resampled world, which no history leads to, as its holder."""
        if self._held.world:
            return GarrisonState, (self.get_game(), self._held)
        return _replayed, (self.get_game(), self.history())

    def current_player(self) -> int:
        return self._held.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self._held.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._held.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        held = self._held
        mover = held.state.current_player()
        held.state.apply_action(int(action))
        held.note(mover, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            text = self._held.state.action_to_string(int(action))
        except Exception:  # an id that names nothing here
            text = f"action {int(action)}"
        return f"chance: {text}" if player == CHANCE else text

    def is_terminal(self) -> bool:
        return self._held.state.is_terminal()

    def returns(self) -> list[float]:
        """The game's returns once it is over; zeros before (terminal rewards: a running score
        some games keep, such as Solo 66 between deals, is not a reward yet)."""
        state = self._held.state
        if not state.is_terminal():
            return [0.0] * state.game.num_players
        return [float(r) for r in state.returns()]

    def rewards(self) -> list[float]:
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> GarrisonState:
        """A world consistent with everything ``player_id`` knows, drawn with the sampler's numbers.

        ``probability_sampler`` is called once for a seed (OpenSpiel's ``UniformProbabilitySampler``
        or any callable returning a float in [0, 1)); an int or ``random.Random`` works too.
        """
        rng = _rng_from(probability_sampler)
        held = self._held
        world = held.state.resample(int(player_id), rng)
        recall = held.up_to_date().for_world(world, int(player_id))
        return GarrisonState(self.get_game(), _Held(world, recall, world=True))

    def __str__(self) -> str:
        return str(self._held.state)


def _replayed(game: GarrisonGame, history: list[int]) -> GarrisonState:
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def _rng_from(sampler: Any) -> random.Random:
    if isinstance(sampler, random.Random):
        return sampler
    if sampler is None or isinstance(sampler, int):
        return random.Random(sampler)
    return random.Random(int(float(sampler()) * 2**53))


# -- registration ------------------------------------------------------------------------------------

_REGISTERED: dict[str, type[GarrisonGame]] = {}


def register(names: list[str] | None = None) -> list[str]:
    """Register Garrison games with OpenSpiel (all by default); return their OpenSpiel names.

    Safe to call again: games already registered in this process are left as they are.
    """
    chosen = garrison.games() if names is None else list(names)
    known = set(pyspiel.registered_names())
    out = []
    for name in chosen:
        game_class(name)  # OptionError for an unknown name
        spiel_name = short_name(name)
        if name not in _REGISTERED:
            cls = type(
                f"Garrison_{name}_Game",
                (GarrisonGame,),
                {"garrison_name": name, "game_type": _game_type(name)},
            )
            _REGISTERED[name] = cls
            if spiel_name not in known:
                pyspiel.register_game(_game_type(name), cls)
        out.append(spiel_name)
    return out


def _load_registered(name: str, params: dict[str, Any]) -> pyspiel.Game:
    register([name])
    return pyspiel.load_game(short_name(name), params)


def load_game(name: str, **options: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` for Garrison game ``name`` with options as keywords (registers it)."""
    register([name])
    plain = option_defaults(name)
    unknown = [k for k in options if k not in plain]
    if unknown:
        raise OptionError(f"unknown option '{unknown[0]}'; valid options: {', '.join(plain)}")
    return pyspiel.load_game(short_name(name), dict(options))


def garrison_state(state: Any) -> State:
    """The Garrison state inside an OpenSpiel state made by this adapter."""
    inner: State = state._held.state
    return inner


#: Small variants for exact game theory: the games' own rules with fewer dice or cards and one
#: deal or round, so that OpenSpiel walks the whole tree (``exploitability.nash_conv``, CFR).
#: Not ways to play. Game-tree sizes (every node, chance included): Scopa 401, Gambit 141,934,
#: Scopa with hidden cards 1,886 (440 information states) and 5,557 (1,110), 1848 with hidden
#: persons 7,886 (1,460), Soldateska with hidden hands 17,797 (2,382).
TINY_GAMES = {
    # Scopa, 2 players, a pack of the Diamonds Ace to 4, dealt whole (2 cards each), one hand:
    # captures by value and by sum, a scopa for clearing the table, the seed's count
    "scopa_4_cards": "garrison_scopa(deal=all,hand_limit=1,players=2,suits=1,values=4)",
    # Soldier's Gambit, 2 players, 2 dice, one life, one round: roll, set aside, reroll; the
    # lower score loses (the seed names no combination for 2 dice: pip sums)
    "gambit_2_dice": "garrison_gambit(dice=2,lives=1,max_rounds=1,players=2)",
    # Scopa with hidden cards, 2 players, one hand: the Diamonds Ace to 5, one card set aside
    # face down, 2 cards each: a seat's opponent holds 2 of the 3 cards it has not seen
    "scopa_hidden_5": "garrison_scopa(aside=1,deal=all,hand_limit=1,players=2,suits=1,values=5)",
    # Scopa with hidden cards, 2 players, one hand: Ace to 3 of Diamonds and Hearts, two cards
    # set aside face down, 2 each: 2 of the 4 unseen cards are the opponent's (captures by value
    # and by sum, coins and the count by suit)
    "scopa_hidden_6": "garrison_scopa(aside=2,deal=all,hand_limit=1,players=2,suits=2,values=3)",
    # 1848's base game, 2 players, one Ablaufkarte and five Personenkarten (one of each party
    # and a second Liberal): each seat draws 2, one stays in the pile unseen, so a seat's
    # opponent holds 2 of the 3 persons it has not seen; one Stich, decided politically (a Patt
    # sets the card aside: the game ends), then the victory points
    "1848_hidden_5": "garrison_1848(pack=A01+PE04+PE13+PE21+PE26+PE33,patt_limit=1,players=2,"
                     "rules=base)",
    # Soldateska's recruitment round, 3 players (its fewest), six cards: the General and the
    # Major (trumps), Sabers 9, 7, 4 and 2; 2 each, seat 0 deals (roll_limit=0: the first deal
    # and ties settle in seat order, no roll-off), two tricks; the ranks go by the Sabers won,
    # and the round's win is the General's (returns=win)
    "soldateska_hidden_6": "garrison_soldateska(ducats_per_player=1,hand=2,max_rounds=1,"
                           "pack=General+Major+Sabers_9+Sabers_7+Sabers_4+Sabers_2,players=3,"
                           "returns=win,roll_limit=0)",
}

#: The tiny games whose players do not see everything: an information state holds several
#: histories (the cards set aside and the other hands are unseen).
HIDDEN_TINY_GAMES = ("scopa_hidden_5", "scopa_hidden_6", "1848_hidden_5", "soldateska_hidden_6")


def tiny_games() -> dict[str, str]:
    """OpenSpiel game strings of small variants of Garrison games (``TINY_GAMES``: at least one
    card game), registered so that ``pyspiel.load_game`` takes them. Small enough that
    ``exploitability.nash_conv`` on the whole tree runs in seconds (Scopa's in a tenth of a
    second, Gambit's in about ten on this machine's 2 cores), while the rules stay the games'.
    """
    register(["scopa", "gambit", "1848", "soldateska"])
    return dict(TINY_GAMES)


def tiny_game(name: str) -> garrison.Game:
    """The Garrison game of the tiny variant ``name`` (a key of ``TINY_GAMES``), loaded without
    OpenSpiel: what the native solver (``garrison.solve``) takes. Raises ``OptionError``
    naming the tiny games for any other name.

    >>> tiny_game("scopa_4_cards").options["values"]
    4
    """
    if name not in TINY_GAMES:
        raise OptionError(f"no tiny game {name!r}; the tiny games: {', '.join(TINY_GAMES)}")
    spiel = TINY_GAMES[name]
    game, _, rest = spiel[len(PREFIX):].partition("(")
    options = dict(pair.split("=", 1) for pair in rest.rstrip(")").split(",") if pair)
    return garrison.load(game, **options)


__all__ = ["GOD_VIEW", "HIDDEN_TINY_GAMES", "RECALL_BITS", "TINY_GAMES", "information_state_layout", "recall_bits", "tiny_game", "GarrisonGame", "GarrisonState", "PREFIX",
           "garrison_state", "load_game", "register", "short_name", "tiny_games"]

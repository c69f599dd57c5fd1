"""What the three research adapters share: options as plain values, masks, chance, recall.

Everything here goes through the kernel API only (``garrison.load``, ``State.observation``,
``observation_tensor``, ``legal_actions``, ``resample``), so it works for every registered game.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from garrison.core import (
    CHANCE,
    Game,
    OptionError,
    State,
    game_class,
    games,
    load,
    sample_chance,
)
from garrison.core.events import EMPTY, entries, push

#: How an option whose default is ``None`` is written where only plain values fit (OpenSpiel).
NONE_TEXT = "none"

#: How a comma inside an option's text is written in an OpenSpiel game string, where a comma ends
#: the parameter: ``garrison_stratego(army=F1;B2;S1;2:2;3:1;10:1,setup_rows=1)``.
LIST_SEPARATOR = ";"

Plain = bool | int | float | str


def plain_value(value: Any) -> Plain:
    """An option's value as a bool, int, float or str (``none`` for None, a structure as its
    text, a comma in a text as :data:`LIST_SEPARATOR`)."""
    if value is None:
        return NONE_TEXT
    if isinstance(value, (bool, int, float)):
        return value
    return str(value).replace(",", LIST_SEPARATOR)


def option_defaults(name: str) -> dict[str, Plain]:
    """Every option of game ``name`` with its default, as a bool, int, float or str."""
    return {spec.name: plain_value(spec.default) for spec in game_class(name).option_specs()}


def plain_options(game: Game) -> dict[str, Plain]:
    """Every option of a loaded game with its value (after presets), as plain values that load
    the same game again."""
    return {key: plain_value(value) for key, value in game.options.items()}


def given_options(name: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """The options of ``values`` that differ from game ``name``'s defaults, with
    :data:`LIST_SEPARATOR` read as a comma in texts.

    OpenSpiel fills every parameter left out of a game string with its default before the game
    sees it, so an option at its default counts as not given: a preset (Stratego's ``rules``)
    then sets it."""
    defaults = option_defaults(name)
    out: dict[str, Any] = {}
    for key, value in values.items():
        if key in defaults and value == defaults[key] and type(value) is type(defaults[key]):
            continue
        out[key] = value.replace(LIST_SEPARATOR, ",") if isinstance(value, str) else value
    return out


def options_from_plain(name: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """Garrison options from plain values (``none`` stands for an option left at ``None``)."""
    specs = {s.name: s for s in game_class(name).option_specs()}
    out: dict[str, Any] = {}
    for key, value in values.items():
        spec = specs.get(key)
        if spec is None:
            raise OptionError(f"unknown option '{key}'; valid options: {', '.join(specs) or 'none'}")
        if spec.default is None and value == NONE_TEXT:
            continue
        out[key] = value
    return out


def load_plain(name: str, values: Mapping[str, Any]) -> Game:
    """``garrison.load`` from plain values, options left out keep their defaults."""
    return load(name, **options_from_plain(name, values))


def opponent_names(game: Game, seat: int, opponents: Any) -> dict[int, str]:
    """``{seat: bot name}`` for every seat but ``seat``, from one name for all of them, a list
    with one name per other seat (in seat order) or a dict. Raises ``OptionError`` when the
    seat is not one of the game's or the names do not cover exactly the other seats."""
    n = game.num_players
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < n:
        raise OptionError(f"seat must be 0 to {n - 1} for {game.title} with these options (got {seat!r})")
    others = [s for s in range(n) if s != seat]
    if isinstance(opponents, str):
        return {s: opponents for s in others}
    if isinstance(opponents, Mapping):
        missing = [s for s in others if s not in opponents]
        if missing or any(s not in others for s in opponents):
            raise OptionError(f"opponents must name a bot for each of seats {others}")
        return {s: str(opponents[s]) for s in others}
    names = list(opponents)
    if len(names) != len(others):
        raise OptionError(
            f"opponents must name {len(others)} bots, one per other seat {others} (got {len(names)})"
        )
    return dict(zip(others, (str(b) for b in names)))


def legal_mask(state: State, num_actions: int, seat: int) -> np.ndarray:
    """``int8`` vector: 1 for each legal action of ``seat``; all zeros when ``seat`` is not to move."""
    mask = np.zeros(num_actions, dtype=np.int8)
    if state.current_player() == seat:
        mask[state.legal_actions()] = 1
    return mask


def play_chance(state: State, rng: Any) -> None:
    """Apply chance outcomes drawn with ``rng`` (``random()`` method) until a seat moves or the end."""
    while state.current_player() == CHANCE:
        state.apply_action(sample_chance(state, rng))


def _digest(*parts: str) -> str:
    h = hashlib.blake2b(digest_size=12)
    for part in parts:
        h.update(part.encode())
        h.update(b"\x00")
    return h.hexdigest()


@dataclass(frozen=True)
class Recall:
    """Perfect recall of every seat, as one running digest per seat.

    A seat's digest folds in each new observation it receives (an action it cannot see leaves its
    observation unchanged and adds nothing, so it cannot count hidden steps) and each action it
    plays. Two histories give a seat the same digest exactly when they gave it the same
    sequence of observations and own actions: that is its information state. Built only from
    ``state.observation_string(seat)``, so it carries nothing the seat may not know.

    In a game of perfect information every seat sees every action, so its information state is
    the history itself: there the digest folds in each action (``last`` stays empty), and no
    observation is built (exact game theory walks every node).

    Besides the digests it keeps features of each seat's past for the information-state tensor:
    the actions the seat played (``played``, a persistent list: O(1) an action) and, in games of
    imperfect information, the tensor of the observation the seat had before its current one
    (``before``; ``b""`` until its observation first changes) and of its current one (``now``).
    """

    last: tuple[str, ...]
    digests: tuple[str, ...]
    played: tuple[tuple[Any, ...], ...] = ()
    now: tuple[bytes, ...] = ()
    before: tuple[bytes, ...] = ()

    @staticmethod
    def start(state: State) -> Recall:
        n = state.game.num_players
        if state.game.facts.perfect_information:
            return Recall((), (_digest("start"),) * n, (EMPTY,) * n)
        seen = tuple(state.observation_string(s) for s in range(n))
        now = tuple(state.observation_tensor(s).tobytes() for s in range(n))
        return Recall(seen, tuple(_digest("start", o) for o in seen), (EMPTY,) * n, now, (b"",) * n)

    def after(self, state: State, mover: int, action: int) -> Recall:
        """The recall once ``mover`` (a seat, or ``CHANCE``) played ``action``, reaching ``state``."""
        played = list(self.played)
        if mover >= 0:
            played[mover] = push(played[mover], action)
        if not self.last:  # perfect information: the history is every seat's information state
            history = _digest(self.digests[0], str(mover), str(action))
            return Recall((), (history,) * len(self.digests), tuple(played))
        last, digests = list(self.last), list(self.digests)
        now, before = list(self.now), list(self.before)
        for seat in range(len(last)):
            seen = state.observation_string(seat)
            if seat == mover:
                digests[seat] = _digest(digests[seat], "played", str(action), seen)
            elif seen != last[seat]:
                digests[seat] = _digest(digests[seat], seen)
            if seen != last[seat]:
                before[seat], now[seat] = now[seat], state.observation_tensor(seat).tobytes()
            last[seat] = seen
        return Recall(tuple(last), tuple(digests), tuple(played), tuple(now), tuple(before))

    def played_counts(self, seat: int, num_actions: int) -> np.ndarray:
        """How many times ``seat`` played each action id so far (float32, ``num_actions``)."""
        ids = np.array(entries(self.played[seat]), np.int64)
        return np.bincount(ids, minlength=num_actions).astype(np.float32)

    def previous_tensor(self, seat: int, size: int) -> np.ndarray:
        """The tensor of the observation ``seat`` had before its current one (zeros if none)."""
        if not self.before or not self.before[seat]:
            return np.zeros(size, np.float32)
        return np.frombuffer(self.before[seat], np.float32).copy()

    def for_world(self, world: State, seat: int) -> Recall:
        """The recall to give a world resampled for ``seat``.

        ``seat`` keeps its own recall (it knows its past, and the world agrees with it); the other
        seats start afresh from what they see in the world, so no true past of theirs is carried
        into a world built from guesses.
        """
        if not self.last:  # perfect information: nothing is hidden, nothing is resampled
            return self
        last, digests = list(self.last), list(self.digests)
        played, now, before = list(self.played), list(self.now), list(self.before)
        for other in range(len(last)):
            if other != seat:
                last[other] = world.observation_string(other)
                digests[other] = _digest("resampled", last[other])
                played[other] = EMPTY
                now[other], before[other] = world.observation_tensor(other).tobytes(), b""
        return Recall(tuple(last), tuple(digests), tuple(played), tuple(now), tuple(before))

    def information_state(self, seat: int, state: State) -> str:
        """The seat's current observation in ``state`` (the state this recall belongs to) and the
        digest of everything it saw before (perfect information: of the history)."""
        seen = self.last[seat] if self.last else state.observation_string(seat)
        return f"{seen}\nrecall {self.digests[seat]}"


__all__ = [
    "LIST_SEPARATOR", "NONE_TEXT", "REWARDS", "Recall", "check_reward",
    "running_score", "given_options", "legal_mask", "load_plain",
    "opponent_names", "option_defaults", "options_from_plain", "plain_options", "plain_value",
    "play_chance",
]


#: The reward modes of the Gymnasium and PettingZoo environments.
REWARDS = ("return", "score")


def check_reward(game: Game, reward: str) -> str:
    """``reward`` if the game offers it; raises ``OptionError`` naming what is allowed."""
    if reward not in REWARDS:
        raise OptionError(f"reward must be return or score (got {reward!r})")
    if reward == "score" and game.running_score is None:
        scored = sorted(g.name for g in (game_class(n) for n in games()) if g.running_score)
        raise OptionError(
            f"reward='score' needs a game that scores hand by hand ({', '.join(scored)}); "
            f"{game.title} has only its result: use reward='return'"
        )
    return reward


def running_score(state: State, seat: int) -> float:
    """The seat's running score, read from its own observation (the game's ``running_score``)."""
    score = state.game.running_score
    if score is None:
        raise OptionError(f"{state.game.title} has no running score, only its result")
    return score(state.observation(seat), seat)


def render_text(game: Game, state: State, seat: int | None, mode: str | None) -> str | None:
    """The adapters' ``render()``: the text view of ``seat``'s observation (None: the spectator's),
    printed in ``"human"`` mode, returned in ``"ansi"`` mode, nothing without a mode."""
    if mode is None:
        return None
    text = game.render(state.observation(seat))
    if mode == "human":
        print(text)
        return None
    return text

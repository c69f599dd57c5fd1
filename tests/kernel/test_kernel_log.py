"""The log service (``garrison.core.log``) in every game: the cached, incremental wording equals a
fresh wording of the same events whatever happened to the state (actions, undo, copies,
resampled worlds), and a seat reads the public lines and its own, never another seat's."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import garrison
from garrison.core import game_class, games, sample_chance
from garrison.core.log import EVERYONE, EventLog, Line

GAMES = sorted(games())
#: The games whose logs have lines for one seat only (a card drawn, cards passed).
PRIVATE = {"soldateska", "1848"}


def _log(state: Any) -> EventLog[Any]:
    package = type(state).__module__.rsplit(".", 1)[0]
    service = sys.modules[package + ".log"].LOG
    assert isinstance(service, EventLog)
    return service


def _fresh(state: Any) -> list[Line]:
    """The log's lines worded from scratch: the game's ``tell`` over every event, no cache."""
    service = _log(state)
    context = service.start(state.game)
    out: list[Line] = []
    for event in state.events():
        said, context = service.tell(state.game, context, event)
        out.extend(said)
    return out


def _seats(state: Any) -> list[int | None]:
    return [*range(state.game.num_players), None]


def _check(state: Any) -> None:
    """The service's read equals a fresh wording filtered per seat, with and without a limit."""
    service = _log(state)
    fresh = _fresh(state)
    assert service.lines(state) == fresh
    for seat in _seats(state):
        mine = [text for who, text in fresh if who == EVERYONE or who == seat]
        assert service.read(state, seat) == mine
        assert service.read(state, seat, 5) == mine[-5:]


def _step(state: Any, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _new(name: str) -> Any:
    return garrison.load(name, **game_class(name).bench_options).new_initial_state()


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_cached_log_equals_a_fresh_wording_after_undo_and_copies(name: str, seed: int) -> None:
    rng = random.Random(seed)
    state = _new(name)
    states = [state]
    for _ in range(rng.randrange(40, 400)):
        state = rng.choice(states)
        if state.is_terminal():
            state = states[0] = _new(name)
        roll = rng.random()
        if roll < 0.08 and state.move_number() > 0:
            try:
                state.undo()
            except garrison.GameError:  # a copy undoes only its own actions
                _step(state, rng)
        elif roll < 0.14:
            states.append(state.clone())
            del states[:-4]
        elif roll < 0.17 and not state.is_chance_node() and state.current_player() >= 0:
            states.append(state.resample(state.current_player(), rng))
            del states[:-4]
        else:
            _step(state, rng)
        if rng.random() < 0.3:
            _check(rng.choice(states))
    for state in states:
        _check(state)


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_reads_no_other_seat_s_line(name: str) -> None:
    """Every line a seat reads is public or its own; in the games with private events some
    seat's own lines exist, and a world resampled for a seat holds no other seat's line."""
    rng = random.Random(4)
    state = _new(name)
    service = _log(state)
    owned: set[int] = set()
    while not state.is_terminal():
        _step(state, rng)
        lines = service.lines(state)
        owned |= {who for who, _ in lines if who != EVERYONE}
        assert all(-1 <= who < state.game.num_players for who, _ in lines)
        if (state.move_number() % 23 == 0 and not state.is_terminal()
                and not state.is_chance_node()):
            seat = state.current_player()
            world = state.resample(seat, rng)
            assert {who for who, _ in service.lines(world)} <= {EVERYONE, seat}
            public = [text for who, text in lines if who == EVERYONE]
            assert service.read(world, None) == public  # the world hides only private lines
    for seat in _seats(state):
        read = service.read(state, seat)
        assert read == [text for who, text in service.lines(state)
                        if who == EVERYONE or who == seat]
        if seat is None or name not in PRIVATE:
            continue
        others = [text for who, text in service.lines(state) if who not in (EVERYONE, seat)]
        assert others and len(read) == len(service.lines(state)) - len(others)
    assert bool(owned) == (name in PRIVATE)


def test_a_copy_reuses_the_words_of_the_state_it_was_copied_from() -> None:
    """A copy keeps no text of its own, but the service finds the state's worded log by its
    events and words only what the copy appended."""
    calls = 0
    state = _new("gambit")
    rng = random.Random(2)
    for _ in range(60):
        _step(state, rng)
    base = _log(state)

    def tell(game: Any, context: None, event: Any) -> tuple[list[Line], None]:
        nonlocal calls
        calls += 1
        return base.tell(game, context, event)

    counting: EventLog[None] = EventLog("counting", tell, base.start)
    whole = counting.read(state, 0)
    assert calls == state.event_count()
    copy = state.clone()
    _step(copy, rng)
    calls = 0
    assert counting.read(copy, 0)[: len(whole)] == whole
    assert calls == copy.event_count() - state.event_count()
    copy.undo()
    calls = 0
    assert counting.read(copy, 0) == whole and calls == 0


class _Fake:
    """A log without rules: the service needs only these (the kernel's log API)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.log: list[tuple[int, int, int, int]] = []
        self.epoch = 0

    def log_epoch(self) -> int:
        return self.epoch

    def event_count(self) -> int:
        return len(self.log)

    def events(self, start: int = 0) -> list[tuple[int, int, int, int]]:
        return self.log[start:]

    def events_raw(self, start: int = 0) -> bytes:
        import struct

        return b"".join(struct.pack("4i", *e) for e in self.log[start:])


def test_a_log_cut_without_a_new_epoch_is_worded_again() -> None:
    """The service trusts the epoch for an append-only log, but never shows more lines than
    the log has events, nor a seat's line to another seat."""
    def tell(game: Any, context: int, event: tuple[int, int, int, int]
             ) -> tuple[list[Line], int]:
        code, seat, _, _ = event
        line = (seat if code else EVERYONE, f"{context}:{code}/{seat}")
        return [line], context + 1

    class Game:
        pass

    service: EventLog[int] = EventLog("fake", tell, lambda game: 0)
    state = _Fake(Game())
    state.log = [(0, 0, 0, 0), (1, 1, 0, 0), (0, 2, 0, 0)]
    assert service.read(state, 1) == ["0:0/0", "1:1/1", "2:0/2"]
    assert service.read(state, 0) == ["0:0/0", "2:0/2"]
    state.log = state.log[:1]  # cut, the epoch unchanged
    assert service.read(state, 1) == ["0:0/0"]
    state.log.append((1, 0, 0, 0))
    assert service.read(state, 0) == ["0:0/0", "1:1/0"] and service.read(state, 1) == ["0:0/0"]


#: Options that reach lines the defaults seldom do (an all-pass deal, Gambit's coins, teams).
SENTENCE_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "gambit": [{}, {"mode": "coins"}], "solo66": [{}, {"all_pass": "last_trick"}],
    "scopa": [{}, {"players": 4}], "soldateska": [{}, {"players": 3}]}


@pytest.mark.parametrize("name", GAMES)
def test_every_line_a_player_reads_starts_as_a_sentence(name: str) -> None:
    """Each line of every seat's log (and a spectator's) starts with a capital, a number, a
    parenthesis or a rule, never a lowercase fragment ("trick 1: ...", "the game begins")."""
    bad: set[str] = set()
    for options in SENTENCE_OPTIONS.get(name, [{}]):
        game = garrison.load(name, **options)
        for seed in range(4):
            rng = random.Random(seed)
            state = game.new_initial_state()
            for move in range(1500):
                if move % 5 == 0 or state.is_terminal():  # lines of a deal in play, and the end
                    for seat in _seats(state):
                        bad |= {line for line in state.observation(seat)["log"]
                                if not (line[:1].isupper() or line[:1].isdigit()
                                        or line[:1] in "(-=")}
                if state.is_terminal():
                    break
                state.apply_action(rng.choice(state.legal_actions()))
    assert not bad, sorted(bad)[:5]

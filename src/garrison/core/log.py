"""One log service for every game: record, cache by ``log_epoch``, render per seat.

The rules record events in C (the kernel's buffer, ``(code, a, b, c)`` each, never text). A
game's ``log.py`` says only what one event reads as, and plugs that into an ``EventLog``:

``tell(game, context, event) -> (lines, context)``
    the lines of one event, given what the events before it left (``context``: the running
    scores, the ranks of the moment; ``None`` for a game whose events read alone), and the
    context after it. A line is ``(who, text)``: ``who`` is ``EVERYONE`` (-1) or the one seat
    that may read it (a card it drew, the cards it passed); ``public`` and ``private`` make
    them. The lines depend on the game (its options) and the events only, never on a state's
    hidden fields: that is what lets copies and other states share them.
``start(game)``
    the context before the first event.

The service owns the rest:

* the cache: a state keeps its log in words on itself with the ``log_epoch()`` it was worded
  at; a read words only the events appended since. When the epoch changed (undo, a failed
  action, a resampled world's filtering), or for a copy (``clone`` keeps no text), the
  service takes the longest worded prefix of the log from the game's recent logs (compared as
  raw event bytes, ``events_raw``: exact) and words only the rest. So a copy, a server's
  snapshot or a search world reads its log about as fast as the state it was copied from.
* the per-seat filter: ``read(state, seat)`` gives the public lines and ``seat``'s own
  (``None``: a spectator, the public lines only); a seat never reads another seat's line.
* the last ``n`` lines: ``read(state, seat, last=n)``.

>>> from garrison.core.log import public, private
>>> public("P1 plays"), private(2, "you drew the Ace")
((-1, 'P1 plays'), (2, 'you drew the Ace'))
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from .game import Game

#: ``who`` of a line every seat (and a spectator) may read.
EVERYONE = -1

Event = tuple[int, int, int, int]
#: ``(who may read it: EVERYONE or one seat, the text)``.
Line = tuple[int, str]
C = TypeVar("C")

#: Where the lines the events left are kept on a state (with the log epoch they belong to).
_KEY = "_event_log"
_EVENT_BYTES = 16  # an event in ``events_raw``: four C ints (the kernel's ``EVENT_WORDS``)


def public(text: str) -> Line:
    """A line every seat reads."""
    return (EVERYONE, text)


def private(seat: int, text: str) -> Line:
    """A line only ``seat`` reads."""
    return (seat, text)


class _Words(Generic[C]):
    """A log in words as far as it was worded. Append-only: once written, an event's lines
    never change, so other states may take a prefix of it (``prefix``) while its owner goes on."""

    __slots__ = ("contexts", "count", "ends", "first", "lines", "raw")

    count: int                   # events worded
    lines: list[Line]            # their lines, in order
    ends: list[int]              # len(lines) after each event
    contexts: list[C]            # the context after each event
    first: C                     # the context before the first event
    raw: bytearray               # the events worded, as raw bytes (``events_raw``)

    def __init__(self, first: C) -> None:
        self.count = 0
        self.lines = []
        self.ends = []
        self.contexts = []
        self.first = first
        self.raw = bytearray()

    def context(self) -> C:
        return self.contexts[-1] if self.contexts else self.first

    def prefix(self, k: int) -> _Words[C]:
        """A new log worded as far as the first ``k`` events of this one."""
        out: _Words[C] = _Words(self.first)
        if k:
            out.count = k
            out.lines = self.lines[: self.ends[k - 1]]
            out.ends = self.ends[:k]
            out.contexts = self.contexts[:k]
            out.raw = self.raw[: k * _EVENT_BYTES]
        return out


def _common_events(a: bytes | bytearray, b: bytes | bytearray) -> int:
    """How many whole events two raw logs share from their start."""
    n = min(len(a), len(b)) // _EVENT_BYTES
    if a[: n * _EVENT_BYTES] == b[: n * _EVENT_BYTES]:
        return n
    lo, hi = 0, n  # a[:lo] agrees, a[:hi] does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if memoryview(a)[: mid * _EVENT_BYTES] == memoryview(b)[: mid * _EVENT_BYTES]:
            lo = mid
        else:
            hi = mid
    return lo


class EventLog(Generic[C]):
    """A game's log: its ``tell`` and ``start`` (see the module), and the cache, the per-seat
    filter and the last lines, the same for every game."""

    #: The game's name (for messages).
    name: str
    tell: Callable[[Game, C, Event], tuple[Sequence[Line], C]]
    start: Callable[[Game], C]
    #: How many recent logs of a game are kept for other states to take a prefix of.
    recent: int
    _store: weakref.WeakKeyDictionary[Game, list[_Words[C]]]

    def __init__(self, name: str, tell: Callable[[Game, C, Event], tuple[Sequence[Line], C]],
                 start: Callable[[Game], C], recent: int = 4) -> None:
        self.name = name
        self.tell = tell
        self.start = start
        self.recent = recent
        self._store = weakref.WeakKeyDictionary()

    # -- the cache ---------------------------------------------------------------------------------
    def _words(self, state: Any) -> _Words[C]:
        """The state's log in words, up to date."""
        epoch = state.log_epoch()
        kept = state.__dict__.get(_KEY)
        count = state.event_count()
        # the owner's id too: a state whose __dict__ was copied must not append to another's;
        # and a log shorter than its words was cut without a new epoch: worded again
        if (kept is not None and kept[0] == epoch and kept[1] == id(state)
                and kept[2].count <= count):
            words: _Words[C] = kept[2]
            if words.count == count:
                return words
        else:
            words = self._reuse(state)
            state.__dict__[_KEY] = (epoch, id(state), words)
        self._extend(state, words)
        return words

    def _reuse(self, state: Any) -> _Words[C]:
        """A new log in words for ``state``: the longest worded prefix of its log among the
        game's recent logs (none: empty)."""
        game = state.game
        recent = self._store.get(game)
        if recent is None:
            recent = self._store[game] = []
        raw = state.events_raw()
        best, k = None, 0
        for words in recent:
            shared = _common_events(raw, words.raw)
            if shared > k:
                best, k = words, shared
        out = best.prefix(k) if best is not None else _Words(self.start(game))
        recent.insert(0, out)
        del recent[self.recent:]
        return out

    def _extend(self, state: Any, words: _Words[C]) -> None:
        count = state.event_count()
        if words.count >= count:
            return
        game, tell = state.game, self.tell
        context = words.context()
        lines, ends, contexts = words.lines, words.ends, words.contexts
        for event in state.events(words.count):
            said, context = tell(game, context, event)
            lines.extend(said)
            ends.append(len(lines))
            contexts.append(context)
        words.raw += state.events_raw(words.count)
        words.count = count

    def kept(self, game: Game) -> int:
        """How many logs of ``game`` are kept for other states to reuse (at most ``recent``)."""
        return len(self._store.get(game, ()))

    # -- reading -----------------------------------------------------------------------------------
    def lines(self, state: Any) -> list[Line]:
        """Every line of the log, ``(who, text)``, oldest first (every seat's: for the
        rules' own views, never for a seat)."""
        return list(self._words(state).lines)

    def context(self, state: Any) -> C:
        """What the events so far left (the context after the last one)."""
        return self._words(state).context()

    def span(self, state: Any, start: int, end: int) -> list[Line]:
        """The lines of the events ``start`` to ``end`` (every seat's)."""
        words = self._words(state)
        end = min(end, words.count)
        if end <= start:
            return []
        return words.lines[words.ends[start - 1] if start > 0 else 0: words.ends[end - 1]]

    def read(self, state: Any, seat: int | None, last: int | None = None) -> list[str]:
        """What ``seat`` may read of the log: the public lines and its own (``None``: a
        spectator, the public lines only), oldest first; only the ``last`` ones if given."""
        lines = self._words(state).lines
        me = EVERYONE if seat is None else seat
        if last is None:
            return [text for who, text in lines if who == EVERYONE or who == me]
        if last <= 0:
            return []
        span = 2 * last  # the tail that holds them: widened until it does (or is everything)
        while True:
            out = [text for who, text in lines[-span:] if who == EVERYONE or who == me]
            if len(out) >= last or span >= len(lines):
                return out[-last:]
            span *= 4


T = TypeVar("T")


def latest_per_seat(events: Sequence[Event], seats: int,
                    move: Callable[[Event], tuple[int, T] | None]) -> list[T | None]:
    """Each seat's latest move, newest events read first: ``move(event)`` says whose move an
    event is and what the page shows of it (``None``: not a seat's move). The reading stops
    once every seat is found, so a long game costs only its recent events. ``move`` must read
    only what every seat may see (a page shows the result beside each seat)."""
    out: list[T | None] = [None] * seats
    left = seats
    for event in reversed(events):
        got = move(event)
        if got is not None and out[got[0]] is None:
            out[got[0]] = got[1]
            left -= 1
            if not left:
                break
    return out


__all__ = ["EVERYONE", "Event", "EventLog", "Line", "latest_per_seat", "private", "public"]

"""The 1848 log as text: the rules record events as ints (``rules.pyx``); this turns them into
lines only when someone reads the log, never on the hot path.

A line is ``(who, text)``: ``who`` -1 is public, otherwise only that seat reads it (the card it
drew or pushed). The text is kept on the state and extended as the log grows (``_Text``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from garrison.core.seats import seat_label

from .carddata import PARTIES, CardSet
from .rules import EVENTS, GIVE_VERBS, PATT_HORIZON

if TYPE_CHECKING:
    from .game import G1848Game
    from .state import G1848State

_E = EVENTS
PILE_NAMES = ("person", "zusatz")
#: The events that make up a Stich's decision (``last_result``).
DECISION = frozenset(_E[k] for k in ("TOTALS", "POL_NONE", "POL_WIN", "POL_PATT", "MIL_ARMY",
                                       "MIL_PATT", "ROT", "MIL_WIN"))


def _signed16(x: int) -> int:
    x &= 0xFFFF
    return x - 0x10000 if x & 0x8000 else x


def unpack_totals(b: int, c: int) -> list[int]:
    """The four party totals of a TOTALS event."""
    return [_signed16(b), _signed16(b >> 16), _signed16(c), _signed16(c >> 16)]


def _mask(words: tuple[int, ...], bits: int) -> int:
    out = 0
    for i, w in enumerate(words):
        out |= (w & ((1 << bits) - 1)) << (bits * i)
    return out


def _cards(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def lines(cs: CardSet, n: int, code: int, a: int, b: int, c: int) -> list[tuple[int, str]]:  # noqa: C901, PLR0911, PLR0912
    """The lines of one event."""
    if code == _E["BEGIN"]:
        return [(-1, "the game begins: each player draws 2 Personen- and 2 Zusatzkarten")]
    if code == _E["ROUND"]:
        return [(-1, f"round {a}: Ablaufkarte {cs.ablauf_id[b]} {cs.ablauf_title[b]}; "
                     f"{seat_label(c)} opens")]
    if code == _E["CHOOSE"]:
        return [(-1, f"{seat_label(a)} chooses to draw a {PILE_NAMES[b]} card")]
    if code == _E["DRAW"]:
        under = " (from under the pile)" if b & 2 else ""
        out = [(-1, f"{seat_label(a)} draws a {PILE_NAMES[b & 1]} card{under}")]
        if c >= 0:
            out.append((a, f"(you drew {cs.label(c)})"))
        return out
    if code == _E["RESHUFFLE"]:
        return [(-1, f"the {PILE_NAMES[a]} discards are shuffled into a new pile")]
    if code == _E["PLAY"]:
        return [(-1, f"{seat_label(a)} plays {cs.label(b)}")]
    if code == _E["ARMY"]:
        return [(-1, f"{seat_label(a)} plays the army card {cs.label(b)}")]
    if code == _E["CHOOSES"]:
        return [(-1, f"{seat_label(a)} plays {cs.label(b)} and chooses its target")]
    if code == _E["BACK"]:
        why = "an army card is out" if cs.is_army(a) else f"{cs.name[a]} is out"
        return [(-1, f"{why}: every player who passed is back in the Stich")]
    if code == _E["IDLE"]:
        return [(-1, f"{cs.name[a]} has no commander and lies idle")]
    if code == _E["PUT"]:
        kind, x = c >> 8, c & 0xFF
        where = cs.label(x) if kind == 1 else f"the side of {seat_label(x)}"
        return [(-1, f"{seat_label(a)} puts {cs.name[b]} on {where}")]
    if code == _E["LEAVES"]:
        return [(-1, f"{cs.name[a]} leaves the game")]
    if code == _E["GOES"]:
        return [(-1, f"{cs.name[a]} goes to {cs.name[b]} of {seat_label(c)}")]
    if code == _E["GIVE"]:
        army, verb, seat, was = a & 0xFF, a >> 8 & 3, a >> 10 & 7, (a >> 13 & 7) - 1
        who = " + ".join(cs.name[p] for p in _cards(_mask((b, c), 21)))
        frm = f" from {seat_label(was)}" if was >= 0 else ""
        return [(-1, f"{who} of {seat_label(seat)} {GIVE_VERBS[verb]} {cs.name[army]}{frm}")]
    if code == _E["PUSH"]:
        out = [(-1, f"{seat_label(a)} pushes a {PILE_NAMES[b]} card under its pile (stays in)")]
        if c >= 0:
            out.append((a, f"(you pushed {cs.label(c)})"))
        return out
    if code == _E["PASS"]:
        return [(-1, f"{seat_label(a)} passes")]
    if code == _E["TOTALS"]:
        totals = unpack_totals(b, c)
        return [(-1, "party totals: " + ", ".join(f"{PARTIES[q]} {totals[q]}" for q in range(4)))]
    if code == _E["POL_NONE"]:
        return [(-1, "no party has a positive total: Patt")]
    if code == _E["POL_WIN"]:
        return [(-1, f"{PARTIES[a]} is strongest; {seat_label(b)} holds most of it and credits {c}")]
    if code == _E["POL_PATT"]:
        return [(-1, f"Patt ({('parties tie', 'no single majority holder')[a]})")]
    if code == _E["MIL_ARMY"]:
        return [(-1, f"{cs.name[a]} at {seat_label(b & 15)}: {c} military points for "
                     f"{PARTIES[b >> 4]}")]
    if code == _E["MIL_PATT"]:
        return [(-1, "military Patt")]
    if code == _E["ROT"]:
        return [(-1, f"Rot cards on the table subtract {a}")]
    if code == _E["MIL_WIN"]:
        return [(-1, f"{PARTIES[a & 15]} is strongest; {seat_label(a >> 4)} holds its strongest "
                     f"army and credits {b} / 2 = {c}")]
    if code == _E["CREDIT"]:
        return [(-1, f"{seat_label(a)} credits {c} for {PARTIES[b]}")]
    if code == _E["WIN"]:
        title = f"{cs.ablauf_id[c]} {cs.ablauf_title[c]}"
        how = "military" if b else "political"
        return [(-1, f"{seat_label(a)} wins the Stich ({how}) and takes {title}")]
    if code == _E["PATT"]:
        title = f"{cs.ablauf_id[a]} {cs.ablauf_title[a]}"
        return [(-1, f"Patt: {title} stays; {seat_label(b)} opens the next round")]
    if code == _E["ASIDE"]:
        return [(-1, f"{cs.ablauf_id[a]} {cs.ablauf_title[a]} is set aside unwon "
                     "(house rule: Patt limit)")]
    if code == _E["OUT"]:
        names = ", ".join(cs.name[x] for x in _cards(_mask((a, b, c), 26)))
        return [(-1, f"out of the game: {names}")]
    if code == _E["HORIZON"]:
        return [(-1, f"{PATT_HORIZON} Patts in this game: it ends here and is scored as it "
                     "stands (our horizon, so that every game has an end)")]
    if code == _E["MAJORITY"]:
        return [(-1, f"absolute majority of {PARTIES[a]}: {seat_label(b)} gets 5")]
    if code == _E["RANK"]:
        return [(-1, f"{PARTIES[a]} (rank {b + 1}): {seat_label(c & 15)} gets {c >> 4}")]
    if code == _E["OVER"]:
        vp = ", ".join(f"{seat_label(s)} {b >> (4 * s) & 15} VP" for s in range(n))
        winners = " and ".join(seat_label(s) for s in range(n) if a >> s & 1)
        return [(-1, f"game over: {vp}; winner {winners}")]
    raise ValueError(f"unknown 1848 event code {code}")


#: Worded events a game keeps (``G1848Game.event_lines``) before it starts afresh.
WORDED_LIMIT = 1 << 16


def worded(state: G1848State, events: list[tuple[int, int, int, int]]) -> list[tuple[int, str]]:
    """The lines of ``events``, in order. An event's lines depend only on it, the card set and
    the number of players, so the game keeps them once worded (search and every copy of a state
    read the same events)."""
    memo = cast("G1848Game", state.game).event_lines
    out: list[tuple[int, str]] = []
    for event in events:
        got = memo.get(event)
        if got is None:
            if len(memo) >= WORDED_LIMIT:
                memo.clear()
            got = memo[event] = tuple(lines(state.cs, state.n, *event))
        out.extend(got)
    return out


class _Text:
    """The log in words as far as it has been read, kept on the state: the next read turns
    only the new events into text."""

    def __init__(self, state: G1848State) -> None:
        self.epoch = state.log_epoch()
        self.events = 0
        self.lines: list[tuple[int, str]] = []

    def catch_up(self, state: G1848State) -> None:
        if self.events < state.event_count():
            self.lines.extend(worded(state, state.events(self.events)))
            self.events = state.event_count()


def _text(state: G1848State) -> _Text:
    cache: _Text | None = state.__dict__.get("_log_text")
    if cache is None or cache.epoch != state.log_epoch():  # else the log only grew since
        cache = state.__dict__["_log_text"] = _Text(state)
    cache.catch_up(state)
    return cache


def read(state: G1848State, seat: int | None, limit: int | None = None) -> list[str]:
    """What ``seat`` may read of the log (public lines and its own; ``None``: the public
    lines), oldest first; only the last ``limit`` lines if given.

    Every event has a public line (its first), so the last ``limit`` lines any seat reads come
    from the last ``limit`` events at most: a read with a limit words only those (a copy of a
    state, which keeps no text, reads as fast as the state itself)."""
    if limit is not None and limit >= 0:
        if not limit:
            return []
        node = state.change_count()  # the seats at one node read the same tail
        kept = state.__dict__.get("_log_tail")
        if kept is not None and kept[0] == node and kept[1] == limit:
            tail = kept[2]
        else:
            tail = worded(state, state.events(state.event_count() - limit))
            state.__dict__["_log_tail"] = (node, limit, tail)
        return [text for who, text in tail if who < 0 or who == seat][-limit:]
    out = [text for who, text in _text(state).lines if who < 0 or who == seat]
    return out if limit is None else out[-limit:]


def last_result(state: G1848State) -> tuple[str, ...]:
    """The last Stich's decision: its kind and its lines (empty before the first)."""
    kind, start, end = state.last_decision
    if not kind:
        return ()
    out: list[str] = [kind]
    out.extend(text for _, text in worded(state, state.events(start)[:end - start]))
    return tuple(out)

"""The Soldateska log as text: the rules record events as ints (``rules.pyx``); this turns them
into sentences only when someone reads the log (an observation), never on the hot path.

A player is named with his rank while he has one ("P2 (Major)"): the ranks are followed through
the log as the ``NEW_RANKS`` events set them, so every line reads as it did when it happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from garrison.core.seats import seat_label

from . import deck as K
from .actions import trump_text
from .rules import EVENTS, PRIVATE

if TYPE_CHECKING:
    from .state import SoldateskaState

_E = EVENTS
#: The lines of the round's settlement (also kept as the round summary).
SETTLEMENT = frozenset(_E[name] for name in (
    "SETTLE", "ASIDE_SHOWN", "BOMB_NONE", "BOMB_BLOWS", "BOMB_DUD", "DESERTER_NONE",
    "DESERTER_RECRUIT", "DESERTER_PAYS", "KOKETTE_NONE", "KOKETTE", "MEDALS", "SPY_NONE", "SPY",
    "BANK_EMPTY", "RANK_SUMS", "NO_DESERTER", "LOWEST_DESERTER", "REENTERS", "FLAG", "NEW_RANKS",
    "WAGES", "ROUND_LIMIT",
))


def _unpack(value: int, bits: int, count: int) -> list[int]:
    mask = (1 << bits) - 1
    return [(value >> (bits * i)) & mask for i in range(count)]


def _two(packed: int) -> str:
    """Two cards packed by the rules (lowest id in the low byte), by name."""
    cards = [packed & 255, (packed >> 8) & 255]
    return ", ".join(K.NAMES[c] for c in cards if c != 255)


def _gain(paid: int, penniless: bool) -> str:
    return "penniless, it stays in the bank" if penniless else f"+{paid}"


class _Reader:
    """Walks the events once, keeping the ranks of the moment."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.ranks = [-1] * n
        self.order: list[int] = []

    def who(self, seat: int) -> str:
        rank = self.ranks[seat]
        return seat_label(seat) if rank < 0 else f"{seat_label(seat)} ({K.RANK_NAMES[rank]})"

    def text(self, code: int, a: int, b: int, c: int) -> str:  # noqa: C901, PLR0911, PLR0912
        """One event in words."""
        who, label = self.who, seat_label
        if code == _E["START"]:
            return f"Soldateska for {a}: {b} cards, {c} ducats in the bank."
        if code == _E["RECRUIT"]:
            return "Recruitment round: everyone rolls a die; the highest roller deals and leads."
        if code == _E["ROLLS"]:
            return f"{who(a)} rolls {b}."
        if code == _E["TIED"]:
            return "Tied: " + ", ".join(label(s) for s in _unpack(a, 3, b)) + " roll again."
        if code == _E["FIRST_DEALER"]:
            return f"{label(a)} deals and leads the recruitment round."
        if code == _E["ROUND"]:
            return f"--- Round {a}: {label(b)} deals ---"
        if code == _E["RECRUIT_TRUMP"]:
            return ("Recruitment round: only officers are trump (G O M H L Flag Spy); "
                    "2 cards lie aside unused.")
        if code == _E["BONUS"]:
            return f"{who(a)} takes the 2 bonus cards."
        if code == _E["BONUS_YOU"]:
            return f"You take the bonus cards {_two(b)}."
        if code == _E["DECLARES"]:
            return f"{who(a)} declares trump: {trump_text(b)}."
        if code == _E["PASSES"]:
            return f"{who(a)} passes 2 cards to {who(b)}."
        if code == _E["YOU_PASS"]:
            return f"You pass {_two(b)} to {label(c)}."
        if code == _E["YOU_RECEIVE"]:
            return f"You receive {_two(b)} from {label(c)}."
        if code == _E["ASIDE"]:
            return f"{who(a)} lays 2 cards aside face down."
        if code == _E["YOU_ASIDE"]:
            return f"You lay aside {_two(b)}."
        if code == _E["DUEL"]:
            return "Duel for the trick: " + " against ".join(who(s) for s in _unpack(a, 3, b)) + "."
        if code == _E["TRICK"]:
            cards = _unpack(b, 6, min(5, a >> 4)) + ([c] if a >> 4 > 5 else [])
            return f"{who(a & 15)} wins the trick: {', '.join(K.NAMES[x] for x in cards)}."
        return self.settlement_text(code, a, b, c)

    def settlement_text(self, code: int, a: int, b: int, c: int) -> str:  # noqa: C901, PLR0911, PLR0912
        who, label = self.who, seat_label
        if code == _E["SETTLE"]:
            return f"=== Round {a} settlement ==="
        if code == _E["ASIDE_SHOWN"]:
            return f"{who(a)} laid aside {_two(b)}."
        if code == _E["BOMB_NONE"]:
            return "1. Bomb: not held."
        if code == _E["BOMB_AGAIN"]:
            return f"{who(a)} rolls 0 for the Bomb: roll again."
        if code == _E["BOMB_BLOWS"]:
            return f"1. Bomb: {who(a)} rolls 2: it blows up! {b} ducats to the bank."
        if code == _E["BOMB_DUD"]:
            return f"1. Bomb: {who(a)} rolls {b}: a dud."
        if code == _E["DESERTER_NONE"]:
            return "2. Deserter: the Deserter card was not in play."
        if code == _E["DESERTER_RECRUIT"]:
            return (f"2. Deserter: {label(a)} holds the Deserter card "
                    "(no payment after recruitment).")
        if code == _E["DESERTER_PAYS"]:
            return f"2. Deserter: {label(a)} holds the Deserter card, took {b} tricks, pays {c}."
        if code == _E["KOKETTE_NONE"]:
            return "3. Kokette: not held."
        if code == _E["KOKETTE"]:
            faces = _unpack(b, 4, b >> 8)
            rolled = "+".join(str(f) for f in faces)
            return f"3. Kokette: {label(a)} rolls {rolled} and spends {c} ducats on her."
        if code == _E["MEDALS"]:
            counts, paid = _unpack(a, 3, self.n), _unpack(b, 3, self.n)
            parts = [
                f"{label(s)} {m} medal{'s' if m > 1 else ''} ({_gain(paid[s], s == c - 1)})"
                for s, m in enumerate(counts) if m
            ]
            return "4. Medals: " + (", ".join(parts) if parts else "none held") + "."
        if code == _E["SPY_NONE"]:
            return "5. Spy: not held."
        if code == _E["SPY"]:
            return f"5. Spy: {label(a)} rolls {b}: {_gain(c, c < 0)}."
        if code == _E["BANK_EMPTY"]:
            return "The bank is empty: the game ends."
        if code == _E["RANK_SUMS"]:
            sums = [v - 512 for v in _unpack(a, 10, 3) + _unpack(b, 10, 3)][: self.n]
            return "6. Ranks: card values " + ", ".join(
                f"{label(s)} {v}" + (" (Deserter)" if s == c - 1 else "")
                for s, v in enumerate(sums)
            ) + "."
        if code == _E["ROLLED_OFF"]:
            return "Equal values are rolled off."
        if code == _E["NO_DESERTER"]:
            return "No Deserter this time: one more officer rank is used."
        if code == _E["LOWEST_DESERTER"]:
            but = f" but for {label(b)} (blown up)" if b >= 0 else ""
            return f"Nobody holds the Deserter card: {label(a)}, lowest{but}, becomes Deserter."
        if code == _E["REENTERS"]:
            return f"{label(a)} re-enters as the lowest officer, penniless."
        if code == _E["FLAG"]:
            return f"Flag: {label(a)} moves up one rank past {label(b)}."
        if code == _E["NEW_RANKS"]:
            order, ranks = _unpack(a, 3, c), _unpack(b, 3, c)
            self.ranks = [-1] * self.n
            for seat, rank in zip(order, ranks):
                self.ranks[seat] = rank
            self.order = order
            return "New ranks: " + ", ".join(
                f"{K.RANK_NAMES[r]} {label(s)}" for s, r in zip(order, ranks)
            ) + "."
        if code == _E["WAGES"]:
            paid = _unpack(a, 4, len(self.order))
            parts = [
                f"{K.RANK_NAMES[self.ranks[s]]} {label(s)} {_gain(paid[i], s == b - 1)}"
                for i, s in enumerate(self.order) if K.WAGES[self.ranks[s]]
            ]
            return "Wages: " + ", ".join(parts) + f". Bank: {c}."
        if code == _E["ROUND_LIMIT"]:
            return f"Round limit {a} reached: the game ends."
        if code == _E["FINAL"]:
            ducats = (_unpack(a, 10, 3) + _unpack(b, 10, 3))[: self.n]
            best = max(ducats)
            winners = [s for s in range(self.n) if ducats[s] == best]
            return ("Final ducats: " + ", ".join(f"{label(s)} {d}" for s, d in enumerate(ducats))
                    + ". Winner" + ("s: " if len(winners) > 1 else ": ")
                    + ", ".join(label(s) for s in winners) + ".")
        raise ValueError(f"unknown Soldateska event code {code}")


class _Text:
    """The log in words as far as it has been read, kept on the state: the next read turns
    only the new events into text (the log is long; observations are read at every step)."""

    def __init__(self, state: SoldateskaState) -> None:
        self.epoch = state.log_epoch()
        self.reader = _Reader(state.n)
        self.lines: list[tuple[int, str]] = []
        self.current: list[str] = []
        self.last: list[str] = []

    def catch_up(self, state: SoldateskaState) -> None:
        round_code = _E["ROUND"]
        for code, a, b, c in state.events(len(self.lines)):
            line = self.reader.text(code, a, b, c)
            self.lines.append((a if code in PRIVATE else -1, line))
            if code == round_code:
                self.last, self.current = self.current, []
            elif code in SETTLEMENT:
                self.current.append(line)


def _text(state: SoldateskaState) -> _Text:
    cache: _Text | None = state.__dict__.get("_log_text")
    if cache is None or cache.epoch != state.log_epoch():  # else the log only grew since
        cache = state.__dict__["_log_text"] = _Text(state)
    cache.catch_up(state)
    return cache


def entries(state: SoldateskaState) -> tuple[list[tuple[int, str]], list[str], list[str]]:
    """The whole log as ``(who may read it, text)`` (``-1``: everyone), the settlement of this
    round so far and that of the round before."""
    text = _text(state)
    return list(text.lines), list(text.current), list(text.last)


def read(state: SoldateskaState, seat: int | None) -> tuple[list[str], list[str]]:
    """What ``seat`` may read of the log (the public lines and its own private ones; ``None``:
    the public lines), and the settlement shown now: this round's, else the last round's."""
    text = _text(state)
    lines = [line for who, line in text.lines if who < 0 or who == seat]
    return lines, list(text.current or text.last)

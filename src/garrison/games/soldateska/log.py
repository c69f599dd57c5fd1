"""The Soldateska log as text: the rules record typed events (``cdef enum Event`` in
``rules.pyx``); this turns them, decoded to named tuples, into sentences only when someone reads
the log (an observation), never on the hot path, through the log service
(``garrison.core.log``: the cache, the per-seat filter).

A player is named with his rank while he has one ("P2 (Major)"): the ranks are followed through
the log as the ``NEW_RANKS`` events set them (the context the service carries from one event to
the next), so every line reads as it did when it happened. The private events (``YOU_PASS``...)
are lines for their owner only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from garrison.core.log import Event, EventLog, Line, private, public
from garrison.core.seats import seat_label
from garrison.core.widgets import count

from . import deck as K
from .actions import trump_text
from .rules import (
    AnyEvent,
    AsideEvent,
    AsideShownEvent,
    BankEmptyEvent,
    BombAgainEvent,
    BombBlowsEvent,
    BombDudEvent,
    BombNoneEvent,
    BonusEvent,
    BonusYouEvent,
    DeclaresEvent,
    DeserterNoneEvent,
    DeserterPaysEvent,
    DeserterRecruitEvent,
    DuelEvent,
    FinalEvent,
    FirstDealerEvent,
    FlagEvent,
    KoketteEvent,
    KoketteNoneEvent,
    LowestDeserterEvent,
    MedalsEvent,
    NewRanksEvent,
    NoDeserterEvent,
    PassesEvent,
    RankSumsEvent,
    RecruitEvent,
    RecruitTrumpEvent,
    ReentersEvent,
    RolledOffEvent,
    RollsEvent,
    RoundEvent,
    RoundLimitEvent,
    SettleEvent,
    SpyEvent,
    SpyNoneEvent,
    StartEvent,
    TiedEvent,
    TrickEvent,
    WagesEvent,
    YouAsideEvent,
    YouPassEvent,
    YouReceiveEvent,
    decode_event,
)

if TYPE_CHECKING:
    from garrison.core.game import Game

    from .state import SoldateskaState

#: The events of the round's settlement (their lines are also kept as the round summary).
SETTLEMENT = (SettleEvent, AsideShownEvent, BombNoneEvent, BombBlowsEvent, BombDudEvent,
              DeserterNoneEvent, DeserterRecruitEvent, DeserterPaysEvent, KoketteNoneEvent,
              KoketteEvent, MedalsEvent, SpyNoneEvent, SpyEvent, BankEmptyEvent, RankSumsEvent,
              NoDeserterEvent, LowestDeserterEvent, ReentersEvent, FlagEvent, NewRanksEvent,
              WagesEvent, RoundLimitEvent)


class Reading(NamedTuple):
    """What the events so far leave for the next one's words (the service's context)."""

    n: int                        # players
    ranks: tuple[int, ...]        # each seat's rank (-1: none)
    order: tuple[int, ...]        # the seats by place, top down
    current: tuple[str, ...]      # this round's settlement so far
    last: tuple[str, ...]         # the round before's


def _two(cards: tuple[int, ...]) -> str:
    """A card pair (255: no second card), by name."""
    return ", ".join(K.NAMES[c] for c in cards if c != 255)


def _gain(paid: int, penniless: bool) -> str:
    return "penniless, it stays in the bank" if penniless else f"+{paid}"


def _spends(cost: int, paid: int) -> str:
    """What Kokette's holder pays for a roll of ``cost``: all of it, or what they hold."""
    if cost == 0:
        return "and spends nothing on her"
    if paid == 0:
        return "but has no ducats to spend on her"
    short = ", all they had" if paid < cost else ""
    return f"and spends {count(paid, 'ducat', 'ducats')} on her{short}"


def _who(r: Reading, seat: int) -> str:
    rank = r.ranks[seat]
    return seat_label(seat) if rank < 0 else f"{seat_label(seat)} ({K.RANK_NAMES[rank]})"


def text(r: Reading, event: AnyEvent) -> str:  # noqa: C901, PLR0911, PLR0912
    """One event (a ``decode_event`` tuple) in words, as it read when it happened."""
    label = seat_label
    match event:
        case StartEvent(players, cards, bank):
            return f"Soldateska for {players}: {cards} cards, {bank} ducats in the bank."
        case RecruitEvent():
            return "Recruitment round: everyone rolls a die; the highest roller deals and leads."
        case RollsEvent(seat, face):
            return f"{_who(r, seat)} rolls {face}."
        case TiedEvent(seats, size):
            return "Tied: " + ", ".join(label(s) for s in seats[:size]) + " roll again."
        case FirstDealerEvent(seat):
            return f"{label(seat)} deals and leads the recruitment round."
        case RoundEvent(round_no, dealer):
            return f"Round {round_no}: {label(dealer)} deals."
        case RecruitTrumpEvent():
            return ("Recruitment round: only the officers are trump (General, Oberst, Major, "
                    "Hauptman, Lieutenant, Flag, Spy); 2 cards lie aside unused.")
        case BonusEvent(seat):
            return f"{_who(r, seat)} takes the 2 bonus cards."
        case BonusYouEvent(_, cards):
            return f"You take the bonus cards {_two(cards)}."
        case DeclaresEvent(seat, suit):
            return f"{_who(r, seat)} declares trump: {trump_text(suit)}."
        case PassesEvent(giver, taker):
            return f"{_who(r, giver)} passes 2 cards to {_who(r, taker)}."
        case YouPassEvent(_, cards, taker):
            return f"You pass {_two(cards)} to {label(taker)}."
        case YouReceiveEvent(_, cards, giver):
            return f"You receive {_two(cards)} from {label(giver)}."
        case AsideEvent(owner):
            return f"{_who(r, owner)} lays 2 cards aside face down."
        case YouAsideEvent(_, cards):
            return f"You lay aside {_two(cards)}."
        case DuelEvent(fighters, size):
            return ("Duel for the trick: " + " against ".join(_who(r, s) for s in fighters[:size])
                    + ".")
        case TrickEvent(winner, size, cards, sixth):
            shown = list(cards[:min(5, size)]) + ([sixth] if size > 5 else [])
            return f"{_who(r, winner)} wins the trick: {', '.join(K.NAMES[x] for x in shown)}."
    return settlement_text(r, event)


def settlement_text(r: Reading, event: AnyEvent) -> str:  # noqa: C901, PLR0911, PLR0912
    label = seat_label
    match event:
        case SettleEvent(round_no):
            return f"Round {round_no} settlement:"
        case AsideShownEvent(owner, cards):
            return f"{_who(r, owner)} laid aside {_two(cards)}."
        case BombNoneEvent():
            return "1. Bomb: not held."
        case BombAgainEvent(seat):
            return f"{_who(r, seat)} rolls 0 for the Bomb: roll again."
        case BombBlowsEvent(seat, lost):
            return (f"1. Bomb: {_who(r, seat)} rolls 2: it blows up! "
                    f"{count(lost, 'ducat', 'ducats')} to the bank.")
        case BombDudEvent(seat, face):
            return f"1. Bomb: {_who(r, seat)} rolls {face}: a dud."
        case DeserterNoneEvent():
            return "2. Deserter: the Deserter card was not in play."
        case DeserterRecruitEvent(seat):
            return (f"2. Deserter: {label(seat)} holds the Deserter card "
                    "(no payment after recruitment).")
        case DeserterPaysEvent(seat, tricks, paid):
            short = ", all they had" if paid < tricks else ""
            return (f"2. Deserter: {label(seat)} holds the Deserter card, took "
                    f"{count(tricks, 'trick', 'tricks')}, pays {paid}{short}.")
        case KoketteNoneEvent():
            return "3. Kokette: not held."
        case KoketteEvent(seat, faces, dice, paid):
            rolled = "+".join(str(f) for f in faces[:dice])
            return f"3. Kokette: {label(seat)} rolls {rolled} {_spends(sum(faces[:dice]), paid)}."
        case MedalsEvent(medals, paid, bombed):
            parts = [
                f"{label(s)} {m} medal{'s' if m > 1 else ''} ({_gain(paid[s], s == bombed)})"
                for s, m in enumerate(medals[:r.n]) if m
            ]
            return "4. Medals: " + (", ".join(parts) if parts else "none held") + "."
        case SpyNoneEvent():
            return "5. Spy: not held."
        case SpyEvent(seat, face, paid):
            return f"5. Spy: {label(seat)} rolls {face}: {_gain(paid, paid < 0)}."
        case BankEmptyEvent():
            return "The bank is empty: the game ends."
        case RankSumsEvent(sums, deserter):
            return "6. Ranks: card values " + ", ".join(
                f"{label(s)} {v}" + (" (Deserter)" if s == deserter else "")
                for s, v in enumerate(sums[:r.n])
            ) + "."
        case RolledOffEvent():
            return "Equal values are rolled off."
        case NoDeserterEvent():
            return "No Deserter this time: one more officer rank is used."
        case LowestDeserterEvent(deserter, passed_over):
            but = f" but for {label(passed_over)} (blown up)" if passed_over >= 0 else ""
            return (f"Nobody holds the Deserter card: {label(deserter)}, lowest{but}, "
                    "becomes Deserter.")
        case ReentersEvent(seat):
            return f"{label(seat)} re-enters as the lowest officer, penniless."
        case FlagEvent(seat, passed):
            return f"Flag: {label(seat)} moves up one rank past {label(passed)}."
        case NewRanksEvent(order, ranks, places):
            return "New ranks: " + ", ".join(
                f"{K.RANK_NAMES[rank]} {label(s)}" for s, rank in zip(order[:places], ranks)
            ) + "."
        case WagesEvent(paid, bombed, bank):
            parts = [
                f"{K.RANK_NAMES[r.ranks[s]]} {label(s)} {_gain(paid[i], s == bombed)}"
                for i, s in enumerate(r.order) if K.WAGES[r.ranks[s]]
            ]
            return "Wages: " + ", ".join(parts) + f". Bank: {bank}."
        case RoundLimitEvent(round_no):
            return f"Round limit {round_no} reached: the game ends."
        case FinalEvent(ducats):
            held = ducats[:r.n]
            best = max(held)
            winners = [s for s in range(r.n) if held[s] == best]
            return ("Final ducats: " + ", ".join(f"{label(s)} {d}" for s, d in enumerate(held))
                    + ". Winner" + ("s: " if len(winners) > 1 else ": ")
                    + ", ".join(label(s) for s in winners) + ".")
    raise ValueError(f"unknown Soldateska event {event!r}")


def _owner(event: AnyEvent) -> int | None:
    """The one seat that may read a private event (None: a public one)."""
    match event:
        case BonusYouEvent(seat) | YouPassEvent(seat) | YouReceiveEvent(seat) | YouAsideEvent(seat):
            return seat
    return None


def _tell(game: Game, r: Reading, event: Event) -> tuple[tuple[Line, ...], Reading]:
    decoded = decode_event(event)
    if isinstance(decoded, NewRanksEvent):  # the words name the new ranks: read them first
        ranks = [-1] * r.n
        order = decoded.order[:decoded.places]
        for seat, rank in zip(order, decoded.ranks):
            ranks[seat] = rank
        r = r._replace(ranks=tuple(ranks), order=order)
    said = text(r, decoded)
    owner = _owner(decoded)
    line = public(said) if owner is None else private(owner, said)
    if isinstance(decoded, RoundEvent):
        r = r._replace(current=(), last=r.current)
    elif isinstance(decoded, SETTLEMENT):
        r = r._replace(current=(*r.current, said))
    return (line,), r


def _start(game: Game) -> Reading:
    return Reading(game.num_players, (-1,) * game.num_players, (), (), ())


#: The log service (``garrison.core.log``).
LOG: EventLog[Reading] = EventLog("soldateska", _tell, _start)


def entries(state: SoldateskaState) -> tuple[list[Line], list[str], list[str]]:
    """The whole log as ``(who may read it, text)`` (``-1``: everyone), the settlement of this
    round so far and that of the round before."""
    reading = LOG.context(state)
    return LOG.lines(state), list(reading.current), list(reading.last)


def read(state: SoldateskaState, seat: int | None) -> tuple[list[str], list[str]]:
    """What ``seat`` may read of the log (the public lines and its own private ones; ``None``:
    the public lines), and the settlement shown now: this round's, else the last round's."""
    reading = LOG.context(state)
    return LOG.read(state, seat), list(reading.current or reading.last)

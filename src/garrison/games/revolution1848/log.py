"""The 1848 log as text: the rules record typed events (``cdef enum Event`` in ``rules.pyx``);
this turns them, decoded to named tuples, into lines only when someone reads the log, never on
the hot path, through the log service (``garrison.core.log``: the cache, the per-seat filter,
the last lines).

An event's lines are public but for the card a seat drew or pushed: a line for that seat only
(a world made for another seat has the card blanked, -1, by ``hide_from``, and no such line).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from garrison.core.log import Event, EventLog, Line, latest_per_seat, private, public
from garrison.core.seats import seat_label

from . import words as W
from .carddata import CardSet
from .rules import (
    GIVE_VERBS,
    PATT_HORIZON,
    AnyEvent,
    ArmyEvent,
    AsideEvent,
    BackEvent,
    BeginEvent,
    ChooseEvent,
    ChoosesEvent,
    CreditEvent,
    DrawEvent,
    GiveEvent,
    GoesEvent,
    HorizonEvent,
    IdleEvent,
    LeavesEvent,
    MajorityEvent,
    MilArmyEvent,
    MilPattEvent,
    MilWinEvent,
    OutEvent,
    OverEvent,
    PassEvent,
    PattEvent,
    PlayEvent,
    PolNoneEvent,
    PolPattEvent,
    PolWinEvent,
    PushEvent,
    PutEvent,
    RankEvent,
    ReshuffleEvent,
    RotEvent,
    RoundEvent,
    TotalsEvent,
    WinEvent,
    decode_event,
)

if TYPE_CHECKING:
    from garrison.core.game import Game

    from .game import Revolution1848Game
    from .state import Revolution1848State

def _cards(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def lines(cs: CardSet, n: int, event: AnyEvent) -> list[Line]:
    """The lines of one event (a ``decode_event`` tuple), in English: cards by name, never by
    the card file's id (``words``); each a sentence, starting with a capital.

    Raises:
        ValueError: the event is not one of 1848's.
    """
    return [(who, text[:1].upper() + text[1:]) for who, text in _worded(cs, n, event)]


def _worded(cs: CardSet, n: int, event: AnyEvent) -> list[Line]:  # noqa: C901, PLR0911, PLR0912
    name, label, party = W.card_name, W.card_label, W.party
    match event:
        case BeginEvent():
            return [public("the game begins: each player draws 2 person cards and 2 event cards")]
        case RoundEvent(round_no, ablauf, opener):
            return [public(f"round {round_no}, for the round card {W.round_card(cs, ablauf)}; "
                           f"{seat_label(opener)} opens")]
        case ChooseEvent(seat, pile):
            return [public(f"{seat_label(seat)} chooses to draw {W.A_PILE[pile]}")]
        case DrawEvent(seat, pile, under, card):
            where = " (from under the pile)" if under else ""
            out = [public(f"{seat_label(seat)} draws {W.A_PILE[pile]}{where}")]
            if card >= 0:
                out.append(private(seat, f"(you drew {label(cs, card)})"))
            return out
        case ReshuffleEvent(pile):
            return [public(f"the discarded {W.PILE_WORDS[pile]}s are shuffled into a new pile")]
        case PlayEvent(seat, card):
            return [public(f"{seat_label(seat)} plays {label(cs, card)}")]
        case ArmyEvent(seat, card):
            return [public(f"{seat_label(seat)} plays the army card {label(cs, card)}")]
        case ChoosesEvent(seat, card):
            return [public(f"{seat_label(seat)} plays {label(cs, card)} and chooses its target")]
        case BackEvent(card):
            why = "an army card is out" if cs.is_army(card) else f"{name(cs, card)} is out"
            return [public(f"{why}: every player who passed is back in the round")]
        case IdleEvent(card):
            return [public(f"{name(cs, card)} has no commander and lies idle")]
        case PutEvent(seat, card, target, kind):
            where = name(cs, target) if kind == 1 else f"the side of {seat_label(target)}"
            return [public(f"{seat_label(seat)} puts {name(cs, card)} on {where}")]
        case LeavesEvent(card):
            return [public(f"{name(cs, card)} leaves the game")]
        case GoesEvent(army, commander, seat):
            return [public(f"{name(cs, army)} goes to {name(cs, commander)} of {seat_label(seat)}")]
        case GiveEvent(army, verb, seat, was, members):
            who = " + ".join(name(cs, p) for p in _cards(members))
            frm = f" from {seat_label(was)}" if was >= 0 else ""
            return [public(f"{who} of {seat_label(seat)} {GIVE_VERBS[verb]} {name(cs, army)}{frm}")]
        case PushEvent(seat, pile, card):
            out = [public(f"{seat_label(seat)} pushes {W.A_PILE[pile]} under its pile "
                          "(stays in)")]
            if card >= 0:
                out.append(private(seat, f"(you pushed {label(cs, card)})"))
            return out
        case PassEvent(seat):
            return [public(f"{seat_label(seat)} passes")]
        case TotalsEvent(_, totals):
            return [public("party totals: " + ", ".join(f"{party(q)} {totals[q]}"
                                                       for q in range(4)))]
        case PolNoneEvent():
            return [public("no party has a positive total: a tie")]
        case PolWinEvent(q, seat, _):
            return [public(f"the {party(q)} are strongest; {seat_label(seat)} holds most of them")]
        case PolPattEvent(why):
            return [public("a tie (" + ("two parties are equal",
                                        "nobody holds most of the strongest party")[why] + ")")]
        case MilArmyEvent(army, seat, q, points):
            return [public(f"{name(cs, army)} at {seat_label(seat)}: {points} military points for "
                           f"the {party(q)}")]
        case MilPattEvent():
            return [public("a military tie")]
        case RotEvent(rot):
            return [public(f"red-marked cards on the table subtract {rot}")]
        case MilWinEvent(q, seat, total, points):
            return [public(f"the {party(q)} are strongest ({total} military points, counting "
                           f"half: {points}); {seat_label(seat)} holds their strongest army")]
        case CreditEvent(seat, q, points):
            return [public(f"{seat_label(seat)} credits {points} for the {party(q)}")]
        case WinEvent(seat, military, ablauf):
            how = "by arms" if military else "by votes"
            return [public(f"{seat_label(seat)} wins the round ({how}) and takes the round card "
                           f"{W.round_card(cs, ablauf)}")]
        case PattEvent(ablauf, opener):
            return [public(f"a tie: the round card {W.round_card(cs, ablauf)} stays; "
                           f"{seat_label(opener)} opens the next round")]
        case AsideEvent(ablauf):
            return [public(f"the round card {W.round_card(cs, ablauf)} is set aside unwon "
                           "(house rule: a limit on ties)")]
        case OutEvent(cards):
            names = ", ".join(name(cs, x) for x in _cards(cards))
            return [public(f"out of the game: {names}")]
        case HorizonEvent():
            return [public(f"{PATT_HORIZON} ties in this game: it ends here and is scored as "
                           "it stands (our horizon, so that every game has an end)")]
        case MajorityEvent(q, seat):
            return [public(f"absolute majority of the {party(q)}: {seat_label(seat)} gets 5")]
        case RankEvent(q, rank, seat, points):
            return [public(f"the {party(q)} (rank {rank + 1}): {seat_label(seat)} gets "
                           f"{points}")]
        case OverEvent(winners, vp):
            held = ", ".join(f"{seat_label(s)} {vp[s]} VP" for s in range(n))
            won = " and ".join(seat_label(s) for s in range(n) if winners >> s & 1)
            return [public(f"game over: {held}; winner {won}")]
    raise ValueError(f"unknown 1848 event {event!r}")


#: Worded events a game keeps (``Revolution1848Game.event_lines``) before it starts afresh.
WORDED_LIMIT = 1 << 16


def _tell(game: Game, context: None, event: Event) -> tuple[tuple[Line, ...], None]:
    """One event's lines, kept on the game once worded: they depend only on the event, the card
    set and the number of players, and the same events come back in every game."""
    memo = cast("Revolution1848Game", game).event_lines
    got = memo.get(event)
    if got is None:
        if len(memo) >= WORDED_LIMIT:
            memo.clear()
        got = memo[event] = tuple(lines(cast("Revolution1848Game", game).cards, game.num_players,
                                        decode_event(event)))
    return got, None


#: The log service (``garrison.core.log``): an event's lines need no context.
LOG: EventLog[None] = EventLog("1848", _tell, lambda game: None)


def read(state: Revolution1848State, seat: int | None, limit: int | None = None) -> list[str]:
    """What ``seat`` may read of the log (public lines and its own; ``None``: the public
    lines), oldest first; only the last ``limit`` lines if given."""
    return LOG.read(state, seat, limit)


def last_result(state: Revolution1848State) -> tuple[str, ...]:
    """The last Stich's decision: its kind and its lines (empty before the first)."""
    kind, start, end = state.last_decision
    if not kind:
        return ()
    return (kind, *(text for _, text in LOG.span(state, start, end)))


def _move(event: Event) -> tuple[int, dict[str, int | str]] | None:  # noqa: PLR0911
    """A seat's move as the page shows it beside the seat, public parts only: a card drawn or
    pushed is never named (``DrawEvent.card``, ``PushEvent.card`` are the seat's secrets); a
    pile is 0 (person cards) or 1 (event cards)."""
    match decode_event(event):
        case PlayEvent(seat, card) | ChoosesEvent(seat, card):
            return seat, {"move": "play", "card": card}
        case ArmyEvent(seat, card):
            return seat, {"move": "army", "card": card}
        case PutEvent(seat, card, target, kind):
            return seat, ({"move": "put", "card": card, "on_card": target} if kind == 1
                          else {"move": "put", "card": card, "on_side": target})
        case PushEvent(seat, pile, _):
            return seat, {"move": "push", "pile": pile}
        case DrawEvent(seat, pile, _, _):
            return seat, {"move": "draw", "pile": pile}
        case PassEvent(seat):
            return seat, {"move": "pass"}
    return None


def last_moves(state: Revolution1848State) -> list[dict[str, int | str] | None]:
    """Each seat's latest move this game (None: none yet), public parts only."""
    return latest_per_seat(state.events(), state.n, _move)

"""The 1848 log as text: the rules record typed events (``cdef enum Event`` in ``rules.pyx``);
this turns them, decoded to named tuples, into lines only when someone reads the log, never on
the hot path, through the log service (``garrison.core.log``: the cache, the per-seat filter,
the last lines).

An event's lines are public but for the card a seat drew or pushed: a line for that seat only
(a world made for another seat has the card blanked, -1, by ``hide_from``, and no such line).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from garrison.core.log import Event, EventLog, Line, private, public
from garrison.core.seats import seat_label

from .carddata import PARTIES, CardSet
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

    from .game import G1848Game
    from .state import G1848State

PILE_NAMES = ("person", "zusatz")


def _cards(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def lines(cs: CardSet, n: int, event: AnyEvent) -> list[Line]:  # noqa: C901, PLR0911, PLR0912
    """The lines of one event (a ``decode_event`` tuple)."""
    match event:
        case BeginEvent():
            return [public("the game begins: each player draws 2 Personen- and 2 Zusatzkarten")]
        case RoundEvent(round_no, ablauf, opener):
            return [public(f"round {round_no}: Ablaufkarte {cs.ablauf_id[ablauf]} "
                           f"{cs.ablauf_title[ablauf]}; {seat_label(opener)} opens")]
        case ChooseEvent(seat, pile):
            return [public(f"{seat_label(seat)} chooses to draw a {PILE_NAMES[pile]} card")]
        case DrawEvent(seat, pile, under, card):
            where = " (from under the pile)" if under else ""
            out = [public(f"{seat_label(seat)} draws a {PILE_NAMES[pile]} card{where}")]
            if card >= 0:
                out.append(private(seat, f"(you drew {cs.label(card)})"))
            return out
        case ReshuffleEvent(pile):
            return [public(f"the {PILE_NAMES[pile]} discards are shuffled into a new pile")]
        case PlayEvent(seat, card):
            return [public(f"{seat_label(seat)} plays {cs.label(card)}")]
        case ArmyEvent(seat, card):
            return [public(f"{seat_label(seat)} plays the army card {cs.label(card)}")]
        case ChoosesEvent(seat, card):
            return [public(f"{seat_label(seat)} plays {cs.label(card)} and chooses its target")]
        case BackEvent(card):
            why = "an army card is out" if cs.is_army(card) else f"{cs.name[card]} is out"
            return [public(f"{why}: every player who passed is back in the Stich")]
        case IdleEvent(card):
            return [public(f"{cs.name[card]} has no commander and lies idle")]
        case PutEvent(seat, card, target, kind):
            where = cs.label(target) if kind == 1 else f"the side of {seat_label(target)}"
            return [public(f"{seat_label(seat)} puts {cs.name[card]} on {where}")]
        case LeavesEvent(card):
            return [public(f"{cs.name[card]} leaves the game")]
        case GoesEvent(army, commander, seat):
            return [public(f"{cs.name[army]} goes to {cs.name[commander]} of {seat_label(seat)}")]
        case GiveEvent(army, verb, seat, was, members):
            who = " + ".join(cs.name[p] for p in _cards(members))
            frm = f" from {seat_label(was)}" if was >= 0 else ""
            return [public(f"{who} of {seat_label(seat)} {GIVE_VERBS[verb]} {cs.name[army]}{frm}")]
        case PushEvent(seat, pile, card):
            out = [public(f"{seat_label(seat)} pushes a {PILE_NAMES[pile]} card under its pile "
                          "(stays in)")]
            if card >= 0:
                out.append(private(seat, f"(you pushed {cs.label(card)})"))
            return out
        case PassEvent(seat):
            return [public(f"{seat_label(seat)} passes")]
        case TotalsEvent(_, totals):
            return [public("party totals: " + ", ".join(f"{PARTIES[q]} {totals[q]}"
                                                       for q in range(4)))]
        case PolNoneEvent():
            return [public("no party has a positive total: Patt")]
        case PolWinEvent(party, seat, total):
            return [public(f"{PARTIES[party]} is strongest; {seat_label(seat)} holds most of it "
                           f"and credits {total}")]
        case PolPattEvent(why):
            return [public(f"Patt ({('parties tie', 'no single majority holder')[why]})")]
        case MilArmyEvent(army, seat, party, points):
            return [public(f"{cs.name[army]} at {seat_label(seat)}: {points} military points for "
                           f"{PARTIES[party]}")]
        case MilPattEvent():
            return [public("military Patt")]
        case RotEvent(rot):
            return [public(f"Rot cards on the table subtract {rot}")]
        case MilWinEvent(party, seat, total, points):
            return [public(f"{PARTIES[party]} is strongest; {seat_label(seat)} holds its "
                           f"strongest army and credits {total} / 2 = {points}")]
        case CreditEvent(seat, party, points):
            return [public(f"{seat_label(seat)} credits {points} for {PARTIES[party]}")]
        case WinEvent(seat, military, ablauf):
            title = f"{cs.ablauf_id[ablauf]} {cs.ablauf_title[ablauf]}"
            how = "military" if military else "political"
            return [public(f"{seat_label(seat)} wins the Stich ({how}) and takes {title}")]
        case PattEvent(ablauf, opener):
            title = f"{cs.ablauf_id[ablauf]} {cs.ablauf_title[ablauf]}"
            return [public(f"Patt: {title} stays; {seat_label(opener)} opens the next round")]
        case AsideEvent(ablauf):
            return [public(f"{cs.ablauf_id[ablauf]} {cs.ablauf_title[ablauf]} is set aside "
                           "unwon (house rule: Patt limit)")]
        case OutEvent(cards):
            names = ", ".join(cs.name[x] for x in _cards(cards))
            return [public(f"out of the game: {names}")]
        case HorizonEvent():
            return [public(f"{PATT_HORIZON} Patts in this game: it ends here and is scored as "
                           "it stands (our horizon, so that every game has an end)")]
        case MajorityEvent(party, seat):
            return [public(f"absolute majority of {PARTIES[party]}: {seat_label(seat)} gets 5")]
        case RankEvent(party, rank, seat, points):
            return [public(f"{PARTIES[party]} (rank {rank + 1}): {seat_label(seat)} gets "
                           f"{points}")]
        case OverEvent(winners, vp):
            held = ", ".join(f"{seat_label(s)} {vp[s]} VP" for s in range(n))
            won = " and ".join(seat_label(s) for s in range(n) if winners >> s & 1)
            return [public(f"game over: {held}; winner {won}")]
    raise ValueError(f"unknown 1848 event {event!r}")


#: Worded events a game keeps (``G1848Game.event_lines``) before it starts afresh.
WORDED_LIMIT = 1 << 16


def _tell(game: Game, context: None, event: Event) -> tuple[tuple[Line, ...], None]:
    """One event's lines, kept on the game once worded: they depend only on the event, the card
    set and the number of players, and the same events come back in every game."""
    memo = cast("G1848Game", game).event_lines
    got = memo.get(event)
    if got is None:
        if len(memo) >= WORDED_LIMIT:
            memo.clear()
        got = memo[event] = tuple(lines(cast("G1848Game", game).cards, game.num_players,
                                        decode_event(event)))
    return got, None


#: The log service (``garrison.core.log``): an event's lines need no context.
LOG: EventLog[None] = EventLog("1848", _tell, lambda game: None)


def read(state: G1848State, seat: int | None, limit: int | None = None) -> list[str]:
    """What ``seat`` may read of the log (public lines and its own; ``None``: the public
    lines), oldest first; only the last ``limit`` lines if given."""
    return LOG.read(state, seat, limit)


def last_result(state: G1848State) -> tuple[str, ...]:
    """The last Stich's decision: its kind and its lines (empty before the first)."""
    kind, start, end = state.last_decision
    if not kind:
        return ()
    return (kind, *(text for _, text in LOG.span(state, start, end)))

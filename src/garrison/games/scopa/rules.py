"""The rules of Scopa, in the order of play (research scopa.md sections 2-4; specs/scopa.md;
seed 004 "Scoring" for the points).

Every function takes the state and assigns new values to its fields (the State rule). Seats are
numbered in the order of play (counter-clockwise round the table): the seat after the dealer
leads, and the deal passes to that seat for the next hand.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from garrison.core import CHANCE, TERMINAL
from garrison.core.events import push

from .deck import ACES, DECK, FULL, KINGS, VALUE, VALUE_MASK
from .deck import cards_of as cards_in
from .params import ScopaParams
from .scoring import NOBODY, score_hand, sole_best

if TYPE_CHECKING:
    from .state import ScopaState

#: Deal destination meaning "face up on the table".
TABLE = -1


# -- 2. The deal -------------------------------------------------------------------------------
def deal_plan(params: ScopaParams, dealer: int, first: bool) -> tuple[int, ...]:
    """Where each card of one deal goes, in order: the table cards first (first deal of a hand
    only), then ``hand_size`` cards to each seat starting with the leader (scopa.md section 2)."""
    n = params.players
    plan = [TABLE] * (params.table_size if first else 0)
    for i in range(1, n + 1):
        plan += [(dealer + i) % n] * params.hand_size
    return tuple(plan)


def start_hand(state: ScopaState) -> None:
    """A new hand: the whole pack is shuffled (each card is dealt by chance) and dealt."""
    n, sides = state.params.players, state.params.sides
    state.stock = FULL
    state.table = 0
    state.hands = (0,) * n
    state.piles = (0,) * sides
    state.scope = (0,) * sides
    state.last_capturer = NOBODY
    state.pending, state.picked, state.options = NOBODY, 0, ()
    state.mover = (state.dealer + 1) % n
    state.plan = deal_plan(state.params, state.dealer, first=True)
    state.deal_i = 0
    state.to_move = CHANCE
    state.hand_start = len(state._history) + 1  # history index of this hand's first deal
    state.events = push(state.events, ("hand", state.hand_no, state.dealer))


def deal_card(state: ScopaState, card: int) -> None:
    """Chance deals ``card`` from the stock to the next place of the deal plan.

    When the table cards are down, three or four Kings among them void the deal: they go back
    to the stock and the table is dealt again (scopa.md section 2, specs/scopa.md).
    """
    bit = 1 << card
    dest = state.plan[state.deal_i]
    state.stock ^= bit
    state.deal_i += 1
    if dest == TABLE:
        state.table |= bit
        if state.deal_i == state.params.table_size:
            if (state.table & KINGS).bit_count() >= 3:
                state.events = push(state.events, ("void", state.table))
                state.stock |= state.table
                state.table = 0
                state.deal_i = 0
                state.hand_start = len(state._history) + 1
                return
            state.events = push(state.events, ("table", state.table))
    else:
        hands = list(state.hands)
        hands[dest] |= bit
        state.hands = tuple(hands)
    if state.deal_i == len(state.plan):
        state.to_move = state.mover


# -- 3. Capturing ------------------------------------------------------------------------------
@lru_cache(maxsize=1 << 16)
def capture_options(
    table: int, card: int, ace_takes_all: bool = False, fewest_cards: bool = False
) -> tuple[int, ...]:
    """Every set of table cards (bitmask) that ``card`` may take; () if it takes nothing.

    Rules 3.1-3.5: a table card of equal value must be taken on its own (single-card priority;
    with several, the player picks one); otherwise any set of two or more table cards adding up
    to the card's value; with ``fewest_cards`` only the sets of the fewest cards. With
    ``ace_takes_all`` an Ace takes the whole table, unless an Ace lies there: then only that Ace.
    """
    value = VALUE[card]
    if not table:
        return ()
    if value == 1 and ace_takes_all:
        aces = table & ACES
        return tuple(1 << c for c in cards_in(aces)) if aces else (table,)
    same = table & VALUE_MASK[value]
    if same:
        return tuple(1 << c for c in cards_in(same))
    found: list[int] = []
    pool = sorted(cards_in(table), key=VALUE.__getitem__)

    def extend(start: int, remaining: int, chosen: int) -> None:
        for i in range(start, len(pool)):
            v = VALUE[pool[i]]
            if v > remaining:
                return
            if v == remaining:
                found.append(chosen | 1 << pool[i])
            else:
                extend(i + 1, remaining - v, chosen | 1 << pool[i])

    extend(0, value, 0)
    if fewest_cards and found:
        least = min(s.bit_count() for s in found)
        found = [s for s in found if s.bit_count() == least]
    return tuple(sorted(found))


def options_for(state: ScopaState, card: int) -> tuple[int, ...]:
    p = state.params
    return capture_options(state.table, card, p.ace_takes_all, p.fewest_cards)


def play_card(state: ScopaState, card: int, lay: bool = False) -> None:
    """The mover plays ``card``: it captures (one way: at once; several: the mover chooses the
    cards next), or stays on the table if it takes nothing, or if laid down (``lay``, only
    without the must-capture rule)."""
    seat = state.mover
    hands = list(state.hands)
    hands[seat] ^= 1 << card
    state.hands = tuple(hands)
    options = () if lay else options_for(state, card)
    if not options:
        state.table |= 1 << card
        state.events = push(state.events, ("lay", seat, card))
        next_turn(state)
    elif len(options) == 1:
        capture(state, card, options[0])
    else:
        state.pending, state.picked, state.options = card, 0, options


def choose(state: ScopaState, table_card: int) -> None:
    """The mover adds ``table_card`` to the capture; a whole allowed set completes it."""
    picked = state.picked | 1 << table_card
    if picked in state.options:
        card = state.pending
        state.pending, state.picked, state.options = NOBODY, 0, ()
        capture(state, card, picked)
    else:
        state.picked = picked


def choosable(state: ScopaState) -> int:
    """Table cards that extend the capture being chosen towards an allowed set."""
    picked, out = state.picked, 0
    for option in state.options:
        if option & picked == picked:
            out |= option
    return out & ~picked


def capture(state: ScopaState, card: int, taken: int) -> None:
    """``card`` takes ``taken``: both go to the mover's side. Emptying the table is a scopa
    (1 point), except with the last card of the hand (rule 3.7) and, unless ``ace_scopa``, when
    an Ace takes the whole table in Scopa d'Assi."""
    seat, p = state.mover, state.params
    side = p.side_of(seat)
    state.table &= ~taken
    piles = list(state.piles)
    piles[side] |= taken | 1 << card
    state.piles = tuple(piles)
    state.last_capturer = seat
    last_card = state.stock == 0 and not any(state.hands)
    ace_all = p.ace_takes_all and VALUE[card] == 1 and not taken & ACES
    scopa = state.table == 0 and not last_card and (p.ace_scopa or not ace_all)
    if scopa:
        scope = list(state.scope)
        scope[side] += 1
        state.scope = tuple(scope)
    state.events = push(
        state.events, ("take", seat, card, taken, scopa, state.table == 0 and not scopa)
    )
    next_turn(state)


def next_turn(state: ScopaState) -> None:
    """Play passes to the next seat; empty hands get a new deal, or the hand ends."""
    n = state.params.players
    state.mover = (state.mover + 1) % n
    if any(state.hands):
        state.to_move = state.mover
    elif state.stock:
        state.plan = deal_plan(state.params, state.dealer, first=False)
        state.deal_i = 0
        state.to_move = CHANCE
    else:
        end_hand(state)


# -- 3.8 and 4. End of the hand, scoring, end of the game --------------------------------------
def end_hand(state: ScopaState) -> None:
    """The last side to capture takes what is left on the table (never a scopa); then the hand
    is scored (seed table) and the game ends if a side has won."""
    p = state.params
    if state.table and state.last_capturer != NOBODY:
        side = p.side_of(state.last_capturer)
        piles = list(state.piles)
        piles[side] |= state.table
        state.piles = tuple(piles)
        state.events = push(state.events, ("rest", state.last_capturer, state.table))
        state.table = 0
    result = score_hand(state.piles, state.scope, napola=p.napola, re_bello=p.re_bello)
    state.last_score = result
    state.scores = tuple(s + d for s, d in zip(state.scores, result.points))
    state.events = push(state.events, ("score", state.hand_no, result.points, state.scores))
    if result.napoleone != NOBODY:
        finish(state, (result.napoleone,), "napoleone")
        return
    if max(state.scores) >= p.target:
        best = sole_best(state.scores)
        if best != NOBODY:
            finish(state, (best,), "target")
            return
        state.events = push(state.events, ("level",))
    if state.hand_no >= p.hand_limit:
        top = max(state.scores)
        finish(state, tuple(s for s, v in enumerate(state.scores) if v == top), "limit")
        return
    state.hand_no += 1
    state.dealer = (state.dealer + 1) % p.players
    start_hand(state)


def finish(state: ScopaState, winners: tuple[int, ...], why: str) -> None:
    """The game is over: ``winners`` (sides) share the win; utilities sum to zero."""
    sides = state.params.sides
    k = len(winners)
    lose = -1.0 / (sides - 1)
    win = (sides - k) / (k * (sides - 1))
    per_side = tuple(win if s in winners else lose for s in range(sides))
    state.result = tuple(per_side[state.params.side_of(seat)] for seat in range(state.params.players))
    state.winners = winners
    state.to_move = TERMINAL
    state.events = push(state.events, ("end", why, winners))


# -- Why an action is not allowed (only what the mover can see) --------------------------------
def explain_illegal(state: ScopaState, kind: int, card: int) -> str:
    from .actions import LAY, PLAY, TAKE

    name = DECK.name[card]
    hand = state.hands[state.mover]
    if state.pending != NOBODY:
        playing = DECK.name[state.pending]
        if kind != TAKE:
            return f"finish your capture with {playing} first: choose the table cards it takes"
        if not state.table >> card & 1:
            return f"{name} is not on the table"
        if state.picked >> card & 1:
            return f"you have already chosen {name}"
        return _why_not_in_set(state, state.pending, card)
    if kind == TAKE:
        return f"{name}: there is no capture to choose now; play a card from your hand first"
    if not hand >> card & 1:
        return f"you do not hold {name}"
    if kind == LAY:
        options = options_for(state, card)
        if not options:
            return f"{name} takes nothing here: 'play {name}' leaves it on the table"
        if not state.params.must_capture:
            return f"'lay {name}' is not allowed now"
        example = " + ".join(DECK.names(options[0]))
        return (f"a card that can capture must capture: {name} takes {example}; "
                "play it to capture, or play another card")
    assert kind == PLAY
    return f"'play {name}' is not allowed now"


def _why_not_in_set(state: ScopaState, card: int, table_card: int) -> str:
    p = state.params
    value = VALUE[card]
    playing, name = DECK.name[card], DECK.name[table_card]
    if value == 1 and p.ace_takes_all:
        return f"an Ace lies on the table: your {playing} takes only an Ace, not {name}"
    same = state.table & VALUE_MASK[value]
    if same:
        return (f"single-card priority: {' or '.join(DECK.names(same))} has the value of "
                f"{playing} and must be taken on its own; {name} cannot be taken with it")
    with_it = state.picked | 1 << table_card
    if p.fewest_cards:
        every = capture_options(state.table, card, False, False)
        if any(s & with_it == with_it for s in every):
            least = state.options[0].bit_count()
            return (f"the fewest-cards rule: {playing} must take a set of {least} cards; "
                    f"no such set contains {name}" + _so_far(state))
    total = sum(VALUE[c] for c in cards_in(with_it))
    return (f"{name} does not fit: {' + '.join(DECK.names(state.picked) + [name])} makes {total}, "
            "and no set "
            f"of table cards with them adds up to {value}, the value of {playing}")


def _so_far(state: ScopaState) -> str:
    return f" and {' + '.join(DECK.names(state.picked))}" if state.picked else ""

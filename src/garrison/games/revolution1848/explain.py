"""Why an action is not allowed, in a player's words (only what the mover may see)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from garrison.core.seats import seat_label

from . import actions as A
from . import rules
from .carddata import FLAGS, CardSet, Filter
from .words import FLAG_WORDS, card_label, card_name, party

if TYPE_CHECKING:
    from .state import Revolution1848State


def filter_words(flt: Filter) -> str:
    """A filter in words: "a person card of the Democrats or Republicans that is not a
    commander"."""
    if flt.parties is None:
        of, one = "", "any"
    else:
        names = " or ".join(party(q) for q in sorted(flt.parties))
        of, one = f" of the {names}", "a"
    if flt.flags is not None:
        of += " (" + " or ".join(FLAG_WORDS.get(FLAGS[f], FLAGS[f]) for f in sorted(flt.flags)) + " flag)"
    if flt.commanders == "only":
        return f"{one} commander{of}"
    if flt.commanders == "exclude":
        return f"{one} person card{of} that is not a commander"
    return f"{one} person card{of} (commanders too)"


def where_words(cs: CardSet, card: int) -> str:
    return "on any player's side (train symbol)" if cs.train[card] else "only on your own side"


def explain(state: Revolution1848State, action: int) -> str:
    cs = state.cs
    kind, x = A.decode(action)
    seat = state.current_player()
    if state.phase == "draw":
        if kind == "push":
            return "the round is over: cards still in hand cannot be pushed back now"
        return "choose the pile for your last card: 'draw person card' or 'draw event card'"
    if kind == "draw":
        if state.hands[seat].bit_count() >= rules.HAND_LIMIT:
            return "you already hold 6 cards: a seventh hand card is never drawn"
        return "cards are drawn only after a round (at most 2 + 2, never above 6 in hand)"
    if state.phase == "assign":
        army = state.assign_army
        seats = ", ".join(f"{seat_label(k[0])}" for k in state.assign_choices)
        return (
            f"{cs.name[army]} follows a commander of its own flag first, then the strongest: "
            f"it may go to {seats}"
        )
    if kind == "assign":
        return "no army card is waiting for a commander"
    if state.phase == "target":
        card = state.pending
        if kind not in ("person", "side"):
            return f"first choose where {card_name(cs, card)} goes ('on <person>' or 'on side P<n>')"
        return _bad_target(state, card, kind, x)
    if kind in ("person", "side"):
        return "play an event card first, then choose its target"
    if kind in ("play", "push"):
        if not 0 <= x < len(cs.cid) or not (state.hands[seat] >> x) & 1:
            return f"you do not hold {card_name(cs, x) if 0 <= x < len(cs.cid) else 'that card'}"
        if kind == "push":
            return "pushing is not part of the base game"
        eff = cs.effect[x]
        goal = "a side" if eff.target == "side" else filter_words(eff.filter)
        return f"{card_name(cs, x)} needs {goal}, {where_words(cs, x)}; there is none on the table"
    return f"'{state._describe_id(action)}' is not allowed now"


def _bad_target(state: Revolution1848State, card: int, kind: str, x: int) -> str:
    cs = state.cs
    eff = cs.effect[card]
    seat = state.current_player()
    if eff.target == "side" and kind == "person":
        return f"{card_name(cs, card)} lies on a whole side: choose 'on side P<n>'"
    if eff.target == "person" and kind == "side":
        return f"{card_name(cs, card)} goes on one person card: choose 'on <person>'"
    if kind == "side":
        if x >= state.n:
            return f"there is no player {seat_label(x)}"
        return f"{card_name(cs, card)} goes {where_words(cs, card)}"
    side = next((s for s, ps in enumerate(state.persons) if x in ps), -1)
    if side < 0:
        return f"{card_name(cs, x)} is not on the table"
    if not state.may_reach(card, seat, side):
        return f"{card_name(cs, card)} goes {where_words(cs, card)}"
    if cs.is_commander(x) and eff.filter.commanders == "exclude":
        return f"event cards never act on a commander: {card_name(cs, x)} is one"
    return f"{card_name(cs, card)} goes on {filter_words(eff.filter)}; {card_label(cs, x)} is not"

"""The one gate of hidden information: what a seat of Soldateska may know, and its tensor's
layout (the compiled rules encode the tensor, ``SoldateskaCore._encode``).

A seat sees its own hand; everything played (each trick as it was played, who won it); every
player's ducats, rank, tricks and hand size; the bank; the trump. Only its own: the 2 cards it
passed and the 2 it received, the bonus cards (the General) and the laid-aside cards (their
owner, until the round's settlement shows them). Unused cards are never shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from garrison.core.cards import NO_SUIT, cards_in

from . import deck as K
from . import log, rules
from .constants import MAX_PLAYERS as MAX_SEATS
from .constants import NUM_RANKS, PHASE_NAMES

if TYPE_CHECKING:
    from .game import SoldateskaGame
    from .state import SoldateskaState

NUM_PHASES = len(PHASE_NAMES)


def trump_name(st: SoldateskaState) -> str | None:
    """The trump in words (``None`` while the General has not declared yet)."""
    if not st.declared:
        return None
    if st.round == 1:
        return "officers only (recruitment)"
    return "officers only" if st.trump == NO_SUIT else K.SUITS[st.trump]


def _sorted(mask: int) -> list[int]:
    return sorted(cards_in(mask), key=K.sort_key)


def observation(st: SoldateskaState, seat: int | None, with_log: bool = True) -> dict[str, Any]:
    """What ``seat`` may know (``None``: a spectator). ``with_log=False`` leaves out the log and
    the settlement lines (for bots, which do not read them)."""
    n = st.game.num_players
    player = st.current_player()
    mine = seat is not None
    order = list(st.order)
    pos = order.index(seat) if mine and seat in order else -1
    giver = order[pos - 1] if pos > 0 else None
    taker = order[pos + 1] if 0 <= pos < len(order) - 1 else None
    passed_own = st.passed[seat] if seat is not None else 0
    see_aside = st.aside_public or (mine and seat == st.aside_owner)
    obs: dict[str, Any] = {
        "seat": seat,
        "players": n,
        "round": st.round,
        "phase": PHASE_NAMES[st.phase],
        "to_move": player if player >= 0 else None,
        "bank": st.bank,
        "ducats": list(st.ducats),
        "ranks": [K.RANK_NAMES[r] if r >= 0 else None for r in st.ranks],
        "hierarchy": order,
        "dealer": st.dealer,
        "trump": trump_name(st),
        "trump_suit": st.trump if st.declared and st.round > 1 else None,
        "hand": _sorted(st.hand(seat)) if seat is not None else [],
        "hand_sizes": [bin(h).count("1") for h in st.hands],
        "trick_leader": st.trick_leader,
        "trick": [[(st.trick_leader + i) % n, c] for i, c in enumerate(st.trick)],
        "tricks": [
            {"leader": lead, "cards": list(cards), "winner": win} for lead, cards, win in st.tricks
        ],
        "won": [cards_in(w) for w in st.won],
        "tricks_won": list(st.ntricks),
        "points": [K.points(w) for w in st.won],
        "passed": _sorted(passed_own),
        "passed_to": taker if passed_own else None,
        "received": _sorted(st.passed[giver]) if mine and giver is not None else [],
        "received_from": giver if mine and giver is not None and st.passed[giver] else None,
        "bonus": _sorted(st.bonus) if mine and order and seat == order[0] else [],
        "aside_owner": st.aside_owner,
        "aside": _sorted(st.aside) if see_aside else [],
        "aside_count": bin(st.aside).count("1"),
        "game_over": st.over,
    }
    if with_log:
        obs["log"], obs["settlement"] = log.read(st, seat)
    if st.rolling >= 0:
        obs["rolling"] = st.rolling
    if st.phase == rules.PLAY and mine and player == seat:
        obs["playable"] = _sorted(st.playable_mask(seat))
    return obs


def tensor_size(game: SoldateskaGame) -> int:
    c = K.NUM_CARDS
    return c + MAX_SEATS * c * 2 + 4 * c + 7 + MAX_SEATS * NUM_RANKS + MAX_SEATS + 1 \
        + MAX_SEATS + NUM_PHASES + 1 + MAX_SEATS


def layout(game: SoldateskaGame) -> list[tuple[str, int, str]]:
    """The tensor's parts in order: (name, length, meaning), as ``_encode`` writes them. Seats
    are counted from the viewer (0 = the viewer), with room for six."""
    c = K.NUM_CARDS
    return [("hand", c, "own hand (card index)"),
            ("trick", MAX_SEATS * c, "the current trick: the card each seat played"),
            ("won", MAX_SEATS * c, "cards each seat has won"),
            ("passed", c, "cards the viewer passed"), ("received", c, "cards the viewer received"),
            ("aside", c, "cards laid aside, as far as shown"), ("bonus", c, "the General's bonus cards"),
            ("trump", 7, "no trump declared / officers only / the trump suit"),
            ("ranks", MAX_SEATS * NUM_RANKS, "each seat's rank, General to Deserter"),
            ("ducats", MAX_SEATS, "each seat's ducats / all ducats"), ("bank", 1, "the bank / all ducats"),
            ("tricks_won", MAX_SEATS, "tricks each seat won / 10"),
            ("phase", NUM_PHASES, "one of " + ", ".join(PHASE_NAMES)),
            ("round", 1, "round / 100, at most 1"), ("to_move", MAX_SEATS, "the seat to move")]

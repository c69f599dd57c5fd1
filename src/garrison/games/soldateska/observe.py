"""The one gate of hidden information: what a seat of Soldateska may know, and its tensor.

A seat sees its own hand; everything played (each trick as it was played, who won it); every
player's ducats, rank, tricks and hand size; the bank; the trump. Only its own: the 2 cards it
passed and the 2 it received, the bonus cards (the General) and the laid-aside cards (their
owner, until the round's settlement shows them). Unused cards are never shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from garrison.core.cards import NO_SUIT, cards_in

from . import deck as K
from . import log, rules

if TYPE_CHECKING:
    from .game import SoldateskaGame
    from .state import SoldateskaState

MAX_SEATS = 6
NUM_RANKS = len(K.RANK_NAMES)
NUM_PHASES = len(rules.PHASE_NAMES)


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
        "phase": rules.PHASE_NAMES[st.phase],
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
    """The tensor's parts in order: (name, length, meaning), as ``encode`` writes them. Seats
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
            ("phase", NUM_PHASES, "one of " + ", ".join(rules.PHASE_NAMES)),
            ("round", 1, "round / 100, at most 1"), ("to_move", MAX_SEATS, "the seat to move")]


def encode(game: SoldateskaGame, obs: dict[str, Any]) -> np.ndarray:
    """The observation as floats, part by part by name (``layout``): own cards, trick and won
    cards per seat (relative to the viewer), passed/received/aside/bonus, trump, ranks, money,
    tricks, phase, round, mover."""
    c = K.NUM_CARDS
    n = obs["players"]
    me = obs["seat"] if obs["seat"] is not None else 0
    at = game.tensor_offsets()
    out = np.zeros(tensor_size(game), dtype=np.float32)
    rel = [(s - me) % n for s in range(n)]
    out[[at["hand"] + x for x in obs["hand"]]] = 1.0
    for seat, card in obs["trick"]:
        out[at["trick"] + rel[seat] * c + card] = 1.0
    for seat, cards in enumerate(obs["won"]):
        out[[at["won"] + rel[seat] * c + x for x in cards]] = 1.0
    for key in ("passed", "received", "aside", "bonus"):
        out[[at[key] + x for x in obs[key]]] = 1.0
    if obs["trump"] is not None:  # officers only (no suit), then each suit
        suit = obs["trump_suit"]
        out[at["trump"] + 1 + (suit + 1 if suit is not None else 0)] = 1.0
    else:  # not declared yet
        out[at["trump"]] = 1.0
    for seat, rank in enumerate(obs["ranks"]):
        if rank is not None:
            out[at["ranks"] + rel[seat] * NUM_RANKS + K.RANK_NAMES.index(rank)] = 1.0
    total = max(1, obs["bank"] + sum(obs["ducats"]))
    for seat, d in enumerate(obs["ducats"]):
        out[at["ducats"] + rel[seat]] = d / total
    out[at["bank"]] = obs["bank"] / total
    for seat, t in enumerate(obs["tricks_won"]):
        out[at["tricks_won"] + rel[seat]] = t / 10.0
    out[at["phase"] + rules.PHASE_NAMES.index(obs["phase"])] = 1.0
    out[at["round"]] = min(1.0, obs["round"] / 100.0)
    if obs["to_move"] is not None:
        out[at["to_move"] + rel[obs["to_move"]]] = 1.0
    return out

"""The observation of 1848 (the one gate for hidden information) and its tensor's layout (the
compiled rules encode the tensor, ``Revolution1848Core._encode``).

Public: the table (persons with their current values, Zusatzkarten and their targets, armies and
their commanders), Ablaufkarten won, every tally, who passed, hand sizes per pile, pile sizes,
the discards and the cards out of the game. Private to a seat: its hand, the cards it pushed under
a pile (and where they went when another player drew them), and its own log lines.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from garrison.core.cards import cards_in

from . import log, rules
from .carddata import N_ABLAUF, N_PERSON, N_PLAYABLE, PARTIES
from .constants import MAX_SEATS, PHASE_NAMES

if TYPE_CHECKING:
    from .game import Revolution1848Game
    from .state import Revolution1848State

LOG_LINES = 40
RECONSTRUCTED_NOTE = (
    "Card values marked * are reconstructed by Garrison, not the original printing "
    "(only a few values are known from the sources)."
)


#: The parts of an observation that differ from seat to seat; the rest is the same for all.
PRIVATE = ("seat", "hand", "hand_reconstructed", "my_pushed", "known", "log")
#: JSON as ``State.observation_string`` writes it (canonical: sorted keys, no spaces).
_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"))


def _public(state: Revolution1848State, with_log: bool) -> dict[str, Any]:
    """Everything of the observation that every seat and a spectator see alike."""
    cs = state.cs
    n = state.n
    values = state.person_value_map()
    persons = state.persons
    sides = state.zusatz_sides()
    zusatz = state.zusatz
    recon = cs.recon
    table = []
    for s in range(n):
        table.append({
            "persons": [
                {"card": p, "value": values[p], "reconstructed": sorted(recon[p])}
                for p in persons[s]
            ],
            "zusatz": [{"card": c, "by": by, "target": kind, "on": x}
                       for (c, by, kind, x), side in zip(zusatz, sides) if side == s],
        })
    armies = []
    strength = cs.strength
    for (a, place, _), leader in zip(state.armies, state.army_leaders()):
        armies.append({
            "card": a,
            "place": place,
            "leader": None if leader is None else {
                "seat": leader[0], "flag": leader[1], "commanders": list(leader[2]),
                "strength": leader[3], "party": PARTIES[leader[4]],
            },
            "points": strength[a] + (0 if leader is None else leader[3]),
        })
    totals = [0] * len(PARTIES)
    party = cs.party
    for p, v in values.items():
        totals[party[p]] += v
    phase = state.phase
    draws = state.draws
    stock = state.stock
    bottom = state.bottom
    discard = state.discard
    vp = state.vp
    rot = cs.rot
    return {
        "game": "1848",
        "players": n,
        "rules": state.params.rules,
        "phase": phase,
        "to_move": state.current_player(),
        "round": state.round_no,
        "ablauf": {
            "current": state.current_ablauf(),
            "left": len(state.ablauf_deck) - state.ablauf_pos,
            "patt_count": state.patt_count,
            "set_aside": list(state.set_aside),
            "to_win": rules.ABLAUF_TO_WIN[n] if state.params.rules == "extended" else None,
        },
        "won": [list(t) for t in state.won],
        "tally": [list(t) for t in state.tally],
        "passed": list(state.passed),
        "hand_counts": [list(state.hand_counts(s)) for s in range(n)],
        "pending": state.pending,
        "assign": None if phase != "assign" else {
            "army": state.assign_army, "choices": [k[0] for k in state.assign_choices]},
        "draw_choice": draws[0][0] if phase == "draw" and draws[0][1] == "?" else None,
        "table": table,
        "military": {str(p): m for p, m in sorted(state.military().items())},
        "armies": armies,
        "party_totals": totals,
        "rot_on_table": sum(rot[c] for c, _, _, _ in zusatz),
        "piles": [
            {
                "stock": stock[i].bit_count(),
                "bottom": len(bottom[i]),
                "bottom_pushers": [pusher for _, pusher in bottom[i]],
                "discard": cards_in(discard[i]),
            }
            for i in (0, 1)
        ],
        "removed": cards_in(state.removed),
        "last_result": list(state.last_result) if with_log else [],
        "last_moves": log.last_moves(state) if with_log else [],
        "vp": None if vp is None else list(vp),
        "winners": list(state.win),
        "note": RECONSTRUCTED_NOTE,
    }


def _private(state: Revolution1848State, seat: int | None, with_log: bool) -> dict[str, Any]:
    """What only ``seat`` sees (``None``: a spectator, who sees none of it)."""
    if seat is None:
        return {"seat": None, "hand": None, "hand_reconstructed": None, "my_pushed": [],
                "known": [], "log": state.log_lines(None, LOG_LINES) if with_log else []}
    recon = state.cs.recon
    hands = state.hands
    hand = cards_in(hands[seat])
    n = state.n
    return {
        "seat": seat,
        "hand": hand,
        "hand_reconstructed": [sorted(recon[c]) for c in hand],
        "my_pushed": [
            [i, pos, c] for i, pile in enumerate(state.bottom) for pos, (c, pusher) in enumerate(pile)
            if pusher == seat
        ],
        "known": sorted(
            [c, next(t for t in range(n) if (hands[t] >> c) & 1)]
            for c, knower in state.known if knower == seat
        ),
        "log": state.log_lines(seat, LOG_LINES) if with_log else [],
    }


def observation(state: Revolution1848State, seat: int | None, with_log: bool = True) -> dict[str, Any]:
    """What ``seat`` may know (``None``: a spectator). ``with_log=False`` leaves out the log and
    the last decision's lines (bots read the table, not the words)."""
    pub = _public(state, with_log)
    own = _private(state, seat, with_log)
    return {
        "game": pub["game"], "seat": own["seat"], "players": pub["players"],
        "rules": pub["rules"], "phase": pub["phase"], "to_move": pub["to_move"],
        "round": pub["round"], "ablauf": pub["ablauf"], "won": pub["won"], "tally": pub["tally"],
        "passed": pub["passed"], "hand_counts": pub["hand_counts"], "hand": own["hand"],
        "hand_reconstructed": own["hand_reconstructed"], "pending": pub["pending"],
        "assign": pub["assign"], "draw_choice": pub["draw_choice"], "table": pub["table"],
        "military": pub["military"], "armies": pub["armies"],
        "party_totals": pub["party_totals"], "rot_on_table": pub["rot_on_table"],
        "piles": pub["piles"], "removed": pub["removed"], "my_pushed": own["my_pushed"],
        "known": own["known"], "last_result": pub["last_result"],
        "last_moves": pub["last_moves"], "vp": pub["vp"],
        "winners": pub["winners"], "log": own["log"], "note": pub["note"],
    }


def _runs(keys: list[str]) -> tuple[tuple[bool, tuple[str, ...]], ...]:
    """The observation's keys in JSON order, cut into runs: (private?, keys of the run)."""
    runs: list[tuple[bool, list[str]]] = []
    for key in sorted(keys):
        private = key in PRIVATE
        if runs and runs[-1][0] == private and not private:
            runs[-1][1].append(key)
        else:
            runs.append((private, [key]))
    return tuple((private, tuple(ks)) for private, ks in runs)


#: The key runs of the JSON text (filled on first use from an observation's keys).
_RUNS: list[tuple[tuple[bool, tuple[str, ...]], ...]] = []


def observation_string(state: Revolution1848State, seat: int | None) -> str:
    """``json.dumps(observation(state, seat), sort_keys=True, separators=(",", ":"))``, the
    same text (tested), made faster: the public part's JSON is written in runs of keys (those
    that come between two private keys in sorted order) and kept on the state for its node
    (``change_count``), so the seats at one node write it once between them."""
    encode = _JSON.encode
    key = state.change_count()
    kept = state.__dict__.get("_public_json")
    if kept is None or kept[0] != key:
        pub = _public(state, True)
        if not _RUNS:
            _RUNS.append(_runs([*pub, *PRIVATE]))
        texts = {ks: encode({k: pub[k] for k in ks})[1:-1]
                 for private, ks in _RUNS[0] if not private}
        kept = state.__dict__["_public_json"] = (key, texts)
    texts = kept[1]
    own = _private(state, seat, True)
    pieces = [f'"{ks[0]}":{encode(own[ks[0]])}' if private else texts[ks]
              for private, ks in _RUNS[0]]
    return "{" + ",".join(pieces) + "}"


def tensor_size() -> int:
    return (
        MAX_SEATS + (MAX_SEATS + 2) + len(PHASE_NAMES) + N_PLAYABLE * 10 + N_PERSON
        + MAX_SEATS * len(PARTIES) + MAX_SEATS * 4 + MAX_SEATS * 2 + N_ABLAUF + 1 + len(PARTIES) + 4
    )


def layout(game: Revolution1848Game) -> list[tuple[str, int, str]]:
    """The tensor's parts in order: (name, length, meaning), as the compiled ``_encode`` writes
    them."""
    return [("seat", MAX_SEATS, "the viewer's seat"),
            ("to_move", MAX_SEATS + 2, "the seat to move, chance, or nobody (the game is over)"),
            ("phase", len(PHASE_NAMES), "one of " + ", ".join(PHASE_NAMES)),
            ("cards", N_PLAYABLE * 10, "per playable card 10 flags: in my hand, on the table of "
             "seat 0-3 (or an army placed there), discarded, removed, pending, pushed by me, "
             "an army with a commander"),
            ("person_values", N_PERSON, "value of each person on the table / 10"),
            ("tally", MAX_SEATS * len(PARTIES), "each seat's tally per party / 20"),
            ("seats", MAX_SEATS * 4, "per seat: Ablaufkarten won / 6, passed, victory points / 5, "
             "present"),
            ("hand_counts", MAX_SEATS * 2, "per seat: person and Zusatz cards in hand / 6"),
            ("ablauf", N_ABLAUF, "the Ablaufkarte in play"),
            ("patt_count", 1, "Patts in a row on it / 3"),
            ("party_totals", len(PARTIES), "party totals on the table / 20"),
            ("piles", 4, "per pile (persons, Zusatz): stock / 40, pushed under / 10")]

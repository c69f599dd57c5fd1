"""Dice for a graphical front end (``Game.widgets``): built only from the observation.

Zones: the dice set aside this turn (``kept``, with their running sum; those just taken from the
roll marked) and the dice of the current roll still free (``roll``), each die with its face. ``keep f`` is a click on a free
die showing ``f``; ``roll`` stays a button.
"""

from __future__ import annotations

from typing import Any

from garrison.core.widgets import count, seats

from .actions import ROLL, face_of
from .scoreboard import end_reason, held_words


def help_text(game: Any) -> list[str]:
    """How to play this table, from its options."""
    p = game.params
    mode = {
        "lives": f"When everyone has had a turn, the lowest score of the round loses a life; "
                 f"everyone starts with {count(p.lives, 'life', 'lives')}, and the last player "
                 "still in wins.",
        "coins": f"When everyone has had a turn, the lowest score of the round pays a coin into "
                 f"the pool; everyone starts with {count(p.lives, 'coin', 'coins')}, and the last "
                 "player with coins takes the pool.",
        "trader": f"After each round the lowest score pays {count(p.stake, 'coin', 'coins')} "
                  "to the highest (ties: every lowest pays every highest); the match has "
                  f"{count(p.rounds, 'round', 'rounds')}.",
        "treasure": f"Everyone starts with {count(p.coins, 'coin', 'coins')}; the lowest score "
                    f"pays into the pool, and a {p.prize} takes it"
                    + (" (a player who runs out buys in again)" if p.rebuy else "")
                    + f"; the match has {count(p.rounds, 'round', 'rounds')}.",
    }[p.mode]
    return [
        f"Soldier's Gambit for {p.players} players. On your turn you roll {p.dice} dice. After "
        "every roll you must set aside at least one die, then roll the rest again, until all "
        "are set aside.",
        "Your score is the sum of the dice you set aside; the combinations (five of a kind and "
        "the runs, where the dice allow them) beat every plain sum. " + mode,
        "Click a die of your roll to set it aside; click Roll to roll the dice you have left. "
        "The line above the dice shows the lowest score so far this round: score more and "
        "you are not the lowest.",
    ]


def last_move_words(move: dict[str, Any]) -> str:
    """A seat's latest move (the observation's ``last_moves``) as its plaque says it."""
    dice = " ".join(map(str, move["dice"]))
    if move["move"] == "roll":
        return f"rolled {dice}"
    if move["move"] == "keep":
        return f"set aside a {dice}"
    return f"scored {move['points']} ({dice})"


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    # a die taken from the roll is drawn once: among the dice set aside (marked as just taken),
    # no longer in the roll
    taken = list(obs.get("taken") or [])
    roll = []
    for face in obs.get("roll") or []:
        if face in taken:
            taken.remove(face)
        else:
            roll.append({"face": face, "used": False})
    # the dice set aside from this roll are marked where they now lie (the latest moves)
    fresh = list(obs.get("taken") or [])
    kept = []
    for f in reversed(obs.get("kept") or []):
        last = f in fresh
        if last:
            fresh.remove(f)
        kept.append({"face": f, "used": True, "last": last})
    zones: list[dict[str, Any]] = [
        {"kind": "dice", "id": "kept", "dice": kept[::-1],
         "label": f"Set aside: {sum(obs['kept'])} so far" if obs.get("kept") else "Set aside"},
        {"kind": "dice", "id": "roll", "label": "This roll", "dice": roll},
    ]
    acts: list[dict[str, Any]] = []
    for a in legal:
        if a == ROLL:
            acts.append({"id": a, "kind": "button", "label": "roll"})
        else:
            acts.append({"id": a, "kind": "die", "zone": "roll", "face": face_of(a), "verb": "keep"})
    plaques = seats([None] * len(obs["players"]), [
        held_words(obs, p)
        + ("" if p["score"] is None else f" · scored {p['score']}") + ("" if p["active"] else " · out")
        for p in obs["players"]])
    for plaque, move in zip(plaques, obs.get("last_moves") or [], strict=False):
        if move:
            plaque["last"] = last_move_words(move)
    out: dict[str, Any] = {"zones": zones, "actions": acts, "seats": plaques}
    if obs.get("finished"):
        out["reason"] = end_reason(obs)
    out["help"] = help_text(game)
    return out

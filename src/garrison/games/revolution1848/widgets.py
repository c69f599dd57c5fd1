"""Cards for a graphical front end (``Game.widgets``): built only from the observation.

Zones: the round card (Ablaufkarte) the round is played for, each side of the table (its person
cards with their current values, and the Zusatzkarten lying there) and the hand. Playing or
pushing a hand card is a click on it (a card with both offers a choice); choosing a person as a
target is a click on that person on the table. Passing, a side as target, where an army goes
and which pile to draw from stay buttons.
"""

from __future__ import annotations

from typing import Any

from garrison.core.seats import seat_label
from garrison.core.widgets import count, seats

from .actions import decode
from .carddata import FLAGS, N_PERSON, Effect, Filter, Op
from .rules import ABLAUF_TO_WIN
from .words import (
    A_PILE,
    ENGLISH,
    FLAG_WORDS,
    GLOSSARY,
    PARTY_GERMAN,
    PARTY_SHORT,
    PARTY_WORDS,
    card_label,
    card_name,
    round_card,
)

PARTY_COLOURS = ("red", "purple", "blue", "black")

LEGEND = [[short, f"{w[1]} ({g})"] for short, g, w in zip(PARTY_SHORT, PARTY_GERMAN, PARTY_WORDS, strict=True)] + [
    ["votes", "what a person adds to its party's total on the table"],
    ["strength", "what an army or a commander counts once armies decide the round"],
    ["*", "a number Garrison reconstructed (not the original printing)"],
] + [[english, f"{german}: {meaning}"] for german, english, meaning in GLOSSARY]

#: What each verb of a hand card does, said where the player chooses.
VERB_WORDS = {
    "play": "Play it: lay it on the table",
    "push": "Push it: face down under its draw pile; you stay in the round without laying a card",
    "target": "Choose this person",
}


def _who(f: Filter, many: bool) -> str:
    """The persons a filter names: "Republican or Democrat person", "Liberals"."""
    words = [PARTY_WORDS[q][1 if many else 0] for q in sorted(f.parties)] if f.parties else []
    who = (", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)) if words else ("persons" if many else "person")
    if words and not many:
        who += " person"
    if f.flags:
        who += " of " + " or ".join(FLAG_WORDS.get(FLAGS[q], FLAGS[q]) for q in sorted(f.flags)) + " flag"
    if f.commanders == "only":
        who = ("commanders" if many else "commander") + (" among the " + who if words else "")
    elif f.commanders == "include":
        who += " (commanders too)"
    return who


def _op(op: Op, many: bool) -> str:
    if op.op == "remove":
        return "leaves the game"
    unit = "vote" if op.stat == "value" else "strength"
    amount = f"{op.amount:+d} {unit}{'s' if unit == 'vote' and abs(op.amount) != 1 else ''}"
    return amount + (" per unit" if op.per == "unit" else "")


def effect_words(e: Effect) -> str:
    """An event card's (Zusatzkarte's) effect in English words, from the card data."""
    if e.target == "none" or not e.ops:
        return "No effect on the votes."
    parts = []
    for op in e.ops:
        if e.target == "person":
            parts.append(f"one {_who(e.filter, False)}: {_op(op, False)}")
        else:
            parts.append(f"every {_who(op.filter, False)} on the side: {_op(op, True)}")
    where = "Play it on " if e.target == "person" else "Put it on a side; "
    return where + "; ".join(parts) + " this round."


def card_face(game: Any, c: int, **extra: Any) -> dict[str, Any]:
    cards = game.cards
    german = cards.name[c]
    star = "*"
    if c < N_PERSON:
        party = cards.party[c]
        value = extra.pop("value", cards.value[c])
        text = ""
        if cards.flag[c] >= 0:
            text = (f"Commander ({FLAG_WORDS.get(FLAGS[cards.flag[c]], FLAGS[cards.flag[c]])} flag), "
                    f"strength {cards.strength[c]}{star if 'military' in cards.recon[c] else ''}")
        face = {"rank": f"{PARTY_SHORT[party]} {value}", "color": PARTY_COLOURS[party], "kind": "person",
                "band": PARTY_WORDS[party][0], "name": german,
                "value": f"{value}{star if 'value' in cards.recon[c] else ''}", "unit": "votes", "text": text}
    elif cards.is_army(c):
        flag = FLAG_WORDS.get(FLAGS[cards.flag[c]], FLAGS[cards.flag[c]])
        face = {"rank": "Army", "color": "brown", "kind": "army", "band": f"Army · {flag}",
                "name": ENGLISH.get(german, german), "sub": german if german in ENGLISH else None,
                "value": f"{cards.strength[c]}{star if 'military' in cards.recon[c] else ''}",
                "unit": "strength", "text": f"Follows a commander of the {flag} flag first."}
    else:
        face = {"rank": "Z", "color": "green", "kind": "zusatz", "band": "Event card",
                "name": ENGLISH.get(german, german), "sub": german if german in ENGLISH else None,
                "text": effect_words(cards.effect[c])}
    title = card_label(cards, c)
    if face.get("text"):
        title += ": " + face["text"]
    return {"key": str(c), **face, "suit": "", "caption": card_name(cards, c), "label": card_name(cards, c),
            "title": title, "wide": True, **extra}


def round_face(game: Any, obs: dict[str, Any]) -> dict[str, Any] | None:
    """The round card (Ablaufkarte) this round is played for, as a card on the felt: its title,
    who takes it and how many win; None once the game is over."""
    ablauf = obs.get("ablauf") or {}
    current = ablauf.get("current")
    if current is None or obs.get("phase") == "over":
        return None
    title = round_card(game.cards, current)
    to_win = ablauf.get("to_win")
    # short on the card (a phone's card holds a few lines); whole in its title
    if to_win:
        short = f"To whoever holds most of the strongest party. {to_win} win the game."
        whole = ("Taken by the player who holds most of the strongest party; "
                 f"{count(to_win, 'round card wins', 'round cards win')} the game.")
    else:  # the base game: played to the last round card
        short = "To whoever holds most of the strongest party."
        whole = ("Taken by the player who holds most of the strongest party; when the round "
                 "cards run out, the most victory points win.")
    ties = ablauf.get("patt_count") or 0
    if ties:
        short += f" Tied {count(ties, 'time', 'times')}."
        whole += f" Tied {count(ties, 'time', 'times')} so far."
    more = max(int(ablauf.get("left") or 1) - 1, 0)  # "left" counts the card in play
    after = f"{more} more after this one" if more else "the last one"
    return {"key": f"round:{current}", "kind": "round", "color": "gold", "wide": True,
            "band": "Round card", "name": title, "sub": after, "text": short, "suit": "",
            "rank": "", "caption": title, "label": f"Round card: {title}",
            "title": f"Round card {title}: {whole}"}


def help_text(game: Any) -> list[str]:
    """How to play this table, from its options; the last paragraph says which German term of
    the original is which English word on the table."""
    p = game.params
    parties = ", ".join(w[1] for w in PARTY_WORDS)
    paras = [
        f"1848, a card game of the German revolution, for {p.players} players. Each round, turn "
        f"by turn, you lay politicians of the parties ({parties}) in front of you, play event "
        "cards that raise or lower their votes, push a card under its pile to stay in, or pass.",
        "When everyone has passed, the party with the most votes on the whole table wins the "
        "round, and the player holding most of that party takes the round card and writes the "
        "party's votes to his tally.",
    ]
    if p.rules == "extended":
        to_win = ABLAUF_TO_WIN[p.players]
        paras.append(
            "Army cards change everything: once an army has a commander, the round is decided "
            "by military strength instead, halved. Armies follow commanders of their own flag "
            "first, and a stronger commander can take an army away. Playing an army brings "
            "everyone who passed back into the round.")
        paras.append(f"The game ends when a player has won {to_win} round cards. Then the "
                     "parties are counted: victory points go to the players who hold the most of "
                     "each party. Most victory points wins.")
    else:
        paras.append("This is the two-player base game, without armies: it ends when the "
                     "round cards run out. Then the parties are counted: victory points go to "
                     "the player who holds the most of each party. Most victory points wins.")
    if p.patt_limit:
        paras.append(f"House rule: after {p.patt_limit} ties in a row on one round card it is "
                     "set aside unwon.")
    paras.append("The original's German terms: " + "; ".join(
        f"{german} = {english}" for german, english, _ in GLOSSARY) + ". The names on the "
        "cards (persons, events, the round cards' dates) are the historical German ones.")
    return paras


def last_move_words(game: Any, move: dict[str, Any]) -> str:
    """A seat's latest move (the observation's ``last_moves``) as its plaque says it: cards by
    name."""
    kind = move["move"]
    if kind == "pass":
        return "passed"
    if kind == "push":
        return f"pushed {A_PILE[move['pile']]} under its pile"
    if kind == "draw":
        return f"drew {A_PILE[move['pile']]}"
    card = card_name(game.cards, move["card"])
    if kind == "put":
        on = (card_name(game.cards, move["on_card"]) if "on_card" in move
              else f"{seat_label(move['on_side'])}'s side")
        return f"put {card} on {on}"
    return f"played {card}"


def end_reason(obs: dict[str, Any]) -> str:
    """Why the game ended (a player won enough round cards, or the round cards ran out) and how
    it was counted, naming the winners."""
    to_win = obs["ablauf"].get("to_win")
    enough = [s for s, won in enumerate(obs["won"]) if to_win and len(won) >= to_win]
    cause = (f"{seat_label(enough[0])} won {count(to_win, 'round card', 'round cards')}"
             if enough else "The round cards ran out")
    vp = obs.get("vp") or []
    winners = " and ".join(seat_label(s) for s in obs.get("winners") or [])
    best = f": {winners}, {count(max(vp), 'victory point', 'victory points')}" if vp and winners else ""
    return (f"{cause}. Victory points went to whoever holds most of each party; the most "
            f"victory points win{best}.")


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    seat = obs.get("seat")
    zones: list[dict[str, Any]] = []
    prize = round_face(game, obs)
    if prize is not None:
        zones.append({"kind": "cards", "id": "round", "label": "Playing for", "cards": [prize]})
    where: dict[int, str] = {}
    for s, side in enumerate(obs.get("table") or []):
        zid = f"side{s}"
        cards = []
        for person in side.get("persons") or []:
            where[person["card"]] = zid
            cards.append(card_face(game, person["card"], value=person.get("value")))
        cards += [card_face(game, z["card"]) for z in side.get("zusatz") or []]
        label = "Your side" if s == seat else f"{seat_label(s)}'s side"
        zones.append({"kind": "cards", "id": zid, "label": label, "cards": cards})
    if seat is not None:
        zones.append({"kind": "cards", "id": "hand", "label": "Your hand",
                      "cards": [card_face(game, c) for c in obs.get("hand") or []]})
    acts: list[dict[str, Any]] = []
    for a in legal:
        kind, arg = decode(a)
        if kind in ("play", "push"):
            acts.append({"id": a, "kind": "card", "zone": "hand", "card": str(arg), "verb": kind,
                         "says": VERB_WORDS[kind]})
        elif kind == "person" and arg in where:
            acts.append({"id": a, "kind": "card", "zone": where[arg], "card": str(arg),
                         "verb": "target", "says": VERB_WORDS["target"]})
        else:
            acts.append({"id": a, "kind": "button"})
    n = obs.get("players") or len(obs.get("table") or [])
    hands = [sum(h) for h in obs.get("hand_counts") or [[0]] * n]
    plaques = seats(hands, [f"{count(len(obs['won'][s]), 'round card', 'round cards')} won"
                            + (" · passed" if obs["passed"][s] else "") for s in range(n)])
    for plaque, move in zip(plaques, obs.get("last_moves") or [], strict=False):
        if move:
            plaque["last"] = last_move_words(game, move)
    out: dict[str, Any] = {"zones": zones, "actions": acts, "seats": plaques, "legend": LEGEND}
    if obs.get("phase") == "over":
        out["reason"] = end_reason(obs)
    if any(a.get("verb") == "push" for a in acts):
        out["hint"] = ("To push is to put a hand card face down under its draw pile: you stay in "
                       "the round without laying a card.")
    out["help"] = help_text(game)
    out["log_window"] = True  # the observation carries the newest log lines only
    return out

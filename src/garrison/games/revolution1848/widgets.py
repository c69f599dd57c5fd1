"""Cards for a graphical front end (``Game.widgets``): built only from the observation.

Zones: each side of the table (its person cards with their current values, and the
Zusatzkarten lying there) and the hand. Playing or pushing a hand card is a click on it (a card
with both offers a choice); choosing a person as a target is a click on that person on the
table. Passing, a side as target, where an army goes and which pile to draw from stay buttons.
"""

from __future__ import annotations

from typing import Any

from garrison.core.seats import seat_label
from garrison.core.widgets import seats

from .actions import decode
from .carddata import FLAGS, N_PERSON, PARTIES, Effect, Filter, Op
from .rules import ABLAUF_TO_WIN

PARTY_COLOURS = ("red", "purple", "blue", "black")
#: The parties in English (one person of each; many), in the order of ``carddata.PARTIES``.
PARTY_WORDS = (("Republican", "Republicans"), ("Democrat", "Democrats"), ("Liberal", "Liberals"),
               ("Reactionary", "Reactionaries"))
PARTY_GERMAN = ("Republikaner", "Demokraten", "Liberale", "Reaktionäre")
FLAG_WORDS = {"Austria": "Austrian", "Prussia": "Prussian", "Bund": "Confederation"}

#: English titles of the Zusatzkarten of the default card set, by their German title (our own
#: translations); a card file with other titles shows them in German only.
ENGLISH = {
    "Märzforderungen": "The March demands", "Presse": "The press",
    "Belgisches Vorbild": "The Belgian example", "Englisches Vorbild": "The English example",
    "Irische Hungersnot": "Famine in Ireland", "Strahlendes Vorbild Amerika": "America, a shining example",
    "Sklaverei": "Slavery", "Proklamation der II. Republik in Paris": "Second Republic proclaimed in Paris",
    "Bauernaufstand": "Peasants' revolt", "18. März Polnisches Nationalkomitee": "18 March: Polish national committee",
    "Heilige Allianz": "The Holy Alliance", "Kroatien unter Jellacic Ban": "Croatia under Ban Jelačić",
    "Paulskirche": "The Frankfurt parliament", "Zollverein": "The customs union",
    "Turnerbewegung": "The gymnasts' movement", "Offenburger Volksversammlung": "People's assembly at Offenburg",
    "Demokratenkongress": "Congress of the Democrats", "Märzministerium": "The March ministry",
    "Belagerungszustand": "State of siege", "Zensur": "Censorship", "Polizeispitzel": "Police informer",
    "Gottesgnadentum": "Divine right of kings", "Gemeine Satire": "Vulgar satire",
    "Wiener Oktoberaufstand": "The Vienna October rising",
    "Österreichische Armee (Italien)": "Austrian army (Italy)", "Österreichische Armee": "Austrian army",
    "Preußische Armee (Baden)": "Prussian army (Baden)", "Österreichische Armee (Ungarn)": "Austrian army (Hungary)",
    "Preußische Armee (Sachsen)": "Prussian army (Saxony)", "Preußische Armee": "Prussian army",
    "Reichsarmee": "Army of the Confederation",
}

LEGEND = [[f"{p} {g}", f"{w[1]}"] for p, g, w in zip(PARTIES, PARTY_GERMAN, PARTY_WORDS, strict=True)] + [
    ["votes", "what a person adds to its party's total on the table"],
    ["strength", "what an army or a commander counts once armies decide the round"],
    ["*", "a number Garrison reconstructed (not the original printing)"],
]


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
    """A Zusatzkarte's effect in English words, from the card data."""
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
        face = {"rank": f"{PARTIES[party]} {value}", "color": PARTY_COLOURS[party], "kind": "person",
                "band": f"{PARTIES[party]} · {PARTY_WORDS[party][1]}", "name": german,
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
    title = f"{cards.label(c)} [{cards.cid[c]}]"
    if face.get("text"):
        title += ": " + face["text"]
    return {"key": str(c), **face, "suit": cards.cid[c], "caption": german,
            "title": title, "wide": True, **extra}


def help_text(game: Any) -> list[str]:
    """How to play this table, from its options."""
    p = game.params
    parties = ", ".join(f"{w[1]} ({a})" for a, w in zip(PARTIES, PARTY_WORDS, strict=True))
    paras = [
        f"1848, a card game of the German revolution, for {p.players} players. Each round, turn "
        f"by turn, you lay politicians of the parties ({parties}) in front of you, play extra "
        "cards that raise or lower their votes, push a card under its pile to stay in, or pass.",
        "When everyone has passed, the party with the most votes on the whole table wins the "
        "round, and the player holding most of that party takes the round's card (the "
        "Ablaufkarte) and writes the party's votes to his tally.",
    ]
    if p.rules == "extended":
        to_win = ABLAUF_TO_WIN[p.players]
        paras.append(
            "Army cards change everything: once an army has a commander, the round is decided "
            "by military strength instead, halved. Armies follow commanders of their own flag "
            "first, and a stronger commander can take an army away. Playing an army brings "
            "everyone who passed back into the round.")
        paras.append(f"The game ends when a player has won {to_win} Ablaufkarten. Then the "
                     "parties are counted: victory points go to the players who hold the most of "
                     "each party. Most victory points wins.")
    else:
        paras.append("This is the two-player base game, without armies: it ends when the "
                     "Ablaufkarten run out. Then the parties are counted: victory points go to "
                     "the player who holds the most of each party. Most victory points wins.")
    if p.patt_limit:
        paras.append(f"House rule: after {p.patt_limit} ties (Patts) in a row on one "
                     "Ablaufkarte it is set aside unwon.")
    return paras


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    seat = obs.get("seat")
    zones: list[dict[str, Any]] = []
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
            acts.append({"id": a, "kind": "card", "zone": "hand", "card": str(arg), "verb": kind})
        elif kind == "person" and arg in where:
            acts.append({"id": a, "kind": "card", "zone": where[arg], "card": str(arg),
                         "verb": "target"})
        else:
            acts.append({"id": a, "kind": "button"})
    n = obs.get("players") or len(obs.get("table") or [])
    hands = [sum(h) for h in obs.get("hand_counts") or [[0]] * n]
    plaques = seats(hands, [f"{len(obs['won'][s])} Ablaufkarten" + (" · passed" if obs["passed"][s] else "")
                            for s in range(n)])
    out: dict[str, Any] = {"zones": zones, "actions": acts, "seats": plaques, "legend": LEGEND}
    if obs.get("phase") == "over":
        out["reason"] = ("A player won enough Ablaufkarten; victory points went to whoever holds "
                         "most of each party, and the most victory points win.")
    out["help"] = help_text(game)
    out["log_window"] = True  # the observation carries the newest log lines only
    return out

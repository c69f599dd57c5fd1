"""1848 in the player's words: English card names, the game's terms in English (the German
historical names stay names), and the glossary that says which German term is which.

A card's id ("PE08", "Z13", "A09") is the card file's key; no text a player reads names it.

>>> from garrison.games.revolution1848.carddata import load_cards
>>> cs = load_cards()
>>> card_name(cs, cs.index("PE09")), card_name(cs, cs.index("Z02"))
('Robert Blum', 'The press')
>>> card_label(cs, cs.index("PE09"))
'Robert Blum (Democrat, 8 votes)'
"""

from __future__ import annotations

from typing import Any

from garrison.core.seats import seat_label

from .carddata import FLAGS, N_PERSON, CardSet

#: The parties in English (one person of each; many), in the order of ``carddata.PARTIES``.
PARTY_WORDS = (("Republican", "Republicans"), ("Democrat", "Democrats"), ("Liberal", "Liberals"),
               ("Reactionary", "Reactionaries"))
PARTY_GERMAN = ("Republikaner", "Demokraten", "Liberale", "Reaktionäre")
FLAG_WORDS = {"Austria": "Austrian", "Prussia": "Prussian", "Bund": "Confederation"}

#: The game's German terms and the English words the table uses for them.
GLOSSARY = (
    ("Ablaufkarte", "round card", "the card a round is played for; win enough of them to end the game"),
    ("Personenkarte", "person card", "a politician laid on your side; adds votes to its party"),
    ("Zusatzkarte", "event card", "changes votes, removes a person, or is an army"),
    ("Stich", "round", "everyone lays cards in turn until all have passed"),
    ("Schieben", "push", "put a hand card face down under its own draw pile: you stay in the "
                         "round without laying a card"),
    ("Patt", "tie", "the two strongest parties are equal (or nobody holds most of the winner): "
                    "the round card stays for another round"),
    ("Rot", "red mark", "a red-marked event card; its number is subtracted from the Reactionaries "
                        "when they win"),
    ("Bund", "Confederation", "the German Confederation's flag (beside Austria and Prussia)"),
)

#: English titles of the event and army cards of the default card set, by their German title
#: (our own translations); a card file with other titles shows them as they are.
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

#: A party's short name for a card's corner, in English (the page's index of a card in a fan).
PARTY_SHORT = ("Rep", "Dem", "Lib", "Reac")

PILE_WORDS = ("person card", "event card")
A_PILE = ("a person card", "an event card")


def flag_word(flag: int) -> str:
    """"Austrian", "Prussian", "Confederation"."""
    return FLAG_WORDS.get(FLAGS[flag], FLAGS[flag])


def card_name(cs: CardSet, c: int) -> str:
    """The card as a player calls it: a person's name, an event or army card's English title."""
    german = cs.name[c]
    return german if c < N_PERSON else ENGLISH.get(german, german)


def card_label(cs: CardSet, c: int) -> str:
    """The name with what the card counts: "Robert Blum (Democrat, 8 votes)", "Franz Sigel
    (Republican, 1 vote; Confederation commander, strength 2)", "Austrian army (strength 15)";
    ``*`` marks a number Garrison reconstructed."""
    star = "*"
    if c < N_PERSON:
        v = cs.value[c]
        text = (f"{card_name(cs, c)} ({PARTY_WORDS[cs.party[c]][0]}, "
                f"{v}{star if 'value' in cs.recon[c] else ''} vote{'' if v == 1 else 's'}")
        if cs.flag[c] >= 0:
            text += (f"; {flag_word(cs.flag[c])} commander, strength {cs.strength[c]}"
                     f"{star if 'military' in cs.recon[c] else ''}")
        return text + ")"
    if cs.kind[c] == "army":
        return f"{card_name(cs, c)} (strength {cs.strength[c]}{star if 'military' in cs.recon[c] else ''})"
    return card_name(cs, c)


def round_card(cs: CardSet, a: int) -> str:
    """A round card (Ablaufkarte) by its title: "Septemberunruhen"."""
    return cs.ablauf_title[a]


def party(q: int, many: bool = True) -> str:
    """A party in English: "Republicans" (``many``) or "Republican"."""
    return PARTY_WORDS[q][1 if many else 0]


def pushed_lines(cs: CardSet, obs: dict[str, Any]) -> list[str]:
    """What only the seat of ``obs`` knows of the cards it pushed: those still under each pile,
    in the order they will be drawn, and who drew one (the terminal and the page say the same)."""
    out = []
    for pile, words in enumerate(PILE_WORDS):
        cards = [card_name(cs, c) for p, _pos, c in sorted(obs.get("my_pushed") or []) if p == pile]
        if cards:
            out.append(f"You pushed under the {words} pile: {', '.join(cards)}")
    out += [f"{seat_label(holder)} drew {card_name(cs, c)}, which you pushed"
            for c, holder in obs.get("known") or []]
    return out

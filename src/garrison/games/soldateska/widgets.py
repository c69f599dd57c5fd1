"""Cards for a graphical front end (``Game.widgets``): built only from the observation.

Zones: the trick in play (each card with the seat that played it), the hand, the cards this
seat passed and received down the hierarchy, the General's bonus cards and the cards laid
aside when the observation shows them. Playing, passing and laying aside a card are clicks on
that card in the hand; declaring trump stays a button.
"""

from __future__ import annotations

from typing import Any

from garrison.core.seats import seat_label
from garrison.core.widgets import count, seats

from .actions import DECLARE
from .deck import NAMES, NUM_CARDS, SPECIALS, SUITS

#: Suit marks and colours of the weapon suits and Tobacco (in the order of ``deck.SUITS``).
SUIT_MARKS = ("†", "✹", "⚔", "☽", "♨")
SUIT_COLOURS = ("black", "blue", "green", "red", "brown")
#: Corner letters and middle marks of the special cards (in the order of ``deck.SPECIALS``).
SPECIAL_MARKS = ("G", "O", "M", "H", "L", "F", "D", "S", "K", "B")
SPECIAL_PIPS = ("★", "✪", "✦", "✧", "⋆", "⚑", "↯", "◎", "♥", "⊛")
#: What each special card is, in a few words (the tooltip and the legend).
SPECIAL_WORDS = (
    "officer, always trump (highest)", "officer, always trump", "officer, always trump",
    "officer, always trump", "officer, always trump (lowest officer)",
    "always trump, below the officers", "no suit, never trump: whoever wins it deserts and pays",
    "always trump, lowest of all", "no suit, never trump", "no suit, never trump")
VERBS = {"pass cards": "pass", "lay aside": "lay aside"}

#: The cards' words, once per game (shown as the table's legend).
LEGEND = [
    [" ".join(f"{m} {n}" for m, n in zip(SUIT_MARKS[:4], SUITS[:4], strict=True)),
     "the weapon suits, 1 to 10 (the 10s carry a medal)"],
    [f"{SUIT_MARKS[4]} {SUITS[4]}", "-1 to -10: counts against whoever wins it"],
    [" ".join(f"{m} {n}" for m, n in zip(SPECIAL_MARKS[:5], SPECIALS[:5], strict=True)),
     "the officers: always trump, General highest"],
    [f"{SPECIAL_PIPS[5]} Flag, {SPECIAL_PIPS[7]} Spy", "always trump, below the officers"],
    [f"{SPECIAL_PIPS[6]} Deserter, {SPECIAL_PIPS[8]} Kokette, {SPECIAL_PIPS[9]} Bomb",
     "no suit and never trump; each changes the ducats at the end of the round"],
    ["⚅ Duel", "play it when you cannot follow: the duellists roll dice for the trick"],
    ["dice", "Soldateska's dice read 0 to 4 (five faces), so a roll of 0 is common"],
]


def card_face(c: int, **extra: Any) -> dict[str, Any]:
    if c < 50:
        suit, value = divmod(c, 10)
        rank = str(-(value + 1)) if suit == 4 else str(value + 1)
        face = {"rank": rank, "suit": SUIT_MARKS[suit], "color": SUIT_COLOURS[suit],
                "pip": SUIT_MARKS[suit], "kind": "suit"}
        title = NAMES[c] + (" (a medal)" if value == 9 and suit < 4 else "")
    elif c < 50 + len(SPECIALS):
        k = c - 50
        face = {"rank": SPECIAL_MARKS[k], "suit": "", "color": "gold", "pip": SPECIAL_PIPS[k],
                "kind": "special"}
        title = f"{NAMES[c]}: {SPECIAL_WORDS[k]}"
    else:
        face = {"rank": "D", "suit": "", "color": "purple", "pip": "⚅", "kind": "duel"}
        title = f"{NAMES[c]}: play it when you cannot follow; dice decide the trick"
    return {"key": str(c), **face, "name": NAMES[c], "title": title, **extra}


def _last_cards(obs: dict[str, Any], n: int) -> list[str | None]:
    """The card each seat played last, from the trick in play and the last trick taken."""
    out: list[str | None] = [None] * n
    tricks = obs.get("tricks") or []
    if tricks:
        t = tricks[-1]
        for i, c in enumerate(t["cards"]):
            out[(t["leader"] + i) % n] = f"played {NAMES[c]}"
    for seat, c in obs.get("trick") or []:
        out[seat] = f"played {NAMES[c]}"
    return out


def help_text(game: Any) -> list[str]:
    """How to play this table, from its options, in the cards' own names."""
    p = game.params
    weapons = ", ".join(SUITS[:4])
    deck = {"standard": "the cards of this player count",
            "full": "all 62 cards (ten each, the rest unused)",
            "five_suits": "all five suits without the low cards"}[p.deck]
    trump = ("From the second round on, the General may add one weapon suit"
             + (" or Tobacco" if p.tobacco_trump else "") + " as trump.")
    duel = ("The two Duel cards may be played at any time"
            if p.duel_anytime else "The two Duel cards may be played when you cannot follow")
    goal = ("Most ducats wins." if p.returns == "win"
            else "Your result is the ducats you end with.")
    return [
        f"Soldateska, a trick-taking game for {p.players} players with {deck}. The first player "
        "of a trick lays any card; the others must follow its suit if they can. The highest card "
        "of the suit led wins, unless someone who could not follow played a trump: then the "
        "highest trump wins.",
        f"The weapon suits are {weapons}, 1 to 10 (the 10s carry a medal); {SUITS[4]} counts "
        f"against whoever wins it. The officers ({', '.join(SPECIALS[:5])}), the Flag and the "
        f"Spy are always trump. {trump} {duel}: the duellists roll dice for the trick. "
        "The game's dice read 0 to 4, not 1 to 6; the first round's dealer is whoever rolls "
        "highest.",
        "After each round the weapon cards you won are added up: the highest total becomes "
        "General, the next Oberst, and so on. Whoever won the Deserter pays a ducat for every "
        "trick he took. Officers draw wages from the bank; medals, the Spy, the Kokette "
        f"({count(p.kokette_dice, 'die', 'dice')}) and the Bomb add their own gains and losses.",
        f"The bank starts with {p.ducats_per_player} ducats per player; the game ends when it "
        f"is empty. {goal}",
    ]


def most_ducats(obs: dict[str, Any]) -> list[int]:
    """The winners of a finished game: the seats holding the most ducats (the result, its
    reason and the text view)."""
    best = max(obs["ducats"])
    return [s for s, d in enumerate(obs["ducats"]) if d == best]


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    zones: list[dict[str, Any]] = [
        {"kind": "cards", "id": "trick", "label": "Trick", "empty": "no card played yet",
         "cards": [card_face(c, by=seat) for seat, c in obs.get("trick") or []]},
    ]
    if obs.get("seat") is not None:
        zones.append({"kind": "cards", "id": "hand", "label": "Your hand",
                      "cards": [card_face(c) for c in obs.get("hand") or []]})
    for key, label in (("passed", "You passed"), ("received", "You received"),
                       ("bonus", "Bonus cards"), ("aside", "Laid aside")):
        if obs.get(key):
            zones.append({"kind": "cards", "id": key, "label": label,
                          "cards": [card_face(c) for c in obs[key]]})
    verb = VERBS.get(str(obs.get("phase")), "play")
    hand = set(obs.get("hand") or [])
    acts = []
    for a in legal:
        if a < NUM_CARDS:
            zone = "hand" if a in hand else "bonus"
            acts.append({"id": a, "kind": "card", "zone": zone, "card": str(a), "verb": verb})
        else:
            acts.append({"id": a, "kind": "button"})
    n = obs.get("players") or len(obs.get("hand_sizes") or [])
    plaques = seats(list(obs.get("hand_sizes") or [None] * n),
                    [f"{count(obs['ducats'][s], 'ducat', 'ducats')} · {count(obs['tricks_won'][s], 'trick', 'tricks')}" +
                     (f" · {(obs.get('ranks') or [None] * n)[s]}" if (obs.get("ranks") or [None] * n)[s] else "")
                     for s in range(n)])
    for plaque, last in zip(plaques, _last_cards(obs, n), strict=True):
        if last:
            plaque["last"] = last
    out: dict[str, Any] = {}
    if obs.get("game_over"):
        best = max(obs["ducats"])
        winners = " and ".join(seat_label(s) for s in most_ducats(obs))
        cause = ("The bank is empty" if obs["bank"] == 0
                 else f"The last round ({obs['round']}) is played")
        out["reason"] = f"{cause}; the most ducats win: {winners}, {count(best, 'ducat', 'ducats')}."
    return {"zones": zones, "actions": acts, "seats": plaques, "legend": LEGEND,
            "help": help_text(game), **out}


__all__ = ["DECLARE", "card_face", "describe"]

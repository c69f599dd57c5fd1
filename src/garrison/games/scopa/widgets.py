"""Cards for a graphical front end (``Game.widgets``): built only from the observation.

Zones: the table, the card being played while a capture is chosen, and the hand. ``play`` and
``lay`` are clicks on a hand card (a card with both offers a choice), ``take`` a click on a table
card; cards already chosen for the capture are marked ``selected``.
"""

from __future__ import annotations

from typing import Any

from garrison.core.seats import seat_label
from garrison.core.widgets import count, french_card, seats

from .actions import LAY, PLAY, TAKE, card_of, kind_of
from .deck import CARD_OF_NAME, FACES, ITALIAN_OF_NAME, SUITS, SYMBOLS, italian
from .log import side_name
from .sides import team_name

VERBS = {PLAY: "play", TAKE: "take", LAY: "lay"}


#: The Italian suits as the page draws them (its own SVG marks): the key of each, and its colour.
ITALIAN_KEYS = ("coins", "cups", "batons", "swords")
ITALIAN_COLOURS = ("brown", "red", "green", "blue")


def card_face(name: str, **extra: Any) -> dict[str, Any]:
    """A card in the Italian suits it is played with ("Coins 7", drawn with our own suit
    marks); ``french`` holds the French face, the page's other display choice."""
    c = CARD_OF_NAME[name]
    suit = c // len(FACES)
    words = italian(c)
    french = french_card(c, FACES[c % len(FACES)], SUITS[suit], SYMBOLS[suit], name, name=name)
    return {"key": str(c), "rank": FACES[c % len(FACES)], "suit": "", "italian": ITALIAN_KEYS[suit],
            "color": ITALIAN_COLOURS[suit], "name": words, "label": words,
            "title": f"{words} (the {SUITS[suit]} {FACES[c % len(FACES)]} in French suits)",
            "french": {k: french[k] for k in ("rank", "suit", "color")} | {"name": name},
            **extra}


def hand_end(obs: dict[str, Any]) -> dict[str, Any] | None:
    """The last hand's scoring, per side: cards, coins, settebello, primiera, scopas
    and napola where it is played, from the public ``last_hand``."""
    last = obs.get("last_hand")
    if not last:
        return None
    sides = obs["sides"]
    names = [" + ".join(seat_label(s) for s in seats_) for seats_ in sides]

    def mark(winner: int, i: int) -> str:
        return "1" if winner == i else "0"

    rows = []
    for i, name in enumerate(names):
        row = [name, f"{last['cards'][i]} ({mark(last['most_cards'], i)})",
               f"{last['diamonds'][i]} ({mark(last['most_diamonds'], i)})",
               mark(last["settebello"], i), f"{last['primiera'][i]} ({mark(last['first'], i)})",
               last["scope"][i]]
        if any(last.get("napola") or []):
            row.append(last["napola"][i])
        if last.get("re_bello", -1) >= 0:
            row.append(mark(last["re_bello"], i))
        row.append(last["points"][i])
        rows.append(row)
    columns = ["Cards", "Coins", "Settebello", "Primiera", "Scopas"]
    if any(last.get("napola") or []):
        columns.append("Napola")
    if last.get("re_bello", -1) >= 0:
        columns.append("Re bello")
    columns.append("Points")
    return {"title": f"Hand {obs['hand_no'] - (0 if obs.get('phase') == 'over' else 1)}: the count",
            "columns": columns, "rows": rows,
            "notes": ["(1) marks who takes the point: most cards, most coins, the best primiera; "
                      "ties score nothing."]}


def help_text(game: Any) -> list[str]:
    """How to play this table, from its options, in the board's own words."""
    p = game.params
    n = p.players
    sides = ("two players, each alone" if n == 2 else "three players, each alone" if n == 3
             else "four players in two teams of partners sitting opposite" if n == 4
             else "six players in three teams of two")
    pack = ("40 cards" if (p.values, p.suits) == (10, 4)
            else f"a reduced pack of {p.values * p.suits} cards")
    deal = {"scopa": "Each player gets three cards and four lie face up on the table; when the "
                     "hands are empty, three more each.",
            "scopone": "Each player gets nine cards and four lie face up on the table.",
            "scopone10": "Each player gets ten cards; the table starts empty.",
            "all": "The whole pack is dealt evenly at once; the table starts empty."}[p.deal]
    capture = ("On your turn play one card: it captures a table card of the same value, or "
               "cards adding up to its value")
    capture += (" (by sum: with the fewest cards possible)." if p.fewest_cards else ".")
    capture += (" A card that can capture must capture; one that cannot stays on the table."
                if p.must_capture else " You may also lay a card down instead of capturing.")
    if p.ace_takes_all:
        capture += (" An Ace takes the whole table" + (", and scores a scopa." if p.ace_scopa
                                                        else "."))
    points = ("After each hand: a point each for the most cards, the most Coins, the seven of "
              "Coins (settebello) and the best primiera (the best card of each suit, sevens "
              "highest)")
    if p.re_bello:
        points += ", and the King of Coins (re bello)"
    points += "."
    if p.napola:
        points += (" Napola: Coins Ace-2-3 in one pile score 3, one more for each further "
                   "Coin in sequence; all ten Coins win the game.")
    return [
        f"Scopa for {sides}, with {pack} in the Italian suits: Coins, Cups, Batons and Swords "
        f"(French faces are a display choice: Diamonds, Hearts, Clubs, Spades). {deal}",
        f"{capture} Taking every card from the table is a scopa, worth a point. When the pack "
        "is used up, whoever captured last takes what is left.",
        f"{points} The first side to reach {count(p.target, 'point', 'points')} wins.",
    ]


#: Napoleone is all ten Coins of the whole pack in one side's hand pile (a smaller pack has no
#: Napoleone: ``scoring.pxi``).
ALL_COINS = 10


def end_reason(p: Any, obs: dict[str, Any]) -> str:
    """Why the game ended, naming the winners: all ten Coins in one hand (Napoleone),
    the target reached, or the hand limit with the leaders sharing the win (the order the rules
    check them in)."""
    winners = obs["winners"]
    who = " and ".join(side_name(p, s) for s in winners)
    best = obs["scores"][winners[0]]
    coins = obs["last_hand"]["diamonds"]  # the game ends only when a hand is scored
    if p.napola and any(coins[s] == ALL_COINS for s in winners):
        return f"{who} took every Coin in one hand (Napoleone): the game is won at once."
    if best >= obs["target"]:
        return f"First to {count(obs['target'], 'point', 'points')}: {who} reached {best}."
    return (f"The hand limit was reached after {count(obs['hand_no'], 'hand', 'hands')}: "
            f"{who} led with {count(best, 'point', 'points')}"
            + (", and share the win." if len(winners) > 1 else "."))


def team_of(obs: dict[str, Any], seat: int) -> str:
    """A plaque's line for the seat's team ("your partner", "team B"); nothing where each plays
    alone."""
    side = next(i for i, ss in enumerate(obs["sides"]) if seat in ss)
    if len(obs["sides"][side]) == 1:
        return ""
    me = obs.get("seat")
    if me is not None and seat != me and seat in obs["sides"][obs["my_side"]]:
        return "your partner"
    return team_name(side)


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    chosen = set(obs.get("chosen") or [])
    plays = obs.get("last_plays") or []
    latest = next((p for p in plays if p and p.get("latest")), None)
    laid = latest["card"] if latest and not latest["took"] else None
    zones: list[dict[str, Any]] = [
        {"kind": "cards", "id": "table", "label": "Table",
         "cards": [card_face(n, selected=n in chosen, last=n == laid) for n in obs.get("table") or []]},
    ]
    if obs.get("playing"):
        zones.append({"kind": "cards", "id": "playing", "label": "Playing",
                      "cards": [card_face(obs["playing"])]})
    if obs.get("seat") is not None:
        zones.append({"kind": "cards", "id": "hand", "label": "Your hand",
                      "cards": [card_face(n) for n in obs.get("hand") or []]})
    acts = []
    for a in legal:
        kind = kind_of(a)
        acts.append({"id": a, "kind": "card", "zone": "table" if kind == TAKE else "hand",
                     "card": str(card_of(a)), "verb": VERBS[kind]})
    n = obs["players"]
    side_of = {s: i for i, ss in enumerate(obs["sides"]) for s in ss}
    plaques = seats(list(obs["hand_sizes"]), [
        f"{count(obs['scores'][side_of[s]], 'point', 'points')} · "
        f"{count(len(obs['captured'][side_of[s]]), 'card', 'cards')} taken" for s in range(n)])
    for s, plaque in enumerate(plaques):
        if team := team_of(obs, s):
            plaque["team"] = team
    for plaque, play in zip(plaques, plays, strict=False):
        if play:
            took = " + ".join(ITALIAN_OF_NAME[n] for n in play["took"])
            plaque["last"] = (f"played {ITALIAN_OF_NAME[play['card']]}" + (f" and took {took}"
                                                                           if took else "")
                              + (": scopa!" if play["scopa"] else ""))
    out: dict[str, Any] = {"zones": zones, "actions": acts, "seats": plaques,
                           "faces": ["italian", "french"]}
    if obs.get("phase") == "over":
        out["reason"] = end_reason(game.params, obs)
    end = hand_end(obs)
    if end:
        out["hand_end"] = end
    out["help"] = help_text(game)
    out["log_window"] = True  # the observation carries the newest log lines only
    return out

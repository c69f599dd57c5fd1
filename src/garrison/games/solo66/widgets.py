"""Cards for a graphical front end (``Game.widgets``): built only from the observation.

Zones: the trick in play (each card with the seat that played it), the talon and the soloist's
discards when the observation shows them, and the hand. A card action (discard or play) is a
click on a hand card; passing, bidding and announcing trump stay buttons.
"""

from __future__ import annotations

from typing import Any

from garrison.core.widgets import count, french_card, points, points_of, seats

from .actions import is_card
from .deck import DECK, FACES, SUIT_SYMBOLS, SUITS
from .rules import WINNING_POINTS

CARD_OF_NAME = {name: c for c, name in enumerate(DECK.name)}


def card_face(name: str, **extra: Any) -> dict[str, Any]:
    c = CARD_OF_NAME[name]
    suit = c // len(FACES)
    return french_card(c, FACES[c % len(FACES)], SUITS[suit], SUIT_SYMBOLS[suit], name, name=name, **extra)


def deal_end(obs: dict[str, Any], n: int) -> dict[str, Any] | None:
    """The last finished deal: contract, soloist and defenders, card points and the game value
    (whole numbers and fractions), from the observation's ``last_deal`` fields."""
    last = obs.get("last_deal")
    if not last or last["kind"] != "solo":
        return None
    solo, cards, changes = last["soloist"], last["card_points"], last["changes"]
    verdict = "wins" if cards >= WINNING_POINTS else "loses"
    rows = [[s, "soloist" if s == solo else "defender",
             cards if s == solo else 120 - cards if cards <= 120 else "",
             points(changes[s], sign=True)] for s in range(n)]
    return {"title": f"Deal {last['deal']}: {last['trump']}, the soloist {verdict} with {cards} "
                     "card points",
            "columns": ["Role", "Card points (side)", "Game value"], "rows": rows,
            "notes": ["66 card points win the deal for the soloist; the defenders share the "
                      "game value equally."]}


def side_of(obs: dict[str, Any], seat: int) -> str:
    """The seat's side in the deal being played: "soloist" or "defender" (the four defenders
    share the result); nothing before the auction is won, in a deal without trumps, or once
    the match is over."""
    soloist = obs.get("soloist")
    if soloist is None or obs.get("phase") == "over":
        return ""
    return "soloist" if seat == soloist else "defender"


def help_text(game: Any) -> list[str]:
    """How to play this table, from its options."""
    p = game.params
    passing = ("If everyone passes, the cards are thrown in and dealt again."
               if p.all_pass == "redeal" else
               "If everyone passes, the deal is played without trumps, following suit only, and "
               "whoever takes the last trick wins it.")
    scoring = ("He wins his card points, doubled or tripled when the defenders are left very "
               "weak (schneider, schwarz); if he fails, he loses more."
               if p.scoring == "grupp" else "Each deal scores +1 for the winners, -1 for the "
               "losers.")
    return [
        "Solo 66 is played by five players with a 32-card pack. Everyone gets six cards; two "
        "go face down to the talon. An auction decides who plays alone against the other four: "
        f"bid a suit as trump ({', '.join(SUITS)}, lowest first), or pass. {passing}",
        "The winner of the auction, the soloist, announces trump (the suit he bid or a higher "
        "one), takes the talon and lays two cards aside, which count for him.",
        "You must follow the suit led; if you cannot, you must trump; only with neither may you "
        "throw any card. Aces count 11, tens 10, kings 4, queens 3, jacks 2, and the last trick "
        "10 more.",
        f"The soloist needs 66 of the 130 points. {scoring} The match has "
        f"{count(p.deals, 'deal', 'deals')}.",
    ]


def describe(game: Any, obs: dict[str, Any], legal: list[int]) -> dict[str, Any]:
    players = len(obs.get("hand_sizes") or []) or 1
    trick = obs.get("trick") or {}
    leader = trick.get("leader") or 0
    zones: list[dict[str, Any]] = [
        {"kind": "cards", "id": "trick", "label": "Trick",
         "cards": [card_face(n, by=(leader + i) % players)
                   for i, n in enumerate(trick.get("cards") or [])]},
    ]
    if obs.get("discards"):
        zones.append({"kind": "cards", "id": "discards", "label": "Discarded",
                      "cards": [card_face(n) for n in obs["discards"]]})
    if obs.get("seat") is not None:
        # the talon's two cards are in the hand once taken: drawn there once, marked while
        # the soloist discards
        talon = set(obs.get("talon") or []) if obs.get("phase") == "discard" else set()
        zones.append({"kind": "cards", "id": "hand",
                      "label": "Your hand (with the talon's cards, marked)" if talon else "Your hand",
                      "cards": [card_face(n, last=n in talon) for n in obs.get("hand") or []]})
    verb = "discard" if obs.get("phase") == "discard" else "play"
    acts = []
    for a in legal:
        if is_card(a):
            acts.append({"id": a, "kind": "card", "zone": "hand", "card": str(a), "verb": verb})
        else:
            acts.append({"id": a, "kind": "button"})
    plaques = seats(list(obs.get("hand_sizes") or []), [
        f"{points_of(obs['scores'][s], sign=True)} · {count(obs['tricks_won'][s], 'trick', 'tricks')}"
        for s in range(players)])
    for s, plaque in enumerate(plaques):
        if side := side_of(obs, s):
            plaque["team"] = side
    tricks = obs.get("tricks") or []
    if tricks:
        t = tricks[-1]
        for i, name in enumerate(t["cards"]):
            plaques[(t["leader"] + i) % players]["last"] = f"played {name}"
    for i, name in enumerate(trick.get("cards") or []):
        plaques[(leader + i) % players]["last"] = f"played {name}"
    # the observation words the deal in progress only: the page keeps the earlier deals' lines
    out: dict[str, Any] = {"zones": zones, "actions": acts, "seats": plaques, "log_window": True}
    if obs.get("phase") == "over":
        out["reason"] = f"After {count(obs['deals'], 'deal', 'deals')} the most match points win."
    end = deal_end(obs, players)
    if end and (obs.get("phase") == "over" or not tricks):
        out["hand_end"] = end
    out["help"] = help_text(game)
    return out

"""The lobby in words: a label for every game option and for every value it may take, a one-line
explanation a player reads, the presets a new table starts from, the options kept under "more
options", and the bots offered by strength.

A game's option specs carry the rules' own names (``setup_file``, ``max_plies``, ``five_suits``)
and a one-line ``doc`` written for the rules' readers; a person choosing a table reads the words
here instead. ``/api/games`` serves them with each game (``label`` and ``values`` per option, its
``doc`` in plain words, ``presets``, ``more`` per option, ``strengths``).

>>> values("solo66", "scoring")["grupp"]["label"]
'Card points (grupp)'
>>> "seed" in doc("scopa", "target", "points that win the game (the seed: 11, 16 or 21)")
False
"""

from __future__ import annotations

from typing import Any

from garrison.bots.levels import levels, ratings

from .botlimits import BotLimits

#: Per game and option: the label a person reads. An option not listed gets its name in words.
LABELS: dict[str, dict[str, str]] = {
    "soldateska": {
        "players": "Players", "deck": "Deck", "ducats_per_player": "Ducats per player",
        "kokette_dice": "Dice for the Kokette", "duel_anytime": "Duel at any time",
        "tobacco_trump": "Tobacco may be trump", "returns": "Scoring",
        "max_rounds": "Stop after rounds", "hand": "Cards each (research)",
        "pack": "Cards in play (research)", "roll_limit": "Rolls before ties settle (research)",
    },
    "1848": {
        "players": "Players", "rules": "Rules", "cards": "Card set",
        "patt_limit": "Set a round card aside after ties", "pack": "Cards in play (research)",
    },
    "gambit": {
        "players": "Players", "dice": "Dice per turn", "mode": "Way to play", "lives": "Lives",
        "stake": "Stake (trader)", "coins": "Coins (treasure)", "prize": "Prize (treasure)",
        "rebuy": "Buy in again (treasure)", "rounds": "Rounds (trader, treasure)",
        "max_rounds": "Stop after rounds",
    },
    "solo66": {"deals": "Deals", "all_pass": "When all pass", "scoring": "Scoring"},
    "stratego": {
        "rules": "Rule set", "army": "Army", "setup_rows": "Setup rows",
        "scout_move_and_attack": "Soldiers run and attack",
        "two_square_limit": "Moves between two squares", "more_squares": "More-squares rule",
        "draw_when_both_immobile": "Draw when both are stuck",
        "immobile_loses_at_once": "Stuck after an attack loses at once",
        "max_plies": "Draw after moves (0: never)", "forget_revealed": "Forget revealed pieces",
        "setup": "How sides set up", "setup_file": "Extra setups",
    },
    "scopa": {
        "players": "Players", "deal": "Deal", "target": "Points to win", "must_capture": "Must capture",
        "fewest_cards": "Capture with fewest cards", "ace_takes_all": "Ace takes all",
        "ace_scopa": "Ace's sweep is a scopa", "napola": "Napola", "re_bello": "Re bello",
        "hand_limit": "Stop after hands", "values": "Card values in the pack (research)",
        "suits": "Suits in the pack (research)", "aside": "Cards never dealt (research)",
    },
}

#: Per game and option: each value's label and, where it needs one, what it means.
VALUES: dict[str, dict[str, dict[str, tuple[str, str]]]] = {
    "soldateska": {
        "deck": {"standard": ("Standard", "the cards the rules give this number of players"),
                 "full": ("Full deck", "all 62 cards, ten each, the rest unused (3-5 players)"),
                 "five_suits": ("Five suits", "all five suits without the low cards (3-5 players)")},
        "returns": {"ducats": ("Ducats", "your result is the ducats you end with"),
                    "win": ("Most ducats wins", "the players with the most ducats share the win")},
    },
    "1848": {
        "rules": {"extended": ("Full game", "2-4 players, with armies and pushing"),
                  "base": ("Base game", "two players, no armies")},
        "cards": {"": ("Built in", "our set; values marked * are reconstructed")},
    },
    "gambit": {
        "mode": {"lives": ("Lives", "the lowest hand loses a life"),
                 "coins": ("Coins", "losses pay into a pool the last player takes"),
                 "trader": ("Trader", "the lowest hand pays the highest"),
                 "treasure": ("Treasure", "a named combination takes the pool")},
    },
    "solo66": {
        "all_pass": {"redeal": ("Deal again", "the cards are thrown in and dealt again"),
                     "last_trick": ("Play for the last trick",
                                    "no trumps; whoever takes the last trick wins the deal")},
        "scoring": {"grupp": ("Card points (grupp)",
                              "the soloist wins or loses his card points, doubled or tripled "
                              "when the defenders are left very weak"),
                    "points": ("One point a deal", "+1 for the winners, -1 for the losers")},
    },
    "stratego": {
        "rules": {"seed": ("Classic", "the classic rules of this table"),
                  "isf": ("ISF tournament", "the International Stratego Federation's rules"),
                  "gravon": ("Gravon", "the rules of the Gravon online site"),
                  "barrage": ("Barrage", "eight pieces each"),
                  "duel": ("Duel", "ten pieces each on three rows")},
        "setup": {"any": ("Either", "piece by piece or a whole setup at once"),
                  "pieces": ("Piece by piece", "each piece placed on a square of your rows"),
                  "whole": ("A whole setup at once", "a ready-made or saved setup in one step")},
        "setup_file": {"": ("None", "")},
    },
    "scopa": {
        "deal": {"scopa": ("Scopa", "three cards each and four on the table, three more each "
                                    "when hands are empty"),
                 "scopone": ("Scopone", "nine cards each and four on the table"),
                 "scopone10": ("Scopone, all ten", "ten cards each, none on the table (4 players)"),
                 "all": ("All at once", "the whole pack dealt evenly, none on the table")},
    },
}

#: Per game and option: the explanation a player reads, where the rules' own doc speaks to
#: rule readers (option names, file paths, our sources).
DOCS: dict[str, dict[str, str]] = {
    "soldateska": {"deck": "which cards are played",
                   "returns": "what counts at the end",
                   "max_rounds": "a safety stop: the game also ends after this many rounds",
                   "hand": "for research only: fewer cards dealt to each player a round "
                           "(10 as usual)",
                   "pack": "for research only: play with these cards alone",
                   "roll_limit": "for research only: how many times a tied roll-off is rolled "
                                 "again before the tie goes by seat order (20 as usual)"},
    "1848": {"rules": "the full game or the two-player base game",
             "cards": "the cards in play: our built-in set, or another the server offers",
             "patt_limit": "a house rule, off at 0: after this many ties in a row on one round "
                           "card it is set aside unwon",
             "pack": "for research only: play with these cards alone"},
    "gambit": {"mode": "what losing a round costs, and how the game is won",
               "stake": "in a Trader game: what each loser pays each winner",
               "coins": "in a Treasure game: the coins each player starts with",
               "prize": "in a Treasure game: the combination that takes the pool",
               "rebuy": "in a Treasure game: a player who runs out buys in again",
               "rounds": "in a Trader or Treasure game: the rounds of a match",
               "max_rounds": "in a Lives or Coins game: the rounds after which the players "
                             "still in share the win",
               "dice": "dice per turn: 5 as usual, 4 or 6 as a variation; 2 or 3 make tiny "
                       "games for research"},
    "solo66": {"all_pass": "what happens when everyone passes in the auction",
               "scoring": "what a deal is worth"},
    "scopa": {"target": "points that win the game (usually 11, 16 or 21)",
              "deal": "how the cards are dealt",
              "ace_scopa": "an Ace that takes the whole table (Ace takes all) also scores a "
                           "scopa",
              "napola": "Coins A-2-3 in one pile score 3, one more for each further Coin in "
                        "sequence; all ten Coins win the game",
              "re_bello": "the King of Coins scores a point, like the settebello",
              "values": "for research only: a smaller pack, values 1 to this in each suit",
              "suits": "for research only: a smaller pack with this many suits",
              "aside": "for research only: cards of a smaller pack that are never dealt"},
    "stratego": {"rules": "a set of the rules below, by name",
                 "army": "pieces per side: classic (40), barrage (8), duel (10) or lightning (20)",
                 "setup_file": "more ready-made setups, from a file the server offers"},
}

#: Per game: named starting points, shown first. "classic" is the rulebook (the defaults);
#: each preset's values are sent as options when it is chosen.
PRESETS: dict[str, list[dict[str, Any]]] = {
    "soldateska": [
        {"name": "classic", "label": "Classic", "doc": "four players, ten ducats each",
         "options": {}},
        {"name": "quick", "label": "Quick", "doc": "three players, five ducats each",
         "options": {"players": 3, "ducats_per_player": 5}},
        {"name": "full", "label": "Full deck", "doc": "all 62 cards, ten each",
         "options": {"deck": "full"}},
    ],
    "1848": [
        {"name": "classic", "label": "Classic", "doc": "three players with armies",
         "options": {}},
        {"name": "quick", "label": "Quick", "doc": "two players", "options": {"players": 2}},
        {"name": "base", "label": "Base game", "doc": "the two-player base game",
         "options": {"players": 2, "rules": "base"}},
    ],
    "gambit": [
        {"name": "classic", "label": "Classic", "doc": "four players, three lives each",
         "options": {}},
        {"name": "quick", "label": "Quick", "doc": "two players, one life each",
         "options": {"players": 2, "lives": 1}},
        {"name": "coins", "label": "Coins", "doc": "losses pay a pool the last player takes",
         "options": {"mode": "coins"}},
        {"name": "trader", "label": "Trader", "doc": "the lowest pays the highest, ten rounds",
         "options": {"mode": "trader"}},
    ],
    "solo66": [
        {"name": "classic", "label": "Classic", "doc": "five deals, every seat deals once",
         "options": {}},
        {"name": "quick", "label": "Quick", "doc": "one deal", "options": {"deals": 1}},
        {"name": "points", "label": "Points", "doc": "+1/-1 per deal",
         "options": {"scoring": "points"}},
    ],
    "stratego": [
        {"name": "classic", "label": "Classic", "doc": "forty pieces each, the classic rules",
         "options": {}},
        {"name": "quick", "label": "Quick", "doc": "Barrage: eight pieces each",
         "options": {"rules": "barrage"}},
        {"name": "isf", "label": "ISF rules", "doc": "the tournament rules",
         "options": {"rules": "isf"}},
        {"name": "duel", "label": "Duel", "doc": "ten pieces each on three rows",
         "options": {"rules": "duel"}},
    ],
    "scopa": [
        {"name": "classic", "label": "Classic", "doc": "four players as two teams, to 11",
         "options": {}},
        {"name": "quick", "label": "Quick", "doc": "two players, to 6 points",
         "options": {"players": 2, "target": 6}},
        {"name": "scopone", "label": "Scopone", "doc": "nine cards each, four on the table",
         "options": {"deal": "scopone"}},
        {"name": "assi", "label": "Scopa d'Assi", "doc": "an Ace takes the whole table",
         "options": {"ace_takes_all": True}},
    ],
}

#: Options shown at once (beside the presets); the rest are under "more options".
MAIN: dict[str, set[str]] = {
    "soldateska": {"players", "deck", "ducats_per_player"},
    "1848": {"players", "rules"},
    "gambit": {"players", "mode", "lives", "dice"},
    "solo66": {"deals", "scoring"},
    "stratego": {"rules", "max_plies"},
    "scopa": {"players", "deal", "target"},
}


def label(game: str, option: str) -> str:
    """The label of ``option`` of ``game``: ours, or its name in words."""
    return LABELS.get(game, {}).get(option) or option.replace("_", " ").capitalize()


def values(game: str, option: str) -> dict[str, dict[str, str]]:
    """Each value of ``option`` a player picks, by its value as text: ``{"label", "doc"}``
    (empty for an option whose values read plainly, such as numbers)."""
    return {str(v): {"label": lab, "doc": why}
            for v, (lab, why) in VALUES.get(game, {}).get(option, {}).items()}


def doc(game: str, option: str, rules_doc: str) -> str:
    """The one line under ``option``: ours where the rules' own doc speaks to rule readers."""
    return DOCS.get(game, {}).get(option) or rules_doc


def presets(game: str) -> list[dict[str, Any]]:
    """The game's presets, "classic" (the defaults) first."""
    return PRESETS.get(game) or [{"name": "classic", "label": "Classic",
                                  "doc": "the rulebook's game", "options": {}}]


def is_more(game: str, option: str) -> bool:
    """Whether ``option`` waits under "more options"."""
    return option not in MAIN.get(game, {"players"})


def rating_words(elo: float | None) -> str | None:
    """A measured Elo (random play = 0) as a player reads it: how often this bot comes out
    ahead of the easy bot in a pairing; None where nothing was measured (the easy bot itself
    is the scale's zero, not a measurement).

    >>> rating_words(285), rating_words(0), rating_words(None)
    ('measured: ahead of the easy bot in about 84% of pairings', None, None)
    """
    if not elo:
        return None
    share = 1 / (1 + 10 ** (-elo / 400))
    return f"measured: ahead of the easy bot in about {round(share * 100)}% of pairings"


def strengths(game: Any, limits: BotLimits) -> list[dict[str, Any]]:
    """The bots a seat may get, by strength (``garrison.bots.levels``: the same levels as the
    docs and the arena measure): easy (random moves), good (the game's own quick player), strong
    (the game's own strongest bot, or a search that falls back on the good bot's move), the
    strong one clamped to the server's limits. Each names the bot it is, and carries its Elo
    over random play where a round robin measured it (``elo``, else ``None``; never for the
    easy bot, the scale's zero) and that measurement in words (``rating``)."""
    named = levels(game)
    elo = ratings(game)
    strong = limits.clamp(game, named["strong"])
    words = {"easy": "plays any legal move", "good": "the game's own quick player",
             "strong": ("the game's own strongest player" if ":" not in strong else
                        "searches ahead within the server's time limit, and keeps the quick "
                        "player's move unless its search finds a better one")}
    out = []
    for level, bot in named.items():
        measured = elo.get(level) if level != "easy" else None
        out.append({"level": level, "label": level, "bot": strong if level == "strong" else bot,
                    "doc": words[level], "elo": measured, "rating": rating_words(measured)})
    return out

"""The lobby in words: a label for every game option, the presets a new table starts from, the
options kept under "more options", and the bots offered by strength.

A game's option specs carry the rules' own names (``setup_file``, ``max_plies``) and a one-line
``doc``; a person choosing a table reads the labels here instead. ``/api/games`` serves them with
each game (``label`` per option, ``presets``, ``more`` per option, ``strengths``).
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
        "max_rounds": "Stop after rounds",
    },
    "1848": {
        "players": "Players", "rules": "Rules", "cards": "Card set",
        "patt_limit": "Set a card aside after Patts",
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
        "players": "Players", "deal": "Deal", "values": "Card values in the pack",
        "suits": "Suits in the pack", "target": "Points to win", "must_capture": "Must capture",
        "fewest_cards": "Capture with fewest cards", "ace_takes_all": "Ace takes all",
        "ace_scopa": "Ace's sweep is a scopa", "napola": "Napola", "re_bello": "Re bello",
        "hand_limit": "Stop after hands",
    },
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
        {"name": "classic", "label": "Classic", "doc": "forty pieces each, the seed's rules",
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


def presets(game: str) -> list[dict[str, Any]]:
    """The game's presets, "classic" (the defaults) first."""
    return PRESETS.get(game) or [{"name": "classic", "label": "Classic",
                                  "doc": "the rulebook's game", "options": {}}]


def is_more(game: str, option: str) -> bool:
    """Whether ``option`` waits under "more options"."""
    return option not in MAIN.get(game, {"players"})


def strengths(game: Any, limits: BotLimits) -> list[dict[str, Any]]:
    """The bots a seat may get, by strength (``garrison.bots.levels``: the same levels as the
    docs and the arena measure): easy (random moves), good (the game's own quick player), strong
    (the game's own strongest bot, or a search that falls back on the good bot's move), the
    strong one clamped to the server's limits. Each names the bot it is, and carries its Elo
    (``easy`` = 0) where a round robin measured it (``elo``, else ``None``)."""
    named = levels(game)
    elo = ratings(game)
    strong = limits.clamp(game, named["strong"])
    words = {"easy": "plays any legal move", "good": "the game's own quick player",
             "strong": ("the game's own strongest player" if ":" not in strong else
                        "searches ahead within the server's time limit, and keeps the quick "
                        "player's move unless its search finds a better one")}
    return [{"level": level, "label": level, "bot": strong if level == "strong" else bot,
             "doc": words[level], "elo": elo.get(level)} for level, bot in named.items()]

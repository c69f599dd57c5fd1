"""The bots a lobby offers, by strength: easy, good and strong for each game, and master where
a game has a learned player measured stronger (the levels of ``garrison.bots.levels``), each
with its measured rating in words where one was measured.

What a person reads about a game's options (labels, the one line under each, each value's
label, presets, what is shown at once) is declared with the options themselves, in each game's
``params.py`` (``garrison.core.params.option``, ``Params.TABLES``).
"""

from __future__ import annotations

from typing import Any

from garrison.bots import bot_class
from garrison.bots.level_ratings import shipped_files
from garrison.bots.levels import levels, rated, rated_in
from garrison.bots.search import SearchBot

from ..botlimits import BotLimits


def rating_words(elo: float | None, games: int | None = None) -> str | None:
    """A measured Elo (random play = 0) as a player reads it: how often this bot comes out
    ahead of the easy bot in a pairing, and in how many games against each other level; None where
    nothing was measured (the easy bot itself is the scale's zero, not a measurement).

    >>> rating_words(285), rating_words(0), rating_words(None)
    ('measured: ahead of the easy bot in about 84% of pairings', None, None)
    >>> rating_words(893, 30)
    'measured (30 games against each level): ahead of the easy bot in about 99% of pairings'
    """
    if not elo:
        return None
    share = 1 / (1 + 10 ** (-elo / 400))
    over = f" ({games} games against each level)" if games else ""
    return f"measured{over}: ahead of the easy bot in about {round(share * 100)}% of pairings"


def rated_tables(game: Any) -> list[dict[str, Any]]:
    """Every set of options the game's levels were rated at (its shipped ratings files that
    rate its levels as they are), for a page to say the ratings of the table being set up:
    ``options`` (those measured that differ from ``game``'s and must be so), ``free`` (options
    that may be anything), ``levels`` (each rated level's ``elo``, ``elo_low``, ``elo_high`` and
    ``rating`` in words; not the easy level, the scale's zero).

    Raises:
        RecordError: a shipped ratings file is broken.
    """
    out = []
    for doc in shipped_files(game):
        entries = rated_in(doc, type(game)(type(game).Params(**doc["options"])))
        if not entries:
            continue  # stale: it rates other bots than the levels
        out.append({
            "options": {k: v for k, v in doc["options"].items()
                        if k not in doc["free"] and game.options.get(k) != v},
            "free": list(doc["free"]),
            "levels": {level: {"elo": round(e["elo"]), "elo_low": round(e["low"]),
                               "elo_high": round(e["high"]),
                               "rating": rating_words(e["elo"], e["games"])}
                       for level, e in entries.items() if level != "easy"},
        })
    return out


def strong_words(game: Any, bot: str) -> str:
    """What the strong level does, in words: a game's own bot, or the search, which keeps the
    quick player's move unless it finds a better one (``fallback``) or plays its own choice."""
    if ":" not in bot:
        return "the game's own strongest player"
    searcher = bot_class(game, bot)
    if not issubclass(searcher, SearchBot) or searcher.values_for(game).get("fallback"):
        return ("searches ahead within the server's time limit, and keeps the quick player's "
                "move unless its search finds a better one")
    return "searches ahead within the server's time limit and plays the move it finds best"


def strengths(game: Any, limits: BotLimits) -> list[dict[str, Any]]:
    """The bots a seat may get, by strength (``garrison.bots.levels``: the same levels as the
    docs and the arena measure): easy (random moves), good (the game's own quick player), strong
    (the game's own strongest bot, or a search that falls back on the good bot's move) and,
    where a game has one, master (a learned player measured stronger), the searching ones
    clamped to the server's limits. Each names the bot it is, and carries its Elo over random
    play where ``garrison rate`` measured it for the game's options (``elo`` with its 95%
    interval ``elo_low`` to ``elo_high``, else ``None``; never for the easy bot, the scale's
    zero) and that measurement in words (``rating``).

    Raises:
        RecordError: a shipped ratings file is broken.
    """
    named = levels(game)
    measured = rated(game)
    strong = limits.clamp(game, named["strong"])
    words = {"easy": "plays any legal move", "good": "the game's own quick player",
             "strong": strong_words(game, strong),
             "master": "searches ahead as strong does, with a learned player's moves in its "
                       "lookahead; measured stronger than strong"}
    out = []
    for level, bot in named.items():
        entry = measured.get(level) if level != "easy" else None
        played = limits.clamp(game, bot) if level in ("strong", "master") else bot
        out.append({"level": level, "label": level, "bot": played, "doc": words[level],
                    "elo": round(entry["elo"]) if entry else None,
                    "elo_low": round(entry["low"]) if entry else None,
                    "elo_high": round(entry["high"]) if entry else None,
                    "rating": rating_words(entry["elo"], entry["games"]) if entry else None})
    return out

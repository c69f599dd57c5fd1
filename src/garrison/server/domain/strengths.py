"""The bots a lobby offers, by strength: easy, good and strong for each game, and master where
a game has a learned player measured stronger (the levels of ``garrison.bots.levels``), each
with its measured rating in words where one was measured.

What a person reads about a game's options (labels, the one line under each, each value's
label, presets, what is shown at once) is declared with the options themselves, in each game's
``params.py`` (``garrison.core.params.option``, ``Params.TABLES``).
"""

from __future__ import annotations

from typing import Any

from garrison.bots.levels import levels, ratings

from ..botlimits import BotLimits


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
    (the game's own strongest bot, or a search that falls back on the good bot's move) and,
    where a game has one, master (a learned player measured stronger), the searching ones
    clamped to the server's limits. Each names the bot it is, and carries its Elo
    over random play where a round robin measured it (``elo``, else ``None``; never for the
    easy bot, the scale's zero) and that measurement in words (``rating``)."""
    named = levels(game)
    elo = ratings(game)
    strong = limits.clamp(game, named["strong"])
    words = {"easy": "plays any legal move", "good": "the game's own quick player",
             "strong": ("the game's own strongest player" if ":" not in strong else
                        "searches ahead within the server's time limit, and keeps the quick "
                        "player's move unless its search finds a better one"),
             "master": "searches ahead as strong does, with a learned player's moves in its "
                       "lookahead; measured stronger than strong"}
    out = []
    for level, bot in named.items():
        measured = elo.get(level) if level != "easy" else None
        played = limits.clamp(game, bot) if level in ("strong", "master") else bot
        out.append({"level": level, "label": level, "bot": played, "doc": words[level],
                    "elo": measured, "rating": rating_words(measured)})
    return out

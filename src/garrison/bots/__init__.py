"""Bots by name: game-neutral bots (random, search, learned) plus each game's own (``Game.bots``).

>>> import garrison
>>> from garrison.bots import make_bot
>>> game = garrison.load("gambit", players=2)
>>> bot = make_bot(game, "random", seat=0, seed=1)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(garrison.sample_chance(state, bot.rng))
>>> bot.step(state) in state.legal_actions()
True
"""

from __future__ import annotations

from garrison.core import Bot, Game, OptionError

from .ismcts import ISMCTSBot
from .learned import LearnedBot, learned_bot, learned_class, shipped_bot
from .pimc import PIMCBot
from .policy import PolicyBot, policy_class, register_policy, unregister_policy
from .random_bot import RandomBot
from .search import SearchBot

#: Bots that play any game through the kernel API alone.
GENERIC: dict[str, type[Bot]] = {RandomBot.name: RandomBot}
GENERIC[ISMCTSBot.name] = ISMCTSBot
GENERIC[PIMCBot.name] = PIMCBot
#: Plays the network shipped for the game and its options (listed only where one is shipped).
GENERIC[LearnedBot.name] = LearnedBot


def bot_names(game: Game | type[Game]) -> list[str]:
    """Every bot that can play ``game``: the generic ones (``learned`` only where a network is
    shipped for the game and its options; a type stands for its default options), then the
    game's own. (Policies registered in this process play by name too, but are not listed.)

    Raises:
        RecordError: a shipped network's file is broken.
    """
    instance = game if isinstance(game, Game) else game()
    generic = [n for n in GENERIC if n != LearnedBot.name or n in game.bots
               or shipped_bot(instance) is not None]
    return generic + [n for n in game.bots if n not in GENERIC]


def bot_class(game: Game | type[Game], name: str) -> type[Bot]:
    """The class of bot ``name``; settings after a colon (``ismcts:1s``) configure search bots.
    The one parser of bot names for the command line, the arena and the server: every setting
    is judged here, so a bad name fails when it is given, never at a move.

    Raises:
        OptionError: an unknown bot or setting, or a setting's bad value, named with what is
            allowed; ``learned`` where no network is shipped for the game and its options.
        RecordError: the shipped network's file is broken.
    """
    key, _, spec = name.strip().lower().partition(":")
    key = key.strip()
    generic = GENERIC.get(key)
    if generic is not None and issubclass(generic, SearchBot):
        cls = generic.configured(spec) if spec else generic
        cls.check(game)
        return cls
    if spec:
        raise OptionError(f"bot '{key}' takes no settings (got '{name}')")
    if key in game.bots:
        return game.bots[key]
    if key == LearnedBot.name:
        return learned_class(game)
    if key in GENERIC:
        return GENERIC[key]
    policy = policy_class(game, key)
    if policy is not None:
        return policy
    raise OptionError(f"unknown bot '{name}' for {game.name}; bots: {', '.join(bot_names(game))}")


def make_bot(game: Game, name: str, seat: int, seed: int | None = None) -> Bot:
    """A bot named ``name`` for ``seat`` of ``game``; ``OptionError`` lists the names if unknown."""
    return bot_class(game, name)(game, seat, seed)


__all__ = [
    "GENERIC", "ISMCTSBot", "LearnedBot", "PIMCBot", "PolicyBot", "RandomBot", "bot_class",
    "bot_names", "learned_bot", "make_bot", "register_policy", "unregister_policy",
]

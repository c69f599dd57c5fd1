"""Research adapters: every Garrison game in OpenSpiel, PettingZoo and Gymnasium.

Importing this package registers every game with the libraries that are installed (the ``rl``
extra): OpenSpiel's ``garrison_<name>`` games and Gymnasium's ``garrison/<name>-v<version>`` ids,
with Gymnasium's vector entry point too (``gymnasium.make_vec`` builds the batched
``GarrisonVectorEnv``). A library that is not installed is left out without an error, so
``import garrison.interop`` works with the ``server`` extra alone. ``import garrison`` itself
registers nothing and imports none of these libraries (it stays cheap);
``gymnasium.make("garrison.interop:garrison/gambit-v2")`` imports this package first.

Then use the adapter you need: ``garrison.interop.openspiel`` (``pyspiel.load_game(
"garrison_<name>")``), ``garrison.interop.pettingzoo`` (``env(name, **options)``: an AEC
environment) and
``garrison.interop.gymnasium`` (``env(name, seat=0, opponents="random", **options)``).
See docs/research.md.
"""

from __future__ import annotations

from collections.abc import Sequence

import garrison

#: Where Gymnasium finds the single and the batched environment (imported on ``make``).
GYM_ENTRY_POINT = "garrison.interop.gymnasium:GarrisonGymEnv"
GYM_VECTOR_ENTRY_POINT = "garrison.interop.vector:GarrisonVectorEnv"


def env_id(name: str) -> str:
    """The Gymnasium id of a Garrison game: ``garrison/<name>-v<rules version>`` (the version
    suffix is left out when the rules version is not a whole number). Raises ``OptionError``
    for an unknown game."""
    version = str(garrison.game_class(name).version)
    return f"garrison/{name}-v{version}" if version.isdigit() else f"garrison/{name}"


def register_gymnasium(names: Sequence[str] | None = None) -> list[str]:
    """Register Garrison games (all by default) with Gymnasium and return their ids; ``[]``
    when Gymnasium is not installed. Safe to call again. Raises ``OptionError`` for an unknown
    game."""
    try:
        import gymnasium
    except ImportError:
        return []
    ids = []
    for name in garrison.games() if names is None else list(names):
        gid = env_id(name)
        if gid not in gymnasium.registry:
            gymnasium.register(id=gid, entry_point=GYM_ENTRY_POINT,
                               vector_entry_point=GYM_VECTOR_ENTRY_POINT,
                               kwargs={"name": name}, nondeterministic=False)
        ids.append(gid)
    return ids


def register_openspiel(names: Sequence[str] | None = None) -> list[str]:
    """Register Garrison games (all by default) with OpenSpiel and return their names; ``[]``
    when OpenSpiel is not installed. Raises ``OptionError`` for an unknown game."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return []
    from .openspiel import register

    return register(None if names is None else list(names))


#: What this import registered: ``{"openspiel": [names], "gymnasium": [ids]}`` (empty lists for
#: a library that is not installed).
REGISTERED: dict[str, list[str]] = {
    "openspiel": register_openspiel(),
    "gymnasium": register_gymnasium(),
}

__all__ = ["GYM_ENTRY_POINT", "GYM_VECTOR_ENTRY_POINT", "REGISTERED", "env_id",
           "register_gymnasium", "register_openspiel"]

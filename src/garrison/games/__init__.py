"""Game packages: one folder per game, each exporting ``GAME``.

``garrison.games`` is both this package and the public function ``garrison.games()`` (ARCHITECTURE.md, "A naming wrinkle"):
importing a game sets the package as the attribute ``garrison.games``, so the package itself is
made callable and answers like the function.
"""

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from garrison.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage

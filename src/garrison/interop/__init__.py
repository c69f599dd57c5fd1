"""Research adapters: every Garrison game in OpenSpiel, PettingZoo and Gymnasium.

Import the one you need (each needs its library, from the ``rl`` extra):
``garrison.interop.openspiel`` (``register()``, then ``pyspiel.load_game("garrison_<name>")``),
``garrison.interop.pettingzoo`` (``env(name, **options)``: an AEC environment) and
``garrison.interop.gymnasium`` (``env(name, seat=0, opponents="random", **options)``).
See docs/research.md.
"""

"""Random play for tests: one legal action or chance outcome at a time, from a seeded generator."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import garrison


def random_step(state: Any, rng: random.Random) -> None:
    """Apply one action: a chance outcome drawn by ``garrison.sample_chance`` at chance, else a
    legal action chosen uniformly."""
    if state.is_chance_node():
        state.apply_action(garrison.sample_chance(state, rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def play_randomly(state: Any, rng: random.Random, steps: int) -> Any:
    """At most ``steps`` random actions, stopping at the end of the game; returns ``state``."""
    for _ in range(steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    return state


def played_out(name: str, seed: int, **options: Any) -> tuple[Any, Any]:
    """A game of ``name`` with ``options`` played to its end from ``random.Random(seed)``, every
    choice, a chance outcome too, uniform among those listed; returns (game, final state)."""
    game = garrison.load(name, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


def sampled_decisions(game: Any, rng: random.Random, count: int, share: float) -> list[Any]:
    """Copies of ``count`` decisions of random games of ``game``, new games as needed, each
    decision kept with chance ``share``: positions from every phase of play."""
    out: list[Any] = []
    while len(out) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, rng))
                continue
            if rng.random() < share:
                out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return out


def decision_points(state: Any, rng: random.Random, count: int) -> list[Any]:
    """Copies of the first ``count`` states of a random game from ``state`` where a seat has a
    real choice (two or more legal actions); ``state`` is played on."""
    out: list[Any] = []
    while not state.is_terminal() and len(out) < count:
        if not state.is_chance_node() and len(state.legal_actions()) > 1:
            out.append(state.clone())
        random_step(state, rng)
    return out


def decisions(state: Any, rng: random.Random) -> Iterator[Any]:
    """``state`` at each of its decisions to the end of the game, chance drawn in between by
    ``garrison.sample_chance``: the caller applies the decision's action before asking for the
    next one."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
        else:
            yield state


def prompted(game: Any, seed: int) -> Iterator[tuple[Any, dict[str, Any], str, list[str]]]:
    """A random game of ``game`` from ``random.Random(seed)``, decision by decision: the state,
    the mover's observation, the last line of the mover's text view (what it is asked) and the
    legal moves in words; a uniformly random move is applied after each. The state yielded is
    the game's one state: after the last, it is the end of the game."""
    rng = random.Random(seed)
    for state in decisions(game.new_initial_state(), rng):
        obs = state.observation(state.current_player())
        yield state, obs, game.render(obs).splitlines()[-1], [state.action_to_string(a) for a in state.legal_actions()]
        state.apply_action(rng.choice(state.legal_actions()))

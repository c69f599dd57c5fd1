"""Checks shared by the tests of the games' compiled rule-of-thumb bots (``_policy``): the
recorded moves of the Python bot they replace, legality, determinism, no peeking at hidden
information, and playouts (``policy_playout``). Each game's ``test_<game>_policy.py`` calls them."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import garrison
from garrison.core.chance import sample_chance


def fixture_mismatches(path: Path, name: str) -> tuple[int, list[tuple[Any, ...]]]:
    """Replays every recorded game and asks the compiled policy at each recorded point: the
    number of points and the ones where its move differs (options, ply, seat, want, got)."""
    data = json.loads(path.read_text())
    header = data.get("header", data)  # the two layouts the fixtures were recorded in
    assert header["game"] == name and "5350637" in header["made_by"]
    count, wrong = 0, []
    for rec in data["games"]:
        state = garrison.load(name, **rec["options"]).new_initial_state()
        history, done = rec["history"], 0
        for ply, seat, move in rec["points"]:
            while done < ply:
                state.apply_action(history[done])
                done += 1
            assert state.current_player() == seat
            count += 1
            got = state.policy_action(ply * 7919 + 1)
            if got != move:
                wrong.append((rec["options"], ply, seat, move, got))
    return count, wrong


def random_states(name: str, presets: list[dict[str, Any]], count: int, seed: int,
                  policy_share: float = 0.5, max_plies: int = 400) -> Iterator[Any]:
    """``count`` states where a player with two legal moves or more is to move, from games
    played partly at random and partly by the compiled policy, over the option presets."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        for options in presets:
            state = garrison.load(name, **options).new_initial_state()
            stop = rng.randrange(1, max_plies)
            while not state.is_terminal() and len(state.history()) < stop:
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                    continue
                legal = state.legal_actions()
                if rng.random() < policy_share:
                    state.apply_action(state.policy_action(rng.getrandbits(64)))
                else:
                    state.apply_action(rng.choice(legal))
            while state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            if state.is_terminal() or len(state.legal_actions()) < 2:
                continue
            yield state
            made += 1
            if made >= count:
                return


def check_legal_deterministic_and_unchanged(state: Any, rng: random.Random) -> None:
    """The move is legal, the same for the same seed, and asking changes nothing."""
    copy = state.clone()
    before = (state.events(), state.change_count(), str(state))
    seed = rng.getrandbits(64)
    move = state.policy_action(seed)
    assert move in state.legal_actions(), (move, state.legal_actions())
    assert state.policy_action(seed) == move
    assert state == copy and (state.events(), state.change_count(), str(state)) == before


def check_no_peeking(state: Any, rng: random.Random, worlds: int = 4) -> None:
    """Worlds resampled for the player to move (other hidden cards or ranks) get its move."""
    seat = state.current_player()
    seed = rng.getrandbits(64)
    move = state.policy_action(seed)
    for _ in range(worlds):
        world = state.resample(seat, rng)
        assert world.policy_action(seed) == move, (repr(state), seat, move)


def replay(name: str, options: dict[str, Any], history: list[int]) -> Any:
    """A new game with ``history`` applied action by action (each checked legal)."""
    state = garrison.load(name, **options).new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def check_playout_to_end(name: str, options: dict[str, Any], state: Any, seed: int) -> Any:
    """A playout to the end: terminal, this state unchanged, a legal history that replays to the
    same end."""
    copy = state.clone()
    end = state.policy_playout(seed, 10**6)
    assert state == copy
    assert end.is_terminal()
    assert end.history()[:len(state.history())] == state.history()
    again = replay(name, options, end.history())
    assert again.is_terminal() and again.returns() == end.returns()
    assert again == end
    return end


def check_playout_to_score(name: str, options: dict[str, Any], state: Any, seed: int) -> Any:
    """``to_score``: the playout stops at the first action after which the returns differ from
    where it began, or at the end."""
    start = state.returns()
    end = state.policy_playout(seed, 10**6, True)
    history = end.history()
    walk = replay(name, options, state.history())
    for action in history[len(state.history()):-1]:
        walk.apply_action(action)
        assert walk.returns() == start and not walk.is_terminal()
    assert end.is_terminal() or end.returns() != start
    return end

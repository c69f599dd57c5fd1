"""No bot reads hidden information: every registered bot, every level's bot with its time budget
turned into a count, and a learned bot (a random network saved and loaded as a shipped one is),
plays the same move on the true state as on any world resampled for its seat (the same seed: a bot
that reads only its seat's view cannot tell them apart)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import garrison
from garrison.bots import bot_names, make_bot
from garrison.bots.learned import learned_bot
from garrison.bots.levels import levels
from garrison.core.net import Net
from garrison.learn.nets import NETS_ENV
from learn.net_reference import save_random_net


def counted(name: str, sims: int = 24) -> str:
    """``name`` with a time budget (``0.1s``, ``seconds=0.1``) replaced by a count, so the bot is
    deterministic under its seed."""
    key, _, spec = name.partition(":")
    if not spec:
        return name
    parts = [p for p in spec.split(":")
             if not re.fullmatch(r"[0-9.]+s|seconds=[0-9.]+|clock=\w+", p)]
    count = "worlds=3:nodes=60" if key == "pimc" else f"sims={sims}"
    return ":".join([key, count, *parts])


def _decisions(game: garrison.Game, count: int, seed: int, spacing: int = 7) -> list[garrison.State]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    out: list[garrison.State] = []
    steps = 0
    while not state.is_terminal() and len(out) < count:
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1 and steps % spacing == 0:
            out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return out


def _bots(game: garrison.Game) -> list[str]:
    named = [counted(b) for b in levels(game).values()]
    generic = ["ismcts:sims=20", "ismcts:sims=20:infer=4", "ismcts:sims=20:infer=4:reuse=3",
               "ismcts:sims=20:walk=8", "ismcts:sims=20:own=50",
               "pimc:worlds=3:nodes=60"]
    # a guide of each of the game's own bots: it too is asked on the state the bot is given
    generic += [f"ismcts:sims=20:fallback=3:guide={own}" for own in game.bots]
    # and each of them playing the rollouts (Stratego's prior: its compiled bot 1, in C)
    generic += [f"ismcts:sims=20:rollout={own}" for own in game.bots]
    return list(dict.fromkeys([*bot_names(game), *generic, *named]))


def test_counted_turns_time_into_a_count() -> None:
    assert counted("ismcts:0.1s:clock=cpu:fallback=1.5") == "ismcts:sims=24:fallback=1.5"
    assert counted("pimc:seconds=2") == "pimc:worlds=3:nodes=60"
    assert counted("heuristic") == "heuristic"


@pytest.mark.parametrize("name", garrison.games())
def test_every_bot_plays_the_same_move_in_every_world_of_its_seat(name: str) -> None:
    game = garrison.load(name)
    for bot_name in _bots(game):
        if bot_name in ("ismcts", "pimc"):
            continue  # the bare names are the defaults, covered by the counted ones
        _same_in_every_world(game, bot_name)


def _same_in_every_world(game: garrison.Game, bot_name: str) -> None:
    """The bot ``bot_name`` plays the same move (seed 5) at two decisions of a random game as on
    two worlds resampled for its seat at each."""
    for state in _decisions(game, 2, seed=3):
        seat = state.current_player()
        move = make_bot(game, bot_name, seat, seed=5).step(state)
        assert move in state.legal_actions()
        for w in range(2):
            world = state.resample(seat, random.Random(w))
            assert make_bot(game, bot_name, seat, seed=5).step(world) == move, (
                game.name, bot_name, repr(state))


@pytest.mark.parametrize("name", garrison.games())
def test_a_learned_bot_plays_the_same_move_in_every_world_of_its_seat(
        name: str, tmp_path: Path) -> None:
    game = garrison.load(name)
    cls = learned_bot(Net.load(save_random_net(tmp_path / "net.npz", game, seed=1)))
    for state in _decisions(game, 4, seed=3, spacing=3):
        seat = state.current_player()
        move = cls(game, seat, seed=5).step(state)
        assert move in state.legal_actions()
        for w in range(3):
            world = state.resample(seat, random.Random(w))
            assert cls(game, seat, seed=5).step(world) == move, (name, repr(state))


@pytest.mark.parametrize("name", garrison.games())
def test_a_search_with_a_learned_net_plays_the_same_move_in_every_world_of_its_seat(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The network steers the search at every node and values its leaves (``net``, ``mix``)
    or plays its rollouts (``rollout=learned``, in C), each time from the view of the seat to
    move: the search still cannot tell the true state from a world of its seat."""
    game = garrison.load(name)
    (tmp_path / game.name).mkdir()
    save_random_net(tmp_path / game.name / "net.npz", game, seed=2, options={})
    monkeypatch.setenv(NETS_ENV, str(tmp_path))
    for bot_name in ("ismcts:sims=20:net=1:mix=0.5", "ismcts:sims=20:rollout=learned"):
        _same_in_every_world(game, bot_name)

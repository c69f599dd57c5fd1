"""``research/arena_ceiling.py``: the ISMCTS that searches the real state, for the upper bound in
docs/log/bots-history.md ("What a search that sees every card reaches"). It must really see the cards (else
the bound is no bound), stay out of the kernel's bots, and run through the arena's own command."""

from __future__ import annotations

import random

import pytest

import garrison
from garrison.bots import GENERIC, bot_names, make_bot
from random_play import decision_points
from script_module import load_script


@pytest.fixture
def script():
    module = load_script("arena_ceiling")
    yield module
    for bot in module.BOUNDS:
        GENERIC.pop(bot.name, None)


def _mid_deal(seed: int) -> garrison.State:
    game = garrison.load("solo66", deals=1)
    points = decision_points(game.new_initial_state(), random.Random(seed), 20)
    return points[-1]  # in the tricks: every other hand is hidden from the seat to move


def test_its_worlds_are_the_real_state_and_the_honest_bots_are_not(script) -> None:
    state = _mid_deal(4)
    seat = state.current_player()
    seeing = script.SeeingISMCTS(state.game, seat, seed=1)
    honest = make_bot(state.game, "ismcts", seat, seed=1)
    rng = random.Random(2)
    worlds = [seeing._world(state, rng, seeing.rollout(), 16) for _ in range(5)]
    assert all(w.hands == state.hands and w.talon == state.talon for w in worlds)
    drawn = [honest._world(state, rng, honest.rollout(), 16) for _ in range(5)]
    assert any(w.hands != state.hands for w in drawn)  # the position has something hidden


def test_seeing_play_sees_in_the_tricks_and_draws_honest_worlds_in_the_auction(script) -> None:
    game = garrison.load("solo66", deals=1)
    auction = decision_points(game.new_initial_state(), random.Random(4), 1)[0]
    assert auction.observation(None)["phase"] == "auction"
    for state, sees in ((auction, False), (_mid_deal(4), True)):
        seat = state.current_player()
        bot = script.SeeingPlayISMCTS(game, seat, seed=1)
        assert bot.step(state) in state.legal_actions()
        rng = random.Random(2)
        worlds = [bot._world(state, rng, bot.rollout(), 16) for _ in range(5)]
        assert all(w.hands == state.hands for w in worlds) is sees
        assert bot._sees is sees


def _in_the_tricks(seed: int, soloist_moves: bool) -> garrison.State:
    """A decision in the card play where the seat to move is (or is not) the soloist."""
    game = garrison.load("solo66", deals=1)
    for state in decision_points(game.new_initial_state(), random.Random(seed), 40):
        view = state.observation(None)
        if view["phase"] == "play" and (view["soloist"] == state.current_player()) is soloist_moves:
            return state
    raise AssertionError(f"no such decision in random game {seed}")


@pytest.mark.parametrize("soloist_moves", [True, False])
def test_seeing_solo_and_seeing_defence_see_only_in_their_role(script, soloist_moves) -> None:
    state = _in_the_tricks(4, soloist_moves)
    seat = state.current_player()
    for bound, sees in ((script.SeeingSoloISMCTS, soloist_moves),
                        (script.SeeingDefenceISMCTS, not soloist_moves)):
        bot = bound(state.game, seat, seed=1)
        assert bot.step(state) in state.legal_actions()
        rng = random.Random(2)
        worlds = [bot._world(state, rng, bot.rollout(), 16) for _ in range(5)]
        assert all(w.hands == state.hands for w in worlds) is sees, bound.name


def test_it_is_a_bot_name_only_where_the_script_registers_it(script) -> None:
    game = garrison.load("solo66", deals=1)
    names = [bot.name for bot in script.BOUNDS]
    assert names == ["seeing", "seeing_play", "seeing_solo", "seeing_defence"]
    assert not set(names) & set(bot_names(game))
    script.register()
    for name in names:
        assert make_bot(game, f"{name}:sims=3", 0, seed=1).name == name


def test_the_script_runs_the_arena_with_it(script, capsys) -> None:
    with pytest.raises(SystemExit) as done:
        script.main(["gambit", "-o", "players=2", "--bots", "seeing:sims=5,greedy",
                     "--games", "2", "--seed", "1"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "seeing:sims=5" in out and "greedy" in out

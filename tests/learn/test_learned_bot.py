"""Learned bots (``garrison.bots.learned``): a net's bot plays only legal moves through whole games
of every game; the generic ``learned`` plays the shipped net where there is one and is refused,
naming where there is one, elsewhere."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from net_reference import random_net, reference_evaluate, save_random_net

import garrison
from garrison.bots import bot_class, bot_names, make_bot
from garrison.bots.learned import learned_bot
from garrison.core.errors import GameError, OptionError
from garrison.core.net import Net
from garrison.learn import weights
from garrison.learn.weights import net_file_name, shipped_nets


#: Options that keep a game short enough for a test (a game's first test configuration).
def _short(name: str) -> garrison.Game:
    return garrison.load(name, **garrison.game_class(name).test_configs[0])


@pytest.mark.parametrize("name", garrison.games())
def test_a_learned_bot_plays_whole_games_with_legal_moves(name: str) -> None:
    game = _short(name)
    arrays, meta = random_net(game, np.random.default_rng(4))
    cls = learned_bot(Net.from_arrays(arrays, meta), name="net-test")
    assert cls.name == "net-test"
    bots = [cls(game, seat) for seat in range(game.num_players)]
    rng = random.Random(8)
    for _ in range(2):
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, rng))
                continue
            seat = state.current_player()
            action = bots[seat].step(state)
            assert action in state.legal_actions()
            if moves % 17 == 0:  # now and then: the move is the reference's likeliest
                assert action == reference_evaluate(arrays, meta, state, seat)[3]
            state.apply_action(action)
            moves += 1
            assert moves < 100_000, "the game did not end"
        assert moves > 0


def test_a_learned_bot_for_another_layout_is_refused_when_made() -> None:
    net = Net.from_arrays(*random_net(garrison.load("gambit", players=4),
                                      np.random.default_rng(0)))
    cls = learned_bot(net)
    with pytest.raises(GameError, match="tensor of 37 values; this net reads 51"):
        cls(garrison.load("gambit", players=2), 0)


def test_without_a_net_for_its_options_learned_is_refused_and_not_listed() -> None:
    for game in (garrison.load("stratego"), garrison.load("scopa", players=3),
                 garrison.load("gambit", players=2)):
        assert "learned" not in bot_names(game)
        with pytest.raises(OptionError, match=f"no learned network for {game.name} with these "
                           r"options \(shipped: .*scopa \(players=4\)"):
            bot_class(game, "learned")


def test_every_shipped_net_plays_its_games_default_options() -> None:
    """The nets shipped in the games' folders: one per game but Stratego, each for the game's
    default options, each listed and played as ``learned``."""
    shipped = dict(shipped_nets())
    assert sorted(shipped) == sorted(n for n in garrison.games() if n != "stratego")
    for name, options in shipped.items():
        game = garrison.load(name)
        assert all(getattr(game.params, k) == v for k, v in options.items())
        assert "learned" in bot_names(game)
        assert bot_class(game, "learned").net.meta["trained"]["command"].startswith(
            f"garrison train {name}")


def test_the_shipped_net_plays_as_learned_where_its_options_match(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in garrison.games():
        (tmp_path / name).mkdir()
    monkeypatch.setattr(weights, "data_dir", lambda game: tmp_path / game.name)
    two = garrison.load("scopa", players=2)
    path = save_random_net(tmp_path / "scopa" / net_file_name({"players": 2}), two, seed=3,
                           options={"players": 2})
    assert "learned" in bot_names(two)
    assert "learned" not in bot_names(garrison.load("scopa"))  # four players: no net
    with pytest.raises(OptionError, match=r"\(shipped: scopa \(players=2\)\)"):
        bot_class(garrison.load("scopa"), "learned")
    assert bot_class(two, "learned") is bot_class(two, "Learned")  # loaded once
    net = Net.load(path)
    state = two.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(garrison.sample_chance(state, rng))
    seat = state.current_player()
    assert make_bot(two, "learned", seat).step(state) == net.best_action(state, seat)

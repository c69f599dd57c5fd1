"""The search with a learned network: its policy orders and steers the choices at every node
(``net=w``), its value stands in for a share of the rollout (``mix``); the net is found by the
game's options (shipped, or in the folder ``GARRISON_NETS`` names)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import garrison
from garrison.bots import bot_class, make_bot
from garrison.core import OptionError
from garrison.learn.nets import NETS_ENV, game_net
from garrison.learn.weights import net_file_name, save_net


def _biased_net(folder: Path, game: garrison.Game, favourite: int, value: float = 0.0) -> None:
    """A net with no hidden layer whose policy puts almost all weight on ``favourite`` and whose
    value is ``value`` for every seat, saved where ``game_net`` finds it."""
    size, actions = game.observation_tensor_shape[0], game.num_distinct_actions
    bias = np.zeros(actions, np.float32)
    bias[favourite] = 20.0
    meta = {"format": 1, "game": game.name, "options": {"players": game.num_players},
            "tensor_size": size, "num_actions": actions, "value_scale": 1.0, "value_shift": 0.0,
            "trained": {}}
    out = folder / game.name / net_file_name(meta["options"])
    out.parent.mkdir(parents=True, exist_ok=True)
    save_net(out, [], (np.zeros((size, actions), np.float32), bias),
             (np.zeros((size, 1), np.float32), np.full(1, np.arctanh(value), np.float32)), meta)


def _decision(game: garrison.Game, seed: int) -> garrison.State:
    """A state where the player to move has more than one legal action."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while True:
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
        elif len(state.legal_actions()) > 1:
            return state
        else:
            state.apply_action(state.legal_actions()[0])


def test_a_game_without_a_net_refuses_the_settings(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(NETS_ENV, str(tmp_path))
    game = garrison.load("gambit", players=2)
    for name in ("ismcts:net=1", "ismcts:mix=0.5"):
        with pytest.raises(OptionError, match="no learned network for gambit"):
            bot_class(game, name)
    with pytest.raises(OptionError, match="mix is a share"):
        bot_class(game, "ismcts:mix=1.5")


def test_the_nets_policy_picks_the_first_moves_tried(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    game = garrison.load("scopa", players=2)
    state = _decision(game, seed=4)
    legal = state.legal_actions()
    favourite = legal[-1]
    _biased_net(tmp_path, game, favourite)
    monkeypatch.setenv(NETS_ENV, str(tmp_path))
    # no rollout-policy hint (prior=0), no pairing: the untried moves go by the net's policy
    bot = make_bot(game, "ismcts:sims=1:prior=0:paired=0:net=1", state.current_player(), seed=1)
    bot.step(state)
    assert list(bot.last_root.visits) == [favourite]
    plain = make_bot(game, "ismcts:sims=1:prior=0:paired=0", state.current_player(), seed=1)
    plain.step(state)
    assert plain.last_root.priors is None


def test_a_leaf_valued_wholly_by_the_net_plays_no_rollout(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    game = garrison.load("scopa", players=2)
    state = _decision(game, seed=5)
    _biased_net(tmp_path, game, state.legal_actions()[0], value=0.25)
    monkeypatch.setenv(NETS_ENV, str(tmp_path))
    seat = state.current_player()
    bot = make_bot(game, "ismcts:sims=30:paired=0:mix=1", seat, seed=2)
    bot.step(state)
    assert bot.rollout().steps == 0  # no rollout was played
    root = bot.last_root
    for action, visits in root.visits.items():  # every simulation backed up the net's 0.25
        assert root.value[action] == pytest.approx(0.25 * visits, abs=1e-5)
    mixed = make_bot(game, "ismcts:sims=30:paired=0:mix=0.5", seat, seed=2)
    mixed.step(state)
    assert mixed.rollout().steps > 0


def test_the_net_is_the_one_for_the_games_options(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    game2 = garrison.load("scopa", players=2)
    _biased_net(tmp_path, game2, 0)
    monkeypatch.setenv(NETS_ENV, str(tmp_path))
    assert game_net(game2).meta["options"] == {"players": 2}
    # four players: the shipped net, since the folder has none for them; three: none at all
    assert game_net(garrison.load("scopa", players=4)).meta["options"] == {"players": 4}
    with pytest.raises(OptionError, match="no learned network for scopa"):
        game_net(garrison.load("scopa", players=3))

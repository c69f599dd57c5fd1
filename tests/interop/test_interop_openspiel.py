"""OpenSpiel adapter: every registered game passes OpenSpiel's own random_sim_test, and what the
adapter declares (GameType, GameInfo, parameters, observers) agrees with the game's facts."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

import garrison
from garrison.interop import openspiel

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]


@pytest.fixture(scope="module", autouse=True)
def _registered():
    openspiel.register()


def _play_random(game, rng, stop_prob=0.0):
    """Random play through the OpenSpiel interface; yields every state reached."""
    state = game.new_initial_state()
    yield state
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        yield state


def test_register_names_every_game_and_is_idempotent():
    names = openspiel.register()
    assert names == [f"garrison_{n}" for n in garrison.games()]
    assert openspiel.register() == names
    registered = set(pyspiel.registered_names())
    assert set(names) <= registered


@pytest.mark.parametrize("name, config", GAMES)
def test_random_sim_test_passes(name, config):
    game = openspiel.load_game(name, **config)

    def invariants(state):
        openspiel.garrison_state(state).check_invariants()

    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False,
                            state_checker_fn=invariants)


@pytest.mark.parametrize("name, config", GAMES)
def test_game_type_and_info_come_from_the_options(name, config):
    ours = garrison.load(name, **config)
    game = openspiel.load_game(name, **config)
    gtype = game.get_type()
    assert gtype.short_name == f"garrison_{name}"
    low, high = garrison.game_class(name).player_range()
    assert (gtype.min_num_players, gtype.max_num_players) == (low, high)
    assert game.num_players() == ours.num_players
    assert game.num_distinct_actions() == ours.num_distinct_actions
    assert game.max_chance_outcomes() == ours.max_chance_outcomes
    assert game.min_utility() == ours.min_utility and game.max_utility() == ours.max_utility
    assert game.max_game_length() == ours.max_game_length
    assert game.observation_tensor_shape() == list(ours.observation_tensor_shape)
    assert game.information_state_tensor_shape() == [openspiel.information_state_layout(ours)[-1][1].stop]
    if ours.utility_sum is None:
        assert gtype.utility == pyspiel.GameType.Utility.GENERAL_SUM
    else:
        assert game.utility_sum() == ours.utility_sum
    perfect = pyspiel.GameType.Information.PERFECT_INFORMATION
    assert (gtype.information == perfect) == ours.facts.perfect_information
    # options travel as OpenSpiel parameters, and the game string loads the same game back
    held = game.new_initial_state()
    assert openspiel.garrison_state(held).game == ours
    again = pyspiel.load_game(str(game))
    assert openspiel.garrison_state(again.new_initial_state()).game == ours


@pytest.mark.parametrize("name", garrison.games())
def test_game_type_follows_every_test_config(name):
    utility = pyspiel.GameType.Utility
    for config in garrison.game_class(name).test_configs:
        ours = garrison.load(name, **config)
        gtype = openspiel.load_game(name, **config).get_type()
        expected = (utility.GENERAL_SUM if ours.utility_sum is None
                    else utility.ZERO_SUM if ours.utility_sum == 0 else utility.CONSTANT_SUM)
        assert gtype.utility == expected, config
        stochastic = gtype.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert stochastic == (ours.max_chance_outcomes > 0)


def test_soldateska_played_for_the_win_is_constant_sum():
    game = openspiel.load_game("soldateska", returns="win")
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == 1.0 and game.get_parameters()["returns"] == "win"


@pytest.mark.parametrize("name", garrison.games())
def test_parameter_specification_lists_every_option_with_its_default(name):
    spec = pyspiel.load_game(f"garrison_{name}").get_type().parameter_specification
    for option in garrison.game_class(name).option_specs():
        value = spec[option.name]
        if option.default is None:
            assert value == "none"
        else:
            assert value == option.default and type(value) is type(option.default)


def test_bad_parameters_raise_our_error():
    with pytest.raises(garrison.OptionError):
        openspiel.load_game(garrison.games()[0], no_such_option=1)


@pytest.mark.parametrize("name, config", GAMES)
def test_observers_agree_with_the_gate_and_clone_serialize_round_trip(name, config):
    from open_spiel.python.observation import make_observation

    game = openspiel.load_game(name, **config)
    n = game.num_players()
    public = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    public_obs = make_observation(game, public)
    rng = random.Random(5)
    for i, state in enumerate(_play_random(game, rng)):
        if i % 7:
            continue
        ours = openspiel.garrison_state(state)
        for seat in range(n):
            assert state.observation_string(seat) == ours.observation_string(seat)
            assert np.array_equal(state.observation_tensor(seat), ours.observation_tensor(seat))
            assert state.information_state_string(seat).startswith(ours.observation_string(seat))
            info_tensor = np.asarray(state.information_state_tensor(seat))
            assert np.array_equal(info_tensor[:ours.game.observation_tensor_shape[0]], ours.observation_tensor(seat))
        public_obs.set_from(state, 0)
        assert np.array_equal(public_obs.tensor, ours.observation_tensor(None))
        assert public_obs.string_from(state, 0) == ours.observation_string(None)
        twin = state.clone()
        assert twin.history() == state.history()
        assert openspiel.garrison_state(twin) == ours and openspiel.garrison_state(twin) is not ours
        back = game.deserialize_state(state.serialize())
        assert openspiel.garrison_state(back) == ours
        assert [back.information_state_string(s) for s in range(n)] == [
            state.information_state_string(s) for s in range(n)
        ]


@pytest.mark.parametrize("name, config", GAMES)
def test_information_state_is_perfect_recall(name, config):
    """The string tells apart what a seat saw differently at any point, even if the present
    observation is the same; and it equals a fresh replay of the same history."""
    game = openspiel.load_game(name, **config)
    rng = random.Random(11)
    seen: set[str] = set()
    tensors: set[bytes] = set()
    replays = 0
    for state in _play_random(game, rng):
        if state.is_chance_node() or state.is_terminal():
            continue
        seat = state.current_player()
        info = state.information_state_string(seat)
        # the seat's past is part of it, so one game never reaches the same string twice
        assert info not in seen, "information state repeated within one game"
        seen.add(info)
        # the tensor has the recall too: the current observation, then the digest's bits
        tensor = np.asarray(state.information_state_tensor(seat))
        size = game.observation_tensor_size()
        assert np.array_equal(tensor[:size], state.observation_tensor(seat))
        assert tensor[size:].tobytes() not in tensors, "information-state tensor repeated within one game"
        tensors.add(tensor[size:].tobytes())
        if len(seen) % 17 == 1 and replays < 4:
            replays += 1
            replayed = game.new_initial_state()
            for action in state.history():
                replayed.apply_action(action)
            assert replayed.information_state_string(seat) == info


def _own_sequence(game, history, seat):
    """What ``seat`` received along ``history``: observations when they changed, own actions."""
    state = openspiel.garrison_state(game.new_initial_state())
    seen = [state.observation_string(seat)]
    for action in history:
        mover = state.current_player()
        state.apply_action(action)
        now = state.observation_string(seat)
        if mover == seat:
            seen.append(("played", action, now))
        elif now != seen[-1] and not (isinstance(seen[-1], tuple) and seen[-1][2] == now):
            seen.append(now)
    return tuple(seen)


@pytest.mark.parametrize("name, config", GAMES)
def test_information_states_match_what_the_seat_received(name, config):
    """Across several games, two decision points share an information-state string exactly when
    the seat received the same sequence of observations and played the same actions."""
    game = openspiel.load_game(name, **config)
    rng = random.Random(23)
    by_info: dict[str, tuple] = {}
    by_seq: dict[tuple, str] = {}
    by_tensor: dict[tuple, str] = {}
    tensor_of: dict[str, tuple] = {}
    for _ in range(4):
        decisions = 0
        for state in _play_random(game, rng):
            if state.is_chance_node() or state.is_terminal():
                continue
            decisions += 1
            if decisions > 8:
                break
            seat = state.current_player()
            info = state.information_state_string(seat)
            seq = (seat, _own_sequence(game, state.history(), seat))
            assert by_info.setdefault(info, seq) == seq
            assert by_seq.setdefault(seq, info) == info
            # different strings never share a tensor, and one string always has one tensor
            tensor = (seat, np.asarray(state.information_state_tensor(seat)).tobytes())
            assert by_tensor.setdefault(tensor, info) == info
            assert tensor_of.setdefault(info, tensor) == tensor


@pytest.mark.parametrize("name, config", GAMES)
def test_resampled_worlds_keep_the_infostate_and_drop_the_true_history(name, config):
    game = openspiel.load_game(name, **config)
    rng = random.Random(3)
    for i, state in enumerate(_play_random(game, rng)):
        if state.is_terminal() or i % 5:
            continue
        for seat in range(game.num_players()):
            world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert world.information_state_string(seat) == state.information_state_string(seat)
            if not state.is_chance_node():
                assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert world.observation_string(seat) == state.observation_string(seat)
            assert world.current_player() == state.current_player()
            assert world.history() == []
            if state.current_player() == seat:
                assert world.legal_actions() == state.legal_actions()
            # worlds play on and serialise like any state
            clone = world.clone()
            assert str(game.deserialize_state(clone.serialize())) == str(clone)


@pytest.mark.parametrize("name, config", GAMES)
def test_openspiel_search_plays_a_decision(name, config):
    from open_spiel.python.algorithms import ismcts, mcts

    game = openspiel.load_game(name, **config)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    if game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION:
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(0))
    else:
        bot = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=np.random.RandomState(0))
    rng = random.Random(0)
    state = game.new_initial_state()
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probs)[0])
    assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize("name, config", GAMES)
def test_openspiel_api_test_on_sampled_states_passes(name, config):
    """OpenSpiel's own integration API checks (the partial-tree suite it runs on every
    registered game): sequence lengths, errors for bad players, legal actions of non-movers,
    private information, public observations."""
    import io
    import unittest

    from open_spiel.integration_tests import api_test

    game = openspiel.load_game(name, **config)
    case = type(f"Garrison_{name}_API", (api_test.EnforceAPIOnPartialTreeBase,),
                {"game_name": f"garrison_{name}", "game": game})
    out = io.StringIO()
    suite = unittest.TestLoader().loadTestsFromTestCase(case)
    result = unittest.TextTestRunner(stream=out, verbosity=0).run(suite)
    assert result.wasSuccessful(), out.getvalue()


@pytest.mark.parametrize("name, config", GAMES)
def test_all_players_observer_is_the_marked_god_view(name, config):
    from open_spiel.python.observation import make_observation

    game = openspiel.load_game(name, **config)
    god = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    assert god is not None
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(8):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    ours = openspiel.garrison_state(state)
    for player in range(game.num_players()):
        god.set_from(state, player)
        every_seat = [ours.observation_tensor(s) for s in range(game.num_players())]
        assert np.array_equal(god.tensor, np.concatenate(every_seat))
        text = god.string_from(state, player)
        assert text.startswith(openspiel.GOD_VIEW) and str(ours) in text

"""The batched engine: every table of every game is the kernel's game (same views, masks and
returns as a lone state), seeds reproduce, tables reset on their own, illegal actions are
refused before anything changes; the Gymnasium VectorEnv and PettingZoo-shaped forms on top."""

from __future__ import annotations

import copy

import numpy as np
import pytest

import garrison
import garrison.core.compiled
from garrison.core import CHANCE
from garrison.interop.batch import BatchEnv
from garrison.interop.vector import BatchAECEnv, GarrisonVectorEnv

GAMES = [pytest.param(n, garrison.game_class(n).test_configs[0], id=n) for n in garrison.games()]


def _random_actions(step, rng):
    return np.array([rng.choice(np.flatnonzero(row)) for row in step.mask])


def _draw_chance(state, rng):
    """Play chance at ``state`` as a table does (one ``random()`` a node) up to a player or the end."""
    while state.is_chance_node():
        state.apply_action(garrison.sample_chance(state, rng))


def _check_rows(env, step):
    for i, state in enumerate(env.states):
        mover = state.current_player()
        assert step.to_move[i] == mover
        assert np.flatnonzero(step.mask[i]).tolist() == sorted(state.legal_actions())
        view = state.observation_tensor(None if mover == CHANCE else mover)
        assert np.array_equal(step.obs[i], view)


@pytest.mark.parametrize("name, config", GAMES)
def test_tables_are_the_kernel_game_and_reset_on_their_own(name, config):
    env = BatchEnv(name, 3, **config)
    step = env.reset(seed=[4, 5, 6])
    assert step.obs.dtype == np.float32 and step.mask.dtype == bool
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(80):
        _check_rows(env, step)
        # each table's game and generator as they stand: a lone state that plays the same
        # action and draws the same chance is where the table's game ends, or goes on
        lone = [(state.clone(), copy.deepcopy(table_rng)) for state, table_rng in
                zip(env.states, env._rngs)]
        actions = _random_actions(step, rng)
        step = env.step(actions)
        for i, (state, table_rng) in enumerate(lone):
            state.apply_action(int(actions[i]))
            _draw_chance(state, table_rng)
            if step.terminated[i]:
                ended += 1
                assert state.is_terminal() and step.rewards[i].tolist() == state.returns()
                assert np.array_equal(env.episode_returns[i], step.rewards[i])
                for seat in range(env.num_players):
                    assert np.array_equal(step.final_obs(seat)[i], state.observation_tensor(seat))
                # the last position itself, for an evaluator of the end: the lone game's
                last = step.final_states()[i]
                assert last.is_terminal() and last.returns() == state.returns()
                for seat in range(env.num_players):
                    assert np.array_equal(last.observation_tensor(seat),
                                          state.observation_tensor(seat))
                if env.game.evaluator is not None:
                    assert env.game.evaluator(last) == env.game.evaluator(state)
                # the table's next game, made in place, is a new game drawing on
                fresh = env.game.new_initial_state()
                _draw_chance(fresh, table_rng)
                assert env.states[i] == fresh and env.states[i].history() == fresh.history()
            else:
                assert env.states[i] == state and not step.rewards[i].any()
                assert i not in step.final_obs(0) and i not in step.final_states()
    if name == "gambit":  # short games: the automatic reset is really exercised
        assert ended > 0


@pytest.mark.parametrize("name, config", GAMES)
def test_same_seeds_same_games_whatever_the_batch(name, config):
    def run(env, seeds, table):
        step = env.reset(seed=seeds)
        rng = np.random.default_rng(1)
        seen = []
        for _ in range(25):
            actions = _random_actions(step, rng)
            seen.append((step.obs[table].tolist(), int(actions[table])))
            step = env.step(actions)
        return seen

    pair = run(BatchEnv(name, 2, **config), [8, 9], 0)
    assert run(BatchEnv(name, 2, **config), [8, 9], 0) == pair
    # table 0 seeded 8 plays the same game alone when it gets the same actions
    alone = BatchEnv(name, 1, **config)
    step = alone.reset(seed=[8])
    for obs, action in pair:
        assert step.obs[0].tolist() == obs
        step = alone.step([action])


@pytest.mark.parametrize("name, config", GAMES)
def test_illegal_actions_change_no_table_or_lose_by_choice(name, config):
    env = BatchEnv(name, 2, **config)
    step = env.reset(seed=1)
    histories = [s.history() for s in env.states]
    actions = _random_actions(step, np.random.default_rng(2))
    actions[1] = env.num_actions + 5
    with pytest.raises(garrison.IllegalActionError, match="table 1"):
        env.step(actions)
    assert [s.history() for s in env.states] == histories
    with pytest.raises(garrison.InvalidActionError, match="2 actions"):
        env.step(actions[:1])
    losing = BatchEnv(name, 2, illegal="lose", **config)
    step = losing.reset(seed=1)
    mover = int(step.to_move[1])
    step = losing.step(actions)
    assert step.terminated.tolist() == [step.terminated[0], True] and step.illegal.tolist() == [False, True]
    assert step.rewards[1, mover] == losing.game.min_utility


@pytest.mark.parametrize("name, config", GAMES)
def test_bots_fill_the_other_seats_and_every_seat_can_be_observed(name, config):
    env = BatchEnv(name, 2, seat=0, opponents="random", observe="all", **config)
    step = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(20):
        assert (step.to_move == 0).all()
        assert step.obs.shape == (2, env.num_players, env.tensor_size)
        for i, state in enumerate(env.states):
            for seat in range(env.num_players):
                assert np.array_equal(step.obs[i, seat], state.observation_tensor(seat))
        step = env.step(_random_actions(step, rng))


def test_chance_left_to_the_caller():
    env = BatchEnv("gambit", 2, chance="caller", players=2)
    step = env.reset(seed=0)
    assert (step.to_move == CHANCE).all()
    for i, state in enumerate(env.states):
        outcomes = dict(state.chance_outcomes())
        assert np.flatnonzero(step.mask[i]).tolist() == sorted(outcomes)
        assert step.chance_probs[i].sum() == pytest.approx(1.0)
        assert np.array_equal(step.obs[i], state.observation_tensor(None))
    step = env.step([int(np.flatnonzero(row)[0]) for row in step.mask])
    assert [s.history()[0] for s in env.states] == [int(np.flatnonzero(r)[0]) for r in env.reset(seed=0).mask]


def test_bad_arguments_are_named():
    with pytest.raises(garrison.OptionError, match="num_envs"):
        BatchEnv("gambit", 0)
    with pytest.raises(garrison.OptionError, match="observe"):
        BatchEnv("gambit", 2, observe="everyone")
    with pytest.raises(garrison.OptionError, match="seed"):
        BatchEnv("gambit", 2).reset(seed=[1, 2, 3])
    with pytest.raises(garrison.OptionError, match="seed"):
        BatchEnv("gambit", 2).reset(seed=True)
    with pytest.raises(garrison.OptionError, match="opponents"):
        BatchEnv("gambit", 2, seat=1)


@pytest.mark.parametrize("name, config", GAMES)
def test_vector_env_is_the_single_seat_contract_batched(name, config):
    envs = GarrisonVectorEnv(name, 3, seat=0, opponents="random", autoreset_mode="SameStep", **config)
    obs, _ = envs.reset(seed=7)
    assert obs in envs.observation_space
    rng = np.random.default_rng(7)
    for _ in range(30):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rewards, terminations, truncations, infos = envs.step(actions)
        assert obs in envs.observation_space and not truncations.any()
        # the seat's return of each game that ended (the batch checks them against lone games)
        ended = envs.batch.episode_returns[:, 0]
        assert (rewards == np.where(terminations, ended, 0.0)).all()
    # any action of the space is accepted: an illegal one ends that table's game with the worst return
    obs, _ = envs.reset(seed=7)
    illegal = [int(np.flatnonzero(m == 0)[0]) if (m == 0).any() else envs.batch.num_actions for m in obs["action_mask"]]
    if all(a < envs.batch.num_actions for a in illegal):
        obs, rewards, terminations, _, infos = envs.step(illegal)
        assert terminations.all() and infos["illegal_action"].all()
        assert (rewards == envs.batch.game.min_utility).all()


def test_pettingzoo_shaped_batch_names_the_agent_to_move():
    env = BatchAECEnv("gambit", 4, players=3)
    env.reset(seed=2)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    for _ in range(10):
        obs, rewards, terminations, truncations, _ = env.last()
        assert obs["observation"].shape == (4, env.batch.tensor_size)
        movers = env.batch.states
        assert env.agent_selection.tolist() == [f"player_{s.current_player()}" for s in movers]
        env.step([int(np.flatnonzero(m)[0]) for m in obs["action_mask"]])


@pytest.mark.parametrize("name", [n for n in garrison.games()
                                  if isinstance(garrison.load(n).new_initial_state(),
                                                garrison.core.compiled.CompiledState)])
def test_compiled_games_step_in_the_compiled_engine_with_every_seat_observed(name):
    config = garrison.game_class(name).test_configs[0]
    env = BatchEnv(name, 4, observe="all", **config)
    step = env.reset(seed=3)
    assert env._tables is not None  # self-play, chance inside: core/batch.pyx steps the tables
    rng = np.random.default_rng(2)
    for _ in range(40):
        for i, state in enumerate(env.states):
            for seat in range(env.num_players):
                assert np.array_equal(step.obs[i, seat], state.observation_tensor(seat))
            assert np.flatnonzero(step.mask[i]).tolist() == state.legal_actions()
        # no chance node is left to the caller: no probabilities, and none can be written
        assert not step.chance_probs.any() and not step.chance_probs.flags.writeable
        step = env.step(_random_actions(step, rng))
    # a table's game is a kernel game: its history replays to the same state
    for state in env.states:
        assert garrison.replay(state.to_record()) == state


@pytest.mark.parametrize("name, config", GAMES)
def test_the_listed_legal_ids_are_the_mask_and_random_legal_draws_from_them(name, config):
    env = BatchEnv(name, 3, **config)
    step = env.reset(seed=2)
    rng = np.random.default_rng(4)
    for _ in range(30):
        for i in range(3):
            listed = step.legal[step.legal_start[i]:step.legal_start[i + 1]].tolist()
            assert listed == np.flatnonzero(step.mask[i]).tolist()
        actions = step.random_legal(rng)
        assert all(step.mask[i, a] for i, a in enumerate(actions))
        step = env.step(actions)


@pytest.mark.parametrize("name, config", GAMES)
def test_a_table_plays_without_undo_copies_yet_undoes_as_played(name, config):
    """A table applies its actions without their undo copies (the kernel's ``_do_fast``); its
    state still undoes move by move to the start of its game, each position the one a lone
    state replaying the record reaches, and plays on after."""
    env = BatchEnv(name, 2, **config)
    step = env.reset(seed=5)
    rng = np.random.default_rng(2)
    for _ in range(25):
        step = env.step(_random_actions(step, rng))
    state = env.states[0]
    history = state.history()
    assert garrison.replay(state.to_record()) == state
    for k in range(len(history) - 1, max(-1, len(history) - 40), -1):
        state.undo()
        assert state.history() == history[:k]
        assert state == garrison.replay({"game": state.game.name, "options": state.game.options,
                                         "actions": history[:k]})
    for action in history[len(state.history()):]:  # and plays the same moves on
        state.apply_action(action)
    assert state.history() == history and garrison.replay(state.to_record()) == state

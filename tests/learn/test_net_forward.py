"""The compiled ``Net`` (core/net.pyx) computes what the NumPy reference computes: every logit and
the value on single tensors and batches, for every game's tensor size; ``evaluate`` and
``best_action`` on real states of every game, by the compiled path and the generic one."""

from __future__ import annotations

import pickle
import random
import threading
from typing import Any

import numpy as np
import pytest
from net_reference import random_layers, random_net, reference_evaluate, reference_forward

import garrison
from garrison.core.errors import GameError
from garrison.core.net import Net

TOL = {"rtol": 1e-5, "atol": 1e-5}


def spread_states(game: garrison.Game, seed: int, count: int = 12, every: int = 5,
                  cap: int = 3000) -> list[Any]:
    """Copies of every ``every``-th decision of a random game (up to ``count``, from a fresh game
    when one ends), so the states reach past the opening."""
    rng = random.Random(seed)
    out: list[Any] = []
    state = game.new_initial_state()
    steps = 0
    while len(out) < count and steps < cap:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
            continue
        if steps % every == 0:
            out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    assert len(out) == count
    return out


def _tensors(game: garrison.Game, rng: np.random.Generator) -> np.ndarray:
    """Real observation tensors of every seat, and dense random ones."""
    rows = [s.observation_tensor(seat) for s in spread_states(game, 1, count=6)
            for seat in range(game.num_players)]
    rows += list(rng.normal(size=(4, game.observation_tensor_shape[0])).astype(np.float32))
    return np.stack(rows)


@pytest.mark.parametrize("name", garrison.games())
def test_forward_equals_the_reference_on_rows_and_batches(name: str) -> None:
    game = garrison.load(name)
    rng = np.random.default_rng(7)
    arrays, meta = random_net(game, rng)
    net = Net.from_arrays(arrays, meta)
    x = _tensors(game, rng)
    want_logits, want_value = reference_forward(arrays, meta, x)
    logits, value = net.forward(x)
    assert logits.shape == (len(x), game.num_distinct_actions) and value.shape == (len(x),)
    assert logits.dtype == np.float32 and value.dtype == np.float32
    np.testing.assert_allclose(logits, want_logits, **TOL)
    np.testing.assert_allclose(value, want_value, **TOL)
    for row, want_l, want_v in zip(x, want_logits, want_value):
        one_l, one_v = net.forward(row)
        assert one_l.shape == (game.num_distinct_actions,) and one_v.shape == ()
        np.testing.assert_allclose(one_l, want_l, **TOL)
        np.testing.assert_allclose(one_v, want_v, **TOL)


@pytest.mark.parametrize("hidden", [(), (1,), (7,), (33, 5), (64, 17, 128)])
def test_forward_equals_the_reference_for_other_shapes(hidden: tuple[int, ...]) -> None:
    """No trunk, one unit, widths that are no multiple of a vector, three layers; a value
    scaled and shifted."""
    rng = np.random.default_rng(len(hidden))
    size, actions = 41, 13
    trunk, policy, value = random_layers([size, *hidden], actions, rng)
    arrays = {f"trunk_{wb}{i}": layer[j] for i, layer in enumerate(trunk)
              for j, wb in enumerate("wb")}
    arrays.update(policy_w=policy[0], policy_b=policy[1], value_w=value[0], value_b=value[1])
    meta = {"format": 1, "game": "gambit", "options": {}, "tensor_size": size,
            "num_actions": actions, "value_scale": 2.5, "value_shift": -0.5, "trained": {}}
    net = Net.from_arrays(arrays, meta)
    assert net.sizes == [size, *hidden] and net.depth == len(hidden)
    x = rng.normal(size=(9, size)).astype(np.float32)
    x[:, ::3] = 0.0  # zeros are skipped: the result must not change
    logits, values = net.forward(x)
    want_logits, want_values = reference_forward(arrays, meta, x)
    np.testing.assert_allclose(logits, want_logits, **TOL)
    np.testing.assert_allclose(values, want_values, **TOL)
    assert np.all(np.abs(values + 0.5) <= 2.5)


@pytest.mark.parametrize("name", garrison.games())
def test_evaluate_equals_the_reference_on_real_states(name: str) -> None:
    game = garrison.load(name)
    arrays, meta = random_net(game, np.random.default_rng(3), value_scale=2.0, value_shift=0.25)
    net = Net.from_arrays(arrays, meta)
    for state in spread_states(game, seed=11):
        for seat in range(game.num_players):
            want_legal, want_priors, want_value, want_best = reference_evaluate(
                arrays, meta, state, seat)
            legal, priors, value = net.evaluate(state, seat)
            assert legal == want_legal
            assert priors.dtype == np.float64 and priors.shape == (len(legal),)
            np.testing.assert_allclose(priors, want_priors, **TOL)
            assert abs(priors.sum() - 1.0) < 1e-9
            assert value == pytest.approx(want_value, abs=1e-5)
            assert net.best_action(state, seat) == want_best


class _PlainView:
    """A state that is no ``CompiledState``: only the public API, so ``evaluate`` takes the
    generic path (``observation_tensor`` and ``legal_actions``)."""

    def __init__(self, state: Any) -> None:
        self._state = state
        self.game = state.game

    def is_terminal(self) -> bool:
        return bool(self._state.is_terminal())

    def is_chance_node(self) -> bool:
        return bool(self._state.is_chance_node())

    def legal_actions(self) -> list[int]:
        return list(self._state.legal_actions())

    def observation_tensor(self, seat: int) -> np.ndarray:
        return np.asarray(self._state.observation_tensor(seat), dtype=np.float64)


@pytest.mark.parametrize("name", garrison.games())
def test_the_generic_path_agrees_with_the_compiled_one(name: str) -> None:
    game = garrison.load(name)
    net = Net.from_arrays(*random_net(game, np.random.default_rng(5)))
    for state in spread_states(game, seed=2, count=4):
        seat = state.current_player()
        legal, priors, value = net.evaluate(state, seat)
        plain = _PlainView(state)
        legal2, priors2, value2 = net.evaluate(plain, seat)
        assert legal2 == legal
        np.testing.assert_allclose(priors2, priors, rtol=1e-12)
        assert value2 == value
        assert net.best_action(plain, seat) == net.best_action(state, seat)


def test_ties_go_to_the_lowest_id() -> None:
    game = garrison.load("scopa", players=2)
    arrays, meta = random_net(game, np.random.default_rng(1))
    arrays["policy_w"][:] = 0.0
    arrays["policy_b"][:] = 1.5
    net = Net.from_arrays(arrays, meta)
    state = spread_states(game, seed=4, count=1)[0]
    legal, priors, _ = net.evaluate(state, state.current_player())
    assert len(legal) > 1
    np.testing.assert_allclose(priors, 1.0 / len(legal))
    assert net.best_action(state, state.current_player()) == min(legal)


def test_a_net_for_another_layout_or_game_is_refused_naming_both() -> None:
    small = garrison.load("gambit", players=2)
    large = garrison.load("gambit", players=4)
    net = Net.from_arrays(*random_net(large, np.random.default_rng(0)))
    state = spread_states(small, seed=0, count=1)[0]
    with pytest.raises(GameError, match=r"tensor of 37 values; this net reads 51"):
        net.evaluate(state, 0)
    with pytest.raises(GameError, match=r"tensor of 37 values; this net reads 51"):
        net.best_action(state, 0)
    other = spread_states(garrison.load("scopa"), seed=0, count=1)[0]
    with pytest.raises(GameError, match="this net plays gambit, not scopa"):
        net.evaluate(other, 0)
    with pytest.raises(GameError, match=r"reads tensors of 51 values.*got shape \(37,\)"):
        net.forward(np.zeros(37, dtype=np.float32))
    with pytest.raises(GameError, match=r"got shape \(2, 3, 51\)"):
        net.forward(np.zeros((2, 3, 51), dtype=np.float32))


def test_evaluate_refuses_chance_nodes_the_end_and_missing_seats() -> None:
    game = garrison.load("gambit", players=2)
    net = Net.from_arrays(*random_net(game, np.random.default_rng(0)))
    state = game.new_initial_state()
    assert state.is_chance_node()
    with pytest.raises(GameError, match="not a chance node or the end"):
        net.evaluate(state, 0)
    decision = spread_states(game, seed=0, count=1)[0]
    for seat in (2, -1, None, True, "0"):
        with pytest.raises(GameError, match="no seat"):
            net.evaluate(decision, seat)  # type: ignore[arg-type]
    assert net.evaluate(decision, np.int64(1))[0] == decision.legal_actions()


def test_threads_sharing_one_net_get_the_serial_answers() -> None:
    """Evaluate releases the GIL; a second thread meanwhile works in buffers of its own."""
    game = garrison.load("stratego")
    net = Net.from_arrays(*random_net(game, np.random.default_rng(2)))
    states = spread_states(game, seed=6, count=8, every=3)
    want = [net.evaluate(s, s.current_player()) for s in states]
    got: dict[int, list[Any]] = {}

    def work(k: int) -> None:
        got[k] = [net.evaluate(s, s.current_player()) for _ in range(20) for s in states]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert sorted(got) == [0, 1, 2]
    for results in got.values():
        for (legal, priors, value), (wl, wp, wv) in zip(results, want * 20):
            assert legal == wl and value == wv
            np.testing.assert_array_equal(priors, wp)


def test_a_net_owns_copies_of_its_arrays_and_pickles_whole() -> None:
    game = garrison.load("solo66")
    arrays, meta = random_net(game, np.random.default_rng(8))
    net = Net.from_arrays(arrays, meta)
    x = spread_states(game, seed=1, count=1)[0].observation_tensor(0)
    before = net.forward(x)
    for a in arrays.values():
        a *= 3.0  # a trainer's parameters change after the net was made
    after = net.forward(x)
    np.testing.assert_array_equal(after[0], before[0])
    assert after[1] == before[1]
    copy = pickle.loads(pickle.dumps(net))
    assert copy.meta == net.meta and copy.sizes == net.sizes
    for a, b in zip(copy.forward(x), before):
        np.testing.assert_array_equal(a, b)

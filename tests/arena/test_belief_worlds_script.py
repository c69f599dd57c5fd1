"""``research/belief_worlds.py``: a learned belief of 1848's hidden cards weighing the search's
worlds (docs/log/bots-history.md, "A learned belief of the hidden cards"). Its uniform
chances must be those of ``resample``, it must read only the seat's view, and its weights must
follow the network. Its data come from the bot named, with Scopa's chances exact and Solo 66's
the shares of the worlds drawn ("A belief learned from the search's own games")."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import garrison
from garrison.bots import GENERIC, make_bot
from random_play import decision_points
from script_module import load_script


@pytest.fixture
def script():
    module = load_script("belief_worlds")
    yield module
    GENERIC.pop("believer", None)


def _positions(seed: int, count: int = 12) -> list[garrison.State]:
    game = garrison.load("1848", players=3)
    return decision_points(game.new_initial_state(), random.Random(seed), 60)[-count:]


def _biased(folder: Path, n_in: int, bias: np.ndarray) -> str:
    """A belief file whose every output is ``bias``, whatever the tensor."""
    path = folder / "belief.npz"
    np.savez(path, mu=np.zeros(n_in, np.float32), sd=np.ones(n_in, np.float32),
             w0=np.zeros((n_in, 4), np.float32), b0=np.zeros(4, np.float32),
             w1=np.zeros((4, 4), np.float32), b1=np.zeros(4, np.float32),
             w2=np.zeros((4, len(bias)), np.float32), b2=bias)
    return str(path)


def test_the_uniform_chances_are_resamples_and_the_truth_is_possible(script) -> None:
    for state in _positions(3, 4):
        seat = state.current_player()
        truth, chance, cards = script.hidden(state, seat)
        assert len(cards) > 0
        assert np.allclose(chance[cards].sum(1), 1.0)
        assert (chance[truth < 0] == 0).all() and (truth[cards] >= 0).all()
        assert all(chance[c, truth[c]] > 0 for c in cards)  # the real deal is one the chances allow
        counts: Counter[tuple[int, int]] = Counter()
        rng, draws = random.Random(5), 600
        for _ in range(draws):
            where = script.places(state.resample(seat, rng), seat)
            counts.update((int(c), int(where[c])) for c in cards)
        for c in cards[:10]:
            for r in range(script.PLACES):
                assert abs(counts[(int(c), r)] / draws - chance[c, r]) < 0.08, (c, r)


def test_the_belief_reads_only_the_seats_view(script, tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    n_in = len(_positions(3, 1)[0].observation_tensor(0))
    path = tmp_path / "belief.npz"
    np.savez(path, mu=np.zeros(n_in, np.float32), sd=np.ones(n_in, np.float32),
             w0=rng.normal(size=(n_in, 8)).astype(np.float32), b0=np.zeros(8, np.float32),
             w1=rng.normal(size=(8, 8)).astype(np.float32), b1=np.zeros(8, np.float32),
             w2=rng.normal(size=(8, script.CARDS * script.PLACES)).astype(np.float32),
             b2=np.zeros(script.CARDS * script.PLACES, np.float32))
    belief = script.Belief(str(path))
    for state in _positions(4, 3):
        seat = state.current_player()
        world = state.resample(seat, random.Random(1))  # the same view, other hidden cards
        here, cards = belief.log_ratio(state, seat)
        there, same_cards = belief.log_ratio(world, seat)
        assert (cards == same_cards).all() and np.allclose(here, there)


def _next_seat_holds(script, tmp_path: Path, sims: int):
    """A position, its mover, a hidden card and a believer (``sims`` simulations) whose net
    says that the next seat holds the card."""
    state = _positions(6, 1)[0]
    seat = state.current_player()
    _, _, cards = script.hidden(state, seat)
    card = int(cards[0])
    n_in = len(state.observation_tensor(seat))
    bias = np.zeros(script.CARDS * script.PLACES, np.float32)
    bias[card * script.PLACES + 1] = 3.0
    script.Believer.belief = script.Belief(_biased(tmp_path, n_in, bias))
    GENERIC["believer"] = script.Believer
    return state, seat, card, make_bot(state.game, f"believer:sims={sims}", seat, seed=1)


def test_weights_follow_the_network_and_the_bot_plays(script, tmp_path: Path) -> None:
    state, seat, card, bot = _next_seat_holds(script, tmp_path, 40)
    bot.alpha = 1.0
    weights = bot.weigh(state, random.Random(2))
    held = [script.places(w, seat)[card] == 1 for w in bot._worlds]
    assert any(held) and not all(held)
    mean_held = np.mean([p for p, h in zip(weights, held) if h])
    mean_not = np.mean([p for p, h in zip(weights, held) if not h])
    assert mean_held > 5 * mean_not
    bot.alpha = 0.0  # the control: the same pool, every world alike
    assert np.allclose(bot.weigh(state, random.Random(2)), 1 / bot.pool)
    assert bot.step(state) in state.legal_actions()


def test_the_chain_takes_every_world_unweighed_and_fewer_weighed(script, tmp_path: Path) -> None:
    state = _positions(6, 1)[0]
    seat = state.current_player()
    _, _, cards = script.hidden(state, seat)
    n_in = len(state.observation_tensor(seat))
    bias = np.zeros(script.CARDS * script.PLACES, np.float32)
    for c in cards[:6]:
        bias[int(c) * script.PLACES + 1] = 3.0
    script.Believer.belief = script.Belief(_biased(tmp_path, n_in, bias))
    GENERIC["believer"] = script.Believer
    bot = make_bot(state.game, "believer:sims=200", seat, seed=1)
    bot.chain, bot.pool, bot.alpha = True, 8, 0.0
    bot.step(state)
    assert bot.last_taken == [200, 200]
    bot.alpha = 1.0
    move = bot.step(state)
    assert 0 < bot.last_taken[0] < bot.last_taken[1] == 200
    assert move in state.legal_actions()


def test_sir_tilts_fresh_worlds_by_the_belief_and_only_in_1848(script, tmp_path: Path) -> None:
    state, seat, card, bot = _next_seat_holds(script, tmp_path, 60)
    _, _, cards = script.hidden(state, seat)
    bot.sir, bot.alpha = 16, 1.0
    tilt = bot.tilt(state)
    assert tilt.shape == (script.CARDS, script.PLACES)
    assert not tilt[np.setdiff1d(np.arange(script.CARDS), cards)].any()  # known cards: no tilt
    assert tilt[card, 1] > tilt[card, 0] and tilt[card, 1] > tilt[card, 2]
    rng = random.Random(3)
    held = np.mean([script.places(state.draw_tilted_world(seat, rng, tilt, 16), seat)[card] == 1
                    for _ in range(300)])
    plain = np.mean([script.places(state.resample(seat, rng), seat)[card] == 1
                     for _ in range(300)])
    assert held > plain + 0.2
    assert bot.step(state) in state.legal_actions() and bot._worlds is None  # no pool drawn
    with pytest.raises(SystemExit):
        script.main(["arena", "--net", "x.npz", "--sir", "4", "--", "soldateska", "--bots", "a"])


def test_data_comes_from_the_bot_named_at_every_kth_decision(script) -> None:
    every = script.data("1848", 1, seed=7, bot="random", every=1)
    third = script.data("1848", 1, seed=7, bot="random")
    assert len(every["x"]) > 30 and len(third["x"]) == -(-len(every["x"]) // 3)
    assert np.array_equal(third["x"], every["x"][::3]) and np.array_equal(third["y"], every["y"][::3])
    heuristic = script.data("1848", 1, seed=7, every=1)
    rows = min(len(heuristic["x"]), len(every["x"]))
    assert not np.array_equal(heuristic["x"][:rows], every["x"][:rows])  # another player's game
    with pytest.raises(garrison.OptionError, match="nosuchbot"):
        script.data("1848", 1, seed=7, bot="nosuchbot")
    with pytest.raises(ValueError, match="every must be 1 or more"):
        script.data("1848", 1, seed=7, every=0)


def test_train_reads_every_test_file_and_scores_the_redeal_by_its_cross_entropy(
        script, tmp_path: Path) -> None:
    files = []
    for seed in (1, 2, 3):
        part = script.data("1848", 1, seed=seed, bot="random", every=2)
        files.append(str(tmp_path / f"d{seed}.npz"))
        np.savez(files[-1], **part)
    weights, curve, uniform = script.train(files[:1], files[1:], epochs=2, hidden_units=8, seed=0)
    held = [np.load(f) for f in files[1:]]
    y = np.concatenate([h["y"] for h in held]).astype(np.int64)
    b = np.concatenate([h["b"] for h in held])
    rows, cards = np.nonzero(y >= 0)
    expected = -np.log(b[rows, cards, y[rows, cards]]).mean()  # the re-deal's own chances
    assert uniform == pytest.approx(expected, rel=1e-5)
    assert len(curve) == 2 and all(np.isfinite(c).all() for c in curve)
    np.savez(tmp_path / "net.npz", **weights)
    ratio, hidden_cards = script.Belief(str(tmp_path / "net.npz")).log_ratio(
        _positions(3, 1)[0], _positions(3, 1)[0].current_player())
    assert ratio.shape == (len(hidden_cards), script.PLACES)
    redeal, belief = script.Belief(str(tmp_path / "net.npz")).placed_right(files[1:])
    right = y >= 1  # the cards another seat holds: the re-deal's chance of the true hand
    assert redeal == pytest.approx(b[right, y[right]].mean(), rel=1e-5) and 0 < belief < 1
    n_in = held[0]["x"].shape[1]
    flat = script.Belief(_biased(tmp_path, n_in, np.zeros(script.CARDS * script.PLACES, np.float32)))
    assert flat.placed_right(files[1:]) == pytest.approx((redeal, redeal), rel=1e-5)  # no tilt


def _hidden_rows(script, name: str) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray]:
    """A random player's match of ``name`` as data (8 worlds a decision where the chances are
    shares); the rows and cards of its hidden cards, each of whose chances sum to 1."""
    part = script.data(name, 1, seed=4, draws=8, bot="random", every=4)
    cards, players = script.GAMES[name][1], script.load(name).num_players
    assert part["y"].shape[1:] == (cards,) and part["b"].shape[1:] == (cards, players)
    rows, hidden_cards = np.nonzero(part["y"] >= 0)
    assert len(rows) > 0
    assert np.allclose(part["b"][rows, hidden_cards].sum(-1), 1.0)
    return part, rows, hidden_cards


def test_solo66s_data_gives_the_shares_of_the_worlds_drawn(script) -> None:
    part, rows, hidden_cards = _hidden_rows(script, "solo66")
    worlds = part["b"][rows, hidden_cards] * (8 + 0.5 * 5) - 0.5  # of the 8 drawn, 5 places
    assert np.allclose(worlds, np.round(worlds), atol=1e-4) and (np.round(worlds) >= 0).all()
    assert np.allclose(worlds.sum(-1), 8, atol=1e-3)


def test_scopas_data_gives_every_unseen_card_the_same_exact_chances(script) -> None:
    part, rows, hidden_cards = _hidden_rows(script, "scopa")
    for row in np.unique(rows):
        alike = part["b"][row, hidden_cards[rows == row]]
        assert np.allclose(alike, alike[0])


def test_scopas_exact_chances_are_its_redeals_and_the_truth_is_among_them(script) -> None:
    game = script.load("scopa")
    state = decision_points(game.new_initial_state(), random.Random(5), 40)[20]
    seat = state.current_player()
    truth, chance, cards = script.even(state, seat)
    assert len(cards) > 3 and np.allclose(chance[cards].sum(1), 1.0)
    assert (truth[cards] >= 0).all() and (truth[np.setdiff1d(np.arange(40), cards)] == -1).all()
    assert all(chance[c, truth[c]] > 0 for c in cards)
    rng, draws = random.Random(6), 1500
    counts = np.zeros_like(chance)
    for _ in range(draws):
        counts[np.arange(40), script.places(state.resample(seat, rng), seat, 40)] += 1
    assert np.abs(counts[cards] / draws - chance[cards]).max() < 0.05

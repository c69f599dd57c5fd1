"""The game-neutral search bots (ismcts, pimc) on every registered game, with tiny budgets."""

from __future__ import annotations

import random

import pytest

import garrison
from garrison import CHANCE, OptionError
from garrison.bots import GENERIC, bot_class, bot_names, make_bot
from garrison.bots.search import Rollout, default_rollout

SPECS = ["ismcts:sims=6:maxlen=60", "pimc:worlds=2:nodes=40:maxlen=60"]
GAMES = garrison.games()


def _positions(game, seed, count=3, spacing=7):
    """A few decision points of one random game (each a separate state)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    out = []
    steps = 0
    while not state.is_terminal() and len(out) < count:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1 and steps % spacing == 0:
            out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return out


def test_registered_as_generic():
    assert GENERIC["ismcts"].name == "ismcts"
    assert GENERIC["pimc"].name == "pimc"
    for name in GAMES:
        names = bot_names(garrison.game_class(name))
        assert "ismcts" in names and "pimc" in names


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("name", GAMES)
def test_plays_legal_moves_and_leaves_the_state_alone(name, spec):
    game = garrison.load(name)
    positions = _positions(game, seed=11)
    assert positions, f"{name}: no decision with a choice in a random game"
    for state in positions:
        player = state.current_player()
        before_fields, before_history = state.fields(), state.history()
        bot = make_bot(game, spec, player, seed=5)
        action = bot.step(state)
        assert action in state.legal_actions()
        assert state.fields() == before_fields and state.history() == before_history
        state.apply_action(action, seat=player)  # still a consistent state after the search


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_move(name, spec):
    game = garrison.load(name)
    state = _positions(game, seed=3, count=2)[-1]
    player = state.current_player()
    first = make_bot(game, spec, player, seed=9).step(state)
    again = make_bot(game, spec, player, seed=9).step(state)
    assert first == again


@pytest.mark.parametrize("name", GAMES)
def test_rollout_restores_the_world(name):
    game = garrison.load(name)
    state = _positions(game, seed=2, count=1)[0]
    world = state.resample(state.current_player(), random.Random(1))
    fields, history = world.fields(), world.history()
    rollout = Rollout(game, default_rollout(game), seed=4, max_steps=200, horizon="end")
    returns = rollout.run(world, random.Random(2))
    assert len(returns) == game.num_players
    assert world.fields() == fields and world.history() == history


def test_settings_in_the_name():
    game = garrison.load("gambit", players=2)
    cls = bot_class(game, "ismcts:1.5s")
    assert cls.preset == {"seconds": 1.5}
    assert bot_class(game, "ismcts:300").preset == {"sims": 300}
    bot = make_bot(game, "ismcts:sims=40:c=0.3:rollout=random", 0, seed=1)
    assert bot.opts["sims"] == 40 and bot.opts["c"] == 0.3 and bot.rollout_name == "random"
    assert bot_class(game, "pimc:12").preset == {"worlds": 12}
    assert make_bot(game, "ismcts", 1).opts["sims"] == 200  # the plain name keeps the defaults
    # gambit's search_defaults: the round-optimal solver bot rolls out
    assert make_bot(game, "ismcts", 1).rollout_name == "exact"


@pytest.mark.parametrize("bad", ["ismcts:foo=1", "ismcts:sims=x", "ismcts:sims=0", "random:5",
                                 "pimc:hello", "greedy:3"])
def test_bad_settings_are_one_clear_error(bad):
    game = garrison.load("gambit", players=2)
    with pytest.raises(OptionError) as info:
        make_bot(game, bad, 0)
    assert "\n" not in str(info.value)


def test_bad_settings_are_refused_when_the_bot_is_named():
    """The name is judged whole when it is given (rollout bot, horizon, value), never at a
    move: the command line, the arena and the server share this parser."""
    game = garrison.load("gambit", players=2)
    for name, setting in [("ismcts:sims=3:horizon=sometime", "horizon"),
                          ("ismcts:value=abc", "value"), ("ismcts:rollout=nosuchbot", "rollout"),
                          ("ismcts:rollout=ismcts", "rollout"), ("pimc:seconds=inf", "seconds")]:
        with pytest.raises(OptionError, match=setting):
            make_bot(game, name, 0, seed=1)


def test_time_budget_runs_at_least_one_simulation():
    game = garrison.load("gambit", players=2)
    state = _positions(game, seed=4, count=1)[0]
    bot = make_bot(game, "ismcts:0.001s", state.current_player(), seed=1)
    assert bot.step(state) in state.legal_actions()
    assert bot.last_simulations >= 1


class _NimState(garrison.PythonState):
    """Nim for the tests: take 1 or 2 from a pile; whoever takes the last stone wins.

    A hidden coin (dealt by chance, seen by nobody) decides nothing; it makes ``resample`` draw.
    """

    def __init__(self, game):
        super().__init__(game)
        self.pile = game.pile
        self.coin = None
        self.turn = 0

    def current_player(self):
        if self.coin is None:
            return CHANCE
        return garrison.TERMINAL if self.pile == 0 else self.turn

    def _chance_outcomes(self):
        return [(0, 0.5), (1, 0.5)]

    def _legal_actions(self):
        return [a for a in (1, 2) if a <= self.pile]

    def _apply(self, action):
        if self.coin is None:
            self.coin = action
            return
        self.pile -= action
        self.turn = 1 - self.turn

    def is_terminal(self):
        return self.coin is not None and self.pile == 0

    def returns(self):
        if not self.is_terminal():
            return [0.0, 0.0]
        winner = 1 - self.turn  # the player who just took the last stone
        return [1.0 if s == winner else -1.0 for s in (0, 1)]

    def _action_to_string(self, action):
        return f"take {action}"

    def _observe(self, seat):
        return {"pile": self.pile, "turn": self.turn, "dealt": self.coin is not None}

    def resample(self, seat, rng):
        world = self.clone()
        if world.coin is not None:
            world.coin = self.rng_of(rng).randrange(2)
        return world


class _Nim(garrison.Game):
    name = "nim-test"
    State = _NimState

    def __init__(self, pile):
        self.pile = pile
        super().__init__()

    def _facts(self):
        return garrison.core.GameFacts(2, 3, 2, -1.0, 1.0, self.pile + 1, 3)


def _nim(pile):
    game = _Nim(pile)
    state = game.new_initial_state()
    state.apply_action(0)
    return game, state


@pytest.mark.parametrize("pile", [4, 5, 7, 8, 10, 11])
def test_pimc_solves_nim_exactly(pile):
    """Leave the opponent a multiple of three: the solver sees to the end and is exact."""
    game, state = _nim(pile)
    bot = bot_class(game, "pimc:worlds=3:nodes=100000")(game, 0, 1)
    assert bot.step(state) == pile % 3
    assert bot.exact_worlds == 3


@pytest.mark.parametrize("pile", [4, 5, 7, 8])
def test_ismcts_finds_the_nim_win(pile):
    game, state = _nim(pile)
    bot = bot_class(game, "ismcts:sims=400:rollout=random")(game, 0, 1)
    assert bot.step(state) == pile % 3


@pytest.mark.parametrize("pile", [4, 5, 7])
def test_paired_ismcts_finds_the_nim_win(pile):
    game, state = _nim(pile)
    bot = bot_class(game, "ismcts:sims=400:rollout=random:paired=1")(game, 0, 1)
    assert bot.step(state) == pile % 3


class _BetState(garrison.PythonState):
    """Seat 0 bets on 0 or 1, then a die (0-9) is cast: seat 0 wins die/10, plus 0.05 for bet 1.

    The luck of the die is the same whatever the bet, so with common chance draws the two bets'
    values differ by exactly 0.05 in every simulation."""

    def __init__(self, game):
        super().__init__(game)
        self.bet = None
        self.die = None

    def current_player(self):
        if self.bet is None:
            return 0
        return CHANCE if self.die is None else garrison.TERMINAL

    def _chance_outcomes(self):
        return [(d, 0.1) for d in range(10)]

    def _legal_actions(self):
        return [0, 1]

    def _apply(self, action):
        if self.bet is None:
            self.bet = action
        else:
            self.die = action

    def is_terminal(self):
        return self.die is not None

    def returns(self):
        if self.die is None:
            return [0.0, 0.0]
        value = self.die / 10 + (0.05 if self.bet == 1 else 0.0)
        return [value, -value]

    def _action_to_string(self, action):
        return f"{action}"

    def _observe(self, seat):
        return {"bet": self.bet, "die": self.die}

    def resample(self, seat, rng):
        return self.clone()


class _Bet(garrison.Game):
    name = "bet-test"
    State = _BetState

    def _facts(self):
        return garrison.core.GameFacts(2, 10, 10, -1.05, 1.05, 2, 10)


def test_paired_ismcts_plays_every_root_action_with_the_same_chance():
    game = _Bet()
    state = game.new_initial_state()
    bot = bot_class(game, "ismcts:sims=60:rollout=random:paired=1")(game, 0, 3)
    assert bot.step(state) == 1
    root = bot.last_root
    assert root.visits == {0: 30, 1: 30}  # each world played from both bets
    assert root.value[1] - root.value[0] == pytest.approx(30 * 0.05)  # the die's luck cancels
    # unpaired, the die's luck does not cancel: the difference is noisy
    loose = bot_class(game, "ismcts:sims=60:rollout=random:c=5")(game, 0, 3)
    loose.step(state)
    r = loose.last_root
    per_visit = r.value[1] / r.visits[1] - r.value[0] / r.visits[0]
    assert per_visit != pytest.approx(0.05, abs=1e-9)


def test_ismcts_beats_random_at_gambit():
    """A seeded head-to-head (mirrored: each deal played from both seats)."""
    from garrison.arena.tournament import run_arena

    bot = "ismcts:sims=40:rollout=greedy"
    result = run_arena("gambit", {"players": 2, "lives": 1}, [bot, "random"],
                       games=12, seed=1, ratings=False)
    ours = result.as_dict()["results"][0]
    assert ours["bot"] == bot
    assert ours["win_rate"] >= 0.75


TRICK_GAMES = [g for g in ("solo66", "soldateska") if g in GAMES]


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_pimc_is_exact_at_the_end_of_a_hand(name):
    """Four decisions before the hand is scored, every sampled world is solved to the end."""
    game = garrison.load(name)
    rng = random.Random(5)
    state = game.new_initial_state()
    start = state.returns()
    decisions = []
    while not state.is_terminal() and state.returns() == start:
        if state.current_player() == CHANCE:
            state.apply_action(garrison.sample_chance(state, rng))
            continue
        if len(state.legal_actions()) > 1:
            decisions.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    position = decisions[-4]
    bot = make_bot(game, "pimc:worlds=2:nodes=200000", position.current_player(), seed=1)
    assert bot.step(position) in position.legal_actions()
    assert bot.exact_worlds == 2


def test_a_cpu_clock_budget_counts_this_threads_cpu_time():
    """``clock=cpu`` counts the seconds on the searching thread's CPU time, so a busy machine
    does not shrink the search; a bad clock is refused when the bot is named."""
    import time

    game = garrison.load("soldateska")
    state = _positions(game, seed=2, count=1)[0]
    bot = make_bot(game, "ismcts:0.03s:clock=cpu", state.current_player(), seed=1)
    start = time.thread_time()
    assert bot.step(state) in state.legal_actions()
    spent = time.thread_time() - start
    assert bot.last_simulations > 1
    assert 0.03 <= spent < 0.5
    with pytest.raises(OptionError, match="clock"):
        make_bot(game, "ismcts:0.03s:clock=sundial", 0, seed=1)


def test_infer_prefers_worlds_where_the_policy_repeats_what_the_others_did():
    """With ``infer`` the worlds of Solo 66 agree with more of the bids and cards the other
    seats (heuristic bots here) played this deal than plain resampled worlds; the move is legal
    and seeded."""
    from garrison.bots.ismcts import _agreement

    game = garrison.load("solo66", deals=1)
    bots = [make_bot(game, "heuristic", p, seed=p) for p in range(game.num_players)]
    rng = random.Random(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(garrison.sample_chance(state, rng))
            continue
        if len(state.history()) > 50 and len(state.legal_actions()) > 1:
            break
        state.apply_action(bots[state.current_player()].step(state))
    seat = state.current_player()
    bot = make_bot(game, "ismcts:sims=60:infer=8", seat, seed=3)
    move = bot.step(state)
    assert move in state.legal_actions()
    agreeing, worlds = bot.last_agreement
    plain = [_agreement(state.resample(seat, random.Random(i)), seat, bot.rollout())
             for i in range(60)]
    assert worlds >= 60
    assert agreeing / worlds > sum(a / n for a, n in plain) / 60 + 0.05
    assert make_bot(game, "ismcts:sims=60:infer=8", seat, seed=3).step(state) == move


def test_reuse_plays_several_simulations_on_each_world_drawn():
    """``reuse=k``: every k-th simulation draws a world (and with ``infer`` its k tries), the
    others play copies of it; the move is legal, seeded, and the state is left alone."""
    game = garrison.load("solo66", deals=1)
    state = _positions(game, seed=6, count=12)[-1]
    seat = state.current_player()
    before = state.fields()
    drawn = {}
    for reuse in (1, 4):
        bot = make_bot(game, f"ismcts:sims=40:infer=4:reuse={reuse}", seat, seed=3)
        calls = []
        draw = bot._world
        bot._world = lambda *args, draw=draw, calls=calls: calls.append(1) or draw(*args)
        move = bot.step(state)
        assert move in state.legal_actions() and bot.last_simulations == 40
        assert move == make_bot(game, f"ismcts:sims=40:infer=4:reuse={reuse}", seat,
                                seed=3).step(state)
        drawn[reuse] = len(calls)
    assert drawn == {1: 40, 4: 10}
    assert state.fields() == before


@pytest.mark.parametrize("setting", ["infer=1000000", "walk=100000000"])
def test_work_inside_a_simulation_stops_at_the_bots_time_limit(setting):
    """``infer``'s tries and ``walk``'s steps happen inside one simulation, between the
    budget's checks: the bot's hard time limit cuts them too (the server caps both as well,
    docs/server.md). Without that cut the million tries took about a minute."""
    import time

    game = garrison.load("solo66", deals=1)
    state = _positions(game, seed=6, count=12)[-1]
    bot = make_bot(game, f"ismcts:sims=1:{setting}", state.current_player(), seed=3)
    bot.time_limit = 0.05
    start = time.perf_counter()
    assert bot.step(state) in state.legal_actions()
    assert time.perf_counter() - start < 2.0
    if setting.startswith("infer"):
        assert bot.last_agreement[1] == 1  # one world, the best of those tried in time
    else:
        proposed, _ = bot.last_walk
        assert 8 <= proposed < 10**6  # read every eight steps

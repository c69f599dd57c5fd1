"""The compiled hand count (``scoring.pxi``, through ``scoring.score_hand``) against the Python
count it replaced (``scoring_oracle.py``): the same ``HandScore`` on many hands, two and three
sides, every variant; and a game's scores are the sums of its hands' counts."""

from __future__ import annotations

import random

import pytest
import scoring_oracle as oracle
from scopa_helpers import load

import garrison
from garrison.games.scopa import scoring
from garrison.games.scopa.rules import ScoreEvent, decode_events


def _hands(seed, count):
    """Random hands: the 40 cards split among 2 or 3 sides (some left out, as a hand's piles
    are before the table's rest is taken), with a few sweeps each."""
    rng = random.Random(seed)
    for _ in range(count):
        sides = rng.choice((2, 3))
        piles = [0] * sides
        for c in range(40):
            owner = rng.randrange(sides + 1)
            if owner < sides:
                piles[owner] |= 1 << c
        if rng.random() < 0.2:  # a side with every Diamond (Napoleone), or none
            piles[rng.randrange(sides)] |= 0x3FF
            for other in range(sides):
                if piles[other] & 0x3FF == 0x3FF and rng.random() < 0.5:
                    piles[other] &= ~0x3FF
        scope = [rng.choice((0, 0, 0, 1, 2, 5)) for _ in range(sides)]
        yield tuple(piles), tuple(scope)


@pytest.mark.parametrize("napola", [False, True])
@pytest.mark.parametrize("re_bello", [False, True])
def test_the_compiled_count_is_the_python_count_on_many_hands(napola, re_bello):
    for piles, scope in _hands(napola * 2 + re_bello, 5000):
        got = scoring.score_hand(piles, scope, napola=napola, re_bello=re_bello)
        want = oracle.score_hand(piles, scope, napola=napola, re_bello=re_bello)
        assert got == want, (piles, scope)
        assert tuple(type(v) for v in got) == tuple(type(v) for v in want)


def test_the_parts_are_the_python_parts():
    rng = random.Random(9)
    for _ in range(5000):
        pile = rng.getrandbits(40)
        assert scoring.primiera_total(pile) == oracle.primiera_total(pile)
        assert scoring.napola_points(pile) == oracle.napola_points(pile)
        values = tuple(rng.choice((None, 0, 1, 2, 3, 40)) for _ in range(rng.randrange(1, 4)))
        assert scoring.sole_best(values) == oracle.sole_best(values)


def test_a_count_of_too_many_sides_is_refused():
    with pytest.raises(ValueError, match="1 to 3 sides"):
        scoring.score_hand((0, 0, 0, 0), (0, 0, 0, 0), napola=False, re_bello=False)
    with pytest.raises(ValueError, match="a pile and a sweep count each"):
        scoring.score_hand((0, 0), (0,), napola=False, re_bello=False)


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3, "napola": True},
                                     {"players": 4, "re_bello": True}])
def test_a_games_scores_are_its_hands_python_counts(options):
    """Whole games: every hand's points as the rules logged them (counted in C without the
    GIL) are the oracle's count of that hand's piles."""
    game = load(**options, target=11)
    p = game.params
    rng = random.Random(5)
    for _ in range(20):
        state = game.new_initial_state()
        hands = 0
        while not state.is_terminal():
            scores, scored = list(state.scores), state.event_count()
            if state.is_chance_node():
                state.apply_action(garrison.sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            if any(isinstance(e, ScoreEvent) for e in decode_events(state.events(scored))):
                hands += 1
                piles, scope = state.last_counted
                want = oracle.score_hand(piles, scope, napola=p.napola, re_bello=p.re_bello)
                assert state.last_score == want
                assert [a - b for a, b in zip(state.scores, scores)] == list(want.points)
        assert hands > 0

"""Why a Scopa game ended, as the table says it (``widgets.end_reason``): the winners by name and
the same cause the rules gave in the log (the target, Napoleone, or the hand limit)."""

from __future__ import annotations

import pytest

from random_play import played_out

#: The log's last line for each cause (log.py), and how the table's reason begins or reads.
CAUSES = {"reaches the target": "First to ", "holds all ten Coins (Napoleone)": "took every Coin",
          "leads when the hand limit is reached": "The hand limit was reached"}


def _finish(options: dict, seed: int) -> tuple[str, str, dict]:
    game, state = played_out("scopa", seed, **options)
    obs = state.observation(0)
    return obs["log"][-1], (game.widgets(obs, []) or {})["reason"], obs


@pytest.mark.parametrize("options", [
    {"players": 2, "target": 1}, {"players": 4, "target": 3}, {"players": 2, "target": 21, "hand_limit": 1},
    {"players": 3, "target": 21, "hand_limit": 2}, {"players": 2, "napola": True, "target": 11},
])
def test_the_table_says_the_cause_the_rules_gave_and_who_won(options: dict) -> None:
    causes = set()
    for seed in range(12):
        line, reason, obs = _finish(options, seed)
        cause = next(c for c in CAUSES if line.endswith(c))
        assert reason.startswith(CAUSES[cause]) or CAUSES[cause] in reason, (line, reason)
        who = line.removeprefix("Game over: ").removesuffix(" " + cause)
        assert who in reason, (line, reason)  # the same winners, by the same names
        assert "winners" not in reason
        causes.add(cause)
        if cause == "reaches the target":
            best = obs["scores"][obs["winners"][0]]
            assert reason == f"First to {options['target']} point{'s' if options['target'] > 1 else ''}: {who} reached {best}."
    assert causes  # each option set ended somehow; which causes is checked above per game


def test_napoleone_is_said_as_napoleone() -> None:
    # seed 48: random play in which a side takes all ten Coins in a hand
    line, reason, _obs = _finish({"players": 2, "napola": True, "target": 11}, 48)
    assert line.endswith("(Napoleone)")
    assert reason.endswith("took every Coin in one hand (Napoleone): the game is won at once.")


def test_the_hand_limit_names_the_leaders_and_says_a_shared_win() -> None:
    shared = 0
    for seed in range(40):
        _line, reason, obs = _finish({"players": 2, "target": 21, "hand_limit": 1}, seed)
        best = max(obs["scores"])
        leaders = [f"P{s + 1}" for s, v in enumerate(obs["scores"]) if v == best]
        points = f"{best} point{'s' if best != 1 else ''}"
        assert reason == (f"The hand limit was reached after 1 hand: {' and '.join(leaders)} led "
                          f"with {points}" + (", and share the win." if len(leaders) > 1 else "."))
        shared += len(leaders) > 1
    assert shared  # a level hand is met among these games

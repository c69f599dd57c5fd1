"""Why a Stratego game ended, as the table says it: the log's end line, a draw at the move cap
too (it was missed, and the table said only "Drawn.")."""

from __future__ import annotations

from random_play import played_out


def _reason(seed: int, **options: object) -> tuple[str, str]:
    game, state = played_out("stratego", seed, **options)
    obs = state.observation(0)
    return obs["log"][-1], (game.widgets(obs, []) or {})["reason"]


def test_a_draw_at_the_move_cap_says_so() -> None:
    line, reason = _reason(5, max_plies=50)
    assert line == reason == "Draw: the move cap is reached"  # as a win's: "Red wins: …"


def test_a_won_game_says_who_won_and_how() -> None:
    for seed in range(3):
        line, reason = _reason(seed)
        assert reason == line and reason.split()[0] in ("Red", "Blue") and " wins: " in reason

"""Why a Soldateska game ended, as the table says it: the bank run dry or the last round played
(``max_rounds``), and who holds the most ducats, as the log's final lines say."""

from __future__ import annotations

from random_play import played_out


def _finish(seed: int, **options: object) -> tuple[list[str], str, dict]:
    game, state = played_out("soldateska", seed, **options)
    obs = state.observation(0)
    return obs["log"], (game.widgets(obs, []) or {})["reason"], obs


def test_the_table_says_the_bank_ran_dry_or_the_last_round_and_the_winners() -> None:
    causes = set()
    for seed, options in [(s, o) for s in range(6) for o in ({"players": 4}, {"players": 4, "max_rounds": 2})]:
        log, reason, obs = _finish(seed, **options)
        limit = any(line.startswith("Round limit") for line in log[-3:])
        assert limit == (obs["bank"] > 0)
        assert reason.startswith(f"The last round ({obs['round']}) is played" if limit else "The bank is empty")
        final = log[-1]  # "Final ducats: ... Winner: P4." or "Winners: P1, P3."
        named = final.split("Winner", 1)[1].split(": ", 1)[1].rstrip(".").split(", ")
        best = max(obs["ducats"])
        assert reason.endswith(f"the most ducats win: {' and '.join(named)}, {best} ducat{'s' if best != 1 else ''}.")
        causes.add(limit)
    assert causes == {True, False}

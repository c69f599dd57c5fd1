"""Levels for players (easy / good / strong, and master where a game has one) and ISMCTS's
fallback on its rollout policy."""

from __future__ import annotations

import random

import pytest

import garrison
from garrison.bots import make_bot
from garrison.bots.levels import LEVELS, levels
from garrison.server.botlimits import BotLimits
from random_play import decision_points


@pytest.mark.parametrize("name", garrison.games())
def test_every_level_is_a_bot_the_server_takes(name: str) -> None:
    game = garrison.load(name, **dict(garrison.game_class(name).test_configs[0]))
    named = levels(game)
    assert list(named) == [level for level in LEVELS if level != "master" or game.master_bot]
    for bot in named.values():
        assert BotLimits().check(game, bot) == bot  # within the default limits, as written
        make_bot(game, bot, 0, seed=1)


def _decisions(name: str, count: int, seed: int) -> list[garrison.State]:
    game = garrison.load(name, **dict(garrison.game_class(name).test_configs[0]))
    return decision_points(game.new_initial_state(), random.Random(seed), count)


@pytest.mark.parametrize("name", ["scopa", "solo66", "soldateska"])
def test_a_search_without_evidence_plays_its_policys_move(name: str) -> None:
    """With two simulations nothing is shown by 1.5 standard errors: the bot plays what its
    rollout policy (the game's own bot) plays, never a guess of the search."""
    for state in _decisions(name, 12, seed=3):
        seat = state.current_player()
        bot = make_bot(state.game, "ismcts:sims=2:fallback=1.5", seat, seed=5)
        policy = bot.rollout().bots[seat].step(state)
        assert bot.step(state) == policy


def test_a_guide_gives_the_root_its_move_and_the_fallback() -> None:
    """With ``guide=prior`` the root's first and fallback move is Stratego's learned prior's,
    not the rollout heuristic's: without evidence the bot plays the prior's move, also where the
    heuristic would play another."""
    game = garrison.load("stratego")
    points = decision_points(game.new_initial_state(), random.Random(3), 120)
    in_play = [s for s in points if s.phase != 0][:10]
    assert in_play
    differs = 0
    for state in in_play:
        seat = state.current_player()
        bot = make_bot(game, "ismcts:sims=2:fallback=1.5:guide=prior", seat, seed=5)
        prior = make_bot(game, "prior", seat, seed=0).step(state)
        differs += prior != bot.rollout().bots[seat].step(state)
        assert bot.step(state) == prior
    assert differs > 0  # the positions tell the guide from the rollout bot


def test_a_guide_must_be_a_bot_that_does_not_search() -> None:
    game = garrison.load("stratego")
    with pytest.raises(garrison.OptionError, match="guide bot 'ismcts'.*random, heuristic, prior"):
        make_bot(game, "ismcts:guide=ismcts", 0)
    with pytest.raises(garrison.OptionError, match="guide bot 'nobody'"):
        make_bot(game, "ismcts:guide=nobody", 0)


def test_with_evidence_the_search_may_overrule_its_policy() -> None:
    """Over many positions and a real budget, the search plays other moves than its policy
    somewhere (else the fallback would only be the policy)."""
    differs = 0
    for state in _decisions("scopa", 15, seed=9):
        seat = state.current_player()
        bot = make_bot(state.game, "ismcts:sims=400:fallback=1.5", seat, seed=5)
        policy = bot.rollout().bots[seat].step(state)
        differs += bot.step(state) != policy
    assert differs > 0


@pytest.mark.parametrize("name", garrison.games())
def test_measured_ratings_rank_the_levels(name: str) -> None:
    """Where a round robin measured the levels, easy is 0 and each level is rated above the
    one before (the lobby says these measurements in words; easy, the scale's zero, is offered
    without a rating)."""
    from garrison.bots.levels import ratings
    from garrison.server.botlimits import BotLimits
    from garrison.server.domain.strengths import strengths

    game = garrison.load(name, **dict(garrison.game_class(name).test_configs[0]))
    elo = ratings(game)
    offered = strengths(game, BotLimits())
    assert [s["elo"] for s in offered] == [None if level == "easy" else elo.get(level)
                                           for level in levels(game)]
    if elo:
        assert list(elo) == list(levels(game)) and elo["easy"] == 0
        ranked = list(elo.values())
        assert ranked == sorted(set(ranked))  # each level above the one before


def test_the_docs_table_of_measured_elo_is_what_the_games_declare():
    """Each game's ``level_ratings`` (what the lobby shows) and docs/bots.md's table of measured
    Elo are the same figures: a new measurement changes both or the test fails."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")
    section = text.split("## Levels: measured Elo", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("| ") or not re.fullmatch(r"-?\d+", cells[1]):
            continue  # the header, its rule, the prose
        name = re.sub(r"\s*\(\d+\)$", "", cells[0]).replace(" ", "").lower()
        rows[name] = {"easy": int(cells[1]), "good": int(cells[2]), "strong": int(cells[3])}
        if re.fullmatch(r"-?\d+", cells[4]):  # the master level, where a game has one
            rows[name]["master"] = int(cells[4])
    declared = {n: garrison.game_class(n).level_ratings for n in garrison.games()
                if garrison.game_class(n).level_ratings}
    assert rows and rows == declared

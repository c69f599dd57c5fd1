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
    assert list(named) == [level for level in LEVELS if level != "master" or game.master_bot()]
    for bot in named.values():
        assert BotLimits().check(game, bot) == bot  # within the default limits, as written
        make_bot(game, bot, 0, seed=1)


def test_a_games_levels_follow_its_options() -> None:
    """Stratego's ``master`` (the prior's rollouts, learned from classic games) only with the
    classic army, however it is written: with Barrage's army it was weaker than ``strong``
    (docs/bots.md, "Levels for players"). A game class gives its default options' levels."""
    master = "ismcts:0.1s:fallback=1.5:rollout=prior"
    assert levels(garrison.load("stratego"))["master"] == master
    assert levels(garrison.load("stratego", rules="isf"))["master"] == master
    assert levels(garrison.load("stratego", army="F1,B6,S1,2:8,3:5,4:4,5:4,6:4,7:3,8:2,9:1,10:1"))[
        "master"] == master
    for rules in ("barrage", "duel"):
        assert "master" not in levels(garrison.load("stratego", rules=rules))
    assert levels(garrison.game_class("stratego")) == levels(garrison.load("stratego"))
    for mode in ("lives", "coins", "trader", "treasure"):
        assert levels(garrison.load("gambit", mode=mode))["strong"] == "exact"


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
    """Every game's levels are rated at its default options (the lobby's table) by a file
    ``garrison rate`` wrote; easy is 0 and each level is rated above the one before, and the
    lobby offers each level with its measured Elo and interval (easy, the scale's zero,
    without a rating)."""
    from garrison.bots.levels import rated
    from garrison.server.domain.strengths import strengths

    game = garrison.load(name)
    measured = rated(game)
    assert list(measured) == list(levels(game)) and measured["easy"]["elo"] == 0
    ranked = [entry["elo"] for entry in measured.values()]
    assert ranked == sorted(set(ranked))  # each level above the one before
    offered = strengths(game, BotLimits())
    assert [(s["elo"], s["elo_low"], s["elo_high"]) for s in offered] == [
        (None, None, None) if level == "easy" else
        (round(e["elo"]), round(e["low"]), round(e["high"])) for level, e in measured.items()]
    assert all(s["rating"] is None if s["level"] == "easy" else
               f"({measured[s['level']]['games']} games against each level)" in s["rating"] for s in offered)


def test_the_docs_table_of_measured_elo_is_what_the_files_say():
    """docs/bots.md's table of measured Elo and the shipped ratings files (what the lobby
    shows) are the same figures, row by row as each row's command rated them, and every file
    has its row: a new measurement changes both or the test fails."""
    import re
    import shlex
    from pathlib import Path

    from garrison.bots.level_ratings import shipped_files

    text = (Path(__file__).resolve().parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")
    section = text.split("## Levels: measured Elo", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("| ") or not re.fullmatch(r"-?\d+", cells[1]):
            continue  # the header, its rule, the prose
        words = shlex.split(cells[-1].strip("`"))
        assert words[:2] == ["garrison", "rate"], cells[-1]
        options = tuple(sorted(words[i + 1] for i, w in enumerate(words) if w == "-o"))
        rows[(words[2], options)] = {
            level: float(re.match(r"-?\d+", cell).group())
            for level, cell in zip(("easy", "good", "strong", "master"), cells[1:5], strict=True)
            if re.match(r"-?\d+", cell)}
    shipped = {}
    for name in garrison.games():
        for doc in shipped_files(garrison.game_class(name)):
            words = shlex.split(doc["command"])
            options = tuple(sorted(words[i + 1] for i, w in enumerate(words) if w == "-o"))
            shipped[(name, options)] = {level: float(round(e["elo"]))
                                        for level, e in doc["levels"].items()}
    assert rows and rows == shipped


def test_every_kind_of_game_the_lobby_offers_is_rated():
    """Each game's starting points in the lobby (``Params.TABLES``: classic, quick and the
    variants) and, for Stratego, each rule set have measured ratings for every level offered
    there, so a player picking one sees how strong each level is."""
    from garrison.bots.levels import levels as levels_of
    from garrison.bots.levels import ratings

    kinds = []
    for name in garrison.games():
        params = type(garrison.load(name).params)
        kinds += [(name, dict(p.options)) for p in params.TABLES]
        kinds += [(name, {params.PRESET_OPTION: key}) for key in getattr(params, "PRESETS", {})
                  if params.PRESET_OPTION]
    unrated = []
    for name, options in kinds:
        game = garrison.load(name, **options)
        if set(ratings(game)) != set(levels_of(game)):
            unrated.append((name, options, sorted(ratings(game))))
    assert not unrated, unrated

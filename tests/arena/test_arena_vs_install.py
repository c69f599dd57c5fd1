"""``research/arena_vs_install.py`` and ``research/bot_server.py``: seats played by the bots of
another installation (docs/log/bots-history.md, "The strong bot against the ISMCTS of the issue's day").
Here the other installation is this one, so a served bot must play exactly as the same bot
played in process."""

from __future__ import annotations

import gc
import sys

import pytest

import garrison
from garrison.arena.openspiel_bots import ARENA_BOTS
from garrison.arena.tournament import play_one
from garrison.core import GameError
from script_module import load_script


@pytest.fixture(scope="module")
def script():
    module = load_script("arena_vs_install")
    first = module.InstallBot.install = module.OtherInstall(sys.executable)
    ARENA_BOTS[module.InstallBot.name] = module.InstallBot
    yield module
    del ARENA_BOTS[module.InstallBot.name]
    # the command-line test starts a child of its own: both end here
    for install in {id(first): first, id(module.InstallBot.install): module.InstallBot.install}.values():
        install.proc.stdin.close()
        assert install.proc.wait(timeout=30) == 0


@pytest.mark.parametrize("bot", ["heuristic", "ismcts:sims=30"])
def test_a_served_bot_plays_as_the_same_bot_in_process(script, bot):
    here = play_one("solo66", {"deals": 1}, ["heuristic", bot, bot, "random", bot], 5, 0, 1,
                    keep_actions=True)
    served = play_one("solo66", {"deals": 1},
                      ["heuristic", f"old:{bot}", f"old:{bot}", "random", f"old:{bot}"], 5, 0, 1,
                      keep_actions=True)
    assert served["actions"] == here["actions"]
    assert served["returns"] == here["returns"]
    assert len(here["actions"]) > 30


def test_an_unknown_bot_of_the_other_installation_is_named(script):
    with pytest.raises(GameError, match="the other installation: .*nonsense"):
        play_one("gambit", {"players": 2}, ["random", "old:nonsense"], 1, 0, 0)


def test_a_bad_request_is_answered_with_what_is_allowed(script):
    with pytest.raises(GameError, match="unknown op 'jump'; ops: new, step, drop"):
        script.InstallBot.install.ask({"op": "jump", "id": 0})


def test_the_command_line_runs_the_arena_with_served_seats(script, capsys):
    with pytest.raises(SystemExit) as done:  # the arena's command line exits when it is done
        script.main(["--python", sys.executable, "--", "gambit", "--bots", "random,old:random",
                     "-o", "players=2", "--games", "2", "--seed", "4"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "old:random" in out and "2 games" in out


def test_a_bot_that_is_gone_is_dropped_in_the_child(script):
    game = garrison.load("gambit", players=2)
    bot = script.InstallBot.configured("random")(game, 1, seed=3)
    key = bot.key
    del bot
    gc.collect()
    with pytest.raises(GameError, match="KeyError"):
        script.InstallBot.install.ask({"op": "step", "id": key, "history": []})


def test_an_interpreter_that_cannot_be_run_is_named(script, tmp_path, capsys):
    with pytest.raises(SystemExit) as done:
        script.main(["--python", str(tmp_path / "nowhere" / "python"), "--", "gambit",
                     "--bots", "random,old:random"])
    assert done.value.code == 2
    assert "nowhere/python cannot be run: No such file or directory" in capsys.readouterr().err

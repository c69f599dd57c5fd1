"""The garrison command: every subcommand, and bad input as one clear line with exit code 2."""

import json

from typer.testing import CliRunner

import garrison
from garrison.cli.main import app

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_list_shows_games_options_and_bots():
    result = run("list", "--json")
    assert result.exit_code == 0
    data = {g["game"]: g for g in json.loads(result.output)}
    assert set(data) == set(garrison.games())
    assert data["gambit"]["players"] == [2, 8]
    assert data["gambit"]["options"]["dice"]["default"] == 5
    assert {"random", "greedy", "exact"} <= set(data["gambit"]["bots"])


def test_list_in_words_indents_each_option_and_wraps_what_it_does_under_it():
    result = runner.invoke(app, ["list"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    titles = [line for line in lines if line and not line.startswith(" ")]
    assert len(titles) == len(garrison.games()) and titles[0].startswith("soldateska — Soldateska")
    assert "  dice = 5  (2, 3, 4, 5, 6)" in lines
    for line in lines:
        assert len(line) <= 80 and line == line.rstrip(), line
    # every line of an option's words sits under it, none back at the margin
    deck = lines.index("  deck = 'standard'  (standard, full, five_suits)")
    assert lines[deck + 1].startswith("      standard: the seed's cards per player count;")
    assert lines[deck + 2].startswith("      ") and lines[deck + 2].strip()


def test_the_play_menu_keeps_each_options_words_under_it():
    result = runner.invoke(app, ["play"], input="soldateska\n\nquit\n", env={"COLUMNS": "80"})
    lines = result.output.splitlines()
    start = lines.index("Options:") + 1
    options = lines[start:next(i for i in range(start, len(lines)) if not lines[i].startswith(" "))]
    assert options[0] == "  players = 4  (default 4; int from 3 to 6)"
    assert options[1] == "      number of players"
    for line in options:  # an option at two spaces, its words at six, none back at the margin
        assert line.startswith(("  ", "      ")) and len(line) <= 80, line


def test_solve_json_value():
    result = run("solve", "gambit", "--dice", "5", "--objective", "beat", "--target", "25", "--json")
    assert result.exit_code == 0, result.output
    assert abs(json.loads(result.output)["value"] - 0.5121) < 1e-4


def test_solve_table_prints_the_policy():
    result = run("solve", "gambit", "--dice", "4", "--table")
    assert result.exit_code == 0
    assert "set aside" in result.output and "maximum expected score" in result.output


def test_simulate_json_reports_every_bot_with_intervals():
    result = run("simulate", "gambit", "--bots", "greedy,random", "--games", "30", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 30 and [b["bot"] for b in data["bots"]] == ["greedy", "random"]
    assert abs(sum(b["win_rate"] for b in data["bots"]) - 1) < 1e-9
    greedy, rand = data["bots"]
    assert greedy["win_rate"] > 0.8 > rand["win_rate"]  # random play rarely survives greedy
    assert greedy["mean_return"] == -rand["mean_return"]  # zero-sum, two players


def test_simulate_is_the_same_with_one_or_two_processes():
    one = json.loads(run("simulate", "gambit", "--bots", "random,greedy,random", "--games", "12",
                         "--seed", "4", "--json").output)
    two = json.loads(run("simulate", "gambit", "--bots", "random,greedy,random", "--games", "12",
                         "--seed", "4", "--jobs", "2", "--json").output)
    assert one == two


def test_bad_input_is_one_line_and_exit_2():
    for args in (
        ("simulate", "chess", "--bots", "random"),
        ("simulate", "gambit", "--bots", "random,wizard"),
        ("simulate", "gambit", "--bots", "random,random", "-o", "dice=9"),
        ("solve", "gambit", "--objective", "beat"),
        ("play", "gambit", "--seat", "7"),
        ("replay", "no-such-file.json"),
        ("import", "chessbase", "x.pgn"),
    ):
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert "error:" in result.output and "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) <= 2


def test_replay_steps_through_a_record(tmp_path):
    state = garrison.load("gambit", players=2, lives=1).new_initial_state()
    import random

    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(
            garrison.sample_chance(state, rng) if state.is_chance_node() else state.legal_actions()[-1]
        )
    path = tmp_path / "g.json"
    path.write_text(json.dumps(state.to_record()))
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "scores" in result.output and "Returns:" in result.output
    path.write_text(json.dumps(state.to_record())[:-20])
    bad = run("replay", str(path))
    assert bad.exit_code == 2 and "not valid JSON" in bad.output


def test_play_a_whole_game_from_the_keyboard():
    # the person always picks the first listed move; a typo and an illegal move are explained
    keys = "nonsense\nroll\n#99\n" + "#1\n" * 400
    result = run("play", "gambit", "--seat", "0", "--bots", "random", "-o", "players=2",
                 "-o", "lives=1", "--seed", "3", input=keys)
    assert result.exit_code == 0, result.output
    assert "is not a Gambit action" in result.output
    assert "at least one die" in result.output
    assert "there is no move #99" in result.output
    assert "Game over" in result.output and "Result:" in result.output


def test_play_menu_with_defaults():
    keys = "gambit\n\n0\nrandom\n" + "#1\n" * 3000
    result = run("play", input=keys)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


def test_bench_reports_random_play_and_search_speed():
    result = run("bench", "--game", "gambit", "--seconds", "0.3", "--search", "--json")
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.output)
    assert row["game"] == "gambit" and row["openspiel"] == "pig"
    assert row["steps_per_s"] > 0 and row["openspiel_steps_per_s"] > 0
    assert row["ismcts_sims_per_s"] > 0 and row["pimc_worlds_per_s"] > 0
    assert row["engine"] == "compiled rules"  # Gambit's one source of rules is compiled
    assert row["research_steps_per_s"] > 0 and row["ismcts_random_sims_per_cpu_s"] > 0
    # OpenSpiel's ISMCTSBot refuses perfect-information games: no figure, no ratio
    assert row["openspiel_ismcts_sims_per_cpu_s"] is None and row["search_ratio"] is None


def test_bench_reports_the_batched_engine_beside_pettingzoo():
    """--batched adds, in the same run, the batched engine in self-play and against the game's
    own bot, each beside PettingZoo's holdem (figures, not a timing assertion)."""
    result = run("bench", "--game", "scopa", "--seconds", "0.2", "--batched", "--json")
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.output)
    b = row["batched"]
    assert b["opponent"] == "greedy" and b["holdem_steps_per_s"] > 0
    assert b["self_play_steps_per_s"] > 0 and b["versus_bots_steps_per_s"] > 0
    assert b["self_play_x_holdem"] == b["self_play_steps_per_s"] / b["holdem_steps_per_s"]
    table = run("bench", "--game", "scopa", "--seconds", "0.2", "--batched")
    assert "Batched engine" in table.output and "texas_holdem" in table.output


def test_bench_says_which_games_run_on_a_compiled_core():
    result = run("bench", "--game", "solo66", "--seconds", "0.2", "--json")
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.output)
    assert row["engine"] == "compiled rules" and row["ratio"] > 0


def test_serving_and_playing_import_nothing_of_the_test_research_or_arena_extras():
    # `make run` installs only the server extra: the server, the page and the terminal game must
    # not need what `make test` adds
    import subprocess
    import sys

    code = ("import sys, garrison.server.app, garrison.server.run, garrison.cli.main, "
            "garrison.cli.play; print(' '.join(sorted(sys.modules)))")
    loaded = set(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                text=True).stdout.split())
    extras = {"httpx", "playwright", "schemathesis", "pytest", "hypothesis", "ray", "pyspiel",
              "pettingzoo", "gymnasium", "matplotlib", "openskill", "mypy"}
    assert not loaded & extras, loaded & extras


def test_play_saves_its_record_on_quit_and_replay_reads_it(tmp_path):
    path = tmp_path / "game.json"
    result = run("play", "gambit", "--seat", "0", "--bots", "random", "-o", "players=2",
                 "--seed", "3", "--save", str(path), "--delay", "0", input="#1\n#1\nquit\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "Game abandoned." in said and "Record saved to" in said
    assert path.name in "".join(result.output.split())  # rich may wrap the path anywhere
    record = json.loads(path.read_text())
    assert record["game"] == "gambit" and len(record["actions"]) >= 2
    shown = run("replay", str(path))
    assert shown.exit_code == 0, shown.output


def test_replay_picks_one_game_of_an_arena_file(tmp_path):
    import random as _random

    import garrison

    lines = []
    for seed in range(3):
        state = garrison.load("gambit", players=2, lives=1).new_initial_state()
        rng = _random.Random(seed)
        while not state.is_terminal():
            state.apply_action(garrison.sample_chance(state, rng) if state.is_chance_node()
                               else rng.choice(state.legal_actions()))
        lines.append(json.dumps(state.to_record()))
    path = tmp_path / "arena.jsonl"
    path.write_text("\n".join(lines) + "\n")
    ambiguous = run("replay", str(path))
    assert ambiguous.exit_code == 2 and "holds 3 games: pick one with --game 1 to --game 3" in ambiguous.output
    assert run("replay", str(path), "--game", "4").exit_code == 2
    second = run("replay", str(path), "--game", "2")
    assert second.exit_code == 0 and "Returns:" in second.output
    path.write_text(lines[0] + "\n{not json\n")
    broken = run("replay", str(path))
    assert broken.exit_code == 2 and "line 2" in " ".join(broken.output.split())


def test_replay_reads_a_real_arena_save_file(tmp_path):
    path = tmp_path / "arena.jsonl"
    made = run("arena", "gambit", "--bots", "greedy,random", "--games", "2", "--save", str(path),
               "--json")
    assert made.exit_code == 0, made.output
    lines = path.read_text().splitlines()
    assert len(lines) == 2 and all(json.loads(line)["game"] == "gambit" for line in lines)
    shown = run("replay", str(path), "--game", "2")
    assert shown.exit_code == 0 and "Returns:" in shown.output


def test_every_command_is_listed_by_a_one_line_summary():
    # The root help lists each command by its docstring's first paragraph, line breaks kept:
    # a summary wrapped by hand read as a broken sentence in the list.
    import typer.main

    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        summary = (command.help or "").strip().split("\n\n")[0]
        assert summary, name
        assert "\n" not in summary, f"{name}: {summary!r}"


def test_help_reflows_its_paragraphs_and_says_what_every_option_does():
    import typer.main

    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        for param in command.params:
            if param.param_type_name == "option":
                assert getattr(param, "help", None), f"{name} {param.opts} has no help"
    for name in group.commands:
        result = runner.invoke(app, [name, "--help"], env={"COLUMNS": "80"})
        assert result.exit_code == 0, result.output
        prose = [line.strip() for line in result.output.split("╭")[0].splitlines()[3:]]
        for paragraph in "\n".join(prose).split("\n\n"):
            lines = paragraph.strip("\n").splitlines()
            # Every line but a paragraph's last fills the width: none broken where the source was.
            assert all(len(line) > 50 for line in lines[:-1]), f"{name}: {lines}"


def test_play_answers_a_plain_number_with_the_way_to_pick_that_listed_move():
    # Scopa's notation has no bare numbers: "1" is no move, and the list's first is typed "#1".
    result = run("play", "scopa", "--seat", "0", "--bots", "random", "-o", "players=2",
                 "--seed", "3", "--delay", "0", input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "'1' is not an action here" in result.output
    assert "(the listed move 1 is typed #1)" in result.output


def test_play_lists_a_long_move_list_only_when_asked():
    # A Stratego setup has 73 moves: the prompt gives their number, 'moves' lists them.
    result = run("play", "stratego", "--seat", "0", "--bots", "random", "--seed", "3",
                 "--delay", "0", input="moves\n#73\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Your move (73 possible; 'moves' lists them with their numbers)" in result.output
    listed = result.output.count("#1 place Flag a1")
    assert listed == 1, result.output[:2000]
    assert "Red has set up" in result.output  # #73, the last ready-made setup, was played

"""Adding a game is its folder and one entry-point line (ARCHITECTURE.md, "How to add a game"): the
template (templates/game/, copied by ``tools/new_game.py``) is installed here as a separate
distribution with nothing else edited, and the game appears everywhere: the CLI, the server's
lobby and tables, the OpenSpiel, PettingZoo and Gymnasium adapters, and the conformance suite.

Each check runs in a fresh interpreter whose path holds the toy distribution, so nothing of it
leaks into the other tests."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import httpx
import pytest

import garrison

ROOT = Path(__file__).resolve().parents[1]
SRC = str(Path(garrison.__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT / "tests" / "server"))
from server_helpers import Api, Server  # noqa: E402

NAME = "toydie"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory on the path holding the template as package ``toydie`` and its distribution's
    metadata with the one entry-point line: what ``pip install`` of a game leaves."""
    site = tmp_path_factory.mktemp("site")
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "new_game.py"), NAME,
                          "--title", "Toy Die", "--into", str(site)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert f'{NAME} = "{NAME}:GAME"' in out.stdout  # the line it tells you to add
    meta = site / f"{NAME}-0.1.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {NAME}\nVersion: 0.1\n")
    (meta / "entry_points.txt").write_text(f"[garrison.games]\n{NAME} = {NAME}:GAME\n")
    return site


def _env(site: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), SRC])}


def _python(site: Path, code: str) -> str:
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                         text=True, timeout=300, env=_env(site), cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_the_cli_lists_and_plays_it(site: Path) -> None:
    garrison_cli = [sys.executable, "-m", "garrison"]
    listed = subprocess.run([*garrison_cli, "list"], capture_output=True, text=True,
                            timeout=120, env=_env(site))
    assert listed.returncode == 0, listed.stderr
    assert f"{NAME} — Toy Die (2-4 players)" in listed.stdout
    played = subprocess.run([*garrison_cli, "simulate", NAME, "--games", "6", "--json",
                             "--bots", "random,ismcts:sims=20"],
                            capture_output=True, text=True, timeout=300, env=_env(site))
    assert played.returncode == 0, played.stderr
    result = json.loads(played.stdout)
    assert result["games"] == 6 and [b["bot"] for b in result["bots"]] == ["random", "ismcts:sims=20"]


def test_the_adapters_offer_it(site: Path) -> None:
    out = _python(site, f"""
        import garrison.interop, gymnasium, pyspiel
        from pettingzoo.test import api_test
        from garrison.interop import pettingzoo
        game = pyspiel.load_game("garrison_{NAME}(players=2)")
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
            else:
                state.apply_action(state.legal_actions()[-1])
        print("openspiel", game.num_players(), sum(state.returns()))
        api_test(pettingzoo.env("{NAME}", players=3), num_cycles=20)
        print("pettingzoo ok")
        env = gymnasium.make("garrison/{NAME}-v1", players=2)
        obs, info = env.reset(seed=0)
        print("gymnasium", obs["observation"].shape)
    """)
    assert "openspiel 2 0.0" in out and "pettingzoo ok" in out
    assert "gymnasium (11,)" in out  # six faces, two seats rolled, two to move, over


def test_the_conformance_suite_checks_it(site: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", "-vv", "-k", NAME,
         str(ROOT / "tests" / "conformance" / "test_kernel_invariants.py")],
        capture_output=True, text=True, timeout=600, env=_env(site), cwd=ROOT)
    assert out.returncode == 0, out.stdout[-3000:]
    # every check run on each of its three test configurations
    checks = {line.split("::")[1].split("[")[0] for line in out.stdout.splitlines()
              if "::" in line and " PASSED" in line}
    for config in range(3):
        assert f"[{NAME}-{config}]" in out.stdout, out.stdout[-2000:]
    assert len(checks) >= 2, out.stdout[-2000:]


def test_the_server_offers_it_and_a_table_plays_it(site: Path, tmp_path: Path) -> None:
    with Server(f"sqlite:///{tmp_path / 'toy.db'}", PYTHONPATH=_env(site)["PYTHONPATH"]) as srv:
        client = httpx.Client(base_url=srv.base, timeout=30)
        games = {g["name"]: g for g in client.get("/api/games").json()}
        toy = games[NAME]
        options = {o["name"]: o for o in toy["options"]}
        assert options["faces"]["label"] == "Die faces" and not options["faces"]["more"]
        assert options["ties"]["values"]["nobody"]["label"] == "Nobody wins"
        assert [p["name"] for p in toy["presets"]] == ["classic", "duel"]
        assert [s["level"] for s in toy["strengths"]] == ["easy", "good", "strong"]
        person = Api(client, "Ann")
        table = person.create(NAME, {"players": 3}, [{"kind": "human"}, {"kind": "bot"},
                                                   {"kind": "bot"}])
        tid, rng = table["id"], random.Random(1)
        deadline = time.monotonic() + 120
        while client.get(f"/api/tables/{tid}").json()["status"] != "finished":
            assert time.monotonic() < deadline, srv.output()[-3000:]
            view = person.get(f"/api/tables/{tid}/view?seat=0")
            if view["legal"]:
                person.post(f"/api/tables/{tid}/moves", {"n": view["n"], "seat": 0,
                                                         "action": rng.choice(view["legal"])["id"]})
            else:
                time.sleep(0.05)
        final = person.get(f"/api/tables/{tid}/view?seat=0")
        dice = final["obs"]["dice"]  # shown to all at the end
        assert final["obs"]["over"] and all(1 <= d <= 6 for d in dice)
        assert final["obs"]["winners"] == [s for s, d in enumerate(dice) if d == max(dice)]
        assert len(final["returns"]) == 3 and abs(sum(final["returns"])) < 1e-9

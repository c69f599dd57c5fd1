"""Importing ``garrison.interop`` registers the games with OpenSpiel and Gymnasium (no
``register()`` call), ``gymnasium.make_vec`` builds our batched env, ``import garrison`` stays
cheap, and neither import fails when the research libraries are missing. Each check runs in a
fresh interpreter, where nothing was registered before."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import garrison


def _run(code: str) -> str:
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_import_registers_openspiel_games():
    out = _run("""
        import garrison.interop
        import pyspiel
        game = pyspiel.load_game("garrison_stratego(rules=barrage)")
        print(game.garrison_game.rules.n, sorted(garrison.interop.REGISTERED["openspiel"]))
    """)
    assert out.split()[0] == "8"
    for name in garrison.games():
        assert f"garrison_{name}" in out


def test_import_registers_gymnasium_ids_and_make_vec_works():
    out = _run("""
        import garrison.interop
        import gymnasium
        from gymnasium.wrappers.vector import RecordEpisodeStatistics
        env = gymnasium.make("garrison/gambit-v2", players=2)
        obs, info = env.reset(seed=0)
        envs = gymnasium.make_vec("garrison/gambit-v2", num_envs=3, players=2)
        print(type(envs).__name__, envs.num_envs)
        obs, infos = envs.reset(seed=1)
        for _ in range(30):
            obs, rewards, term, trunc, infos = envs.step(envs.action_space.sample())
        sync = gymnasium.make_vec("garrison/scopa-v2", num_envs=2, vectorization_mode="sync",
                                  players=2, target=1)
        sync.reset(seed=2)
        print(type(sync).__name__)
    """)
    assert out.split()[:2] == ["GarrisonVectorEnv", "3"] and "SyncVectorEnv" in out


def test_make_with_the_module_prefix_after_a_plain_import():
    out = _run("""
        import garrison, gymnasium
        env = gymnasium.make("garrison.interop:garrison/solo66-v2", deals=1)
        print(env.reset(seed=0)[0]["observation"].shape)
    """)
    assert out.strip() == "(396,)"


def test_import_garrison_stays_cheap():
    out = _run("""
        import sys
        import garrison
        heavy = ["gymnasium", "pyspiel", "pettingzoo", "torch", "garrison.interop"]
        print([m for m in heavy if m in sys.modules])
    """)
    assert out.strip() == "[]"


def test_imports_work_without_the_research_libraries():
    out = _run("""
        import sys
        for missing in ("gymnasium", "pyspiel", "open_spiel", "pettingzoo"):
            sys.modules[missing] = None   # import raises ImportError, as when not installed
        import garrison
        import garrison.interop
        print(garrison.interop.REGISTERED, garrison.load("gambit", players=2).num_players)
    """)
    assert out.strip() == "{'openspiel': [], 'gymnasium': []} 2"

"""The arena on a local Ray instance plays the same games as the process pool."""

from __future__ import annotations

import pytest
from arena_helpers import untimed, untimed_dict

from garrison import OptionError
from garrison.arena.tournament import run_arena


def test_local_ray_gives_the_same_records():
    lineup = ["greedy", "random", "random"]
    here = run_arena("gambit", {"players": 3}, lineup, games=6, seed=5)
    seen = []
    on_ray = run_arena("gambit", {"players": 3}, lineup, games=6, seed=5, ray_address="local",
                       progress=seen.append)
    assert untimed(on_ray.records) == untimed(here.records)
    assert untimed_dict(on_ray.as_dict()) == untimed_dict(here.as_dict())
    assert sum(seen) == 6


def test_unreachable_cluster_is_one_clear_error():
    with pytest.raises(OptionError) as info:
        run_arena("gambit", {"players": 2}, ["greedy", "random"], games=2,
                  ray_address="ray://127.0.0.1:1")
    assert "\n" not in str(info.value)

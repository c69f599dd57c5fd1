"""What the batched engine says about a refused action reads as the caller wrote it: plain
numbers, never numpy reprs (``np.int64(0)``)."""

from __future__ import annotations

import numpy as np
import pytest

import garrison
from garrison.interop.batch import BatchEnv


@pytest.mark.parametrize("chance", ["inside", "caller"])  # the compiled tables, the Python loop
def test_an_illegal_numpy_action_is_named_as_a_plain_int(chance):
    env = BatchEnv("gambit", 2, players=2, chance=chance)
    env.reset(seed=[3, 4])
    bad = np.full(2, env.num_actions + 5, np.int64)  # no table's legal id
    with pytest.raises(garrison.IllegalActionError) as err:
        env.step(bad)
    text = str(err.value)
    assert "np." not in text and "int64" not in text, text
    assert f"table 0: action {bad[0]} is not legal" in text


def test_a_float_action_is_named_as_a_plain_float():
    env = BatchEnv("gambit", 2, players=2)
    env.reset(seed=1)
    with pytest.raises(garrison.IllegalActionError, match=r"action 1\.5 is not legal") as err:
        env.step(np.array([1.5, 2.5]))
    assert "np." not in str(err.value)

"""The bot pool takes table owners in turn: one guest's many bot tables cannot make another
guest's bot wait behind all of them (the review's 49 s a move)."""

from __future__ import annotations

import threading
import time

from garrison.server.domain.bots import FairBotPool


def test_owners_take_turns_in_the_queue():
    pool = FairBotPool(1)
    order: list[str] = []
    gate = threading.Event()
    try:
        first = pool.submit("eve", gate.wait, 10)  # holds the only worker until released
        eve = [pool.submit("eve", lambda k=k: order.append(f"eve{k}")) for k in range(20)]
        ann = pool.submit("ann", lambda: order.append("ann"))
        gate.set()
        first.result(5)
        ann.result(5)
        for f in eve:
            f.result(5)
        assert order.index("ann") <= 1, order  # right after Eve's next job, not after all 20
    finally:
        pool.shutdown()


def test_a_failing_job_hands_its_error_to_the_caller():
    pool = FairBotPool(2)
    try:
        def boom() -> None:
            raise ValueError("no move")

        future = pool.submit("ann", boom)
        try:
            future.result(5)
            raise AssertionError("the error was swallowed")
        except ValueError as err:
            assert str(err) == "no move"
        assert pool.submit("ann", time.monotonic).result(5) > 0
    finally:
        pool.shutdown()

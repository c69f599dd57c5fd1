"""Bot moves for every table, fairly: one worker queue shared round-robin by table owners, and
a thinking budget per move that the server enforces.

A bot's ``step`` runs in a worker thread. Jobs wait in one queue per owner (the guest who made
the table); the workers take the owners' queues in turn, so one guest with many bot tables
cannot make another guest's bot wait behind all of them. A move that takes longer than the
budget is not waited for: the table moves on with a quick legal move, and the log says so.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any


class FairBotPool:
    """``run(owner, fn, *args)`` in one of ``threads`` worker threads, owners taking turns."""

    def __init__(self, threads: int) -> None:
        self._queues: collections.OrderedDict[str, collections.deque[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]]] = collections.OrderedDict()
        self._lock = threading.Condition()
        self._closed = False
        self._workers = [threading.Thread(target=self._work, name=f"bot-{i}", daemon=True)
                         for i in range(threads)]
        for w in self._workers:
            w.start()

    def submit(self, owner: str, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot pool is shut down")
            self._queues.setdefault(owner, collections.deque()).append((future, fn, args))
            self._lock.notify()
        return future

    async def run(self, owner: str, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.wrap_future(self.submit(owner, fn, *args))

    def _next(self) -> tuple[Future[Any], Callable[..., Any], tuple[Any, ...]] | None:
        with self._lock:
            while not self._closed and not self._queues:
                self._lock.wait()
            if self._closed:
                return None
            owner, queue = next(iter(self._queues.items()))
            job = queue.popleft()
            del self._queues[owner]
            if queue:  # this owner goes to the back of the line
                self._queues[owner] = queue
            return job

    def _work(self) -> None:
        while (job := self._next()) is not None:
            future, fn, args = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args))
            except BaseException as err:  # handed to the waiting table, which shows it
                future.set_exception(err)

    def shutdown(self) -> None:
        with self._lock:
            self._closed = True
            for queue in self._queues.values():
                for future, _, _ in queue:
                    with contextlib.suppress(Exception):
                        future.cancel()
            self._queues.clear()
            self._lock.notify_all()

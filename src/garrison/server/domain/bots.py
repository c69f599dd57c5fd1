"""Bot moves for every table, fairly: one worker queue shared round-robin by table owners, and
a thinking budget per move that the server enforces.

A bot's ``step`` runs in a worker thread. Jobs wait in one queue per owner (the guest who made
the table); the workers take the owners' queues in turn, and one owner's jobs run on at most
``share`` workers at once (half of them), so one guest with many bot tables (or a bot that asks
for much) cannot make another guest's bot wait behind all of them. The thinking budget is
counted from when a worker starts the job, not while it waits: ``run(..., timeout=)`` waits for
the start, then at most ``timeout``. A move that takes longer is not waited for: the table moves
on with a quick legal move, and says so.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

Job = tuple[Future[Any], Callable[..., Any], tuple[Any, ...], Callable[[], None] | None]


class FairBotPool:
    """``run(owner, fn, *args)`` in one of ``threads`` worker threads, owners taking turns."""

    def __init__(self, threads: int) -> None:
        self._queues: collections.OrderedDict[str, collections.deque[Job]] = collections.OrderedDict()
        self._lock = threading.Condition()
        self._closed = False
        #: Jobs running now per owner, and how many one owner may run at once.
        self.running: dict[str, int] = {}
        self.share = max(1, threads // 2)
        self._workers = [threading.Thread(target=self._work, name=f"bot-{i}", daemon=True)
                         for i in range(threads)]
        for w in self._workers:
            w.start()

    def submit(self, owner: str, fn: Callable[..., Any], *args: Any,
               on_start: Callable[[], None] | None = None) -> Future[Any]:
        """Queue ``fn(*args)`` for ``owner``; ``on_start`` is called in the worker as it starts.

        Raises:
            RuntimeError: the pool is shut down.
        """
        future: Future[Any] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot pool is shut down")
            self._queues.setdefault(owner, collections.deque()).append((future, fn, args, on_start))
            self._lock.notify()
        return future

    async def run(self, owner: str, fn: Callable[..., Any], *args: Any,
                  timeout: float | None = None) -> Any:
        """``fn(*args)`` on a worker; ``timeout`` counts from when a worker starts it.

        Raises:
            TimeoutError: it ran longer than ``timeout`` (it is not waited for).
        """
        loop = asyncio.get_running_loop()
        started: asyncio.Future[None] = loop.create_future()

        def tell() -> None:
            if not started.done():
                started.set_result(None)

        def on_start() -> None:
            loop.call_soon_threadsafe(tell)

        done = asyncio.wrap_future(self.submit(owner, fn, *args, on_start=on_start))
        await asyncio.wait([started, done], return_when=asyncio.FIRST_COMPLETED)
        if timeout is None or done.done():
            return await done
        return await asyncio.wait_for(done, timeout)

    def _next(self) -> tuple[str, Job] | None:
        with self._lock:
            while True:
                if self._closed:
                    return None
                owner = next((o for o in self._queues if self.running.get(o, 0) < self.share), None)
                if owner is not None:
                    break
                self._lock.wait()
            queue = self._queues.pop(owner)
            job = queue.popleft()
            if queue:  # this owner goes to the back of the line
                self._queues[owner] = queue
            self.running[owner] = self.running.get(owner, 0) + 1
            return owner, job

    def _done(self, owner: str) -> None:
        with self._lock:
            left = self.running[owner] - 1
            if left:
                self.running[owner] = left
            else:
                del self.running[owner]
            self._lock.notify_all()

    def _work(self) -> None:
        while (picked := self._next()) is not None:
            owner, (future, fn, args, on_start) = picked
            try:
                if not future.set_running_or_notify_cancel():
                    continue
                if on_start is not None:
                    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                        on_start()
                try:
                    future.set_result(fn(*args))
                except BaseException as err:  # handed to the waiting table, which shows it
                    future.set_exception(err)
            finally:
                self._done(owner)

    def shutdown(self) -> None:
        with self._lock:
            self._closed = True
            for queue in self._queues.values():
                for future, _, _, _ in queue:
                    with contextlib.suppress(Exception):
                        future.cancel()
            self._queues.clear()
            self._lock.notify_all()

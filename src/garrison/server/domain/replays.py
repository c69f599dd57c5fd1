"""Replays of finished games: where each decision, trick and hand begins (the *marks*, worked out
once when the game ends and kept with the table), and the view of any step as a spectator, a
seat or every seat.

A replay is built in a small pool of its own (``Settings.replay_threads``), never in the thread
pool that database calls and moves use, and one client address has at most
``Settings.replays_per_address`` builds under way at once: however long a game, health checks and
play never wait on replays. A view's log is bounded as a live view's is (``log_total``, and
older lines by ``log_before``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from ..errors import ServerError
from .table import seat_parts

if TYPE_CHECKING:
    from ..config import Settings
    from ..store.db import Store
    from .table import Runtime

log = logging.getLogger("garrison.server")

def _count(value: Any) -> Any:
    """Tricks so far: the length of a list of tricks, or the sum of tricks won per seat."""
    if isinstance(value, list):
        return sum(value) if all(isinstance(v, int) for v in value) else len(value)
    return value


def compute_marks(rt: Runtime) -> dict[str, Any]:
    """The decision steps of a finished game (the move number each decision is made at, after
    the first deal), and the steps where its tricks and hands begin, read from the spectator's
    observation (so nothing hidden) by the keys the game declares (``Game.hand_key``,
    ``Game.trick_key``). Replays the whole game once."""
    decisions = [k for k, mover in enumerate(rt.movers) if mover >= 0]
    steps = [decisions[0] if decisions else rt.n] + [k + 1 for k in decisions]
    state = rt.game.new_initial_state()
    hand_key, trick_key = rt.game.hand_key, rt.game.trick_key
    tricks: list[int] = []
    hands: list[int] = []
    last_trick: Any = None
    last_hand: Any = None
    done = 0
    for i, n in enumerate(steps):
        for action in rt.actions[done:n]:
            state.apply_action(action)
        done = n
        obs = state.observation(None)
        hand = obs.get(hand_key) if hand_key else None
        trick = _count(obs.get(trick_key)) if trick_key else None
        if i > 0 and hand is not None and hand != last_hand:
            hands.append(i)
        if i > 0 and isinstance(trick, int) and isinstance(last_trick, int) and trick > last_trick:
            tricks.append(i)
        last_hand, last_trick = hand, trick
    return {"total": rt.n, "steps": steps, "tricks": tricks, "hands": hands}


class Replays:
    """The replay service of one server process."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.pool = ThreadPoolExecutor(max(1, settings.replay_threads),
                                       thread_name_prefix="garrison-replay")
        #: Replay builds under way per client address.
        self.busy: dict[str, int] = {}
        #: Tables whose marks are being worked out now (one build each).
        self._marking: dict[str, asyncio.Future[dict[str, Any]]] = {}

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    async def _run(self, fn: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    async def marks(self, rt: Runtime) -> dict[str, Any]:
        """The table's marks: kept with the table, or worked out now (once, however many ask)
        and kept."""
        kept = rt.row.replay_marks
        if kept is not None and kept.get("total") == rt.n:
            return kept
        tid = rt.row.id
        under_way = self._marking.get(tid)
        if under_way is not None:
            shared: dict[str, Any] = await asyncio.shield(under_way)
            return shared
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._marking[tid] = future
        try:
            marks: dict[str, Any] = await self._run(compute_marks, rt)
            rt.row.replay_marks = marks
            try:
                await asyncio.to_thread(self.store.save_marks, tid, json.dumps(marks))
            except SQLAlchemyError as err:  # kept in memory; worked out again after a restart
                log.warning("table %s: replay marks could not be stored: %s", tid, err)
            future.set_result(marks)
            return marks
        except BaseException as err:
            future.set_exception(err)
            with contextlib.suppress(BaseException):
                future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            self._marking.pop(tid, None)

    def finished(self, rt: Runtime) -> None:
        """A game just ended: work its marks out now, in the background, so that no replay
        request pays for them."""
        task = asyncio.get_running_loop().create_task(self.marks(rt))
        task.add_done_callback(_log_failure)

    async def view(self, rt: Runtime, address: str, n: int | None, step: int | None,
                   seat: int | None, every: bool, log_before: int | None) -> dict[str, Any]:
        """The replay view (see ``routes_tables.replay_step``), built in the replay pool.

        Raises:
            ServerError: ``rate_limited`` while this address has as many builds under way as it
                may.
        """
        if self.busy.get(address, 0) >= self.settings.replays_per_address:
            raise ServerError("rate_limited", "a replay of yours is still being built; wait for "
                                              "it before asking for another", retry_after=1)
        self.busy[address] = self.busy.get(address, 0) + 1
        try:
            marks = await self.marks(rt)
            return dict(await self._run(self._build, rt, marks, n, step, seat, every, log_before))
        finally:
            self.busy[address] -= 1
            if not self.busy[address]:
                del self.busy[address]

    def _build(self, rt: Runtime, marks: dict[str, Any], n: int | None, step: int | None,
               seat: int | None, every: bool, log_before: int | None) -> dict[str, Any]:
        steps = marks["steps"]
        if step is not None:
            n = steps[min(step, len(steps) - 1)]
        elif n is None:
            n = steps[0]
        n = min(n, rt.n)
        state = rt.game.new_initial_state()  # the table's own game: no file read again
        actions = rt.actions[:n]
        fast = getattr(state, "apply_legal_prefix", None)  # compiled rules: all of it in C
        for action in actions[fast(actions) if fast is not None else 0:]:
            state.apply_action(action)
        at = max((i for i, k in enumerate(steps) if k <= n), default=0)
        out = {"n": state.move_number(), "total": rt.n, "step": at, "decisions": len(steps) - 1,
               "steps": steps, "tricks": marks["tricks"], "hands": marks["hands"],
               "hand_word": rt.game.hand_word,
               "table": rt.meta(), "seat": seat, **seat_parts(rt, state, seat, [], log_before)}
        if every:
            out["views"] = [{"seat": s, **seat_parts(rt, state, s, [], log_before)}
                            for s in range(len(rt.row.seats))]
        return out


def _log_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("replay marks failed: %r", task.exception())

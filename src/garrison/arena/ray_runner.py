"""Running tournament games on a Ray cluster (``garrison arena ... --ray ADDRESS``).

``ADDRESS`` is a cluster address (``ray://host:10001`` or ``auto``); ``local`` starts a Ray
instance in this process. Each task plays a batch of games with the same function the process
pool uses, so the records, and everything computed from them, are the same as with ``--jobs``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from garrison.core import OptionError


def run_on_ray(
    address: str, work: Callable[[tuple[Any, ...]], list[dict[str, Any]]],
    tasks: list[tuple[Any, ...]],
    collect: Callable[[list[dict[str, Any]]], None],
) -> None:
    """Run ``work(task)`` for every task on Ray, passing each result to ``collect`` as it ends."""
    try:
        import ray
    except ImportError:
        raise OptionError("--ray needs Ray: pip install 'ray>=2.9'") from None
    started = False
    if not ray.is_initialized():
        try:
            if address == "local":
                ray.init(include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except Exception as err:  # connection problems come in many types
            raise OptionError(f"cannot reach the Ray cluster at {address!r}: {err}") from None
        started = True
    try:
        remote = ray.remote(work)
        pending = [remote.remote(t) for t in tasks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                collect(ray.get(ref))
    finally:
        if started:
            ray.shutdown()


__all__ = ["run_on_ray"]

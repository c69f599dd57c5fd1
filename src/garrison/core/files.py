"""Files written whole or not at all, for every module that saves one (a network, a wave of
self-play games, a ratings file): the bytes go to a temporary file beside the target, which
then takes the target's name in one step, so a reader never finds half a file and a failed
write leaves the old one."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO


def write_whole(path: str | os.PathLike[str], write: Callable[[IO[bytes]], object]) -> None:
    """Call ``write`` with a binary file and give what it wrote the name ``path`` (made as
    ``open`` would make it: the process's umask, not the temporary file's owner-only mode).

    Raises:
        OSError: the file cannot be written (the target is then unchanged); anything ``write``
            raises, likewise.
    """
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=target.name, suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            write(out)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process's umask (read by setting it, then put back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


__all__ = ["write_whole"]

"""Files written whole or not at all (``garrison.core.files.write_whole``), as the nets, the
waves of self-play games and the ratings files are saved."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from garrison.core.files import write_whole


def test_a_file_is_written_whole_with_the_mode_open_would_give(tmp_path: Path):
    path = tmp_path / "levels.json"
    old = os.umask(0o027)
    try:
        write_whole(path, lambda out: out.write(b"{}\n"))
    finally:
        os.umask(old)
    assert path.read_bytes() == b"{}\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["levels.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_one(tmp_path: Path):
    path = tmp_path / "net.npz"
    path.write_bytes(b"old")

    def half(out):  # noqa: ANN001
        out.write(b"half a file")
        raise ValueError("the writer stopped")

    with pytest.raises(ValueError, match="the writer stopped"):
        write_whole(path, half)
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["net.npz"]


def test_a_folder_that_does_not_exist_is_an_oserror_and_writes_nothing(tmp_path: Path):
    with pytest.raises(OSError):
        write_whole(tmp_path / "none" / "x.json", lambda out: out.write(b"x"))
    assert not list(tmp_path.iterdir())

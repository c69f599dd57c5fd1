"""``python -m garrison.server``: the same as ``garrison serve`` (used by the tests)."""

from __future__ import annotations

import argparse

from .run import PortBusy, serve


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m garrison.server")
    parser.add_argument("--db", default=None)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    try:
        serve(args.db, args.host, args.port)
    except PortBusy as err:
        raise SystemExit(f"garrison: {err}") from None


if __name__ == "__main__":
    main()

"""Builds the compiled rules (Cython): the kernel's ``core/*.pyx`` (the compiled state, the batched
engine) and every game's rules (``games/<game>/rules.pyx``).

Everything else about the package is in pyproject.toml. ``pip install -e .`` compiles them in
place; after editing a ``.pyx`` run it again (or ``python setup.py build_ext --inplace``).
"""

import contextlib
import importlib.util
import os
import sys
import threading
import time
from collections.abc import Iterator
from glob import glob
from pathlib import Path
from types import ModuleType

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: Modules compiled at once: one per core.
JOBS = os.cpu_count() or 1
#: Seconds between the lines that say a long step is still under way.
BEAT = 5.0


def say(text: str) -> None:
    """A line of the build's progress (pip shows it with -v; the Makefile keeps these lines)."""
    print(f"[garrison build] {text}", file=sys.stderr, flush=True)


@contextlib.contextmanager
def still_running(busy: set[str]) -> Iterator[None]:
    """Say every few seconds which of the ``busy`` steps still run (the set changes as they
    start and end), so that a long compile never looks like a hang."""
    done = threading.Event()

    def beat() -> None:
        started = time.monotonic()
        while not done.wait(BEAT):
            say(f"still working ({time.monotonic() - started:.0f} s): {', '.join(sorted(busy))}")

    ticker = threading.Thread(target=beat, daemon=True)
    ticker.start()
    try:
        yield
    finally:
        done.set()
        ticker.join()


class ParallelBuild(build_ext):
    """Compiles the extension modules one per core, saying when each starts and ends."""

    busy: set[str] = set()

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = JOBS

    def build_extensions(self) -> None:
        with still_running(self.busy):
            super().build_extensions()

    def build_extension(self, ext: Extension) -> None:
        say(f"compiling {ext.name}")
        started = time.monotonic()
        self.busy.add(ext.name)
        try:
            super().build_extension(ext)
        finally:
            self.busy.discard(ext.name)
        say(f"compiled {ext.name} in {time.monotonic() - started:.0f} s")




def load_tool(name: str) -> ModuleType:
    """``tools/<name>.py``, loaded from its path: the build tools are no installed package."""
    path = Path(__file__).resolve().parent / "tools" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the build tool {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


# Each game's fields.pxi, constants.py and the generated part of its rules.pyi come from the
# declarations in its rules.pyx (tools/declare.py; `make lint` checks that they are current):
# made before compiling.
if load_tool("declare").main([]):
    raise SystemExit("tools/declare.py failed")

MODULES = sorted(
    glob("src/garrison/core/*.pyx") + glob("src/garrison/games/*/rules.pyx")
)

extensions = [
    Extension(
        path[len("src/"):-len(".pyx")].replace("/", "."), [path], extra_compile_args=["-O2"],
        include_dirs=[numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    )
    for path in MODULES
]

say(f"translating {len(extensions)} rules modules to C ({JOBS} at once)")
with still_running({"translating to C"}):
    modules = cythonize(
        extensions,
        include_path=["src"],
        nthreads=JOBS,
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    )

setup(ext_modules=modules, cmdclass={"build_ext": ParallelBuild})

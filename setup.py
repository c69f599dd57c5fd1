"""Builds the compiled rules (Cython): the kernel's ``core/*.pyx`` (the compiled state, the batched
engine) and every game's rules (``games/<game>/rules.pyx``).

Everything else about the package is in pyproject.toml. ``pip install -e .`` compiles them in
place; after editing a ``.pyx`` run it again (or ``python setup.py build_ext --inplace``).
"""

import sys
from glob import glob
from pathlib import Path

import numpy

from Cython.Build import cythonize
from setuptools import Extension, setup

# Each game's fields.pxi and the generated part of its rules.pyi come from the declarations in its
# rules.pyx (scripts/declare.py; `make lint` checks that they are current): made before compiling.
sys.path.insert(0, str(Path(__file__).resolve().parent / "scripts"))
from declare import main as declare  # noqa: E402

if declare([]):
    raise SystemExit("scripts/declare.py failed")

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

setup(
    ext_modules=cythonize(
        extensions,
        include_path=["src"],
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    ),
)

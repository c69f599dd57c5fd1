"""Builds the compiled twins of the rules (``src/garrison/games/*/_core.pyx``, Cython).

Everything else about the package is in pyproject.toml. ``pip install -e .`` compiles the cores
in place; after editing a ``.pyx`` run it again (or ``cythonize -i -3 src/garrison/games/<game>/_core.pyx``).
"""

from glob import glob

from Cython.Build import cythonize
from setuptools import Extension, setup

CORES = sorted(glob("src/garrison/games/*/_core.pyx"))

extensions = [
    Extension(path[len("src/"):-len(".pyx")].replace("/", "."), [path], extra_compile_args=["-O2"])
    for path in CORES
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    ),
)

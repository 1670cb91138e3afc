"""The build's one dynamic part: compiling the exact solver's hot modules with mypyc, when asked.

Everything else about the package is in ``pyproject.toml``. A build compiles
only when the environment variable ``CARDRULES_COMPILE`` is ``1`` (or
``true``/``yes``), e.g. ``CARDRULES_COMPILE=1 pip install .``: then mypy (whose
mypyc does the compiling) joins the build requirements, a C compiler and the
Python headers must be at hand, and the wheel holds an extension module beside
each module of :data:`COMPILED_MODULES`, whose ``.py`` source stays in the
wheel too. Without the variable, and in an editable install
(``pip install -e .``) always, the package is pure Python. Compiling is opt-in
because a failed compile must never be what a plain ``pip install`` meets.
``cardrules.solve.COMPILED`` tells an installed package which it is.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

COMPILED_MODULES = (
    "cardrules/solve/search.py",
    "cardrules/solve/patterns.py",
    "cardrules/games/felagsvist/ending/model.py",
    "cardrules/games/felagsvist/ending/bounds.py",
    "cardrules/games/felagsvist/ending/nolo.py",
    "cardrules/games/felagsvist/ending/order.py",
    "cardrules/games/felagsvist/ending/groups.py",
    "cardrules/games/felagsvist/ending/bits.py",
)
"""The modules a compiled build compiles: the search and the Félagsvist ending it spends its time in."""

MYPYC = "mypy>=2.4"
"""The build requirement that brings mypyc (the release the compiled build was measured with)."""


_MYPY_FLAGS = ("--follow-imports=silent", f"--cache-dir={os.devnull}")
"""How mypyc's type check runs in a build: it reports only on the modules compiled (the modules they
import may need what the build environment lacks, Hypothesis for the testing strategies, say), and
reads and writes no cache (one left by a development run could hide what this environment lacks)."""


def _asked() -> bool:
    """Whether this build should compile: asked through the variable, and not an editable install."""
    wanted = os.environ.get("CARDRULES_COMPILE", "").strip().lower() in {"1", "true", "yes"}
    return wanted and "editable_wheel" not in sys.argv


if not _asked():
    setup()
else:
    try:
        from mypyc.build import mypycify
    except ImportError:
        # The first pass of a build (its requirements): name mypy, which the frontend installs
        # before it runs this script again to build.
        setup(setup_requires=[MYPYC])
    else:
        setup(
            setup_requires=[MYPYC],
            ext_modules=mypycify([*COMPILED_MODULES, *_MYPY_FLAGS], opt_level="3", group_name="cardrules"),
        )

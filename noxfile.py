"""Nox sessions: the same checks as tox.ini, and the one `.ci/run` uses.

``nox`` runs the default sessions (tests, typecheck, lint, docs), each in its own
virtualenv with the package and the extras it needs. The tests prove every Z3
claim once (each claim has its test, which also refutes its wrong companion),
so the proofs are not run a second time: ``nox -s proofs`` prints their table
on demand. ``nox -s bench`` runs the benchmark and ``nox -s mutation`` the mutation tests,
never part of the default run. ``nox -s tests_compiled`` (not in the default run) runs the
suite on a wheel with the solver compiled by mypyc. ``nox -s sdist`` (not in the default run either) builds
the source distribution and runs its test suite from the unpacked archive in a fresh
virtual environment, as a user of the archive would; ``nox -s fuzz`` fuzzes the
readers and ``nox -s screenshots`` photographs the docs in a headless browser.

``nox --no-venv`` runs the sessions in the current environment instead, without
installing anything: that environment must already hold the ``dev`` group
(``.ci/run`` sets one up that way). Arguments after ``--`` go to the session's
main tool, e.g. ``nox -s tests -- -k felagsvist -x``.
"""

from __future__ import annotations

import os
import shutil
import sys
import tarfile
from pathlib import Path

import nox
from nox.command import CommandFailed

nox.needs_version = ">=2024.3.2"
nox.options.sessions = ["tests", "typecheck", "lint", "docs"]
nox.options.error_on_external_run = True

# -E: read every page afresh, so an incremental build never hides a warning.
SPHINX_FLAGS = ("-n", "-W", "--keep-going", "-E")
TYPED_TREES = ("cardrules", "tests", "proofs")


def _passthrough(session: nox.Session) -> bool:
    """Whether the session runs in the calling environment (``--no-venv``)."""
    return session.venv_backend == "none"


def _install(session: nox.Session, *requirements: str) -> None:
    """Install into the session's virtualenv; with ``--no-venv`` trust the environment as it is."""
    if _passthrough(session):
        session.log("no virtualenv (--no-venv): using the current environment, installing nothing")
        return
    # Dependency groups (--group) need pip 25.1 or newer.
    session.install("--upgrade", "pip>=25.1")
    session.install(*requirements)


def _python(session: nox.Session) -> str:
    """The interpreter to run tools with: the session's, or nox's own under ``--no-venv``."""
    return sys.executable if _passthrough(session) else "python"


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite with pytest (no tests collected counts as a failure); list the 30 slowest."""
    _install(session, "-e", ".", "--group", "test")
    try:
        session.run(_python(session), "-m", "pytest", "--durations=30", *session.posargs)
    except CommandFailed as failure:
        if getattr(failure, "return_code", None) == 5:
            session.error("pytest collected no tests (exit code 5): the suite is missing or deselected")
        raise


@nox.session
def typecheck(session: nox.Session) -> None:
    """Type-check the library, the tests and the proofs with mypy --strict."""
    _install(session, "-e", ".", "--group", "dev")
    session.run(_python(session), "-m", "mypy", "--strict", *(session.posargs or TYPED_TREES))


@nox.session
def lint(session: nox.Session) -> None:
    """Lint everything with ruff."""
    _install(session, "ruff>=0.5")  # the floor of the dev group in pyproject.toml
    session.run(_python(session), "-m", "ruff", "check", *(session.posargs or ["."]))


@nox.session
def docs(session: nox.Session) -> None:
    """Build the documentation (HTML, warnings are errors) and run its doctests.

    The doctest builder reads the pages the HTML build has just read afresh
    (one doctree folder for both), so the sources are parsed once.
    """
    _install(session, "-e", ".", "--group", "docs")
    python = _python(session)
    doctrees = ("-d", "docs/_build/doctrees")
    session.run(python, "-m", "sphinx", *SPHINX_FLAGS, *doctrees, "-b", "html", "docs", "docs/_build/html")
    flags = [flag for flag in SPHINX_FLAGS if flag != "-E"]  # -E would read every page again
    session.run(python, "-m", "sphinx", *flags, *doctrees, "-b", "doctest", "docs", "docs/_build/doctest")


@nox.session(default=False)
def screenshots(session: nox.Session) -> None:
    """Build the HTML and screenshot its pages, pictures and a dispute report in headless Chromium.

    The PNG files go to ``docs/_build/screenshots/`` (``docs/_ext/screenshots.py``
    lists them); look at them. Not in the default run. Skipped, saying so, when
    no Chromium is on PATH.
    """
    import shutil

    browser = next(
        (
            found
            for name in ("chromium", "chromium-browser", "google-chrome")
            if (found := shutil.which(name))
        ),
        None,
    )
    if browser is None:
        session.skip("no Chromium on PATH (chromium, chromium-browser, google-chrome): no screenshots")
    _install(session, "-e", ".", "--group", "docs")
    python = _python(session)
    session.run(python, "-m", "sphinx", *SPHINX_FLAGS, "-b", "html", "docs", "docs/_build/html")
    session.run(python, "docs/_ext/screenshots.py", "docs/_build/html", "docs/_build/screenshots", browser)


@nox.session
def proofs(session: nox.Session) -> None:
    """Prove every Z3 claim and print the table."""
    _install(session, ".[proofs]")
    session.run(_python(session), "-m", "proofs", *session.posargs)


BENCHMARKS = ("felagsvist", "fildinski", "calabresella", "backstab_fish", "solver", "agents", "import")


@nox.session
def bench(session: nox.Session) -> None:
    """Time every game's engine (``tests/benchmarks/<game>_bench.py``); not in the default run.

    ``nox -s bench -- fildinski`` times one game; other arguments go to each benchmark.
    Each game's figures, with their ratios to the plain loop of the same run and
    the targets on them, are written to ``build/bench/<game>.json``; the run before
    (the file it replaces) is shown beside each ratio and headline figure.
    """
    _install(session, ".")
    chosen = [arg for arg in session.posargs if arg in BENCHMARKS] or list(BENCHMARKS)
    rest = [arg for arg in session.posargs if arg not in BENCHMARKS]
    for game in chosen:
        result = f"build/bench/{game}.json"
        session.run(
            _python(session),
            "-m",
            f"tests.benchmarks.{game}_bench",
            "--json",
            result,
            "--compare",
            result,
            *rest,
        )


@nox.session
def sdist(session: nox.Session) -> None:
    """Build the sdist, unpack it, install it with the test group in a fresh venv, run its tests there.

    Not in the default run (it installs everything afresh and runs the whole
    suite once more). The unpacked tree has no ``../shared``, so the tests that
    compare the code with the specification skip, saying why. Arguments after
    ``--`` go to pytest.
    """
    _install(session, "build>=1")
    python = _python(session)
    work = Path(session.create_tmp()).resolve() / "sdist"
    shutil.rmtree(work, ignore_errors=True)  # a previous run's archive and tree
    work.mkdir(parents=True)
    session.run(python, "-m", "build", "--sdist", "--outdir", str(work), ".")
    (archive,) = work.glob("cardrules-*.tar.gz")
    with tarfile.open(archive) as tar:
        tar.extractall(work, filter="data")
    (tree,) = (path for path in work.iterdir() if path.is_dir())
    venv = tree / ".venv"
    session.run(python, "-m", "venv", str(venv))
    fresh = str(venv / ("Scripts" if sys.platform == "win32" else "bin") / "python")
    env = {"CI": os.environ.get("CI", "true"), "PYTHONPATH": ""}
    with session.chdir(tree):
        # Dependency groups (--group) need pip 25.1 or newer; a fresh venv may come with an older one.
        session.run(fresh, "-m", "pip", "install", "--quiet", "--upgrade", "pip>=25.1", external=True)
        session.run(fresh, "-m", "pip", "install", "--quiet", ".", "--group", "test", external=True)
        session.run(fresh, "-m", "pytest", "-p", "no:cacheprovider", *session.posargs, env=env, external=True)


# Runs the suite with the package imported from the fresh venv's site-packages before pytest puts the
# tree on sys.path (-P keeps the current folder off it until then), so that the tests use the installed,
# compiled package while reading their records, docs and sources from the tree.
_INSTALLED_FIRST = "import sys, cardrules, pytest; sys.exit(pytest.main(sys.argv[1:]))"


@nox.session(default=False)
def tests_compiled(session: nox.Session) -> None:
    """Build a wheel with the solver compiled (``CARDRULES_COMPILE=1``), install it afresh, test it.

    Not in the default run (it compiles with mypyc, which needs a C compiler,
    and runs the whole suite once more). The wheel goes into a fresh virtual
    environment with the test group; pytest runs from this tree, but imports
    the installed package (see ``_INSTALLED_FIRST``), and
    ``CARDRULES_EXPECT_COMPILED=1`` makes ``tests/core/test_compiled.py``
    check that every module ``setup.py`` compiles was imported compiled.
    Tests that start a new interpreter in the tree import the sources there.
    Arguments after ``--`` go to pytest.
    """
    python = _python(session)
    work = Path(session.create_tmp()).resolve() / "compiled"
    shutil.rmtree(work, ignore_errors=True)  # a previous run's wheel and venv
    work.mkdir(parents=True)
    session.run(
        python, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(work), ".",
        env={"CARDRULES_COMPILE": "1"},
    )  # fmt: skip
    (wheel,) = work.glob("cardrules-*.whl")
    venv = work / ".venv"
    session.run(python, "-m", "venv", str(venv))
    fresh = str(venv / ("Scripts" if sys.platform == "win32" else "bin") / "python")
    # Dependency groups (--group) need pip 25.1 or newer; a fresh venv may come with an older one.
    session.run(fresh, "-m", "pip", "install", "--quiet", "--upgrade", "pip>=25.1", external=True)
    session.run(fresh, "-m", "pip", "install", "--quiet", str(wheel), "--group", "test", external=True)
    env = {"CI": os.environ.get("CI", "true"), "PYTHONPATH": "", "CARDRULES_EXPECT_COMPILED": "1"}
    pytest = (fresh, "-P", "-c", _INSTALLED_FIRST, "-p", "no:cacheprovider")
    session.run(*pytest, *session.posargs, env=env, external=True)


@nox.session
def fuzz(session: nox.Session) -> None:
    """Fuzz the readers, coverage-guided, for a fixed time (tests/fuzz_readers.py); not in the default run.

    Uses atheris when it installs (it ships wheels for common platforms), else
    Hypothesis's own fuzzing. ``nox -s fuzz -- --seconds 600`` fuzzes longer
    (under ``HYPOTHESIS_PROFILE=nightly``, half an hour by default); the
    corpus and any finding stay in ``.fuzz/``.
    """
    _install(session, "-e", ".", "--group", "test")
    if not _passthrough(session):
        try:
            session.install("atheris")
        except CommandFailed:
            session.log("atheris did not install: fuzzing with Hypothesis instead")
    nightly = os.environ.get("HYPOTHESIS_PROFILE", "").strip() == "nightly"  # its own, longer default
    default = [] if nightly else ["--seconds", "120"]
    session.run(_python(session), "-m", "tests.fuzz_readers", *(session.posargs or default))


@nox.session
def mutation(session: nox.Session) -> None:
    """Mutate every game, solver and record module and run the covering tests on each mutant.

    Not in the default run. ``python -m tests.support.mutation``: 15 mutants a
    module by default, a per-module table of killed, survived and equivalent
    mutants in ``.mutation/report.md`` (and ``.json``). Arguments go to the
    tool, e.g. ``nox -s mutation -- --sample 30 --seed 3``,
    ``--modules cardrules/games/calabresella/play.py`` or ``--timeout-factor 5``.
    """
    _install(session, "-e", ".", "--group", "test", "coverage>=7.4", "pytest-cov>=5")
    session.run(_python(session), "-m", "tests.support.mutation", *session.posargs)

"""Nox sessions: the same checks as tox.ini, and the one `.ci/run` uses.

``nox`` runs the default sessions (tests, tests_compiled, typecheck, lint, docs), each in its
own virtualenv with the package and the extras it needs. The tests prove every Z3 claim once
(each claim has its test, which also refutes its wrong companion), so the proofs are not run a
second time: ``nox -s proofs`` prints their table on demand. ``tests_compiled`` runs the
solver's tests again on a wheel with the solver compiled by mypyc (skipped, saying why, where
nothing can compile). ``nox -s bench`` runs the benchmark and ``nox -s mutation`` the mutation
tests, never part of the default run. ``nox -s sdist`` (not in the default run either) builds
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
import sysconfig
import tarfile
from pathlib import Path

import nox
from nox.command import CommandFailed

nox.needs_version = ">=2024.3.2"
nox.options.sessions = ["tests", "tests_compiled", "typecheck", "lint", "docs"]
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
    """Run the test suite with pytest (no tests collected counts as a failure); list the 30 slowest.

    The tests are shared out over every core (pytest-xdist, ``-n auto``), each
    worker taking the next test when it is free (``--dist worksteal``, since a
    few tests take far longer than the rest); ``-- -n 0`` runs them in this
    one process.
    """
    _install(session, "-e", ".", "--group", "test")
    try:
        spread = ("-n", "auto", "--dist", "worksteal")
        session.run(_python(session), "-m", "pytest", *spread, "--durations=30", *session.posargs)
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


# Runs the suite with the package imported from where the wheel was installed before pytest puts the
# tree on sys.path (-P keeps the current folder off it until then), so that the tests use the installed,
# compiled package while reading their records, docs and sources from the tree.
_INSTALLED_FIRST = "import sys, cardrules, pytest; sys.exit(pytest.main(sys.argv[1:]))"

COMPILED_TESTS = (
    "tests/core/test_compiled.py",
    "tests/core/test_solve*.py",
    "tests/core/test_cli_claims.py",
    "tests/*/test_ending*.py",
    "tests/core/test_docstrings.py",
    "tests/core/test_readme.py",
    "tests/core/test_hostile_fuzz.py",
    "tests/core/test_lazy_import.py",
)
"""The tests ``tests_compiled`` runs unless told otherwise: every test file that runs the compiled modules.

The compiled build differs from the pure one only in the modules ``setup.py``
compiles (the search and Félagsvist's ending); these files are those whose
tests run their code (found with the mutation tool's coverage map, which
gives the tests that run each line), and ``tests/core/test_compiled.py``
checks that every test file naming a compiled module or the solver is among
them. ``nox -s tests_compiled -- tests`` runs the whole suite compiled.
"""


def _no_compiler() -> str:
    """Why mypyc cannot compile here (no Python headers, no C compiler), or ``""`` when it can."""
    include = Path(sysconfig.get_paths()["include"])
    if not (include / "Python.h").is_file():
        return "the Python headers (Python.h) are not installed"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) is on the PATH"
    return ""


@nox.session
def tests_compiled(session: nox.Session) -> None:
    """Build a wheel with the solver compiled (``CARDRULES_COMPILE=1``), install it apart, test it.

    In the default run: it runs the test files that run the compiled modules
    (:data:`COMPILED_TESTS`); arguments after ``--`` go to pytest instead
    (``-- tests`` for the whole suite). Skipped, saying why, where mypyc cannot
    compile (no C compiler or no Python headers). The wheel goes into a fresh
    virtual environment with the test group (with ``--no-venv``: into a folder
    of its own, put first on the path of the calling environment, which has
    the test group already); pytest runs from this tree, but imports the
    installed package (see ``_INSTALLED_FIRST``), and
    ``CARDRULES_EXPECT_COMPILED=1`` makes ``tests/core/test_compiled.py``
    check that every module ``setup.py`` compiles was imported compiled.
    Tests that start a new interpreter in the tree import the sources there.
    """
    missing = _no_compiler()
    if missing:
        session.skip(f"no compiled build here: {missing}")
    python = _python(session)
    work = Path(session.create_tmp()).resolve() / "compiled"
    shutil.rmtree(work, ignore_errors=True)  # a previous run's wheel and venv
    work.mkdir(parents=True)
    session.run(
        python, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(work), ".",
        env={"CARDRULES_COMPILE": "1"},
    )  # fmt: skip
    (wheel,) = work.glob("cardrules-*.whl")
    env = {"CI": os.environ.get("CI", "true"), "PYTHONPATH": "", "CARDRULES_EXPECT_COMPILED": "1"}
    if _passthrough(session):
        site = work / "site"
        session.run(python, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(wheel))
        env["PYTHONPATH"] = str(site)
        tested = python
    else:
        venv = work / ".venv"
        session.run(python, "-m", "venv", str(venv))
        tested = str(venv / ("Scripts" if sys.platform == "win32" else "bin") / "python")
        # Dependency groups (--group) need pip 25.1 or newer; a fresh venv may come with an older one.
        session.run(tested, "-m", "pip", "install", "--quiet", "--upgrade", "pip>=25.1", external=True)
        session.run(tested, "-m", "pip", "install", "--quiet", str(wheel), "--group", "test", external=True)
    chosen = session.posargs or sorted(
        str(path) for pattern in COMPILED_TESTS for path in Path().glob(pattern)
    )
    pytest = (tested, "-P", "-c", _INSTALLED_FIRST, "-p", "no:cacheprovider")
    session.run(*pytest, *chosen, env=env, external=True)


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

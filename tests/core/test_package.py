"""The package as people adopt it: its metadata, its install lines, and an sdist that carries its tests.

The slow half, building the sdist and running its whole suite from the
unpacked archive in a fresh virtual environment, is ``nox -s sdist``; here
the archive is built and its contents compared with the source tree.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest

import cardrules
from tests.support.cli import run_cardrules

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = ROOT / "pyproject.toml"
SHIPPED = ("tests", "examples", "proofs", "docs")
"""The folders the sdist must carry whole, for its tests to run from the unpacked archive."""
LEFT_OUT = ("__pycache__", ".hypothesis", ".mypy_cache", "_build", ".venv")


def _project() -> dict[str, object]:
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    project = data["project"]
    assert isinstance(project, dict)
    return project


def test_the_metadata_names_the_licence_authors_python_versions_and_status() -> None:
    project = _project()
    assert project["license"] == "MIT" and (ROOT / "LICENSE").is_file()
    assert project["authors"] and project["keywords"]
    assert project["dependencies"] == []  # the library needs nothing at run time
    classifiers = project["classifiers"]
    assert isinstance(classifiers, list)
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert "Typing :: Typed" in classifiers
    assert any(c.startswith("Development Status ::") for c in classifiers)
    assert project["requires-python"] == ">=3.11"


def test_the_extras_are_features_and_the_tools_are_dependency_groups() -> None:
    data = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    extras = set(data["project"]["optional-dependencies"])
    assert {"testing", "proofs"} <= extras
    assert not extras & {"test", "docs", "dev", "lint", "typecheck"}, extras
    groups = data["dependency-groups"]
    assert {"test", "docs", "dev"} <= set(groups)
    assert any(str(req).startswith("pytest") for req in groups["test"])


def test_python_dash_m_cardrules_and_version_answer() -> None:
    done = run_cardrules("--version", module="cardrules")
    assert done.returncode == 0 and done.stdout.strip() == f"cardrules {cardrules.__version__}"


def test_the_readme_installs_from_a_clone_or_a_built_archive_not_from_an_index() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = [line.strip() for line in readme.splitlines()]
    installs = [line for line in lines if "pip install" in line]
    assert installs, "the README says how to install"
    for line in installs:
        # cardrules is on no index: every install names a clone (.), a built wheel or sdist, or a group
        assert "'cardrules" not in line and "pip install cardrules" not in line, line
    assert any("python -m build" in line for line in lines)
    assert any(f"dist/cardrules-{cardrules.__version__}-py3-none-any.whl" in line for line in installs)


def _tracked(folder: Path) -> set[str]:
    """The files of the source tree the sdist should carry, relative to the root."""
    files: set[str] = set()
    for top in SHIPPED:
        for path in (folder / top).rglob("*"):
            parts = path.relative_to(folder).parts
            left_out = any(part in LEFT_OUT for part in parts) or path.suffix == ".pyc"
            if path.is_file() and not left_out and path.name != ".gitignore":
                files.add("/".join(parts))
    return files


def _installed(module: str) -> bool:
    """Whether ``module`` is installed, not merely a folder of that name in the working directory.

    ``pip install .`` leaves a ``build/`` folder behind in an unpacked sdist;
    the import system finds such a folder as a namespace package, a spec
    without an origin, and would hide that the ``build`` tool is missing.
    """
    spec = importlib.util.find_spec(module)
    return spec is not None and spec.origin is not None


def test_a_folder_named_like_a_tool_is_not_taken_for_the_tool(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = "cardrules_test_no_such_tool"
    (tmp_path / name).mkdir()
    monkeypatch.syspath_prepend(str(tmp_path))
    assert importlib.util.find_spec(name) is not None  # the folder, as a namespace package
    assert not _installed(name)
    assert _installed("pytest")


@pytest.mark.skipif(not _installed("build"), reason="the build package is not installed")
def test_the_sdist_carries_the_tests_records_examples_proofs_and_docs(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if done.returncode != 0 and "Could not find a version" in done.stdout + done.stderr:
        pytest.skip("the build backend could not be installed (no package index here)")
    assert done.returncode == 0, done.stdout + done.stderr
    (archive,) = tmp_path.glob("cardrules-*.tar.gz")
    with tarfile.open(archive) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    for needed in (
        "tests/conftest.py",
        "tests/support/__init__.py",
        "tests/records/felagsvist-dispute.toml",
        "examples/records/felagsvist-complete.toml",
        "proofs/__init__.py",
        "docs/conf.py",
        "noxfile.py",
        "tox.ini",
        "LICENSE",
        "CHANGELOG.md",
        "CONTRIBUTING.md",
        "cardrules/py.typed",
        "cardrules/records/schema.json",
    ):
        assert needed in names, needed
    missing = _tracked(ROOT) - names
    assert not missing, f"the sdist leaves out {sorted(missing)[:10]}"
    assert not [name for name in names if any(part in LEFT_OUT for part in name.split("/"))]
    assert not [name for name in names if name.endswith(".pyc")]

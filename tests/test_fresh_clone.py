"""A fresh clone, as a user gets it: ``git clone`` of this repository's HEAD into a temporary
folder, with no ``../shared`` beside it, runs the README's commands, the tests that read the
data, and (with ``XCC_MASYU_CLONE_QUICK=1``) the README's whole quick subset.

The clone is built as ``pip install -e .`` would leave it (the compiled extensions of this
tree copied beside its packages) and run with this interpreter's venv as its ``.venv``, the
clone first on the path (PYTHONPATH): the code and the data are the clone's.  Installing
into a new venv is tests/test_package.py's part (the wheel).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_docs import blocks, check_console

ROOT = Path(__file__).resolve().parents[1]
VENV = Path(sys.executable).parent.parent


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    repo = tmp_path_factory.mktemp("fresh") / "xcc-masyu"
    r = subprocess.run(["git", "clone", "--quiet", str(ROOT), str(repo)], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert not (repo.parent / "shared").exists() and not (repo / "shared").exists()
    for package in ("xcc", "masyu"):     # as an in-place build leaves them
        for built in (ROOT / package).glob("*.so"):
            shutil.copy2(built, repo / package / built.name)
    (repo / ".venv").symlink_to(VENV)
    return repo


def environment(repo: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(repo), PATH=f"{VENV / 'bin'}:{os.environ['PATH']}",
                PYTHONUNBUFFERED="1", COLUMNS="80", NO_COLOR="1")


def sh(command: str, repo: Path, timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", command], cwd=repo, env=environment(repo),
                          timeout=timeout, capture_output=True, text=True)


def readme_commands(name: str) -> list[str]:
    """The commands of the README's ``sh`` blocks under the heading ``name``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(f"\n## {name}\n", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)
            for line in block.splitlines() if line.strip() and not line.startswith("#")]


def test_the_clone_runs_its_own_code(clone):
    r = sh(".venv/bin/python -c 'import xcc, masyu; print(xcc.__file__, masyu.__file__, "
           "\"c\" in xcc.ENGINES)'", clone)
    first, second, engine_c = r.stdout.split()
    assert first.startswith(str(clone)) and second.startswith(str(clone)), r.stdout + r.stderr
    assert engine_c == "True"


def test_the_readmes_first_command_solves_the_bundled_example(clone):
    install = readme_commands("Two commands")[0]
    assert install.endswith("&& .venv/bin/masyu solve")      # the install is the wheel test's
    r = sh(".venv/bin/masyu solve", clone)
    assert r.returncode == 0 and "unique strong solution" in r.stderr, r.stdout + r.stderr


def test_the_readmes_examples_run_in_the_clone(clone, monkeypatch):
    """Every console block of the README, as tests/test_docs.py checks them, in the clone."""
    monkeypatch.setenv("PYTHONPATH", str(clone))     # test_docs' shell() passes os.environ on
    monkeypatch.chdir(clone)
    ran = 0
    for block in blocks(clone / "README.md"):
        if block.lang == "console" and not block.skip:
            check_console(block, clone)
            ran += 1
    assert ran >= 2


# Test files that read tests/data or examples/ (the collection, its loops, the DLX files)
DATA_TESTS = ["tests/masyu/test_collection.py", "tests/masyu/cli/test_each.py",
              "tests/masyu/cli/test_usage.py", "tests/xcc/test_cli.py"]


@pytest.mark.slow
def test_the_tests_that_read_the_data_pass_in_the_clone(clone):
    r = sh(".venv/bin/python -m pytest -n 0 -p no:cacheprovider " + " ".join(DATA_TESTS), clone)
    tail = "\n".join(r.stdout.splitlines()[-15:])
    assert r.returncode == 0 and re.search(r"\d+ passed", tail), tail + r.stderr[-2000:]


@pytest.mark.skipif(not os.environ.get("XCC_MASYU_CLONE_QUICK"),
                    reason="XCC_MASYU_CLONE_QUICK=1: about ten minutes on two busy cores")
@pytest.mark.timeout(1800)
def test_the_readmes_quick_subset_passes_in_the_clone(clone):
    """The README's quick subset, as typed, in the clone: the tests find all they need there."""
    command = next(c for c in readme_commands("Two commands") if "pytest tests/" in c)
    r = sh(command + " -p no:cacheprovider", clone, timeout=1700)
    tail = "\n".join(r.stdout.splitlines()[-15:])
    assert r.returncode == 0, tail + r.stderr[-2000:]
    assert re.search(r"\d+ passed", tail) and " failed" not in tail and " error" not in tail, tail


BARE = {"masyu", "xcc", "python", "python3", "pip", "pytest", "jupyter"}


def bare_commands(path: Path) -> list[str]:
    """The commands of ``path``'s runnable blocks that call a program of the venv by its bare
    name (which works only in an activated venv) instead of ``.venv/bin/NAME``."""
    found = []
    for block in blocks(path):
        if block.skip or block.lang not in ("console", "sh"):
            continue
        lines = [line[2:] for line in block.text.splitlines() if line.startswith("$ ")] \
            if block.lang == "console" else block.text.splitlines()
        for line in lines:
            for part in re.split(r"\||&&|;|\$\(", line.split(" #")[0]):
                words = part.split()
                if words and words[0] in BARE:
                    found.append(f"{path.name}:{block.line}: {line}")
    return found


@pytest.mark.parametrize("name", ["README.md", "docs/guide.md"])
def test_the_commands_work_as_typed_after_the_readmes_install(name):
    """The README installs into .venv and does not activate it: its commands and the guide's
    name .venv/bin/masyu, .venv/bin/xcc, .venv/bin/python."""
    assert bare_commands(ROOT / name) == []


def test_a_bare_command_is_seen(tmp_path):
    doc = tmp_path / "doc.md"
    doc.write_text("```console\n$ masyu solve x | .venv/bin/xcc count -\n```\n\n"
                   "```sh\n.venv/bin/masyu encode x | xcc count -\n```\n", encoding="utf-8")
    assert len(bare_commands(doc)) == 2

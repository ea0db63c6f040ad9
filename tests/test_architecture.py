"""The import contracts of pyproject.toml ([tool.importlinter]) hold.

``lint-imports`` (import-linter, in the ``dev`` extra) checks the arrows of
docs/architecture.md: xcc never imports masyu, the engine families are
independent, the CLI sits over the driver over the engines.  A second test
copies the packages, adds one bad import each time, and sees the contracts
break: so the first test cannot pass by checking nothing.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def lint_imports() -> str:
    found = Path(sys.executable).with_name("lint-imports")
    if not found.exists():
        found = shutil.which("lint-imports")
    if not found:
        pytest.fail("lint-imports is missing: pip install -e '.[dev]' (import-linter)")
    return str(found)


def run(root: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(root))
    return subprocess.run([lint_imports(), "--no-cache"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)


def test_the_contracts_hold():
    r = run(ROOT)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert "0 broken" in r.stdout


@pytest.mark.parametrize("module, line, contract", [
    ("xcc/results.py", "import masyu", "xcc never imports masyu"),
    ("xcc/engines/dlx/links.py", "from ..sat import formula", "import neither each other"),
    ("xcc/engines/sat/cuts.py", "from ..dlx import arrays", "import neither each other"),
    ("xcc/engines/dlx/guard.py", "from ... import search", "the CLI over the driver"),
    ("xcc/search.py", "from . import cli", "the CLI over the driver"),
])
def test_a_bad_import_breaks_a_contract(tmp_path, module, line, contract):
    for package in ("xcc", "masyu"):
        shutil.copytree(ROOT / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("*.so", "csrc", "__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    path = tmp_path / module
    path.write_text(path.read_text() + f"\n{line}  # a bad import\n")
    r = run(tmp_path)
    assert r.returncode != 0
    broken = [ln for ln in r.stdout.splitlines() if " BROKEN" in ln]
    assert any(contract in ln for ln in broken), r.stdout[-3000:]

"""docs/architecture.md describes the tree as it is.

Every module of ``xcc`` and ``masyu`` is named there, and every module or
folder it names exists: a module is named by its path in backticks
(``masyu/deduce/probe.py``), or, inside a folder, by its stem in backticks in
the table row of that folder (the row "| `masyu/formats/` | ... `grid` ...");
a package's ``__init__.py`` by its folder.  A second test removes a module's
mention and sees the first rule catch it, so it cannot pass by checking nothing.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
PACKAGES = ("xcc", "masyu")
PATH = re.compile(r"`((?:xcc|masyu)/[\w/.]*)`")


def modules(root: Path = ROOT) -> list[str]:
    return sorted(f.relative_to(root).as_posix() for package in PACKAGES
                  for f in (root / package).rglob("*.py"))


def unnamed(doc: str, found: list[str]) -> list[str]:
    """The modules of ``found`` that ``doc`` does not name."""
    named = set(PATH.findall(doc))
    rows = [line for line in doc.splitlines() if line.startswith("| `")]
    missing = []
    for module in found:
        folder, stem = module.rsplit("/", 1)[0] + "/", module.rsplit("/", 1)[1][:-3]
        in_row = [row for row in rows if row.startswith(f"| `{folder}`")]
        if module in named or (stem == "__init__" and (folder in named or in_row)):
            continue
        if any(re.search(rf"`{re.escape(stem)}[`.( ]", row) for row in in_row):
            continue
        missing.append(module)
    return missing


def test_every_module_is_named_in_the_architecture():
    assert unnamed(DOC.read_text(encoding="utf-8"), modules()) == []


def test_everything_the_architecture_names_exists():
    named = PATH.findall(DOC.read_text(encoding="utf-8"))
    assert named, "the architecture names no module"
    assert sorted(p for p in set(named) if not (ROOT / p.rstrip("/")).exists()) == []


def test_a_module_left_out_is_caught():
    doc = DOC.read_text(encoding="utf-8")
    assert unnamed(doc.replace("`xcc/search.py`", "`the search`"),
                   modules()) == ["xcc/search.py"]
    assert unnamed(doc, modules() + ["masyu/nowhere.py"]) == ["masyu/nowhere.py"]

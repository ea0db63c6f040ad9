"""Build ``xcc-dlx``: the distribution of the ``xcc`` package alone (no masyu, no typer).

    python packaging/xcc_dlx.py [--out DIR] [--stage DIR]

pyproject.toml builds one distribution, ``xcc-masyu``, holding both packages and
their C extensions; it stays the one source of every fact about the build.  This
script derives the second distribution's pyproject.toml from it (tomllib), in a
staging folder holding a copy of ``xcc/`` (its C sources too, no compiled files),
the licence and packaging/xcc-dlx-README.md, then builds the wheel there with
``pip wheel --no-deps`` (setuptools in pip's isolated build environment, from
the configured index, as ``pip install -e .`` gets it):

- the version, licence, authors, Python versions: pyproject's;
- the extensions: pyproject's ``ext-modules`` named ``xcc.*`` (a new one is
  picked up by itself), the packages ``xcc*``, the package data of ``xcc``;
- the dependencies: pyproject's, by name, in ``REQUIRED`` (what ``import xcc``
  and its engines need: numpy, which ``xcc.problem`` imports) or in an extra of
  ``EXTRAS`` (``cli``: typer, for the ``xcc`` command beyond its quick path,
  ``xcc count FILE``, which runs in C); another dependency stops the build until
  it is placed here; the extras ``sat`` and ``dask``: pyproject's own;
- the console script ``xcc``.

``xcc.version()`` reads whichever of the two distributions is installed
(``xcc.DISTRIBUTION``, ``xcc.ALONE``).  Why ``xcc-masyu`` does not depend on
``xcc-dlx`` (yet): docs/architecture.md, "Packaging".
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "xcc-dlx"   # xcc.ALONE (xcc/__init__.py), which xcc.version() reads
PACKAGE = "xcc"
REQUIRED = {"numpy"}              # the dependencies of the library itself
EXTRAS = {"cli": {"typer"}}       # the main distribution's dependencies xcc-dlx makes optional
KEPT_EXTRAS = ("sat", "dask")     # pyproject's extras that are xcc's
DROPPED_WORDS = {"Masyu", "puzzles", "Topic :: Games/Entertainment :: Puzzle Games"}
DESCRIPTION = "Exact cover with colors (Knuth's Algorithm C, dancing links): the xcc library alone"
IGNORED = shutil.ignore_patterns("__pycache__", "*.py[cod]", "*.so", "*.pyd", "*.o")


def requirement_name(requirement: str) -> str:
    """The project name of a PEP 508 requirement (``numpy>=1.24`` -> ``numpy``)."""
    found = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    if found is None:
        raise SystemExit(f"{Path(__file__).name}: cannot read the requirement {requirement!r}")
    return found.group(1).lower()


def metadata(main: dict) -> dict:
    """The pyproject.toml of xcc-dlx, from the main one (see the module)."""
    project, setuptools = main["project"], main["tool"]["setuptools"]
    required: list[str] = []
    extras: dict[str, list[str]] = {extra: [] for extra in EXTRAS}
    for requirement in project["dependencies"]:
        name = requirement_name(requirement)
        extra = next((e for e, names in EXTRAS.items() if name in names), None)
        if name in REQUIRED:
            required.append(requirement)
        elif extra is not None:
            extras[extra].append(requirement)
        else:
            raise SystemExit(f"{Path(__file__).name}: pyproject.toml's dependency {requirement!r} "
                             f"is neither REQUIRED by xcc nor in one of its EXTRAS: place it")
    for extra in KEPT_EXTRAS:
        extras[extra] = project["optional-dependencies"][extra]
    scripts = {k: v for k, v in project["scripts"].items() if k == PACKAGE}
    return {
        "build-system": {"requires": ["setuptools>=77"], "build-backend": "setuptools.build_meta"},
        "project": {
            "name": NAME, "version": project["version"], "description": DESCRIPTION,
            "readme": "README.md", "requires-python": project["requires-python"],
            "license": project["license"], "license-files": project["license-files"],
            "authors": project["authors"],
            "keywords": [w for w in project["keywords"] if w not in DROPPED_WORDS],
            "classifiers": [c for c in project["classifiers"] if c not in DROPPED_WORDS],
            "dependencies": required, "optional-dependencies": extras, "scripts": scripts,
        },
        "tool": {"setuptools": {
            "ext-modules": [e for e in setuptools["ext-modules"]
                            if e["name"].startswith(PACKAGE + ".")],
            "packages": {"find": {"include": [PACKAGE + "*"]}},
            "package-data": {PACKAGE: setuptools["package-data"][PACKAGE]},
        }},
    }


# ---- a TOML writer for the plain data above (tomllib reads, the standard library writes none)

def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, str)):
        return json.dumps(value)   # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"no TOML for {value!r}")


def toml(data: dict, prefix: str = "") -> str:
    """``data`` as TOML: every mapping a [table] (its header left out when it
    holds only tables), lists of mappings as inline tables."""
    plain = {k: v for k, v in data.items() if not isinstance(v, dict)}
    out = [f"[{prefix}]\n"] if prefix and plain else []
    out += [f"{_key(k)} = {_value(v)}\n" for k, v in plain.items()]
    for k, v in data.items():
        if isinstance(v, dict):
            out.append(("\n" if out else "") + toml(v, f"{prefix}.{_key(k)}" if prefix else _key(k)))
    return "".join(out)


# ---- the build

def stage(where: Path) -> Path:
    """The staging folder: xcc/, LICENSE, the README and the derived pyproject.toml."""
    main = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    meta = metadata(main)
    shutil.copytree(ROOT / PACKAGE, where / PACKAGE, ignore=IGNORED)
    for name in meta["project"]["license-files"]:
        shutil.copy(ROOT / name, where / name)
    shutil.copy(ROOT / "packaging" / "xcc-dlx-README.md", where / "README.md")
    (where / "MANIFEST.in").write_text(
        "include LICENSE README.md pyproject.toml\nrecursive-include xcc/csrc *.c *.h\n"
        "include xcc/py.typed\nglobal-exclude *.py[cod] __pycache__ *.so\n", encoding="utf-8")
    text = "# Made by packaging/xcc_dlx.py from the repository's pyproject.toml: edit that one.\n"
    (where / "pyproject.toml").write_text(text + toml(meta), encoding="utf-8")
    assert tomllib.loads((where / "pyproject.toml").read_text(encoding="utf-8")) == meta
    return where


def build(out: Path, staging: Path | None = None) -> Path:
    """Build the wheel of xcc-dlx into ``out``; its path."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="xcc-dlx-") as scratch:
        where = stage(staging or Path(scratch) / "xcc-dlx")
        before = set(out.glob("xcc_dlx-*.whl"))
        r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                            "-w", str(out), str(where)], capture_output=True, text=True)
        if r.returncode:
            raise SystemExit(f"pip wheel failed:\n{r.stdout[-3000:]}{r.stderr[-3000:]}")
    made = sorted(set(out.glob("xcc_dlx-*.whl")) - before) or sorted(out.glob("xcc_dlx-*.whl"))
    return made[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the wheel of xcc-dlx (xcc alone).")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the wheel goes")
    parser.add_argument("--stage", type=Path, help="keep the staging folder here (new folder)")
    args = parser.parse_args(argv)
    print(build(args.out, args.stage))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``xcc-dlx``, the distribution of xcc alone (packaging/xcc_dlx.py), as a user gets it.

The wheel is built from this tree (``pip wheel --no-deps``, setuptools from the
configured index as ``pip install -e .`` gets it) and installed into a fresh venv
whose one other package is numpy (linked from this interpreter's site-packages: no
network, and no masyu, typer or click to be found).  There the library solves
Knuth's queens8.dlx with DLX2's figures (92 solutions, 305,205 mems), a seed
repeats, ``xcc count FILE`` runs (its quick path, in C), and the rest of the
command says in one line that it needs the extra ``cli``; with typer on the path,
``xcc --version`` names the version of pyproject.toml.
"""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAIN = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
VERSION = MAIN["project"]["version"]
QUEENS = str(ROOT / "examples" / "queens8.dlx")


def builder():
    spec = importlib.util.spec_from_file_location("xcc_dlx", ROOT / "packaging" / "xcc_dlx.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(args: list[str], cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


def test_the_metadata_is_derived_from_pyproject():
    xcc_dlx = builder()
    meta = xcc_dlx.metadata(MAIN)
    project = meta["project"]
    assert (project["name"], project["version"]) == ("xcc-dlx", VERSION)
    import xcc
    assert xcc.ALONE == project["name"]    # the name xcc.version() reads
    assert [xcc_dlx.requirement_name(r) for r in project["dependencies"]] == ["numpy"]
    assert [xcc_dlx.requirement_name(r) for r in project["optional-dependencies"]["cli"]] == \
        ["typer"]
    assert list(project["scripts"]) == ["xcc"]
    names = [e["name"] for e in meta["tool"]["setuptools"]["ext-modules"]]
    assert names == [e["name"] for e in MAIN["tool"]["setuptools"]["ext-modules"]
                     if e["name"].startswith("xcc.")] and "xcc._native" in names
    assert xcc_dlx.tomllib.loads(xcc_dlx.toml(meta)) == meta   # the writer round-trips
    unplaced = {**MAIN, "project": {**MAIN["project"],
                                    "dependencies": [*MAIN["project"]["dependencies"], "rich"]}}
    with pytest.raises(SystemExit, match="'rich' is neither REQUIRED"):
        xcc_dlx.metadata(unplaced)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return builder().build(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh venv with the wheel, and numpy linked from this interpreter: nothing else."""
    home = tmp_path_factory.mktemp("venv") / "v"
    assert run([sys.executable, "-m", "venv", str(home)], cwd=ROOT).returncode == 0
    python = home / "bin" / "python"
    site = Path(run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                    cwd=ROOT).stdout.strip())
    deps = home / "deps"
    deps.mkdir()
    ours = Path(sysconfig.get_path("platlib"))
    for name in ("numpy", "numpy.libs"):
        if (ours / name).exists():
            (deps / name).symlink_to(ours / name)
    (site / "zz_numpy.pth").write_text(f"{deps}\n", encoding="utf-8")
    r = run([str(python), "-m", "pip", "install", "-q", "--no-index", "--no-deps", str(wheel)],
            cwd=ROOT)
    assert r.returncode == 0, r.stderr
    return home


@pytest.mark.slow
def test_the_wheel_holds_xcc_alone(wheel):
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        meta = whl.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    assert {f"xcc/_native{suffix}", f"xcc/_mult{suffix}", f"xcc/_cells{suffix}",
            "xcc/py.typed", "xcc/__init__.py", "xcc/launch.py"} <= names
    assert not [n for n in names if n.startswith("masyu")]
    assert f"Name: xcc-dlx\nVersion: {VERSION}\n" in meta
    required = [line for line in meta.splitlines()
                if line.startswith("Requires-Dist:") and "extra ==" not in line]
    assert required == ["Requires-Dist: numpy>=1.24"]
    assert 'Requires-Dist: typer>=0.19; extra == "cli"' in meta


@pytest.mark.slow
def test_xcc_alone_solves_and_counts(venv, tmp_path):
    python = str(venv / "bin" / "python")
    r = run([python, "-c", "import importlib.util as u, json, xcc; "
             f"p = xcc.read_dlx({QUEENS!r}); s = xcc.count(p, engine='c'); "
             "first = [next(xcc.solve(p, seed=3)).indices for _ in range(2)]; "
             "print(json.dumps([xcc.__file__, xcc.version(), xcc.__version__, s.solutions, s.mems, "
             "first[0] == first[1], [m for m in ('masyu', 'typer', 'click') if u.find_spec(m)]]))"],
            cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    file, version, dunder, solutions, mems, repeats, found = json.loads(r.stdout)
    assert file.startswith(str(venv)) and version == dunder == VERSION
    assert (solutions, mems, repeats, found) == (92, 305_205, True, [])   # DLX2's figures
    xcc = str(venv / "bin" / "xcc")
    r = run([xcc, "count", QUEENS], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Altogether 92 solutions, 1,199 nodes, ")
    r = run([xcc, "solve", QUEENS, "--limit", "1"], cwd=tmp_path)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == "xcc: this command needs typer: pip install 'xcc-dlx[cli]' " \
                       "(xcc count FILE runs without it)\n"
    # an extra missing (python-sat, Dask): the hint names this distribution, not xcc-masyu
    r = run([python, "-c", "import xcc, xcc.parallel.pools as pools\n"
             f"try:\n    xcc.count(xcc.read_dlx({QUEENS!r}), engine='sat')\n"
             "except xcc.XCCError as err:\n    print(err)\nprint(pools.dask_hint())"],
            cwd=tmp_path)
    assert r.returncode == 0 and "pip install 'xcc-dlx[sat]'" in r.stdout.splitlines()[0] \
        and "pip install 'xcc-dlx[dask]'" in r.stdout.splitlines()[1], (r.stdout, r.stderr)
    # the extra cli: typer and click from this interpreter (whose site-packages hold no xcc)
    env = dict(os.environ, PYTHONPATH=sysconfig.get_path("purelib"))
    r = run([xcc, "--version"], cwd=tmp_path, env=env)
    assert (r.returncode, r.stdout) == (0, f"xcc {VERSION}\n"), r.stderr
    r = run([xcc, "solve", QUEENS, "--limit", "1", "--seed", "3"], cwd=tmp_path, env=env)
    assert r.returncode == 0 and r.stdout.startswith("1:\n "), r.stderr

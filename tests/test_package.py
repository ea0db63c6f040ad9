"""The package as users get it: its version, its types, its wheel and sdist.

- ``__version__`` of both packages and ``--version`` of both commands are pyproject.toml's
  version (read here with tomllib: the one source they all derive from).
- ``mypy --strict`` accepts a user's script over the documented API (tests/data/typed_use.py,
  the calls of README.md and docs/guide.md), against the source tree, and against the
  installed wheel (where only py.typed makes the types visible).
- ``python -m build`` makes an sdist with the C sources, headers and data, and a wheel built
  from that sdist; the wheel, installed into a fresh venv, runs ``masyu solve`` and ``xcc count``
  with the compiled extension and without it (blocked as tests/test_without_extension.py does).
  The wheel's dependencies (numpy, typer) come from this interpreter's site-packages (a .pth
  file in the fresh venv): no network, and the wheel's own files are the ones imported.
"""
from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import masyu
import xcc

ROOT = Path(__file__).resolve().parents[1]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
SCRIPT = ROOT / "tests" / "data" / "typed_use.py"
BLOCK = 'import sys; sys.modules["xcc._native"] = None\n'   # tests/test_without_extension.py's


def run(args: list[str], cwd: Path = ROOT, env: dict | None = None,
        timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def test_the_version_is_pyprojects_everywhere():
    assert xcc.__version__ == masyu.__version__ == VERSION
    for prog in ("xcc", "masyu"):
        r = run([str(Path(sys.executable).parent / prog), "--version"])
        assert (r.returncode, r.stdout) == (0, f"{prog} {VERSION}\n"), r.stderr


def test_both_packages_are_marked_typed():
    assert (ROOT / "xcc" / "py.typed").is_file() and (ROOT / "masyu" / "py.typed").is_file()


def mypy(where: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """``mypy --strict`` on a copy of the user's script in ``where`` (away from the tree, whose
    ``tests/__init__.py`` would put the repository on mypy's path)."""
    if not (where / SCRIPT.name).exists():
        (where / SCRIPT.name).write_text(SCRIPT.read_text(encoding="utf-8"), encoding="utf-8")
    return run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                "--cache-dir", os.devnull, *args], cwd=where, env=env)


def test_mypy_strict_accepts_a_users_script_over_the_documented_api(tmp_path):
    """Against the source tree (MYPYPATH): the library's own modules are read for their
    types, their own errors not reported (follow-imports=silent), the script's are.  In the
    same run, a wrong use is caught: the types are the library's, not Any."""
    bad = tmp_path / "bad.py"
    bad.write_text("import masyu, xcc\n"
                   "n: str = masyu.count(masyu.Puzzle.parse('3x3:i'))\n"
                   "xcc.count('queens8.dlx')\n", encoding="utf-8")
    r = mypy(tmp_path, "--follow-imports=silent", SCRIPT.name, bad.name,
             env=dict(os.environ, MYPYPATH=str(ROOT)))
    errors = [line for line in r.stdout.splitlines() if ": error:" in line]
    assert r.returncode == 1 and len(errors) == 2, r.stdout + r.stderr
    assert all(line.startswith("bad.py:") for line in errors), r.stdout


# ---------------------------------------------------------------------------
# The wheel and the sdist

@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """``python -m build``: the sdist, then the wheel built from it (as pip would)."""
    out = tmp_path_factory.mktemp("dist")
    r = run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def venv(dist, tmp_path_factory) -> Path:
    """A fresh venv with the wheel installed; numpy and typer from this interpreter's."""
    home = tmp_path_factory.mktemp("venv") / "v"
    r = run([sys.executable, "-m", "venv", str(home)])
    assert r.returncode == 0, r.stderr
    python = home / "bin" / "python"
    site = run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"])
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    # appended after the venv's own site-packages: the wheel's files come first
    (Path(site.stdout.strip()) / "zz_dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    wheel = next(dist.glob("xcc_masyu-*.whl"))
    r = run([str(python), "-m", "pip", "install", "-q", "--no-index", "--no-deps", str(wheel)])
    assert r.returncode == 0, r.stderr
    return home


@pytest.mark.slow
def test_the_sdist_carries_the_sources_and_the_data(dist):
    with tarfile.open(next(dist.glob("xcc_masyu-*.tar.gz"))) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for path in [*ROOT.glob("xcc/csrc/**/*.[ch]"), *ROOT.glob("masyu/csrc/*.[ch]"),
                 *ROOT.glob("masyu/data/*.txt"), *ROOT.glob("masyu/play/static/*"),
                 *ROOT.glob("tests/data/puzzles/*"), *ROOT.glob("examples/*")]:
        assert str(path.relative_to(ROOT)) in names, path
    for name in ("LICENSE", "CITATION.cff", "README.md", "pyproject.toml", "xcc/py.typed",
                 "masyu/py.typed"):
        assert name in names, name


@pytest.mark.slow
def test_the_wheel_holds_the_extensions_and_the_markers(dist):
    with zipfile.ZipFile(next(dist.glob("xcc_masyu-*.whl"))) as whl:
        names = set(whl.namelist())
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    assert {f"xcc/_native{suffix}", f"masyu/_deduce{suffix}", "xcc/py.typed",
            "masyu/py.typed", "masyu/data/example.txt"} <= names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def stored_loop(name: str) -> str:
    """The box drawing of ``name`` in examples/solutions.txt (the stored loop)."""
    blocks = (ROOT / "examples" / "solutions.txt").read_text(encoding="utf-8").split("\n\n")
    block = next(b for b in blocks if b.startswith(f"# {name} "))
    return "\n".join(line.rstrip() for line in block.splitlines()[1:])


@pytest.mark.slow
@pytest.mark.parametrize("extension", [True, False], ids=["compiled", "without-extension"])
def test_the_installed_wheel_solves_and_counts(venv, tmp_path, extension):
    python = str(venv / "bin" / "python")
    block = "" if extension else BLOCK
    where = run([python, "-c", block + "import xcc, masyu, json; "
                 "print(json.dumps([xcc.__file__, masyu.__version__, list(xcc.ENGINES)]))"],
                cwd=tmp_path)
    assert where.returncode == 0, where.stderr
    file, version, engines = __import__("json").loads(where.stdout)
    assert file.startswith(str(venv)) and version == VERSION
    assert ("c" in engines) == extension

    def command(prog: str, *args: str) -> subprocess.CompletedProcess:
        if extension:          # the console scripts the wheel installed
            return run([str(venv / "bin" / prog), *args], cwd=tmp_path)
        entry = {"masyu": "masyu.cli", "xcc": "xcc"}[prog]
        return run([python, "-c", block + f"from {entry} import main; sys.argv = "
                    f"[{prog!r}, *sys.argv[1:]]; main()", *args], cwd=tmp_path)

    r = command("masyu", "solve", "--format", "box", "-q")     # the bundled example
    assert r.returncode == 0, r.stderr
    assert "\n".join(line.rstrip() for line in r.stdout.splitlines()) == \
        stored_loop("rcra-masyu05")
    r = command("xcc", "count", str(ROOT / "examples" / "queens8.dlx"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Altogether 92 solutions, 1,199 nodes, ")   # 8 queens; DLX2's
    r = command("masyu", "count", f"{ROOT / 'examples' / 'puzzles.txt'}#wikipedia-masyu-example",
                "--weak", "-q")
    assert (r.returncode, r.stdout) == (0, "6 weak solutions\n"), r.stderr   # published


@pytest.mark.slow
def test_mypy_strict_accepts_the_script_against_the_installed_wheel(venv, tmp_path):
    """As a user's mypy sees the package: installed, typed only by its py.typed."""
    r = mypy(tmp_path, "--python-executable", str(venv / "bin" / "python"), SCRIPT.name)
    assert r.returncode == 0, r.stdout + r.stderr

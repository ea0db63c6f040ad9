"""masyu without the compiled extension: the defaults fall back to the python engine.

Runs in a fresh interpreter with ``sys.modules["xcc._native"] = None`` (the extension
blocked), so nothing here depends on the build.  The counts are the published ones of
tests/data/puzzles/README.md (the Wikipedia example: 6 weak solutions, 1 strong).
"""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CODE = textwrap.dedent("""
    import sys
    sys.modules["xcc._native"] = None          # as if the extension were not built
    import xcc, masyu
    from typer.testing import CliRunner
    from masyu.cli import app

    assert "c" not in xcc.ENGINES and xcc.DEFAULT_ENGINE == "python", xcc.ENGINES
    puzzles = {p.name: p for p in masyu.load(sys.argv[1])}
    wiki = puzzles["wikipedia-masyu-example"]
    assert masyu.count(wiki) == 1 and masyu.count(wiki, weak=True) == 6
    assert masyu.is_unique(wiki) and masyu.Search(wiki, method="guard").engine == "python"
    assert masyu.count(wiki, method="best") == 1
    assert masyu.count(wiki, weak=True, method="best").as_dict()["weak"] == 6
    assert next(iter(masyu.solve(wiki))) == masyu.load_solutions(sys.argv[2])[wiki.name]
    g = masyu.generate_with_loop(6, 6, seed=1)           # uniqueness asked of xcc too
    assert masyu.count(g.puzzle) == 1

    runner = CliRunner()
    r = runner.invoke(app, ["solve", "--format", "box", "-q"])     # the bundled example
    assert r.exit_code == 0 and r.stdout.count("\\n") == 10, r.output
    r = runner.invoke(app, ["count", sys.argv[1] + "#wikipedia-masyu-example", "--weak"])
    assert r.exit_code == 0 and r.stdout == "6 weak solutions\\n", r.output
    r = runner.invoke(app, ["count", "--help"])
    assert "the others: python" in " ".join(r.stdout.split()), r.stdout
    print("ok")
""")


def test_the_defaults_without_the_extension(shared):
    puzzles = shared / "puzzles"
    result = subprocess.run([sys.executable, "-c", CODE, str(puzzles / "extra.txt"),
                             str(puzzles / "extra_solutions.txt")], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0 and result.stdout == "ok\n", result.stderr[-3000:]

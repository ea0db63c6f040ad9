"""The library with the compiled extension missing.

Each check runs in a fresh interpreter that blocks ``xcc._native``
(``sys.modules["xcc._native"] = None`` before xcc is imported, as if the
``.so`` were not built): engine "c" drops out, "python" is the default, the
SAT engine builds its CNF with the reference translation, and the CLI and
masyu's public API work on what is left.
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

BLOCK = 'import sys\nsys.modules["xcc._native"] = None\n'


def run(code: str, *args: str) -> subprocess.CompletedProcess:
    r = subprocess.run([sys.executable, "-c", BLOCK + textwrap.dedent(code), *args],
                       capture_output=True, text=True, timeout=300)
    assert "Traceback" not in r.stderr, r.stderr
    return r


def test_the_block_works():
    r = run("""
        try:
            import xcc._native
        except ImportError:
            print("blocked")
    """)
    assert r.stdout == "blocked\n"


def test_engines_and_count():
    r = run("""
        import json, xcc
        from xcc.examples import queens
        s = xcc.count(queens(8))
        print(json.dumps([list(xcc.ENGINES), xcc.DEFAULT_ENGINE, s.engine, s.solutions, s.mems]))
    """)
    engines, default, used, solutions, mems = json.loads(r.stdout)
    assert "c" not in engines and engines[0] == "python"
    assert default == used == "python" and (solutions, mems) == (92, 305205)


def test_c_is_refused_with_its_hint():
    r = run("""
        import xcc
        try:
            xcc.count(xcc.Problem(["a"], [], [["a"]]), engine="c")
        except xcc.XCCError as e:
            print(e)
    """)
    assert r.stdout.startswith("engine 'c' is not available here") and "compiled" in r.stdout


def test_sat_uses_the_reference_translation():
    r = run("""
        import json, xcc
        from xcc.engines.sat import engine as sat
        from xcc.engines.sat.translate import Layout, Translation
        from xcc.examples import queens
        kind = type(sat.translate(Layout(queens(6)))).__name__
        count = xcc.count(queens(6), engine="sat").solutions if "sat" in xcc.ENGINES else None
        print(json.dumps([kind, count, "sat" in xcc.ENGINES, sat.solver_class() is not None]))
    """)
    kind, count, listed, has_pysat = json.loads(r.stdout)
    assert kind == "Translation" and listed == has_pysat
    if not has_pysat:
        pytest.skip("python-sat is not installed")
    assert count == 4


@pytest.mark.parametrize("entry", ["xcc.cli", "xcc"])
def test_the_cli_defaults(shared, entry):
    """The full command, and xcc.main (the console script's entry), which
    without _native.quick leaves every call to it."""
    r = run(f"""
        import sys
        from {entry} import main
        sys.argv = ["xcc", "count", sys.argv[1], "--json"]
        main()
    """, str(shared / "xcc" / "queens8.dlx"))
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["engine"] == "python" and (d["solutions"], d["mems"]) == (92, 305205)


def test_masyu_through_its_public_api():
    import masyu
    p = masyu.Puzzle.parse("6x6:eBbBfWbWbBaBcWbBe")
    loop = next(iter(masyu.solve(p)))  # in this interpreter, with the extension if built
    r = run("""
        import masyu
        p = masyu.Puzzle.parse("6x6:eBbBfWbWbBaBcWbBe")
        n = masyu.count(p, method="guard")
        print(int(n), n.stats.engine, masyu.is_unique(p))
        print(sorted(next(iter(masyu.solve(p))).edges))
    """)
    assert r.returncode == 0, r.stderr
    first, second = r.stdout.splitlines()
    assert first == "1 python True"
    assert second == str(sorted(loop.edges))

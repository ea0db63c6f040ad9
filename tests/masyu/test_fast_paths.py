"""Issue 15's fast paths: lazy packages, the small-board choice of ``method="best"``."""
from __future__ import annotations

import subprocess
import sys

import pytest

import masyu
import xcc
from masyu.methods import SMALL_CELLS, best_configuration

from tests.data import STEP


@pytest.mark.parametrize("package", ["masyu", "xcc"])
def test_importing_a_package_loads_neither_numpy_nor_python_sat(package):
    code = (f"import sys, {package}; "
            "heavy = [m for m in ('numpy', 'pysat', 'xcc._native', 'typer') if m in sys.modules]; "
            f"print(heavy); {package}.__all__; "
            f"[getattr({package}, name) for name in {package}.__all__]; "
            "print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[0] == "[]", out
    assert out[1] == "True"  # every public name still resolves (and then numpy is there)


def test_lazy_names_are_the_real_objects_and_functions_keep_their_names():
    from masyu.check import check
    from masyu.generate import generate
    from masyu.solving import count
    assert masyu.check is check and masyu.generate is generate and masyu.count is count
    from xcc.search import count as xcount
    assert xcc.count is xcount
    with pytest.raises(AttributeError):
        masyu.no_such_name
    with pytest.raises(AttributeError):
        xcc.no_such_name
    # any submodule is an attribute before anything imported it (a branch may add one)
    code = ("import masyu, xcc, sys; print(masyu.daily is sys.modules['masyu.daily'], "
            "xcc.examples is sys.modules['xcc.examples'], masyu.deduce.analyze is not None)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["True", "True", "True"]
    assert "generate_with_loop" in dir(masyu)


def test_best_picks_dancing_links_on_small_boards_and_finds_the_stored_loops(shared):
    puzzles = [p for p in masyu.load(shared / "puzzles" / "psm.txt")
               if p.rows * p.cols <= SMALL_CELLS][:20]
    loops = masyu.load_solutions(shared / "puzzles" / "psm_solutions.txt")
    assert puzzles
    for p in puzzles:
        n = masyu.count(p, method="best", limit=2)
        # deduction first (issue 34): the engine runs only when it does not settle the puzzle
        engine = "deduce" if masyu.deduce.settle(p) is not None else "c"
        assert int(n) == 1 and n.stats.engine == engine, p.name
        assert int(masyu.count(p, method="best", engine="c", limit=2)) == 1, p.name
        if p.name in loops:
            assert next(iter(masyu.solve(p, method="best"))) == loops[p.name]
    assert best_configuration(False, SMALL_CELLS)[2] == "c"
    big = best_configuration(False, SMALL_CELLS + 1)
    assert big == (best_configuration(False)) and big[2] == ("sat" if "sat" in xcc.ENGINES
                                                             else xcc.DEFAULT_ENGINE)


def test_a_library_solve_loads_no_web_or_cli_modules():
    # render once imported xml.sax.saxutils, which imports urllib.request and
    # http.client (about 0.1 s of every process); the CLI's typer is not needed either
    code = ("import sys, masyu; from masyu import formats; "
            "p = formats.parse('6x6:eBbBfWbWbBaBcWbBe'); "
            "loop = next(iter(masyu.solve(p, method='best'))); masyu.render_text(p, loop); "
            "masyu.render_svg(p, loop); "
            "print([m for m in ('urllib.request', 'http.client', 'typer', 'email') "
            "if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


def test_the_encoders_trusted_cycle_is_the_checked_one(shared):
    """``Encoding.cycle`` skips xcc.Cycle's checks (Cycle.trusted): the checked
    constructor must accept what it builds (it raises on anything it would refuse)."""
    from masyu.collection import load
    puzzles = [p for p in load(shared / "puzzles" / "psm.txt") if p.rows <= 10][::40 // STEP]
    assert len(puzzles) > 20
    for p in puzzles:
        for kind in masyu.ENCODINGS:
            enc = masyu.encode(p, kind)
            for propagate in (False, True):
                trusted = enc.cycle(propagate)
                checked = xcc.Cycle(edges=trusted.edges, required=trusted.required,
                                    present=trusted.present, cuts=trusted.cuts,
                                    propagate=trusted.propagate)
                assert trusted == checked


def test_a_trusted_cycle_is_not_checked():
    bad = xcc.Cycle.trusted(edges={"x": [((0, 1), "1")]}, required=[[0]])  # unhashable vertex
    assert bad.required == [[0]]
    with pytest.raises(xcc.XCCTypeError):
        xcc.Cycle(edges={"x": [((0, 1), "1")]}, required=[[0]])

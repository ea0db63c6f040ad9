"""The C deducer (masyu._deduce, masyu/deduce/native.py) against its Python twin.

Levels 1 and 2 must give the same Analysis, field by field (count, complete,
level, probes, nodes, assignments, solutions, undecided edges), on the
published puzzles, on random boards with random pearls, with and without the
answer, with a player's marks and on contradictory inputs; the search of level
3 goes on from the state the C code left, which must be the Python state; and
the generator makes the same puzzles with either deducer.
"""
from __future__ import annotations

import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import masyu
from masyu.board import BLACK, WHITE, board
from masyu.deduce import analyze_kinds, native
from masyu.deduce.probe import ProbeState
from masyu.deduce.state import Contradiction
from masyu.generate import generator, loops

from tests.data import STEP

ROOT = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.skipif("c" not in native.DEDUCERS, reason="masyu._deduce not built")


def both(bd, kinds, **kw):
    """The Python and the C analysis of one question."""
    return (analyze_kinds(bd, kinds, deducer="python", **kw),
            analyze_kinds(bd, kinds, deducer="c", **kw))


def assert_same(bd, kinds, **kw):
    py, c = both(bd, kinds, **kw)
    assert py == c, (bd.rows, bd.cols, kinds, kw)
    return py


@pytest.fixture(scope="module")
def psm(shared):
    puzzles = [p for p in masyu.load(shared / "puzzles" / "psm.txt") if max(p.rows, p.cols) <= 15]
    loops_ = masyu.load_solutions(shared / "puzzles" / "psm_solutions.txt")
    return [(p, loops_.get(p.name)) for p in puzzles]


def test_c_and_python_agree_on_every_psm_puzzle_to_15x15(psm):
    assert len(psm) > 2700 // STEP
    levels = {1: 0, 2: 0}
    for p, loop in psm:
        bd = board(p.rows, p.cols)
        kinds = bd.kinds(p.pearls)
        for max_level in (1, 2):
            res = assert_same(bd, kinds, max_level=max_level)
            levels[res.level] += res.complete
        if loop is not None:
            assert_same(bd, kinds, max_level=2, known=bd.values(loop.edges))
    assert levels[1] > 100 // STEP and levels[2] > 1000 // STEP, levels   # both levels really settle puzzles


def test_level_3_goes_on_from_the_c_state(psm):
    searched = 0
    for p, loop in psm[::12 // STEP]:
        bd = board(p.rows, p.cols)
        kinds = bd.kinds(p.pearls)
        known = None if loop is None else bd.values(loop.edges)
        for probe_nodes in (True, False):
            res = assert_same(bd, kinds, max_level=3, node_limit=60, probe_nodes=probe_nodes)
            searched += res.nodes > 0
            assert_same(bd, kinds, max_level=3, known=known, node_limit=60,
                        probe_nodes=probe_nodes)
    assert searched > 5


def python_state_after_level2(bd, kinds):
    st = ProbeState(bd, kinds)
    st.start()
    st.propagate()
    st.level2()
    return st


def test_the_loaded_state_is_the_python_state(psm):
    """native.load rebuilds degrees and path fragments from the edge values alone."""
    checked = 0
    for p, _ in psm[::25 // STEP]:
        bd = board(p.rows, p.cols)
        kinds = bd.kinds(p.pearls)
        try:
            ref = python_state_after_level2(bd, kinds)
        except Contradiction:
            continue
        if ref.closed or ref.unknown == 0:
            continue
        out = native.run_c(bd, kinds, known=None, max_level=2, probe_budget=None, given=())
        st = native.load(bd, kinds, out)
        assert st.val == ref.val and st.deg == ref.deg and st.ones == ref.ones
        assert (st.unknown, st.probes, st.assignments) == (ref.unknown, ref.probes,
                                                           ref.assignments)
        ends = [i for i in range(bd.ncells) if ref.deg[i] < 2]
        for attr in ("other", "flen", "fpearl"):
            assert [getattr(st, attr)[i] for i in ends] == [getattr(ref, attr)[i] for i in ends]
        checked += 1
    assert checked > 5


def random_kinds(rng, n, density):
    return [rng.choice((WHITE, BLACK)) if rng.random() < density else 0 for _ in range(n)]


def test_c_and_python_agree_on_random_boards():
    rng = random.Random(15)
    settled = 0
    for _ in range(400):
        rows, cols = rng.randint(2, 12), rng.randint(2, 12)
        bd = board(rows, cols)
        kinds = random_kinds(rng, bd.ncells, rng.choice((0.05, 0.15, 0.3, 0.6)))
        known = [rng.randint(0, 1) for _ in range(bd.nedges)] + [0]   # not an answer: any values
        for kw in ({"max_level": 1}, {"max_level": 2}, {"max_level": 2, "known": known},
                   {"max_level": 2, "probe_budget": rng.randint(0, 20)}):
            res = assert_same(bd, kinds, **kw)
            settled += res.complete
    assert settled > 100


def test_c_and_python_agree_on_the_pearls_of_random_loops():
    """Puzzles with an answer: the pearls a random loop admits, some removed."""
    rng = random.Random(5)
    for _ in range(60):
        rows, cols = rng.randint(4, 14), rng.randint(4, 14)
        bd = board(rows, cols)
        loop = loops.faces_loop(rows, cols, loops.grow_faces(rows, cols, rng))
        kinds = bd.kinds(loops.admitted_pearls(loop))
        keep = rng.choice((1.0, 0.6, 0.3))
        kinds = [k if rng.random() < keep else 0 for k in kinds]
        known = bd.values(loop.edges)
        for kw in ({"max_level": 1}, {"max_level": 2}, {"max_level": 1, "known": known},
                   {"max_level": 2, "known": known}):
            assert_same(bd, kinds, **kw)


def test_c_and_python_agree_on_marks_and_contradictions():
    rng = random.Random(3)
    contradictions = 0
    for _ in range(300):
        rows, cols = rng.randint(2, 8), rng.randint(2, 8)
        bd = board(rows, cols)
        kinds = random_kinds(rng, bd.ncells, 0.3)
        # marks, often contradicting each other or the pearls (off included)
        given = [(rng.randrange(bd.nedges + 1), rng.randint(0, 1))
                 for _ in range(rng.randint(0, 6))]
        for max_level in (1, 2):
            res = assert_same(bd, kinds, max_level=max_level, given=given)
            contradictions += res.complete and res.count == 0
    assert contradictions > 50
    bd = board(3, 3)   # adjacent black pearls in a corner: no solution at level 1
    res = assert_same(bd, [BLACK, BLACK] + [0] * 7, max_level=2)
    assert res.complete and res.count == 0 and res.level == 1


def test_a_listener_keeps_the_python_path():
    bd = board(6, 6)
    kinds = random_kinds(random.Random(1), 36, 0.3)
    heard = []
    res = analyze_kinds(bd, kinds, max_level=2, deducer="c",
                        listen=lambda st: lambda *args: heard.append(args[0]))
    assert heard and res == analyze_kinds(bd, kinds, max_level=2, deducer="python")


def test_bad_names_and_arguments():
    bd = board(4, 4)
    with pytest.raises(ValueError, match="unknown deducer 'fortran'"):
        analyze_kinds(bd, [0] * 16, deducer="fortran")
    from masyu import _deduce
    for args, words in [((4, 4, bytes(15), (), None, 2, -1, True), "rows \\* cols"),
                        ((4, 4, bytes([3] * 16), (), None, 2, -1, True), "pearl code"),
                        ((4, 4, bytes(16), (), bytes(5), 2, -1, True), "one value per edge"),
                        ((4, 4, bytes(16), (), bytes([2] * 25), 2, -1, True), "0 or 1"),
                        ((4, 4, bytes(16), (1,), None, 2, -1, True), "pairs"),
                        ((4, 4, bytes(16), (99, 1), None, 2, -1, True), "out of range"),
                        ((0, 4, b"", (), None, 2, -1, True), "rows \\* cols")]:
        with pytest.raises(ValueError, match=words):
            _deduce.run(*args)


@pytest.mark.parametrize("rows, cols, seed", [(8, 8, 1), (8, 8, 2), (12, 12, 3), (12, 12, 4)])
def test_the_generator_makes_the_same_puzzles_with_either_deducer(monkeypatch, rows, cols, seed):
    made = {}
    for deducer in native.DEDUCERS:
        monkeypatch.setattr(native, "DEFAULT_DEDUCER", deducer)
        g = generator.generate_with_loop(rows, cols, seed=seed)
        made[deducer] = (g.puzzle.pearls, g.loop.edges, g.difficulty, g.attempts)
    assert made["c"] == made["python"]


def test_without_the_extension_the_python_deducer_is_the_default():
    code = textwrap.dedent("""
        import sys
        sys.modules["masyu._deduce"] = None          # as if the extension were not built
        import masyu
        from masyu.board import board
        from masyu.deduce import analyze_kinds, native
        assert native.DEDUCERS == ("python",) and native.DEFAULT_DEDUCER == "python"
        try:
            analyze_kinds(board(4, 4), [0] * 16, deducer="c")
        except ValueError as e:
            assert "use python" in str(e)
        else:
            raise AssertionError("deducer c accepted")
        g = masyu.generate_with_loop(6, 6, seed=1)
        assert masyu.count(g.puzzle) == 1
        print("ok")
    """)
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0 and r.stdout == "ok\n", r.stderr[-3000:]


def test_a_walled_off_line_is_refused_by_connectivity():
    """Marks wall a 3x3 room with a line in it off the pearl: level 1 cannot tell,
    connectivity can (a contradiction with the same work counted in C)."""
    bd = board(8, 8)
    kinds = [0] * 64
    kinds[9] = BLACK
    room = {r * 8 + c for r in range(3, 6) for c in range(3, 6)}
    walls = [(e, 0) for i in sorted(room) for e, j in zip(bd.near[i], bd.nbr[i])
             if j >= 0 and j not in room]
    given = walls + [(bd.between(36, 37), 1)]
    assert not analyze_kinds(bd, kinds, max_level=1, given=given, deducer="python").complete
    res = assert_same(bd, kinds, max_level=2, given=given)
    assert res.complete and res.count == 0 and res.level == 2 and res.probes == 0

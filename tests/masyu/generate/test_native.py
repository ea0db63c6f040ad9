"""The generator's C parts (masyu._deduce: the oracle's cycle finder, the loop
reshaping) against their Python twins: the same cycles, cells and crossing
edges on random cycle sets; the same faces and the same random numbers drawn
on random boards, windows and kicks."""
from __future__ import annotations

import random

import pytest

from masyu.board import board
from masyu.deduce import native
from masyu.generate import loops
from masyu.generate.unique import cycles_python, model_cycles

pytestmark = pytest.mark.skipif("c" not in native.DEDUCERS, reason="masyu._deduce not built")


def random_model(rng, rows, cols):
    """A SAT-like model (literals, edges first, then some selectors) whose true
    edges are the boundaries of a few disjoint random face sets: cycles."""
    bd = board(rows, cols)
    value = [0] * (bd.nedges + 1)
    for _ in range(rng.randint(1, 4)):
        r, c = rng.randrange(1, rows - 1), rng.randrange(1, cols - 1)
        h, w = rng.randint(1, 3), rng.randint(1, 3)
        inside = [[r <= y < r + h and c <= x < c + w for x in range(cols - 1)]
                  for y in range(rows - 1)]
        for e in loops.faces_loop(rows, cols, inside).edges:
            value[bd.index[e]] ^= 1
    cells = [0] * bd.ncells
    for e in range(bd.nedges):
        if value[e]:
            for x in bd.ends[e]:
                cells[x] += 1
    if any(d not in (0, 2) for d in cells):   # rectangles that touch: not a model
        return bd, None
    model = [e + 1 if value[e] else -(e + 1) for e in range(bd.nedges)]
    return bd, model + [bd.nedges + 1 + k for k in range(rng.randint(0, 5))]


def test_the_c_cycle_finder_is_its_python_twin():
    rng = random.Random(2)
    compared = several = 0
    while compared < 300:
        bd, model = random_model(rng, rng.randint(4, 14), rng.randint(4, 14))
        if model is None:
            continue
        py = cycles_python(bd, model)
        assert native.cycles_c(bd, model) == py
        compared += 1
        several += len(py[1]) > 1
    assert several > 50


def test_the_oracle_uses_the_chosen_cycle_finder(monkeypatch):
    bd, model = board(5, 5), None
    rng = random.Random(1)
    while model is None:
        bd, model = random_model(rng, 9, 9)
    calls = []
    monkeypatch.setattr(native, "cycles_c", lambda *a: calls.append(a) or cycles_python(*a))
    for deducer, want in (("python", 0), ("c", 1)):
        monkeypatch.setattr(native, "DEFAULT_DEDUCER", deducer)
        model_cycles(bd, model)
        assert len(calls) == want


def test_a_model_that_is_no_set_of_cycles_is_refused():
    bd = board(4, 4)
    model = [-(e + 1) for e in range(bd.nedges)]
    model[0] = 1                              # one edge alone: two cells of degree 1
    with pytest.raises(ValueError, match="degree 1"):
        native.cycles_c(bd, model)
    with pytest.raises(ValueError, match="degree 1"):
        cycles_python(bd, model)
    ring = loops.faces_loop(3, 3, [[True, True], [True, True]]).edges   # the border of 3x3
    bd = board(3, 3)
    model = [e + 1 if bd.edges[e] in ring or bd.edges[e] == ((0, 1), (1, 1)) else -(e + 1)
             for e in range(bd.nedges)]        # and a spoke: cell (0, 1) has degree 3
    with pytest.raises(ValueError, match="more than 2"):
        native.cycles_c(bd, model)
    with pytest.raises(ValueError, match="more than 2"):
        cycles_python(bd, model)
    with pytest.raises(ValueError, match="shorter"):
        native.cycles_c(bd, model[:5])


@pytest.mark.parametrize("seed", range(12))
def test_the_c_loop_reshaping_is_its_python_twin(monkeypatch, seed):
    rng0 = random.Random(seed)
    rows, cols = rng0.randint(4, 25), rng0.randint(4, 25)
    r, c = rng0.randrange(rows), rng0.randrange(cols)
    window = (r - 3, r + 3, c - 3, c + 3)
    out = {}
    for deducer in ("c", "python"):
        monkeypatch.setattr(native, "DEFAULT_DEDUCER", deducer)
        rng = random.Random(seed)
        inside = loops.grow_faces(rows, cols, rng)
        loops.improve_loop(rows, cols, inside, rng, steps=30 * (rows - 1) * (cols - 1))
        before = [row[:] for row in inside]
        loops.improve_loop(rows, cols, inside, rng, steps=400, kick=40, temperature=0.3,
                           window=window, fill_weight=0.4, black_weight=2.0)
        out[deducer] = (before, inside, rng.getstate())
    assert out["c"] == out["python"]
    assert out["c"][0] != out["c"][1]   # the second reshape changed something


def test_bad_faces_are_refused():
    from masyu import _deduce
    rng = random.Random(1)
    with pytest.raises(ValueError, match="rows"):
        _deduce.improve(bytearray(10), 4, 4, rng, 10, 0.6, 1.5, 0.6, 0, 3, 0, 3, 0)
    with pytest.raises(ValueError, match="0 or 1"):
        _deduce.improve(bytearray([2] * 25), 4, 4, rng, 10, 0.6, 1.5, 0.6, 0, 3, 0, 3, 0)
    with pytest.raises(ValueError):   # an empty window: randrange(0), as in Python
        _deduce.improve(bytearray(25), 4, 4, rng, 10, 0.6, 1.5, 0.6, 2, 2, 0, 3, 0)

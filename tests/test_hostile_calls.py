"""Wrong Python types at every public door of both packages: each call either works
or raises the package's own error (a TypeError too for a wrong type, naming the
argument); nothing foreign escapes, and what is accepted does not crash later
(issue 20: 27 of 130 such calls failed with foreign errors)."""
from __future__ import annotations

import itertools

import pytest

import masyu
import xcc
from masyu import Loop, MasyuError, Puzzle
from masyu.errors import MasyuTypeError
from xcc.errors import XCCTypeError

P = Puzzle.parse("6x6:eBbBfWbWbBaBcWbBe")
LOOP = next(iter(masyu.solve(P, engine="python")))
Q = xcc.Problem(["a", "b"], ["x"], [["a", "x:1"], ["b", "x:1"], ["a", "b"]])
CYCLE = xcc.Cycle({"x": [((0, 1), "1")]})
WRONG = [None, 5, -1, 0.5, True, "x", b"x", [], {}, (1,), [[1]], object(), float("nan")]

# (callable, good positional arguments, good keyword arguments, error class of the package)
CALLS = [
    (Puzzle, (6, 6, P.pearls), {"name": "p"}, MasyuError),
    (Loop, (6, 6, LOOP.edges), {}, MasyuError),
    (Puzzle.parse, (P.to("tatham"),), {"name": "p"}, MasyuError),
    (Loop.parse, (LOOP.to("box"), 6, 6), {}, MasyuError),
    (Puzzle.from_grid, (P.grid,), {}, MasyuError),
    (Loop.parse, (LOOP.to("box"),), {"format": "box"}, MasyuError),
    (Loop.parse, (LOOP.to("json"),), {"format": "json"}, MasyuError),
    (P.to, ("grid",), {}, MasyuError),
    (LOOP.to, ("json",), {}, MasyuError),
    (masyu.check, (P, LOOP), {"weak": False}, MasyuError),
    (masyu.render_text, (P, LOOP), {}, MasyuError),
    (masyu.render_svg, (P, LOOP), {"cell": 36}, MasyuError),
    (masyu.encode, (P, "423"), {}, MasyuError),
    (masyu.count, (P,), {"weak": False, "encoding": "423", "method": "guard", "engine": "c",
                         "limit": 2}, MasyuError),
    (masyu.is_unique, (P,), {"weak": False, "encoding": "423", "method": "guard",
                             "engine": "c"}, MasyuError),
    (masyu.generate, (6, 6), {"seed": 1, "difficulty": "easy"}, MasyuError),
    (masyu.formats.parse, (P.to("tatham"),), {}, MasyuError),
    (masyu.formats.parse_loop, (LOOP.to("box"), 6, 6), {}, MasyuError),
    (masyu.formats.write, (P, "grid"), {}, MasyuError),
    (masyu.formats.write_loop, (LOOP, "json"), {}, MasyuError),
    (masyu.collection.parse_collection, (P.to("grid"),), {}, MasyuError),
    (masyu.collection.format_collection, ([P],), {}, MasyuError),
    (masyu.collection.format_solutions, ({"a": LOOP},), {}, MasyuError),
    (xcc.Problem, (["a", "b"], ["x"], [["a", "x:1"], ["b"]]), {"name": "q"}, xcc.XCCError),
    (xcc.Cycle, ({"x": [((0, 1), "1")]}, [0], [(0, 1)]), {}, xcc.XCCError),
    (xcc.parse_dlx, ("a b\na\nb\n", "s"), {}, xcc.XCCError),
    (xcc.format_dlx, (Q,), {"comment": "c"}, xcc.XCCError),
    (xcc.count, (Q,), {"engine": "c", "limit": 3, "cycle": CYCLE}, xcc.XCCError),
    (xcc.Search, (Q,), {"engine": "c", "limit": 3, "cycle": CYCLE}, xcc.XCCError),
]


def cases():
    for call, args, kwargs, error in CALLS:
        name = getattr(call, "__qualname__", repr(call))
        for k, wrong in itertools.product(range(len(args)), WRONG):
            yield pytest.param(call, args[:k] + (wrong,) + args[k + 1:], kwargs, error,
                               id=f"{name}-arg{k}-{type(wrong).__name__}")
        for key, wrong in itertools.product(kwargs, WRONG):
            yield pytest.param(call, args, {**kwargs, key: wrong}, error,
                               id=f"{name}-{key}-{type(wrong).__name__}")


@pytest.mark.parametrize("call,args,kwargs,error", list(cases()))
def test_wrong_types_raise_the_package_error(call, args, kwargs, error):
    try:
        result = call(*args, **kwargs)
        if isinstance(result, xcc.Search):
            for _ in result:
                pass
    except error as err:
        if isinstance(err, TypeError):
            assert isinstance(err, (MasyuTypeError, XCCTypeError))
        assert err.where or not str(err).startswith("Traceback")
        return
    # accepted: whatever was accepted must work in the next steps too
    if isinstance(result, Puzzle):
        masyu.count(result, limit=1)
        masyu.render_svg(result)
        result.to("grid")
    if isinstance(result, Loop):
        masyu.check(Puzzle(result.rows, result.cols), result)
        masyu.render_svg(Puzzle(result.rows, result.cols), result)
    if isinstance(result, xcc.Problem):
        assert xcc.parse_dlx(xcc.format_dlx(result), warn=False).options == result.options
        xcc.count(result, engine="python")
    if isinstance(result, xcc.Cycle):
        xcc.count(Q, cycle=result, engine="python")


@pytest.mark.parametrize("call", [
    lambda: Puzzle(3, 3, [((0.5, 0), "W")]),
    lambda: Puzzle(3, 3, [((0, 0),)]),
    lambda: Puzzle(3, 3, name=5),
    lambda: Loop(2, 2, 5),
    lambda: xcc.Cycle(edges={"s": [((0, 1, 2), "1")]}),
    lambda: masyu.formats.url.read(5),
    lambda: xcc.Problem(["a"], ["x"], [["a", ("x", ("t", "u"))]]),
    lambda: xcc.Problem(["a"], ["x"], [["a", "x:a:b"]]),
])
def test_the_calls_of_issue_20_are_refused_at_the_door(call):
    with pytest.raises((MasyuError, xcc.XCCError)) as info:
        call()
    assert info.value.where


def test_the_errors_are_the_builtin_kinds_too():
    assert issubclass(MasyuError, ValueError) and issubclass(xcc.XCCError, ValueError)
    assert issubclass(MasyuTypeError, TypeError) and issubclass(XCCTypeError, TypeError)
    with pytest.raises(TypeError):
        Loop(2, 2, 5)
    with pytest.raises(ValueError):
        Puzzle(1, 5)


# -- the native entry points (private, but reachable from Python) ---------------------------

def _improve_args(**change):
    import random
    rows = cols = 6
    faces = bytearray((rows + 1) * (cols + 1))
    faces[(2 + 1) * (cols + 1) + 2 + 1] = 1          # one face inside
    args = {"faces": faces, "rows": rows, "cols": cols, "rng": random.Random(1),
            "steps": 200, "fill_weight": 0.6, "black_weight": 1.5, "temperature": 0.6,
            "r0": 0, "r1": rows - 1, "c0": 0, "c1": cols - 1, "kick": 0}
    args.update(change)
    return tuple(args.values())


class _Rng:
    """A generator that lies: its numbers are out of the range asked for."""

    def __init__(self, index, real=0.5):
        self.index, self.real = index, real

    def randrange(self, n):
        return self.index(n)

    def random(self):
        return self.real


NATIVE_HOSTILE = [
    ({"fill_weight": float("nan")}, "finite"),
    ({"black_weight": float("inf")}, "finite"),
    ({"temperature": float("-inf")}, "temperature"),
    ({"temperature": float("nan")}, "temperature"),
    ({"temperature": -1.0}, "temperature"),
    ({"steps": -1}, "steps"),
    ({"steps": 2**62}, "steps"),
    ({"kick": -5}, "kick"),
    ({"r0": 3, "r1": 3}, "no face"),
    ({"rng": _Rng(lambda n: n)}, "returned"),
    ({"rng": _Rng(lambda n: -1)}, "returned"),
    ({"rng": _Rng(lambda n: 10**6)}, "returned"),
    ({"rng": _Rng(__import__("random").Random(2).randrange, real=float("nan")), "steps": 5000},
     "outside [0, 1)"),
    ({"rng": _Rng(__import__("random").Random(2).randrange, real=7.0), "steps": 5000},
     "outside [0, 1)"),
]


@pytest.mark.parametrize("change, says", NATIVE_HOSTILE)
def test_improve_refuses_hostile_floats_budgets_and_generators(change, says):
    _deduce = pytest.importorskip("masyu._deduce")
    with pytest.raises(ValueError, match=says.replace("[", r"\[").replace(")", r"\)")):
        _deduce.improve(*_improve_args(**change))


def test_improve_still_anneals_with_sound_arguments():
    _deduce = pytest.importorskip("masyu._deduce")
    args = _improve_args()
    _deduce.improve(*args)
    assert sum(args[0]) > 1               # the one face grew into a larger loop


@pytest.mark.parametrize("budget", [-1, -2**63, 0, 1, 2**63 - 1])
@pytest.mark.parametrize("max_level", [-5, 0, 2, 2**31 - 1])
def test_the_deducer_entry_ends_on_any_budget_and_level(budget, max_level):
    _deduce = pytest.importorskip("masyu._deduce")
    kinds = bytes(36)
    stage, contra, closed, unknown, probes, assignments, values = _deduce.run(
        6, 6, kinds, [], None, max_level, budget, True)
    assert stage in (1, 2) and len(values) == 6 * 11 - 6 + 1
    assert probes <= max(budget, 0) or budget < 0


@pytest.mark.parametrize("args", [
    (6, 6, bytes(36), [], None, 2, 2**64, True),
    (6, 6, bytes(36), [], None, 2, float("nan"), True),
    (6, 6, bytes(36), [0, float("inf")], None, 2, 5, True),
    (6, 6, bytes(36), [10**30, 1], None, 2, 5, True),
    (2**31, 6, bytes(36), [], None, 2, 5, True),
])
def test_the_deducer_entry_refuses_values_out_of_range(args):
    _deduce = pytest.importorskip("masyu._deduce")
    with pytest.raises((ValueError, OverflowError, TypeError)):
        _deduce.run(*args)

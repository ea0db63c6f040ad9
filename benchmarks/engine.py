"""Engines side by side: engine="python", engine="c", and xcover.

    python benchmarks/engine.py [--quick] [--no-python] [--repeat N] [--dlx FILE ...]

One row per instance: n queens 8-12 (rows and columns primary, diagonals
secondary), the Masyu puzzles of tests/data/puzzles/rcra.txt in both encodings
(weak solutions, and strong ones with the loop guard), and the DLX files of
tests/data/xcc plus any given.  Columns: solutions, nodes and mems (the same for
both engines of this project: the run stops if they differ), then seconds
for engine=python, engine=c and xcover (the numba XCC solver on PyPI, an
optional dependency: `pip install xcover`; its JIT compile is excluded, and
it has no loop guard), and the speed ratios; a run of python or xcover
that takes more than --timeout seconds is given up (shown as >TIMEOUT).  Times are the best of
--repeat runs (python: one), or of more for short ones, of counting
every solution from a problem held in memory, in each library's own input
form: so they include turning that input into the solver's arrays.
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
import warnings
from pathlib import Path

import xcc
from xcc.examples import queens

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"   # the repository's test data (puzzle_files.py)

try:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import xcover
except ImportError:  # an optional benchmark dependency
    xcover = None


def instances(quick: bool, dlx: list[Path]):
    """(name, problem, cycle or None)."""
    for n in range(8, 11 if quick else 13):
        yield f"queens{n}", queens(n), None
    try:
        from masyu import encode, load  # the same names before and after issue 13
    except ImportError:
        load = None
    path = DATA / "puzzles" / "rcra.txt"
    if load is not None and path.exists():
        for puzzle in load(path)[: 1 if quick else None]:
            for kind in ("422", "423"):
                enc = encode(puzzle, kind)
                yield f"{puzzle.name} {kind} weak", enc.problem, None
                yield f"{puzzle.name} {kind} loop guard", enc.problem, enc.cycle()
    for p in sorted((DATA / "xcc").glob("*.dlx")) + dlx:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield p.name, xcc.read_dlx(p), None


def xcover_input(problem: xcc.Problem) -> tuple[list[list[str]], dict]:
    colored = bool(problem.colors())
    options = [[item if color is None else f"{item}:{color}" for item, color in option]
               for option in problem.options]
    return options, dict(primary=list(problem.primary), secondary=list(problem.secondary),
                         colored=colored)


def warm_up_xcover() -> None:
    """Compile xcover's numba code, colored and plain, before any timing."""
    for problem in (queens(4), xcc.Problem(["a", "b"], ["x"], [["a", "x:1"], ["b", "x:1"]])):
        options, kw = xcover_input(problem)
        for _ in xcover.covers(options, **kw):
            pass


def best_of(repeat: int, run, settle: float = 0.5) -> tuple[float, object]:
    """The best time of ``repeat`` runs, and of more while they add up to less
    than ``settle`` seconds (short runs are at the mercy of a busy machine)."""
    best, result, total, runs = float("inf"), None, 0.0, 0
    while runs < repeat or (total < settle and runs < 200):
        start = time.perf_counter()
        result = run()
        elapsed = time.perf_counter() - start
        best, total, runs = min(best, elapsed), total + elapsed, runs + 1
    return best, result


def timed(repeat: int, run, timeout: float, settle: float = 0.5):
    """``best_of`` in a forked child (which keeps the parent's compiled JIT
    code), given up after ``timeout`` seconds: (seconds, result) or None."""
    if timeout <= 0:
        return best_of(repeat, run, settle)
    ctx = multiprocessing.get_context("fork")
    queue = ctx.SimpleQueue()
    child = ctx.Process(target=lambda: queue.put(best_of(repeat, run, settle)), daemon=True)
    child.start()
    child.join(timeout)
    if child.is_alive():
        child.kill()
        child.join()
        return None
    return queue.get() if not queue.empty() else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small instances only")
    parser.add_argument("--no-python", action="store_true", help="skip engine=python")
    parser.add_argument("--repeat", type=int, default=3, help="runs of c and xcover (best)")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds before engine=python or xcover is given up on a row "
                             "(shown as >TIMEOUT; 0: never)")
    parser.add_argument("--dlx", type=Path, nargs="*", default=[], help="more DLX files")
    args = parser.parse_args(argv)
    for engine in ("python", "c"):  # imports done before any timing (and any fork)
        xcc.count(queens(4), engine=engine)
    if xcover is not None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            warm_up_xcover()

    columns = [("instance", 30), ("solutions", 9), ("nodes", 11), ("mems", 15),
               ("python s", 9), ("c s", 8), ("xcover s", 9), ("c vs python", 11),
               ("c vs xcover", 11)]
    print("| " + " | ".join(f"{t:<{w}}" if k == 0 else f"{t:>{w}}"
                            for k, (t, w) in enumerate(columns)) + " |")
    print("|" + "|".join("-" * (w + 2) if k == 0 else "-" * (w + 1) + ":"
                         for k, (_, w) in enumerate(columns)) + "|")
    ok = True
    for name, problem, cycle in instances(args.quick, args.dlx):
        t_c, c = best_of(args.repeat, lambda: xcc.count(problem, engine="c", cycle=cycle))
        py = t_py = t_x = None
        if not args.no_python:
            got = timed(1, lambda: xcc.count(problem, engine="python", cycle=cycle),
                        args.timeout)
            if got is None:
                t_py = float("inf")
            else:
                t_py, py = got
                same = {"seconds": 0, "engine": None}  # all else must agree
                if py.as_dict() | same != c.as_dict() | same:
                    print(f"{name}: the engines disagree: python {py}, c {c}", file=sys.stderr)
                    ok = False
        if xcover is not None and cycle is None:
            options, kw = xcover_input(problem)

            def run_xcover():
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    return sum(1 for _ in xcover.covers(options, **kw))

            got = timed(args.repeat, run_xcover, args.timeout)
            if got is None:
                t_x = float("inf")
            else:
                t_x, found = got
                if found != c.solutions:
                    print(f"{name}: xcover finds {found} solutions, c {c.solutions}",
                          file=sys.stderr)
                    ok = False

        def secs(t):
            if t is None:
                return "-"
            if t == float("inf"):
                return f">{args.timeout:g}"
            return f"{t:.2e}" if t < 0.001 else f"{t:.4f}"

        def ratio(slow, fast):
            if slow is None:
                return "-"
            if slow == float("inf"):
                return f">{args.timeout / fast:.0f}x"
            return f"{slow / fast:.1f}x"

        cells = [name, f"{c.solutions:,}", f"{c.nodes:,}", f"{c.mems:,}", secs(t_py),
                 secs(t_c), secs(t_x), ratio(t_py, t_c), ratio(t_x, t_c)]
        print("| " + " | ".join(f"{t:<{w}}" if k == 0 else f"{t:>{w}}"
                                for k, (t, (_, w)) in enumerate(zip(cells, columns))) + " |",
              flush=True)
    if xcover is None:
        print("(xcover is not installed: pip install xcover)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

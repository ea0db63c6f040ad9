"""Uniqueness proofs side by side: the edge-variable SAT peer against ``engine="sat"``.

On the hard 25x25 puzzles and the 40x40 of ``--puzzles FILE`` (``puzzle_files.py``: by default
the subset in tests/data/puzzles), each
configuration counts strong solutions with a limit of 2 (one found, a second
proven impossible), in the same run, puzzle by puzzle:

- ``sat_edges``: ``benchmarks/peers/sat_edges.py`` (edge variables, lazy loop cuts);
- ``encode``: building the exercise-423 XCC problem (``masyu.encode``);
- ``sat lazy`` / ``sat prop``: ``engine="sat"`` on that problem, connectivity by
  lazy cuts or by the CaDiCaL user propagator (solver time, encoding excluded);
- ``best``: ``masyu.count(puzzle, method="best")`` from the puzzle, encoding
  included (since issue 34 deduction first: a puzzle the C deducer settles makes no
  run; ``small.py --all --against TREE`` compares every class with another build);
- ``propagate c``: ``masyu.count(puzzle, method="propagate", engine="c")``,
  dancing links with propagation and probes, the best configuration without
  python-sat (encoding included);
- ``cpsat`` (with ``--cpsat``): ``benchmarks/peers/cpsat.py``.

Times are milliseconds of this process's CPU time (``time.process_time``:
steady on a shared machine; every configuration here is one thread, CaDiCaL
included), the best of ``--repeat`` runs; CP-SAT's (two threads) is wall time.  Run from the
repository root: ``python benchmarks/sat_vs_best.py [--limit N] [--repeat 3] [--cpsat]``.
After the per-puzzle rows, a summary per class: median and worst of each
column, and on how many puzzles ``best`` beat ``sat_edges`` (issue 9's target).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import masyu  # noqa: E402
from masyu import encode  # noqa: E402
from peers import sat_edges  # noqa: E402
import puzzle_files  # noqa: E402  (this folder's module)
import xcc  # noqa: E402
from xcc.engines.sat.engine import SatEngine  # noqa: E402


def load_puzzles(path: Path):
    """The hard 25x25 puzzles and the 40x40 ones (``masyu.load`` if it exists)."""
    load = getattr(masyu, "load", None)
    if load is not None:
        puzzles = load(path)
    else:  # header "# name ... size=RxC", R lines of .WB, a blank line
        puzzles, name, rows = [], None, []
        for line in path.read_text().splitlines() + [""]:
            if line.startswith("#"):
                name = line[1:].split()[0]
            elif line.strip():
                rows.append(line.strip())
            elif rows:
                puzzles.append(masyu.Puzzle.from_grid(rows, name=name))
                rows = []
    return [p for p in puzzles if "25x25-hard" in (p.name or "") or p.rows >= 40]


def best_count(puzzle) -> int:
    if "best" in getattr(masyu, "METHODS", ()):  # the registry, wherever its module is
        return int(masyu.count(puzzle, method="best", limit=2))
    return int(masyu.count(puzzle, encoding="423", method="guard", engine="sat", limit=2))


def timed(f, repeat: int, clock=time.process_time):
    best, value = float("inf"), None
    for _ in range(repeat):
        start = clock()
        value = f()
        best = min(best, clock() - start)
    return best * 1000, value


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None, help="only the first N puzzles")
    ap.add_argument("--repeat", type=int, default=1, help="runs per measurement (best kept)")
    ap.add_argument("--only", default=None, help="only puzzles whose name contains this")
    ap.add_argument("--cpsat", action="store_true", help="add the CP-SAT peer (slow)")
    ap.add_argument("--no-prop", action="store_true", help="skip the propagator column")
    puzzle_files.add_option(ap)
    args = ap.parse_args(argv)
    puzzles = [p for p in load_puzzles(args.puzzles)
               if args.only is None or args.only in (p.name or "")][:args.limit]
    cols = ["sat_edges", "encode", "sat lazy", "sat prop", "best", "propagate c"]
    if args.no_prop:
        cols.remove("sat prop")
    if args.cpsat:
        from peers import cpsat
        cols.append("cpsat")
    print("| puzzle | " + " | ".join(f"{c} ms" for c in cols) + " |")
    print("|---|" + "---:|" * len(cols))
    totals: dict[str, list[float]] = {c: [] for c in cols}
    for p in puzzles:
        row: dict[str, float] = {}
        row["sat_edges"], n = timed(lambda: sat_edges.count(p, limit=2), args.repeat)
        assert n == 1, (p.name, "sat_edges", n)
        row["encode"], enc = timed(lambda: encode(p, "423"), args.repeat)
        cycle = enc.cycle()
        for col, cuts in (("sat lazy", "lazy"), ("sat prop", "propagator")):
            if col in cols:
                engine = SatEngine(cuts=cuts)
                row[col], st = timed(lambda: xcc.count(enc.problem, engine=engine, cycle=cycle,
                                                       limit=2), args.repeat)
                assert st.solutions == 1, (p.name, col, st.solutions)
        row["best"], n = timed(lambda: best_count(p), args.repeat)
        assert n == 1, (p.name, "best", n)
        row["propagate c"], n = timed(lambda: int(masyu.count(p, method="propagate", engine="c",
                                                              limit=2)), args.repeat)
        assert n == 1, (p.name, "propagate c", n)
        if args.cpsat:
            row["cpsat"], n = timed(lambda: cpsat.count(p, limit=2), 1, time.perf_counter)
            assert n == 1, (p.name, "cpsat", n)
        for c in cols:
            totals[c].append(row[c])
        print(f"| {p.name} | " + " | ".join(f"{row[c]:.0f}" for c in cols) + " |", flush=True)
    for label, f in (("mean", statistics.fmean), ("median", statistics.median)):
        print(f"| **{label}** | " + " | ".join(f"{f(totals[c]):.0f}" for c in cols) + " |")
    print()
    print("| class | puzzles | " + " | ".join(f"{c} median / worst ms" for c in cols)
          + " | best faster than sat_edges |")
    print("|---|---:|" + "---:|" * len(cols) + "---:|")
    for label, keep in (("25x25-hard", lambda n: "25x25-hard" in n), ("40x40", lambda n: "40x40" in n)):
        idx = [k for k, p in enumerate(puzzles) if keep(p.name or "")]
        if not idx:
            continue
        cells = []
        for c in cols:
            v = [totals[c][k] for k in idx]
            cells.append(f"{statistics.median(v):.0f} / {max(v):.0f}")
        wins = sum(totals["best"][k] < totals["sat_edges"][k] for k in idx)
        print(f"| {label} | {len(idx)} | " + " | ".join(cells) + f" | {wins} of {len(idx)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

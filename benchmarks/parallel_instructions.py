"""The cost of splitting a search, in instructions (valgrind --tool=callgrind):
repeatable on this shared machine, where CPU times of a few seconds vary by
10% with the load.

Workload: the weak count of psm-10x10-hard-4148656 (encoding 423, 958
solutions, 77 million mems: a tenth of a second in engine c), run
sequentially and as xcc.parallel tasks at budgets of 2^18, 2^20 and 2^22 mems
on an executor that runs each task at once in this process (so no pickling
and no process start is counted: what is measured is the split itself, the
replays or walks, the tasks' and the driver's Python).  Each run is a fresh
interpreter under callgrind; the instructions of one that only imports and
encodes are subtracted.  With ``--baseline REV`` the same runs use the code of
git revision REV (as benchmarks/parallel.py --baseline does).

Usage: python benchmarks/parallel_instructions.py [--baseline REV] [--budgets 18,20,22]
(about a minute a run).
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from concurrent.futures import Executor, Future
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from parallel import baseline_tree  # noqa: E402  (this folder's module)

PUZZLE = "psm-10x10-hard-4148656"


class Here(Executor):
    """Each task run at once, in this process."""

    _max_workers = 2

    def submit(self, fn, *args, **kwargs):
        future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def one(mode: str, budget: int) -> None:
    """A run to measure (in the child under callgrind): prints what it found."""
    from masyu.collection import load
    from masyu.encodings import encode
    from xcc.engines import REGISTRY
    from xcc.engines.dlx.native import layout_of
    from xcc.parallel import Parallel
    from xcc.parallel.task import run_prefix
    from puzzle_files import DEFAULT                  # this folder's module: the repository's psm.txt
    puzzle = {p.name: p for p in load(DEFAULT)}[PUZZLE]
    problem = encode(puzzle, "423").problem
    layout_of(problem)
    if mode == "seq":
        part = run_prefix(REGISTRY["c"], problem, None, (), 1 << 62, False)
        print("run", part.found, 0, 0, 0, part.own["mems"])
    elif mode == "par":
        s = Parallel(problem, executor=Here(), budget=1 << budget).count()
        print("run", s.solutions, s.tasks, s.subproblems, s.overhead.get("mems", 0),
              s.counters["mems"])


def measure(mode: str, budget: int, env: dict | None, python_flags: list[str]):
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, *python_flags, __file__, "--one", mode, str(budget)]
    r = subprocess.run(command, capture_output=True, text=True, env=env)
    total = int(re.search(r"Collected : (\d+)", r.stderr).group(1))
    found = next((line.split()[1:] for line in r.stdout.splitlines() if line.startswith("run")),
                 None)
    return total, None if found is None else [int(x) for x in found]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", metavar="REV")
    ap.add_argument("--budgets", default="18,20,22")
    ap.add_argument("--one", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        one(args.one[0], int(args.one[1]))
        return
    budgets = [int(b) for b in args.budgets.split(",")]
    codes = [("this", None, [])]
    tree = None
    if args.baseline:
        tree, env = baseline_tree(args.baseline)
        codes.append((args.baseline, env, ["-S"]))
    try:
        print(f"\n## weak count of {PUZZLE} (423), tasks run in this process\n")
        print("| code | run | tasks | subproblems | replay mems % | instructions (M) | "
              "over sequential % |")
        print("|---|---|---:|---:|---:|---:|---:|")
        for label, env, flags in codes:
            base, _ = measure("noop", 0, env, flags)
            seq, got = measure("seq", 0, env, flags)
            work = seq - base
            print(f"| {label} | sequential | | | | {work / 1e6:,.0f} | |")
            for b in budgets:
                total, (found, tasks, subs, over, mems) = measure("par", b, env, flags)
                assert found == got[0] and mems == got[4], "totals differ"
                print(f"| {label} | budget 2^{b} | {tasks} | {subs} | {100 * over / mems:.1f} | "
                      f"{(total - base) / 1e6:,.0f} | {100 * ((total - base) / work - 1):+.0f} |")
    finally:
        if tree is not None:
            import shutil
            shutil.rmtree(tree, ignore_errors=True)


if __name__ == "__main__":
    main()

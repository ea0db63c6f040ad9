"""The min-cost engines (engine "costs", DLX5's search in C, and its twin
"costs-python") against Knuth's DLX5 itself, on the k cheapest solutions.

    python benchmarks/costs.py [--dlx5 PATH] [--quick] [--out FILE]

Problems: the largest of the files DLX5's figures were taken on
(``tests/data/xcc/dlx5/``: the 6x6 assignment, random problems 6 and 11),
then bigger ones made here: n x n assignment problems (costs 0-30, seeded)
and n queens with random costs 0-9 (seeded), each for k = 1 and 10.  One run
each, one after the other, so the ratios compare like with like.  Times are
CPU seconds: ``xcc.cheapest`` in this process for the two engines (the
problem built beforehand, DLX5's input phase, CostArrays, included); for
DLX5 (``--dlx5`` or $XCC_DLX5; left out when not given) its search alone, a
run on the DLX file less a run stopped at its first node (``T0``).  The costs
found and the nodes must agree (they are DLX5's, node for node).

Prints a Markdown table (also written to ``--out``): seconds per solver and,
in brackets, its time over engine "costs"'s.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import xcc  # noqa: E402
from xcc.examples import queens  # noqa: E402

DATA = ROOT / "tests" / "data" / "xcc" / "dlx5"
STATS = re.compile(r"Altogether \d+ solutions?, \d+\+(\d+) mems, \d+ updates, \d+ cleansings, "
                   r"\d+ bytes, (\d+) nodes")


def assignment(n: int, seed: int) -> xcc.Problem:
    rng = random.Random(seed)
    workers, jobs = [f"w{i}" for i in range(n)], [f"j{i}" for i in range(n)]
    options = [[w, j] for w in workers for j in jobs]
    return xcc.Problem(workers + jobs, [], options, costs=[rng.randint(0, 30) for _ in options])


def costed_queens(n: int, seed: int) -> xcc.Problem:
    rng = random.Random(seed)
    q = queens(n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return xcc.Problem(q.primary, q.secondary, q.options,
                           costs=[rng.randrange(10) for _ in q.options])


def problems(quick: bool) -> list[tuple[str, xcc.Problem]]:
    shared = [(name, xcc.read_dlx(DATA / f"{name}.dlx"))
              for name in ("assign6", "random06", "random11")]
    if quick:
        return shared + [("assign 7", assignment(7, 7)), ("queens 8", costed_queens(8, 35))]
    return shared + [("assign 20", assignment(20, 20)), ("queens 10", costed_queens(10, 35)),
                     ("queens 12", costed_queens(12, 35)), ("queens 14", costed_queens(14, 35))]


def ours(engine: str):
    def run(problem: xcc.Problem, k: int, path: Path) -> tuple[float, list[int], int]:
        start = time.process_time()
        with xcc.Search(problem, engine=xcc.CostsEngine(k, native=engine == "costs")) as s:
            costs = [problem.cost(sol.indices) for sol in s]
        return time.process_time() - start, costs, s.stats.nodes
    return run


def child_cpu(argv: list[str], path: Path) -> tuple[float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(path, "rb") as f:
        done = subprocess.run(argv, stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stderr


def dlx5(binary: str):
    def run(problem: xcc.Problem, k: int, path: Path) -> tuple[float, list[int], int]:
        whole, text = child_cpu([binary, f"k{k}"], path)
        start, _ = child_cpu([binary, f"k{k}", "T0"], path)
        m = STATS.search(text)
        costs: list[int] = []
        for c in re.finditer(r"\$(\d+)(?: \(repeated (\d+) times\))?",
                             text.split("The optimum cost", 1)[-1]):
            costs += [int(c.group(1))] * int(c.group(2) or 1)
        return max(whole - start, 0.0), costs, int(m.group(2)) if m else -1
    return run


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dlx5", default=os.environ.get("XCC_DLX5"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    solvers = {"costs": ours("costs"), "costs-python": ours("costs-python")}
    if args.dlx5:
        solvers["DLX5"] = dlx5(args.dlx5)
    lines = ["| problem | k | nodes | " + " | ".join(solvers) + " |",
             "|---|---|---|" + "---|" * len(solvers)]
    xcc.cheapest(assignment(3, 0), 1, engine="costs")  # imports and the extension, off the clock
    with tempfile.TemporaryDirectory() as tmp:
        for name, problem in problems(args.quick):
            path = Path(tmp) / "p.dlx"
            xcc.write_dlx(problem, path)
            for k in (1, 10):
                results = {s: run(problem, k, path) for s, run in solvers.items()}
                answers = {(tuple(costs), nodes) for _, costs, nodes in results.values()}
                assert len(answers) == 1, (name, k, results)
                base = results["costs"][0] or 1e-9
                cells = [f"{t:.4f} ({t / base:.1f}x)" for t, _, _ in results.values()]
                nodes = next(iter(answers))[1]
                lines.append(f"| {name} | {k} | {nodes:,} | " + " | ".join(cells) + " |")
                print(lines[-1], flush=True)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()

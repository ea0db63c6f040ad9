"""Run the standalone C driver against the reference engine on random problems.

    python tests/c/differential.py DRIVER [--count N] [--seed S] [--budget B]

Writes the problems (seeded random ones with colors, random cycle
constraints on small graphs, n queens, and the DLX files in tests/data/xcc) as
the arrays of xcc.engines.dlx.arrays for tests/c/driver.c, runs the driver
once, and compares every solution (the chosen nodes, in order) and every
statistic with engine "python" (xcc.engines.dlx.python).  Exit status 0 if
all agree.  tools/sanitize.sh runs
this with the driver built under AddressSanitizer and UBSan.
"""
from __future__ import annotations

import argparse
import itertools
import random
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

import xcc
from xcc.cycle import CompiledCycle
from xcc.engines import DONE, SOLUTION
from xcc.engines.dlx.arrays import Arrays, build_arrays
from xcc.engines.dlx.python import PythonRun
from xcc.examples import queens

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT / "tests" / "data"   # the tests' data (tests/data/__init__.py); run as a script: no package


def random_problem(rng: random.Random) -> xcc.Problem:
    n1 = rng.randint(1, 7)
    n2 = rng.randint(0, 6)
    colors = "abc"[:rng.randint(1, 3)]
    primary = [f"p{i}" for i in range(n1)]
    secondary = [f"s{i}" for i in range(n2)]
    options = []
    for _ in range(rng.randint(1, 20)):
        option = [(p, None) for p in rng.sample(primary, rng.randint(1, min(n1, 3)))]
        for s in rng.sample(secondary, rng.randint(0, min(n2, 4))):
            option.append((s, rng.choice([None, *colors, *colors])))
        rng.shuffle(option)
        options.append(option)
    return xcc.Problem(primary, secondary, options, warn=False)


def random_graph_cycle(rng: random.Random) -> tuple[xcc.Problem, xcc.Cycle]:
    """Local states of degree 0 or 2 at each vertex of a random small graph
    (as Masyu's tile options), with a single-cycle constraint on the edges."""
    nv = rng.randint(3, 7)
    pairs = [(u, v) for u in range(nv) for v in range(u + 1, nv)]
    edges = rng.sample(pairs, rng.randint(3, len(pairs)))
    items = [f"e{u}_{v}" for u, v in edges]
    options = []
    for w in range(nv):
        incident = [k for k, (u, v) in enumerate(edges) if w in (u, v)]
        for state in [()] + list(itertools.combinations(incident, 2)):
            if rng.random() < 0.1:
                continue
            option = [(f"v{w}", None)] + [(items[k], "1" if k in state else "0")
                                          for k in incident]
            rng.shuffle(option)
            options.append(option)
    rng.shuffle(options)
    cycle_edges = {items[k]: [(edges[k], "1")] for k in range(len(edges))}
    for k in range(len(edges)):
        if rng.random() < 0.15:
            cycle_edges[items[k]].append((rng.choice(pairs), "0"))
    required = rng.sample(range(nv), rng.randint(0, 3))
    present = [rng.choice(pairs)] if rng.random() < 0.2 else []
    problem = xcc.Problem([f"v{w}" for w in range(nv)], items, options, warn=False)
    return problem, xcc.Cycle(cycle_edges, required, present)


def encode(a: Arrays, cc: CompiledCycle | None) -> str:
    rows = [f"{a.n1} {a.n} {a.last_node}"]
    for name in ("llink", "rlink", "up", "down", "itm", "color"):
        rows.append(" ".join(map(str, getattr(a, name))))
    if cc is None:
        rows.append("0")
    else:
        start, color, us, vs = [0], [], [], []
        for pairs in cc.item_edges:
            for c, u, v in pairs:
                color.append(c)
                us.append(u)
                vs.append(v)
            start.append(len(color))
        rows.append(f"1 {cc.nverts} {len(cc.item_edges)} {len(color)} {len(cc.present)} "
                    f"{len(cc.required)}")
        for row in (start, color, us, vs, [x for e in cc.present for x in e], cc.required):
            rows.append(" ".join(map(str, row)))
    return "\n".join(rows) + "\n"


def reference_run(a: Arrays, cc: CompiledCycle | None) -> tuple[list[list[int]], dict]:
    """Engine "python" to the end: the chosen nodes of each solution, and
    its counters (with ``solutions``; cycle_cuts, forced and probes 0 when
    the run has none)."""
    run = PythonRun(a, cc)
    found = []
    while (status := run.step(0)) != DONE:
        if status == SOLUTION:
            found.append(run.choices())
    counters = {"solutions": len(found), "cycle_cuts": 0, "forced": 0, "probes": 0,
                **run.counters()}
    return found, counters


def reference(a: Arrays, cc: CompiledCycle | None) -> list[str]:
    found, c = reference_run(a, cc)
    lines = ["S " + " ".join(map(str, nodes)) for nodes in found]
    lines.append(f"T {c['solutions']} {c['nodes']} {c['updates']} {c['cleansings']} "
                 f"{c['mems']} {c['max_level']} {c['cycle_cuts']}")
    return lines


def problems(count: int, seed: int):
    rng = random.Random(seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for path in sorted((SHARED / "xcc").glob("*.dlx")):
            yield path.name, xcc.read_dlx(path), None
    for n in range(1, 9):
        yield f"queens{n}", queens(n), None
    for k in range(count):
        if k % 3 == 2:
            yield f"cycle #{k}", *random_graph_cycle(rng)
        else:
            yield f"random #{k}", random_problem(rng), None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("driver")
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=0)
    args = parser.parse_args(argv)

    names, texts, expected = [], [], []
    for name, problem, cycle in problems(args.count, args.seed):
        a = build_arrays(problem)
        cc = None if cycle is None else cycle.compile_for(problem)
        names.append(name)
        texts.append(encode(a, cc))
        expected.append(reference(a, cc))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(f"{len(texts)}\n")
        f.writelines(texts)
        path = f.name
    try:
        run = subprocess.run([args.driver, path, str(args.budget)], capture_output=True,
                             text=True)
    finally:
        Path(path).unlink()
    if run.returncode != 0 or run.stderr:
        sys.stderr.write(run.stderr)
        print(f"driver failed (exit status {run.returncode})", file=sys.stderr)
        return 1
    got: list[list[str]] = []
    for line in run.stdout.splitlines():
        if line.startswith("P "):
            got.append([])
        else:
            got[-1].append(line)
    if len(got) != len(expected):
        print(f"driver ran {len(got)} problems of {len(expected)}", file=sys.stderr)
        return 1
    bad = [k for k in range(len(expected)) if got[k] != expected[k]]
    for k in bad[:5]:
        print(f"{names[k]}: C {got[k][-1]} vs Python {expected[k][-1]}", file=sys.stderr)
    solutions = sum(len(e) - 1 for e in expected)
    cycles = sum(1 for n in names if n.startswith("cycle"))
    print(f"{len(expected) - len(bad)}/{len(expected)} problems agree ({cycles} with a cycle "
          f"constraint, {solutions} solutions, budget {args.budget or 'none'})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

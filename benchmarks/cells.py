"""Dancing Cells (engine "cells", after Knuth's SSXCC) against the dancing
links engine "c" (DLX2's search), DLX2 itself and two peers from PyPI.

    python benchmarks/cells.py [--dlx2 PATH] [--ssxcc PATH] [--rounds N] [--quick] [--out FILE]
                               [DLX FILE ...]

Problems: the pentominoes in 6 x 10 and Langford pairs for n = 12
(``xcc.puzzles_examples``), queens 10-12 (``xcc.examples``), then the DLX
files given; every solution counted.  Engine "auto" runs too, and each row
shows the problem's options per primary item and the engine auto chose: the
crossover of ``xcc.engines.auto.AUTO`` is read off this table.  Each row's solvers run one after the other, round after round
(``--rounds``, the best of them kept), so the ratios compare like with like
on a busy machine.  Times are CPU seconds: ``xcc.count`` in this process for
the two engines (the problem built beforehand); for DLX2 and SSXCC (Knuth's,
public: build them with CWEB's ctangle; $XCC_DLX2 / $XCC_SSXCC) their search
alone, a run on the DLX file less a run stopped after the input (``T1``);
for xcover (``covers``, numba, compiled before the clock starts) and
miniexact (``miniexacts_c``, its Algorithm C) the count from the problem's
options.  A peer that is not installed (``pip install xcover miniexact``)
is left out, and so is a binary not given.  Every count must agree.

Prints a Markdown table (also written to ``--out``): seconds per solver and,
in brackets, its time over engine "cells"'s.
"""
from __future__ import annotations

import argparse
import os
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
from xcc.engines.auto import options_per_item  # noqa: E402
from xcc.examples import queens  # noqa: E402
from xcc.puzzles_examples import langford, pentominoes  # noqa: E402

TOTAL = re.compile(r"Altogether (\d+) solutions?")


def problems(quick: bool, files: list[Path]) -> list[xcc.Problem]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # options without a primary item, dropped
        more = [xcc.read_dlx(f) for f in files]
    if quick:
        return [pentominoes(3, 20), langford(8), queens(8), *more]
    return [pentominoes(6, 10), langford(12), langford(11), queens(10), queens(11), queens(12),
            *more]


def engine(name: str):
    def run(problem: xcc.Problem, path: Path) -> tuple[float, int]:
        start = time.process_time()
        n = xcc.count(problem, engine=name).solutions
        return time.process_time() - start, n
    return run


def child_cpu(argv: list[str], path: Path) -> tuple[float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(path, "rb") as f:
        done = subprocess.run(argv, stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stderr


def knuth(binary: str):
    """A program of Knuth's: its search's CPU (a whole run less one stopped at once)."""
    def run(problem: xcc.Problem, path: Path) -> tuple[float, int]:
        whole, text = child_cpu([binary], path)
        setup, _ = child_cpu([binary, "T1"], path)
        found = TOTAL.search(text)
        return max(whole - setup, 0.0), int(found[1]) if found else -1
    return run


def names(problem: xcc.Problem) -> list[list[str]]:
    return [[item if color is None else f"{item}:{color}" for item, color in option]
            for option in problem.options]


def xcover_run(problem: xcc.Problem, path: Path) -> tuple[float, int]:
    from xcover import covers
    options = names(problem)
    start = time.process_time()
    n = sum(1 for _ in covers(options, primary=list(problem.primary),
                              secondary=list(problem.secondary), colored=True))
    return time.process_time() - start, n


def miniexact_run(problem: xcc.Problem, path: Path) -> tuple[float, int]:
    from miniexact import miniexacts_c
    start = time.process_time()
    s = miniexacts_c()
    ids = {name: s.primary(name) for name in problem.primary}
    ids.update({name: s.secondary(name) for name in problem.secondary})
    colors: dict[str, int] = {}
    for option in problem.options:
        for item, color in option:
            if color is None:
                s.add(ids[item])
            else:
                if color not in colors:
                    colors[color] = s.color(color)
                s.add(ids[item], colors[color])
        s.add(0)
    n = 0
    while s.solve() == 10:
        n += 1
    return time.process_time() - start, n


def peers() -> dict:
    """The PyPI peers installed here."""
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            import xcover  # noqa: F401
        except ImportError:
            print("xcover is not installed: left out", file=sys.stderr)
        else:
            out["xcover"] = xcover_run
        try:
            import miniexact  # noqa: F401
        except ImportError:
            print("miniexact is not installed: left out", file=sys.stderr)
        else:
            out["miniexact"] = miniexact_run
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dlx2", default=os.environ.get("XCC_DLX2"))
    parser.add_argument("--ssxcc", default=os.environ.get("XCC_SSXCC"))
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="small problems, a smoke test")
    parser.add_argument("--out", type=Path)
    parser.add_argument("files", nargs="*", type=Path, help="DLX files to add")
    args = parser.parse_args()

    solvers = {"cells": engine("cells"), "c": engine("c"), "auto": engine("auto")}
    if args.dlx2:
        solvers["DLX2"] = knuth(args.dlx2)
    if args.ssxcc:
        solvers["SSXCC"] = knuth(args.ssxcc)
    solvers.update(peers())

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        warm = Path(tmp) / "queens4.dlx"
        xcc.write_dlx(queens(4), warm)
        for run in solvers.values():  # imports and first calls before any clock
            run(queens(4), warm)
        for problem in problems(args.quick, args.files):
            path = Path(tmp) / f"{Path(problem.name).stem}.dlx"
            xcc.write_dlx(problem, path)
            problem.compact()  # the problem built beforehand: no solver pays for it
            best: dict[str, float] = {}
            counts = set()
            for _ in range(args.rounds):
                for name, run in solvers.items():
                    seconds, n = run(problem, path)
                    counts.add(n)
                    best[name] = min(best.get(name, seconds), seconds)
            if len(counts) != 1:
                raise SystemExit(f"{problem.name}: the counts differ: {sorted(counts)}")
            rows.append((Path(problem.name).stem, counts.pop(), best,
                         options_per_item(problem), xcc.engines.get("auto").choose(problem)))
            print(f"{problem.name}: " + ", ".join(f"{k} {v:.3f} s" for k, v in best.items()),
                  file=sys.stderr, flush=True)

    head = ["problem", "solutions", "options/item", "auto runs"] + list(solvers)
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, count, best, per_item, chosen in rows:
        base = best["cells"] or 1e-9
        cells = [f"{best[s]:.3f}" + ("" if s == "cells" else f" ({best[s] / base:.2f}×)")
                 for s in solvers]
        lines.append(f"| {name} | {count:,} | {per_item:.1f} | {chosen} | "
                     + " | ".join(cells) + " |")
    lines.append("")
    lines.append(f"CPU seconds, best of {args.rounds} round(s); (r×): time over engine "
                 "\"cells\"'s.")
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()

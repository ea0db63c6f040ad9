"""The frontier search against a baseline tree: empty n x n strong counts, side by side.

    python benchmarks/frontier.py --baseline /tmp/memo-base [--sizes 10,11,12,13] [--repeat 1]

The number of cycles of the n x n grid graph (the strong solutions of an
empty n x n board; OEIS A140517 term n - 1), counted by engine ``memo``
(``masyu.exact.exact_count``) in this tree and in a ``--baseline`` tree (a
git worktree of an earlier commit with its own ``.venv``, e.g.
``git worktree add /tmp/memo-base 750700b`` and ``pip install -e .`` there).
Every run is a fresh child process (``python -c``), the two systems
alternating per size; the table gives the CPU seconds (user + system of the
child) and the peak resident memory (``ru_maxrss`` of the child from
``os.wait4``) of each, and the ratios this/baseline.  Counts must agree.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHILD = ("import sys; from masyu import Puzzle; from masyu.exact import exact_count; "
         "n = int(sys.argv[1]); print(exact_count(Puzzle(n, n)).solutions)")


def measure(tree: Path, n: int) -> tuple[int, float, int]:
    """(count, CPU seconds, peak bytes) of one child counting the empty n x n board."""
    python = tree / ".venv" / "bin" / "python"
    proc = subprocess.Popen([str(python if python.exists() else sys.executable), "-c", CHILD,
                             str(n)], cwd=tree, stdout=subprocess.PIPE, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{tree}: n={n} exited {proc.returncode}")
    return int(out), usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", type=Path, required=True, help="the tree to compare with")
    ap.add_argument("--sizes", default="10,11,12,13")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each system per size (best kept)")
    a = ap.parse_args(argv)
    systems = (("this", ROOT), ("baseline", a.baseline))
    print("| n | count | this CPU s | this MB | baseline CPU s | baseline MB | CPU ratio | memory ratio |")
    print("|---|---|---|---|---|---|---|---|")
    for n in (int(s) for s in a.sizes.split(",")):
        best: dict[str, tuple[int, float, int]] = {}
        for _ in range(a.repeat):
            for name, tree in systems:  # alternating, so a busy machine hurts both alike
                got = measure(tree, n)
                if name not in best or got[1] < best[name][1]:
                    best[name] = got
        (c1, t1, m1), (c2, t2, m2) = best["this"], best["baseline"]
        if c1 != c2:
            raise SystemExit(f"n={n}: counts differ: {c1} and {c2}")
        print(f"| {n} | {c1} | {t1:.2f} | {m1 / 2**20:.0f} | {t2:.2f} | {m2 / 2**20:.0f} | "
              f"{t1 / t2:.2f} | {m1 / m2:.2f} |", flush=True)


if __name__ == "__main__":
    main()

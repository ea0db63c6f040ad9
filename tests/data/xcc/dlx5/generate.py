"""Make the costed DLX files here and record DLX5's k cheapest costs for them.

Run by hand, not by the tests: ``python generate.py /path/to/dlx5`` (DLX5 tangled
from Knuth's dlx5.w and compiled; see README).  Writes ``*.dlx``,
``expected.json`` ({file: {k: [costs, cheapest first]}}) and ``stats.json``
({file: {k: {solutions, nodes, updates, cleansings, mems}}}: DLX5's last line,
``mems`` the search's part, after the "+").
"""
from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
KS = (1, 3, 10)


def random_problem(seed: int) -> str:
    """Primary items p0.., secondary items s0.. with colors a-c, costs 0-20."""
    rng = random.Random(seed)
    n1, n2 = rng.randint(3, 7), rng.randint(0, 3)
    prim = [f"p{i}" for i in range(n1)]
    sec = [f"s{i}" for i in range(n2)]
    lines = [f"| random costed problem, seed {seed}",
             " ".join(prim) + (" | " + " ".join(sec) if sec else "")]
    for _ in range(rng.randint(n1 + 2, 4 * n1)):
        items = rng.sample(prim, rng.randint(1, min(3, n1)))
        for s in sec:
            if rng.random() < 0.4:
                items.append(f"{s}:{rng.choice('abc')}")
        lines.append(" ".join(items) + f" |{rng.randint(0, 20)}")
    return "\n".join(lines) + "\n"


def assignment(n: int, seed: int) -> str:
    """n workers, n jobs, a random cost for each pairing (n! solutions)."""
    rng = random.Random(seed)
    lines = [f"| {n}x{n} assignment problem, seed {seed}",
             " ".join(f"w{i}" for i in range(n)) + " " + " ".join(f"j{i}" for i in range(n))]
    for i in range(n):
        for j in range(n):
            lines.append(f"w{i} j{j} |{rng.randint(0, 30)}")
    return "\n".join(lines) + "\n"


STATS = re.compile(r"Altogether (\d+) solutions?, \d+\+(\d+) mems, (\d+) updates, "
                   r"(\d+) cleansings, \d+ bytes, (\d+) nodes")


def dlx5_run(dlx5: str, path: Path, k: int) -> tuple[list[int], dict[str, int]]:
    """DLX5's k best costs and its statistics on ``path``."""
    run = subprocess.run([dlx5, f"k{k}"], stdin=path.open(), capture_output=True,
                         text=True, check=True)
    m = STATS.search(run.stderr)
    assert m, run.stderr
    stats = dict(zip(("solutions", "mems", "updates", "cleansings", "nodes"), map(int, m.groups())))
    tail = run.stderr.split("The optimum cost", 1)
    if len(tail) == 1:
        return [], stats  # no solution
    costs: list[int] = []
    for m in re.finditer(r"\$(\d+)(?: \(repeated (\d+) times\))?", tail[1]):
        costs += [int(m.group(1))] * int(m.group(2) or 1)
    return costs, stats


def main(dlx5: str) -> None:
    files = {"assignment.dlx": (HERE.parents[3] / "examples" / "assignment.dlx").read_text()}
    for seed in range(12):
        files[f"random{seed:02d}.dlx"] = random_problem(seed)
    files["assign5.dlx"] = assignment(5, 1)
    files["assign6.dlx"] = assignment(6, 2)
    expected: dict = {}
    stats: dict = {}
    for name, text in files.items():
        (HERE / name).write_text(text)
        runs = {str(k): dlx5_run(dlx5, HERE / name, k) for k in KS}
        expected[name] = {k: costs for k, (costs, _) in runs.items()}
        stats[name] = {k: figures for k, (_, figures) in runs.items()}
    (HERE / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")
    (HERE / "stats.json").write_text(json.dumps(stats, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else shutil.which("dlx5") or "dlx5")

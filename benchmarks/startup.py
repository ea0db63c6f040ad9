"""How fast the commands start: CPU and wall time of whole processes.

    python benchmarks/startup.py [--runs 7] [--tree LABEL=DIR ...] [--out FILE]

Runs each command ``--runs`` times as a fresh process (``python -m masyu ...``,
``python -m xcc ...``) and reports the median CPU time (user + system, from the
kernel's accounting of the child: ``os.wait4``), which a shared machine disturbs
far less than wall time, and the median wall time (from the start of the child
to its end, as a user waits for it).  ``--tree LABEL=DIR`` adds another checkout of the
project (e.g. ``git archive`` of an older commit, with the built
``xcc/_native*.so`` copied in): its packages are put first on ``PYTHONPATH``
and measured in the same run, the runs of all trees interleaved; each column
after the first also gives its ratio to the first (this tree).  Prints Markdown (also written to ``--out``).
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

XCC = "from xcc import main; main()"    # the xcc script (python -m xcc is always Typer)
QUEENS = "benchmarks/dlx/queens8.dlx"
COMMANDS = [
    ("masyu --help", ["-m", "masyu", "--help"]),
    ("masyu solve -q (the bundled 10x10)", ["-m", "masyu", "solve", "-q"]),
    ("masyu solve GAMEID -q (6x6)", ["-m", "masyu", "solve", "6x6:eBbBfWbWbBaBcWbBe", "-q"]),
    ("masyu solve GAMEID (6x6, statistics)", ["-m", "masyu", "solve", "6x6:eBbBfWbWbBaBcWbBe"]),
    ("masyu count GAMEID --weak", ["-m", "masyu", "count", "6x6:eBbBfWbWbBaBcWbBe", "--weak"]),
    ("xcc --help", ["-m", "xcc", "--help"]),
    ("xcc count FILE (queens8: the C quick path)", ["-c", XCC, "count", QUEENS]),
    ("xcc count FILE --limit 1 (Typer)", ["-c", XCC, "count", QUEENS, "--limit", "1"]),
    ("python -c 'import masyu'", ["-c", "import masyu"]),
    ("python -c pass (the floor)", ["-c", "pass"]),
]


def seconds(args: list[str], root: Path) -> tuple[float, float]:
    """The CPU and wall seconds of one process running ``python ARGS`` with ``root``
    first on the path."""
    env = dict(os.environ, PYTHONPATH=str(root))
    with open(os.devnull, "w") as null:
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, *args], stdout=null, stderr=null, env=env,
                                 cwd=root)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} in {root}: exit {child.returncode}")
    return usage.ru_utime + usage.ru_stime, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--tree", action="append", default=[], metavar="LABEL=DIR",
                        help="another checkout to measure (repeatable)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    roots = [("this tree", ROOT)]
    for spec in args.tree:
        label, _, folder = spec.rpartition("=")
        roots.append((label or folder, Path(folder).resolve()))
    lines = ["# Start-up: CPU and wall time of one process", "",
             f"Median of {args.runs} runs, milliseconds: CPU (user + system) / wall; in "
             "brackets, the ratio of the CPU times to this tree's. "
             + "; ".join(f"{label}: {root}" for label, root in roots[1:]),
             "", "| command | " + " | ".join(f"{label} CPU / wall" for label, _ in roots) + " |",
             "|---|" + "---:|" * len(roots)]
    print("\n".join(lines), flush=True)
    for label, command in COMMANDS:
        cpu: list[list[float]] = [[] for _ in roots]
        wall: list[list[float]] = [[] for _ in roots]
        for _ in range(args.runs):          # interleaved: the machine's moods hit every tree
            for k, (_, root) in enumerate(roots):
                c, w = seconds(command, root)
                cpu[k].append(c)
                wall[k].append(w)
        cpus = [statistics.median(t) for t in cpu]
        walls = [statistics.median(t) for t in wall]
        cells = [f"{1000 * c:.0f} / {1000 * w:.0f}" + ("" if k == 0 else f" ({c / cpus[0]:.2f})")
                 for k, (c, w) in enumerate(zip(cpus, walls))]
        line = f"| {label} | " + " | ".join(cells) + " |"
        lines.append(line)
        print(line, flush=True)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

"""How fast the commands start: CPU time of whole processes.

    python benchmarks/startup.py [--runs 10] [--tree LABEL=DIR ...] [--out FILE]

Runs each command ``--runs`` times as a fresh process (``python -m masyu ...``,
``python -m xcc ...``) and reports the median CPU time (user + system, from the
kernel's accounting of the child: ``os.wait4``), which a shared machine disturbs
far less than wall time.  ``--tree LABEL=DIR`` adds another checkout of the
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

COMMANDS = [
    ("masyu --help", ["-m", "masyu", "--help"]),
    ("masyu solve GAMEID (6x6)", ["-m", "masyu", "solve", "6x6:eBbBfWbWbBaBcWbBe", "-q"]),
    ("masyu count GAMEID --weak", ["-m", "masyu", "count", "6x6:eBbBfWbWbBaBcWbBe", "--weak"]),
    ("xcc --help", ["-m", "xcc", "--help"]),
    ("python -c pass (the floor)", ["-c", "pass"]),
]


def cpu_seconds(args: list[str], root: Path) -> float:
    """The CPU seconds of one process running ``python ARGS`` with ``root`` first on the path."""
    env = dict(os.environ, PYTHONPATH=str(root))
    with open(os.devnull, "w") as null:
        child = subprocess.Popen([sys.executable, *args], stdout=null, stderr=null, env=env,
                                 cwd=root)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} in {root}: exit {child.returncode}")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--tree", action="append", default=[], metavar="LABEL=DIR",
                        help="another checkout to measure (repeatable)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    roots = [("this tree", ROOT)]
    for spec in args.tree:
        label, _, folder = spec.rpartition("=")
        roots.append((label or folder, Path(folder).resolve()))
    lines = ["# Start-up: CPU time of one process", "",
             f"Median of {args.runs} runs, milliseconds (user + system); in brackets, the "
             "ratio to this tree. " + "; ".join(f"{label}: {root}" for label, root in roots[1:]),
             "", "| command | " + " | ".join(label for label, _ in roots) + " |",
             "|---|" + "---:|" * len(roots)]
    print("\n".join(lines), flush=True)
    for label, command in COMMANDS:
        times: list[list[float]] = [[] for _ in roots]
        for _ in range(args.runs):          # interleaved: the machine's moods hit every tree
            for k, (_, root) in enumerate(roots):
                times[k].append(cpu_seconds(command, root))
        medians = [statistics.median(t) for t in times]
        cells = [f"{1000 * medians[0]:.0f}"] + [f"{1000 * m:.0f} ({m / medians[0]:.2f})"
                                                 for m in medians[1:]]
        line = f"| {label} | " + " | ".join(cells) + " |"
        lines.append(line)
        print(line, flush=True)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

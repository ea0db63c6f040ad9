"""Peak memory of the masyu command against ``masyu.solving.estimate_memory``.

    python benchmarks/memory.py [--sizes 40,80,160] [--out FILE]

Each row runs one real command (``masyu solve``, ``masyu encode``) in its own
process on an ``n x n`` board and measures its peak resident set (``ru_maxrss`` of
that process alone); the estimate is what the command computes before it builds
anything (``--memory`` refuses above it).  Boards: empty (the most options per cell
in 423) and with 15% pearls at random (seed 1; the most in 422, the circle options).
The ratio estimate / measured must stay at least 1 (the estimate is an upper
bound); how far above 1 it goes is the price of one formula for every board.
Prints Markdown (also written to ``--out``).
"""
from __future__ import annotations

import argparse
import platform
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from masyu import memory  # noqa: E402
from masyu.solving import estimate_memory  # noqa: E402

MASYU = [sys.executable, "-m", "masyu"]
PEAK = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:]); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")

# (label, board, the command's arguments after the puzzle, the estimate's arguments)
CASES = [
    ("encode 423", "empty", ["encode", "--encoding", "423", "-o", "/dev/null"], None),
    ("encode 422", "pearls", ["encode", "--encoding", "422", "-o", "/dev/null"], None),
    ("solve guard c 423", "empty", ["solve", "--method", "guard", "--engine", "c"],
     dict(method="guard", engine="c", limit=2)),
    ("solve guard c 422", "pearls", ["solve", "--method", "guard", "--engine", "c",
                                     "--encoding", "422"],
     dict(method="guard", engine="c", encoding="422", limit=2)),
    ("solve guard sat 422", "pearls", ["solve", "--method", "guard", "--engine", "sat",
                                       "--encoding", "422"],
     dict(method="guard", engine="sat", encoding="422", limit=2)),
    ("solve guard python 423", "empty", ["solve", "--method", "guard", "--engine", "python",
                                         "--limit", "1"],
     dict(method="guard", engine="python", limit=1)),
]


def board(n: int, kind: str) -> str:
    rng = random.Random(1)
    rows = []
    for _ in range(n):
        rows.append("".join(rng.choice("WB") if kind == "pearls" and rng.random() < 0.15 else "."
                            for _ in range(n)))
    return "\n".join(rows) + "\n"


def peak(args: list[str]) -> int:
    """Peak resident bytes of one command, alone in its process."""
    out = subprocess.run([sys.executable, "-c", PEAK, *args], capture_output=True, text=True,
                         timeout=900)
    return int(out.stdout.split()[-1]) * 1024


def measure(n: int, label: str, kind: str, args: list[str], how: dict | None) -> tuple[int, int]:
    """(estimate, measured) bytes for one case on an n x n board."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(board(n, kind))
    try:
        quiet = ["-q"] if args[0] == "solve" else []
        measured = peak(MASYU + [args[0], f.name, *args[1:], "--memory", "100G", *quiet])
    finally:
        Path(f.name).unlink()
    if how is None:
        estimate = memory.estimate(n, n, ("encode",))
    else:
        estimate = estimate_memory(n, n, **how)
    return estimate, measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="40,80,160")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    lines = ["# Peak memory: estimate and measurement", "",
             f"Machine: {platform.machine()}, Python {platform.python_version()}; "
             f"the estimate's base is {memory.format_size(memory.BASE)}.", "",
             "| command | board | n | estimate | measured | estimate / measured |",
             "|---|---|---:|---:|---:|---:|"]
    print("\n".join(lines), flush=True)
    for label, kind, cmd, how in CASES:
        for n in sizes:
            if "python" in label and n > 80:
                continue            # minutes, and the same bytes per cell as at 80
            estimate, measured = measure(n, label, kind, cmd, how)
            line = (f"| {label} | {kind} | {n} | {memory.format_size(estimate)} | "
                    f"{memory.format_size(measured)} | {estimate / measured:.2f} |")
            lines.append(line)
            print(line, flush=True)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

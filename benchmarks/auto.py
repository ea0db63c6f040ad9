"""The default method, auto, against the configurations it chooses between.

    python benchmarks/auto.py [--per-class 5] [--puzzles FILE] [--out FILE]

For each task, the CPU time (``time.process_time``, this process) of ``masyu.count``
with ``method="auto"`` (the default), ``"guard"`` on the c engine, and ``"best"``:

- proving puzzles unique (a full count of a puzzle with one solution): the first
  ``--per-class`` hard 10x10, 15x15 and 25x25 puzzles of the collection ``--puzzles FILE``
  (``puzzle_files.py``: by default the subset in tests/data/puzzles), and its 40x40;
- counting many strong solutions: ``6x6:yWj`` (337,296) and the empty 5x5 board (9,349).

A run past ``--time-limit`` seconds is stopped and shown as ``> N s`` (the count is then
not compared).  Every finished count of a task must agree.  Prints Markdown (also
written to ``--out``).
"""
from __future__ import annotations

import argparse
import multiprocessing
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import masyu  # noqa: E402
import xcc  # noqa: E402

import puzzle_files  # noqa: E402  (this folder's module)

CONFIGS = [("auto", dict()), ("guard c", dict(method="guard", engine="c")),
           ("best", dict(method="best"))]


def _count(text: str, how: dict, out) -> None:
    start = time.process_time()
    n = masyu.count(masyu.Puzzle.parse(text), **how)
    out.send((int(n), time.process_time() - start))


def timed(text: str, how: dict, limit: float) -> tuple[int | None, float]:
    """(count, CPU seconds) in a child process, or (None, limit) past the time limit."""
    here, there = multiprocessing.Pipe()
    child = multiprocessing.Process(target=_count, args=(text, how, there))
    child.start()
    child.join(limit * 3)           # wall time, on a shared machine: generous
    if child.is_alive() or not here.poll():
        child.kill()
        child.join()
        return None, limit
    count, seconds = here.recv()
    return (count, seconds) if seconds <= limit else (None, limit)


def tasks(k: int, collection: Path) -> list[tuple[str, list[tuple[str, str]]]]:
    psm = {p.name: p for p in masyu.load(collection)}
    out = []
    for size in (10, 15, 25):
        names = [n for n in psm if n.startswith(f"psm-{size}x{size}-hard")][:k]
        out.append((f"prove unique: {len(names)} hard {size}x{size}",
                    [(n, psm[n].to("grid")) for n in names]))
    out.append(("prove unique: the 40x40", [(n, psm[n].to("grid")) for n in psm
                                             if n.startswith("psm-40x40")]))
    out.append(("count 337,296 strong: 6x6:yWj", [("6x6:yWj", "6x6:yWj")]))
    out.append(("count 9,349 strong: empty 5x5", [("5x5:y", "5x5:y")]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-class", type=int, default=5, help="puzzles per size")
    puzzle_files.add_option(parser)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    configs = [(label, how) for label, how in CONFIGS
               if how.get("engine", "c") in xcc.ENGINES or "engine" not in how]
    lines = ["# The default method against its choices", "",
             f"Machine: {platform.machine()}, Python {platform.python_version()}; engines "
             f"{', '.join(xcc.ENGINES)}. Median CPU seconds per puzzle.", "",
             "| task | " + " | ".join(label for label, _ in configs) + " |",
             "|---|" + "---:|" * len(configs)]
    print("\n".join(lines), flush=True)
    for title, puzzles in tasks(args.per_class, args.puzzles):
        cells = []
        counts = set()
        for _, how in configs:
            times = []
            for _, text in puzzles:
                count, seconds = timed(text, how, args.time_limit)
                if count is not None:
                    counts.add((text, count))
                times.append(seconds if count is not None else float("inf"))
            median = statistics.median(times)
            cells.append(f"> {args.time_limit:.0f} s" if median == float("inf")
                         else f"{median:.3f}")
        assert len({text for text, _ in counts}) == len(counts), f"{title}: counts disagree"
        line = f"| {title} | " + " | ".join(cells) + " |"
        lines.append(line)
        print(line, flush=True)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

"""Encoding time: ``masyu.encode`` against the readable version it replaced.

    python benchmarks/encode.py [--per-class 12] [--puzzles FILE] [--repeat 3] [--out FILE]

The baseline is ``tests/masyu/encodings/reference_encode.py`` (the one-literal-at-a-time
construction, kept as the tests' oracle).  Classes, from the collection
``--puzzles FILE`` (``puzzle_files.py``: by default the subset in tests/data/puzzles): the
first ``--per-class`` hard 25x25 puzzles, the 40x40, and the first ``--per-class`` hard
10x10 ones.  For each puzzle and
encoding (423, then 422) both versions run ``--repeat`` times, interleaved, and
the puzzle's time is the best of its runs; the table gives the median over the
class, in milliseconds of this process's CPU time (``time.process_time``), and
checks on the way that both versions give the same problem.  ``masyu.encode``
keeps the tables that depend on the board size only for the last few sizes;
it is timed with them (every puzzle after the first of its size) and without
(the cache cleared before the run).  Prints Markdown
(also written to ``--out``).
"""
from __future__ import annotations

import argparse
import importlib
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import masyu  # noqa: E402
from masyu.board import board  # noqa: E402
from masyu.collection import load  # noqa: E402
from masyu.encodings.names import names  # noqa: E402

import puzzle_files  # noqa: E402  (this folder's module)

reference = importlib.import_module("tests.masyu.encodings.reference_encode")


def clear_size_tables() -> None:
    """Forget the tables kept per board size (the board, the item names)."""
    board.cache_clear()
    names.cache_clear()


def cpu_ms(f, *args) -> tuple[float, object]:
    t = time.process_time()
    out = f(*args)
    return (time.process_time() - t) * 1000, out


def measure(puzzles, kind: str, repeat: int) -> tuple[float, float, float]:
    """Median over ``puzzles`` of the best of ``repeat`` runs: reference, fast
    with the board-size tables cached, fast without them (cache cleared)."""
    times: tuple[list[float], list[float], list[float]] = ([], [], [])
    for puzzle in puzzles:
        best = [float("inf")] * 3
        for _ in range(repeat):
            t, a = cpu_ms(reference.encode, puzzle, kind)
            best[0] = min(best[0], t)
            clear_size_tables()
            t, b = cpu_ms(masyu.encode, puzzle, kind)
            best[2] = min(best[2], t)
            t, b = cpu_ms(masyu.encode, puzzle, kind)
            best[1] = min(best[1], t)
        assert (a.problem.primary, a.problem.secondary, a.problem.options) == \
            (b.problem.primary, b.problem.secondary, b.problem.options), puzzle.name
        for out, t in zip(times, best):
            out.append(t)
    return tuple(statistics.median(t) for t in times)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--per-class", type=int, default=12, help="puzzles per class (25x25, 10x10)")
    puzzle_files.add_option(ap)
    ap.add_argument("--repeat", type=int, default=3, help="runs per puzzle (best is kept)")
    ap.add_argument("--out", type=Path, help="also write the Markdown here")
    args = ap.parse_args(argv)

    psm = load(args.puzzles)
    classes = [
        (f"25x25 hard ({args.per_class})",
         [p for p in psm if p.name.startswith("psm-25x25-hard")][:args.per_class]),
        ("40x40 hard (1)", [p for p in psm if p.name.startswith("psm-40x40")]),
        (f"10x10 hard ({args.per_class})",
         [p for p in psm if p.name.startswith("psm-10x10-hard")][:args.per_class]),
    ]
    for kind in ("423", "422"):  # warm up both (imports, numpy's first calls)
        reference.encode(classes[2][1][0], kind)
        masyu.encode(classes[2][1][0], kind)

    lines = ["| puzzles | encoding | reference ms | masyu.encode ms | speed-up "
             "| first of its size ms | speed-up |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for kind in ("423", "422"):
        for label, puzzles in classes:
            ref_ms, fast_ms, cold_ms = measure(puzzles, kind, args.repeat)
            lines.append(f"| {label} | {kind} | {ref_ms:.2f} | {fast_ms:.2f} | "
                         f"{ref_ms / fast_ms:.1f}x | {cold_ms:.2f} | {ref_ms / cold_ms:.1f}x |")
            print(lines[-1], file=sys.stderr)
    lines += ["", f"Median over each class of the best of {args.repeat} runs, CPU ms "
              f"(time.process_time), one process; Python {platform.python_version()}, "
              f"{platform.machine()}.  \"First of its size\": the tables that depend on "
              "the board size only (edge numbers, names, edge tuples) built in the run "
              "(their cache cleared before it), as for the first puzzle of a size."]
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()

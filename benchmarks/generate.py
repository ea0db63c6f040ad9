"""Benchmark of ``masyu.generate``: time per puzzle over seeds 0..N-1, per size.

    python benchmarks/generate.py                     # 10x10, 20x20, 30x30, 10 seeds
    python benchmarks/generate.py --sizes 15x15 --seeds 5 --difficulty hard

Prints a Markdown table: size, seeds, median and worst seconds, median pearls
(and their share of the cells), the difficulty bands met, and the median loops
grown.  Every generated puzzle is also checked against its loop.  Times are
wall-clock; the puzzles themselves do not depend on them.
"""
from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import masyu  # noqa: E402
from masyu.generate import generate_with_loop  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="10x10,20x20,30x30")
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--difficulty", default=None, choices=list(masyu.DIFFICULTIES))
    ap.add_argument("--minimal", action="store_true")
    args = ap.parse_args(argv)
    print("| size | seeds | median s | worst s | pearls (median) | difficulty | loops grown |")
    print("|---|---|---|---|---|---|---|")
    for size in args.sizes.split(","):
        rows, cols = (int(x) for x in size.lower().split("x"))
        times, pearls, bands, attempts = [], [], collections.Counter(), []
        for seed in range(args.seeds):
            start = time.perf_counter()
            g = generate_with_loop(rows, cols, seed=seed, difficulty=args.difficulty,
                                   minimal=args.minimal)
            times.append(time.perf_counter() - start)
            assert masyu.check(g.puzzle, g.loop) == []
            pearls.append(len(g.puzzle.pearls))
            bands[g.difficulty.band] += 1
            attempts.append(g.attempts)
            print(f"  {size} seed {seed}: {times[-1]:.2f} s, {pearls[-1]} pearls, "
                  f"{g.difficulty.band} (score {g.difficulty.score})", file=sys.stderr)
        p = statistics.median(pearls)
        band_text = ", ".join(f"{b} {n}" for b, n in sorted(bands.items()))
        print(f"| {rows}x{cols} | {args.seeds} | {statistics.median(times):.2f} | "
              f"{max(times):.2f} | {p:g} ({p / (rows * cols):.0%}) | {band_text} | "
              f"{statistics.median(attempts):g} |", flush=True)


if __name__ == "__main__":
    main()

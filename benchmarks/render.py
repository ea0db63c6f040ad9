"""Reading and rendering big loops: CPU seconds against the board's side (issue 20).

    .venv/bin/python benchmarks/render.py                    # sides 100, 300, 1000
    .venv/bin/python benchmarks/render.py --sides 200 400

The loop is a serpentine through every cell of an N x N board (N even): the
most edges a loop can have.  For each side it times, in CPU seconds, writing
the loop as JSON, reading that JSON back (``Loop.parse``), the text picture
of the empty puzzle with the loop drawn (``render_text``), reading that
picture back as a loop, and the SVG (``render_svg``); the last column is the
1000 x 1000 time over the 100 x 100 one divided by 100 (1.0 for linear time).
Run it with another checkout first on ``PYTHONPATH`` for a baseline.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import masyu  # noqa: E402
from masyu import Loop, Puzzle  # noqa: E402


def serpentine(n: int) -> Loop:
    """A Hamiltonian cycle of the n x n board (n even): down column 0, then
    zigzag back up through columns 1..n-1 row by row."""
    edges = [((r, 0), (r + 1, 0)) for r in range(n - 1)]
    for r in range(n - 1, -1, -1):
        cols = range(1, n - 1) if (n - 1 - r) % 2 == 0 else range(n - 1, 1, -1)
        step = 1 if (n - 1 - r) % 2 == 0 else -1
        edges += [((r, c), (r, c + step)) for c in cols]
        if r > 0:
            end = n - 1 if (n - 1 - r) % 2 == 0 else 1
            edges.append(((r - 1, end), (r, end)))
    edges.append(((n - 1, 0), (n - 1, 1)))
    edges.append(((0, 0), (0, 1)))
    return Loop(n, n, edges)


def cpu(fn):
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sides", type=int, nargs="+", default=[100, 300, 1000])
    args = parser.parse_args()
    print(f"masyu from {Path(masyu.__file__).parent}")
    print("| side | edges | write JSON | read JSON | render_text | read picture | render_svg |")
    print("|---|---|---|---|---|---|---|")
    times = {}
    for n in args.sides:
        n += n % 2
        loop = serpentine(n)
        puzzle = Puzzle(loop.rows, loop.cols)
        row = []
        t, text = cpu(lambda: loop.to("json"))
        row.append(t)
        t, back = cpu(lambda: Loop.parse(text))
        assert set(back.edges) == set(loop.edges)
        row.append(t)
        t, picture = cpu(lambda: masyu.render_text(puzzle, loop))
        row.append(t)
        try:
            t, drawn = cpu(lambda: masyu.formats.parse_loop(picture, n, n))
            assert set(drawn.edges) == set(loop.edges)
            row.append(t)
        except masyu.MasyuError:  # a checkout whose loop readers take no picture
            row.append(float("nan"))
        t, _ = cpu(lambda: masyu.render_svg(puzzle, loop))
        row.append(t)
        times[n] = row
        print(f"| {loop.rows} | {len(loop.edges):,} | " + " | ".join(f"{x:.3f}" for x in row)
              + " |", flush=True)
    lo, hi = min(times), max(times)
    if hi > lo:
        scale = (hi / lo) ** 2
        print(f"| growth {hi}/{lo} over (side ratio)^2 | | " + " | ".join(
            f"{b / a / scale:.2f}" if a > 0 else "-" for a, b in zip(times[lo], times[hi]))
            + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

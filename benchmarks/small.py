"""Uniqueness proofs of small puzzles, in process: the fixed costs of issue 15.

    python benchmarks/small.py [--per-class 100] [--puzzles FILE] [--repeat 3]

For the psm 6x6 and 8x8 easy puzzles of ``--puzzles FILE`` (``puzzle_files.py``: by
default the subset in tests/data/puzzles; the first ``--per-class`` of each class), the median over puzzles of the best of
``--repeat`` runs, in milliseconds of this process's CPU time
(``time.process_time``), of:

- ``best``: ``masyu.count(puzzle, method="best", limit=2)``, everything
  included (encoding, translation, solver, the proof);
- ``guard sat``: the same on the SAT engine, what ``best`` was on every board
  before issue 15 (the baseline of the ratio column);
- ``guard c`` and ``propagate c``: the same with dancing links;
- ``encode``: ``masyu.encode(puzzle, "423")`` alone;
- ``checked door``: the same encoding's arrays through
  ``xcc.Problem.from_arrays`` with its checks (the encoder uses the trusted
  door), to show what the checks cost.

cspuz (semiexp's Rust solver with Glucose) is not on this machine's package
index; its figures measured on this kind of machine (issue 15: 0.7 ms at 6x6,
1.3 ms at 8x8) are printed beside, as a reference from another run.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import masyu  # noqa: E402
import xcc  # noqa: E402
import puzzle_files  # noqa: E402  (this folder's module)

CSPUZ_MS = {"6x6-easy": 0.7, "8x8-easy": 1.3}  # issue 15, another run


def best_of(f, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        f()
        best = min(best, time.process_time() - start)
    return best * 1000


def checked(enc) -> xcc.Problem:
    p = enc.problem
    c = p.compact()
    return xcc.Problem.from_arrays(p.primary, p.secondary, c.starts, c.items, c.colors,
                                   c.color_names, name=p.name)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-class", type=int, default=100)
    puzzle_files.add_option(ap)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    puzzles = masyu.load(args.puzzles)
    cols = {
        "best": lambda p: int(masyu.count(p, method="best", limit=2)),
        "guard sat": lambda p: int(masyu.count(p, method="guard", engine="sat", limit=2)),
        "guard c": lambda p: int(masyu.count(p, method="guard", engine="c", limit=2)),
        "propagate c": lambda p: int(masyu.count(p, method="propagate", engine="c", limit=2)),
        "encode": lambda p: masyu.encode(p, "423"),
    }
    print("| class | puzzles | " + " | ".join(f"{c} ms" for c in cols)
          + " | checked door ms | best / guard sat | cspuz ms (issue 15) |")
    print("|---|---:|" + "---:|" * (len(cols) + 3))
    for cls in CSPUZ_MS:
        chosen = [p for p in puzzles if f"-{cls}-" in (p.name or "")][:args.per_class]
        times: dict[str, list[float]] = {c: [] for c in cols}
        door = []
        for p in chosen:
            for c, f in cols.items():
                times[c].append(best_of(lambda: f(p), args.repeat))
            assert int(masyu.count(p, method="best", limit=2)) == 1, p.name
            enc = masyu.encode(p, "423")
            door.append(best_of(lambda: checked(enc), args.repeat))
        cells = [f"{statistics.median(times[c]):.3f}" for c in cols]
        ratio = statistics.median(b / s for b, s in zip(times["best"], times["guard sat"]))
        print(f"| {cls} | {len(chosen)} | " + " | ".join(cells)
              + f" | {statistics.median(door):.3f} | {ratio:.2f} | {CSPUZ_MS[cls]} |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark of certificates of uniqueness (``masyu prove`` / ``masyu verify``), by size class.

    python benchmarks/certify.py                 # 10 puzzles per class
    python benchmarks/certify.py --per-class 3 --python   # also the Python checker
    python benchmarks/certify.py --puzzles FILE  # another collection (puzzle_files.py)

For the first N psm puzzles (of ``--puzzles FILE``, by default the subset in tests/data/puzzles) of each class (10x10, 15x15, 25x25 hard, 40x40: the one
there is), prints a Markdown table: CPU seconds to prove (the search with its cuts,
then CaDiCaL again with its DRAT proof), to write the certificate, and to verify it
(everything, and the DRAT check alone with the C checker, and with the Python one when
asked), the proof's lines, the cuts, and the certificate's size; medians, with the worst
in parentheses.  CPU time (``time.process_time``), since this machine is shared; the
ratio of the two checkers, in one run, is the number to compare.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from masyu.certify import prove, verify  # noqa: E402
from masyu.collection import load  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import puzzle_files  # noqa: E402  (this folder's module)

CLASSES = [("10x10", 10, ""), ("15x15", 15, ""), ("25x25 hard", 25, "hard"), ("40x40", 40, "")]


def cpu(fn, *args, **kw):
    t = time.process_time()
    out = fn(*args, **kw)
    return out, time.process_time() - t


def cell(values, fmt="{:.2f}") -> str:
    return f"{fmt.format(statistics.median(values))} ({fmt.format(max(values))})"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--per-class", type=int, default=10)
    ap.add_argument("--python", action="store_true", help="also time the Python checker")
    puzzle_files.add_option(ap)
    args = ap.parse_args(argv)
    puzzles = load(args.puzzles)
    cols = ["class", "puzzles", "prove s", "write s", "verify s (C)", "DRAT check s (C)"]
    if args.python:
        cols.append("DRAT check s (Python)")
    cols += ["proof lines", "cuts", "certificate KB"]
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for name, rows, label in CLASSES:
        chosen = [p for p in puzzles if p.rows == rows and label in p.name][:args.per_class]
        r: dict[str, list[float]] = {k: [] for k in ("prove", "write", "verify", "check",
                                                     "python", "lines", "cuts", "kb")}
        for p in chosen:
            cert, t = cpu(prove, p)
            r["prove"].append(t)
            with tempfile.TemporaryDirectory() as d:
                manifest, t = cpu(cert.write, d)
                r["write"].append(t)
                v, t = cpu(verify, d, "c")
                assert v.verified, (p.name, v.reason)
                r["verify"].append(t)
                r["check"].append(v.seconds["drat check"])
                if args.python:
                    w = verify(d, "python")
                    assert w.verified and w.counts == v.counts, p.name
                    r["python"].append(w.seconds["drat check"])
            r["lines"].append(len(cert.proof))
            r["cuts"].append(len(cert.cuts))
            r["kb"].append(sum(f["bytes"] for f in manifest["files"].values()) / 1024)
        out = [name, str(len(chosen)), cell(r["prove"]), cell(r["write"]), cell(r["verify"]),
               cell(r["check"], "{:.3f}")]
        if args.python:
            out.append(cell(r["python"], "{:.3f}"))
        out += [cell(r["lines"], "{:.0f}"), cell(r["cuts"], "{:.0f}"), cell(r["kb"], "{:.0f}")]
        print("| " + " | ".join(out) + " |", flush=True)


if __name__ == "__main__":
    main()

"""Benchmark of ``masyu.explain`` over the psm puzzles: results, steps and CPU time.

    python benchmarks/explain.py                # every psm puzzle of --puzzles FILE
                                                # (the full 3,604: about a minute)
    python benchmarks/explain.py --every 20     # every 20th, for a quick look

Checks, for every puzzle, that each edge any step sets agrees with the stored loop
(``psm_solutions.txt`` beside ``--puzzles FILE``: ``puzzle_files.py``, by default the
subset in tests/data/puzzles) and that a solved account ends with that loop;
exits 1 if one does not.  Prints Markdown tables: the results by psm difficulty label
(easy / medium / hard, from the puzzle names) with the median number of steps and of
edges set; how often each rule is used; CPU time by board size (``time.process_time``: this machine is shared);
what listening costs the deducer (the rating run with and without the recorder, CPU
time ratio within this run); and what a hint costs on the same 25x25 sample (the
solution it judges marks by, found by deduction first or by the search alone, and
the whole hint from random right marks).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import masyu  # noqa: E402
from masyu.board import board  # noqa: E402
from masyu.collection import load_solutions  # noqa: E402
from masyu.deduce import rate  # noqa: E402
from masyu.explain import RULES, Marks, explain, hint  # noqa: E402
from masyu.explain.hints import solutions  # noqa: E402
from masyu.explain.record import Recorder  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import puzzle_files  # noqa: E402  (this folder's module)
LABELS = ("easy", "medium", "hard")


def label(name: str) -> str:
    return next(x for x in LABELS if f"-{x}-" in name or name.endswith(f"-{x}"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--every", type=int, default=1, help="take every k-th puzzle")
    puzzle_files.add_option(ap)
    args = ap.parse_args(argv)
    puzzles = masyu.load(args.puzzles)[::args.every]
    loops = load_solutions(args.puzzles.parent / "psm_solutions.txt")
    by_label: dict[str, dict] = defaultdict(lambda: defaultdict(list))
    by_size: dict[str, list[float]] = defaultdict(list)
    rules: dict[str, int] = defaultdict(int)
    bad = []
    for p in puzzles:
        t = time.process_time()
        account = explain(p)
        cpu = time.process_time() - t
        loop = loops[p.name]
        wrong = [(e, v) for s in account.steps for e, v in s.set if (e in loop.edges) != bool(v)]
        if wrong or (account.result == "solved" and account.loop != loop) \
                or account.result == "contradiction":
            bad.append((p.name, account.result, wrong[:2]))
        row = by_label[label(p.name)]
        row[account.result].append(1)
        row["steps"].append(len(account.steps))
        edges = board(p.rows, p.cols).nedges
        row["set"].append(100 * sum(len(s.set) for s in account.steps) / edges)
        row["level2"].append(sum(1 for s in account.steps if s.level == 2))
        by_size[f"{p.rows}x{p.cols}"].append(cpu)
        for s in account.steps:
            rules[s.rule] += 1
    print(f"{len(puzzles)} psm puzzles; every edge set agrees with the stored loop: "
          f"{'yes' if not bad else f'NO ({len(bad)} puzzles)'}\n")
    print("| psm label | puzzles | solved | stuck (needs search) | contradiction "
          "| median steps | median % of edges set by steps | median level-2 steps |")
    print("|---|---|---|---|---|---|---|---|")
    for name in LABELS:
        row = by_label[name]
        n = len(row["steps"])
        if not n:
            continue
        print(f"| {name} | {n} | {len(row['solved'])} | {len(row['stuck'])} | "
              f"{len(row['contradiction'])} | {statistics.median(row['steps']):g} | "
              f"{statistics.median(row['set']):.0f} | {statistics.median(row['level2']):g} |")
    print("\n| board | puzzles | CPU ms median | CPU ms worst |")
    print("|---|---|---|---|")
    for size in sorted(by_size, key=lambda s: int(s.split("x")[0])):
        times = by_size[size]
        print(f"| {size} | {len(times)} | {1000 * statistics.median(times):.1f} | "
              f"{1000 * max(times):.1f} |")
    print("\n| rule | level | steps |")
    print("|---|---|---|")
    for name, rule in RULES.items():
        print(f"| {name} | {rule.level} | {rules.get(name, 0)} |")
    # What the listener costs: the same rating run, without and with the recorder.
    sample = [p for p in puzzles if p.rows == 25][:40] or puzzles[:40]
    cost = {}
    for name in ("without", "with"):
        t = time.process_time()
        for p in sample:
            bd = board(p.rows, p.cols)
            kinds = bd.kinds(p.pearls)
            rate(bd, kinds, listen=Recorder(bd).listen if name == "with" else None)
        cost[name] = time.process_time() - t
    print(f"\nThe rating run on {len(sample)} puzzles of {sample[0].rows}x{sample[0].cols}: "
          f"{cost['without']:.2f} s CPU without the recorder, {cost['with']:.2f} s with it "
          f"(ratio {cost['with'] / cost['without']:.2f}).")
    hint_costs(sample, loops)
    for name, result, wrong in bad[:10]:
        print(f"DISAGREES: {name} {result} {wrong}", file=sys.stderr)
    return 1 if bad else 0


def hint_costs(sample: list, loops: dict) -> None:
    """CPU time of the solution a hint judges marks by (deduction first, as
    ``masyu.hint`` does, or the exact cover search alone), and of whole hints."""
    ways = {"deduction first (masyu.hint)": solutions,
            "exact cover search alone": lambda p: list(masyu.solve(p, limit=2))}
    print(f"\n| the solution of a hint, {len(sample)} puzzles of {sample[0].rows}x{sample[0].cols} "
          "| CPU s total | CPU ms worst |")
    print("|---|---|---|")
    for name, way in ways.items():
        times = []
        for p in sample:
            t = time.process_time()
            way(p)
            times.append(time.process_time() - t)
        print(f"| {name} | {sum(times):.2f} | {1000 * max(times):.1f} |")
    rng = random.Random(18)
    times = []
    for p in sample:
        loop = loops[p.name]
        edges = sorted(loop.edges)
        marks = Marks(p.rows, p.cols).with_set((e, 1) for e in rng.sample(edges, len(edges) // 4))
        t = time.process_time()
        hint(p, marks)
        times.append(time.process_time() - t)
    print(f"\nA hint from a quarter of the loop's lines: CPU ms median "
          f"{1000 * statistics.median(times):.1f}, worst {1000 * max(times):.1f}.")


if __name__ == "__main__":
    sys.exit(main())

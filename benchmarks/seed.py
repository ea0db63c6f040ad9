"""Deduction's forced edges seeding the search, measured (issue 34): uniqueness proofs with
and without the seed, and against another build, in one run.

    python benchmarks/seed.py [--against TREE] [--per-class 20] [--classes 6x6-easy,...]
                              [--repeat 3] [--each] [--sample N] [--puzzles FILE]

For each class of ``--puzzles FILE`` (``puzzle_files.py``; the classes of issue 34's table
and the hard ones from 15x15 up), the first ``--per-class`` puzzles, in milliseconds of
CPU time (``time.process_time``), the median over the puzzles of ``masyu.is_unique(p)``:

- ``cold``: the puzzle's first proof in the process (a fresh process per class and
  configuration, after ``import masyu``), ``warm``: the best of ``--repeat`` more;
- configurations: ``seeded`` (this tree, the policy: deduction first, its forced edges
  seeding the search when it does not settle), ``unseeded`` (this tree, ``seed=False``:
  deduction first, the search on the whole problem) and, with ``--against TREE`` (another
  checkout with its own ``.venv``), that tree's ``masyu.is_unique``;
- ratios per puzzle, their median: seeded / unseeded, seeded / that tree; and on the
  puzzles deduction leaves open (``open``: where a seed can change anything), the ratio
  of the totals of warm times, seeded / unseeded and seeded / that tree.

``--each``: ``masyu count --each FILE`` (every puzzle counted, proving each unique), this
tree's command and, with ``--against``, that tree's, each run once in a child process
whose CPU time (user + system, ``os.wait4``) is printed; ``--sample N``: a random subset
of N puzzles (seed 34), written to a temporary file, instead of the whole file.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLASSES = ("6x6-easy", "8x8-easy", "10x10-easy", "10x10-hard", "15x15-hard", "20x20-hard",
           "25x25-hard")


def worker(root: str, puzzles: str, names: list[str], repeat: int, seed: bool | None) -> dict:
    """In a fresh process of ``root``'s code: cold and warm times of ``names``;
    ``seed=False``: the search unseeded (``Search(seed=False)``), None: ``is_unique``."""
    sys.path.insert(0, root)
    import masyu
    chosen = {p.name: p for p in masyu.load(puzzles) if p.name in set(names)}
    if seed is None:
        prove = masyu.is_unique
    else:
        def prove(p):
            return masyu.Search(p, limit=2, seed=seed).count() == 1
    out: dict = {"cold": [], "warm": []}
    for name in names:
        p = chosen[name]
        start = time.process_time()
        assert prove(p), name
        out["cold"].append((time.process_time() - start) * 1000)
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            prove(p)
            best = min(best, time.process_time() - start)
        out["warm"].append(best * 1000)
    return out


def measure(tree: Path, puzzles: str, names: list[str], repeat: int,
            seed: bool | None) -> dict:
    python = tree / ".venv" / "bin" / "python"
    code = (f"import sys, json; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); "
            f"import seed; print(json.dumps(seed.worker({str(tree)!r}, {puzzles!r}, "
            f"{names!r}, {repeat}, {seed!r})))")
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, cwd=tree,
                          check=True)
    return json.loads(done.stdout.splitlines()[-1])


def cpu_seconds(command: list[str], cwd: Path) -> float:
    """The CPU seconds (user + system) of one run of ``command``, its output discarded."""
    child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1):
        raise RuntimeError(f"{command} ended with {child.returncode}")
    return usage.ru_utime + usage.ru_stime


def med(values) -> float | None:
    return statistics.median(values) if values else None


def cell(value) -> str:
    return "" if value is None else f"{value:.3f}"


def ratio(a: list[float], b: list[float]) -> str:
    return cell(med([x / y for x, y in zip(a, b)]))


def main(argv=None) -> int:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import masyu
    from masyu.deduce import settle
    import puzzle_files
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-class", type=int, default=20)
    ap.add_argument("--classes", default=",".join(CLASSES))
    ap.add_argument("--against", type=Path, metavar="TREE")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--each", action="store_true", help="time masyu count --each FILE")
    ap.add_argument("--sample", type=int, metavar="N", help="with --each: N random puzzles")
    ap.add_argument("--no-proofs", action="store_true", help="only --each")
    puzzle_files.add_option(ap)
    args = ap.parse_args(argv)
    wanted = args.classes.split(",")
    classes: dict[str, list[str]] = {c: [] for c in wanted}
    collection = masyu.load(args.puzzles)
    for p in collection:
        parts = (p.name or "").split("-")
        cls = "-".join(parts[1:3])
        if cls in classes and len(classes[cls]) < args.per_class:
            classes[cls].append(p.name)
    configs = {"seeded": (ROOT, None), "unseeded": (ROOT, False)}
    if args.against:
        configs["that"] = (args.against.resolve(), None)
    if not args.no_proofs:
        head = [f"{c} {t}" for c in configs for t in ("cold", "warm")]
        head += ["seeded / unseeded cold", "warm"]
        if args.against:
            head += ["seeded / that cold", "warm"]
        head += ["open", "open warm: seeded / unseeded"] + (["/ that"] if args.against else [])
        by_name = {p.name: p for p in collection}
        print("| class | puzzles | " + " | ".join(head) + " |")
        print("|---|---:|" + "---:|" * len(head))
        for cls, names in classes.items():
            if not names:
                continue
            got = {c: measure(tree, str(args.puzzles), names, args.repeat, seed)
                   for c, (tree, seed) in configs.items()}
            row = [cell(med(got[c][t])) for c in configs for t in ("cold", "warm")]
            pairs = [("seeded", "unseeded")] + ([("seeded", "that")] if args.against else [])
            for a, b in pairs:
                row += [ratio(got[a]["cold"], got[b]["cold"]),
                        ratio(got[a]["warm"], got[b]["warm"])]
            open_ = [k for k, name in enumerate(names) if settle(by_name[name]) is None]
            row.append(str(len(open_)))
            for b in ["unseeded"] + (["that"] if args.against else []):
                row.append(cell(sum(got["seeded"]["warm"][k] for k in open_)
                                / sum(got[b]["warm"][k] for k in open_)) if open_ else "")
            print(f"| {cls} | {len(names)} | " + " | ".join(row) + " |", flush=True)
    if args.each:
        path, what = Path(args.puzzles), f"all {len(collection)} puzzles of {args.puzzles}"
        if args.sample:
            chosen = random.Random(34).sample(range(len(collection)), args.sample)
            path = Path(tempfile.mkdtemp()) / "sample.txt"
            masyu.dump([collection[k] for k in sorted(chosen)], path)
            what = f"{args.sample} random puzzles (seed 34) of {args.puzzles}"
        trees = {"this": ROOT} | ({"that": args.against.resolve()} if args.against else {})
        spent = {name: cpu_seconds([str(tree / ".venv" / "bin" / "masyu"), "count", "--each",
                                    str(path.resolve())], tree)
                 for name, tree in trees.items()}
        print(f"masyu count --each, {what}: " + ", ".join(
            f"{name} {s:.2f} s CPU" for name, s in spent.items())
            + (f", this / that {spent['this'] / spent['that']:.3f}" if "that" in spent else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

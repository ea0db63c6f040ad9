"""The policy's table: each configuration measured per class, the crossovers written where
``masyu.methods`` reads them (issue 34).

    python benchmarks/policy.py [--per-class 4] [--max-size 25] [--puzzles FILE]
                                [--deadline 2] [--no-write]

For each class of ``--puzzles FILE`` (size x difficulty of the psm collection; the
difficulty stands for the pearl density, printed beside) and each task, the median over
its first ``--per-class`` puzzles, in milliseconds of this process's CPU time
(``time.process_time``, one run after a warm-up), of:

- ``deduce``: the C deducer alone (:func:`masyu.deduce.settle`), and the share of the
  class it settles (``settled``);
- ``guard c``, ``propagate c``, ``guard sat``: ``masyu.count`` with that method and
  engine (no deduction: an engine is named), ``limit=2`` for the task ``prove``, no
  limit for ``count``;
- ``deduce+best``: the deducer, then, when it does not settle, the fastest engine
  configuration of the class seeded with its forced edges (``seed=True``: what ``auto``
  does);
- the task ``enumerate``: the same engines listing up to 100 loops of puzzles with
  many (every third pearl of the class's puzzles removed), boards up to 10x10.

A run stopped by ``--deadline`` seconds (wall) counts as lost.  The crossovers:

- ``deduce_first``: deduction first pays if, on every size (its classes together: the
  policy knows the size, not the difficulty) and task prove and count, ``deduce+best``
  is at most the best engine's time;
- ``prove.small``: the largest board (cells) up to which dancing links (``c``, the
  faster of its two methods there) beat the SAT engine on every size, by total time
  of the seeded searches (``open_ms``, the deducer's call included) on the puzzles
  deduction leaves open (all of the size when it settles every one: a heavy tail
  counts); ``open_unseeded_ms`` beside, the same puzzles unseeded;
- ``list``: the engine configuration that lists fastest (auto's second run).

They are written with the date, the machine and the table into
``masyu/data/policy.json`` (``--no-write``: printed only).  Rerunning this is how the
policy is retuned.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import masyu  # noqa: E402
import xcc  # noqa: E402
from masyu.deduce import settle  # noqa: E402
import puzzle_files  # noqa: E402  (this folder's module)

POLICY = ROOT / "masyu" / "data" / "policy.json"
CONFIGS = {"guard c": ("guard", "c"), "propagate c": ("propagate", "c"),
           "guard sat": ("guard", "sat")}
TASKS = {"prove": 2, "count": None}
LISTED = 100      # loops listed by the task enumerate
LOST = float("inf")


def cpu_ms(f) -> float:
    start = time.process_time()
    f()
    return (time.process_time() - start) * 1000


def engine_ms(p, method: str, engine: str, limit, deadline: float, seed: bool = False) -> float:
    n = None

    def run():
        nonlocal n
        n = masyu.count(p, method=method, engine=engine, limit=limit, deadline=deadline,
                        seed=seed)
    ms = cpu_ms(run)
    return ms if n.complete or (limit is not None and int(n) >= limit) else LOST


def thinned(p):
    return masyu.Puzzle(p.rows, p.cols, [x for k, x in enumerate(p.pearls) if k % 3],
                        name=p.name)


def median(values):
    return statistics.median(values) if values else None


def measure(classes, configs, deadline):
    """The rows of the table: one per class and task."""
    rows = []
    for name, puzzles in classes.items():
        density = median([len(p.pearls) / (p.rows * p.cols) for p in puzzles])
        settled = [settle(p) is not None for p in puzzles]
        deduce = [cpu_ms(lambda: settle(p)) for p in puzzles]
        for task, limit in TASKS.items():
            ms = {c: [engine_ms(p, *configs[c], limit, deadline) for p in puzzles]
                  for c in configs}
            open_ = [k for k, s in enumerate(settled) if not s] or range(len(puzzles))
            seeded = {c: {k: engine_ms(puzzles[k], *configs[c], limit, deadline, seed=True)
                          for k in open_} for c in configs}   # the deducer's call included
            best = min(configs, key=lambda c: sum(seeded[c].values()))
            first = [d if s else seeded[best][k]
                     for k, (d, s) in enumerate(zip(deduce, settled))]
            rows.append({"class": name, "task": task, "cells": puzzles[0].rows * puzzles[0].cols,
                         "puzzles": len(puzzles), "density": round(density, 3),
                         "settled": round(sum(settled) / len(puzzles), 2),
                         "ms": {"deduce": median(deduce), **{c: median(v) for c, v in ms.items()},
                                "deduce+best": median(first)},
                         "open_ms": {c: sum(seeded[c].values()) for c in configs},
                         "open_unseeded_ms": {c: sum(ms[c][k] for k in open_)
                                              for c in configs},
                         "open": len(open_)})
        if puzzles[0].rows <= 10:
            many = [thinned(p) for p in puzzles]
            ms = {c: median([engine_ms(p, *configs[c], LISTED, deadline) for p in many])
                  for c in configs}
            rows.append({"class": name, "task": "enumerate", "cells": puzzles[0].rows ** 2,
                         "puzzles": len(many), "ms": ms})
    return rows


def crossovers(rows, configs) -> dict:
    """The policy from the table's rows (also those read back from policy.json, where a
    lost run is null)."""
    rows = [{**r, "ms": {c: LOST if v is None else v for c, v in r["ms"].items()},
             "open_ms": {c: LOST if v is None else v for c, v in r.get("open_ms", {}).items()}}
            for r in rows]
    proving = [r for r in rows if r["task"] in TASKS]
    first, without = defaultdict(float), defaultdict(float)   # by (size, task)
    for r in proving:
        first[r["cells"], r["task"]] += r["ms"]["deduce+best"]
        without[r["cells"], r["task"]] += min(r["ms"][c] for c in configs)
    deduce_first = all(first[k] <= without[k] for k in first)
    by_cells = defaultdict(lambda: defaultdict(float))   # the open puzzles' total, by size
    for r in proving:
        if r["task"] == "prove":
            for c in configs:
                by_cells[r["cells"]][c] += r["open_ms"][c]
    dancing = [c for c in configs if configs[c][1] != "sat"]
    totals, up_to = defaultdict(float), 0
    for cells in sorted(by_cells):
        t = by_cells[cells]
        if t[min(dancing, key=t.get)] > t["guard sat"]:
            break
        up_to = cells
        for c in dancing:
            totals[c] += t[c]
    small = min(totals, key=totals.get) if totals else "guard c"
    listing = defaultdict(float)
    for r in rows:
        if r["task"] == "enumerate":
            for c in configs:
                listing[c] += r["ms"][c]
    lister = min(listing, key=listing.get) if listing else "guard c"
    return {"deduce_first": deduce_first,
            "prove": {"small": {"up_to_cells": up_to,
                                "method": configs[small][0], "engine": "c"},
                      "large": {"method": "guard", "engine": "sat"}},
            "list": {"method": configs[lister][0], "engine": configs[lister][1]}}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-class", type=int, default=4)
    ap.add_argument("--max-size", type=int, default=25)
    ap.add_argument("--deadline", type=float, default=2.0)
    ap.add_argument("--no-write", action="store_true")
    puzzle_files.add_option(ap)
    args = ap.parse_args(argv)
    if "sat" not in xcc.ENGINES:
        ap.error("the SAT engine is not installed (pip install python-sat): nothing to compare")
    classes = defaultdict(list)
    for p in masyu.load(args.puzzles):
        parts = (p.name or "").split("-")
        if len(parts) >= 3 and p.rows <= args.max_size:
            if len(classes[f"{parts[1]}-{parts[2]}"]) < args.per_class:
                classes[f"{parts[1]}-{parts[2]}"].append(p)
    classes = dict(sorted(classes.items(), key=lambda kv: (kv[1][0].rows * kv[1][0].cols,
                                                           kv[0])))
    for p in next(iter(classes.values())):   # warm-up: imports, tables, the engines' setup
        for method, engine in CONFIGS.values():
            masyu.count(p, method=method, engine=engine, limit=2)
    rows = measure(classes, CONFIGS, args.deadline)
    cols = ["deduce", *CONFIGS, "deduce+best"]
    print("| class | task | puzzles | density | settled | " + " | ".join(cols) + " |")
    print("|---|---|---:|---:|---:|" + "---:|" * len(cols))
    for r in rows:
        cells = [f"{r['ms'][c]:.3f}" if r["ms"].get(c) is not None else "" for c in cols]
        print(f"| {r['class']} | {r['task']} | {r['puzzles']} | {r.get('density', '')} | "
              f"{r.get('settled', '')} | " + " | ".join(cells) + " |")
    policy = crossovers(rows, CONFIGS)
    policy["measured"] = {
        "date": datetime.date.today().isoformat(),
        "machine": f"{platform.node()} {platform.machine()} {platform.processor()} "
                   f"{os.cpu_count()} cpus, Python {platform.python_version()}",
        "command": "python benchmarks/policy.py " + " ".join(argv or sys.argv[1:]),
        "puzzles": str(Path(args.puzzles).resolve().relative_to(ROOT)
                       if Path(args.puzzles).resolve().is_relative_to(ROOT) else args.puzzles),
        "per_class": args.per_class, "rows": rows}
    print(json.dumps({k: v for k, v in policy.items() if k != "measured"}, indent=1))
    if not args.no_write:
        text = json.dumps(policy, indent=1, default=lambda x: None if x == LOST else x)
        POLICY.write_text(text.replace("Infinity", "null") + "\n", encoding="utf-8")
        print(f"written: {POLICY.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

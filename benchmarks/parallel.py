"""Parallel counting by choice prefixes (xcc.parallel): wall and CPU time for
1 and 2 workers, and list scheduling of the measured tasks on more workers.

Workloads: the weak enumeration of psm-15x15-hard-9022176 (encoding 423;
448,416 solutions), and the 422 encoding of an empty 7x7 board restricted to
the subtree of a fixed prefix (the middle option at each of the first
--depth levels: the whole tree is far too long to finish here).

For each: the sequential count (the baseline, engine c), then xcc.parallel
with --jobs 1 and 2 (process pools), the totals checked equal to the
baseline's.  Wall time (perf_counter) and CPU time (this process plus the
workers' tasks).  Then the tasks' CPU times of the 2-worker run, fed to a
list-scheduling simulation (each task, in the order run, to the worker free
first) for 8, 64 and 512 workers: makespan, efficiency (work / (workers x
makespan)) and the split overhead (replay mems / own mems).  The task times
come from a run whose budget and split points were those of 2 workers: the
simulation keeps them (a run on more workers would split more finely, as
the budget decides, not the number of workers).

Usage: python benchmarks/parallel.py [--only psm|empty7] [--budget MEMS] [--depth D]
"""
from __future__ import annotations

import argparse
import heapq
import time
from pathlib import Path

import xcc
from masyu import Puzzle
from masyu.collection import load
from masyu.encodings import encode
from xcc.engines import REGISTRY
from xcc.parallel import Parallel
from xcc.parallel.task import run_prefix

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def workloads(depth: int):
    psm = {p.name: p for p in load(SHARED / "puzzles" / "psm.txt")}["psm-15x15-hard-9022176"]
    yield "psm", "weak 423 of psm-15x15-hard-9022176", encode(psm, "423").problem, [()]
    empty = encode(Puzzle.parse("\n".join(["......."] * 7)), "422").problem
    prefix = ()
    for _ in range(depth):
        part = run_prefix(REGISTRY["c"], empty, None, prefix, 1, False)
        prefix = part.children[len(part.children) // 2]
    yield "empty7", f"422 of an empty 7x7, subtree of {prefix}", empty, [prefix]


def sequential(problem, start):
    t0, c0 = time.perf_counter(), time.process_time()
    found, counters = 0, {}
    for prefix in start:
        part = run_prefix(REGISTRY["c"], problem, None, prefix, 1 << 62, False)
        found += part.found
        for k, v in part.own.items():
            counters[k] = max(counters.get(k, 0), v) if k == "max_level" else \
                counters.get(k, 0) + v
    return found, counters, time.perf_counter() - t0, time.process_time() - c0


def parallel(problem, start, jobs, budget):
    state = None
    if start != [()]:
        from xcc.parallel import problem_key
        state = {"version": 1, "problem": problem_key(problem, None), "engine": "c",
                 "solutions": 0, "counters": {}, "overhead": {}, "subproblems": 0,
                 "pending": [list(p) for p in start]}
    search = Parallel(problem, jobs=jobs, budget=budget, resume=state)
    t0, c0 = time.perf_counter(), time.process_time()
    stats = search.count()
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0 + sum(stats.task_seconds)
    return stats, wall, cpu


def list_schedule(tasks, workers):
    free = [0.0] * workers
    for t in tasks:
        heapq.heapreplace(free, free[0] + t)
    return max(free)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=["psm", "empty7"])
    ap.add_argument("--budget", type=int, default=None, help="mems per task")
    ap.add_argument("--depth", type=int, default=10, help="prefix depth for empty7")
    args = ap.parse_args()
    for name, title, problem, start in workloads(args.depth):
        if args.only and name != args.only:
            continue
        found, counters, wall0, cpu0 = sequential(problem, start)
        print(f"\n## {title}\n")
        print(f"sequential (baseline): {found:,} solutions, {counters['mems']:,} mems\n")
        print("| run | wall s | CPU s | speed-up (wall) | tasks | overhead mems % |")
        print("|---|---:|---:|---:|---:|---:|")
        print(f"| sequential | {wall0:.2f} | {cpu0:.2f} | 1.00 | | |")
        last = None
        for jobs in (1, 2):
            stats, wall, cpu = parallel(problem, start, jobs, args.budget)
            assert stats.solutions == found and stats.counters == counters, "totals differ"
            over = 100 * stats.overhead.get("mems", 0) / max(1, counters["mems"])
            print(f"| jobs {jobs} | {wall:.2f} | {cpu:.2f} | {wall0 / wall:.2f} | "
                  f"{stats.tasks} | {over:.2f} |")
            last = stats
        tasks = last.task_seconds
        if not tasks:
            continue  # all done in the warm-up: nothing to schedule
        work = sum(tasks)
        print(f"\nsimulated list scheduling of the {len(tasks)} tasks of jobs 2 "
              f"(work {work:.2f} CPU s, longest task {max(tasks):.2f} s):\n")
        print("| workers | makespan s | efficiency |")
        print("|---:|---:|---:|")
        for w in (8, 64, 512):
            span = list_schedule(tasks, w)
            print(f"| {w} | {span:.3f} | {work / (w * span):.0%} |")


if __name__ == "__main__":
    main()

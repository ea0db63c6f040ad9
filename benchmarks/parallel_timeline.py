"""Where the wall time of a parallel count goes: a timeline of one run.

Runs ``xcc.parallel.Parallel(jobs=N)`` on the workloads of
benchmarks/parallel.py, with the driver's side instrumented from outside
(``Pool.submit``, the pool's start and pings, the driver's own searches and
the hurry flag are wrapped here; the library is not changed for it), and the
workers' side from ``TaskResult``'s clock stamps (``began``/``ended``:
``time.perf_counter``, the system's monotonic clock, the same in every
process).  Times are from the call of ``count()``.

It prints, for each run: the driver's phases (its start search, the
breadth-first warm-up, the first task handed out), the pool's start (the
thread, the workers' first answers), the gaps between each worker's tasks
(split into the worker's end of a task to the driver's receipt, the driver
to its next submit, the submit to the worker's start, when the next task
was not queued already; "queued": how many were), the tail (each worker's
last task's end to the end of the run), and a balance of core-seconds.  A
*lane* is the driver while it searches or a worker while it runs a task:
jobs x wall = the lanes' CPU + the CPU a lane at work did not get
(preempted: other processes, or this run's own threads and fork server) +
idle (jobs minus the lanes at work, over time); the lanes' CPU is the
sequential CPU plus their extra.  So the wall time over the ideal
(sequential CPU / jobs) is (extra + preempted + idle) / jobs.  With
``--tasks``: every task (submit, began, ended, arrived at the driver, CPU,
wall, prefixes, parts, budget, cut) and the hurry flag's changes.
``--fresh``: a new fork server for every run (as every run of the CLI
starts one); without it only the first run starts one.

Usage: python benchmarks/parallel_timeline.py [--only psm|empty7] [--jobs 2]
                                              [--runs 3] [--tasks] [--fresh]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import parallel as bench  # noqa: E402  (benchmarks/parallel.py: the workloads)


class Recorder:
    """The driver-side events of one run (wrappers installed by ``install``)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.t0 = 0.0
        self.submits: list[dict] = []  # one a task handed out
        self.searches: list[tuple[float, float, float]] = []  # the driver's own: begin, end, CPU
        self.pool: dict = {}  # thread begin/end, pings' arrivals
        self.hurry: list[tuple[float, bool]] = []

    def install(self) -> None:
        from xcc.parallel import pools, task
        rec = self
        submit, process_pool, start = (pools.Pool.submit, pools.Pool._process_pool,
                                       pools.Pool._start_processes)
        part, hurry = task.Walker.part, pools.Pool.hurry

        def timed_submit(self, engine, prefixes, budget, keep, with_problem=False):
            entry = {"submit": time.perf_counter(), "prefixes": len(prefixes),
                     "budget": budget}
            future = submit(self, engine, prefixes, budget, keep, with_problem)
            entry["future"] = future
            future.add_done_callback(lambda f: entry.__setitem__("arrived",
                                                                  time.perf_counter()))
            rec.submits.append(entry)
            return future

        def timed_start(self, n):
            rec.pool["thread"] = time.perf_counter()
            try:
                return start(self, n)
            finally:
                rec.pool["up"] = time.perf_counter()

        def timed_process_pool(self, n):
            executor = process_pool(self, n)
            arrivals = rec.pool.setdefault("pings", [])
            for ping in self._pings:
                ping.add_done_callback(lambda f: arrivals.append(time.perf_counter()))
            return executor

        def timed_part(self, prefix, budget, keep, stop=None):
            began, cpu = time.perf_counter(), time.thread_time()
            try:
                return part(self, prefix, budget, keep, stop)
            finally:
                rec.searches.append((began, time.perf_counter(), time.thread_time() - cpu))

        def timed_hurry(self, on):
            if self._hurry is not None and self._hurry.value != on:
                rec.hurry.append((time.perf_counter(), bool(on)))
            hurry(self, on)

        pools.Pool.submit, pools.Pool._process_pool = timed_submit, timed_process_pool
        pools.Pool._start_processes, pools.Pool.hurry = timed_start, timed_hurry
        task.Walker.part = timed_part


def one_run(rec: Recorder, problem, start, jobs: int, fresh: bool) -> dict:
    from xcc.parallel import Parallel
    if fresh:
        bench.stop_forkserver()
    rec.reset()
    search = Parallel(problem, jobs=jobs, resume=bench.resume_state(problem, start))
    rec.t0, c0 = time.perf_counter(), time.process_time()
    stats = search.count()
    end = time.perf_counter()
    tasks = []
    for entry in rec.submits:
        result = entry["future"].result()
        if isinstance(result, str):
            continue
        tasks.append({"pid": result.pid, "submit": entry["submit"], "began": result.began,
                      "ended": result.ended, "arrived": entry["arrived"], "cpu": result.seconds,
                      "prefixes": entry["prefixes"], "budget": entry["budget"],
                      "parts": len(result.parts), "cut": any(p.children for p in result.parts)})
    return {"stats": stats, "end": end, "driver_cpu": time.process_time() - c0,
            "tasks": tasks}


def analyse(rec: Recorder, run: dict, seq_cpu: float, jobs: int, show_tasks: bool) -> dict:
    t0 = rec.t0
    rel = lambda t: t - t0  # noqa: E731
    wall = run["end"] - t0
    tasks = run["tasks"]
    first_submit = min((t["submit"] for t in tasks), default=run["end"])
    searches = [s for s in rec.searches if s[0] < first_submit]  # the driver's own
    start_end = searches[0][1] if searches else t0
    warm_end = searches[-1][1] if searches else t0
    pings = sorted(rec.pool.get("pings", []))
    out = {"wall": wall, "start": rel(start_end), "warm": warm_end - start_end,
           "first_submit": rel(first_submit),
           "pool_up": rel(rec.pool["up"]) if "up" in rec.pool else float("nan"),
           "first_ping": rel(pings[0]) if pings else float("nan"),
           "last_ping": rel(pings[-1]) if pings else float("nan"),
           "driver_cpu": run["driver_cpu"], "task_cpu": sum(t["cpu"] for t in tasks),
           "tasks": len(tasks)}
    # the gaps of each worker, and what they are made of
    gaps = {"first": 0.0, "between": 0.0, "tail": 0.0, "back": 0.0, "driver": 0.0,
            "out": 0.0, "queued_gaps": 0}
    by_pid: dict[int, list[dict]] = {}
    for t in tasks:
        by_pid.setdefault(t["pid"], []).append(t)
    for pid, mine in by_pid.items():
        mine.sort(key=lambda t: t["began"])
        gaps["first"] += mine[0]["began"] - t0
        gaps["tail"] += run["end"] - mine[-1]["ended"]
        for a, b in zip(mine, mine[1:]):
            gap = b["began"] - a["ended"]
            gaps["between"] += gap
            if b["submit"] < a["ended"]:  # the next task was queued already
                gaps["queued_gaps"] += 1
                continue
            gaps["back"] += max(0.0, min(a["arrived"], b["submit"]) - a["ended"])
            gaps["driver"] += max(0.0, b["submit"] - max(a["arrived"], a["ended"]))
            gaps["out"] += max(0.0, b["began"] - max(b["submit"], a["ended"]))
    out["gaps"] = gaps
    out["workers"] = len(by_pid)
    # the balance: busy lanes at each moment (the driver's searches, the workers' tasks)
    events = [(rel(b), 1) for b, _, _ in searches] + [(rel(e), -1) for _, e, _ in searches]
    events += [(rel(t["began"]), 1) for t in tasks] + [(rel(t["ended"]), -1) for t in tasks]
    events.sort()
    idle, busy, last = 0.0, 0, 0.0
    for when, delta in events:
        idle += (when - last) * max(0, jobs - busy)
        busy, last = busy + delta, when
    idle += (wall - last) * max(0, jobs - busy)
    out["idle"] = idle
    lane_wall = sum(e - b for b, e, _ in searches) + sum(t["ended"] - t["began"] for t in tasks)
    lane_cpu = sum(c for _, _, c in searches) + out["task_cpu"]
    out["stolen"] = lane_wall - lane_cpu  # a lane at work without its CPU: preempted
    out["lane_extra"] = lane_cpu - seq_cpu  # the lanes' CPU beyond the sequential run's
    out["driver_other"] = out["driver_cpu"] - sum(c for _, _, c in searches)
    out["extra_cpu"] = out["driver_cpu"] + out["task_cpu"] - seq_cpu
    out["ideal"] = seq_cpu / jobs
    if show_tasks:
        print("| pid | submit | began | ended | arrived | CPU s | wall s | prefixes | parts | "
              "budget | cut |")
        print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|")
        for t in sorted(tasks, key=lambda t: t["began"]):
            print(f"| {t['pid']} | {rel(t['submit']):.3f} | {rel(t['began']):.3f} | "
                  f"{rel(t['ended']):.3f} | {rel(t['arrived']):.3f} | {t['cpu']:.3f} | "
                  f"{t['ended'] - t['began']:.3f} | {t['prefixes']} | {t['parts']} | "
                  f"2^{t['budget'].bit_length() - 1} | {'yes' if t['cut'] else ''} |")
        for when, on in rec.hurry:
            print(f"hurry {'on ' if on else 'off'} at {rel(when):.3f}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=["psm", "empty7"])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--depth", type=int, default=10, help="prefix depth for empty7")
    ap.add_argument("--tasks", action="store_true", help="print every task of every run")
    ap.add_argument("--fresh", action="store_true",
                    help="a new fork server for every run (as every CLI run starts one)")
    args = ap.parse_args()
    rec = Recorder()
    rec.install()
    for name, title, problem, start in bench.workloads(args.depth):
        if args.only and name != args.only:
            continue
        found, counters, wall0, cpu0 = bench.sequential(problem, start)
        print(f"\n## {title}: sequential {wall0:.2f} s wall, {cpu0:.2f} s CPU "
              f"(ideal on {args.jobs}: {cpu0 / args.jobs:.3f} s)\n")
        rows = []
        for _ in range(args.runs):
            run = one_run(rec, problem, start, args.jobs, args.fresh)
            assert run["stats"].solutions == found and run["stats"].counters == counters
            rows.append(analyse(rec, run, cpu0, args.jobs, args.tasks))
        print("| wall s | over ideal s | driver's start s | warm-up s | first task out s | "
              "pool thread done s | first / last worker up s | tasks | driver CPU s | "
              "lanes' extra CPU s | preempted s | idle core-s | first-task wait s | "
              "gaps between s (back / driver / out, queued) | tail s | driver's other CPU s |")
        print("|" + "--:|" * 16)
        for r in rows:
            g = r["gaps"]
            print(f"| {r['wall']:.3f} | {r['wall'] - r['ideal']:.3f} | {r['start']:.3f} | "
                  f"{r['warm']:.3f} | {r['first_submit']:.3f} | {r['pool_up']:.3f} | "
                  f"{r['first_ping']:.3f} / {r['last_ping']:.3f} | {r['tasks']} | "
                  f"{r['driver_cpu']:.3f} | {r['lane_extra']:+.3f} | {r['stolen']:.3f} | "
                  f"{r['idle']:.3f} | "
                  f"{g['first']:.3f} | {g['between']:.3f} ({g['back']:.3f} / {g['driver']:.3f}"
                  f" / {g['out']:.3f}, {g['queued_gaps']}) | {g['tail']:.3f} | "
                  f"{r['driver_other']:.3f} |")
        med = lambda k: statistics.median(r[k] for r in rows)  # noqa: E731
        print(f"\nmedians: wall {med('wall'):.3f} s, over the ideal "
              f"{med('wall') - cpu0 / args.jobs:.3f} s ~ (the lanes' extra CPU "
              f"{med('lane_extra'):+.3f} + preempted {med('stolen'):.3f} + idle "
              f"{med('idle'):.3f}) / {args.jobs} core-s; the driver's CPU outside its searches "
              f"(its threads: pool start, results) {med('driver_other'):.3f} s")


if __name__ == "__main__":
    main()

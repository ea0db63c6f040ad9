"""Parallel counting by choice prefixes (xcc.parallel): CPU overhead, wall time
and simulated makespans, for this code and (``--baseline REV``) an older one.

Workloads: the weak enumeration of psm-15x15-hard-9022176 (encoding 423;
448,416 solutions), and the 422 encoding of an empty 7x7 board restricted to
the subtree of a fixed prefix (the middle option at each of the first
--depth levels: the whole tree is far too long to finish here).

For each: the sequential count (the baseline of every ratio, engine c), then
xcc.parallel with --jobs 1 and 2 (process pools) at the default budget, the
totals checked equal to the baseline's.  Columns: wall time; CPU time (this
process plus the workers' tasks); the CPU overhead (that CPU over the
sequential CPU, minus 1); the driver's start (CPU seconds it searched here
while the pool started); tasks; the replay overhead in mems; and the
simulated makespan on 2 workers: the driver's start, then list scheduling of
the measured tasks (each, in the order run, to the worker free first), with
the speed-up it gives over the sequential CPU time.  The wall times depend on
the load of this shared machine; the CPU times and the simulation much less.

Then, for a few budgets (--budgets), the tasks of a 2-worker run scheduled on
8, 64 and 512 workers: makespan, efficiency (work / (workers x makespan)),
the tasks only (on a Dask cluster, whose workers are up already, the
driver's start is one engine budget, some milliseconds).  The tasks keep the
split points of that run (a run on more workers would split more finely
where workers idle: the hurry flag).

``--baseline REV`` measures the same parallel runs with the code of git
revision REV (its xcc and masyu extracted to a temporary folder, run with
this build's compiled extension, which does all the old one did), in the
same run, so before and after share the machine's load.

``--wall N`` measures wall time instead, the figure the issue's target is
about: the sequential count (here), then N rounds, each one
``Parallel(jobs=--jobs)`` run of this code and one of REV's (with
``--baseline``), each in a new process, as a run of the CLI is, so each
starts its own fork server (``--warm``: after an untimed run that started
it), then the sequential count again: every parallel run lies between two
sequential ones, and its speed-up is over their mean (the machine's speed
drifts by a fifth within minutes here; the flanks cancel a steady drift).
With ``--ceiling`` each round also runs two sequential counts at once, each
in a new process: two searches that share nothing, so 2 x the flanks' mean
over their wall is what two cores give now, the ceiling of any 2-worker
run.  The times are of ``count()`` (and of the search) alone.  It prints
each round, then the medians: speed-ups median over median, best over best,
and against the neighbours; with ``--ceiling`` the ceiling and the speed-up
as a share of it; and the load average.
Run it at a high priority on a shared machine: ``nice -n -10`` (and, with
the kernel's autogroups on, in a session of its own whose autogroup is
niced too: ``nice`` alone weighs only within a session).

``--each N`` measures the collection instead: ``masyu count
FILE --each -q -o OUT`` (FILE: ``--puzzles``, ``puzzle_files.py``) with ``--jobs 1``, then N
rounds of it with ``--jobs --jobs`` and with ``--jobs 1`` again (whole
processes: wall time; every parallel run between two with ``--jobs 1``, its
speed-up over their mean), this code's and REV's with ``--baseline``,
alternating, every file's rows checked equal (times aside).

Usage: python benchmarks/parallel.py [--only psm|empty7] [--budgets 25,27,default]
                                     [--depth D] [--baseline REV]
                                     [--wall N [--jobs 2] [--warm] [--ceiling]]
                                     [--each N]
"""
from __future__ import annotations

import argparse
import glob
import heapq
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import puzzle_files  # noqa: E402  (this folder's module)


def workloads(depth: int):
    from masyu import Puzzle
    from masyu.collection import load
    from masyu.encodings import encode
    from xcc.engines import REGISTRY
    from xcc.parallel.task import run_prefix
    psm = {p.name: p for p in load(puzzle_files.DEFAULT)}["psm-15x15-hard-9022176"]
    yield "psm", "weak 423 of psm-15x15-hard-9022176", encode(psm, "423").problem, [()]
    empty = encode(Puzzle.parse("\n".join(["......."] * 7)), "422").problem
    prefix = ()
    for _ in range(depth):
        part = run_prefix(REGISTRY["c"], empty, None, prefix, 1, False)
        prefix = part.children[len(part.children) // 2]
    yield "empty7", f"422 of an empty 7x7, subtree of {prefix}", empty, [prefix]


def sequential(problem, start):
    from xcc.engines import REGISTRY
    from xcc.parallel.task import run_prefix
    t0, c0 = time.perf_counter(), time.process_time()
    found, counters = 0, {}
    for prefix in start:
        part = run_prefix(REGISTRY["c"], problem, None, prefix, 1 << 62, False)
        found += part.found
        for k, v in part.own.items():
            counters[k] = max(counters.get(k, 0), v) if k == "max_level" else \
                counters.get(k, 0) + v
    return found, counters, time.perf_counter() - t0, time.process_time() - c0


def resume_state(problem, start):
    """The start prefixes as a state to resume (None for the whole search)."""
    from xcc.parallel import problem_key
    if start == [()]:
        return None
    return {"version": 1, "problem": problem_key(problem, None), "engine": "c",
            "solutions": 0, "counters": {}, "overhead": {}, "subproblems": 0,
            "pending": [list(p) for p in start]}


def stop_forkserver() -> None:
    """Stop this process's fork server, so that the next pool starts one, as
    a run of the CLI does (multiprocessing's own private way: measuring only)."""
    from multiprocessing import forkserver
    forkserver._forkserver._stop()


def parallel(problem, start, jobs, budget):
    """One parallel count: its measures, as plain data."""
    from xcc.parallel import Parallel
    search = Parallel(problem, jobs=jobs, budget=budget, resume=resume_state(problem, start))
    t0, c0 = time.perf_counter(), time.process_time()
    stats = search.count()
    wall = time.perf_counter() - t0
    driver = time.process_time() - c0
    tasks = list(stats.task_seconds)
    return {"solutions": stats.solutions, "counters": dict(stats.counters),
            "overhead_mems": stats.overhead.get("mems", 0), "wall": wall,
            "cpu": driver + sum(tasks), "start": stats.cpu_seconds - sum(tasks),
            "tasks": tasks}


def list_schedule(tasks, workers):
    free = [0.0] * workers
    for t in tasks:
        heapq.heapreplace(free, free[0] + t)
    return max(free)


def measure(name, problem, start, budgets):
    """The runs of one workload: jobs 1 and 2 at the default budget, jobs 2 at each budget."""
    runs = {}
    for jobs in (2, 1):  # 2 first: it starts the fork server, as a single run of the CLI does
        runs[f"jobs {jobs}"] = parallel(problem, start, jobs, None)
    for b in budgets:
        if b is not None:
            runs[f"2^{b.bit_length() - 1}"] = parallel(problem, start, 2, b)
    runs["default"] = runs["jobs 2"]
    return runs


def baseline_tree(rev):
    """REV's xcc and masyu in a temporary folder, with this build's compiled
    extension: (the folder, the environment to run them in, with python -S:
    no site, since the editable install would find this tree's packages first)."""
    folder = Path(tempfile.mkdtemp(prefix="xcc-baseline-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "xcc", "masyu"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    for so in glob.glob(str(ROOT / "xcc" / "_native*.so")):
        shutil.copy(so, folder / "xcc")
    import numpy  # its site-packages folder, for the subprocess without site
    site = str(Path(numpy.__file__).resolve().parents[1])
    return folder, dict(os.environ, PYTHONPATH=os.pathsep.join([str(folder), site]))


def baseline_runs(rev, args):
    """The same runs with the code of ``rev``, in a subprocess."""
    folder, env = baseline_tree(rev)
    try:
        command = [sys.executable, "-S", __file__, "--runs-json", "--depth", str(args.depth),
                   "--budgets", args.budgets] + (["--only", args.only] if args.only else [])
        out = subprocess.run(command, check=True, capture_output=True, text=True, env=env,
                             cwd=str(ROOT)).stdout
        return json.loads(out.splitlines()[-1])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def parse_budgets(text):
    return [None if b == "default" else 1 << int(b) for b in text.split(",")]


def row(label, run, cpu0, found, counters):
    assert run["solutions"] == found and run["counters"] == counters, f"{label}: totals differ"
    over = 100 * run["overhead_mems"] / max(1, counters["mems"])
    span = run["start"] + list_schedule(run["tasks"], 2)
    return (f"| {label} | {run['wall']:.2f} | {run['cpu']:.2f} | "
            f"{100 * (run['cpu'] / cpu0 - 1):+.1f} | {run['start']:.2f} | {len(run['tasks'])} | "
            f"{over:.2f} | {span:.2f} | {cpu0 / span:.2f} |")


def wall_one(problem, start, jobs):
    """The wall time of one parallel count, and its total (checked by the caller)."""
    from xcc.parallel import Parallel
    search = Parallel(problem, jobs=jobs, resume=resume_state(problem, start))
    t0 = time.perf_counter()
    stats = search.count()
    return time.perf_counter() - t0, stats.solutions, dict(stats.counters)


def wall_subprocess(name, args, env) -> tuple:
    """One parallel run (``wall_one``) in a new process: this code's (``env``
    None) or a baseline's (``env`` from ``baseline_tree``, with site: the
    script's own folder leads sys.path, so the baseline's packages are found
    before the editable install's), as a run of the CLI is."""
    command = [sys.executable, __file__, "--wall-json", "--only", name, "--depth",
               str(args.depth), "--jobs", str(args.jobs)] + (["--warm"] if args.warm else [])
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=env,
                         cwd=str(ROOT)).stdout
    wall, found, counters = json.loads(out.splitlines()[-1])
    return wall, found, counters


def code_envs(rev):
    """(REV's folder or None, {code: the environment of its subprocesses}): this
    code's (None: as installed) and, with ``rev``, REV's (its folder first on
    sys.path, with site)."""
    if not rev:
        return None, {"this": None}
    old, env = baseline_tree(rev)
    return old, {"this": None, rev: dict(env, PYTHONPATH=str(old))}


def seq_subprocess(name, args, n) -> list[float]:
    """The walls of ``n`` sequential counts run at once, each in a new process
    (``--seq-json``): with n = 2, what two whole cores give two searches that
    share nothing, the ceiling of a 2-worker run on this machine now."""
    command = [sys.executable, __file__, "--seq-json", "--only", name, "--depth",
               str(args.depth)]
    runs = [subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=str(ROOT))
            for _ in range(n)]
    walls = []
    for run in runs:
        out = run.communicate()[0]
        if run.returncode:
            raise SystemExit(f"--seq-json exited {run.returncode}")
        walls.append(json.loads(out.splitlines()[-1]))
    return walls


def wall_rounds(args, chosen) -> None:
    """--wall N: the sequential count, then in turn each code's parallel run
    (and with --ceiling two sequential counts at once) and the sequential
    count again: every parallel run between two sequential ones."""
    old, envs = code_envs(args.baseline)
    loads = [os.getloadavg()]
    try:
        for name, title, problem, start in chosen:
            print(f"\n## {title}: wall s, sequential and jobs {args.jobs}, "
                  f"{'the fork server started before' if args.warm else 'a fork server a run'}"
                  "\n")
            print("| round | sequential before | " + " | ".join(f"{c} jobs {args.jobs}"
                                                             for c in envs)
                  + (" | two at once | ceiling" if args.ceiling else "")
                  + " | sequential after | " + " | ".join(f"{c} speed-up" for c in envs) + " |")
            print("|--:|--:|" + "--:|" * (2 * len(envs) + 1 + 2 * args.ceiling))
            found, counters, before, _ = sequential(problem, start)
            seq, par, ratios, ceilings = [before], {c: [] for c in envs}, \
                {c: [] for c in envs}, []
            for r in range(args.wall):
                for code, env in envs.items():
                    wall, got, got_counters = wall_subprocess(name, args, env)
                    assert (got, got_counters) == (found, counters), f"{code}: totals differ"
                    par[code].append(wall)
                two = max(seq_subprocess(name, args, 2)) if args.ceiling else None
                _, _, after, _ = sequential(problem, start)
                seq.append(after)
                flank = (before + after) / 2  # the machine's speed around these runs
                for c in envs:
                    ratios[c].append(flank / par[c][-1])
                cells = [f"{par[c][-1]:.3f}" for c in envs]
                if two is not None:
                    ceilings.append(2 * flank / two)
                    cells += [f"{two:.3f}", f"{ceilings[-1]:.2f}"]
                print(f"| {r + 1} | {before:.3f} | " + " | ".join(cells) + f" | {after:.3f} | "
                      + " | ".join(f"{ratios[c][-1]:.2f}" for c in envs) + " |")
                before = after
            loads.append(os.getloadavg())
            print(f"\n| code | sequential wall s (median) | jobs {args.jobs} wall s (median) | "
                  "speed-up: median over median / best over best | "
                  "speed-up against its two neighbours (median, lowest) |"
                  + (" ceiling (median) | speed-up / ceiling (median) |" if args.ceiling else ""))
            print("|---|--:|--:|--:|--:|" + "--:|--:|" * args.ceiling)
            for c in envs:
                m, b = statistics.median(par[c]), min(par[c])
                tail = ""
                if args.ceiling:
                    tail = (f" {statistics.median(ceilings):.2f} | "
                            f"{statistics.median(x / y for x, y in zip(ratios[c], ceilings)):.0%}"
                            " |")
                print(f"| {c} | {statistics.median(seq):.3f} | {m:.3f} | "
                      f"{statistics.median(seq) / m:.2f} / {min(seq) / b:.2f} | "
                      f"{statistics.median(ratios[c]):.2f}, {min(ratios[c]):.2f} |" + tail)
    finally:
        if old:
            shutil.rmtree(old, ignore_errors=True)
    print("\nload average (1, 5, 15 min) before and after each workload: "
          + "; ".join(" ".join(f"{x:.2f}" for x in load) for load in loads))


def each_rows(path: Path) -> list[dict]:
    """A --each output's rows without their times."""
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    for r in rows:
        r.pop("seconds"), r.pop("cpu_seconds", None)
    return rows


def each_rounds(args) -> None:
    """--each N: the collection counted with --jobs 1 and --jobs J, whole
    processes: each code's jobs-1 run, then N rounds of each code's jobs-J run
    and its jobs-1 run again (every jobs-J run between two jobs-1 runs)."""
    old, envs = code_envs(args.baseline)
    collection = args.puzzles
    walls: dict = {(code, jobs): [] for code in envs for jobs in (1, args.jobs)}
    ratios: dict = {code: [] for code in envs}
    loads = [os.getloadavg()]
    print(f"\n## masyu count {collection.name} --each -q -o FILE: wall s of the whole process\n")
    print("| round | " + " | ".join(f"{c} jobs {args.jobs} | {c} jobs 1 after | {c} speed-up"
                                   for c in envs) + " |")
    print("|--:|" + "--:|--:|--:|" * len(envs))
    first = None
    try:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "rows.jsonl"

            def run(code, jobs):
                nonlocal first
                out.unlink(missing_ok=True)
                command = [sys.executable, "-c", "from masyu.cli import main; main()",
                           "count", str(collection), "--each", "-q", "--jobs", str(jobs),
                           "-o", str(out)]
                t0 = time.perf_counter()
                subprocess.run(command, check=True, env=envs[code], cwd=tmp,  # not ROOT:
                               stdout=subprocess.DEVNULL)  # -c puts the cwd first on sys.path
                walls[(code, jobs)].append(time.perf_counter() - t0)
                rows = each_rows(out)
                first = first or rows
                assert rows == first, f"{code} jobs {jobs}: rows differ"

            for code in envs:
                run(code, 1)
            print("| 0 | " + " | ".join(f"| {walls[(c, 1)][-1]:.2f} |" for c in envs) + " |")
            for r in range(args.each):
                for code in envs:
                    run(code, args.jobs)
                for code in envs:
                    run(code, 1)
                    one = walls[(code, 1)]
                    ratios[code].append((one[-2] + one[-1]) / 2 / walls[(code, args.jobs)][-1])
                print(f"| {r + 1} | " + " | ".join(
                    f"{walls[(c, args.jobs)][-1]:.2f} | {walls[(c, 1)][-1]:.2f} | "
                    f"{ratios[c][-1]:.2f}" for c in envs) + " |")
    finally:
        if old:
            shutil.rmtree(old, ignore_errors=True)
    loads.append(os.getloadavg())
    print(f"\n| code | jobs 1 wall s (median) | jobs {args.jobs} wall s (median) | "
          "speed-up: median over median / best over best | "
          "speed-up against its two neighbours (median, lowest) |")
    print("|---|--:|--:|--:|--:|")
    for c in envs:
        one, many = walls[(c, 1)], walls[(c, args.jobs)]
        print(f"| {c} | {statistics.median(one):.2f} | {statistics.median(many):.2f} | "
              f"{statistics.median(one) / statistics.median(many):.2f} / "
              f"{min(one) / min(many):.2f} | {statistics.median(ratios[c]):.2f}, "
              f"{min(ratios[c]):.2f} |")
    print("\nload average (1, 5, 15 min) before and after: "
          + "; ".join(" ".join(f"{x:.2f}" for x in load) for load in loads))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=["psm", "empty7"])
    ap.add_argument("--budgets", default="25,27,default",
                    help="task budgets for the simulation, as powers of 2 or 'default'")
    ap.add_argument("--depth", type=int, default=10, help="prefix depth for empty7")
    ap.add_argument("--baseline", metavar="REV", help="measure REV's code too (git revision)")
    ap.add_argument("--wall", type=int, metavar="N", help="N rounds of wall time (see above)")
    ap.add_argument("--jobs", type=int, default=2, help="workers for --wall")
    ap.add_argument("--warm", action="store_true",
                    help="with --wall: one fork server for all runs, not one a run")
    puzzle_files.add_option(ap)
    ap.add_argument("--each", type=int, metavar="N",
                    help="N rounds of masyu count psm.txt --each, jobs 1 and --jobs")
    ap.add_argument("--runs-json", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--ceiling", action="store_true",
                    help="with --wall: two sequential counts at once too, each round")
    ap.add_argument("--wall-json", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--seq-json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    budgets = parse_budgets(args.budgets)
    if args.each:
        each_rounds(args)
        return
    chosen = [w for w in workloads(args.depth) if not args.only or w[0] == args.only]
    if args.seq_json:  # one of --ceiling's two sequential counts at once
        (_, _, problem, start), = chosen
        print(json.dumps(sequential(problem, start)[2]))
        return
    if args.wall_json:  # the baseline's side of --wall: one run, as JSON
        (name, _, problem, start), = chosen
        if args.warm:
            wall_one(problem, start, args.jobs)  # starts the fork server
        print(json.dumps(wall_one(problem, start, args.jobs)))
        return
    if args.wall:
        wall_rounds(args, chosen)
        return
    if args.runs_json:  # the baseline's side of --baseline: the runs only, as JSON
        print(json.dumps({name: measure(name, problem, start, budgets)
                          for name, _, problem, start in chosen}))
        return
    before = baseline_runs(args.baseline, args) if args.baseline else {}
    for name, title, problem, start in chosen:
        found, counters, wall0, cpu0 = sequential(problem, start)
        runs = measure(name, problem, start, budgets)
        print(f"\n## {title}\n")
        print(f"sequential (the baseline of every ratio): {found:,} solutions, "
              f"{counters['mems']:,} mems, {wall0:.2f} s wall, {cpu0:.2f} s CPU\n")
        print("| code | run | wall s | CPU s | CPU overhead % | driver's start s | tasks | "
              "replay mems % | simulated 2-worker makespan s | its speed-up |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for code, measured in (("before", before.get(name)), ("after", runs)):
            if measured is None:
                continue
            label = f"{args.baseline}" if code == "before" else "this"
            for jobs in (1, 2):
                print(f"| {label} " + row(f"jobs {jobs}", measured[f"jobs {jobs}"], cpu0, found,
                                          counters))
        print("\nthe tasks of a 2-worker run at each budget, scheduled on more workers "
              "(efficiency: work / (workers x makespan)):\n")
        print("| code | budget | tasks | CPU overhead % | replay mems % | longest task s | "
              "8 workers | 64 workers | 512 workers |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        for code, measured in (("before", before.get(name)), ("after", runs)):
            if measured is None:
                continue
            label = f"{args.baseline}" if code == "before" else "this"
            for b in budgets:
                key = "default" if b is None else f"2^{b.bit_length() - 1}"
                run = measured[key]
                tasks = run["tasks"]
                work = sum(tasks)
                cells = []
                for w in (8, 64, 512):
                    span = list_schedule(tasks, w)
                    cells.append(f"{span:.3f} s, {work / (w * span):.0%}" if tasks else "-")
                over = 100 * run["overhead_mems"] / max(1, counters["mems"])
                print(f"| {label} | {key} | {len(tasks)} | {100 * (run['cpu'] / cpu0 - 1):+.1f} "
                      f"| {over:.2f} | {max(tasks, default=0):.2f} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()

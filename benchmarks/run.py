"""The benchmark matrix: encodings x methods x engines (and peers) over puzzle sets.

    python benchmarks/run.py                 # the full matrix (about 20-30 minutes on 2 cores)
    python benchmarks/run.py --quick         # a smoke run, under a minute
    python benchmarks/run.py --jobs 2 --time-limit 10 --out benchmarks/results

Puzzles: a seeded sample of every size and difficulty class of the collection
``--puzzles FILE`` (``puzzle_files.py``: by default the 696 psm puzzles the repository
carries in tests/data/puzzles; the full 3,604: see its README.md), the 30x30 to 40x40
ones, and the puzzles whose counts are known (rcra-masyu05/06, puzsq-9833, the Wikipedia example, the
empty 5x5 board).  Configurations: weak counts per encoding and engine,
strong counts per encoding, method and engine (read from ``masyu.METHODS``
and ``xcc.ENGINES``, so new ones join), methods that choose for themselves
(``best``) once, and the peers of ``benchmarks/peers`` whose solvers are
installed (``pip install -e '.[bench]'``).  The python engine only runs on
boards up to ``--python-max-side`` (10), weak counts and the filter up to
``--weak-max-side`` (15): beyond, they only hit the time limit.

Each run is a process of its own, stopped at the time limit (CPU seconds
by default, enforced by the kernel).  Writes
``matrix.csv`` (every run), ``matrix.md`` (medians and worst cases per size
class, ratios, the known counts, the consistency check) and, with
matplotlib, ``seconds.png`` and ``mems.png`` to ``--out``, with ``run.json``
(machine, versions, options); ``--report DIR`` writes them again from an
earlier run's files.  Exit status 1 if
any run disagrees with another or with a known count, or fails.
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import matrix  # noqa: E402
import puzzle_files  # noqa: E402
import report  # noqa: E402


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="example: python benchmarks/run.py --quick --jobs 2")
    ap.add_argument("--quick", action="store_true", help="a handful of small puzzles (smoke test)")
    ap.add_argument("--jobs", type=int, default=matrix.default_jobs(), help="parallel runs")
    ap.add_argument("--time-limit", type=float, default=None,
                    help="seconds per run before it is stopped (default 10; quick 5)")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="the time limit counts CPU time of the run (default: steady on a "
                         "busy machine) or wall-clock time")
    ap.add_argument("--sample", type=int, default=3, help="puzzles per psm class below 20x20")
    ap.add_argument("--big-sample", type=int, default=2, help="puzzles per psm class from 20x20")
    ap.add_argument("--seed", type=int, default=0, help="seed of the puzzle sample")
    puzzle_files.add_option(ap)
    ap.add_argument("--max-side", type=int, default=None, help="skip larger boards")
    ap.add_argument("--only", default=None,
                    help="only puzzles whose name contains this (e.g. 15x15-hard)")
    ap.add_argument("--python-max-side", type=int, default=10,
                    help="engine=python only on boards up to this side (0: never)")
    ap.add_argument("--weak-max-side", type=int, default=15,
                    help="weak counts and method=filter only on boards up to this side (0: all)")
    ap.add_argument("--encodings", default=None, help="comma-separated (default: all)")
    ap.add_argument("--methods", default=None, help="comma-separated (default: masyu's METHODS)")
    ap.add_argument("--engines", default=None, help="comma-separated (default: xcc.ENGINES)")
    ap.add_argument("--peers", default=None,
                    help="comma-separated, or 'none' (default: the installed ones)")
    ap.add_argument("--no-weak", action="store_true", help="strong counts only")
    ap.add_argument("--cpsat-workers", type=int, default=1,
                    help="CP-SAT threads (default 1: every run is one thread)")
    ap.add_argument("--out", type=Path, default=matrix.HERE / "results", help="output folder")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--report", type=Path, default=None, metavar="DIR",
                    help="run nothing: write the tables and plots again from DIR/matrix.csv "
                         "and DIR/run.json (of an earlier run) into --out")
    return ap.parse_args(argv)


def _list(text):
    return None if text is None else [] if text == "none" else text.split(",")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.time_limit is None:
        args.time_limit = 5.0 if args.quick else 10.0
    if args.report is not None:
        rows = report.read_csv(args.report / "matrix.csv")
        meta = json.loads((args.report / "run.json").read_text())
        problems = report.check(rows)
        for path in report.write_all(rows, problems, meta["machine"], meta["run"], args.out,
                                     plots=not args.no_plots):
            print(f"wrote {path}", file=sys.stderr)
        return 1 if problems else 0
    entries = matrix.select(args.sample, args.seed, args.big_sample, args.max_side, args.quick,
                            args.puzzles)
    if args.only:
        entries = [e for e in entries if args.only in e.name]
    try:
        configs = matrix.configurations(_list(args.encodings), _list(args.methods),
                                        _list(args.engines), _list(args.peers),
                                        weak=not args.no_weak)
    except Exception as err:
        print(f"bad configuration: {err}", file=sys.stderr)
        return 2
    matrix.warm_up(configs, args.cpsat_workers)  # every forked run finds its modules loaded
    tasks = matrix.tasks(entries, configs, args.python_max_side or 0, args.weak_max_side or None)
    print(f"{len(tasks)} runs: {len(entries)} puzzles x {len(configs)} configurations, "
          f"{args.jobs} jobs, time limit {args.time_limit:g} s", file=sys.stderr)
    done = [0]

    def progress(task, result):
        done[0] += 1
        what = result.get("count", result["status"]) if result["status"] == "ok" else result["status"]
        print(f"[{done[0]}/{len(tasks)}] {task.entry.name} {task.config.label}: {what} "
              f"{result.get('seconds', 0):.2f} s", file=sys.stderr, flush=True)

    start = time.perf_counter()
    results = matrix.run_all(tasks, args.jobs, args.time_limit, args.cpsat_workers, progress,
                             clock=args.clock)
    wall = time.perf_counter() - start
    rows = report.make_rows(tasks, results)
    problems = report.check(rows)
    header = {"command": "python benchmarks/run.py " + " ".join(map(shlex.quote, argv or sys.argv[1:])),
              "time_limit": args.time_limit, "clock": args.clock, "jobs": args.jobs, "wall": wall}
    written = report.write_all(rows, problems, report.machine(), header, args.out,
                               plots=not args.no_plots)
    for path in written:
        print(f"wrote {path}", file=sys.stderr)
    for p in problems:
        print(f"INCONSISTENT: {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

"""method="guard" against method="propagate": uniqueness proofs of hard puzzles.

    python benchmarks/propagate.py [--cap 20] [--jobs 1] [--sample N] [--guard-sample N]
                                   [--classes 15x15-hard,20x20-hard,...] [--quick] [--out FILE]

For every puzzle of the size classes of ``--puzzles FILE`` (``puzzle_files.py``: by default
the subset in tests/data/puzzles) (hard 15x15,
20x20, 25x25 and the single 30x30, 35x35 and 40x40 ones), both methods prove
uniqueness the way a user would: ``masyu.count(p, method=..., engine="c",
limit=2)`` must finish with 1.  Each run happens in a forked process whose CPU
time is limited to --cap seconds (the guard alone can take minutes on a hard
25x25); a run stopped there is reported as "> cap" and counts as slower and
bigger than every finished run in the medians.  Columns per class and method:
puzzles, finished runs, nodes, mems and CPU seconds (median and worst), and
for propagate the lookahead's probes (median).  Seconds include encoding the
puzzle, as a user would see them; nodes and mems do not depend on the machine.

--sample N keeps N puzzles per class (evenly spaced in file order, so runs
reproduce), --guard-sample N fewer for the guard only.  Results go to stdout
as Markdown (and to --out); progress to stderr.
"""
from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.pool
import os
import platform
import resource
import signal
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import puzzle_files  # noqa: E402  (this folder's module)
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import masyu  # noqa: E402

CLASSES = ("15x15-hard", "20x20-hard", "25x25-hard", "30x30-hard", "35x35-hard", "40x40-hard")
METHODS = ("guard", "propagate")


@dataclass
class Run:
    puzzle: str
    method: str
    finished: bool
    count: int | None = None
    nodes: int | None = None
    mems: int | None = None
    seconds: float | None = None
    probes: int | None = None


def _child(puzzle: masyu.Puzzle, method: str, cap: float, conn) -> None:
    """Run one count with the CPU time limited; send back what it found."""
    limit = max(1, int(cap + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))
    start = time.process_time()
    c = masyu.count(puzzle, method=method, engine="c", limit=2)
    seconds = time.process_time() - start
    conn.send((int(c), c.stats.nodes, c.stats.mems, seconds, c.stats.counters.get("probes")))
    conn.close()


def run_one(puzzle: masyu.Puzzle, method: str, cap: float) -> Run:
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(puzzle, method, cap, send))
    proc.start()
    send.close()
    got = None
    if receive.poll(cap * 4 + 30):  # wall clock: generous, the CPU limit decides
        try:
            got = receive.recv()
        except EOFError:
            got = None
    if proc.is_alive():
        os.kill(proc.pid, signal.SIGKILL)
    proc.join()
    if got is None or got[3] > cap:
        return Run(puzzle.name, method, False)
    count, nodes, mems, seconds, probes = got
    return Run(puzzle.name, method, True, count, nodes, mems, seconds, probes)


def evenly(items: list, n: int | None) -> list:
    """n items spread evenly over the list, in order (all if n is None)."""
    if n is None or n >= len(items):
        return items
    return [items[(k * len(items)) // n] for k in range(n)]


def median_and_worst(runs: list[Run], key: str, cap_text: str) -> tuple[str, str]:
    """Median and worst of a column; unfinished runs count as larger than all."""
    big = float("inf")
    values = sorted(getattr(r, key) if r.finished else big for r in runs)
    if not values:
        return "", ""

    def show(v: float) -> str:
        if v == big:
            return cap_text
        return f"{v:.3f}" if key == "seconds" else f"{v:,.0f}"

    lo, hi = values[(len(values) - 1) // 2], values[len(values) // 2]
    med = big if big in (lo, hi) else (lo + hi) / 2
    return show(med), show(values[-1])


def table(results: dict[str, dict[str, list[Run]]], cap: float) -> str:
    cap_text = f"> {cap:g} s"
    head = ("| class | method | puzzles | proved unique | nodes median | nodes worst "
            "| mems median | mems worst | seconds median | seconds worst | probes median |")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for cls, by_method in results.items():
        for method, runs in by_method.items():
            if not runs:
                continue
            unique = sum(1 for r in runs if r.finished and r.count == 1)
            cells = [cls, method, str(len(runs)), str(unique)]
            for key in ("nodes", "mems", "seconds"):
                cells += median_and_worst(runs, key, "> cap" if key != "seconds" else cap_text)
            probes = [r.probes for r in runs if r.finished and r.probes is not None]
            cells.append(f"{statistics.median(probes):,.0f}" if probes else "")
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cap", type=float, default=20.0, help="CPU seconds per run (default 20)")
    ap.add_argument("--jobs", type=int, default=1, help="runs at a time (default 1)")
    ap.add_argument("--sample", type=int, default=None, help="puzzles per class (default all)")
    ap.add_argument("--guard-sample", type=int, default=None,
                    help="puzzles per class for the guard (default: as --sample)")
    ap.add_argument("--classes", default=",".join(CLASSES),
                    help="comma-separated psm classes, e.g. 20x20-hard,25x25-hard")
    ap.add_argument("--quick", action="store_true",
                    help="2 puzzles of the 15x15 and 20x20 classes, cap 5 s (a smoke test)")
    ap.add_argument("--out", type=Path, default=None, help="also write the Markdown here")
    puzzle_files.add_option(ap)
    args = ap.parse_args(argv)
    classes = [c.strip() for c in args.classes.split(",") if c.strip()]
    if args.quick:
        classes, args.sample, args.cap = ["15x15-hard", "20x20-hard"], 2, 5.0
    guard_sample = args.guard_sample if args.guard_sample is not None else args.sample
    by_class: dict[str, list[masyu.Puzzle]] = {c: [] for c in classes}
    for p in masyu.load(args.puzzles):
        for c in classes:
            if p.name.startswith(f"psm-{c}-"):
                by_class[c].append(p)
    tasks = []
    for c in classes:
        for method in METHODS:
            n = guard_sample if method == "guard" else args.sample
            tasks += [(c, p, method) for p in evenly(by_class[c], n)]
    results: dict[str, dict[str, list[Run]]] = {c: {m: [] for m in METHODS} for c in classes}
    started = time.perf_counter()
    with multiprocessing.pool.ThreadPool(max(1, args.jobs)) as pool:
        done = 0
        for (c, p, method), run in zip(tasks, pool.imap(lambda t: run_one(t[1], t[2], args.cap),
                                                        tasks)):
            results[c][method].append(run)
            done += 1
            status = (f"{run.count} solution(s), {run.nodes} nodes, {run.seconds:.3f} s"
                      if run.finished else f"stopped at {args.cap:g} s")
            print(f"[{done}/{len(tasks)}] {p.name} {method}: {status}", file=sys.stderr)
    wrong = [r for rs in results.values() for runs in rs.values() for r in runs
             if r.finished and r.count != 1]
    text = table(results, args.cap)
    text += (f"\n\nCPU seconds per run, capped at {args.cap:g} s; uniqueness = "
             f"masyu.count(p, method=..., engine=\"c\", limit=2) == 1.  Machine: "
             f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
             f"{args.jobs} job(s), {time.perf_counter() - started:.0f} s in all.")
    print(text)
    if args.out is not None:
        args.out.write_text(text + "\n")
    if wrong:
        print(f"{len(wrong)} run(s) did not find exactly one solution: "
              f"{', '.join(r.puzzle + ' ' + r.method for r in wrong)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The compiled engine against Knuth's DLX2: counting, and whole processes.

    python benchmarks/dlx2.py [--dlx2 PATH] [--repeat N] [--quick] [--files DIR] [--baseline DIR]

DLX2 (dlx2.w, Knuth's, public: build it yourself with CWEB's ctangle and a
C compiler) is found at --dlx2 or $XCC_DLX2; without it the DLX2 columns
are left out.  Times are CPU seconds (user + system), the best of --repeat
runs, measured in one run of this script, so the ratios compare like with
like on a busy machine.

Table 1, counting in process: ``xcc.count`` of the empty 6x6 board in both
encodings (5,735,478 weak solutions) and of the files, a new problem each
time (its layout built) and the same problem again (the layout kept);
against DLX2's search CPU (its whole run less a run that stops after the
input, option T1).  Solutions, nodes, updates, cleansings and mems are
checked equal to DLX2's.

Table 1b, ``masyu.count(Puzzle(6, 6), weak=True)`` (the default encoding,
method and engine: the board encoded, then counted) in process, and
``masyu count 6x6:z... --weak -q`` as a whole process less ``python -c
'import masyu'``, against the same DLX2 search.

Table 2, whole processes on the small DLX files of benchmarks/dlx/:
``xcc count FILE`` less ``python -c 'import xcc'`` (the interpreter's and the
package's start), against ``dlx2 < FILE``; and the same difference timed
inside one process ("after import": what the command does once ``xcc`` is
imported, clocked from there), which the noise of two whole interpreters
does not blur; with --baseline, the checkout's "after import" too.  Each
file's runs alternate, round by round.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import time
import warnings
from pathlib import Path

import xcc

ROOT = Path(__file__).resolve().parents[1]
FILES = ROOT / "benchmarks" / "dlx"
TOTALS = re.compile(r"Altogether (\d+) solutions?, \d+\+(\d+)(?:-\d+)? mems, (\d+) updates, "
                    r"(\d+) cleansings, \d+ bytes, (\d+) nodes")


# Children run as in an ordinary install: with the bytecode cache (a session
# may have turned it off; then every start would compile every module).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def child_cpu(argv: list[str], stdin: Path | None = None) -> tuple[float, subprocess.CompletedProcess]:
    """CPU seconds of one child process, and its result."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdin, "rb") if stdin else open(os.devnull, "rb") as f:
        r = subprocess.run(argv, stdin=f, capture_output=True, text=True, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), r


def best_child(repeat: int, argv: list[str], stdin: Path | None = None):
    runs = [child_cpu(argv, stdin) for _ in range(repeat)]
    return min(t for t, _ in runs), runs[-1][1]


def dlx2_totals(stderr: str) -> tuple[int, int, int, int, int]:
    """(solutions, nodes, updates, cleansings, search mems) from DLX2's report."""
    m = TOTALS.search(stderr)
    if m is None:
        raise SystemExit(f"cannot read DLX2's totals: {stderr[-300:]}")
    solutions, mems, updates, cleansings, nodes = map(int, m.groups())
    return solutions, nodes, updates, cleansings, mems


def cpu(f) -> float:
    t = time.process_time()
    f()
    return time.process_time() - t


# xcc.count in another checkout (--baseline: its xcc package, extension built)
BASELINE = """import sys, time, warnings, xcc
warnings.simplefilter("ignore")
best = None
for _ in range(int(sys.argv[2])):
    problem = xcc.read_dlx(sys.argv[1])
    t = time.process_time()
    stats = xcc.count(problem, engine="c")
    t = time.process_time() - t
    best = t if best is None else min(best, t)
print(best, stats.solutions, stats.mems)
"""


def baseline_count(root: Path, path: Path, repeat: int) -> tuple[float, int, int]:
    env = dict(ENV, PYTHONPATH=str(root))
    r = subprocess.run([sys.executable, "-c", BASELINE, str(path), str(repeat)],
                       capture_output=True, text=True, env=env, cwd=root)
    if r.returncode:
        raise SystemExit(f"baseline failed: {r.stderr[-500:]}")
    seconds, solutions, mems = r.stdout.split()
    return float(seconds), int(solutions), int(mems)


def counting(cases, dlx2: str | None, repeat: int, baseline: Path | None) -> list[list[str]]:
    rows = []
    for name, make, path in cases:
        fresh = []  # a new problem each time: its layout built in the count
        for _ in range(repeat):
            new = make()
            fresh.append(cpu(lambda: xcc.count(new, engine="c")))
        fresh = min(fresh)
        problem = make()
        stats = xcc.count(problem, engine="c")
        again = min(cpu(lambda: xcc.count(problem, engine="c")) for _ in range(repeat))
        ours = (stats.solutions, stats.nodes, stats.updates, stats.cleansings, stats.mems)
        row = [name, f"{stats.solutions:,}", f"{fresh:.4f}", f"{again:.4f}"]
        if dlx2:
            whole, r = best_child(repeat, [dlx2], path)
            read_only, _ = best_child(repeat, [dlx2, "T1"], path)
            if dlx2_totals(r.stderr) != ours:
                raise SystemExit(f"{name}: DLX2 {dlx2_totals(r.stderr)} != xcc {ours}")
            search = max(whole - read_only, 1e-6)
            row += [f"{search:.4f}", f"{fresh / search:.2f}", f"{again / search:.2f}"]
        if baseline:
            before, solutions, mems = baseline_count(baseline, path, repeat)
            if (solutions, mems) != (stats.solutions, stats.mems):
                raise SystemExit(f"{name}: the baseline counts {solutions, mems}")
            row += [f"{before:.4f}"] + ([f"{before / search:.2f}"] if dlx2 else [])
        rows.append(row)
    return rows


def masyu_weak(dlx2: str | None, repeat: int) -> list[list[str]]:
    """masyu.count of the empty 6x6, weak, in process and as a command."""
    import masyu
    puzzle = masyu.Puzzle(6, 6)
    from masyu.encodings import DEFAULT_ENCODING as kind
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"xcc-bench-empty6-{kind}.dlx"
    xcc.write_dlx(masyu.encode(puzzle, kind).problem, path)
    counted = []
    inside = min(cpu(lambda: counted.append(masyu.count(puzzle, weak=True)))
                 for _ in range(repeat))
    grid = "6x6:zj"  # the empty board, as a game ID (26 + 10 empty cells)
    command = [str(Path(sys.executable).with_name("masyu")), "count", grid, "--weak", "-q"]
    whole, r = best_child(repeat, command)
    start, _ = best_child(repeat, [sys.executable, "-c", "import masyu"])
    if r.stdout.split()[0].replace(",", "") != str(int(counted[-1])):
        raise SystemExit(f"masyu count says {r.stdout!r}")
    search = None
    if dlx2:
        full, _ = best_child(repeat, [dlx2], path)
        read_only, _ = best_child(repeat, [dlx2, "T1"], path)
        search = max(full - read_only, 1e-6)
    n = f"{int(counted[-1]):,}"
    rows = [[f"masyu.count(Puzzle(6, 6), weak=True) (encoding {kind})", n, f"{inside:.4f}"],
            ["masyu count GRID --weak -q, less import masyu", n, f"{whole - start:.4f}"]]
    for row, t in zip(rows, (inside, whole - start)):
        row += [f"{search:.4f}", f"{t / search:.2f}"] if search else ["", ""]
    return rows


# What ``xcc count FILE`` does after ``import xcc``, timed inside the process:
# the same difference as the whole processes', without their noise.  The
# command's entry is xcc.main (its console script: ``from xcc import main``);
# a --baseline checkout from before it (7d3c352 and older) had xcc.quick.main.
AFTER_IMPORT = """import os, sys, time, xcc
sys.argv[1:] = ["count", sys.argv[1]]
t = time.process_time()
out, sys.stdout = sys.stdout, open(os.devnull, "w")
if hasattr(xcc, "main"):
    try:
        xcc.main()
    except SystemExit as stop:
        code = stop.code
else:
    from xcc.quick import quick
    code = quick(sys.argv[1:])
sys.stdout = out
print(time.process_time() - t, code, "typer" in sys.modules)
"""


def after_import(path: Path, root: Path | None = None) -> float:
    """CPU seconds of ``xcc count PATH`` after ``import xcc``, in a fresh
    process: this code's, or (root) a checkout's, run from a temporary
    folder so that only its packages are found first."""
    env = ENV if root is None else dict(ENV, PYTHONPATH=str(root.resolve()))
    r = subprocess.run([sys.executable, "-c", AFTER_IMPORT, str(path)], capture_output=True,
                       text=True, env=env, cwd=os.environ.get("TMPDIR", "/tmp"))
    seconds, code, full = r.stdout.split()
    if full == "True":
        raise SystemExit(f"{path.name}: the full command's, not the quick path's")
    return float(seconds)


def processes(files: list[Path], dlx2: str | None, repeat: int,
              baseline: Path | None) -> list[list[str]]:
    """Each file's runs interleaved, round by round: the start, the command,
    the same inside one process (and the baseline's), DLX2; the best of each."""
    python = sys.executable
    command = str(Path(python).with_name("xcc"))
    child_cpu([command, "count", str(files[0])])  # the bytecode cache, written once
    rows, starts = [], []
    for path in files:
        start, whole, inside, before, runs = [], [], [], [], []
        for _ in range(repeat):
            start.append(child_cpu([python, "-c", "import xcc"])[0])
            whole.append(child_cpu([command, "count", str(path)])[0])
            inside.append(after_import(path))
            if baseline:
                before.append(after_import(path, baseline))
            if dlx2:
                t, d = child_cpu([dlx2], path)  # d: the last run's report, checked below
                runs.append(t)
        start, whole, inside = min(start), min(whole), min(inside)
        starts.append(start)
        _, j = child_cpu([command, "count", str(path), "--json"])
        s = json.loads(j.stdout)
        ours = (s["solutions"], s["nodes"], s["updates"], s["cleansings"], s["mems"])
        row = [path.name, f"{s['solutions']:,}", f"{1e3 * whole:.1f}",
               f"{1e3 * (whole - start):.1f}", f"{1e3 * inside:.2f}"]
        if dlx2:
            theirs = min(runs)
            if dlx2_totals(d.stderr) != ours:
                raise SystemExit(f"{path.name}: DLX2 {dlx2_totals(d.stderr)} != xcc {ours}")
            row += [f"{1e3 * theirs:.2f}", f"{(whole - start) / theirs:.2f}",
                    f"{inside / theirs:.2f}"]
        if baseline:
            row += [f"{1e3 * min(before):.2f}"] + ([f"{min(before) / theirs:.2f}"] if dlx2 else [])
        rows.append(row)
    rows.append([f"(python -c 'import xcc': {1e3 * min(starts):.1f} to {1e3 * max(starts):.1f} ms)",
                 *[""] * (len(rows[0]) - 1)])
    return rows


def table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(r[k]) for r in [header] + rows) for k in range(len(header))]
    line = lambda r: "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |"  # noqa: E731
    return "\n".join([line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
                     + [line(r) for r in rows])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dlx2", default=os.environ.get("XCC_DLX2"),
                        help="the DLX2 binary (default $XCC_DLX2; without it no DLX2 columns)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="the small files only, 3 runs")
    parser.add_argument("--files", type=Path, default=FILES)
    parser.add_argument("--only", default="", help="the cases whose name contains this")
    parser.add_argument("--baseline", type=Path,
                        help="a checkout of another commit (its extension built): its xcc.count "
                             "beside this one's, in the counting table")
    args = parser.parse_args(argv)
    repeat = 3 if args.quick else args.repeat
    dlx2 = args.dlx2 if args.dlx2 and Path(args.dlx2).exists() else None
    if args.dlx2 and not dlx2:
        print(f"no DLX2 at {args.dlx2}: its columns are left out", file=sys.stderr)
    files = [p for p in sorted(args.files.glob("*.dlx")) if args.only in p.name]

    def read(p: Path):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return lambda: xcc.read_dlx(p)

    cases = []
    if not args.quick:
        import masyu  # the boards only; xcc itself knows no Masyu
        tmp = Path(os.environ.get("TMPDIR", "/tmp"))
        for kind in ("422", "423"):
            path = tmp / f"xcc-bench-empty6-{kind}.dlx"
            xcc.write_dlx(masyu.encode(masyu.Puzzle(6, 6), kind).problem, path)
            cases.append((f"empty 6x6 {kind}",
                          lambda kind=kind: masyu.encode(masyu.Puzzle(6, 6), kind).problem, path))
    cases = [c for c in cases if args.only in c[0]] + [(p.name, read(p), p) for p in files]
    head = ["problem", "solutions", "xcc.count s", "again s"]
    if dlx2:
        head += ["DLX2 search s", "ratio", "again ratio"]
    if args.baseline:
        head += ["baseline s"] + (["baseline ratio"] if dlx2 else [])
    print("Counting in process (CPU s, best of %d)\n" % repeat)
    print(table(head, counting(cases, dlx2, repeat, args.baseline)))
    if not args.quick and args.only in "empty 6x6 masyu":
        print("\nmasyu's weak count of the empty 6x6 (CPU s, best of %d)\n" % repeat)
        print(table(["what", "weak solutions", "CPU s", "DLX2 search s", "ratio"],
                    masyu_weak(dlx2, repeat)))
    head = ["file", "solutions", "xcc count ms", "less import ms", "after import ms"]
    if dlx2:
        head += ["DLX2 ms", "ratio", "after import ratio"]
    if args.baseline:
        head += ["baseline after import ms"] + (["baseline ratio"] if dlx2 else [])
    print("\nWhole processes (CPU ms, best of %d): xcc count FILE less python -c 'import xcc'\n"
          % repeat)
    if files:
        print(table(head, processes(files, dlx2, repeat, args.baseline)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Exact counts without enumeration: engine memo against Graphillion and enumeration.

    python benchmarks/exact.py empty [--sizes 8,10,12,13] [--peer] [--timeout S]
    python benchmarks/exact.py grid [--largest 15]
    python benchmarks/exact.py encodings --names NAME,...
    python benchmarks/exact.py psm --classes psm-15x15-hard,...|all [--enumerate] [--strong]
                                   [--limit N] [--counts FILE]
    python benchmarks/exact.py peer --names NAME,...
    python benchmarks/exact.py by --names empty:10x10,NAME,... [--by length] [--weak]
                                  [--baseline TREE]

(each psm puzzle from ``--puzzles FILE``: ``puzzle_files.py``, by default the subset in
tests/data/puzzles)

``by``: counts by loop length (or by number of loops, weak) of each board,
this tree against a ``--baseline`` tree (a git worktree of an earlier commit
with its own ``.venv``), the two alternating per board.

``empty``: the cycles (strong solutions, OEIS A140517) and the 0-or-2-degree
subgraphs (weak solutions) of empty n x n boards.  ``psm``: the weak (and
strong) counts of every puzzle of the given classes of the collection.

Every measurement runs in a fresh subprocess, which reports its own CPU time
and peak resident memory (so one run's memory never inflates another's);
the rows of a table come from the same run of this script.  Peers:
``empty --peer`` and ``peer`` run Graphillion (``pip install graphillion``, in the ``bench``
extra) in the same row-major edge order as memo's cell order (traversal
"as-is"), the Masyu pearl rules as its linear constraints; ``--enumerate``
counts by dancing links (engine c, encoding 423), given up after --timeout.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
import puzzle_files  # noqa: E402  (this folder's module)

COLLECTION = puzzle_files.DEFAULT   # --puzzles, handed to every child


# ---- one measurement (in the child) -----------------------------------------------

def _puzzle(spec: str):
    from masyu import Puzzle
    from masyu.collection import load
    if spec.startswith("empty:"):
        r, c = map(int, spec[6:].split("x"))
        return Puzzle(r, c)
    return {p.name: p for p in load(COLLECTION)}[spec]


def measure_memo(spec: str, weak: bool) -> dict:
    import masyu
    p = _puzzle(spec)
    t = time.process_time()
    n = masyu.count(p, weak=weak, exact=True)
    return {"count": int(n), "states": n.stats.counters["states"], "width": n.stats.counters["width"],
            "cpu": time.process_time() - t}


def measure_enumeration(spec: str, weak: bool) -> dict:
    import masyu
    p = _puzzle(spec)
    t = time.process_time()
    n = masyu.count(p, weak=weak, encoding="423", engine="c")
    return {"count": int(n), "cpu": time.process_time() - t}


def graphillion_sets(puzzle, weak: bool, universe_only: bool = False):
    """The weak or strong solutions of ``puzzle`` as a Graphillion GraphSet."""
    from graphillion import GraphSet
    rows, cols = puzzle.rows, puzzle.cols
    vid = (lambda r, c: r * cols + c + 1) if cols <= rows else (lambda r, c: c * rows + r + 1)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    if cols > rows:
        cells.sort(key=lambda rc: (rc[1], rc[0]))
    edges = []
    for r, c in cells:  # each cell's edges to later cells, in the order of the cells
        for dr, dc in ((0, 1), (1, 0)) if cols <= rows else ((1, 0), (0, 1)):
            if r + dr < rows and c + dc < cols:
                edges.append((vid(r, c), vid(r + dr, c + dc)))
    GraphSet.set_universe(edges, traversal="as-is")
    if universe_only:
        return None

    def e(a, b):
        if not (0 <= a[0] < rows and 0 <= a[1] < cols and 0 <= b[0] < rows and 0 <= b[1] < cols):
            return None
        u, v = vid(*a), vid(*b)
        return (u, v) if (u, v) in universe else (v, u)

    universe = set(edges)
    pearls = dict(puzzle.pearls)
    degree = {vid(r, c): (range(2, 3) if (r, c) in pearls else range(0, 3, 2)) for r, c in cells}
    linear = []
    step = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
    for (r, c), kind in pearls.items():
        near = {d: e((r, c), (r + dr, c + dc)) for d, (dr, dc) in step.items()}
        far = {d: e((r + dr, c + dc), (r + 2 * dr, c + 2 * dc)) for d, (dr, dc) in step.items()}
        if kind == "W":
            for a, b in (("N", "S"), ("E", "W")):
                terms = [(*near[a], 1)] if near[a] else []
                terms += [(*near[b], -1)] if near[b] else []
                if terms:
                    linear.append((terms, (0, 0)))
                if near[a] and near[b] and far[a] and far[b]:
                    linear.append(([(*near[a], 1), (*far[a], 1), (*far[b], 1)], (0, 2)))
        else:
            for a, b in (("N", "S"), ("E", "W")):
                terms = [(*x, 1) for x in (near[a], near[b]) if x]
                linear.append((terms, (0, 1)))
            for d in "NESW":
                if near[d] is None:
                    continue
                if far[d] is None:
                    linear.append(([(*near[d], 1)], (0, 0)))
                else:
                    linear.append(([(*near[d], 1), (*far[d], -1)], (-1, 0)))
    kwargs = {"degree_constraints": degree}
    if linear:
        kwargs["linear_constraints"] = linear
    if not weak:
        kwargs.update(vertex_groups=[[]], no_loop=False)
    return GraphSet.graphs(**kwargs)


def measure_graphillion(spec: str, weak: bool) -> dict:
    p = _puzzle(spec)
    t = time.process_time()
    if spec.startswith("empty:") and not weak:
        from graphillion import GraphSet
        graphillion_sets(p, True, universe_only=True)
        n = GraphSet.cycles().len()
    else:
        n = graphillion_sets(p, weak).len()
    return {"count": int(n), "cpu": time.process_time() - t}


def measure_by(spec: str, weak: bool) -> dict:
    from masyu.exact import exact_count
    p = _puzzle(spec)
    t = time.process_time()
    stats = exact_count(p, weak=weak, by=os.environ["EXACT_BY"])
    assert sum(stats.by.values()) == stats.solutions
    return {"count": stats.solutions, "rows": len(stats.by), "cpu": time.process_time() - t}


MEASURES = {"memo": measure_memo, "by": measure_by, "enumerate": measure_enumeration,
            "graphillion": measure_graphillion}


PEER_MEMORY = 6 << 30  # the peer's address space is capped (its memory is not bounded)


def child(tool: str, spec: str, weak: bool) -> None:
    if tool == "graphillion":
        resource.setrlimit(resource.RLIMIT_AS, (PEER_MEMORY, PEER_MEMORY))
    out = MEASURES[tool](spec, weak)
    out["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(out))


def run(tool: str, spec: str, weak: bool, timeout: float, python: str = sys.executable,
        env: dict | None = None) -> dict:
    """One measurement in a fresh child: ``python`` runs this file (another
    tree's Python measures that tree: it imports its own masyu)."""
    cmd = [python, __file__, "--child", tool, spec, "weak" if weak else "strong",
           str(COLLECTION)]
    env = dict(os.environ, OMP_NUM_THREADS="1", **(env or {}))  # one thread, as the issue measured
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return {"status": f">{timeout:.0f} s"}
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["failed"])[-1]
        return {"status": "out of memory" if "MemoryError" in last or "memory" in last.lower()
                or proc.returncode < 0 else last[:60]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


# ---- tables (in the parent) --------------------------------------------------------------

def cell(r: dict) -> str:
    if "status" in r:
        return r["status"]
    return f"{r['cpu']:.2f} s, {r['rss_mb']:,.0f} MB"


def empty_table(sizes, peer: bool, timeout: float) -> None:
    print("| n | kind | count | memo | states | graphillion |")
    print("|---|---|---|---|---|---|")
    for n in sizes:
        for weak in (True, False):
            m = run("memo", f"empty:{n}x{n}", weak, timeout)
            g = run("graphillion", f"empty:{n}x{n}", weak, timeout) if peer else {"status": "-"}
            if "count" in m and "count" in g and m["count"] != g["count"]:
                sys.exit(f"counts differ on {n}x{n}: {m['count']} vs {g['count']}")
            count = m.get("count", g.get("count", "?"))
            print(f"| {n} | {'weak' if weak else 'strong'} | {count} | {cell(m)} | "
                  f"{m.get('states', '-'):,} | {cell(g)} |", flush=True)


class _OutOfTime(Exception):
    pass


def batch(tool: str, cls: str, limit: int | None, timeout: float, strong: bool,
          skip: set[str] = frozenset()) -> None:
    """In the child: one JSON line per puzzle of a class (tool memo or enumerate), each
    given up after ``timeout`` CPU seconds; the puzzles named in ``skip`` are left out."""
    import masyu
    from masyu.collection import load
    names = [p for p in load(COLLECTION) if p.name.startswith(cls + "-")][:limit]
    for p in names:
        if p.name in skip:
            continue
        row = {"name": p.name}
        for weak in (True, False) if strong else (True,):
            key = "weak" if weak else "strong"
            t = time.process_time()

            def give_up(search, t=t):
                if time.process_time() - t > timeout:
                    raise _OutOfTime
            try:
                if tool == "memo":
                    n = masyu.count(p, weak=weak, exact=True, on_progress=give_up,
                                    progress_every=0.5)
                    row[key + "_states"] = n.stats.counters["states"]
                    row[key + "_mb"] = n.stats.counters.get("peak_bytes", 0) / 2**20
                else:
                    n = masyu.count(p, weak=weak, encoding="423", engine="c",
                                    on_progress=give_up, progress_every=0.5)
                row[key] = int(n)
                row[key + "_cpu"] = time.process_time() - t
            except _OutOfTime:
                row[key] = None
                row[key + "_cpu"] = None
            except masyu.MasyuError as err:  # the memory limit
                row[key] = None
                row[key + "_error"] = str(err)[:80]
        row["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(json.dumps(row), flush=True)


def batch_rows(tool: str, cls: str, limit, timeout: float, strong: bool,
               skip_file: Path | None = None, on_row=None) -> dict:
    """The child's rows by name, each handed to ``on_row`` as it arrives (so that a
    long class stopped half-way keeps what it counted)."""
    cmd = [sys.executable, __file__, "--batch", tool, cls, str(limit or 0), str(timeout),
           "strong" if strong else "weak", str(skip_file or ""), str(COLLECTION)]
    rows = {}
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as proc:
        for line in proc.stdout:
            r = json.loads(line)
            rows[r["name"]] = r
            if on_row is not None:
                on_row(r)
        err = proc.stderr.read()
    if proc.returncode != 0:
        sys.exit(f"{tool} on {cls} failed: {err[-500:]}")
    return rows


COUNTS_HEADER = ("# name weak_count weak_cpu_s engine_peak_mb strong_count (exact counts, "
                 "masyu's default engine; benchmarks/exact.py psm --counts; '-': not counted)\n")


def count_line(r: dict, strong: bool) -> str:
    mb = r.get("weak_mb")
    return (f"{r['name']} {'-' if r.get('weak') is None else r['weak']} {_s(r.get('weak_cpu'))} "
            f"{'-' if mb is None else f'{mb:.2f}'} "
            f"{r.get('strong') if strong and r.get('strong') is not None else '-'}\n")


def read_counts(path: Path) -> dict[str, dict]:
    """The rows of a counts file written before (``psm --counts``): those counted."""
    rows = {}
    if path is None or not path.exists():
        return rows
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, weak, cpu, mb, strong = line.split()
        if weak != "-":
            rows[name] = {"name": name, "weak": int(weak), "weak_cpu": float(cpu),
                          "weak_mb": float(mb), "strong": None if strong == "-" else int(strong),
                          "rss_mb": 0.0}
    return rows


def _s(x) -> str:
    return "-" if x is None else f"{x:.2f}"


def all_classes() -> list[str]:
    """The classes of the collection, smallest boards first, in the file's order."""
    from masyu.collection import load
    seen: dict[str, int] = {}
    for p in load(COLLECTION):
        seen.setdefault(p.name.rsplit("-", 1)[0], p.rows * p.cols)
    return sorted(seen, key=lambda c: (seen[c], list(seen).index(c)))


def psm_table(classes, enumerate_: bool, timeout: float, limit: int | None,
              strong: bool, counts_file: Path | None = None) -> None:
    """Per class: a distribution line, and the puzzles where enumeration took over 1 s;
    ``counts_file``: every puzzle's weak count (and strong, CPU seconds), a line each;
    the total of the classes last."""
    if classes == ["all"]:
        classes = all_classes()
    earlier = read_counts(counts_file)   # a run stopped before: its counted puzzles stay
    out = None
    if counts_file is not None:
        new_file = not counts_file.exists()
        out = open(counts_file, "a", encoding="utf-8")
        if new_file:
            out.write(COUNTS_HEADER)

    def keep(r: dict) -> None:
        if out is not None:
            out.write(count_line(r, strong))
            out.flush()
    total = {"puzzles": 0, "counted": 0, "cpu": 0.0, "weak": 0}
    print("| class | puzzles | weak counts: min / median / max | exact CPU s: median / max | "
          "engine peak MB | strong: all 1 | enumeration > 1 s | exact faster there | "
          "enumeration gave up |")
    print("|---|---|---|---|---|---|---|---|---|")
    slow_rows, rows = [], {}
    for cls in classes:
        m = {n: r for n, r in earlier.items() if n.startswith(cls + "-")}
        m.update(batch_rows("memo", cls, limit, timeout, strong,
                            counts_file if m else None, keep))
        rows.update(m)
        e = batch_rows("enumerate", cls, limit, timeout, False) if enumerate_ else {}
        done = [r for r in m.values() if r.get("weak") is not None]
        total["puzzles"] += len(m)
        total["counted"] += len(done)
        total["cpu"] += sum(r["weak_cpu"] for r in done)
        total["weak"] += sum(r["weak"] for r in done)
        for name, r in e.items():
            if r.get("weak") is not None and m[name].get("weak") is not None \
                    and r["weak"] != m[name]["weak"]:
                sys.exit(f"{name}: memo {m[name]['weak']} != enumeration {r['weak']}")
        counts = sorted(r["weak"] for r in done)
        cpu = sorted(r["weak_cpu"] for r in done)
        slow = [n for n, r in e.items() if r.get("weak_cpu") is None or r["weak_cpu"] > 1]
        faster = sum(1 for n in slow if m[n].get("weak_cpu") is not None and
                     (e[n]["weak_cpu"] is None or m[n]["weak_cpu"] < e[n]["weak_cpu"]))
        gave_up = sum(1 for r in e.values() if r.get("weak") is None)
        ones = "-" if not strong else ("yes" if all(r.get("strong") == 1 for r in done) else
                                       "NO")
        if counts:
            print(f"| {cls} | {len(done)} of {len(m)} | {counts[0]:,} / "
                  f"{statistics.median(counts):,.0f} / {counts[-1]:,} | "
                  f"{statistics.median(cpu):.2f} / {cpu[-1]:.2f} | "
                  f"{max(r.get('weak_mb') or 0 for r in m.values()):,.1f} | {ones} | "
                  f"{len(slow) if e else '-'} | {faster if e else '-'} | "
                  f"{gave_up if e else '-'} |", flush=True)
        slow_rows += [(n, m[n], e[n]) for n in slow]
        for n, r in m.items():
            if r.get("weak") is None:
                print(f"|   {n}: not counted ({r.get('weak_error', 'time')}) |")
    print(f"| total | {total['counted']} of {total['puzzles']} | sum {total['weak']:,} | "
          f"sum {total['cpu']:.1f} | | | | | |")
    if out is not None:   # again, once a puzzle, in the order of the classes
        out.close()
        counts_file.write_text(COUNTS_HEADER + "".join(
            count_line(r, strong) for r in {**earlier, **rows}.values()), encoding="utf-8")
    if slow_rows:
        print("\n| puzzle | weak | exact CPU s | enumeration CPU s |\n|---|---|---|---|")
        for n, mr, er in sorted(slow_rows, key=lambda t: -(t[2].get("weak_cpu") or 1e9)):
            print(f"| {n} | {mr.get('weak')} | {_s(mr.get('weak_cpu'))} | "
                  f"{_s(er.get('weak_cpu')) if er.get('weak') is not None else '>' + str(timeout)} |")


def peer_table(names, timeout: float) -> None:
    print("| puzzle | weak | memo | graphillion |\n|---|---|---|---|")
    for name in names:
        m = run("memo", name, True, timeout)
        g = run("graphillion", name, True, timeout)
        if "count" in m and "count" in g and m["count"] != g["count"]:
            sys.exit(f"{name}: counts differ: {m['count']} vs {g['count']}")
        print(f"| {name} | {m.get('count', '?')} | {cell(m)} | {cell(g)} |", flush=True)


def grid_table(largest: int, timeout: float) -> None:
    """Weak and strong counts of every empty m x n board, 2 <= m <= n <= largest."""
    print("| m×n | weak solutions (degree 0 or 2 everywhere) | strong solutions "
          "(cycles, A140517 on the diagonal) | memo CPU s (weak, strong) |")
    print("|---|---|---|---|")
    for m in range(2, largest + 1):
        for n in range(m, largest + 1):
            w = run("memo", f"empty:{m}x{n}", True, timeout)
            c = run("memo", f"empty:{m}x{n}", False, timeout)
            print(f"| {m}×{n} | {w.get('count', w.get('status'))} | "
                  f"{c.get('count', c.get('status'))} | {_s(w.get('cpu'))}, "
                  f"{_s(c.get('cpu'))} |", flush=True)


def encodings_table(names) -> None:
    """States and CPU of memo on each encoding (the measurement behind masyu.exact's choice)."""
    import xcc
    from masyu.encodings import encode
    from masyu.exact import grid_order
    print("| puzzle | kind | 422 states | 422 CPU s | 423 states | 423 CPU s |")
    print("|---|---|---|---|---|---|")
    for name in names:
        p = _puzzle(name)
        for weak in (True, False):
            out = []
            for kind in ("422", "423"):
                enc = encode(p, kind)
                t = time.process_time()
                r = xcc.count(enc.problem, cycle=None if weak else enc.cycle(),
                              engine=xcc.MemoEngine(order=grid_order(enc)))
                out.append((r.solutions, r.counters["states"], time.process_time() - t))
            assert out[0][0] == out[1][0]
            print(f"| {name} | {'weak' if weak else 'strong'} | {out[0][1]:,} | {out[0][2]:.2f} | "
                  f"{out[1][1]:,} | {out[1][2]:.2f} |", flush=True)


def by_table(names, by: str, weak: bool, baseline: Path | None, timeout: float) -> None:
    """Counts by weight (``by``) in this tree and in ``baseline``, alternating per board."""
    trees = [("this", sys.executable)]
    if baseline is not None:
        trees.append(("baseline", str(baseline / ".venv" / "bin" / "python")))
    print(f"| board | kind | by | count | rows | " + " | ".join(t for t, _ in trees)
          + (" | CPU this / baseline |" if baseline else " |"))
    print("|---" * (5 + len(trees) + bool(baseline)) + "|")
    for name in names:
        out = [run("by", name, weak, timeout, python, {"EXACT_BY": by}) for _, python in trees]
        counts = {(r.get("count"), r.get("rows")) for r in out if "count" in r}
        if len(counts) > 1:
            sys.exit(f"{name}: the trees disagree: {counts}")
        count, rows = next(iter(counts), ("?", "?"))
        ratio = f" | {out[0]['cpu'] / out[1]['cpu']:.2f} |" if baseline and all(
            "cpu" in r for r in out) else (" | - |" if baseline else " |")
        print(f"| {name} | {'weak' if weak else 'strong'} | {by} | {count} | {rows} | "
              + " | ".join(cell(r) for r in out) + ratio, flush=True)


def main() -> None:
    global COLLECTION
    if len(sys.argv) > 1 and sys.argv[1] in ("--child", "--batch"):
        COLLECTION = Path(sys.argv[-1])
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3], sys.argv[4] == "weak")
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--batch":
        skip = set(read_counts(Path(sys.argv[7]))) if sys.argv[7] else set()
        batch(sys.argv[2], sys.argv[3], int(sys.argv[4]) or None, float(sys.argv[5]),
              sys.argv[6] == "strong", skip)
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("empty", "grid", "psm", "peer", "encodings", "by"))
    ap.add_argument("--by", default="length", help="by: length or loops")
    ap.add_argument("--weak", action="store_true", help="by: weak solutions")
    ap.add_argument("--baseline", type=Path, default=None,
                    help="by: a tree with its own .venv to measure side by side")
    ap.add_argument("--largest", type=int, default=15, help="grid: the largest side")
    ap.add_argument("--sizes", default="8,10,12,13")
    ap.add_argument("--classes", default="psm-15x15-hard", help="psm: the classes, or all")
    ap.add_argument("--counts", type=Path, default=None,
                    help="psm: write every puzzle's counts to this file")
    ap.add_argument("--names", default="psm-15x15-hard-9022176,psm-15x15-hard-7937444",
                    help="peer, encodings: the puzzles")
    puzzle_files.add_option(ap)
    ap.add_argument("--peer", action="store_true", help="run Graphillion too")
    ap.add_argument("--enumerate", action="store_true", help="count by enumeration too")
    ap.add_argument("--strong", action="store_true", help="strong counts too")
    ap.add_argument("--limit", type=int, default=None, help="puzzles per class")
    ap.add_argument("--timeout", type=float, default=600)
    a = ap.parse_args()
    COLLECTION = a.puzzles
    import platform
    print(f"Machine: {platform.processor() or platform.machine()}, Python "
          f"{platform.python_version()}; CPU seconds and peak resident memory of each run.\n")
    if a.what == "empty":
        empty_table([int(s) for s in a.sizes.split(",")], a.peer, a.timeout)
    elif a.what == "by":
        by_table(a.names.split(","), a.by, a.weak, a.baseline, a.timeout)
    elif a.what == "encodings":
        encodings_table(a.names.split(","))
    elif a.what == "grid":
        grid_table(a.largest, a.timeout)
    elif a.what == "psm":
        psm_table(a.classes.split(","), a.enumerate, a.timeout, a.limit, a.strong, a.counts)
    else:
        peer_table(a.names.split(","), a.timeout)


if __name__ == "__main__":
    main()

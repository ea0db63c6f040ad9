"""What the matrix writes: the CSV of every run, the consistency check, the
Markdown tables (medians and worst cases per size class) and the plots.

Timed-out runs count as infinitely slow in medians and worst cases (their
nodes and mems as infinitely many), so a median shows "t/o" when half the
runs or more timed out.  Tables show CPU seconds of the worker process
(steadier than wall time on a shared machine), as is the time limit unless
``--clock wall``.
"""
from __future__ import annotations

import csv
import json
import math
import os
import platform
import statistics
import subprocess
import sys
from collections import defaultdict
from importlib import metadata
from pathlib import Path
from typing import Callable

from matrix import ROOT, Task

COLUMNS = ["run", "puzzle", "group", "size", "rows", "cols", "pearls", "difficulty", "config",
           "kind", "encoding", "method", "engine", "status", "count", "known", "flag",
           "nodes", "updates", "cleansings", "mems", "max_level", "cycle_cuts", "forced",
           "conflicts", "cuts", "solves", "seconds", "cpu_seconds", "search_seconds", "error"]
INF = math.inf


def make_rows(tasks: list[Task], results: list[dict]) -> list[dict]:
    rows = []
    for t, r in zip(tasks, results):
        e, c = t.entry, t.config
        weak_known, strong_known = e.known
        row = {k: "" for k in COLUMNS}
        row.update(run=t.index, puzzle=e.name, group=e.group, size=e.size, rows=e.puzzle.rows,
                   cols=e.puzzle.cols, pearls=len(e.puzzle.pearls), difficulty=e.difficulty,
                   config=c.label, kind=c.kind, encoding=c.encoding, method=c.method,
                   engine=c.engine)
        known = weak_known if c.kind == "weak" else strong_known
        row["known"] = "" if known is None else known
        row.update({k: v for k, v in r.items() if k in row and v is not None})
        rows.append(row)
    return rows


# ---- consistency ------------------------------------------------------------

def check(rows: list[dict]) -> list[str]:
    """Flag every run that disagrees: with a count known beforehand, with the
    other configurations on the same puzzle and kind (the majority is taken
    as right), or with the other engine on nodes and mems (python and c must
    agree to the mem).  Errors are flags too.  Returns the messages."""
    problems = []
    by: dict[tuple, list[dict]] = defaultdict(list)
    for row in rows:
        if row["status"] == "error":
            row["flag"] = "error"
            problems.append(f"{row['puzzle']} {row['config']}: {row['error']}")
        if row["status"] == "ok":
            by[row["puzzle"], row["kind"]].append(row)
    for (puzzle, kind), group in by.items():
        counts = [r["count"] for r in group]
        majority = max(set(counts), key=lambda n: (counts.count(n), -n))
        known = group[0]["known"]
        for r in group:
            if known != "" and r["count"] != known:
                r["flag"] = "known count differs"
                problems.append(f"{puzzle} {r['config']}: {kind} count {r['count']}, known {known}")
            elif r["count"] != majority:
                r["flag"] = "disagrees"
                problems.append(f"{puzzle} {r['config']}: {kind} count {r['count']}, "
                                f"the others {majority}")
    pairs: dict[tuple, list[dict]] = defaultdict(list)
    for row in rows:
        if row["status"] == "ok" and row["engine"] in ("python", "c"):
            pairs[row["puzzle"], row["kind"], row["encoding"], row["method"]].append(row)
    for key, group in pairs.items():
        sig = {(r["count"], r["nodes"], r["updates"], r["cleansings"], r["mems"]) for r in group}
        if len(sig) > 1:
            for r in group:
                r["flag"] = r["flag"] or "engines differ"
            problems.append(f"{key[0]} {key[1]} {key[2]} {key[3]}: python and c differ: "
                            + "; ".join(f"{r['engine']} nodes {r['nodes']} mems {r['mems']}"
                                        for r in group))
    return problems


def known_table(rows: list[dict]) -> list[str]:
    """The puzzles with known counts: what was known, what the runs found."""
    out = ["| puzzle | size | kind | known | found (configurations agreeing) | timeouts |",
           "|---|---|---|---:|---|---:|"]
    seen: dict[tuple, list[dict]] = defaultdict(list)
    for row in rows:
        if row["group"] in ("rcra", "puzsq", "wikipedia", "synthetic"):
            seen[row["puzzle"], row["size"], row["kind"]].append(row)
    for (puzzle, size, kind), group in seen.items():
        ok = [r for r in group if r["status"] == "ok"]
        found = sorted({r["count"] for r in ok})
        text = ", ".join(f"{n:,} ({sum(r['count'] == n for r in ok)}/{len(group)})" for n in found)
        tos = sum(r["status"] == "timeout" for r in group)
        known = group[0]["known"]
        out.append(f"| {puzzle} | {size} | {kind} | {'' if known == '' else f'{known:,}'} | "
                   f"{text or '-'} | {tos} |")
    return out


# ---- statistics per size class ----------------------------------------------

def counts_mems(row: dict) -> bool:
    """Whether the run's configuration counts nodes and mems (the dancing-links
    engines do; SAT and the peers do not)."""
    if row["engine"] in ("c", "python"):
        return True
    if row["method"] == "peer" or row["engine"] == "sat":
        return False
    return row["status"] == "timeout" or row["mems"] not in ("", 0)  # "best": its choice


def value(row: dict, key: str) -> float:
    """A run's measure; a timeout is infinite, a measure the run lacks NaN."""
    if row["status"] == "timeout":
        return INF
    v = row.get(key, "")
    return float(v) if v != "" else math.nan


def size_order(rows: list[dict]) -> list[str]:
    sizes = {r["size"]: r["rows"] * r["cols"] for r in rows}
    return sorted(sizes, key=lambda s: (sizes[s], s))


def config_order(rows: list[dict]) -> list[str]:
    return list(dict.fromkeys(r["config"] for r in rows))


def summarize(rows: list[dict], key: str) -> dict[tuple[str, str], tuple]:
    """(config, size) -> (median, worst, runs, timeouts) of ``key``."""
    cells: dict[tuple, list[float]] = defaultdict(list)
    for r in rows:
        if r["status"] != "error":
            cells[r["config"], r["size"]].append(value(r, key))
    out = {}
    for k, vals in cells.items():
        vals = [v for v in vals if not math.isnan(v)]
        if vals:
            out[k] = (statistics.median(vals), max(vals), len(vals),
                      sum(v == INF for v in vals))
    return out


def fmt(v: float, seconds: bool) -> str:
    if v == INF:
        return "t/o"
    if seconds:
        return f"{v:.3f}" if v < 10 else f"{v:.1f}"
    if v < 1e4:
        return f"{v:.0f}"
    return f"{v:.2e}".replace("e+0", "e").replace("e+", "e")


def grid_table(rows: list[dict], key: str, seconds: bool, configs: list[str] | None = None) -> list[str]:
    """Rows = configurations, columns = size classes, cells "median / worst"."""
    sizes = size_order(rows)
    configs = configs or config_order(rows)
    s = summarize(rows, key)
    configs = [c for c in configs if any((c, z) in s for z in sizes)]
    out = ["| configuration | " + " | ".join(sizes) + " |", "|---|" + "---:|" * len(sizes)]
    for c in configs:
        cells = []
        for z in sizes:
            if (c, z) not in s:
                cells.append("")
                continue
            med, worst, n, tos = s[c, z]
            cells.append(f"{fmt(med, seconds)} / {fmt(worst, seconds)}")
        out.append(f"| {c} | " + " | ".join(cells) + " |")
    return out


def ratio_table(rows: list[dict], pairs: list[tuple[str, str]], key: str) -> list[str]:
    """Per size class and pair (a, b) of configurations, the median over the
    puzzles both finished of key(a) / key(b): above 1, a costs more.  "+k t/o":
    on k more puzzles a timed out and b did not (the ratio there is higher);
    "-k t/o": b timed out and a did not (lower).  "t/o" alone: never comparable."""
    sizes = size_order(rows)
    per: dict[tuple[str, str], dict] = defaultdict(dict)
    for r in rows:
        if r["status"] != "error":
            per[r["puzzle"], r["size"]][r["config"]] = value(r, key)
    out = ["| ratio | " + " | ".join(sizes) + " |", "|---|" + "---:|" * len(sizes)]
    for a_name, b_name in pairs:
        cells = []
        for z in sizes:
            ratios, above, below, both = [], 0, 0, 0
            for (puzzle, size), v in per.items():
                if size != z or a_name not in v or b_name not in v:
                    continue
                a, b = v[a_name], v[b_name]
                if math.isnan(a) or math.isnan(b):
                    continue
                if a == INF and b == INF:
                    both += 1
                elif a == INF:
                    above += 1
                elif b == INF:
                    below += 1
                elif b > 0:
                    ratios.append(a / b)
            parts = [f"{statistics.median(ratios):.3g}"] if ratios else []
            parts += [f"+{above} t/o"] if above else []
            parts += [f"−{below} t/o"] if below else []
            cells.append(" ".join(parts) if parts else ("t/o" if both else ""))
        if any(cells):
            out.append(f"| {a_name} / {b_name} | " + " | ".join(cells) + " |")
    return out


# ---- machine and versions ---------------------------------------------------

def machine() -> dict:
    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, text=True,
                                capture_output=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    info = {"cpu": cpu, "cores": os.cpu_count(), "system": platform.platform(),
            "python": sys.version.split()[0], "commit": commit}
    for dist in ("xcc-masyu", "numpy", "python-sat", "ortools", "matplotlib"):
        try:
            info[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            info[dist] = "not installed"
    return info


# ---- files ------------------------------------------------------------------

INT_COLUMNS = ("run", "rows", "cols", "pearls", "count", "known", "nodes", "updates",
               "cleansings", "mems", "max_level", "cycle_cuts", "forced", "conflicts", "cuts",
               "solves")
FLOAT_COLUMNS = ("seconds", "cpu_seconds", "search_seconds")


def read_csv(path: Path) -> list[dict]:
    """The rows of a ``matrix.csv``, numbers as numbers (to report again)."""
    rows = []
    with Path(path).open(newline="") as f:
        for row in csv.DictReader(f):
            for k in INT_COLUMNS:
                if row.get(k, "") not in ("", None):
                    row[k] = int(row[k])
            for k in FLOAT_COLUMNS:
                if row.get(k, "") not in ("", None):
                    row[k] = float(row[k])
            rows.append(row)
    return rows


def write_csv(rows: list[dict], path: Path) -> None:
    with path.open("w", newline="") as f:
        w = csv.DictWriter(f, COLUMNS)
        w.writeheader()
        w.writerows(rows)


RATIO_PAIRS = [  # (a, b): a / b, the effect of one change
    ("422 guard c", "423 guard c"),        # encoding
    ("422 weak c", "423 weak c"),
    ("423 filter c", "423 guard c"),       # loop guard
    ("423 propagate c", "423 guard c"),    # propagation
    ("423 guard python", "423 guard c"),   # engine
    ("423 guard sat", "423 guard c"),
    ("peer sat_edges", "best"),            # peers against the library's best
    ("peer cpsat", "best"),
]


def markdown(rows: list[dict], problems: list[str], info: dict, header: dict) -> str:
    real = [r for r in rows if in_size_classes(r)]
    strong = [r for r in real if r["kind"] == "strong"]
    weak = [r for r in real if r["kind"] == "weak"]
    counted = [r for r in strong if counts_mems(r)]
    present = set(r["config"] for r in rows)
    pairs = [p for p in RATIO_PAIRS if p[0] in present and p[1] in present]
    n_puzzles = len({r["puzzle"] for r in rows})
    per_size = defaultdict(set)
    for r in real:
        per_size[r["size"]].add(r["puzzle"])
    synthetic = sorted({r["puzzle"] for r in rows if not in_size_classes(r)})
    out = ["# Benchmark matrix", "",
           f"Command: `{header['command']}`  ",
           f"{len(rows)} runs on {n_puzzles} puzzles, time limit {header['time_limit']:g} s "
           f"({header.get('clock', 'cpu')} time) per run, {header['jobs']} parallel jobs, "
           f"{header['wall']:.0f} s (wall) in all.  ",
           "Machine: " + ", ".join(f"{k} {v}" for k, v in info.items()) + ".", "",
           "Puzzles per size class: " + ", ".join(f"{z} {len(per_size[z])}"
                                                  for z in size_order(real)) + "."
           + (f" Not in the size classes (only under Known counts): {', '.join(synthetic)}."
              if synthetic else ""), "",
           "Cells are *median / worst* over the puzzles of a size class; `t/o`: the time limit.",
           "", "## Strong solutions (count all: one found, a second ruled out): CPU seconds", ""]
    out += grid_table(strong, "cpu_seconds", True)
    out += ["", "## Strong solutions: mems (engines that count them)", ""]
    out += grid_table(counted, "mems", False)
    out += ["", "## Strong solutions: search-tree nodes", ""]
    out += grid_table(counted, "nodes", False)
    if weak:
        out += ["", "## Weak solutions (every set of loops): CPU seconds", ""]
        out += grid_table(weak, "cpu_seconds", True)
        out += ["", "## Weak solutions: mems", ""]
        out += grid_table([r for r in weak if counts_mems(r)], "mems", False)
    if pairs:
        out += ["", "## Ratios within this run", "",
                "*a / b*: the median ratio over the puzzles of a size class that both "
                "finished (above 1: *a* costs more); `+k t/o`: on k more puzzles *a* timed "
                "out and *b* did not; `−k t/o`: the other way round.", "", "CPU seconds:", ""]
        out += ratio_table(real, pairs, "cpu_seconds")
        mem_pairs = [p for p in pairs if all(" c" in x or "python" in x for x in p)]
        if mem_pairs:
            out += ["", "Mems:", ""]
            out += ratio_table(real, mem_pairs, "mems")
    out += ["", "## Known counts", ""] + known_table(rows)
    out += ["", "## Consistency", ""]
    if problems:
        out += [f"- **{p}**" for p in problems]
    else:
        out.append("Every configuration that finished agrees with the others and with every "
                   "known count; python and c agree on nodes, updates, cleansings and mems.")
    tos = defaultdict(int)
    for r in rows:
        if r["status"] == "timeout":
            tos[r["config"]] += 1
    if tos:
        out += ["", "Timeouts: " + ", ".join(f"{c} {n}" for c, n in tos.items()) + "."]
    return "\n".join(out) + "\n"


# ---- plots ------------------------------------------------------------------

METHOD_COLORS = {"filter": "tab:blue", "guard": "tab:orange", "propagate": "tab:green",
                 "best": "black", "sat_edges": "tab:purple", "cpsat": "tab:brown"}
ENGINE_COLORS = {"python": "tab:blue", "c": "tab:orange", "sat": "tab:green"}
ENGINE_MARKERS = {"python": "s", "c": "o", "sat": "^"}


def _style(row: dict, by_engine: bool) -> dict:
    """Color by method (by engine in a panel of weak counts), marker by
    engine, solid line for 423 and dashed for 422."""
    if row["method"] == "peer":
        color = METHOD_COLORS.get(row["engine"], "grey")
    elif by_engine:
        color = ENGINE_COLORS.get(row["engine"], "grey")
    else:
        color = METHOD_COLORS.get(row["method"], "grey")
    return dict(color=color, marker=ENGINE_MARKERS.get(row["engine"], "D"),
                linestyle="--" if row["encoding"] == "422" else "-")


def plot(rows: list[dict], key: str, path: Path, time_limit: float | None, ylabel: str,
         panels: list[tuple[str, Callable[[dict], bool]]]) -> bool:
    """Median ``key`` per size class and configuration, log scale, one
    subplot per panel (a title and which rows).  A median time that timed
    out is drawn above the time limit line; a median count of mems that timed
    out is left out.  False without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    panels = [(t, [r for r in rows if keep(r)]) for t, keep in panels]
    panels = [(t, sub) for t, sub in panels if sub]
    if not panels:
        return False
    sizes = size_order(rows)
    x = {z: k for k, z in enumerate(sizes)}
    ncols = 2 if len(panels) > 1 else 1
    nrows = (len(panels) + ncols - 1) // ncols
    fig, axes = plt.subplots(nrows, ncols, figsize=(6.5 * ncols, 4.6 * nrows), squeeze=False,
                             sharey=True)
    for ax in axes.flat[len(panels):]:
        ax.set_visible(False)
    cap = time_limit * 1.5 if time_limit else None
    for ax, (title, sub) in zip(axes.flat, panels):
        s = summarize(sub, key)
        by_engine = all(r["kind"] == "weak" for r in sub)
        first = {}
        for r in sub:
            first.setdefault(r["config"], r)
        for c, r in first.items():
            pts = [(x[z], s[c, z][0]) for z in sizes if (c, z) in s and s[c, z][0] > 0]
            if not pts:
                continue
            # a count of mems that timed out has no known size: a gap in the line
            ys = [(cap or math.nan) if m == INF else m for _, m in pts]
            ax.plot([i for i, _ in pts], ys, label=c, linewidth=1.4, markersize=4,
                    **_style(r, by_engine))
        if cap:
            ax.axhline(time_limit, color="grey", linewidth=0.8)
            ax.text(0, time_limit * 1.1, "time limit: points above it timed out", fontsize=7,
                    color="grey")
        ax.set_yscale("log")
        ax.set_xticks(range(len(sizes)), sizes, rotation=30)
        ax.set_title(title, fontsize=10)
        ax.grid(True, which="major", alpha=0.3)
        ax.legend(fontsize=7, ncol=2, loc="upper left" if key == "mems" else "lower right")
    for ax in axes[:, 0]:
        ax.set_ylabel(ylabel + " (median per size class)")
    for ax in axes[-1]:
        ax.set_xlabel("board size")
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)
    return True


def in_size_classes(row: dict) -> bool:
    """Puzzles, not synthetic boards (the empty 5x5 board counts 9,349 loops:
    a different task, kept for the consistency check only)."""
    return row["group"] != "synthetic"


def write_all(rows: list[dict], problems: list[str], info: dict, header: dict, out: Path,
              plots: bool = True) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = [out / "matrix.csv", out / "matrix.md", out / "run.json"]
    write_csv(rows, written[0])
    written[2].write_text(json.dumps({"machine": info, "run": header}, indent=1) + "\n")
    written[1].write_text(markdown(rows, problems, info, header))
    if plots:
        real = [r for r in rows if in_size_classes(r)]
        strong = lambda engines: (lambda r: r["kind"] == "strong" and r["engine"] in engines)  # noqa: E731
        panels = [("strong solutions, engine python (XCC, dancing links)", strong({"python"})),
                  ("strong solutions, engine c (XCC, dancing links)", strong({"c"})),
                  ("strong solutions: engine sat (XCC as CNF), best, peers",
                   lambda r: r["kind"] == "strong" and r["engine"] not in ("python", "c")),
                  ("weak solutions, every engine", lambda r: r["kind"] == "weak")]
        if plot(real, "cpu_seconds", out / "seconds.png", header["time_limit"], "CPU seconds",
                panels):
            written.append(out / "seconds.png")
        panels = [("strong solutions (python and c: the same mems)",
                   lambda r: r["kind"] == "strong" and r["engine"] == "c"),
                  ("weak solutions (python and c: the same mems)",
                   lambda r: r["kind"] == "weak" and r["engine"] == "c")]
        if plot(real, "mems", out / "mems.png", None, "mems", panels):
            written.append(out / "mems.png")
    return written

"""The benchmark matrix: which puzzles, which configurations, and the runs.

A *configuration* is one way to count a puzzle's solutions: an encoding
(422, 423) with a method of ``masyu.solve`` and an engine of ``xcc`` (a weak
count has no method), a method that chooses its own encoding and engine
(``best``), or a peer model of ``benchmarks/peers`` (strong counts only).
A *run* is one configuration on one puzzle.  Every run happens in a process
forked for it, stopped by the kernel when it passes the time limit (CPU
seconds, by default): a C search does not see Python timers, and a stopped
run cannot disturb the next one.  Counts, nodes
and mems do not depend on the number of parallel jobs; seconds do, a little.
"""
from __future__ import annotations

import importlib
import math
import multiprocessing
import multiprocessing.connection
import os
import random
import resource
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for _p in (str(ROOT), str(HERE)):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import masyu  # noqa: E402
import xcc  # noqa: E402

import puzzle_files  # noqa: E402  (this folder's module)

# Counts measured with independent tools (tests/data/puzzles/README.md); every
# puzzle of the collections has exactly one strong solution.
KNOWN = {
    "wikipedia-masyu-example": (6, 1),
    "puzsq-9833": (5328, 1),
    "rcra-masyu05": (14858, 1),
    "rcra-masyu06": (12, 1),
    "empty-5x5": (23858, 9349),
}
EXTRAS = ("rcra-masyu05", "rcra-masyu06", "puzsq-9833", "wikipedia-masyu-example")
# Methods that choose their own encoding and engine: one run per puzzle.
AUTO_METHODS = tuple(name for name, m in masyu.METHODS.items() if m.auto)
PEERS = ("sat_edges", "cpsat")


@dataclass(frozen=True)
class Entry:
    """A puzzle of the matrix: ``group`` is its collection class
    (``psm-10x10-hard``, ``extra``, ...), ``size`` its board as ``RxC``."""

    puzzle: masyu.Puzzle
    group: str
    difficulty: str = ""

    @property
    def name(self) -> str:
        return self.puzzle.name

    @property
    def size(self) -> str:
        return f"{self.puzzle.rows}x{self.puzzle.cols}"

    @property
    def known(self) -> tuple[int | None, int | None]:
        """(weak, strong) counts known beforehand, None where unknown."""
        if self.name in KNOWN:
            return KNOWN[self.name]
        return (None, 1) if self.group != "synthetic" else (None, None)


@dataclass(frozen=True)
class Config:
    """``kind`` is "weak" or "strong"; ``method``/``engine``/``encoding`` are
    "auto" for a method that chooses them, ``engine`` is the peer's name for a
    peer (then ``method`` is "peer")."""

    kind: str
    encoding: str
    method: str
    engine: str

    @property
    def peer(self) -> bool:
        return self.method == "peer"

    @property
    def label(self) -> str:
        if self.peer:
            return f"peer {self.engine}"
        if self.method in AUTO_METHODS:
            return self.method
        if self.kind == "weak":
            return f"{self.encoding} weak {self.engine}"
        return f"{self.encoding} {self.method} {self.engine}"


@dataclass(frozen=True)
class Task:
    index: int
    entry: Entry
    config: Config


# ---- the puzzles ------------------------------------------------------------

def psm_classes(puzzles: Iterable[masyu.Puzzle]) -> dict[str, list[masyu.Puzzle]]:
    """psm puzzles by class: ``psm-10x10-hard-1234`` is in ``psm-10x10-hard``."""
    out: dict[str, list[masyu.Puzzle]] = {}
    for p in puzzles:
        out.setdefault(p.name.rsplit("-", 1)[0], []).append(p)
    return out


def _cells(group: str) -> tuple[int, int]:
    size = group.split("-")[1]
    r, c = size.split("x")
    return int(r), int(c)


DIFFICULTY_ORDER = {name: k for k, name in enumerate(masyu.DIFFICULTIES)}


def select(sample: int, seed: int = 0, big_sample: int | None = None,
           max_side: int | None = None, quick: bool = False,
           collection: Path = puzzle_files.DEFAULT) -> list[Entry]:
    """The puzzles of the matrix, in a fixed order.

    ``sample`` puzzles of each psm class (size and difficulty), drawn with a
    seeded generator (the one-puzzle classes 30x30 to 40x40 give theirs);
    boards of 20x20 and more take ``big_sample`` (default ``sample``).  Then
    the puzzles whose counts are known (rcra-masyu05/06, puzsq-9833, the
    Wikipedia example and the empty 5x5 board).  ``quick``: two small psm
    puzzles, the Wikipedia example and rcra-masyu06, for a smoke run.
    """
    beside = collection.parent          # extra.txt and rcra.txt: the known counts
    extra = {p.name: p for p in masyu.load(beside / "extra.txt") + masyu.load(beside / "rcra.txt")}
    known = [Entry(extra[name], name.split("-")[0]) for name in EXTRAS]
    known.append(Entry(masyu.Puzzle(5, 5, name="empty-5x5"), "synthetic"))
    classes = psm_classes(masyu.load(collection))
    if quick:
        picked = [Entry(classes[g][0], g, g.split("-")[2]) for g in ("psm-6x6-easy", "psm-8x8-hard")]
        keep = ("rcra-masyu06", "wikipedia-masyu-example")
        return picked + [e for e in known if e.name in keep]
    order = sorted(classes, key=lambda g: (_cells(g), DIFFICULTY_ORDER.get(g.split("-")[2], 3)))
    entries = []
    for group in order:
        rows, cols = _cells(group)
        if max_side is not None and max(rows, cols) > max_side:
            continue
        k = sample if max(rows, cols) < 20 or big_sample is None else big_sample
        members = classes[group]
        rng = random.Random(f"{seed}:{group}")  # str seeds are hashed the same in every run
        chosen = sorted(rng.sample(range(len(members)), min(k, len(members))))
        entries += [Entry(members[i], group, group.split("-")[2]) for i in chosen]
    return entries + [e for e in known
                      if max_side is None or max(e.puzzle.rows, e.puzzle.cols) <= max_side]


# ---- the configurations -----------------------------------------------------

def available_peers() -> list[str]:
    """The peers whose solver is installed (the ``bench`` extra)."""
    out = []
    for name, needs in (("sat_edges", "pysat"), ("cpsat", "ortools")):
        try:
            importlib.import_module(needs)
        except ImportError:
            continue
        out.append(name)
    return out


def configurations(encodings=None, methods=None, engines=None, peers=None,
                   weak: bool = True) -> list[Config]:
    """Every configuration: weak counts per encoding and engine, strong counts
    per encoding, method and engine, self-choosing methods once, then peers.
    Defaults are read from the library, so new methods and engines join."""
    encodings = list(masyu.ENCODINGS if encodings is None else encodings)
    methods = list(masyu.METHODS if methods is None else methods)
    # The exact engines (memo) count without listing: benchmarks/exact.py measures them.
    # Masyu's searches need the single-cycle constraint: engines without it (mult, cells) sit out.
    engines = list([e for e in xcc.ENGINES if e not in xcc.EXACT_ENGINES
                    and xcc.engines.get(e).cycle]
                   if engines is None else engines)
    peers = available_peers() if peers is None else list(peers)
    out = []
    if weak:
        out += [Config("weak", enc, "-", eng) for enc in encodings for eng in engines]
    plain = [m for m in methods if m not in AUTO_METHODS]
    out += [Config("strong", enc, m, eng) for enc in encodings for m in plain for eng in engines]
    out += [Config("strong", "auto", m, "auto") for m in methods if m in AUTO_METHODS]
    out += [Config("strong", "-", "peer", p) for p in peers]
    return out


def tasks(entries: list[Entry], configs: list[Config], python_max_side: int | None = 10,
          weak_max_side: int | None = None) -> list[Task]:
    """All runs, puzzle-major.  The python engine only on boards up to
    ``python_max_side`` (it is some 30-100 times slower than the C one);
    weak counts and the filter (which enumerates the weak solutions) only up
    to ``weak_max_side`` (weak solutions of large boards run to the millions).
    None: no bound."""
    out = []
    for entry in entries:
        side = max(entry.puzzle.rows, entry.puzzle.cols)
        for config in configs:
            if config.engine == "python" and python_max_side is not None and side > python_max_side:
                continue
            if ((config.kind == "weak" or config.method == "filter")
                    and weak_max_side is not None and side > weak_max_side):
                continue
            out.append(Task(len(out), entry, config))
    return out


# ---- one run ----------------------------------------------------------------

def execute(task: Task, cpsat_workers: int = 1) -> dict:
    """Count, and return the statistics as plain data (in the worker process)."""
    puzzle, c = task.entry.puzzle, task.config
    cpu, wall = time.process_time(), time.perf_counter()
    row: dict = {}
    if c.peer:
        peer = importlib.import_module(f"peers.{c.engine}")
        if c.engine == "cpsat":
            peer.WORKERS = cpsat_workers
        st = peer.count_stats(puzzle)
        row.update(count=st["solutions"], conflicts=st.get("conflicts"),
                   cuts=st.get("cuts"), solves=st.get("solves"))
    else:
        kw = {} if c.method in AUTO_METHODS else {"encoding": c.encoding, "engine": c.engine}
        if c.kind == "strong":
            kw["method"] = c.method
        n = masyu.count(puzzle, weak=c.kind == "weak", **kw)
        s = n.stats
        row.update(count=int(n), nodes=s.nodes, updates=s.updates, cleansings=s.cleansings,
                   mems=s.mems, max_level=s.max_level, cycle_cuts=s.cycle_cuts,
                   forced=s.forced, conflicts=s.counters.get("conflicts"),
                   search_seconds=s.seconds, complete=s.complete)
    row["cpu_seconds"] = time.process_time() - cpu
    row["seconds"] = time.perf_counter() - wall
    return row


WARM_UP = ("..W.", "B...", "...W", ".B..")  # a 4x4 puzzle for warm_up


def warm_up(configs: list[Config], cpsat_workers: int = 1) -> None:
    """Run every configuration once on a 4x4 puzzle in this (the parent)
    process, so that the forked runs find every module loaded, the library's
    lazily imported engines as much as the peers, and time only the work."""
    entry = Entry(masyu.Puzzle.from_grid(WARM_UP, name="warm-up"), "warm-up")
    for k, config in enumerate(configs):
        execute(Task(-1 - k, entry, config), cpsat_workers)


def _child(conn, task: Task, cpsat_workers: int, cpu_limit: float | None) -> None:
    if cpu_limit is not None:  # the kernel stops the run (SIGXCPU, then SIGKILL), C or not
        soft = max(1, math.ceil(cpu_limit))
        resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 1))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # and leaves no core file
    try:
        result = {"status": "ok", **execute(task, cpsat_workers)}
    except BaseException as err:  # report it; the parent records an error row
        result = {"status": "error", "error": f"{type(err).__name__}: {err}"[:300]}
    conn.send(result)
    conn.close()


@dataclass
class _Running:
    task: Task
    process: multiprocessing.Process
    conn: object
    start: float
    deadline: float = field(default=0.0)


CPU_SIGNALS = (-signal.SIGXCPU, -signal.SIGKILL)


def run_all(all_tasks: list[Task], jobs: int, time_limit: float, cpsat_workers: int = 1,
            on_result: Callable[[Task, dict], None] | None = None,
            clock: str = "cpu") -> list[dict]:
    """Run every task in its own forked process, ``jobs`` at a time, and
    return one result per task, in task order.

    A run that uses more than ``time_limit`` seconds is stopped and recorded
    as a timeout.  With ``clock="cpu"`` (the default) the limit is the CPU time
    of the run, enforced by the kernel (RLIMIT_CPU), so that a busy machine
    does not turn finished runs into timeouts; a wall-clock limit of four
    times as much (plus 10 s) still guards against a run that sleeps.  With
    ``clock="wall"`` the limit is wall-clock time.
    """
    if clock not in ("cpu", "wall"):
        raise ValueError(f"clock must be 'cpu' or 'wall', not {clock!r}")
    ctx = multiprocessing.get_context("fork")  # the parent's imports are shared, not redone
    cpu_limit = time_limit if clock == "cpu" else None
    wall_limit = time_limit if clock == "wall" else 4 * time_limit + 10
    pending = list(reversed(all_tasks))
    running: list[_Running] = []
    results: dict[int, dict] = {}

    def finish(r: _Running, result: dict) -> None:
        r.process.join()
        r.conn.close()
        results[r.task.index] = result
        if on_result is not None:
            on_result(r.task, result)

    while pending or running:
        while pending and len(running) < max(1, jobs):
            task = pending.pop()
            receive, send = ctx.Pipe(duplex=False)
            p = ctx.Process(target=_child, args=(send, task, cpsat_workers, cpu_limit),
                            daemon=True)
            now = time.perf_counter()
            p.start()
            send.close()
            running.append(_Running(task, p, receive, now, now + wall_limit))
        wait = max(0.0, min(r.deadline for r in running) - time.perf_counter())
        ready = multiprocessing.connection.wait([r.conn for r in running], timeout=wait)
        now = time.perf_counter()
        for r in list(running):
            if r.conn in ready:
                running.remove(r)
                try:
                    result = r.conn.recv()
                except EOFError:  # the worker died without a word: the CPU limit, or a crash
                    r.process.join()
                    code = r.process.exitcode
                    if cpu_limit is not None and code in CPU_SIGNALS:
                        result = {"status": "timeout", "seconds": now - r.start}
                    else:
                        result = {"status": "error", "error": f"worker exit code {code}",
                                  "seconds": now - r.start}
                finish(r, result)
            elif now >= r.deadline:
                running.remove(r)
                r.process.kill()
                finish(r, {"status": "timeout", "seconds": now - r.start})
    return [results[t.index] for t in all_tasks]


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)

"""The ``xcc`` command's entry point, with a quick path for ``xcc count FILE``.

Counting a small DLX file takes Knuth's DLX2 a millisecond or two; importing
the full command (typer) and the library around the search (numpy) takes
Python a hundred times that.  So ``main`` takes the plainest call itself,
``xcc count FILE`` with at most ``--json`` and ``--quiet``/``-q``,
and runs it with the compiled parts alone: the one-pass reader, the layout
and the counting search of ``xcc._native``, with the output, progress,
Ctrl-C and exit codes of :mod:`xcc.cli` (a test holds the two equal).
Anything else, and any file that is not the plainest case (not ASCII, over
``QUICK_BYTES``, an error, an option without a primary item, so a warning),
goes to :func:`xcc.cli.main`, which names every error at its place.
"""
from __future__ import annotations

import os
import stat
import sys
import time

try:
    from . import _native
except ImportError:  # the compiled extension is optional: then the full command does all
    _native = None

QUICK_BYTES = 1 << 20  # larger files go to the full reader (its input caps, its errors)
MEM_BUDGET = 1 << 22  # as engine "c" (xcc.engines.dlx.native.MEM_BUDGET)
ROOM = 1 << 62
FLAGS = {"--json", "--quiet", "-q"}


def main() -> None:
    try:
        code = quick(sys.argv[1:])
        sys.stdout.flush()
    except OSError as err:  # stdout closed or full: as xcc.cli.run says it
        from .textio import output_fault  # start-up: xcc.textio costs more than a small count
        sys.exit(output_fault(err))
    if code is None:
        from .cli import main as full  # typer and the whole library: only when needed
        full()
    else:
        sys.exit(code)


def quick(argv: list[str]) -> int | None:
    """Run ``xcc count FILE [--json] [--quiet|-q]`` and return the
    exit code, or return None (nothing printed) to leave the call to the
    full command."""
    if _native is None or len(argv) < 2 or argv[0] != "count":
        return None
    files = [a for a in argv[1:] if a not in FLAGS]
    if len(files) != 1 or files[0].startswith("-"):
        return None
    read = _read(files[0])
    if read is None:
        return None
    problem, warnings = read
    for text in warnings:  # as xcc.cli prints the reader's warnings
        print(f"xcc: warning: {text}", file=sys.stderr)
    flags = argv[1:]
    as_json = "--json" in flags
    progress = not ("--quiet" in flags or "-q" in flags)
    return _count(problem, as_json, progress)


def _read(path: str):
    """The layout of a plain, small, ASCII DLX file and the reader's
    warnings (xcc.dlxfile's, word for word), or None."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size > QUICK_BYTES:
            return None  # a pipe read here would be gone for the full reader
        with open(path, "rb") as f:
            data = f.read(QUICK_BYTES + 1)
    except (OSError, ValueError):
        return None
    if len(data) > QUICK_BYTES or not data.isascii():
        return None
    read = _native.parse_dlx(data.decode("ascii"))
    if read is None:
        return None
    n1, names, starts, items, colors, color_names, lines, without_primary = read
    arrays = [memoryview(a).cast("i") for a in (starts, items, colors)]
    warnings = []
    if without_primary:  # drop them, with the warning Problem gives
        arrays, warnings = _drop(path, n1, names, color_names, memoryview(lines).cast("i"),
                                 *arrays)
    try:
        return _native.layout_compact(n1, len(names), *arrays), warnings
    except ValueError:
        return None


def _drop(source: str, n1: int, names, color_names, lines, starts, items, colors):
    """The options that name a primary item, and a warning for each other.
    (int32 buffers from a bytearray: the array module is a shared library,
    whose loading would cost more than the whole count of a small file.)"""
    keep = [k for k in range(len(starts) - 1)
            if any(items[e] < n1 for e in range(starts[k], starts[k + 1]))]
    entries = [e for k in keep for e in range(starts[k], starts[k + 1])]

    def int32(values) -> memoryview:
        out = memoryview(bytearray(4 * len(values))).cast("i")
        for j, v in enumerate(values):
            out[j] = v
        return out

    ends = [0]
    for k in keep:
        ends.append(ends[-1] + starts[k + 1] - starts[k])
    kept = [int32(ends), int32([items[e] for e in entries]), int32([colors[e] for e in entries])]
    warnings = []
    for k in sorted(set(range(len(starts) - 1)) - set(keep)):
        text = " ".join(names[items[e]] if not colors[e] else
                        f"{names[items[e]]}:{color_names[colors[e] - 1]}"
                        for e in range(starts[k], starts[k + 1]))
        warnings.append(f"{source}:{lines[k]}:1: option ignored (no primary items): {text}")
    return kept, warnings


def _count(layout, as_json: bool, progress: bool) -> int:
    """The count, printed as ``xcc.cli.count`` prints it."""
    start = time.perf_counter()
    every, next_report = 1.0, time.monotonic() + 1.0
    solver = _native.Solver(layout)
    solutions, interrupted = 0, False
    try:
        while True:
            status, found = solver.count(MEM_BUDGET, ROOM)
            solutions += found
            if status == _native.DONE:
                break
            if progress and time.monotonic() >= next_report:
                next_report = time.monotonic() + every
                nodes = solver.stats()[1]
                seconds = time.perf_counter() - start
                rate = nodes / seconds if seconds else 0.0
                print(f"... {solutions} solutions, {nodes} nodes ({rate:,.0f} nodes/s)",
                      file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        interrupted = True
    seconds = time.perf_counter() - start
    _, nodes, updates, cleansings, mems, max_level, *_ = solver.stats()
    counters = {"nodes": nodes, "updates": updates, "cleansings": cleansings, "mems": mems,
                "max_level": max_level}
    if as_json:
        import json  # only for --json
        print(json.dumps({"solutions": solutions, **counters, "seconds": seconds,
                          "complete": not interrupted, "interrupted": interrupted,
                          "engine": "c"}))
    else:
        def told(value: int, noun: str) -> str:  # as str(xcc.Stats): 1,234 nodes, 1 node
            return f"{value:,} {noun[:-1] if value == 1 else noun}"
        text = (f"Altogether {told(solutions, 'solutions')}, {told(nodes, 'nodes')}, "
                f"{told(updates, 'updates')}, {told(cleansings, 'cleansings')}, "
                f"{told(mems, 'mems')}, max level {max_level:,}, {seconds:.3f} s")
        print(text + (" (stopped early) [interrupted]" if interrupted else ""))
    if interrupted:
        return 130
    return 0 if solutions else 1

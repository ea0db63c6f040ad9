"""``--each``: solve, count or check every puzzle of a collection, one row per puzzle.

The rows are the library's (:mod:`masyu.rows`: ``row`` maps one puzzle to its
row, ``rows_by`` makes them here or over workers with ``--jobs``,
``RowsOutput`` writes them as each is made and reads them back for
``--resume``); this module runs them: ``each`` (a verb's ``--each``) and
``run_each`` (the loop: the progress bar, the output, Ctrl-C).  Each row is
written whole, so that after Ctrl-C every finished puzzle is in the output.
"""
from __future__ import annotations

import os
import time
from contextlib import nullcontext
from typing import Callable, Mapping

from .common import say
from .outputs import OutputFile, Status, held_interrupt
from .running import check_memory
from ..loop import Loop
from ..puzzle import Puzzle
from ..report import bar, summary
from ..rows import (RowsOf, RowsOutput as Rows, Task, answer_key, in_order, only,  # noqa: F401
                    positive, row, rows_by)
from ..search import Search
from ..sources import read_collection, read_input


def each(puzzle: str, task: Task, output: str | None, as_csv: bool, resume: bool,
         pattern: str | None, quiet: bool, allowed: int | None = None,
         loops: Mapping[str, Loop] | None = None, solutions: str | None = None,
         where: dict | None = None) -> int:
    """A verb's ``--each``: the row of every puzzle of the collection ``puzzle``
    (``--only`` ``pattern``) not in the ``--resume`` file yet; the exit code."""
    chosen = only(read_collection(puzzle), pattern)
    if chosen and task.verb != "check" and not task.exact:  # (exact: --memory bounds it)
        biggest = max(chosen, key=lambda p: p.rows * p.cols)
        check_memory(biggest, allowed, weak=task.weak, encoding=task.encoding,
                     method=task.method, engine=task.engine, limit=task.limit)
    kept = read_input(solutions) if solutions and resume and os.path.exists(solutions) else ""
    with Rows(task, output, as_csv, resume) as rows, \
            (nullcontext() if solutions is None
             else OutputFile(solutions, stream=True)) as found:
        if kept:
            found.write(kept)
        return run_each(chosen, task, rows, quiet=quiet, loops=loops, solutions=found,
                        rows_of=rows_by(**(where or {})))


def run_each(puzzles: list[Puzzle], task: Task, rows: Rows, *, quiet: bool = False,
             loops: Mapping[str, Loop] | None = None,
             solutions: OutputFile | None = None, rows_of: RowsOf = in_order) -> int:
    """Write the row of every puzzle not done yet; the exit code (0 all yes, 1 some no,
    130 interrupted).  The caller closes ``rows`` and ``solutions`` (``with``);
    ``rows_of`` makes the rows (see ``in_order``)."""
    todo = [p for p in puzzles if p.name not in rows.done]
    status = Status(quiet)
    start = time.perf_counter()
    tally: dict = {}
    current: list[str] = []

    def starting(k: int, p: Puzzle) -> Callable[[Search], None] | None:
        current[:] = [p.name]
        status.show(bar(sum(tally.values()), len(todo), time.perf_counter() - start, p.name),
                    force=k == 0)
        if quiet:
            return None
        return lambda search: status.show(
            bar(sum(tally.values()), len(todo), time.perf_counter() - start, p.name)
            + f" ({search.found:,} found)")

    made = rows_of(todo, task, loops, starting)
    key = answer_key(task)
    try:
        for p, r in made:
            with held_interrupt():    # the row, its loop and the tally, or none of them
                rows.write(r)
                if solutions is not None and r.get("loop") is not None:
                    solutions.write(f"# {p.name} size={p.rows}x{p.cols}\n{r['loop']}\n")
                answer = r[key] if task.verb == "check" else min(r[key], 2)
                tally[answer] = tally.get(answer, 0) + 1
    except KeyboardInterrupt:
        status.clear()
        at = f" at {current[0]}" if current else ""
        if not quiet:
            say(f"masyu: interrupted{at}: {sum(tally.values()):,} of {len(todo):,} puzzles done, "
                "their rows kept" + (f" ({len(rows.done):,} before)" if rows.done else ""))
        return 130
    finally:
        close = getattr(made, "close", None)
        if close is not None:
            close()
    status.clear()
    if not quiet:
        say("masyu: " + summary(key, tally, len(rows.done), time.perf_counter() - start))
    return 0 if all(positive({key: answer}, task) for answer in tally) else 1

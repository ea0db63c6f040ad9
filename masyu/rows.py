"""The row of each puzzle of a collection: what ``masyu count|solve|check FILE --each``
makes, a plain dict a puzzle, here or over workers.

``row(puzzle, task)`` maps one puzzle to its row and depends on nothing else (a
``Task`` says what to do: solve, count, or check; an exact count with
``exact=True``); ``rows_by(**where)`` makes the rows of many by
``masyu.parallel.map_each``, one after another here or over workers.  A row holds
``name``, ``rows``, ``cols``, the answer (``strong`` or ``weak``: the solutions
counted or found; for check ``valid`` and ``violations``), the engine's
statistics (``Stats.as_dict()``), ``encoding``, ``method``, ``engine``,
``seconds`` and ``cpu_seconds`` (the wall and CPU time for this puzzle, encoding
included).  ``RowsOutput`` writes them (JSON lines, or CSV with one column per
key of :mod:`masyu.report`) on stdout or appended to a file as each is made,
and reads a file's finished rows back to resume; ``only`` picks the puzzles by
name.  The command line (:mod:`masyu.cli.each`) runs them.
"""
from __future__ import annotations

import csv
import json
import re
import time
from dataclasses import dataclass
from typing import Callable, Iterator, Mapping, Optional, Sequence

import xcc

from .check import check as check_loop
from .errors import MasyuError
from .exact import exact_count
from .formats import box
from .loop import Loop
from .parallel import map_each
from .puzzle import Puzzle
from .report import columns, csv_line, csv_values
from .search import Search


@dataclass(frozen=True)
class Task:
    """What to do with each puzzle: ``verb`` is solve, count or check."""

    verb: str
    weak: bool = False
    encoding: str | None = None
    method: str = "auto"
    engine: str | None = None
    limit: int | None = None
    exact: bool = False   # count without listing (masyu.exact), within ``memory`` bytes
    memory: int | None = None


def answer_key(task: Task) -> str:
    return "valid" if task.verb == "check" else ("weak" if task.weak else "strong")


def row(puzzle: Puzzle, task: Task, loop: Loop | None = None,
        on_progress: Callable[[Search], None] | None = None) -> dict:
    """The row of one puzzle: the unit of work of ``--each``."""
    start, cpu = time.perf_counter(), xcc.cpu_time()
    out: dict = {"name": puzzle.name, "rows": puzzle.rows, "cols": puzzle.cols}
    if task.verb == "check":
        violations = (["no loop of this name in the solutions file"] if loop is None
                      else [str(v) for v in check_loop(puzzle, loop, weak=task.weak)])
        out.update(valid=not violations, violations=violations)
    elif task.exact:
        stats = exact_count(puzzle, weak=task.weak, encoding=task.encoding, engine=task.engine,
                            memory=task.memory)
        if stats.interrupted:  # the row is not done: Ctrl-C goes on to run_each
            raise KeyboardInterrupt
        out[answer_key(task)] = stats.solutions
        out.update(stats.as_dict())
        out.update(encoding=task.encoding, method="exact", engine=stats.engine,
                   mode="weak" if task.weak else "strong", count=stats.solutions)
    else:
        limit = task.limit if task.verb == "count" else (task.limit or 2)
        search = Search(puzzle, weak=task.weak, encoding=task.encoding, method=task.method,
                        engine=task.engine, limit=limit, on_progress=on_progress)
        first = None
        if task.verb == "count":
            result = search.count()
        else:
            for edges in search.edge_sets():
                if first is None:
                    first = Loop(puzzle.rows, puzzle.cols, edges)
            result = search.result()
        out.update(result.as_dict())     # Count.as_dict: the answer, encoding, method, engine
        if task.verb == "solve":
            out["loop"] = None if first is None else box.write(first)
    out["seconds"] = round(time.perf_counter() - start, 6)
    out["cpu_seconds"] = round(xcc.cpu_time() - cpu, 6)
    return out


def positive(r: Mapping, task: Task) -> bool:
    """Whether a row says yes: a solution found, or the loop valid."""
    return bool(r[answer_key(task)])


Starting = Callable[[int, Puzzle], Optional[Callable[[Search], None]]]
RowsOf = Callable[[Sequence[Puzzle], Task, Optional[Mapping[str, Loop]], Starting],
                  Iterator[tuple[Puzzle, dict]]]


def rows_by(**where) -> RowsOf:
    """A ``rows_of`` that makes the rows by ``masyu.parallel.map_each``: one after
    another in this process (no ``where``: ``in_order``), or over an executor
    (``where``: jobs=N, scheduler=ADDRESS or local_cluster=N),
    consecutive puzzles a task (in the collection's order; a killed worker's puzzle
    runs again).  ``starting(k, puzzle)`` is told as the k-th puzzle (from 0) starts
    (over workers: as its row arrives) and gives the progress hook of its search.

    Another ``rows_of`` may yield ``(puzzle, row)`` in any order; it stops its
    workers when closed (``run_each`` closes it on Ctrl-C and on errors)."""
    def rows_of(todo: Sequence[Puzzle], task: Task, loops: Mapping[str, Loop] | None,
                starting: Starting) -> Iterator[tuple[Puzzle, dict]]:
        work = [(p, task, None if loops is None else loops.get(p.name)) for p in todo]
        made = map_each(_row_job, work, starting=lambda k, job: starting(k, job[0]), **where)
        try:
            for (p, _, _), r in made:
                yield p, r
        finally:
            made.close()
    return rows_of


def _row_job(job: tuple[Puzzle, Task, Loop | None],
             on_progress: Callable[[Search], None] | None = None) -> dict:
    """``row`` of one job of ``rows_by`` (its arguments pickle, for the workers)."""
    puzzle, task, loop = job
    return row(puzzle, task, loop=loop, on_progress=on_progress)


in_order: RowsOf = rows_by()   # the default rows_of of run_each


def only(puzzles: Sequence[Puzzle], pattern: str | None, where: str = "--only") -> list[Puzzle]:
    """The puzzles whose names match ``pattern`` (``re.search``; None: all);
    unnamed ones get ``puzzle-K``, their place in the file."""
    named = [p if p.name else Puzzle(p.rows, p.cols, p.pearls, name=f"puzzle-{k}")
             for k, p in enumerate(puzzles, 1)]
    if pattern is None:
        return named
    try:
        regex = re.compile(pattern)
    except re.error as err:
        raise MasyuError(f"not a regular expression: {err}", where) from None
    return [p for p in named if regex.search(p.name)]


class RowsOutput:
    """Where the rows of ``task`` go: stdout, or ``path`` (each row appended whole:
    :class:`xcc.textio.AppendFile`); ``resume``: the finished rows of ``path``
    are kept, their names in ``done``."""

    def __init__(self, task: Task, path: str | None, as_csv: bool, resume: bool) -> None:
        self.task, self.as_csv = task, as_csv
        self.columns = columns(task.verb)
        self.done: set[str] = set()
        kept = ""
        if resume:
            if path is None:
                raise MasyuError("--resume needs the output file: --resume FILE", "--resume")
            kept = self._read_back(path)
        self.file = (xcc.textio.Stdout() if path is None else
                     xcc.textio.AppendFile(path, start=len(kept.encode("utf-8")), error=MasyuError))
        if as_csv and not kept:
            self.file.write(csv_line(self.columns))

    def _read_back(self, path: str) -> str:
        """The rows already in ``path`` (whole lines: a last line cut short is
        dropped), their names into ``done``; the text up to the end of the last."""
        try:
            with open(path, encoding="utf-8", newline="") as f:
                text = f.read()
        except FileNotFoundError:
            return ""
        except (OSError, UnicodeDecodeError) as err:
            raise MasyuError(getattr(err, "strerror", None) or str(err), path) from None
        lines = text.splitlines(keepends=True)
        if lines and not lines[-1].endswith("\n"):
            lines.pop()                 # a last line cut short: done again
        kept = []
        for number, line in enumerate(lines, 1):
            if not line.strip():
                kept.append(line)
                continue
            if self.as_csv:
                values = next(csv.reader([line]))
                if number == 1:
                    if values != self.columns:
                        raise MasyuError("not the CSV of this command (its header differs)", path)
                    kept.append(line)
                    continue
                name = values[0] if values else ""
            else:
                try:
                    name = json.loads(line)["name"]
                except (ValueError, KeyError, TypeError):
                    raise MasyuError("not a row of masyu --each (JSON lines)",
                                     f"{path}, line {number}") from None
            self.done.add(str(name))
            kept.append(line)
        return "".join(kept)

    def write(self, r: Mapping) -> None:
        """One row, whole (the loop of a solve's row is not in it)."""
        if self.as_csv:
            self.file.write(csv_line(csv_values(r, self.columns)))
        else:
            self.file.write(json.dumps({k: v for k, v in r.items() if k != "loop"}) + "\n")

    def __enter__(self) -> "RowsOutput":
        return self

    def __exit__(self, *exc: object) -> None:
        self.file.__exit__(*exc)

"""``--each``: solve, count or check every puzzle of a collection, one row per puzzle.

The rows are the library's (:mod:`masyu.rows`: ``row`` maps one puzzle to its
row, ``rows_by`` makes them here or over workers with ``--jobs``); this module
writes them: ``Rows`` (JSON lines, or CSV with ``--csv``, on stdout or appended
to the ``-o`` file as each is made, read back by ``--resume``), ``run_each``
(the loop: the progress bar, the output, Ctrl-C), ``only`` (``--only``).  Each
row is written whole, so that after Ctrl-C every finished puzzle is in the
output.
"""
from __future__ import annotations

import csv
import json
import re
import time
from typing import Callable, Iterable, Mapping

import typer

from .inputs import fail
from .outputs import OutputFile, RowsFile, Status, emit, held_interrupt
from ..loop import Loop
from ..puzzle import Puzzle
from ..report import columns, csv_line, csv_values
from ..rows import (RowsOf, Starting, Task, answer_key, in_order, positive,  # noqa: F401
                    row, rows_by)
from ..solving import Search


# ---------------------------------------------------------------------------
# The output: JSON lines or CSV, on stdout or in a file; --resume reads it back

class Rows:
    """Where the rows go: stdout, or ``path`` (each row appended whole: ``RowsFile``)."""

    def __init__(self, task: Task, path: str | None, as_csv: bool, resume: bool) -> None:
        self.task, self.as_csv = task, as_csv
        self.columns = columns(task.verb)
        self.done: set[str] = set()
        kept = ""
        if resume:
            if path is None:
                fail("--resume needs the output file: --resume FILE", "--resume")
            kept = self._read_back(path)
        self.file = None if path is None else RowsFile(path, start=len(kept.encode("utf-8")))
        if as_csv and not kept:
            self._put(csv_line(self.columns))

    def _read_back(self, path: str) -> str:
        """The rows already in ``path`` (whole lines: a last line cut short is
        dropped), their names into ``done``; the text up to the end of the last."""
        try:
            with open(path, encoding="utf-8", newline="") as f:
                text = f.read()
        except FileNotFoundError:
            return ""
        except (OSError, UnicodeDecodeError) as err:
            fail(getattr(err, "strerror", None) or str(err), path)
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
                        fail("not the CSV of this command (its header differs)", path)
                    kept.append(line)
                    continue
                name = values[0] if values else ""
            else:
                try:
                    name = json.loads(line)["name"]
                except (ValueError, KeyError, TypeError):
                    fail("not a row of masyu --each (JSON lines)", f"{path}, line {number}")
            self.done.add(str(name))
            kept.append(line)
        return "".join(kept)

    def _put(self, text: str) -> None:
        if self.file is None:
            emit(text)
        else:
            self.file.write(text)

    def write(self, r: Mapping) -> None:
        if not self.as_csv:
            self._put(json.dumps({k: v for k, v in r.items() if k != "loop"}) + "\n")
            return
        self._put(csv_line(csv_values(r, self.columns)))

    def __enter__(self) -> "Rows":
        return self

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            self.file.__exit__(*exc)


# ---------------------------------------------------------------------------
# The loop

def only(puzzles: Iterable[Puzzle], pattern: str | None) -> list[Puzzle]:
    """The puzzles whose names match ``--only`` (``re.search``); unnamed ones get
    ``puzzle-K``, their place in the file."""
    named = [p if p.name else Puzzle(p.rows, p.cols, p.pearls, name=f"puzzle-{k}")
             for k, p in enumerate(puzzles, 1)]
    if pattern is None:
        return named
    try:
        regex = re.compile(pattern)
    except re.error as err:
        fail(f"not a regular expression: {err}", "--only")
    return [p for p in named if regex.search(p.name)]


def _clock(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f} s"
    s = int(seconds)
    return f"{s // 3600}h{s // 60 % 60:02d}m" if s >= 3600 else f"{s // 60}m{s % 60:02d}s"


def bar(done: int, total: int, elapsed: float, name: str) -> str:
    """``[=====>     ] 1,234/3,604 34% 2m10s, about 4m05s left: NAME``"""
    width = 20
    filled = width * done // total if total else width
    left = elapsed / done * (total - done) if done else 0.0
    eta = f", about {_clock(left)} left" if done else ""
    return (f"[{'=' * filled}{'>' if filled < width else ''}{' ' * (width - filled - 1)}] "
            f"{done:,}/{total:,} {100 * done // max(total, 1)}% {_clock(elapsed)}{eta}: {name}")


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
    try:
        for p, r in made:
            with held_interrupt():    # the row, its loop and the tally, or none of them
                rows.write(r)
                if solutions is not None and r.get("loop") is not None:
                    solutions.write(f"# {p.name} size={p.rows}x{p.cols}\n{r['loop']}\n")
                key = r[answer_key(task)] if task.verb == "check" else min(r[answer_key(task)], 2)
                tally[key] = tally.get(key, 0) + 1
    except KeyboardInterrupt:
        status.clear()
        finished = sum(tally.values())
        at = f" at {current[0]}" if current else ""
        _say(quiet, f"interrupted{at}: {finished:,} of {len(todo):,} puzzles done, "
                    f"their rows kept" + (f" ({len(rows.done):,} before)" if rows.done else ""))
        return 130
    finally:
        close = getattr(made, "close", None)
        if close is not None:
            close()
    status.clear()
    _say(quiet, summary(task, tally, len(rows.done), time.perf_counter() - start))
    return 0 if all(positive({answer_key(task): key}, task) for key in tally) else 1


def _say(quiet: bool, text: str) -> None:
    if not quiet:
        typer.echo(f"masyu: {text}", err=True)


def summary(task: Task, tally: Mapping, before: int, seconds: float) -> str:
    """``3,604 puzzles in 1m02s: 3,604 with one strong solution``, and the rest."""
    total = sum(tally.values())
    if task.verb == "check":
        parts = [f"{tally.get(True, 0):,} valid", f"{tally.get(False, 0):,} not"]
    else:
        kind = answer_key(task)
        names = {0: f"no {kind} solution", 1: f"one {kind} solution", 2: "more than one"}
        parts = [f"{tally[k]:,} with {names[k]}" for k in sorted(tally)]
    done = f" ({before:,} done before)" if before else ""
    return f"{total:,} puzzles in {_clock(seconds)}{done}: " + (", ".join(parts) or "none")

"""What the searching verbs (solve, count, encode) share: the memory allowed and its
check, the search with its progress on stderr, the words of the notes."""
from __future__ import annotations

import time
from typing import Optional

from .inputs import errors_exit
from .outputs import Status, emit
from .. import memory
from ..puzzle import Puzzle
from ..solving import Search, estimate_memory


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


class Progress:
    """About once a second: solutions so far and the engine's first counter, on stderr."""

    def __init__(self, quiet: bool) -> None:
        self.status = Status(quiet, every=0.0)
        self.start = time.perf_counter()

    def __call__(self, search: Search) -> None:
        elapsed = time.perf_counter() - self.start
        stats = search.stats
        text = f"... {plural(search.found, 'solution')}"
        if search.filtering:  # the weak solutions examined
            text += f" (of {stats.solutions:,} weak)"
        name, value = next(iter(stats.counters.items()), ("nodes", 0))
        rate = value / elapsed if elapsed > 0 else 0.0
        text += f", {value:,} {name}, {rate:,.0f} {name}/s, {elapsed:.0f} s"
        self.status.show(text)

    def done(self) -> None:
        self.status.clear()


def limit_memory(text: Optional[str]) -> int | None:
    """The bytes ``--memory`` allows (its default without it)."""
    with errors_exit():
        return memory.limit() if text is None else memory.parse_size(text)


def check_memory(p: Puzzle, allowed: int | None, **how) -> None:
    with errors_exit():
        needed = estimate_memory(p.rows, p.cols, **how)
        memory.check(needed, allowed, f"a {p.rows}x{p.cols} board")


def new_search(puzzle: Puzzle, progress: Progress, **how) -> Search:
    with errors_exit():
        return Search(puzzle, on_progress=progress, **how)


def kind(weak: bool, n: int) -> str:
    return f"{'weak' if weak else 'strong'} solution{'' if n == 1 else 's'}"


def by(search: Search) -> str:
    """``by 423/guard/sat``: the encoding, method and engine of the run that answered
    (``by deduction`` when the deducer answered alone: no run was made)."""
    if search.method == "deduce":
        return "by deduction"
    how = [search.encoding.kind] + ([] if search.weak else [search.method]) + [search.engine]
    return "by " + "/".join(how)


class Stdout:
    """stdout as an output of whole records (the stand-in for OutputFile)."""

    def write(self, text: str) -> None:
        emit(text)

    def __enter__(self) -> "Stdout":
        return self

    def __exit__(self, *exc: object) -> None:
        pass

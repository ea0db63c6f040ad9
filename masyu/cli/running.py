"""What the searching verbs (solve, count, encode) share: the memory allowed and its
check, the progress of a search on stderr, the words of the notes."""
from __future__ import annotations

import time
from typing import Optional

import xcc

from .outputs import Status
from .. import memory
from ..puzzle import Puzzle
from ..report import progress
from ..solving import Search, estimate_memory


class Progress:
    """About once a second: solutions so far and the engine's first counter, on stderr."""

    def __init__(self, quiet: bool) -> None:
        self.status = Status(quiet, every=0.0)
        self.start = time.perf_counter()

    def __call__(self, search: Search) -> None:
        self.status.show(progress(search.found, search.filtering, search.stats,
                                  time.perf_counter() - self.start))

    def done(self) -> None:
        self.status.clear()


def limit_memory(text: Optional[str]) -> int | None:
    """The bytes ``--memory`` allows (its default without it)."""
    return memory.limit() if text is None else memory.parse_size(text)


def check_memory(p: Puzzle, allowed: int | None, **how) -> None:
    memory.check(estimate_memory(p.rows, p.cols, **how), allowed, f"a {p.rows}x{p.cols} board")


def by(search: Search) -> str:
    """``by 423/guard/sat``: the encoding, method and engine of the run that answered
    (``by deduction`` when the deducer answered alone: no run was made)."""
    if search.method == "deduce":
        return "by deduction"
    how = [search.encoding.kind] + ([] if search.weak else [search.method]) + [search.engine]
    return "by " + "/".join(how)


EXACT_LEAST = 1 << 20   # bytes: the smallest --memory of an exact count or a sample


def exact_memory(text: Optional[str]) -> int | None:
    """The bytes ``--memory`` gives the memo engine (an exact count, a sample; None:
    the engine's own default)."""
    return None if text is None else xcc.sizes.parse_size(text, least=EXACT_LEAST)

"""What the searching verbs share: ``--memory`` (read here once, with its one
default) and the check of a task against it, the progress of a search on stderr."""
from __future__ import annotations

import time
from typing import Optional

import xcc

from .outputs import Status
from .. import memory
from ..puzzle import Puzzle
from ..report import progress
from ..search import Search
from ..solving import estimate_memory

EXACT_LEAST = 1 << 20   # bytes: the smallest --memory of an exact count or a sample


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


def memory_limit(text: Optional[str], least: int = 1) -> int:
    """The bytes ``--memory`` allows: ``text`` (at least ``least`` bytes), else the
    default, xcc's one default limit (:func:`xcc.sizes.default_limit`)."""
    return memory.limit() if text is None else xcc.sizes.parse_size(text, least=least)


def check_memory(p: Puzzle, allowed: int | None, **how) -> None:
    memory.check(estimate_memory(p.rows, p.cols, **how), allowed, f"a {p.rows}x{p.cols} board")

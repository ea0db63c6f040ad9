"""How much memory a task will take, known before anything is built; and how much there is.

The estimate is linear in the cells of the board: the encoding's options are a
few per cell, and every engine's structures grow with them.  The bytes per
cell below are the largest measured on boards from 40x40 to 200x200 (empty
boards, the worst case, and boards with pearls), rounded up by about a
third; ``benchmarks/memory.py`` prints them against measured peak RSS, and
``tests/masyu/test_memory.py`` checks that the estimate stays above the
measurement and within a few times of it.

``limit()`` is the default of ``--memory``, xcc's one default limit
(:func:`xcc.sizes.default_limit`: half of the machine's memory, and never
more than four fifths of what is free now).  Numbers of bytes are written and
read with ``format_size`` and ``parse_size`` (``1.5G``, ``800M``), xcc's.
"""
from __future__ import annotations

import xcc

from .errors import MasyuError

BASE = 100 << 20           # the interpreter with numpy, xcc, masyu and python-sat loaded
PER_CELL = {               # bytes per cell of the board, by task (peak, not average)
    "read": 1_500,         # the puzzle itself, its board, a check or a picture
    "encode": 10_000,      # the XCC problem (Python objects) and its DLX text
    "explain": 2_000,      # the deducer's state and the recorded steps (1,000x1,000: 1.4 GB)
}                          # a search: its engine's bytes_per_node, NODES_PER_CELL times
NODES_PER_CELL = 40        # nodes of the XCC problem a cell (encoding 423: 36 to 43)


def estimate(rows: int, cols: int, tasks: tuple[str, ...]) -> int:
    """Peak bytes for a board of ``rows x cols`` doing the largest of ``tasks``
    (keys of ``PER_CELL``: ``read``, ``encode``, ``explain``, or an engine's name:
    its ``bytes_per_node``; an unknown name counts as engine ``python``)."""
    def per_cell(task: str) -> int:
        if task in PER_CELL:
            return PER_CELL[task]
        engine = xcc.engines.lookup(task) or xcc.engines.lookup("python")
        return NODES_PER_CELL * engine.bytes_per_node

    return BASE + rows * cols * max(map(per_cell, tasks))


machine = xcc.sizes.machine            # (total, free now) bytes of memory
limit = xcc.sizes.default_limit        # the default of --memory: xcc's one default limit
format_size = xcc.sizes.format_size    # 1.5 GB, 800 MB


def parse_size(text: str, where: str = "--memory") -> int:
    """Bytes from ``4G``, ``512M``, ``1.5GB``, ``2GiB`` or a plain number of bytes
    (:func:`xcc.sizes.parse_size`, its error a MasyuError)."""
    try:
        return xcc.sizes.parse_size(text, where)
    except xcc.XCCError as err:
        raise MasyuError(err.message, err.where) from None


class TooBig(MasyuError):
    """Work refused up front, before anything is built: its estimate ``needed``
    (bytes) passes ``allowed``; ``option`` (its place, ``where``) raises the limit."""

    def __init__(self, what: str, needed: int, allowed: int, option: str = "--memory") -> None:
        self.needed, self.allowed, self.option = needed, allowed, option
        super().__init__(f"{what} would need about {format_size(needed)} of memory, more than "
                         f"the {format_size(allowed)} allowed; use {option} to allow more, "
                         f"or a smaller board", option)


def check(needed: int, allowed: int | None, what: str, option: str = "--memory") -> None:
    """Refuse (:class:`TooBig`) a task that would need more than ``allowed``."""
    if allowed is not None and needed > allowed:
        raise TooBig(what, needed, allowed, option)


def refuse(rows: int, cols: int, tasks: tuple[str, ...], allowed: int | None = None,
           option: str = "--memory") -> None:
    """The one up-front check of the library's long tasks (explain, hint, ambiguity,
    sample): :class:`TooBig` when ``estimate(rows, cols, tasks)`` passes ``allowed``
    (None: the default limit, :func:`limit`)."""
    check(estimate(rows, cols, tasks), limit() if allowed is None else allowed,
          f"a {rows}x{cols} board", option)

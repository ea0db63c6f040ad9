"""How much memory a task will take, known before anything is built; and how much there is.

The estimate is linear in the cells of the board: the encoding's options are a
few per cell, and every engine's structures grow with them.  The bytes per
cell below are the largest measured on boards from 40x40 to 200x200 (empty
boards, the worst case, and boards with pearls), rounded up by about a
third; ``benchmarks/memory.py`` prints them against measured peak RSS, and
``tests/masyu/test_memory.py`` checks that the estimate stays above the
measurement and within a few times of it.

``limit()`` is the default of ``--memory``: half of the machine's memory, and
never more than four fifths of what is free now.  Numbers of bytes are
written and read with ``format_size`` and ``parse_size`` (``1.5G``, ``800M``).
"""
from __future__ import annotations

import os
import re

import xcc

from .errors import MasyuError

BASE = 100 << 20           # the interpreter with numpy, xcc, masyu and python-sat loaded
PER_CELL = {               # bytes per cell of the board, by task (peak, not average)
    "read": 1_500,         # the puzzle itself, its board, a check or a picture
    "encode": 10_000,      # the XCC problem (Python objects) and its DLX text
}                          # a search: its engine's bytes_per_node, NODES_PER_CELL times
NODES_PER_CELL = 40        # nodes of the XCC problem a cell (encoding 423: 36 to 43)


def estimate(rows: int, cols: int, tasks: tuple[str, ...]) -> int:
    """Peak bytes for a board of ``rows x cols`` doing the largest of ``tasks``
    (keys of ``PER_CELL``: ``read``, ``encode``, or an engine's name: its
    ``bytes_per_node``; an unknown name counts as engine ``python``)."""
    def per_cell(task: str) -> int:
        if task in PER_CELL:
            return PER_CELL[task]
        engine = xcc.engines.lookup(task) or xcc.engines.lookup("python")
        return NODES_PER_CELL * engine.bytes_per_node

    return BASE + rows * cols * max(map(per_cell, tasks))


def _meminfo() -> dict[str, int]:
    """/proc/meminfo in bytes (empty where there is none)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            return {line.split(":")[0]: int(line.split()[1]) * 1024 for line in f
                    if line.split()[1:2] and line.split()[1].isdigit()}
    except OSError:
        return {}


def machine() -> tuple[int | None, int | None]:
    """``(total, free now)`` bytes of memory, None where the system will not say."""
    info = _meminfo()
    total = info.get("MemTotal")
    free = info.get("MemAvailable")
    if total is None:
        try:
            total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):
            total = None
    if free is None:
        try:
            free = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):
            free = None
    return total, free


def limit() -> int | None:
    """The default limit: half the machine's memory, at most 4/5 of what is free now."""
    total, free = machine()
    candidates = [x for x in (total // 2 if total else None, free * 4 // 5 if free else None)
                  if x is not None]
    return min(candidates) if candidates else None


_SIZE = re.compile(r"\s*([0-9]{1,12}(?:\.[0-9]{1,6})?)\s*([kKmMgGtT]?)(?:i?[bB])?\s*")
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def parse_size(text: str, where: str = "--memory") -> int:
    """Bytes from ``4G``, ``512M``, ``1.5GB``, ``2GiB`` or a plain number of bytes."""
    m = _SIZE.fullmatch(text) if isinstance(text, str) else None
    if not m:
        raise MasyuError(f"a size is a number with K, M, G or T, e.g. 4G, not {str(text)[:40]!r}",
                         where)
    value = int(float(m.group(1)) * _UNITS[m.group(2).lower()])
    if value < 1:
        raise MasyuError("a memory limit is more than nothing", where)
    return value


def format_size(n: int) -> str:
    """``1.5 GB``, ``800 MB``: powers of 1024."""
    for unit, size in (("TB", 1 << 40), ("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= size:
            value = n / size
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"
    return f"{n} bytes"


def check(needed: int, allowed: int | None, what: str) -> None:
    """Refuse, with one clear error, a task that would need more than ``allowed``."""
    if allowed is not None and needed > allowed:
        raise MasyuError(f"{what} would need about {format_size(needed)} of memory, more than "
                         f"the {format_size(allowed)} allowed; use --memory to allow more, "
                         f"or a smaller board", "--memory")

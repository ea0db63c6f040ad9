"""Sizes of memory: read (``4G``), written (``1.5 GB``), the machine's, and the one default limit.

- ``parse_size(text)``: bytes from ``4G``, ``512M``, ``1.5GB``, ``2GiB`` or a
  plain number of bytes (what ``--memory`` takes, in both commands);
- ``format_size(n)``: ``1.5 GB``, ``800 MB`` (powers of 1024);
- ``machine()``: the machine's memory and what is free now;
- ``default_limit()``: the one default memory limit, of every engine and of
  both commands' ``--memory``: half the machine's memory, and never more than
  four fifths of what is free now (so that a shared machine is not pushed
  into swap).

Nothing here imports more than :mod:`xcc.errors`: the quick start of a
command reads its ``--memory`` with it.
"""
from __future__ import annotations

import os
import re

from .errors import XCCError

UNKNOWN_TOTAL = 8 << 30    # bytes assumed when the system will not say

_SIZE = re.compile(r"\s*([0-9]{1,12}(?:\.[0-9]{1,6})?)\s*([kKmMgGtT]?)(?:i?[bB])?\s*")
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def parse_size(text: str, where: str = "--memory", least: int = 1) -> int:
    """Bytes from ``4G``, ``512M``, ``1.5GB``, ``2GiB`` or a plain number of bytes;
    :class:`XCCError` (at ``where``) for anything else or for less than ``least``."""
    m = _SIZE.fullmatch(text) if isinstance(text, str) else None
    if not m:
        raise XCCError(f"a size is a number with K, M, G or T, e.g. 4G, not {str(text)[:40]!r}",
                       where)
    value = int(float(m.group(1)) * _UNITS[m.group(2).lower()])
    if value < least:
        raise XCCError("a memory limit is more than nothing" if least <= 1 else
                       f"a memory limit is at least {format_size(least)}, not {text.strip()!r}",
                       where)
    return value


def format_size(n: int) -> str:
    """``1.5 GB``, ``800 MB``: powers of 1024."""
    for unit, size in (("TB", 1 << 40), ("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= size:
            value = n / size
            return f"{value:.1f} {unit}" if value < 10 else f"{value:.0f} {unit}"
    return f"{n} bytes"


def _meminfo() -> dict[str, int]:
    """/proc/meminfo in bytes (empty where there is none)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            return {line.split(":")[0]: int(line.split()[1]) * 1024 for line in f
                    if line.split()[1:2] and line.split()[1].isdigit()}
    except OSError:
        return {}


def _sysconf(pages: str) -> int | None:
    try:
        return os.sysconf(pages) * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def machine() -> tuple[int | None, int | None]:
    """``(total, free now)`` bytes of memory, None where the system will not say."""
    info = _meminfo()
    total = info.get("MemTotal") or _sysconf("SC_PHYS_PAGES")
    free = info.get("MemAvailable") or _sysconf("SC_AVPHYS_PAGES")
    return total, free


def default_limit() -> int:
    """The default memory limit: half the machine's memory, at most 4/5 of what
    is free now (half of ``UNKNOWN_TOTAL`` where the system says neither)."""
    total, free = machine()
    candidates = [x for x in (total // 2 if total else None, free * 4 // 5 if free else None)
                  if x is not None]
    return min(candidates) if candidates else UNKNOWN_TOTAL // 2


def memory_or_default(memory: int | None) -> int:
    """The memory limit in bytes: ``memory``, or the default when None."""
    if memory is None:
        return default_limit()
    if isinstance(memory, bool) or not isinstance(memory, int) or memory < 1 << 16:
        raise XCCError(f"memory limit must be an integer number of bytes (at least 65536), "
                       f"not {memory!r}")
    return memory

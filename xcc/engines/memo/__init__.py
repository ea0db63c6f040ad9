"""Engine ``memo``: exact counts without enumeration, by memoized search.

The primary items are decided one by one in a fixed order; the state before
each level (the frontier: see :mod:`.plan`) is the memo key, so partial
solutions that agree on it are counted together.  With the single-cycle
constraint the key carries the degrees and the pairing of open path ends, as
frontier-based search does (docs/exact.md has the construction and proof).

- :mod:`.plan`: levels, owners, layouts, the lookahead's watch lists;
  :mod:`.order`: choosing the order of primary items;
- :mod:`.frontier`: states and transitions (C twin ``xcc/csrc/memo/frontier.c``);
- :mod:`.diagram`: the build level by level, counting or keeping the
  diagram for listing, ranking and uniform draws (C twins
  ``xcc/csrc/memo/memo.c``, ``diagram.c``);
- :mod:`.native`: the plan flattened for the C core, and its builds;
- :mod:`.saved`: ``Diagram``, a finished diagram as plain arrays: ranks,
  draws, saved to and read from a text file; :mod:`.poly`: counts by weight
  over it (``xcc.count(..., by=...)``);
- :mod:`.engine`: the ``Engine`` protocol: ``memo`` (C) and ``memo-python``.

Through the driver: ``xcc.count(problem, engine="memo")`` (``stats.solutions``
exact, ``int(stats)`` too), ``xcc.solve(..., engine="memo")``,
``xcc.sample(problem, k, seed=...)``; ``MemoEngine(order=..., memory=...)``
for a caller's order of items and memory limit.  A build that would pass the
limit raises :class:`MemoryLimit` before asking for the memory.
"""
from __future__ import annotations

from .diagram import MemoryLimit, SplitMix64
from .engine import (MemoCountRun, MemoDrawRun, MemoEngine, MemoListRun, build,
                     build_diagram, default_memory, memory_or_default, native_available)
from .order import choose_order
from .plan import make_plan
from .saved import Diagram

__all__ = ["MemoEngine", "MemoCountRun", "MemoListRun", "MemoDrawRun", "MemoryLimit",
           "SplitMix64", "build", "memory_or_default", "default_memory", "native_available", "choose_order",
           "make_plan", "Diagram", "build_diagram"]

"""Work refused up front under a memory limit (``--memory`` of the ``xcc`` command).

Every engine knows its peak bytes per node of the problem (``bytes_per_node``:
an option's entries plus the items); a problem whose nodes would take more than
the limit is refused before the engine builds anything, with the estimate and
the option that raises it.  The exact engines (``memo``, ``memo-python``) weigh
their own plan and layers against the limit as they build: they are handed the
limit itself (``MemoEngine(memory=...)``), which refuses before the plan's
layouts exist.
"""
from __future__ import annotations

from ..errors import XCCError
from ..problem import Problem
from ..sizes import format_size
from .base import Engine


def nodes(problem: Problem) -> int:
    """The problem's nodes: the entries of its options and its items."""
    c = problem.compact()
    return len(c.items) + len(problem.primary) + len(problem.secondary)


def limited(engine: Engine, problem: Problem, memory: int | None,
            where: str = "--memory") -> Engine:
    """``engine`` to run ``problem`` within ``memory`` bytes (None: no limit asked,
    the engine as it is): an exact engine configured with the limit, any other
    checked by its ``bytes_per_node``; :class:`XCCError` at ``where`` when the
    estimate passes the limit."""
    if memory is None:
        return engine
    if engine.exact:
        from .memo.engine import MemoEngine   # the one family configured with a limit
        return MemoEngine(native=getattr(engine, "native", True), memory=memory)
    n = nodes(problem)
    need = engine.bytes_per_node * n
    if need > memory:
        raise XCCError(f"engine {engine.name!r} would need about {format_size(need)} for "
                       f"{n:,} nodes ({engine.bytes_per_node} bytes each), over the memory "
                       f"limit of {format_size(memory)}; use {where} to allow more", where)
    return engine

"""Exact cover with colors: Knuth's Algorithm C (dancing links), TAOCP 7.2.2.1.

Knows nothing of Masyu.  ``read_dlx``/``write_dlx`` speak Knuth's DLX format;
``solve`` yields solutions lazily, ``count`` returns statistics, ``Search``
does either with progress reports; ``ENGINES`` names the engines available
here (the registry is :mod:`xcc.engines`).
"""
from .cycle import Cycle
from .dlxfile import format_dlx, knuth_compatible, parse_dlx, read_dlx, write_dlx
from .engines import DEFAULT_ENGINE, ENGINES
from .errors import XCCError
from .problem import Problem
from .results import Solution, Stats
from .search import Search, count, solve

__all__ = ["XCCError", "Problem", "Solution", "Stats", "Cycle", "read_dlx", "write_dlx",
           "parse_dlx", "format_dlx", "knuth_compatible", "DEFAULT_ENGINE", "ENGINES", "solve",
           "count", "Search"]


def __getattr__(name: str):
    """``xcc.Parallel``, ``xcc.map_each``: the parallel driver (xcc.parallel),
    imported when first asked for (pools and Dask are not needed otherwise)."""
    if name in ("Parallel", "ParallelStats", "map_each"):
        from . import parallel  # loaded lazily: see the docstring
        from .parallel.each import map_each
        return map_each if name == "map_each" else getattr(parallel, name)
    raise AttributeError(f"module 'xcc' has no attribute {name!r}")

"""Exact cover with colors: Knuth's Algorithm C (dancing links), TAOCP 7.2.2.1.

Knows nothing of Masyu.  ``read_dlx``/``write_dlx`` speak Knuth's DLX format;
``solve`` yields solutions lazily, ``count`` returns statistics, ``Search``
does either with progress reports; ``ENGINES`` names the engines available
here (the registry is :mod:`xcc.engines`).
"""
from types import SimpleNamespace

from . import dlxfile
from .cycle import Cycle
from .dlxfile import format_dlx, knuth_compatible, parse_dlx, read_dlx, write_dlx
from .engines import DEFAULT_ENGINE, ENGINES, REGISTRY
from .errors import XCCError
from .problem import Problem
from .results import Solution, Stats
from .search import Search, count, solve

# Transitional: two names of modules that moved, which masyu reads today
# (xcc.dlx.knuth_compatible, xcc.engine_sat.available).  Remove both once
# masyu reads xcc.knuth_compatible and xcc.ENGINES (its part of issue 13).
dlx = dlxfile
engine_sat = SimpleNamespace(available=REGISTRY["sat"].available)

__all__ = ["XCCError", "Problem", "Solution", "Stats", "Cycle", "read_dlx", "write_dlx",
           "parse_dlx", "format_dlx", "knuth_compatible", "DEFAULT_ENGINE", "ENGINES", "solve",
           "count", "Search"]

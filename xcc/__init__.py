"""Exact cover with colors: Knuth's Algorithm C (dancing links), TAOCP 7.2.2.1.

Knows nothing of Masyu.  ``read_dlx``/``write_dlx`` speak Knuth's DLX format;
``solve`` yields solutions lazily, ``count`` returns statistics.
"""
from .errors import XCCError
from .problem import Problem
from .results import Solution, Stats
from .cycle import Cycle
from .dlx import read_dlx, write_dlx, parse_dlx, format_dlx
from .api import DEFAULT_ENGINE, ENGINES, solve, count, Search

__all__ = ["XCCError", "Problem", "Solution", "Stats", "Cycle", "read_dlx", "write_dlx",
           "parse_dlx", "format_dlx", "DEFAULT_ENGINE", "ENGINES", "solve", "count", "Search"]

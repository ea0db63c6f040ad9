"""Exact cover with colors: Knuth's Algorithm C (dancing links), TAOCP 7.2.2.1.

Knows nothing of Masyu.  ``read_dlx``/``write_dlx`` speak Knuth's DLX format;
``solve`` yields solutions lazily, ``count`` returns statistics, ``Search``
does either with progress reports; ``ENGINES`` names the engines available
here (the registry is :mod:`xcc.engines`).  ``read_text``/``write_text``
read a capped text file and write one atomically (:mod:`xcc.textio`, masyu's too).
"""
from . import drat  # the DRAT checker (issue 18's certificates), as xcc.drat
from .cycle import Cycle
from .dlxfile import format_dlx, knuth_compatible, parse_dlx, read_dlx, write_dlx
from .engines import DEFAULT_ENGINE, ENGINES
from .errors import XCCError, XCCTypeError
from .problem import Problem
from .results import Solution, Stats
from .search import Search, count, solve
from .textio import read_text, write_text

__all__ = ["XCCError", "Problem", "Solution", "Stats", "Cycle", "read_dlx", "write_dlx",
           "parse_dlx", "format_dlx", "knuth_compatible", "DEFAULT_ENGINE", "ENGINES", "solve",
           "count", "Search", "XCCTypeError", "read_text", "write_text"]

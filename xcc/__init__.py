"""Exact cover with colors: Knuth's Algorithm C (dancing links), TAOCP 7.2.2.1.

Knows nothing of Masyu.  ``read_dlx``/``write_dlx`` speak Knuth's DLX format;
``solve`` yields solutions lazily, ``count`` returns statistics (with engine
``memo``, exact counts without listing), ``sample`` draws solutions uniformly,
``Search`` does any of them with progress reports; ``ENGINES`` names the
engines available here (the registry is :mod:`xcc.engines`), ``EXACT_ENGINES``
those that count without listing; ``MemoEngine(order=..., memory=...)`` is
the memo engine configured for a caller's item order and memory limit.
"""
from .cycle import Cycle
from .dlxfile import format_dlx, knuth_compatible, parse_dlx, read_dlx, write_dlx
from .engines import DEFAULT_ENGINE, DEFAULT_EXACT_ENGINE, ENGINES, EXACT_ENGINES
from .engines.memo import MemoEngine
from .errors import XCCError
from .problem import Problem
from .results import Solution, Stats
from .search import Search, count, sample, solve

__all__ = ["XCCError", "Problem", "Solution", "Stats", "Cycle", "read_dlx", "write_dlx",
           "parse_dlx", "format_dlx", "knuth_compatible", "DEFAULT_ENGINE", "ENGINES", "solve",
           "count", "sample", "Search", "DEFAULT_EXACT_ENGINE", "EXACT_ENGINES", "MemoEngine"]

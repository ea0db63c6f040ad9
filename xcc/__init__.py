"""Exact cover with colors: Knuth's Algorithm C (dancing links), TAOCP 7.2.2.1.

Knows nothing of Masyu.  ``read_dlx``/``write_dlx`` speak Knuth's DLX format;
``solve`` yields solutions lazily, ``count`` returns statistics (with engine
``memo``, exact counts without listing), ``sample`` draws solutions uniformly,
``Search`` does any of them with progress reports; ``Model`` builds a
problem from named items and labelled options and reads solutions as labels
(docs/modelling.md), ``check`` refuses a candidate that is no solution;
``cheapest`` gives the k cheapest solutions of a problem with costs
(``CostsEngine(k)``, engine ``costs``: docs/costs.md);
``ENGINES`` names the engines available here (the registry is
:mod:`xcc.engines`), ``EXACT_ENGINES`` those that count without listing;
``MemoEngine(order=..., memory=...)`` is the memo engine configured for a
caller's item order and memory limit; ``Diagram`` its solution diagram
(``build_diagram``), to rank, draw, count by weight, save and load.
``read_text``/``write_text`` read a capped text file and write one atomically
(:mod:`xcc.textio`, masyu's too);
``xcc.drat`` is the DRAT checker (issue 18's certificates); ``SatSolver`` an
incremental CaDiCaL (clauses added as they come, solves under assumptions).

Nothing is imported until it is first used (PEP 562): ``import xcc`` costs
no numpy and no python-sat; ``_EXPORTS`` says which module each public name
comes from.  ``main`` is the ``xcc`` command.
"""
from __future__ import annotations

import importlib
TYPE_CHECKING = False   # as typing.TYPE_CHECKING, without importing typing (start-up)

_EXPORTS: dict[str, str] = {
    "Cycle": "cycle", "format_dlx": "dlxfile", "knuth_compatible": "dlxfile",
    "parse_dlx": "dlxfile", "read_dlx": "dlxfile", "write_dlx": "dlxfile",
    "DEFAULT_ENGINE": "engines", "ENGINES": "engines", "XCCError": "errors",
    "XCCTypeError": "errors", "read_text": "textio", "write_text": "textio",
    "Problem": "problem", "Solution": "results", "Stats": "results", "cpu_time": "results",
    "Search": "search", "count": "search", "solve": "search", "sample": "search",
    "DEFAULT_EXACT_ENGINE": "engines", "EXACT_ENGINES": "engines", "MemoEngine": "engines.memo",
    "MemoryLimit": "engines.memo", "Diagram": "engines.memo", "build_diagram": "engines.memo",
    "Parallel": "parallel", "ParallelStats": "parallel", "map_each": "parallel.each",
    "SatSolver": "engines.sat.incremental",
    "Model": "model", "check": "checking",
    "cheapest": "cheapest", "CostsEngine": "engines.costs.engine",
    "version": "distribution", "DISTRIBUTION": "distribution", "ALONE": "distribution",
    "memory_or_default": "sizes",
}

__all__ = ["XCCError", "Problem", "Solution", "Stats", "Cycle", "read_dlx", "write_dlx",
           "parse_dlx", "format_dlx", "knuth_compatible", "DEFAULT_ENGINE", "ENGINES", "solve",
           "count", "sample", "Search", "DEFAULT_EXACT_ENGINE", "EXACT_ENGINES", "MemoEngine", "MemoryLimit",
           "XCCTypeError", "read_text", "write_text", "SatSolver", "cpu_time", "Model", "check",
           "Diagram", "build_diagram", "cheapest", "CostsEngine", "memory_or_default"]

if TYPE_CHECKING:   # what a type checker sees of the names served below (py.typed)
    from .cycle import Cycle
    from .dlxfile import format_dlx, knuth_compatible, parse_dlx, read_dlx, write_dlx
    from .engines import DEFAULT_ENGINE, ENGINES, DEFAULT_EXACT_ENGINE, EXACT_ENGINES
    from .errors import XCCError, XCCTypeError
    from .textio import read_text, write_text
    from .problem import Problem
    from .results import Solution, Stats
    from .sizes import memory_or_default
    from .search import Search, count, solve, sample
    from .engines.memo import MemoEngine, MemoryLimit, Diagram, build_diagram
    from .parallel import Parallel, ParallelStats
    from .parallel.each import map_each
    from .engines.sat.incremental import SatSolver
    from .model import Model
    from .checking import check
    from .cheapest import cheapest
    from .engines.costs.engine import CostsEngine
    from .distribution import ALONE, DISTRIBUTION, version

    __version__: str


def main() -> None:
    """The ``xcc`` command.  ``xcc count FILE [--json] [--quiet|-q]`` on a
    small plain file runs in C from the arguments to the printed count
    (``_native.quick``, xcc/csrc/glue/quick.c: no other module is imported, so
    the command costs little more than DLX2's whole run); every other call,
    and any file that path leaves, goes to :func:`xcc.cli.main`, which
    names every error at its place.  It lives here, not in a module of its
    own, because importing one more module would cost a fifth of the count."""
    import sys
    try:
        from ._native import quick
    except ImportError:  # the compiled extension is optional: then the full command does all
        quick = None
    try:
        code = quick(sys.argv[1:]) if quick else None
        sys.stdout.flush()
    except OSError as err:  # stdout closed or full: as xcc.cli.run says it
        from .textio import output_fault
        sys.exit(output_fault(err))
    if code is None:
        from .parallel import prestart_if_asked
        prestart_if_asked(sys.argv[1:])  # --jobs: the fork server starts while typer is imported
        try:
            from .cli import main as full  # typer and the whole library: only when needed
        except ModuleNotFoundError as err:  # xcc alone (ALONE) installed without its extra cli
            if err.name not in ("typer", "click"):
                raise
            from .distribution import ALONE
            sys.stderr.write(f"xcc: this command needs typer: pip install '{ALONE}[cli]' "
                             f"(xcc count FILE runs without it)\n")
            sys.exit(2)
        full()
    else:
        sys.exit(code)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if name == "__version__":
        from .distribution import version
        value = version()
    elif module is not None:
        value = getattr(importlib.import_module(f".{module}", __name__), name)
    elif name.isidentifier() and not name.startswith("__"):
        # a submodule reached as an attribute (``xcc.engines.REGISTRY``): imported now
        try:
            value = importlib.import_module(f".{name}", __name__)
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

"""The registry of engines: the only list of them.

``REGISTRY`` maps each name to its engine, in a fixed order; ``ENGINES`` is
the names of those available now (``c`` needs the compiled extension,
``sat`` python-sat, ``memo`` the compiled extension too); ``DEFAULT_ENGINE``
the fastest available dancing-links engine.  An engine's ``exact`` says
whether it counts without listing (the memo engines: ``xcc.count`` takes
their fast path, ``xcc.sample`` draws from them).  ``get(name)`` answers an unknown name with the valid ones and an
unavailable one with its install hint.  Adding an engine is one module
(an :class:`~xcc.engines.base.Engine`) plus one line below.
"""
from __future__ import annotations

from ..errors import XCCError
from .base import DONE, PAUSED, SOLUTION, CountRun, Engine, Run
from .dlx.native import NativeEngine
from .dlx.python import PythonEngine
from .memo.engine import MemoEngine
from .sat.engine import SatEngine

REGISTRY: dict[str, Engine] = {e.name: e for e in (PythonEngine(), NativeEngine(), SatEngine(),
                                                   MemoEngine(), MemoEngine(native=False))}
ENGINES: tuple[str, ...] = tuple(name for name, e in REGISTRY.items() if e.available())
DEFAULT_ENGINE = "c" if "c" in ENGINES else "python"
EXACT_ENGINES: tuple[str, ...] = tuple(name for name, e in REGISTRY.items() if e.exact)
DEFAULT_EXACT_ENGINE = "memo" if "memo" in ENGINES else "memo-python"


def get(name: str) -> Engine:
    """The engine called ``name``, if it can run here; else an XCCError that
    says what to do."""
    engine = REGISTRY.get(name) if isinstance(name, str) else None
    if engine is None:
        raise XCCError(f"unknown engine {name!r}; valid engines: {', '.join(ENGINES)}")
    if not engine.available():
        raise XCCError(f"engine {name!r} is not available here: {engine.why_not()}")
    return engine


__all__ = ["REGISTRY", "ENGINES", "DEFAULT_ENGINE", "DEFAULT_EXACT_ENGINE", "EXACT_ENGINES", "get", "Engine", "Run", "CountRun",
           "SOLUTION", "PAUSED", "DONE"]

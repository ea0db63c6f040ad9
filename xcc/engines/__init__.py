"""The registry of engines: the only list of them.

``REGISTRY`` maps each name to its engine, in a fixed order; ``ENGINES`` is
the names of those available now (``c`` needs the compiled extension,
``sat`` python-sat, ``memo`` the compiled extension too); ``DEFAULT_ENGINE``
the fastest available dancing-links engine.  An engine's facts are its
attributes (:class:`~xcc.engines.base.Engine`), and every caller reads them
here, never tests a name: ``exact`` says whether it counts without listing
(the memo engines: ``xcc.count`` takes their fast path, ``xcc.sample`` draws
from them), ``splits`` whether ``xcc.parallel`` can split its runs
(``task_budget`` the work of a task then), ``bytes_per_node`` the memory it
takes, ``counter_labels`` its counters, ``good_for`` when to choose it,
``multiplicities`` whether it solves a problem with bounds
(:attr:`xcc.Problem.bounds`: the Algorithm M engines), ``cycle`` whether it
takes the single-cycle constraint (not the Algorithm M and Dancing Cells
engines: a caller with a cycle, such as masyu's guard, skips them);
``refuse_unfit`` refuses, by those two facts, what an engine does not solve.
Engine ``costs`` lists the solutions of a problem with costs
(:attr:`xcc.Problem.costs`) cheapest first, where the others ignore costs;
engine ``auto`` (:mod:`xcc.engines.auto`) runs the first engine of its
measured table ``AUTO`` whose facts fit the problem (``cells``, or ``c`` with
a cycle), and is nobody's default.
``get(name)`` answers an unknown name with the valid ones and an unavailable
one with its install hint; ``lookup(name)`` gives an engine's facts whether
or not it can run here.  Adding an engine is one module (an
:class:`~xcc.engines.base.Engine`) plus one line of ``_WHERE``.

An engine's module is imported when it is first asked for: ``get("c")``
imports engine "c" alone (a worker of ``xcc.parallel`` needs no more, and
no numpy), and the names above are made on first use (PEP 562), with every
engine.  ``get`` and ``REGISTRY`` give the same objects.
"""
from __future__ import annotations

import importlib

from ..errors import XCCError
from .base import DONE, PAUSED, SOLUTION, CountRun, Engine, Run, Splittable, SplitRun

# name -> (module, class, keyword arguments), in the registry's order
_WHERE: dict[str, tuple[str, str, dict]] = {
    "python": (".dlx.python", "PythonEngine", {}),
    "c": (".dlx.native", "NativeEngine", {}),
    "sat": (".sat.engine", "SatEngine", {}),
    "memo": (".memo.engine", "MemoEngine", {}),
    "memo-python": (".memo.engine", "MemoEngine", {"native": False}),
    "mult": (".mult.native", "MultNativeEngine", {}),
    "mult-python": (".mult.python", "MultPythonEngine", {}),
    "cells": (".cells.native", "NativeCellsEngine", {}),
    "cells-python": (".cells.python", "PythonCellsEngine", {}),
    "costs": (".costs.engine", "CostsEngine", {"native": True}),
    "costs-python": (".costs.engine", "CostsEngine", {"native": False}),
    "auto": (".auto", "AutoEngine", {}),
}
_MADE: dict[str, Engine] = {}  # the engines made so far, by name


def _engine(name: str) -> Engine:
    engine = _MADE.get(name)
    if engine is None:
        module, cls, kwargs = _WHERE[name]
        engine = _MADE[name] = getattr(importlib.import_module(module, __name__), cls)(**kwargs)
        assert engine.name == name, (engine.name, name)
    return engine


def _names() -> dict:
    """The registry's names (made once, on first use)."""
    registry = {name: _engine(name) for name in _WHERE}
    engines = tuple(name for name, e in registry.items() if e.available())
    return {"REGISTRY": registry, "ENGINES": engines,
            "DEFAULT_ENGINE": "c" if "c" in engines else "python",
            "EXACT_ENGINES": tuple(name for name, e in registry.items() if e.exact),
            "DEFAULT_EXACT_ENGINE": "memo" if "memo" in engines else "memo-python"}


REGISTRY: dict[str, Engine]
ENGINES: tuple[str, ...]
DEFAULT_ENGINE: str
EXACT_ENGINES: tuple[str, ...]
DEFAULT_EXACT_ENGINE: str


def __getattr__(name: str):
    if name not in ("REGISTRY", "ENGINES", "DEFAULT_ENGINE", "EXACT_ENGINES",
                    "DEFAULT_EXACT_ENGINE"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals().update(_names())
    return globals()[name]


def lookup(name: str) -> Engine | None:
    """The engine called ``name`` whether or not it can run here (a caller
    reading its facts, such as ``bytes_per_node``), or None for an unknown name."""
    return _engine(name) if isinstance(name, str) and name in _WHERE else None


def refuse_unfit(engine: Engine, problem=None, cycle=None) -> None:
    """Refuse what ``engine`` does not solve, read from its facts, naming the
    engines that do: a problem with multiplicities (``problem.bounds``) needs
    ``multiplicities``, the single-cycle constraint (``cycle`` not None) ``cycle``.
    The one check: the drivers and the engines' own ``start`` call it."""
    registry = __getattr__("REGISTRY")
    if problem is not None and problem.bounds and not engine.multiplicities:
        able = [n for n, e in registry.items() if e.multiplicities]
        raise XCCError(f"engine {engine.name!r} does not solve a problem with multiplicities "
                       f"(bounds u:v on items); use engine {' or '.join(map(repr, able))}",
                       "argument 'engine'")
    if cycle is not None and not engine.cycle:
        able = [n for n, e in registry.items() if e.cycle]
        raise XCCError(f"engine {engine.name!r} does not take the single-cycle constraint; "
                       f"use one of {', '.join(able)} for a problem with a cycle",
                       "argument 'cycle'")


def get(name: str) -> Engine:
    """The engine called ``name``, if it can run here; else an XCCError that
    says what to do."""
    engine = lookup(name)
    if engine is None:
        raise XCCError(f"unknown engine {name!r}; valid engines: "
                       f"{', '.join(__getattr__('ENGINES'))}")
    if not engine.available():
        raise XCCError(f"engine {name!r} is not available here: {engine.why_not()}")
    return engine


__all__ = ["REGISTRY", "ENGINES", "DEFAULT_ENGINE", "DEFAULT_EXACT_ENGINE", "EXACT_ENGINES",
           "get", "lookup", "refuse_unfit", "Engine", "Run", "CountRun", "Splittable", "SplitRun", "SOLUTION",
           "PAUSED", "DONE"]

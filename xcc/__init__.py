"""Exact cover with colors: Knuth's Algorithm C (dancing links), TAOCP 7.2.2.1.

Knows nothing of Masyu.  ``read_dlx``/``write_dlx`` speak Knuth's DLX format;
``solve`` yields solutions lazily, ``count`` returns statistics, ``Search``
does either with progress reports; ``ENGINES`` names the engines available
here (the registry is :mod:`xcc.engines`).  ``read_text``/``write_text``
read a capped text file and write one atomically (:mod:`xcc.textio`, masyu's too);
``xcc.drat`` is the DRAT checker (issue 18's certificates).

Nothing is imported until it is first used (PEP 562): ``import xcc`` costs
no numpy and no python-sat; ``_EXPORTS`` says which module each public name
comes from.
"""
from __future__ import annotations

import importlib

_EXPORTS: dict[str, str] = {
    "Cycle": "cycle", "format_dlx": "dlxfile", "knuth_compatible": "dlxfile",
    "parse_dlx": "dlxfile", "read_dlx": "dlxfile", "write_dlx": "dlxfile",
    "DEFAULT_ENGINE": "engines", "ENGINES": "engines", "XCCError": "errors",
    "XCCTypeError": "errors", "read_text": "textio", "write_text": "textio",
    "Problem": "problem", "Solution": "results", "Stats": "results",
    "Search": "search", "count": "search", "solve": "search",
}

__all__ = ["XCCError", "Problem", "Solution", "Stats", "Cycle", "read_dlx", "write_dlx",
           "parse_dlx", "format_dlx", "knuth_compatible", "DEFAULT_ENGINE", "ENGINES", "solve",
           "count", "Search", "XCCTypeError", "read_text", "write_text"]


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is not None:
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

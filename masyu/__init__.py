"""Masyu puzzles as exact cover problems with colors (TAOCP 7.2.2.1, ex. 422-423).

``masyu`` uses ``xcc``; ``xcc`` knows nothing of Masyu.  The layers, from the
bottom: ``errors``; ``board``; the value types ``puzzle`` and ``loop``;
``formats``; ``check``, ``render``, ``collection``; ``encodings``;
``exact`` (counts without listing); ``methods`` (which runs a search makes);
``counts`` (a count and how it was found); ``search`` (running them) and ``deduce``;
``solving`` (``solve``, ``count``, ``is_unique`` over a search); ``parallel`` (a search
split over workers, collections); ``generate``; the ``cli`` on top (the contract in
pyproject.toml, checked by tests/masyu/test_layers.py).

The registries of every choice are exported here: ``ENCODINGS``, ``METHODS``,
``FORMATS``, ``DIFFICULTIES``; and the explanations' ``RULES`` and ``THEMES``.  (The functions ``masyu.check``,
``masyu.generate`` share their names with the modules that define them:
``from masyu.generate import measure`` reads the module; the attribute
``masyu.generate`` stays the function.)

Nothing is imported until it is first used (PEP 562): ``import masyu`` costs
no numpy, no xcc and no python-sat, so a command that only needs a reader
starts fast.  ``_EXPORTS`` says which module each public name comes from.
Every name served here comes with ``masyu.formats`` imported, which installs
``Puzzle.parse``/``Puzzle.to`` and ``Loop.parse``/``Loop.to`` on the value types
(a module of the package imports the defining module, never this face).
"""
from __future__ import annotations

import importlib
import types
TYPE_CHECKING = False   # as typing.TYPE_CHECKING, without importing typing (start-up)

_EXPORTS: dict[str, str] = {
    "MasyuError": "errors", "Cell": "board", "Edge": "board", "Puzzle": "puzzle",
    "Loop": "loop", "FORMATS": "formats", "Violation": "check", "check": "check",
    "dump": "collection", "load": "collection", "load_solutions": "collection",
    "render_svg": "render", "render_text": "render",
    "ENCODINGS": "encodings", "Encoding": "encodings", "encode": "encodings",
    "METHODS": "methods", "Count": "counts", "Search": "search", "count": "solving",
    "is_unique": "solving", "solve": "solving", "sample": "exact",
    "DIFFICULTIES": "generate", "Difficulty": "generate", "Generated": "generate",
    "generate": "generate", "generate_with_loop": "generate",
    "Certificate": "certify", "Verdict": "certify", "prove": "certify", "verify": "certify",
    "RULES": "explain", "THEMES": "explain", "Ambiguity": "explain", "Explanation": "explain",
    "Hint": "explain", "ambiguity": "explain", "explain": "explain", "hint": "explain",
}
# Public functions named like the module that defines them: importing that module
# must not replace the function by the module on the package.
_SHADOWED = frozenset(name for name, module in _EXPORTS.items() if name == module)

__all__ = ["MasyuError", "Cell", "Edge", "Puzzle", "Loop", "check", "Violation", "load", "dump",
           "load_solutions", "render_text", "render_svg", "encode", "Encoding", "solve", "count",
           "is_unique", "Count", "Search", "sample", "generate", "generate_with_loop", "Generated",
           "Difficulty", "ENCODINGS", "METHODS", "FORMATS", "DIFFICULTIES", "prove", "verify",
           "Certificate", "Verdict", "explain", "hint", "ambiguity", "Explanation", "Hint",
           "Ambiguity", "RULES", "THEMES"]

if TYPE_CHECKING:   # what a type checker sees of the names served below (py.typed)
    from .errors import MasyuError
    from .board import Cell, Edge
    from .puzzle import Puzzle
    from .loop import Loop
    from .formats import FORMATS
    from .check import Violation, check
    from .collection import dump, load, load_solutions
    from .render import render_svg, render_text
    from .encodings import ENCODINGS, Encoding, encode
    from .methods import METHODS
    from .counts import Count
    from .search import Search
    from .solving import count, is_unique, solve
    from .exact import sample
    from .generate import DIFFICULTIES, Difficulty, Generated, generate, generate_with_loop
    from .certify import Certificate, Verdict, prove, verify
    from .explain import RULES, THEMES, Ambiguity, Explanation, Hint, ambiguity, explain, hint

    __version__: str


def __getattr__(name: str):
    if name == "__version__":   # pyproject.toml's, read as xcc.version() reads it (xcc is not
        # imported here: masyu.deduce must not reach it); the metadata only when asked
        metadata = importlib.import_module("importlib.metadata")
        try:
            value = metadata.version("xcc-masyu")
        except metadata.PackageNotFoundError:
            value = "0+unknown"
        globals()[name] = value
        return value
    module = _EXPORTS.get(name)
    if module is not None or name.isidentifier() and not name.startswith("__"):
        # whatever this face serves, a puzzle or a loop it hands out can be read and
        # written: masyu.formats installs Puzzle.parse/to and Loop.parse/to on the value
        # types (they sit below it and cannot import it)
        importlib.import_module(".formats", __name__)
    if module is not None:
        value = getattr(importlib.import_module(f".{module}", __name__), name)
    elif name.isidentifier() and not name.startswith("__"):
        # a submodule reached as an attribute (``masyu.formats.write_loop``): imported now
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


class _Package(types.ModuleType):
    """The package itself: the import system binds each submodule on its parent
    when it is imported, which would replace ``masyu.check`` (the function) by
    ``masyu.check`` (the module); for the names of ``_SHADOWED`` the function wins."""

    def __setattr__(self, name: str, value) -> None:
        if name in _SHADOWED and isinstance(value, types.ModuleType):
            value = getattr(value, name)
        super().__setattr__(name, value)


import sys as _sys  # noqa: E402  (the class above must exist first)

_sys.modules[__name__].__class__ = _Package

"""Masyu puzzles as exact cover problems with colors (TAOCP 7.2.2.1, ex. 422-423).

``masyu`` uses ``xcc``; ``xcc`` knows nothing of Masyu.  The layers, from the
bottom: ``errors``; ``board``; the value types ``puzzle`` and ``loop``;
``formats``; ``check``, ``render``, ``collection``; ``encodings``;
``exact`` (counts without listing); ``solving`` and ``deduce``; ``generate``; the ``cli`` on top (the contract
in pyproject.toml, checked by tests/masyu/test_layers.py).

The registries of every choice are exported here: ``ENCODINGS``, ``METHODS``,
``FORMATS``, ``DIFFICULTIES``.  (The functions ``masyu.check``,
``masyu.generate`` share their names with the modules that define them:
``from masyu.generate import measure`` reads the module.)
"""
from .errors import MasyuError
from .board import Cell, Edge
from .puzzle import Puzzle
from .loop import Loop
from .formats import FORMATS
from .check import Violation, check
from .collection import dump, load, load_solutions
from .render import render_svg, render_text
from .encodings import ENCODINGS, Encoding, encode
from .solving import METHODS, Count, Search, count, is_unique, solve
from .exact import sample
from .generate import DIFFICULTIES, Difficulty, Generated, generate, generate_with_loop

__all__ = ["MasyuError", "Cell", "Edge", "Puzzle", "Loop", "check", "Violation", "load", "dump",
           "load_solutions", "render_text", "render_svg", "encode", "Encoding", "solve", "count",
           "is_unique", "Count", "Search", "sample", "generate", "generate_with_loop", "Generated",
           "Difficulty", "ENCODINGS", "METHODS", "FORMATS", "DIFFICULTIES"]

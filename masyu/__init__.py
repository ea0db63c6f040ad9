"""Masyu puzzles as exact cover problems with colors (TAOCP 7.2.2.1, ex. 422-423).

``masyu`` uses ``xcc``; ``xcc`` knows nothing of Masyu.
"""
from .errors import MasyuError
from .grid import Cell, Edge
from .puzzle import Puzzle
from .loop import Loop
from .check import Violation, check
from .collection import dump, load, load_solutions
from .render import render_svg, render_text
from .encode import encode
from .encoding import Encoding
from .solve import Count, Search, count, is_unique, solve

__all__ = ["MasyuError", "Cell", "Edge", "Puzzle"]
__all__ += ["Loop", "check", "Violation", "load", "dump", "load_solutions", "render_text",
            "render_svg"]
__all__ += ["encode", "Encoding", "solve", "count", "is_unique", "Count", "Search"]
from .generate import Difficulty, Generated, generate, generate_with_loop

__all__ += ["generate", "generate_with_loop", "Generated", "Difficulty"]

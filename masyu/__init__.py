"""Masyu puzzles as exact cover problems with colors (TAOCP 7.2.2.1, ex. 422-423).

``masyu`` uses ``xcc``; ``xcc`` knows nothing of Masyu.
"""
from .errors import MasyuError
from .grid import Cell, Edge
from .puzzle import Puzzle

__all__ = ["MasyuError", "Cell", "Edge", "Puzzle"]

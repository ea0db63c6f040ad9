"""The rules an explanation names, in the words solvers use (the Daily Masyu rulebook's
techniques and the board-wide ones): :mod:`masyu.rules`' one table, keyed by those
words (``name``), which the steps, the CLI's help and the docs read.

Level 1 rules read a few cells (a pearl and its neighbours, or one cell); level 2
rules read the whole board (connectivity) or follow a trial to a contradiction.
"""
from __future__ import annotations

from ..rules import BY_NAME, Rule

RULES: dict[str, Rule] = BY_NAME

__all__ = ["RULES", "Rule"]

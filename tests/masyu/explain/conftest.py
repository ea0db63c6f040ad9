"""The psm puzzles and their stored loops, for the explanation tests."""
from __future__ import annotations

import pytest

import masyu
from masyu.collection import load_solutions


@pytest.fixture(scope="session")
def psm(shared):
    return masyu.load(shared / "puzzles" / "psm.txt")


@pytest.fixture(scope="session")
def psm_loops(shared):
    return load_solutions(shared / "puzzles" / "psm_solutions.txt")


def label(name: str) -> str:
    """The psm difficulty label in a puzzle's name: easy, medium or hard."""
    return next(x for x in ("easy", "medium", "hard") if f"-{x}-" in name)

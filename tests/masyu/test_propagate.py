"""method="propagate": exactly the strong solutions, with far fewer nodes."""
from __future__ import annotations

import pytest

import masyu
import xcc
from masyu.puzzle import Puzzle

from .bruteforce import random_boards, strong_set

ENGINES = [e for e in ("python", "c") if e in xcc.ENGINES]


@pytest.mark.parametrize("encoding", ["422", "423"])
@pytest.mark.parametrize("chunk", range(4))
def test_propagate_equals_brute_force_on_random_boards(encoding, chunk):
    for rows, cols, pearls in random_boards(40, seed=1000 + chunk):
        puzzle = Puzzle(rows, cols, pearls)
        expected = strong_set(rows, cols, pearls)
        for engine in ENGINES:
            found = [loop.edges for loop in
                     masyu.solve(puzzle, encoding=encoding, method="propagate", engine=engine)]
            assert len(found) == len(set(found))
            assert set(found) == expected, (rows, cols, pearls, engine)


def test_empty_five_by_five_has_9349_loops():
    puzzle = Puzzle(5, 5, {})
    engine = "c" if "c" in ENGINES else "python"
    assert masyu.count(puzzle, method="propagate", engine=engine) == 9349


@pytest.mark.parametrize("name", ["rcra-masyu05", "puzsq-9833"])
def test_propagation_cuts_nodes(shared, name):
    puzzles = {p.name: p for f in ("rcra.txt", "extra.txt")
               for p in masyu.load(shared / "puzzles" / f)}
    p = puzzles[name]
    guard = masyu.count(p, method="guard", engine="python")
    prop = masyu.count(p, method="propagate", engine="python")
    assert guard == prop == 1
    assert prop.stats.forced > 0
    assert prop.stats.nodes * 2 < guard.stats.nodes


def test_best_configuration_gives_the_stored_loops(shared):
    puzzles = masyu.load(shared / "puzzles" / "extra.txt")[:8]
    loops = masyu.load_solutions(shared / "puzzles" / "extra_solutions.txt")
    for p in puzzles:
        found = list(masyu.solve(p, method="best", limit=2))
        assert [loop.edges for loop in found] == [loops[p.name].edges], p.name


def test_best_is_a_known_configuration():
    from masyu.methods import METHODS, best_configuration
    for weak in (False, True):
        encoding, method, engine = best_configuration(weak)
        assert encoding in ("422", "423") and method in METHODS and engine in xcc.ENGINES


def test_best_weak_counts_equal_the_published_ones(shared):
    """rcra-masyu06: 12 weak solutions (README), by whatever best picks for weak."""
    p = {q.name: q for q in masyu.load(shared / "puzzles" / "rcra.txt")}["rcra-masyu06"]
    n = masyu.count(p, weak=True, method="best")
    assert n == 12 and n.weak
    assert n.stats.nodes > 0  # counted by dancing links (the SAT engine walks no tree)

"""Solving: the counts of tests/data/puzzles/README.md, guard = filter, the corpus."""
from __future__ import annotations

import pytest

import xcc
from masyu import Count, MasyuError, Puzzle, Search, count, is_unique, solve
from masyu.collection import load, load_solutions
from masyu.search import one_loop

from .bruteforce import BOARDS, strong_set, weak_solutions

FAST = "c" if "c" in xcc.ENGINES else "python"
ENCODINGS = ("422", "423")
METHODS = ("filter", "guard")


@pytest.fixture(scope="module")
def puzzles(shared):
    found = {}
    for name in ("extra.txt", "rcra.txt"):
        found.update({p.name: p for p in load(shared / "puzzles" / name)})
    return found


# ---- the facts of tests/data/puzzles/README.md --------------------------------------

FACTS = [  # name, weak, strong, whether the Python engine is quick enough for 422
    ("wikipedia-masyu-example", 6, 1, True),
    ("puzsq-9833", 5328, 1, True),
    ("rcra-masyu05", 14858, 1, False),
    ("rcra-masyu06", 12, 1, False),
]


@pytest.mark.parametrize("name,weak,strong,quick", FACTS)
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_readme_counts(puzzles, name, weak, strong, quick, encoding):
    if FAST == "python" and encoding == "422" and not quick:
        pytest.skip("422 on this puzzle needs the C engine")
    p = puzzles[name]
    assert count(p, weak=True, encoding=encoding, engine=FAST) == weak
    for method in METHODS:
        assert count(p, encoding=encoding, method=method, engine=FAST) == strong


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_empty_five_by_five(encoding):
    empty = Puzzle(5, 5)
    assert count(empty, weak=True, encoding=encoding, engine=FAST) == 23858
    for method in METHODS:
        assert count(empty, encoding=encoding, method=method, engine=FAST) == 9349


def test_guard_cuts_and_is_cheaper(puzzles):
    p = puzzles["rcra-masyu05"]
    guard = count(p, method="guard", engine=FAST)
    filt = count(p, method="filter", engine=FAST)
    assert guard == filt == 1
    assert guard.stats.cycle_cuts > 0 and filt.stats.cycle_cuts == 0
    assert filt.stats.solutions == 14858  # the weak solutions the filter examined
    assert guard.stats.nodes * 10 < filt.stats.nodes


def test_the_unique_loop_is_the_stored_one(shared, puzzles):
    loops = load_solutions(shared / "puzzles" / "extra_solutions.txt")
    for name in ("wikipedia-masyu-example", "puzsq-9833"):
        for encoding in ENCODINGS:
            found = list(solve(puzzles[name], encoding=encoding, engine="python"))
            assert found == [loops[name]]


# ---- strong solutions: guard = filter = brute force, in both engines ----------------

@pytest.mark.parametrize("chunk", range(10))
def test_guard_equals_filter_on_random_boards(chunk):
    """Every board in the fast engine; every fifth board in every engine."""
    for k in range(chunk, len(BOARDS), 10):
        rows, cols, pearls = BOARDS[k]
        puzzle = Puzzle(rows, cols, pearls)
        expected = strong_set(rows, cols, pearls)
        engines = [e for e in xcc.ENGINES if xcc.engines.get(e).cycle] \
            if k % 5 == 0 else [FAST]  # (the engines that take the cycle)
        for engine in engines:
            for encoding in ENCODINGS:
                for method in METHODS:
                    found = list(Search(puzzle, encoding=encoding, method=method,
                                        engine=engine).edge_sets())
                    where = (puzzle.grid, engine, encoding, method)
                    assert len(found) == len(set(found)), where
                    assert set(found) == expected, where


def test_weak_solutions_come_as_loops():
    puzzle = Puzzle(3, 4, {(0, 1): "W"})
    found = {loop.edges for loop in solve(puzzle, weak=True, engine="python")}
    assert found == set(weak_solutions(3, 4, {(0, 1): "W"}))


def test_the_names_that_moved_out_of_solving_still_import_from_it():
    import masyu.counts
    import masyu.search
    import masyu.solving
    assert masyu.solving.Search is masyu.search.Search is Search
    assert masyu.solving.Count is masyu.counts.Count is Count
    assert masyu.solving.one_loop is one_loop
    assert masyu.solving.WHERE is masyu.search.WHERE
    assert masyu.solving.SPLIT_OPTIONS is masyu.search.SPLIT_OPTIONS


def test_one_loop():
    square = [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0))]
    other = [((r + 2, c), (r2 + 2, c2)) for (r, c), (r2, c2) in square]
    assert one_loop(square, [(0, 0)])
    assert not one_loop(square, [(2, 2)])  # misses a pearl
    assert not one_loop(square + other, [])  # two loops
    assert not one_loop([], [])  # no loop at all


# ---- the corpus: one strong solution, the stored loop ---------------------------------

@pytest.fixture(scope="module")
def corpus(shared):
    puzzles = load(shared / "puzzles" / "psm.txt") + load(shared / "puzzles" / "extra.txt")
    loops = load_solutions(shared / "puzzles" / "psm_solutions.txt")
    loops.update(load_solutions(shared / "puzzles" / "extra_solutions.txt"))
    return puzzles, loops


class _OverBudget(Exception):
    pass


def _check_unique(puzzle, loops, engine, max_nodes=None) -> bool:
    """Assert one strong solution, the stored loop; False if over the node budget."""
    def stop(search):
        if search.stats.nodes > max_nodes:
            raise _OverBudget

    search = Search(puzzle, engine=engine, limit=2, progress_every=0.0,
                    on_progress=None if max_nodes is None else stop)
    try:
        found = list(search)
    except _OverBudget:
        return False
    assert len(found) == 1, puzzle.name
    assert found[0] == loops[puzzle.name], puzzle.name
    return True


@pytest.mark.slow
@pytest.mark.parametrize("side", [6, 8, 10])
def test_corpus_up_to_ten_by_ten(corpus, side):
    puzzles, loops = corpus
    chosen = [p for p in puzzles if max(p.rows, p.cols) == side]
    if FAST == "python":
        chosen = chosen[::20]  # a sample: every puzzle needs the C engine
    assert chosen
    for puzzle in chosen:
        assert _check_unique(puzzle, loops, FAST)


# Every k-th puzzle of each larger size (all the 17x17), each given 2 million
# search nodes (about a second): most need far fewer, the hard ones far more
# (the one-off 30x30 to 45x31 puzzles take from ten seconds to minutes).
LARGER = {15: 25, 17: 1, 20: 40, 25: 60}


@pytest.mark.slow
@pytest.mark.parametrize("side", sorted(LARGER))
def test_corpus_larger_sample(corpus, side):
    if FAST == "python":
        pytest.skip("needs the C engine")
    puzzles, loops = corpus
    chosen = [p for p in puzzles if max(p.rows, p.cols) == side][::LARGER[side]]
    checked = sum(_check_unique(p, loops, FAST, max_nodes=2_000_000) for p in chosen)
    assert checked >= len(chosen) // 2, (checked, len(chosen))


# ---- the API ------------------------------------------------------------------

def test_count_is_an_int_with_statistics(puzzles):
    n = count(puzzles["puzsq-9833"], weak=True, engine="python")
    assert isinstance(n, int) and isinstance(n, Count) and n == 5328
    assert n.weak and n.complete and n.stats.solutions == 5328 and n.stats.nodes > 0
    d = n.as_dict()
    assert d["weak"] == 5328 and {"nodes", "mems", "complete", "interrupted"} <= set(d)
    assert "cycle_cuts" not in d  # no cycle constraint: no counter of its cuts
    strong = count(puzzles["puzsq-9833"], engine="python")
    assert not strong.weak and strong.as_dict()["strong"] == 1


def test_limit_and_is_unique(puzzles):
    p = puzzles["puzsq-9833"]
    n = count(p, weak=True, engine="python", limit=10)
    assert n == 10 and not n.complete
    assert is_unique(p, engine="python")
    assert not is_unique(Puzzle(3, 3), engine="python")  # 13 cycles
    assert not is_unique(Puzzle.from_grid(["W..", "...", "..."]), engine="python")  # none
    for method in METHODS:
        assert len(list(solve(Puzzle(4, 4), method=method, limit=3, engine="python"))) == 3


def test_solve_is_lazy():
    search = Search(Puzzle(5, 5), weak=True, engine="python")
    it = iter(search)
    next(it)
    assert search.found == 1 and search.stats.solutions == 1


@pytest.mark.parametrize("kwargs,valid", [
    ({"encoding": "421"}, "422, 423"),
    ({"method": "sieve"}, "filter, guard"),
    ({"engine": "fortran"}, "python"),
])
def test_unknown_names_list_the_valid_ones(kwargs, valid):
    with pytest.raises(MasyuError, match=valid):
        count(Puzzle(3, 3), **kwargs)


def test_bad_arguments():
    with pytest.raises(MasyuError):
        count("..\n..", engine="python")
    with pytest.raises(MasyuError):
        count(Puzzle(3, 3), engine="python", limit=0)


def test_progress_and_interrupt(puzzles):
    calls = []

    def progress(search):
        calls.append((search.found, search.stats.nodes))
        if len(calls) == 3:
            raise KeyboardInterrupt  # as Ctrl-C would

    n = count(puzzles["rcra-masyu05"], weak=True, engine="python", on_progress=progress,
              progress_every=0.0)
    assert len(calls) == 3 and calls[0][1] < calls[2][1]
    assert n.stats.interrupted and not n.complete and 0 < n < 14858
    assert n.stats.nodes >= calls[2][1]

    calls.clear()
    search = Search(puzzles["rcra-masyu05"], weak=True, engine="python", on_progress=progress,
                    progress_every=0.0)
    with pytest.raises(KeyboardInterrupt):
        search.count()
    assert search.stats.interrupted and search.result() == search.found > 0

"""masyu.parallel: the counts of the README (weak and strong) and the loops in
order, split over processes; a collection run one puzzle a task, or here."""
from __future__ import annotations

import pytest

import masyu
from masyu.collection import load
from masyu.parallel import ParallelSearch, count, map_each, solve

FACTS = [("wikipedia-masyu-example", 6, 1), ("puzsq-9833", 5328, 1)]  # README: weak, strong


@pytest.fixture(scope="module")
def puzzles(shared):
    return {p.name: p for p in load(shared / "puzzles" / "extra.txt")}


@pytest.mark.parametrize("name,weak,strong", FACTS)
@pytest.mark.parametrize("encoding", ["422", "423"])
def test_readme_counts_in_parallel(puzzles, name, weak, strong, encoding):
    p = puzzles[name]
    w = count(p, weak=True, encoding=encoding, jobs=2, budget=200_000, warm=16)
    assert w == weak and w.complete
    assert w.stats.counters == masyu.count(p, weak=True, encoding=encoding).stats.counters
    methods = ("filter", "guard", "propagate") if weak < 100 or encoding == "423" else ("guard",)
    for method in methods:
        assert count(p, encoding=encoding, method=method, jobs=2, budget=200_000) == strong


def test_weak_loops_in_order(puzzles):
    p = puzzles["puzsq-9833"]
    expect = list(masyu.solve(p, weak=True, encoding="423", limit=300))
    got = list(solve(p, weak=True, encoding="423", limit=300, jobs=2))
    assert got == expect


def test_map_each_is_the_same_here_and_over_workers(shared):
    puzzles = load(shared / "puzzles" / "psm.txt")[:12]
    here = list(map_each(masyu.is_unique, puzzles))
    assert here == [(p, True) for p in puzzles]  # every psm puzzle has one loop
    assert list(map_each(masyu.is_unique, puzzles, jobs=2)) == here
    started = []
    assert list(map_each(masyu.is_unique, puzzles, jobs=2,
                         starting=lambda k, p: started.append((k, p.name)))) == here
    assert started == [(k, p.name) for k, p in enumerate(puzzles)]


def test_map_each_here_hands_the_hook_of_starting_to_the_job():
    puzzle = masyu.Puzzle.parse("6x6:eBbBfWbWbBaBcWbBe")
    seen = []

    def job(p, on_progress=None):
        seen.append(on_progress)
        return int(masyu.count(p, on_progress=on_progress))

    hook = lambda search: None  # noqa: E731
    assert list(map_each(job, [puzzle], starting=lambda k, p: hook)) == [(puzzle, 1)]
    assert seen == [hook]


def test_a_split_search_is_masyu_search_given_workers(puzzles):
    p = puzzles["puzsq-9833"]
    s = masyu.Search(p, weak=True, jobs=2)
    assert int(s.count()) == 5328 and s.stats.subproblems >= 1
    with pytest.raises(masyu.MasyuError, match="give one of"):
        ParallelSearch(p)
    with pytest.raises(masyu.MasyuError, match="deadline"):
        masyu.Search(p, jobs=2, deadline=1.0)
    with pytest.raises(masyu.MasyuError, match="resume"):
        masyu.Search(p, resume={})
    with pytest.raises(masyu.MasyuError, match="state"):
        masyu.Search(p).state()
    with pytest.raises(TypeError, match="jbos"):
        masyu.Search(p, jbos=2)

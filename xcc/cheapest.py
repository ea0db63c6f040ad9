"""The k cheapest solutions of a problem with costs: ``cheapest``.

A few lines over :class:`xcc.search.Search` with the min-cost engine
(:mod:`xcc.engines.costs`: "costs", in C, or "costs-python") configured for
``k``: the solutions come back
cheapest first, each with its cost (:meth:`xcc.Problem.cost`), as a list:
the search must end before the cheapest is known.  ``xcc.solve(problem,
engine="costs")`` lists every solution cheapest first, cutting nothing
(docs/costs.md).
"""
from __future__ import annotations

from typing import Callable

from .engines.costs.engine import for_k
from .problem import Problem
from .results import Solution, Stats
from .search import Search


def cheapest(problem: Problem, k: int = 1, *,
             on_progress: Callable[[Stats], None] | None = None,
             deadline: float | None = None,
             engine: str | None = None) -> list[tuple[int, Solution]]:
    """The ``k`` cheapest solutions of ``problem`` (fewer if it has fewer), as
    ``(cost, solution)`` pairs in increasing order of cost; among solutions of
    equal cost, those the search finds first.  ``on_progress`` and
    ``deadline`` are :class:`~xcc.search.Search`'s (a search stopped by its
    deadline returns ``[]``: no solution is known to be among the cheapest
    before the end).  ``engine``: "costs" (C) or "costs-python"; by default
    "costs" when the compiled extension is here, else "costs-python"."""
    made = for_k(k, engine)  # k None would list them all: not what "the k cheapest" means
    with Search(problem, engine=made, on_progress=on_progress,
                deadline=deadline) as search:
        return [(problem.cost(s.indices), s) for s in search]

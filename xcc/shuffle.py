"""A problem in a seeded random order, and its solutions mapped back: ``shuffle``.

Random restarts for every engine, by one transform of the problem rather than
a change to each engine: ``shuffle(problem, seed)`` permutes the primary
items, the secondary items and the options by a permutation drawn from
``random.Random(seed)``.  Algorithm C (and M) branch on the leftmost of the
items with the fewest options, so the seed breaks those ties at random, and
an item's options are tried in the order of the options, so they come in a
random order too; the other engines see the same problem in another order.
The engine searches ``Shuffled.problem``; ``Shuffled.back`` maps each of its
solutions to the caller's problem (its option indices, hence its
``source_indices``, texts and labels), so that a seed changes the order of
the solutions and the statistics of a search, never the set of solutions.

The same seed gives the same problem, on any machine and Python (the
permutation is ``random.shuffle``'s of the seed's Mersenne Twister), hence the
same solutions in the same order, and the same statistics with the python and
the c engine alike.  The order inside an option is kept: its text is the same.
Multiplicities and costs go with their items and options; a cycle constraint
names items, not positions, and needs nothing.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from .errors import XCCError, XCCTypeError
from .problem import Problem
from .results import Solution


def check_seed(seed: object) -> int | None:
    """``seed`` if it is None or a non-negative integer (``random.Random`` takes
    ``-s`` as ``s``: one seed, one order), else one clear error."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise XCCTypeError(f"seed must be an integer, not {type(seed).__name__}",
                           "argument 'seed'")
    if seed < 0:
        raise XCCError(f"seed must be 0 or more, not {seed}", "argument 'seed'")
    return seed


@dataclass(frozen=True)
class Shuffled:
    """``problem``: ``original`` in a seed's order, what the engine searches;
    ``order[k]`` is the index in ``original.options`` of its option ``k``."""

    problem: Problem
    order: tuple[int, ...]
    original: Problem = field(repr=False)

    def back(self, indices: Sequence[int]) -> tuple[int, ...]:
        """The options ``indices`` of ``problem`` (a solution's, in the order
        chosen) as the same options of ``original``."""
        order = self.order
        return tuple(order[k] for k in indices)

    def solution(self, solution: Solution) -> Solution:
        """A solution of ``problem`` as the same solution of ``original``."""
        return Solution(self.back(solution.indices), self.original)

    def weights(self, by: object) -> object:
        """A ``by=`` of an exact count (a weight per option of ``original``, or
        a function of its option index) for ``problem``'s options; anything
        else as it is (``"cycles"``, or what the engine refuses)."""
        order = self.order
        if isinstance(by, str) or by is None:
            return by
        if callable(by):
            return lambda k: by(order[k])
        if hasattr(by, "__len__") and hasattr(by, "__getitem__") and len(by) == len(order):
            return [by[j] for j in order]
        return by


def shuffle(problem: Problem, seed: int) -> Shuffled:
    """``problem`` with its primary items, secondary items and options each in
    the random order drawn from ``seed`` (see the module)."""
    if not isinstance(problem, Problem):
        raise XCCTypeError(f"expected an xcc.Problem, not {type(problem).__name__}",
                           "argument 'problem'")
    check_seed(seed)
    rng = random.Random(seed)
    n1, n2, m = len(problem.primary), len(problem.secondary), len(problem.options)
    primary, secondary, order = list(range(n1)), list(range(n2)), list(range(m))
    rng.shuffle(primary)
    rng.shuffle(secondary)
    rng.shuffle(order)
    c = problem.compact()
    position = np.empty(n1 + n2, dtype=np.int64)  # the new index of each item
    position[np.asarray(primary, dtype=np.int64)] = np.arange(n1)
    position[n1 + np.asarray(secondary, dtype=np.int64)] = np.arange(n1, n1 + n2)
    taken = np.asarray(order, dtype=np.int64)
    old: np.ndarray = c.starts.astype(np.int64)
    sizes: np.ndarray = (old[1:] - old[:-1])[taken]
    starts = np.zeros(m + 1, dtype=np.int64)
    np.cumsum(sizes, out=starts[1:])
    # entry e of the new layout is entry (old start of its option) + (e - new start)
    entries = np.repeat(old[:-1][taken] - starts[:-1], sizes) + \
        np.arange(int(starts[-1]), dtype=np.int64)
    names = problem.primary + problem.secondary
    bounds = problem.bounds
    shuffled = Problem.from_arrays(
        [names[i] for i in primary], [names[n1 + i] for i in secondary], starts,
        position[c.items[entries]], c.colors[entries], c.color_names, name=problem.name,
        trusted=True, bounds={problem.primary[i]: bounds[i] for i in primary} if bounds else None,
        costs=[problem.costs[j] for j in order] if problem.costs else None)
    return Shuffled(shuffled, tuple(order), problem)


__all__ = ["Shuffled", "shuffle", "check_seed"]

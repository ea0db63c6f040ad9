"""The solutions a min-cost run keeps, written once for the two twins.

DLX5 keeps the k least costs in a heap and prints every solution that beats
the k-th; the engine keeps the solutions themselves: ``Kept.add`` takes each
one found (each beat the cutoff of its time), keeping the ``k`` cheapest (all
when ``k`` is None) and, when one must go, the one found last among the
dearest; ``hand_out`` gives them cheapest first, equal costs in the order
found, once the search is over.
"""
from __future__ import annotations

import heapq
from typing import Iterator


class Kept:
    """The ``k`` cheapest solutions found so far, by net cost."""

    def __init__(self, k: int | None) -> None:
        self.k = k
        self._heap: list[tuple[int, int, tuple[int, ...]]] = []  # (-net cost, -found, options)
        self._found = 0

    def add(self, net: int, options: tuple[int, ...]) -> None:
        self._found += 1
        entry = (-net, -self._found, options)
        if self.k is None or len(self._heap) < self.k:
            heapq.heappush(self._heap, entry)
        else:
            heapq.heapreplace(self._heap, entry)  # out goes the dearest, the last found of those

    def hand_out(self) -> Iterator[tuple[int, tuple[int, ...]]]:
        """``(net cost, options)`` for each solution kept, cheapest first."""
        for minus_net, _, options in sorted(self._heap, key=lambda e: (-e[0], -e[1])):
            yield -minus_net, options

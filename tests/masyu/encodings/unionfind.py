"""Union-find with parity: classes of Boolean variables equal or complementary.

(The oracle reference_encode.py's; the library's ex423 has its own on plain lists.)

Each variable knows its parent and the parity (XOR) between itself and that
parent, so ``find(x)`` returns the root of x's class and ``x XOR root``.
``union(a, b, p)`` records ``a XOR b = p`` and says whether that agrees with
what is already known.  This is what ex. 423 needs: clue relations such as
``N = not S`` (parity 1) or ``N = S`` (parity 0) over edge variables.

Variables are any hashable keys, added on first sight; everything is kept in
insertion-ordered dicts, so results never depend on hashing.
"""
from __future__ import annotations

from typing import Hashable


class ParityUnionFind:
    def __init__(self) -> None:
        self.parent: dict[Hashable, Hashable] = {}
        self.parity: dict[Hashable, int] = {}  # x XOR parent[x]
        self.size: dict[Hashable, int] = {}

    def add(self, x: Hashable) -> None:
        if x not in self.parent:
            self.parent[x] = x
            self.parity[x] = 0
            self.size[x] = 1

    def __contains__(self, x: Hashable) -> bool:
        return x in self.parent

    def find(self, x: Hashable) -> tuple[Hashable, int]:
        """The root of x's class and the parity ``x XOR root``."""
        self.add(x)
        path = []
        while self.parent[x] != x:
            path.append(x)
            x = self.parent[x]
        root = x
        # Compress: walk back from the node nearest the root.
        acc = 0
        for y in reversed(path):
            acc ^= self.parity[y]
            self.parity[y] = acc
            self.parent[y] = root
        return root, (self.parity[path[0]] if path else 0)

    def union(self, a: Hashable, b: Hashable, p: int) -> bool:
        """Record ``a XOR b = p``; False if that contradicts earlier relations."""
        ra, pa = self.find(a)
        rb, pb = self.find(b)
        if ra == rb:
            return (pa ^ pb) == p
        if self.size[ra] < self.size[rb]:
            ra, rb, pa, pb = rb, ra, pb, pa
        # Hang rb below ra: rb XOR ra = pa XOR pb XOR p.
        self.parent[rb] = ra
        self.parity[rb] = pa ^ pb ^ p
        self.size[ra] += self.size[rb]
        return True

    def same(self, a: Hashable, b: Hashable) -> int | None:
        """``a XOR b`` if a and b are in one class, else None."""
        ra, pa = self.find(a)
        rb, pb = self.find(b)
        return (pa ^ pb) if ra == rb else None

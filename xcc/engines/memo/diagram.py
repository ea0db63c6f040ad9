"""The memoized search level by level: counting, the diagram, listing and
uniform sampling (the readable twin of ``xcc/csrc/memo/memo.c`` and
``xcc/csrc/memo/diagram.c``; the memory limit's twin is ``memory.c`` there).

Level ``k`` turns the distinct states before it (the *layer*, in order of
first appearance) into the distinct states before level ``k + 1``.

- Count mode (``diagram=False``) keeps two layers only: each state carries
  the number of partial solutions that reach it, and the count is the sum
  over the accepting states after the last level (exact Python integers).
- Diagram mode keeps every layer with its arcs (choice, child, weight: the
  cycles the arc closes, 0 unless ``plan.several``): a DAG whose
  root-to-accept paths are the solutions, one each (the memo's ZDD-like
  diagram).  ``paths[k][j]`` is the number of accepting paths below node
  ``j`` of layer ``k``; ``solutions()`` lists them in arc order, ``sample``
  draws them uniformly, ``unrank(r)`` gives the ``r``-th.

A ``Build`` is resumable as the C one is: ``step(budget)`` works through
about ``budget`` states of the layer being read and says whether the build
is done; ``progress()`` gives the level, the states of the layer being
built, the bytes held and the peak.  The C twin finds the same states in
the same order; the bytes here are a charge of ``STATE_BYTES`` per stored
state (the twin is for reading and for small problems), the C ones real.
"""
from __future__ import annotations

from array import array
from typing import Iterator, Sequence

from ...errors import XCCError
from .frontier import SKIP, accepts, children
from .plan import MemoryLimit, Plan
from .poly import polynomial

STATE_BYTES = 200  # what this twin charges per stored state against the memory limit


class Build:
    """One build of the layers, resumable; see the module's docstring."""

    def __init__(self, plan: Plan, diagram: bool, limit: int) -> None:
        self.plan, self.diagram, self.limit = plan, diagram, limit
        self.levels = plan.levels
        self.level = 0
        self.done = plan.root is None
        self.widths = [1] + [0] * plan.levels if plan.root is not None else [0] * (plan.levels + 1)
        self.arcs: list[list[list[tuple[int, int, int]]]] = []  # [k][node] -> (choice, child, weight)
        self.paths: list[list[int]] = [[0] for _ in range(plan.levels + 1)]
        self.total = 0
        self.stored = 1  # states held (diagram mode: every layer)
        self.peak = 0
        self._after: dict[tuple, int] = {}
        self.accepted: list[int] = []  # diagram mode: the last layer's accepting flags
        self._steps = self._levels() if not self.done else iter(())

    def _charge(self, states: int) -> None:
        nbytes = states * STATE_BYTES
        if nbytes > self.limit:
            raise MemoryLimit(f"level {self.level}: {states:,} states need about {nbytes:,} "
                              f"bytes, over the memory limit of {self.limit:,}")
        self.peak = max(self.peak, nbytes)

    def _levels(self) -> Iterator[None]:
        """Yields once per state read (the unit of ``step``'s budget)."""
        plan, diagram = self.plan, self.diagram
        layer: dict[tuple, int] = {plan.root: 0 if diagram else 1}
        for k in range(plan.levels):
            after: dict[tuple, int] = {}
            self._after = after
            arcs: list[list[tuple[int, int, int]]] = []
            held = self.stored if diagram else len(layer)
            for state, ways in layer.items():
                yield
                out = []
                for choice, child, weight in children(plan, k, state):
                    if diagram:
                        j = after.get(child)
                        if j is None:
                            j = after[child] = len(after)
                            self._charge(held + len(after))
                        out.append((choice, j, weight))
                    elif child in after:
                        after[child] += ways
                    else:
                        after[child] = ways
                        self._charge(held + len(after))
                if diagram:
                    arcs.append(out)
            if diagram:
                self.arcs.append(arcs)
                self.stored += len(after)
            layer = after
            self.level = k + 1
            self.widths[k + 1] = len(layer)
        self._after = {}
        if diagram:
            self.accepted = [int(accepts(plan, s)) for s in layer]
            self._paths(self.accepted)
        else:
            self.total = sum(ways for state, ways in layer.items() if accepts(plan, state))

    def _paths(self, last: list[int]) -> None:
        """The accepting paths below each node, from the last layer up."""
        paths = [last]
        for arcs in reversed(self.arcs):
            below = paths[-1]
            paths.append([sum(below[j] for _, j, _ in out) for out in arcs])
        paths.reverse()
        self.paths = paths
        self.total = paths[0][0]

    def step(self, budget: int) -> bool:
        """About ``budget`` states of work (0: no limit); True when done."""
        if self.done:
            return True
        steps = self._steps
        try:
            if budget <= 0:
                for _ in steps:
                    pass
            else:
                for _ in range(budget):
                    next(steps)
                return False
        except StopIteration:
            pass
        self.done = True
        return True

    def progress(self) -> tuple[int, int, int, int]:
        """(level, states of the layer being built, bytes held, peak bytes)."""
        held = self.stored + len(self._after) if self.diagram else \
            self.widths[self.level] + len(self._after)
        return self.level, len(self._after), held * STATE_BYTES, self.peak

    # ---- the finished diagram ------------------------------------------------

    def layer_arcs(self, k: int) -> tuple[array, array, array, array]:
        """Layer ``k``'s arcs as arrays ``(start, choice, child, closures)``
        (what :class:`~.saved.Diagram` keeps; the C twin's ``layer_arcs`` too)."""
        start, choice, child, closures = array("I", [0]), array("i"), array("I"), array("I")
        for out in (self.arcs[k] if k < len(self.arcs) else []):  # (no root: no nodes)
            for c, j, w in out:
                choice.append(c)
                child.append(j)
                closures.append(w)
            start.append(len(choice))
        return start, choice, child, closures

    def accept(self) -> list[int]:
        """The last layer's accepting flags."""
        return list(self.accepted)

    def polynomial(self, weights: Sequence[int] | None, offset: int = 0) -> dict[int, int]:
        """``{weight: solutions}``: an arc weighs ``weights[choice]``, or with
        None the cycles it closes; ``offset`` added to every weight (the pass
        of :func:`.poly.polynomial`; the C twin's is ``memo_polynomial``)."""
        return polynomial(self.levels, self.layer_arcs, self.accepted, self.total,
                          weights, offset)

    def solutions(self) -> Iterator[tuple[int, ...]]:
        """Every solution as its options in level order, in arc order."""
        if not self.total:
            return
        levels = self.plan.levels
        chosen: list[int] = []

        def walk(k: int, node: int) -> Iterator[tuple[int, ...]]:
            if k == levels:
                yield tuple(o for o in chosen if o != SKIP)
                return
            for choice, child, _ in self.arcs[k][node]:
                if self.paths[k + 1][child]:
                    chosen.append(choice)
                    yield from walk(k + 1, child)
                    chosen.pop()

        yield from walk(0, 0)

    def unrank(self, r: int) -> tuple[int, ...]:
        """The ``r``-th solution of :meth:`solutions` (0-based)."""
        if not 0 <= r < self.total:
            raise XCCError(f"rank {r} out of range 0..{self.total - 1}")
        node, out = 0, []
        for k in range(self.plan.levels):
            for choice, child, _ in self.arcs[k][node]:
                below = self.paths[k + 1][child]
                if r < below:
                    if choice != SKIP:
                        out.append(choice)
                    node = child
                    break
                r -= below
        return tuple(out)

    def sample(self, k: int, seed: int) -> list[tuple[int, ...]]:
        """``k`` solutions drawn uniformly and independently (with repeats)."""
        if self.total == 0:
            return []
        rng = SplitMix64(seed)
        return [self.unrank(rng.below(self.total)) for _ in range(k)]


MASK64 = (1 << 64) - 1


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64: the generator both twins share, so
    one seed gives the same draws in Python and C."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform in [0, n): 64-bit words, lowest first, the top word masked
        to n's bit length; rejected and drawn again if not below n."""
        bits = n.bit_length()
        words = (bits + 63) // 64
        top = bits - 64 * (words - 1)
        while True:
            value = 0
            for w in range(words):
                word = self.next()
                if w == words - 1:
                    word &= (1 << top) - 1
                value |= word << (64 * w)
            if value < n:
                return value

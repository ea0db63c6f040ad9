"""The solution diagram as a product: ``xcc.Diagram``, to keep, to save, to read.

A finished memo build in diagram mode (either twin) is a DAG with one layer
per level: node ``j`` of layer ``k`` has its arcs, each an option (or a
skip) and a child in layer ``k + 1``; the root-to-accept paths are the
solutions, one each.  ``Diagram`` holds it as plain arrays, independent of
the engine that built it, and answers what the live build answers: the
``total``, ``solutions()`` in the same order, ``unrank(r)`` (the same
solution for each rank) and its inverse ``rank(solution)``, ``sample(k, seed)`` (the same draws), and
:meth:`polynomial` (counts by weight, :mod:`.poly`).

``save(path)`` writes it in a text format another tool can read (the
grammar is in docs/exact.md, "The diagram as a file"); ``Diagram.load(path)``
reads it back, checking every number.  ``xcc.build_diagram(problem, ...)``
(:func:`.engine.build_diagram`) builds one with the memo engine.
"""
from __future__ import annotations

import os
from array import array
from typing import Iterator, Sequence

from ...errors import XCCError
from .diagram import SplitMix64
from .frontier import SKIP
from .poly import check_by, polynomial

MAGIC = "xcc-diagram 1"
MAX_FILE = 1 << 34  # 16 GiB: a larger diagram is not read whole


def _u32(values: Sequence[int] = ()) -> array:
    return array("I", values)


class Diagram:
    """A finished solution diagram (see the module's text).

    ``items[k]`` names the primary item level ``k`` decides; ``options[o]``
    is option ``o`` as ``((item, color or None), ...)``; layer ``k`` has
    ``start[k]`` (``n_k + 1`` offsets into its arcs), ``choice[k]`` (option,
    or -1 for a skip), ``child[k]`` and ``closures[k]`` (cycles closed by
    each arc, or None when all are 0); ``accept`` flags the last layer's
    nodes; ``offset`` is a weight every solution has (cycles closed before
    the first level)."""

    def __init__(self, items: Sequence[str], options: Sequence[Sequence[tuple[str, str | None]]],
                 start: list[array], choice: list[array], child: list[array],
                 closures: list[array | None], accept: Sequence[int], offset: int = 0) -> None:
        self.items, self.options = list(items), [tuple(o) for o in options]
        self.start, self.choice, self.child, self.closures = start, choice, child, closures
        self.accept = array("B", accept)
        self.offset = offset
        self.levels = len(self.items)
        self._paths: list[list[int]] | None = None
        self._total: int | None = None  # known without the paths (a build's own count)

    # ---- made from a build, or by a build ------------------------------------

    @classmethod
    def of(cls, build, problem) -> "Diagram":
        """The diagram of a finished build in diagram mode (either twin)."""
        plan = build.plan
        items = [problem.primary[i] for i in plan.order]
        start, choice, child, closures = [], [], [], []
        for k in range(plan.levels):
            s, c, d, w = build.layer_arcs(k)
            start.append(s)
            choice.append(c)
            child.append(d)
            closures.append(w if w is not None and any(w) else None)
        accept = build.accept()
        d = cls(items, problem.options, start, choice, child, closures, accept,
                plan.root_closures)
        d._total = build.total
        return d

    # ---- paths, ranks, draws ----------------------------------------------------

    @property
    def paths(self) -> list[list[int]]:
        """``paths[k][j]``: the accepting paths below node ``j`` of layer ``k``."""
        if self._paths is None:
            below = [int(a) for a in self.accept]
            out = [below]
            for k in range(self.levels - 1, -1, -1):
                start, child = self.start[k], self.child[k]
                below = [sum(below[child[a]] for a in range(start[j], start[j + 1]))
                         for j in range(len(start) - 1)]
                out.append(below)
            out.reverse()
            self._paths = out
        return self._paths

    @property
    def total(self) -> int:
        """The number of solutions."""
        if self._total is None:
            self._total = self.paths[0][0] if self.paths[0] else 0
        return self._total

    @property
    def widths(self) -> list[int]:
        """The nodes of each layer."""
        return [len(s) - 1 for s in self.start] + [len(self.accept)]

    def unrank(self, r: int) -> tuple[int, ...]:
        """The ``r``-th solution (0-based) as its options in level order, as
        the live build gives it."""
        if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < self.total:
            raise XCCError(f"rank {r!r} out of range 0..{self.total - 1}", "argument 'r'")
        paths, node, out = self.paths, 0, []
        for k in range(self.levels):
            start, choice, child = self.start[k], self.choice[k], self.child[k]
            for a in range(start[node], start[node + 1]):
                below = paths[k + 1][child[a]]
                if r < below:
                    if choice[a] != SKIP:
                        out.append(choice[a])
                    node = child[a]
                    break
                r -= below
        return tuple(out)

    def rank(self, solution: Sequence[int]) -> int:
        """The rank of ``solution`` (its option indices, in any order): the
        inverse of :meth:`unrank`; :class:`~xcc.XCCError` if it is not a
        solution."""
        try:
            chosen = {int(o) for o in solution}
        except (TypeError, ValueError):
            raise XCCError("a solution is a list of option indices", "argument 'solution'") from None
        paths, node, r, used = self.paths, 0, 0, 0
        if not paths[0]:
            raise XCCError("not a solution: the problem has none", "argument 'solution'")
        for k in range(self.levels):
            start, choice, child = self.start[k], self.choice[k], self.child[k]
            for a in range(start[node], start[node + 1]):
                if choice[a] == SKIP or choice[a] in chosen:
                    used += choice[a] != SKIP
                    node = child[a]
                    break
                r += paths[k + 1][child[a]]
            else:
                raise XCCError(f"not a solution: no choice of it at level {k} (item "
                               f"{self.items[k]})", "argument 'solution'")
        if used != len(chosen) or not self.accept[node]:
            raise XCCError("not a solution", "argument 'solution'")
        return r

    def solutions(self) -> Iterator[tuple[int, ...]]:
        """Every solution, in rank order."""
        for r in range(self.total):
            yield self.unrank(r)

    def sample(self, k: int, seed: int) -> list[tuple[int, ...]]:
        """``k`` solutions drawn uniformly and independently (the draws of
        ``xcc.sample`` for the same seed)."""
        total = self.total
        if total == 0:
            return []
        rng = SplitMix64(seed)
        return [self.unrank(rng.below(total)) for _ in range(k)]

    def polynomial(self, by: object = None) -> dict[int, int]:
        """``{weight: solutions}``: ``by`` a weight per option or a function
        of the option (:mod:`.poly`); None: the arcs' closures (a diagram
        built with ``cycles=True``) plus the offset."""
        if by is None:
            weights = None
        else:
            weights, _ = check_by(by, len(self.options), False)
        closures = self.closures if by is None else [None] * self.levels
        offset = self.offset if by is None else 0
        return polynomial(self.levels, lambda k: (self.start[k], self.choice[k], self.child[k],
                                                  closures[k]),
                          self.accept, self.total, weights, offset)

    # ---- the file ------------------------------------------------------------------

    def save(self, path: str | os.PathLike) -> None:
        """Write the diagram to ``path`` (the text format of docs/exact.md)."""
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            for line in self.lines():
                out.write(line + "\n")

    def lines(self) -> Iterator[str]:
        """The lines of the file, in order."""
        narcs = sum(len(c) for c in self.choice)
        yield MAGIC
        yield (f"diagram levels={self.levels} options={len(self.options)} "
               f"nodes={sum(self.widths)} arcs={narcs} offset={self.offset}")
        for o, option in enumerate(self.options):
            yield f"option {o} " + " ".join(i if c is None else f"{i}:{c}" for i, c in option)
        for k in range(self.levels):
            start, choice, child, closures = self.start[k], self.choice[k], self.child[k], \
                self.closures[k]
            yield f"level {k} item {self.items[k]} nodes {len(start) - 1}"
            for j in range(len(start) - 1):
                arcs = []
                for a in range(start[j], start[j + 1]):
                    text = ("-" if choice[a] == SKIP else str(choice[a])) + f">{child[a]}"
                    if closures is not None and closures[a]:
                        text += f"/{closures[a]}"
                    arcs.append(text)
                yield f"{j}: " + " ".join(arcs) if arcs else f"{j}:"
        yield f"accept nodes {len(self.accept)} " + \
            " ".join(str(j) for j, a in enumerate(self.accept) if a)
        yield "end"

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Diagram":
        """Read a diagram written by :meth:`save` (every number checked:
        :class:`~xcc.XCCError` naming the line)."""
        from ...textio import read_text
        text = read_text(os.fspath(path), limit=MAX_FILE, error=XCCError, what="the diagram")
        return cls.parse(text)

    @classmethod
    def parse(cls, text: str) -> "Diagram":
        """A diagram from the text of a file."""
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        reader = _Reader(lines)
        return reader.read()


class _Reader:
    """The file, line by line; every fault one XCCError at ``line N``."""

    def __init__(self, lines: list[str]) -> None:
        self.lines, self.n = lines, 0

    def fail(self, message: str) -> XCCError:
        return XCCError(message, f"line {self.n}")

    def next(self) -> list[str]:
        if self.n >= len(self.lines):
            self.n += 1
            raise self.fail("the file ends early")
        line = self.lines[self.n]
        self.n += 1
        return line.split()

    def number(self, text: str, below: int | None = None) -> int:
        if not text.isdigit() or not text.isascii():
            raise self.fail(f"{text[:40]!r} is not a number")
        value = int(text)
        if below is not None and value >= below:
            raise self.fail(f"{value} is out of range (below {below} expected)")
        return value

    def keys(self, words: list[str], head: str, names: tuple[str, ...]) -> dict[str, int]:
        if not words or words[0] != head:
            raise self.fail(f"expected a line '{head} ...'")
        values = {}
        for word in words[1:]:
            key, _, value = word.partition("=")
            if key not in names or key in values:
                raise self.fail(f"unexpected {word[:40]!r}")
            values[key] = self.number(value)
        if len(values) != len(names):
            raise self.fail(f"'{head}' needs {', '.join(names)}")
        return values

    def read(self) -> Diagram:
        if self.next() != MAGIC.split():
            raise self.fail(f"not a diagram file (the first line is not {MAGIC!r})")
        head = self.keys(self.next(), "diagram", ("levels", "options", "nodes", "arcs", "offset"))
        levels, noptions = head["levels"], head["options"]
        options = []
        for o in range(noptions):
            words = self.next()
            if words[:2] != ["option", str(o)]:
                raise self.fail(f"expected 'option {o} ...'")
            entries = []
            for word in words[2:]:
                item, colon, color = word.partition(":")
                if not item or (colon and not color):
                    raise self.fail(f"bad entry {word[:40]!r}")
                entries.append((item, color if colon else None))
            options.append(tuple(entries))
        items, start, choice, child, closures = [], [], [], [], []
        width, nodes, narcs = None, 0, 0  # the root layer: one node, or none (no solution)
        for k in range(levels):
            words = self.next()
            if len(words) != 6 or words[0] != "level" or words[1] != str(k) or \
                    words[2] != "item" or words[4] != "nodes":
                raise self.fail(f"expected 'level {k} item NAME nodes N'")
            if width is None:
                width = self.number(words[5], 2)
                nodes = width
            elif self.number(words[5]) != width:
                raise self.fail(f"level {k} has {width} nodes (the children of the level before)")
            items.append(words[3])
            s, c, d, w = _u32([0]), array("i"), _u32(), _u32()
            after = 0
            for j in range(width):
                words = self.next()
                if not words or words[0] != f"{j}:":
                    raise self.fail(f"expected node '{j}:'")
                for word in words[1:]:
                    head_, gt, rest = word.partition(">")
                    to, slash, closed = rest.partition("/")
                    if not gt:
                        raise self.fail(f"an arc is OPTION>CHILD, not {word[:40]!r}")
                    c.append(SKIP if head_ == "-" else self.number(head_, noptions))
                    j2 = self.number(to)
                    if j2 > after:
                        raise self.fail(f"child {j2}: children are numbered in order of "
                                        f"first appearance (next new one: {after})")
                    after = max(after, j2 + 1)
                    d.append(j2)
                    w.append(self.number(closed) if slash else 0)
                s.append(len(c))
            start.append(s)
            choice.append(c)
            child.append(d)
            closures.append(w if any(w) else None)
            narcs += len(c)
            width = after
            nodes += width
        words = self.next()
        if width is None and words[:2] == ["accept", "nodes"] and len(words) > 2:
            width = nodes = self.number(words[2], 2)  # no level: the root is the last layer
        if words[:2] != ["accept", "nodes"] or len(words) < 3 or self.number(words[2]) != width:
            raise self.fail(f"expected 'accept nodes {width} ...' (the last layer's accepting nodes)")
        accept = [0] * width
        for word in words[3:]:
            accept[self.number(word, width)] = 1
        if self.next() != ["end"]:
            raise self.fail("expected 'end'")
        if self.n < len(self.lines):
            self.n += 1
            raise self.fail("text after 'end'")
        if nodes != head["nodes"] or narcs != head["arcs"]:
            raise XCCError(f"the file has {nodes} nodes and {narcs} arcs, its head says "
                           f"{head['nodes']} and {head['arcs']}", "line 2")
        return Diagram(items, options, start, choice, child, closures, accept, head["offset"])

"""The result of encoding a puzzle: an XCC problem plus the way back to edges."""
from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from typing import Mapping, Union

import xcc

from ..board import Edge
from ..loop import Loop
from ..puzzle import Puzzle

SolutionLike = Union["xcc.Solution", Mapping[str, str]]


@dataclass(frozen=True)
class Encoding:
    """An XCC problem for the weak solutions of ``puzzle``, and its meaning.

    ``edge_items[x]`` lists the edges that secondary item ``x`` stands for,
    each with the color that means "present" (in 422 one edge, color ``"1"``;
    in 423 a whole class, color ``"1"`` or ``"0"`` by parity).  ``present``
    holds the edges forced into every weak solution (the 423 constant class),
    ``absent`` those forced out.  ``contradiction`` says why the clues admit
    no weak solution at all (423 only; the problem then has no options).
    """

    puzzle: Puzzle
    kind: str
    problem: xcc.Problem
    edge_items: Mapping[str, tuple[tuple[Edge, str], ...]]
    present: tuple[Edge, ...] = ()
    absent: tuple[Edge, ...] = ()
    contradiction: str | None = None

    @property
    def _edge_of(self) -> dict[tuple[str, str], list[Edge]]:
        """(item, color) -> the edges it makes present; built when first needed
        (encoding stays cheap for callers that only count)."""
        table = self.__dict__.get("_edge_table")
        if table is None:
            table = {}
            for item, pairs in self.edge_items.items():
                for e, color in pairs:
                    table.setdefault((item, color), []).append(e)
            object.__setattr__(self, "_edge_table", table)
        return table

    def edges_of(self, solution: SolutionLike) -> frozenset[Edge]:
        """The present edges of the weak solution that ``solution`` encodes.

        ``solution`` is an :class:`xcc.Solution` of ``problem`` or the mapping
        from secondary items to the colors they received.
        """
        out = set(self.present)
        if isinstance(solution, Mapping):
            for item, color in solution.items():
                out.update(self._edge_of.get((item, color), ()))
        else:
            table = self._option_edges()
            for k in solution.indices:
                out.update(table[k])
        return frozenset(out)

    def _option_edges(self) -> list[tuple[Edge, ...]]:
        """For each option, the edges its colors make present."""
        cached = self.__dict__.get("_by_option")
        if cached is None:
            cached = [tuple(e for item, color in option if color is not None
                            for e in self._edge_of.get((item, color), ()))
                      for option in self.problem.options]
            object.__setattr__(self, "_by_option", cached)
        return cached

    def loop_of(self, solution: SolutionLike) -> Loop:
        return Loop(self.puzzle.rows, self.puzzle.cols, self.edges_of(solution))

    def cycle(self, propagate: bool = False) -> xcc.Cycle:
        """The single-cycle constraint (loop guard) for strong solutions.

        With ``propagate`` the engine also reasons about connectivity, bridges
        and parity; the parity cuts are the lines between two rows or two
        columns, which every loop crosses an even number of times."""
        cuts: list[list[Edge]] = []
        if propagate:
            rows, cols = self.puzzle.rows, self.puzzle.cols
            cuts = [[((r, c), (r + 1, c)) for c in range(cols)] for r in range(rows - 1)]
            cuts += [[((r, c), (r, c + 1)) for r in range(rows)] for c in range(cols - 1)]
        return xcc.Cycle.trusted(edges=self.edge_items,  # built here: no checks; shared
                                 required=[cell for cell, _ in self.puzzle.pearls],
                                 present=list(self.present), cuts=cuts, propagate=propagate)

    @property
    def sizes(self) -> dict[str, int]:
        """Items, options and option entries (occurrences) of the problem."""
        p = self.problem
        return {"primary": len(p.primary), "secondary": len(p.secondary),
                "options": len(p.options), "entries": sum(len(o) for o in p.options)}

    def dlx_comment(self) -> str:
        name = self.puzzle.name or "puzzle"
        lines = [f"masyu {name} {self.puzzle.rows}x{self.puzzle.cols}: weak solutions, "
                 f"encoding {self.kind} (TAOCP 7.2.2.1 ex. {self.kind})"]
        lines += ["  " + row for row in self.puzzle.grid]
        if self.contradiction:
            lines.append(f"contradictory clues ({self.contradiction}): no weak solution")
        return "\n".join(lines)

    def to_dlx(self) -> tuple[str, bool]:
        """The problem in Knuth's DLX format, headed by :meth:`dlx_comment`; and whether
        every name fits DLX2's 8 characters (xcc's warning left to the caller to say)."""
        buffer = io.StringIO()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            readable = xcc.write_dlx(self.problem, buffer, self.dlx_comment())
        return buffer.getvalue(), readable

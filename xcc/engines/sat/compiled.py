"""The SAT translation built in C (``xcc/csrc/sat/cnf.c``) and the lazy cut check
in C (``xcc/csrc/sat/cuts.c``, the twin of :func:`xcc.engines.sat.cuts.check_edges`).

Unavailable without the compiled extension (``AVAILABLE`` is then False and
the engine uses the reference :class:`~xcc.engines.sat.translate.Translation`).
"""
from __future__ import annotations

from functools import cached_property

import numpy as np

from ...cycle import CompiledCycle
from .translate import Layout

try:
    from ... import _native
except ImportError:  # the compiled extension is optional: the reference translation serves
    _native = None

AVAILABLE = _native is not None


class CompiledTranslation:
    """:class:`Translation`'s twin, built in C (``xcc/csrc/sat/cnf.c``): the
    same variables and the same clauses in the same order (the tests hold the
    two equal), with what the search reads afterwards (``chosen``,
    ``blocking``, ``true_edges``, ``edges``) computed on arrays."""

    def __init__(self, layout: Layout, cycle: CompiledCycle | None = None) -> None:
        if _native is None:
            raise ImportError("the compiled extension xcc._native is missing")
        problem = layout.problem
        c = problem.compact()
        n1, n, nc = len(problem.primary), len(problem.items), len(c.color_names)
        (self.nvars, unsat, self.clauses, option_lit, color_lit, in_table, colored, eu, ev,
         el) = _native.cnf(n1, n, nc, c.starts, c.items, c.colors,
                            None if cycle is None else cycle.arrays())
        self.unsat = bool(unsat)
        self.true = 1
        self.option_lit = np.frombuffer(option_lit, np.int32)
        self.colored_lits = np.frombuffer(colored, np.int32)
        self.edge_lit = np.frombuffer(el, np.int32)
        self.nverts = cycle.nverts if cycle is not None else 0
        self.required = list(cycle.required) if cycle is not None else []
        self._cut_arrays = (np.frombuffer(eu, np.int32), np.frombuffer(ev, np.int32),
                            self.edge_lit, np.asarray(self.required, np.int32))
        # a table's option is chosen when all its color literals are true
        table = np.frombuffer(in_table, np.int32).astype(bool)
        self.in_table = table
        entry_option = np.repeat(np.arange(len(table)), np.diff(c.starts))
        keep = table[entry_option] & (c.items >= n1)
        lits = np.frombuffer(color_lit, np.int32).reshape(n, nc + 1)
        self.table_lit = lits[c.items[keep], c.colors[keep]]
        self.table_option = entry_option[keep]

    @cached_property
    def edges(self) -> list[tuple[int, int, int]]:
        """The cycle's edges as ``Translation`` lists them (for the propagator;
        the lazy cuts read the arrays)."""
        eu, ev, el, _ = self._cut_arrays
        return list(zip(eu.tolist(), ev.tolist(), el.tolist()))

    @cached_property
    def incident(self) -> list[list[int]]:
        out: list[list[int]] = [[] for _ in range(self.nverts)]
        for j, (u, v, _) in enumerate(self.edges):
            out[u].append(j)
            if v != u:
                out[v].append(j)
        return out

    @staticmethod
    def _true(model: np.ndarray, lits: np.ndarray) -> np.ndarray:
        values = model[np.abs(lits) - 1]  # a literal is true when its variable's value agrees
        return np.where(lits > 0, values > 0, values < 0)

    def check(self, model: list[int]) -> tuple[bool, list[list[int]]]:
        cuts = _native.cycle_cuts(self.nverts, *self._cut_arrays, model)
        return (True, []) if cuts is None else (False, cuts)

    def true_edges(self, model: list[int]) -> list[int]:
        m = np.asarray(model)
        lit = self.edge_lit
        return np.flatnonzero((lit == 0) | self._true(m, lit)).tolist()

    def chosen(self, model: list[int]) -> tuple[int, ...]:
        m = np.asarray(model)
        x = self.option_lit
        picked = (x != 0) & self._true(m, np.where(x != 0, x, 1))
        wrong = np.bincount(self.table_option[~self._true(m, self.table_lit)],
                            minlength=len(x)) > 0
        return tuple(np.flatnonzero(picked | (self.in_table & ~wrong)).tolist())

    def blocking(self, model: list[int], chosen: tuple[int, ...]) -> list[int]:
        m = np.asarray(model)
        x = self.option_lit[list(chosen)]
        lits = self.colored_lits[self._true(m, self.colored_lits)]
        return sorted(set((-x[x != 0]).tolist()) | set((-lits).tolist()))

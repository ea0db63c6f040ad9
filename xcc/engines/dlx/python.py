"""Engine "python": Knuth's Algorithm C in pure Python, step by step.

A translation of the search of DLX2 (TAOCP 7.2.2.1, Algorithm C) onto the
flat arrays of :mod:`xcc.engines.dlx.arrays`, counting mems exactly as DLX2
does; the operations are in :mod:`~xcc.engines.dlx.links` and, for
propagation, :mod:`~xcc.engines.dlx.lookahead`.  The compiled engine
(``xcc/csrc/search.c``, engine "c") is a line-by-line translation of this
file; keep the two in step.

Steps of Algorithm C:
  C1 initialize; C2 enter level l (a solution if no active primary item);
  C3 choose item i (fewest options, leftmost on ties); C4 cover i;
  C5 try x_l (cover/purify the other items of the option); C6 try again
  (undo C5, take the next option); C7 backtrack (uncover i); C8 leave level l.

The run is resumable as the C one is: ``step(budget)`` goes on from where
the last step stopped and pauses at step C5 once ``budget`` more mems have
been spent.
"""
from __future__ import annotations

from typing import Iterator

from ...cycle import Cycle, CompiledCycle
from ...problem import Problem
from ..base import DONE, PAUSED, SOLUTION, Run
from .arrays import Arrays, build_arrays, sanity
from .lookahead import Lookahead

LEVELS = 64  # the level arrays' first size; they grow as the search goes deeper
NO_BUDGET = 1 << 64


class PythonRun(Lookahead, Run):
    """One run of Algorithm C over ``Arrays`` (which it modifies and, when it
    runs to the end, restores).

    ``choices()`` gives the nodes of the last solution (the chosen node of
    each level, then the options propagation forced), as the C solver's
    ``choices()``; ``solution()`` their options.  ``check_sanity`` (Knuth's
    ``sanity_checking``) verifies the links at every node.
    """

    def __init__(self, a: Arrays, cycle: CompiledCycle | None = None) -> None:
        super().__init__(a, cycle)
        self.nodes = 0
        self.max_level = 0
        self.cycle_cuts = 0
        self.check_sanity = False
        self._choices: list[int] = []
        self._pause_at = NO_BUDGET
        self._steps: Iterator[int] | None = self._search()

    # ---- the Run protocol -------------------------------------------------------

    def step(self, budget: int) -> int:
        if self._steps is None:
            return DONE
        self._pause_at = self.mems + budget if budget > 0 else NO_BUDGET
        status = next(self._steps, DONE)
        if status == DONE:
            self._steps = None
        return status

    def solution(self) -> tuple[int, ...]:
        option_of = self.a.option_of
        return tuple(option_of(p) for p in self._choices)

    def count(self, budget: int, room: int) -> tuple[int, int]:
        """Through up to ``room`` solutions in one call, with one budget for
        all of them: the twin of ``xcc_count`` (``xcc/csrc/search.c``)."""
        status, found = self._many(budget, room, None)
        return status, found

    def batch(self, budget: int, room: int) -> tuple[int, list[tuple[int, ...]]]:
        """As ``count``, keeping each solution's options (the C glue's batch)."""
        out: list[tuple[int, ...]] = []
        status, _ = self._many(budget, room, out)
        return status, out

    def _many(self, budget: int, room: int, out: list | None) -> tuple[int, int]:
        pause_at = self.mems + budget if budget > 0 else None
        found = 0
        while True:
            left = 0
            if pause_at is not None:
                if self.mems >= pause_at:
                    return PAUSED, found
                left = pause_at - self.mems
            status = self.step(left)
            if status != SOLUTION:
                return status, found
            found += 1
            if out is not None:
                out.append(self.solution())
            if found >= room:
                return SOLUTION, found

    def choices(self) -> list[int]:
        return list(self._choices)

    def counters(self) -> dict[str, int]:
        out = {"nodes": self.nodes, "updates": self.updates, "cleansings": self.cleansings,
               "mems": self.mems, "max_level": self.max_level}
        if self.guard is not None:
            out["cycle_cuts"] = self.cycle_cuts
        if self.prop is not None:
            out["forced"] = self.forced_colors
            out["probes"] = self.probes
        return out

    def close(self) -> None:
        if self._steps is not None:
            self._steps.close()
            self._steps = None

    # ---- the search -------------------------------------------------------------

    def _search(self) -> Iterator[int]:
        """Yield SOLUTION at each solution (``_choices`` holds it) and PAUSED
        when the budget is spent; return when the search is over."""
        a = self.a
        down, itm = a.down, a.itm
        guard, prop = self.guard, self.prop
        choice = [0] * LEVELS
        guard_mark = [0] * LEVELS
        force_mark = [0] * LEVELS
        level = 0
        if guard is not None and not guard.ok:  # C1
            return  # the edges present from the start already break the rule
        if prop is not None:
            self.propagate()  # at the root, before any choice
            if self.guard_failed or a.rlink[0] == 0:
                if not self.guard_failed and guard.accepts_solution():
                    self.nodes = 1  # solved by propagation alone
                    self._choices = self.forced_options()
                    yield SOLUTION
                self.unforce_to(0)
                return
        state = "forward"
        best = cur = 0
        while True:
            if state == "forward":  # C2: enter level
                self.nodes += 1
                if self.check_sanity:
                    faults = sanity(a)
                    assert not faults, faults
                if prop is None:
                    best, _ = self.choose()  # C3
                else:
                    best = self.lookahead()  # C3, probing the options first
                    if best <= 0:  # the probes decided this node
                        if best == 0 and guard.accepts_solution():
                            self._choices = choice[:level] + self.forced_options()
                            yield SOLUTION
                        else:
                            self.cycle_cuts += 1
                        state = "leave"
                        continue
                self.cover(best)  # C4
                self.mems += 2; cur = choice[level] = down[best]  # noqa: E702
                state = "advance"
            elif state == "advance":  # C5: try the option of node cur
                if self.mems >= self._pause_at:
                    yield PAUSED
                if cur == best:
                    state = "backup"
                    continue
                if guard is not None:
                    guard_mark[level] = guard.mark()
                    force_mark[level] = len(self.forced)
                self.commit(cur)
                if prop is not None and not self.guard_failed:
                    self.propagate()
                if self.guard_failed:
                    self.cycle_cuts += 1
                    state = "recover"
                    continue
                self.mems += 1  # rlink of the root
                if a.rlink[0] == 0:  # every primary item is covered
                    if guard is not None and not guard.accepts_solution():
                        self.cycle_cuts += 1
                        state = "recover"
                        continue
                    self.nodes += 1  # a solution is a special node of the tree
                    if level + 1 > self.max_level:
                        self.max_level = level + 1
                    self._choices = choice[:level + 1] + self.forced_options()
                    state = "recover"
                    yield SOLUTION
                    continue
                level += 1
                if level > self.max_level:
                    self.max_level = level
                if level == len(choice):  # deeper than the level arrays: grow them
                    choice += [0] * level
                    guard_mark += [0] * level
                    force_mark += [0] * level
                state = "forward"
            elif state == "backup":  # C7: backtrack
                self.uncover(best)
                if level == 0:
                    self.unforce_to(0)
                    return
                level -= 1  # C8
                self.mems += 2; cur = choice[level]  # noqa: E702  (with its itm)
                best = itm[cur]
                state = "recover"
            elif state == "leave":  # C8 for a node the probes decided
                if level == 0:
                    self.unforce_to(0)
                    return
                level -= 1
                self.mems += 2; cur = choice[level]  # noqa: E702  (with its itm)
                best = itm[cur]
                state = "recover"
            else:  # "recover", C6: undo the option, try the next
                if prop is not None:
                    self.unforce_to(force_mark[level])
                self.uncommit(cur)
                if guard is not None:
                    guard.undo_to(guard_mark[level])
                    self.guard_failed = False
                self.mems += 2; cur = choice[level] = down[cur]  # noqa: E702
                state = "advance"


class PythonEngine:
    """The readable reference: the statistics of DLX2, node for node."""

    name = "python"
    summary = "Algorithm C in pure Python, the readable reference"
    budget = 1 << 16  # mems per step: some tens of milliseconds
    exact = False  # counts by listing every solution (no start_count)

    def available(self) -> bool:
        return True

    def why_not(self) -> str | None:
        return None

    def start(self, problem: Problem, cycle: Cycle | None = None) -> PythonRun:
        return PythonRun(build_arrays(problem), None if cycle is None else cycle.compile_for(problem))

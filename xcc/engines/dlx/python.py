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

A run can be the subproblem named by a choice prefix (``prefix``: the
option of each of the first levels, under the same rule of choice): it
replays the prefix, trying only its option at each of those levels, searches
the subtree below, and stops where the whole search would leave that
subtree.  ``replayed()`` gives the counters when the replay ended (what is
counted after is the subproblem's own part), ``split()`` after a pause the
untried rest as new prefixes, in the order of the search (xcc.parallel runs
them).
"""
from __future__ import annotations

from typing import Iterator

from ...cycle import Cycle, CompiledCycle
from ...errors import XCCError
from ...problem import Problem
from ..base import DONE, PAUSED, SOLUTION, Run, bad_prefix
from . import COUNTER_LABELS
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

    def __init__(self, a: Arrays, cycle: CompiledCycle | None = None,
                 prefix: tuple[int, ...] = ()) -> None:
        super().__init__(a, cycle)
        self.prefix = tuple(prefix)
        if len(self.prefix) > a.n1 or any(x < 0 for x in self.prefix):
            raise XCCError("a prefix is at most n1 option indices >= 0")
        self._replay: dict[str, int] | None = None  # the counters when the replay ended
        self._paused: int | None = None  # the level of a pause at step C5, for split()
        self._walk_at: int | None = None  # the level a subproblem ended at, for walk()
        self._common = 0  # the levels the walk's prefix shares with the last one
        self._stack: list[int] = []  # the chosen node of each level
        self._broken: XCCError | None = None
        self.nodes = 0
        self.max_level = 0
        self.cycle_cuts = 0
        self.check_sanity = False
        self._choices: list[int] = []
        self._pause_at = NO_BUDGET
        self._steps: Iterator[int] | None = self._search()

    # ---- the Run protocol -------------------------------------------------------

    def step(self, budget: int) -> int:
        if self._broken is not None:
            raise self._broken
        if self._steps is None or self._walk_at is not None:
            return DONE
        self._pause_at = self.mems + budget if budget > 0 else NO_BUDGET
        try:
            status = next(self._steps, DONE)
        except XCCError as error:
            self._broken, self._steps = error, None
            raise
        if status == DONE and self._walk_at is None:
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

    def replayed(self) -> dict[str, int] | None:
        """The counters when the replay of the prefix ended (all 0 without
        a prefix), or None before."""
        if not self.prefix:
            return {k: 0 for k in self.counters()}
        return None if self._replay is None else dict(self._replay)

    def walk(self, prefix: tuple[int, ...]) -> bool:
        """After the subproblem's search ended (DONE where the whole search
        leaves its subtree): become the subproblem of ``prefix`` without
        starting again (search.h's ``xcc_walk``).  The next step backtracks
        to the deepest level the two paths share, then replays only the rest
        of ``prefix``: its own part is counted as in a run started with it,
        the walk before ``replayed()``.  False (nothing changed) when the
        search did not end so, or ``prefix`` is empty or an ancestor of where
        it stands: then start a new run."""
        level, prefix = self._walk_at, tuple(prefix)
        if level is None or not prefix or len(prefix) > self.a.n1 or min(prefix) < 0:
            return False
        option_of, stack = self.a.option_of, self._stack
        c = 0
        while c < level and c < len(prefix) and option_of(stack[c]) == prefix[c]:
            c += 1
        if c >= len(prefix):
            return False
        self.prefix, self._common, self._replay, self._walk_at = prefix, c, None, None
        return True

    def split(self) -> list[tuple[int, ...]] | None:
        """After a pause at step C5: the untried rest as new prefixes, in the
        order of the search (the option about to be tried, its untried
        siblings, then at each level above, up to the prefix's, the untried
        siblings of the option chosen there); None at any other time."""
        if self._paused is None:
            return None
        a, stack, level = self.a, self._stack, self._paused
        head = [a.option_of(stack[j]) for j in range(level)]
        out = []
        for lev in range(level, len(self.prefix) - 1, -1):
            item = a.itm[stack[lev]]
            p = stack[lev] if lev == level else a.down[stack[lev]]
            while p != item:
                out.append(tuple(head[:lev]) + (a.option_of(p),))
                p = a.down[p]
        return out

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

    def _replay_choice(self, level: int, cur: int, best: int) -> int:
        """Replaying the prefix at step C3: the node of its option in the list
        of item ``best`` from ``cur`` (a lookup, not a step: no mems)."""
        a, prefix = self.a, self.prefix
        while cur != best and a.option_of(cur) != prefix[level]:
            cur = a.down[cur]
        if cur == best:
            raise bad_prefix(prefix, level)
        self._stack[level] = cur
        if level == len(prefix) - 1:  # the subproblem's own part starts at its option
            self._replay = self.counters()
        return cur

    def _search(self) -> Iterator[int]:
        """Yield SOLUTION at each solution (``_choices`` holds it) and PAUSED
        when the budget is spent; return when the search is over."""
        a = self.a
        down, itm = a.down, a.itm
        guard, prop = self.guard, self.prop
        choice = self._stack = [0] * LEVELS
        prefix, k = self.prefix, len(self.prefix)
        descending = k > 0  # still replaying the prefix
        guard_mark = [0] * LEVELS
        force_mark = [0] * LEVELS
        level = 0
        if guard is not None and not guard.ok:  # C1
            return  # the edges present from the start already break the rule
        if prop is not None:
            self.propagate()  # at the root, before any choice
            if self.guard_failed or a.rlink[0] == 0:
                if k:
                    raise bad_prefix(prefix, 0)  # no choice at the root at all
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
                        if level < k and descending:
                            raise bad_prefix(prefix, level)
                        if best == 0 and guard.accepts_solution():
                            self._choices = choice[:level] + self.forced_options()
                            yield SOLUTION
                        else:
                            self.cycle_cuts += 1
                        state = "leave"
                        continue
                self.cover(best)  # C4
                self.mems += 2; cur = choice[level] = down[best]  # noqa: E702
                if level < k:
                    cur = self._replay_choice(level, cur, best)
                state = "advance"
            elif state == "advance":  # C5: try the option of node cur
                if level < k:  # at a level of the prefix
                    if not descending and cur != best:  # the subproblem is done
                        self._walk_at = level  # the rest is another's: walk() may go there
                        yield DONE
                        # walk(): up to the level shared with the new prefix (C7, C6)
                        prefix, k = self.prefix, len(self.prefix)
                        while level > self._common:
                            self.uncover(best)
                            level -= 1
                            self.mems += 2; cur = choice[level]; best = itm[cur]  # noqa: E702
                            if prop is not None:
                                self.unforce_to(force_mark[level])
                            self.uncommit(cur)
                            if guard is not None:
                                guard.undo_to(guard_mark[level])
                                self.guard_failed = False
                        self.max_level = level  # as a run started with the prefix has it here
                        self.mems += 2; cur = down[best]  # noqa: E702  (its option, as at C4)
                        cur = self._replay_choice(level, cur, best)
                        descending = True
                        continue
                    if level == k - 1:
                        descending = False  # its option: the subproblem's own first step
                if cur == best:
                    state = "backup"
                    continue
                if self.mems >= self._pause_at and level >= k:
                    self._paused = level  # a point split() can cut at
                    yield PAUSED
                    self._paused = None
                if guard is not None:
                    guard_mark[level] = guard.mark()
                    force_mark[level] = len(self.forced)
                self.commit(cur)
                if prop is not None and not self.guard_failed:
                    self.propagate()
                if self.guard_failed:
                    if descending:
                        raise bad_prefix(prefix, level)
                    self.cycle_cuts += 1
                    state = "recover"
                    continue
                self.mems += 1  # rlink of the root
                if a.rlink[0] == 0:  # every primary item is covered
                    if descending:
                        raise bad_prefix(prefix, level)  # the prefix goes on below a solution
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
    good_for = "reading and checking Algorithm C; small problems (c is far faster)"
    budget = 1 << 16  # mems per step: some tens of milliseconds
    counter_labels = COUNTER_LABELS
    exact = False  # counts by listing every solution (no start_count)
    splits = True  # a Splittable: start() takes a choice prefix (xcc.parallel)
    task_budget = 1 << 21  # mems per parallel task: about a second of work
    bytes_per_node = 500  # the problem and the links, in Python lists

    def available(self) -> bool:
        return True

    def why_not(self) -> str | None:
        return None

    def prepare(self, problem: Problem, cycle: Cycle | None = None) -> tuple:
        """What a worker is sent: the problem and cycle themselves."""
        return problem, cycle

    def start(self, problem: Problem, cycle: Cycle | None = None,
              prefix: tuple[int, ...] = ()) -> PythonRun:
        return PythonRun(build_arrays(problem), None if cycle is None else cycle.compile_for(problem),
                         prefix)

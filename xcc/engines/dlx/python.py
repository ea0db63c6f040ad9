"""Engine "python": Knuth's Algorithm C in pure Python, step by step.

A translation of the search of DLX2 (TAOCP 7.2.2.1, Algorithm C) onto the
flat arrays of :mod:`xcc.engines.dlx.arrays`, counting mems exactly as DLX2
does; the operations are in :mod:`~xcc.engines.dlx.links` and, for
propagation, :mod:`~xcc.engines.dlx.lookahead`.  The compiled engine
(``xcc/csrc/dlx/search.c``, engine "c") is a line-by-line translation of this
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
subtree.  The replay is its own steps beside the loop (``_replay_prefix``):
  R1 enter a level of the prefix (C2-C4); R2 take the prefix's option there
  (a lookup: no mems); R3 try it (C5 for that option alone); down to step C5
  of the prefix's last level, where the loop goes on.  R4, in step C6: the
  next option at a level of the prefix is another subproblem's, so the
  search ends there; R0 (``_walk_up``): ``walk()``'s climb to the level the
  next prefix shares.

``replayed()`` gives the counters when the replay ended (what is counted
after is the subproblem's own part), ``split()`` after a pause the untried
rest as new prefixes, in the order of the search (xcc.parallel runs them).
"""
from __future__ import annotations

from typing import Iterator

from ...cycle import Cycle, CompiledCycle
from ...errors import XCCError
from ...problem import Problem
from ..base import DONE, PAUSED, SOLUTION, MemsRun, bad_prefix
from . import COUNTER_LABELS
from .arrays import Arrays, build_arrays, sanity
from .lookahead import Lookahead

LEVELS = 64  # the level arrays' first size; they grow as the search goes deeper
NO_BUDGET = 1 << 64


class PythonRun(Lookahead, MemsRun):
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

    # ---- the search: Algorithm C ----------------------------------------------

    def _search(self) -> Iterator[int]:
        """Algorithm C: yield SOLUTION at each solution (``_choices`` holds it)
        and PAUSED when the budget is spent; return when the search is over.

        With a prefix, the replay (``_replay_prefix``, steps R1-R3) takes
        the search down to its last level, and the loop goes on from step C5
        there; the one other trace of the prefix in the loop is step C6 at
        one of its levels: the next option there is another subproblem's, so
        the search ends there (R4: DONE, from where ``walk()`` may go on)."""
        a = self.a
        down, itm, rlink = a.down, a.itm, a.rlink
        guard, prop = self.guard, self.prop
        choice = self._stack = [0] * LEVELS  # x_0, x_1, ...: the node tried at each level
        guard_mark = self._guard_mark = [0] * LEVELS
        force_mark = self._force_mark = [0] * LEVELS
        k = len(self.prefix)
        # C1 [Initialize.] (the links are set up by Arrays)
        if guard is not None and not guard.ok:
            return  # the edges present from the start already break the rule
        if prop is not None:
            self.propagate()  # at the root, before any choice
            if self.guard_failed or rlink[0] == 0:
                if k:
                    raise bad_prefix(self.prefix, 0)  # no choice at the root at all
                if not self.guard_failed and guard.accepts_solution():
                    self.nodes = 1  # solved by propagation alone
                    self._choices = self.forced_options()
                    yield SOLUTION
                self.unforce_to(0)
                return
        level = best = cur = 0
        if k:
            level, best, cur = self._replay_prefix(0, 0)  # R1-R3: to C5 of its last level
        enter = not k
        while True:
            again = False  # True: step C6 first (the level's option x_l is tried)
            if enter:
                # C2 [Enter level l.]
                self.nodes += 1
                if self.check_sanity:
                    faults = sanity(a)
                    assert not faults, faults
                # C3 [Choose i.]
                if prop is None:
                    best, _ = self.choose()  # fewest options, leftmost on ties
                else:
                    best = self.lookahead()  # probing the options first
                if best > 0:
                    # C4 [Cover i.]
                    self.cover(best)
                    self.mems += 2; cur = choice[level] = down[best]  # noqa: E702
                else:  # the probes decided this node: a solution or a dead end
                    if best == 0 and guard.accepts_solution():
                        self._choices = choice[:level] + self.forced_options()
                        yield SOLUTION
                    else:
                        self.cycle_cuts += 1
                    # C8 [Leave level l.] (nothing was covered here)
                    if level == 0:
                        self.unforce_to(0)
                        return
                    level -= 1
                    self.mems += 2; cur = choice[level]  # noqa: E702  (with its itm)
                    best = itm[cur]
                    again = True
            enter = True
            while True:
                if again:
                    # C6 [Try again.] (undo C5's move: as _undo_option, inline here)
                    if prop is not None:
                        self.unforce_to(force_mark[level])
                    self.uncommit(cur)
                    if guard is not None:
                        guard.undo_to(guard_mark[level])
                        self.guard_failed = False
                    self.mems += 2; cur = choice[level] = down[cur]  # noqa: E702
                    if level < k and cur != best:
                        # R4 [End the subproblem.] The rest at this level is another's
                        self._walk_at = level  # walk() may go on from here
                        yield DONE
                        k = len(self.prefix)  # walk() gave a new prefix: replay it
                        level, best = self._walk_up(level, best)
                        level, best, cur = self._replay_prefix(level, best)
                again = True
                # C5 [Try x_l.]
                if cur == best:
                    # C7 [Backtrack.]
                    self.uncover(best)
                    # C8 [Leave level l.]
                    if level == 0:
                        self.unforce_to(0)
                        return
                    level -= 1
                    self.mems += 2; cur = choice[level]  # noqa: E702  (with its itm)
                    best = itm[cur]
                    continue
                if self.mems >= self._pause_at and level >= k:
                    self._paused = level  # a point split() can cut at
                    yield PAUSED
                    self._paused = None
                # (cover the items of x_l, then propagate: as _try_option, inline here)
                if guard is not None:
                    guard_mark[level] = guard.mark()
                    force_mark[level] = len(self.forced)
                self.commit(cur)
                if prop is not None and not self.guard_failed:
                    self.propagate()
                if self.guard_failed:
                    self.cycle_cuts += 1
                    continue
                self.mems += 1  # rlink of the root
                if rlink[0] == 0:  # every primary item is covered
                    if guard is not None and not guard.accepts_solution():
                        self.cycle_cuts += 1
                        continue
                    self.nodes += 1  # a solution is a special node of the tree
                    if level + 1 > self.max_level:
                        self.max_level = level + 1
                    self._choices = choice[:level + 1] + self.forced_options()
                    yield SOLUTION
                    continue
                level += 1
                if level > self.max_level:
                    self.max_level = level
                if level == len(choice):  # deeper than the level arrays: grow them
                    choice += [0] * level
                    guard_mark += [0] * level
                    force_mark += [0] * level
                break  # to C2

    def _try_option(self, level: int, cur: int) -> None:
        """Step C5's move: option ``cur`` at ``level`` covered and purified
        (then propagated), marks kept for ``_undo_option``.  ``_search``
        makes the same move inline (its inner loop, where a call costs)."""
        guard = self.guard
        if guard is not None:
            self._guard_mark[level] = guard.mark()
            self._force_mark[level] = len(self.forced)
        self.commit(cur)
        if self.prop is not None and not self.guard_failed:
            self.propagate()

    def _undo_option(self, level: int, cur: int) -> None:
        """Step C6's undoing of ``_try_option``: its forced values, its covers,
        the loop guard's record since (no mems of its own; inline in
        ``_search``, as ``_try_option``)."""
        if self.prop is not None:
            self.unforce_to(self._force_mark[level])
        self.uncommit(cur)
        if self.guard is not None:
            self.guard.undo_to(self._guard_mark[level])
            self.guard_failed = False

    def _deeper(self, level: int) -> int:
        """From step C5 to C2 of the next level, growing the level arrays
        when deeper than they are (in place: ``_search`` holds them; it
        makes the same step inline)."""
        level += 1
        if level > self.max_level:
            self.max_level = level
        if level == len(self._stack):
            self._stack += [0] * level
            self._guard_mark += [0] * level
            self._force_mark += [0] * level
        return level

    # ---- the replay of a prefix -------------------------------------------------

    def _replay_prefix(self, level: int, best: int) -> tuple[int, int, int]:
        """Down the prefix from ``level`` (where item ``best`` is covered
        already, or none if 0), trying its option only at each level; return
        (level, best, cur) at step C5 of its last level, its option ``cur``
        about to be tried: the subproblem's own first step.  Counted as the
        search counts the same steps; anything but that path raises
        ``bad_prefix``."""
        a, prefix, k = self.a, self.prefix, len(self.prefix)
        while True:
            if not best:
                # R1 [Enter a level of the prefix.] C2, C3, C4 as the search does them
                self.nodes += 1
                if self.check_sanity:
                    faults = sanity(a)
                    assert not faults, faults
                if self.prop is None:
                    best, _ = self.choose()
                else:
                    best = self.lookahead()
                    if best <= 0:  # the probes decided this node: no choice to take
                        raise bad_prefix(prefix, level)
                self.cover(best)
            # R2 [Take the prefix's option.] C4's first node, then a lookup: no mems
            self.mems += 2; cur = a.down[best]  # noqa: E702
            while cur != best and a.option_of(cur) != prefix[level]:
                cur = a.down[cur]
            if cur == best:
                raise bad_prefix(prefix, level)
            self._stack[level] = cur
            if level == k - 1:
                self._replay = self.counters()  # the subproblem's own part starts here
                return level, best, cur
            # R3 [Try it.] Step C5 for this option alone
            self._try_option(level, cur)
            if self.guard_failed:
                raise bad_prefix(prefix, level)
            self.mems += 1  # rlink of the root
            if a.rlink[0] == 0:
                raise bad_prefix(prefix, level)  # the prefix goes on below a solution
            level, best = self._deeper(level), 0

    def _walk_up(self, level: int, best: int) -> tuple[int, int]:
        """R0 [Climb.] After ``walk()``: from the level where the last
        subproblem ended up to the deepest one it shares with the new prefix,
        as the search backtracks (C7, C8, C6's undoing)."""
        a, choice = self.a, self._stack
        while level > self._common:
            self.uncover(best)
            level -= 1
            self.mems += 2; cur = choice[level]; best = a.itm[cur]  # noqa: E702
            self._undo_option(level, cur)
        self.max_level = level  # as a run started with the prefix has it here
        return level, best


class PythonEngine:
    """The readable reference: the statistics of DLX2, node for node."""

    name = "python"
    summary = "Algorithm C in pure Python, the readable reference"
    good_for = "reading and checking Algorithm C; small problems (c is far faster)"
    learns = False  # no clause learning: propagation is its reasoning
    budget = 1 << 16  # mems per step: some tens of milliseconds
    counter_labels = COUNTER_LABELS
    exact = False  # counts by listing every solution (no start_count)
    splits = True  # a Splittable: start() takes a choice prefix (xcc.parallel)
    cycle = True  # takes the single-cycle constraint
    multiplicities = False  # no bounds on items (refused: engines.refuse_unfit)
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

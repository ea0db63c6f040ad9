"""A DRAT proof checker: is a CNF formula unsatisfiable, as a clausal proof claims?

Generic (it knows nothing of Masyu).  A DRAT proof is a list of steps, each
the addition of a lemma (a clause) or the deletion of a clause; it proves the
formula unsatisfiable when every added lemma is

- RUP (reverse unit propagation): assigning the negation of every literal of
  the lemma and propagating units over the clauses present gives a conflict;
  so the lemma follows from them;
- or else RAT (resolution asymmetric tautology) on its first literal ``p``:
  for every clause D present holding ``-p``, the resolvent ``lemma | (D - {-p})``
  is RUP; so adding the lemma keeps a satisfiable formula satisfiable;

and the clauses present at some point propagate to a conflict (the empty
clause).  Checking is *forward*: every lemma is checked in the order of the
proof, over the clauses present at its step (the formula, the lemmas before
it, minus the deletions before it); it stops, verified, at the first conflict.

Deletions follow drat-trim's convention: a deletion of a clause that is not
present is ignored (counted), and so is the deletion of a clause that is the
reason of a unit at the top level (solvers delete satisfied clauses; keeping
a clause can only make the checks stricter for RAT and easier for RUP of true
consequences, and never makes a satisfiable formula look unsatisfiable: every
clause kept is a clause of the formula or a checked lemma).

The checker keeps a top-level assignment with two watched literals per clause
of two or more literals; a check assigns more, propagates, and undoes.  Its C
twin is ``csrc/drat/drat.c`` (``_native.drat_check``): the same steps in the same
order, so the twins give the same verdict, the same failing step and the same
counts (``tests/xcc/test_drat.py`` holds them to it).

``solver(clauses, proof=True)`` is the CaDiCaL whose proofs it reads.
``parse_dimacs(text)`` and ``parse_drat(text)`` read the DIMACS CNF and the text
DRAT formats; ``check(nvars, clauses, steps, engine="c" | "python")`` gives a
:class:`DratResult`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .errors import XCCError

try:  # the compiled twin is optional: the Python checker works without it
    from . import _native
    if not hasattr(_native, "drat_check"):
        _native = None
except ImportError:  # pragma: no cover - exercised by tests/test_without_extension.py
    _native = None

ADD, DELETE = 0, 1
# The DRAT checkers, by name: a registry of their own (check's ``engine``), not
# the search engines of xcc.engines, though the twins are named alike.
CHECKERS = {"c": "the C twin (csrc/drat.c), fast", "python": "the readable Python twin"}

# Outcomes, as the C twin numbers them.
VERIFIED, REFUTED_STEP, NO_CONFLICT = 0, 1, 2


@dataclass(frozen=True)
class Step:
    """One proof step: ``kind`` ADD or DELETE, its literals, its line in the file (1-based)."""

    kind: int
    lits: tuple[int, ...]
    line: int = 0


@dataclass(frozen=True)
class DratResult:
    """The checker's verdict and what it did."""

    verified: bool
    reason: str = ""                 # why not, with the line, when not verified
    step: int | None = None          # index of the step that failed (None: none did)
    line: int | None = None          # its line in the proof file
    counts: dict[str, int] = field(default_factory=dict)  # lemmas, rat, deletions, ignored

    def __bool__(self) -> bool:
        return self.verified


# -- reading ---------------------------------------------------------------------------


def _ints(words: Sequence[str], where: str) -> list[int]:
    try:
        return [int(w) for w in words]
    except ValueError:
        raise XCCError(f"expected integers, not {' '.join(words)[:60]!r}", where) from None


def parse_dimacs(text: str, name: str = "cnf") -> tuple[int, list[list[int]]]:
    """``(nvars, clauses)`` of a DIMACS CNF text (``c`` lines are comments).

    The header ``p cnf V C`` must come before the clauses and the counts must
    match; every literal is nonzero and at most V in size; every clause ends with 0.
    """
    nvars = nclauses = -1
    clauses: list[list[int]] = []
    current: list[int] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{number}"
        if not line or line.startswith("c"):
            continue
        if line.startswith("p"):
            words = line.split()
            if nvars >= 0 or len(words) != 4 or words[1] != "cnf":
                raise XCCError("expected one header 'p cnf VARIABLES CLAUSES'", where)
            nvars, nclauses = _ints(words[2:], where)
            if nvars < 0 or nclauses < 0:
                raise XCCError("negative counts in the header", where)
            continue
        if nvars < 0:
            raise XCCError("a clause before the header 'p cnf V C'", where)
        for lit in _ints(line.split(), where):
            if lit == 0:
                clauses.append(current)
                current = []
            elif abs(lit) > nvars:
                raise XCCError(f"literal {lit} beyond the {nvars} variables", where)
            else:
                current.append(lit)
    if nvars < 0:
        raise XCCError("no header 'p cnf V C'", name)
    if current:
        raise XCCError("the last clause does not end with 0", name)
    if len(clauses) != nclauses:
        raise XCCError(f"the header says {nclauses} clauses, the file has {len(clauses)}", name)
    return nvars, clauses


def parse_drat(text: str, nvars: int, name: str = "proof") -> list[Step]:
    """The steps of a text DRAT proof: lines ``L1 L2 ... 0`` (add) and ``d L1 ... 0``
    (delete); ``c`` lines are comments.  Each step is one line ending with 0."""
    steps: list[Step] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("c"):
            continue
        where = f"{name}:{number}"
        kind = ADD
        if line.startswith("d"):
            kind, line = DELETE, line[1:]
        lits = _ints(line.split(), where)
        if not lits or lits[-1] != 0 or 0 in lits[:-1]:
            raise XCCError("a proof line is literals ending with one 0", where)
        lits.pop()
        for lit in lits:
            if abs(lit) > nvars:
                raise XCCError(f"literal {lit} beyond the {nvars} variables", where)
        steps.append(Step(kind, tuple(lits), number))
    return steps


# -- the checker -----------------------------------------------------------------------


def _dedupe(lits: Iterable[int]) -> list[int]:
    """The literals once each, in the order of first appearance (the first is the pivot)."""
    seen: set[int] = set()
    out = []
    for x in lits:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


class _Checker:
    """Forward checking over a growing clause database (twin: csrc/drat/drat.c)."""

    def __init__(self, nvars: int) -> None:
        self.val = [0] * (nvars + 1)          # +1 true, -1 false, 0 free, per variable
        self.reason = [-1] * (nvars + 1)      # the clause that made a top-level unit
        self.trail: list[int] = []
        self.head = 0                         # trail[:head] is propagated
        self.watches: list[list[int]] = [[] for _ in range(2 * nvars + 2)]
        self.clauses: list[list[int]] = []
        self.alive: list[bool] = []
        self.table: dict[tuple[int, ...], list[int]] = {}
        self.conflict = False                 # the clauses present propagate to a conflict

    @staticmethod
    def code(lit: int) -> int:
        return 2 * lit if lit > 0 else -2 * lit + 1

    def value(self, lit: int) -> int:
        v = self.val[abs(lit)]
        return v if lit > 0 else -v

    def assign(self, lit: int, reason: int) -> None:
        self.val[abs(lit)] = 1 if lit > 0 else -1
        self.reason[abs(lit)] = reason
        self.trail.append(lit)

    def propagate(self) -> bool:
        """Unit propagation from trail[head:]; False on a conflict."""
        clauses, alive, watches, value = self.clauses, self.alive, self.watches, self.value
        while self.head < len(self.trail):
            false = -self.trail[self.head]
            self.head += 1
            ws = watches[self.code(false)]
            keep: list[int] = []
            i, n = 0, len(ws)
            while i < n:
                cid = ws[i]
                i += 1
                if not alive[cid]:
                    continue                                  # deleted: drop its watch
                c = clauses[cid]
                if c[0] == false:
                    c[0], c[1] = c[1], false
                if value(c[0]) > 0:
                    keep.append(cid)
                    continue
                for k in range(2, len(c)):
                    if value(c[k]) >= 0:
                        c[1], c[k] = c[k], false
                        watches[self.code(c[1])].append(cid)
                        break
                else:
                    keep.append(cid)
                    if value(c[0]) < 0:
                        keep.extend(ws[i:])
                        watches[self.code(false)] = keep
                        return False
                    self.assign(c[0], cid)
            watches[self.code(false)] = keep
        return True

    def undo(self, mark: int) -> None:
        trail, val, reason = self.trail, self.val, self.reason
        while len(trail) > mark:
            v = abs(trail.pop())
            val[v] = 0
            reason[v] = -1
        self.head = mark

    def rup(self, lits: Sequence[int]) -> bool:
        """Does assigning the negation of ``lits`` propagate to a conflict?"""
        mark = len(self.trail)
        conflict = False
        for x in lits:
            v = self.value(x)
            if v > 0:
                conflict = True
                break
            if v == 0:
                self.assign(-x, -1)
        if not conflict:
            conflict = not self.propagate()
        self.undo(mark)
        return conflict

    def rat(self, lits: Sequence[int]) -> bool:
        """Is every resolvent on the first literal with a clause present RUP?"""
        if not lits:
            return False
        neg = -lits[0]
        for cid, c in enumerate(self.clauses):
            if self.alive[cid] and neg in c:
                if not self.rup(list(lits) + [x for x in c if x != neg]):
                    return False
        return True

    def add(self, lits: list[int]) -> None:
        """Put a clause in the database; a unit or a conflict at the top level follows."""
        cid = len(self.clauses)
        self.clauses.append(lits)
        self.alive.append(True)
        self.table.setdefault(tuple(sorted(lits)), []).append(cid)
        if not lits:
            self.conflict = True
            return
        if len(lits) >= 2:
            # watch two literals that are not false (true or free first), if there are
            front = [x for x in lits if self.value(x) >= 0]
            lits[:] = front + [x for x in lits if self.value(x) < 0]
            self.watches[self.code(lits[0])].append(cid)
            self.watches[self.code(lits[1])].append(cid)
            if self.value(lits[1]) >= 0:
                return
        v = self.value(lits[0])
        if v < 0:
            self.conflict = True
        elif v == 0:
            self.assign(lits[0], cid)
            if not self.propagate():
                self.conflict = True

    def delete(self, lits: Sequence[int]) -> str:
        """Take a clause out: "deleted", "missing" or "reason" (the last two ignored)."""
        ids = self.table.get(tuple(sorted(lits)))
        if not ids:
            return "missing"
        cid = ids[-1]
        c = self.clauses[cid]
        if any(self.reason[abs(x)] == cid for x in c):
            return "reason"
        ids.pop()
        self.alive[cid] = False
        return "deleted"


def check_python(nvars: int, clauses: Iterable[Sequence[int]], steps: Sequence[Step]) -> DratResult:
    """The readable checker (twin of the C one)."""
    ck = _Checker(nvars)
    counts = {"lemmas": 0, "rat": 0, "deletions": 0, "ignored": 0}
    for c in clauses:
        if not ck.conflict:
            ck.add(_dedupe(c))
    if ck.conflict:
        return DratResult(True, step=None, counts=counts)
    for index, s in enumerate(steps):
        lits = _dedupe(s.lits)
        if s.kind == DELETE:
            outcome = ck.delete(lits)
            counts["deletions" if outcome == "deleted" else "ignored"] += 1
            continue
        counts["lemmas"] += 1
        if not ck.rup(lits):
            if not ck.rat(lits):
                return _refuted(index, s, counts)
            counts["rat"] += 1
        ck.add(lits)
        if ck.conflict:
            return DratResult(True, counts=counts)
    return DratResult(False, "the proof ends without deriving the empty clause", counts=counts)


def _refuted(index: int, s: Step, counts: dict[str, int]) -> DratResult:
    shown = " ".join(map(str, s.lits[:8])) + (" ..." if len(s.lits) > 8 else "")
    return DratResult(False, f"proof line {s.line}: the lemma [{shown}] is neither RUP nor RAT",
                      step=index, line=s.line, counts=counts)


def check_c(nvars: int, clauses: Iterable[Sequence[int]], steps: Sequence[Step]) -> DratResult:
    """The same check in C (``_native.drat_check``)."""
    if _native is None:
        raise ImportError("the compiled extension xcc._native (with drat_check) is missing")
    from array import array
    lits, starts = array("i"), array("i", [0])
    for c in clauses:
        lits.extend(c)
        starts.append(len(lits))
    plits, pstarts, kinds = array("i"), array("i", [0]), array("i")
    for s in steps:
        plits.extend(s.lits)
        pstarts.append(len(plits))
        kinds.append(s.kind)
    status, index, lemmas, rat, deletions, ignored = _native.drat_check(
        nvars, lits, starts, plits, pstarts, kinds)
    counts = {"lemmas": lemmas, "rat": rat, "deletions": deletions, "ignored": ignored}
    if status == VERIFIED:
        return DratResult(True, counts=counts)
    if status == REFUTED_STEP:
        return _refuted(index, steps[index], counts)
    return DratResult(False, "the proof ends without deriving the empty clause", counts=counts)


def check(nvars: int, clauses: Iterable[Sequence[int]], steps: Sequence[Step],
          engine: str = "c") -> DratResult:
    """Check the proof ``steps`` of the unsatisfiability of ``clauses`` over ``nvars``
    variables with the checker ``engine`` (``CHECKERS``: "c", the default, or "python")."""
    if engine not in CHECKERS:
        raise XCCError(f"unknown DRAT checker {engine!r}; choose from {', '.join(CHECKERS)}")
    for c in clauses:
        for x in c:
            if x == 0 or abs(x) > nvars:
                raise XCCError(f"literal {x} outside 1..{nvars}")
    return (check_c if engine == "c" else check_python)(nvars, clauses, steps)


def available(engine: str) -> bool:
    return engine == "python" or (engine == "c" and _native is not None)


SOLVER = "cadical195"


def solver(clauses: Iterable[Sequence[int]] = (), proof: bool = False):
    """CaDiCaL 1.9.5 (python-sat's ``cadical195``) over ``clauses``, the solver whose
    proofs this checker reads: a context manager with ``add_clause``, ``solve``,
    ``get_model`` and, with ``proof=True``, ``get_proof`` (the text DRAT lines of a
    refutation; python-sat decodes CaDiCaL's binary DRAT).  ImportError without
    python-sat."""
    from pysat.solvers import Solver  # python-sat is an optional dependency
    return Solver(name=SOLVER, bootstrap_with=[list(c) for c in clauses], with_proof=proof)

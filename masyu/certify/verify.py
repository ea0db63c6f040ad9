"""Check a certificate of uniqueness without a SAT solver.

The verifier trusts nothing it can rebuild: it reads the puzzle, rebuilds
the rules' clauses from it and compares them, as sets, with ``rules.cnf``
(both ways); checks each cut against the single-loop rule
(``cuts.check_cut``); checks the solution with the rules checker
(``masyu.check``) and that ``blocking.cnf`` is exactly its negation; and
checks the DRAT proof of the conjunction of its own clauses, the cuts and the
blocking clause with ``xcc.drat`` (the C twin by default).  Why that proves
uniqueness: docs/certificates.md.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

import xcc

from .. import formats
from ..board import board
from ..check import check
from ..errors import MasyuError
from ..loop import Loop
from ..puzzle import Puzzle
from .cuts import check_cut
from .files import FILES, Refused, read
from .prove import blocking_clause, check_size
from .rules import normal, rule_clauses


@dataclass(frozen=True)
class Verdict:
    """``verified``, and ``reason`` when not; what was checked and how long it took."""

    verified: bool
    reason: str = ""
    puzzle: Puzzle | None = None
    solution: Loop | None = None
    counts: dict = field(default_factory=dict)
    seconds: dict = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.verified

    def as_dict(self) -> dict:
        """The verdict as ``masyu verify --json`` writes it (seconds to the millisecond)."""
        return {"verified": self.verified, "reason": self.reason or None, "counts": self.counts,
                "seconds": {k: round(t, 3) for k, t in self.seconds.items()}}

    def as_text(self) -> str:
        """``verified: the 6x6 puzzle has exactly one solution (... lemmas checked)``."""
        c = self.counts
        return (f"verified: the {self.puzzle.rows}x{self.puzzle.cols} puzzle has exactly one "
                f"solution ({c['rules']:,} rules, {c['cuts']:,} cuts, {c['lemmas']:,} lemmas "
                "checked)\n")


def _parse(fn, *args, name: str):
    try:
        return fn(*args)
    except xcc.XCCError as err:
        raise MasyuError(err.message, err.where or name) from None


def _cuts(text: str) -> list:
    try:
        cuts = json.loads(text)
    except json.JSONDecodeError as err:
        raise MasyuError(f"not JSON: {err.msg}", f"{FILES['cuts']}:{err.lineno}") from None
    ok = isinstance(cuts, list) and all(
        isinstance(c, dict) and isinstance(c.get("kind"), str)
        and isinstance(c.get("cells"), list)
        and all(isinstance(x, list) and len(x) == 2 and all(type(y) is int for y in x)
                for x in c["cells"])
        and isinstance(c.get("clause"), list) and all(type(x) is int for x in c["clause"])
        for c in cuts)
    if not ok:
        raise MasyuError('expected [{"kind": ..., "cells": [[r, c], ...], "clause": [...]}]',
                         FILES["cuts"])
    return cuts


def verify(directory, checker: str = "c", puzzle: Puzzle | None = None) -> Verdict:
    """Check the certificate in ``directory``.  ``puzzle``: the one it must be about.

    Returns a Verdict; raises MasyuError when the certificate cannot be read."""
    if checker not in xcc.drat.CHECKERS:
        choices = ", ".join(xcc.drat.CHECKERS)
        raise MasyuError(f"unknown checker {checker!r}; choose from {choices}")
    if checker == "c" and not xcc.drat.available("c"):
        checker = "python"
    times: dict[str, float] = {}     # CPU seconds by stage
    clock = [time.process_time()]

    def lap(stage: str) -> None:
        now = time.process_time()
        times[stage] = now - clock[0]
        clock[0] = now

    try:
        _, text = read(directory)
    except Refused as why:
        return Verdict(False, str(why))
    try:
        p = formats.parse(text["puzzle"])
    except MasyuError as err:
        raise MasyuError(err.message, f"{FILES['puzzle']}, {err.where}" if err.where
                         else FILES["puzzle"]) from None
    check_size(p, FILES["puzzle"])
    if puzzle is not None and (p.rows, p.cols, p.pearls) != (puzzle.rows, puzzle.cols,
                                                           puzzle.pearls):
        return Verdict(False, "the certificate is about another puzzle", p)
    b = board(p.rows, p.cols)
    nvars = b.nedges

    def refuse(reason: str, **kw) -> Verdict:
        return Verdict(False, reason, p, **kw)

    # the rules: the file's clauses are exactly the puzzle's
    fvars, fclauses = _parse(xcc.drat.parse_dimacs, text["rules"], FILES["rules"],
                             name=FILES["rules"])
    if fvars != nvars:
        return refuse(f"{FILES['rules']} has {fvars} variables, the board {nvars} edges")
    rules = rule_clauses(p)
    given = {normal(c.lits): c for c in rules}
    infile = {normal(c) for c in fclauses}
    for c in fclauses:
        if normal(c) not in given:
            return refuse(f"{FILES['rules']} has a clause the puzzle does not give: "
                          f"{' '.join(map(str, c))} 0")
    for key, c in given.items():
        if key not in infile:
            return refuse(f"{FILES['rules']} lacks the clause {' '.join(map(str, c.lits))} 0 "
                          f"({c.rule} at ({c.cell[0]}, {c.cell[1]}))")
    lap("files and rules")
    # the cuts: each one every single loop through all pearls satisfies
    cuts = _cuts(text["cuts"])
    for number, c in enumerate(cuts, 1):
        why = check_cut(p, c["kind"], c["cells"], c["clause"])
        if why:
            return refuse(f"{FILES['cuts']}: cut {number} ({c['kind']}) is not a valid cut: {why}")
    # the solution, and the blocking clause its negation
    try:
        loop = formats.parse_loop(text["solution"], p.rows, p.cols, format="box")
    except MasyuError as err:
        raise MasyuError(err.message, f"{FILES['solution']}: {err.where}" if err.where
                         else FILES["solution"]) from None
    if (loop.rows, loop.cols) != (p.rows, p.cols):
        return refuse(f"{FILES['solution']} is drawn on a {loop.rows}x{loop.cols} board")
    broken = check(p, loop)
    if broken:
        return refuse(f"{FILES['solution']} is not a solution: {broken[0]}", solution=loop)
    bvars, bclauses = _parse(xcc.drat.parse_dimacs, text["blocking"], FILES["blocking"],
                             name=FILES["blocking"])
    blocking = blocking_clause(p, loop)
    if bvars != nvars or len(bclauses) != 1 or normal(bclauses[0]) != normal(blocking):
        return refuse(f"{FILES['blocking']} is not the negation of the solution", solution=loop)
    formula = [c.lits for c in rules] + [tuple(c["clause"]) for c in cuts] + [blocking]
    gvars, given_formula = _parse(xcc.drat.parse_dimacs, text["formula"], FILES["formula"],
                                  name=FILES["formula"])
    if gvars != nvars or [normal(c) for c in given_formula] != [normal(c) for c in formula]:
        return refuse(f"{FILES['formula']} is not the rules, the cuts and the blocking clause, "
                      f"in that order", solution=loop)
    lap("cuts, solution, formula")
    # the proof
    steps = _parse(xcc.drat.parse_drat, text["proof"], nvars, FILES["proof"], name=FILES["proof"])
    lap("proof read")
    result = xcc.drat.check(nvars, formula, steps, checker)
    lap("drat check")
    counts = {"rules": len(rules), "cuts": len(cuts), "proof_steps": len(steps), **result.counts}
    if not result.verified:
        return refuse(f"{FILES['proof']}: {result.reason}", solution=loop, counts=counts,
                      seconds=times)
    return Verdict(True, "", p, loop, counts, times)

"""masyu.rules: each rule once, and its readers agree with the pearls' patterns.

The ids of the pearls' rules (and their names in explanations) are written in
masyu/rules.py only; the CNF, the XCC options, the checker and the oracle's
reading of a loop say what the patterns say, on every local assignment.
"""
from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

from masyu import Loop, Puzzle
from masyu.board import BLACK, NESW, WHITE, board
from masyu.check import RULES as CHECK_RULES
from masyu.check import check
from masyu.encodings.slots import SLOT_BITS, SLOT_KIND, SLOT_SOURCE
from masyu.explain import RULES as EXPLAIN_RULES
from masyu.rules import (BY_NAME, CHECKED, PEARL_RULES, PEARLS, RULES, cell_clauses, obeys,
                         pearl_clauses)

ROOT = Path(__file__).resolve().parents[2]


def _words() -> set[str]:
    """What names a pearl's rule: its id, and its name in explanations."""
    return set(PEARL_RULES) | {RULES[r].name for r in PEARL_RULES}


def _python_literals(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)}


def test_the_pearl_rules_are_named_in_masyu_rules_only():
    words = _words()
    found = []
    for path in sorted((ROOT / "masyu").rglob("*")):
        if path == ROOT / "masyu" / "rules.py" or "__pycache__" in path.parts:
            continue
        if path.suffix == ".py":
            hits = words & _python_literals(path)
        elif path.suffix in (".js", ".c", ".h", ".html"):
            text = path.read_text(encoding="utf-8")
            hits = {w for w in words if re.search(rf"[\"'`]{re.escape(w)}[\"'`]", text)}
        else:
            continue
        found += [(str(path.relative_to(ROOT)), w) for w in sorted(hits)]
    assert not found, found


def test_one_table_read_by_every_vocabulary():
    assert set(PEARL_RULES) == {"white-turns", "white-no-turn-beside", "black-straight",
                                "black-arm-turns"}
    assert list(CHECK_RULES) == list(CHECKED) and all(CHECK_RULES[r] == RULES[r].text
                                                      for r in CHECKED)
    assert EXPLAIN_RULES is BY_NAME and all(RULES[r.id] is r for r in BY_NAME.values())
    for rule in PEARL_RULES:   # checked, explained, and labelled in the CNF
        assert RULES[rule].text and RULES[rule].message and RULES[rule].name
    assert all(r.intro for r in BY_NAME.values())


def _holds(clauses, value) -> bool:
    return all(any(value[abs(x) - 1] == (x > 0) for x in c) for c in clauses)


def test_cnf_slots_and_obeys_say_what_the_patterns_say():
    # A pearl in the middle of a 5x5 board: its four edges and four far edges, every
    # assignment with the pearl's cell of degree 0 or 2.
    bd = board(5, 5)
    i = 12
    near = list(bd.near[i])
    far = [bd.far(i, d) for d in range(4)]
    for code, pearl in PEARLS.items():
        clauses = pearl_clauses(bd, i, code)
        assert {rule for rule, _, _ in clauses} == {"pearl-off-loop", *pearl.rules}
        lits = [c for _, _, c in clauses]
        slots = [(SLOT_SOURCE[k], SLOT_BITS[k]) for k in range(len(SLOT_KIND))
                 if SLOT_KIND[k] == code]
        for bits in itertools.product((0, 1), repeat=8):
            if sum(bits[:4]) not in (0, 2):
                continue
            value = [0] * (bd.nedges + 1)
            for e, b in zip(near + far, bits):
                value[e] = b
            by_near = dict(zip(NESW, bits[:4]))
            by_far = dict(zip(NESW, bits[4:]))
            want = any(by_near[a] and by_near[b] and (by_far[a], by_far[b]) in pearl.beyond
                       for a, b in pearl.shapes)
            assert obeys(code, by_near, by_far) == want
            assert _holds(lits, value) == want, (code, bits)
            # an option of the circle item: its literals, read from Board.around
            options = [all(bits[src] == bit for src, bit in zip(source, slot_bits))
                       for source, slot_bits in slots]
            assert (sum(options) == 1) == want and sum(options) <= 1, (code, bits)


def test_the_degree_clauses_allow_degree_0_or_2():
    bd = board(3, 3)
    es = list(bd.near[4])
    for bits in itertools.product((0, 1), repeat=4):
        value = [0] * (bd.nedges + 1)
        for e, b in zip(es, bits):
            value[e] = b
        assert _holds([c for _, _, c in cell_clauses(bd, 4)], value) == (sum(bits) in (0, 2))


def test_the_checker_says_what_the_patterns_say():
    # Every single loop of a 3x4 board, a pearl of each kind in each cell: a pearl's
    # rules broken exactly when the loop does not obey its patterns.
    rows, cols = 3, 4
    bd = board(rows, cols)
    loops = []
    for bits in range(1, 1 << bd.nedges):
        value = [(bits >> e) & 1 for e in range(bd.nedges)] + [0]
        if all(sum(value[e] for e in near) in (0, 2) for near in bd.near):
            loop = Loop(rows, cols, bd.edges_of(value))
            if len(loop.components()) == 1:
                loops.append((value, loop))
    assert len(loops) > 20
    for (value, loop), i, code in itertools.product(loops, range(bd.ncells), PEARLS):
        cell = divmod(i, cols)
        by_near = {NESW[d]: value[e] for d, e in enumerate(bd.near[i])}
        by_far = {NESW[d]: value[bd.far(i, d)] for d in range(4)}
        got = check(Puzzle(rows, cols, {cell: "W" if code == WHITE else "B"}), loop)
        assert (got == []) == obeys(code, by_near, by_far), (cell, code, got)
        assert {v.rule for v in got} <= {"pearl-off-loop", *PEARLS[code].rules}
    assert BLACK in PEARLS and WHITE in PEARLS

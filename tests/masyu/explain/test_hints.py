"""masyu.hint from random partial states of stored loops: sound with right marks, and
one wrong mark added is named.  The truth is the stored loop, not the hint code."""
from __future__ import annotations

import random

import pytest

import masyu
from masyu import MasyuError, Puzzle
from masyu.explain import Marks, hint, parse_marks
from masyu.explain.hints import solutions

from tests.data import STEP

from .replay import Replay


def _edges(p):
    return [((r, c), (r, c + 1)) for r in range(p.rows) for c in range(p.cols - 1)] + \
           [((r, c), (r + 1, c)) for r in range(p.rows - 1) for c in range(p.cols)]


@pytest.fixture(scope="module")
def cases(psm, psm_loops):
    rng = random.Random(19)
    pool = [p for p in psm if p.rows <= 15]
    out = []
    for p in rng.sample(pool, 25):
        loop = psm_loops[p.name]
        edges = _edges(p)
        k = rng.randrange(0, len(edges) // 2)
        right = Marks(p.rows, p.cols).with_set((e, int(e in loop.edges))
                                              for e in rng.sample(edges, k))
        out.append((p, loop, right, rng))
    return out


def test_hints_from_right_marks_are_sound(cases):
    kinds = set()
    for p, loop, marks, _ in cases:
        h = hint(p, marks)
        kinds.add(h.kind)
        assert h.kind in ("step", "solved"), (p.name, h.kind, h.text)
        if h.kind == "solved":
            continue
        assert not h.wrong and h.step is not None
        for e, v in h.step.set:
            assert e not in marks.lines and e not in marks.crosses
            assert (e in loop.edges) == bool(v), (p.name, h.step)
        if h.step.level == 1 and h.step.rule != "premature small loop":
            r = Replay(p, marks)                            # forced by the named cells
            r.apply(h.step)
    assert "step" in kinds


def test_one_wrong_mark_added_is_named(cases):
    for p, loop, marks, rng in cases:
        free = [e for e in _edges(p) if e not in marks.lines and e not in marks.crosses]
        e = rng.choice(free)
        bad = marks.with_set([(e, 1 - int(e in loop.edges))])
        h = hint(p, bad)
        assert h.kind == "wrong", (p.name, h.text)
        assert [(w.edge, w.value) for w in h.wrong] == [(e, 1 - int(e in loop.edges))]
        assert h.wrong[0].rule in ("breaks the rules", "not in the solution")
        assert h.wrong[0].text and h.step is None


def test_a_mark_that_breaks_a_rule_says_so(psm, psm_loops):
    p = psm[0]
    sol = psm_loops[p.name]
    white = next(c for c, k in p.pearls if k == "W")
    e = next(e for e in sorted(sol.edges) if white in e)       # a line of a white pearl
    h = hint(p, Marks(p.rows, p.cols, crosses=frozenset([e])))
    assert h.kind == "wrong" and h.wrong[0].rule == "breaks the rules"
    assert "cannot be right" in h.wrong[0].text


def test_the_whole_loop_is_solved_and_no_marks_give_the_first_step(psm, psm_loops):
    p = psm[0]
    loop = psm_loops[p.name]
    assert hint(p, Marks(p.rows, p.cols, loop.edges)).kind == "solved"
    first = hint(p, None)
    assert first.kind == "step" and first.step == masyu.explain(p).steps[0]


def test_a_puzzle_with_no_solution():
    assert hint(Puzzle(2, 2, {(0, 0): "W"}), {"set": []}).kind == "contradiction"


def test_states_read_from_json_pzprv3_and_box(psm, psm_loops):
    p = psm[0]
    loop = psm_loops[p.name]
    cross = next(e for e in _edges(p) if e not in loop.edges)
    line = sorted(loop.edges)[0]
    got = parse_marks('{"set": [[%d, %d, %d, %d, 1], [%d, %d, %d, %d, 0]]}'
                      % (*line[0], *line[1], *cross[0], *cross[1]), p)
    assert got.lines == {line} and got.crosses == {cross}
    # pzprv3: the loop drawn, with one -1 cross written into its segment lines
    text = p.to("pzprv3", loop).split("\n")
    (r1, c1), (r2, c2) = cross
    k = 4 + p.rows + (r1 if r1 == r2 else p.rows + r1)
    tokens = text[k].split()
    tokens[c1] = "-1"
    text[k] = " ".join(tokens) + " "
    got = parse_marks("\n".join(text), p)
    assert got.lines == loop.edges and got.crosses == {cross}
    assert parse_marks(loop.to("box"), p).lines == loop.edges


@pytest.mark.parametrize("text, where", [
    ('{"set": [[0, 0, 1, 1, 1]]}', "set, mark 1"),
    ('{"set": [[0, 0, 0, 1, 1], [0, 1, 0, 0, 0]]}', "set, mark 2"),
    ('{"set": "x"}', "set"),
    ('{"set": [], "more": 1}', "more"),
    ('{"set": [[0, 0, 0, 1, 1]', "line 1, column"),
])
def test_bad_states_name_the_place(psm, text, where):
    with pytest.raises(MasyuError) as err:
        parse_marks(text, psm[0])
    assert (err.value.where or "").startswith(where), err.value


def test_a_pzprv3_state_of_another_puzzle_is_refused(psm):
    with pytest.raises(MasyuError, match="another puzzle"):
        parse_marks(psm[1].to("pzprv3"), psm[0])


def test_the_solution_a_hint_judges_by_is_the_search_s(psm, psm_loops):
    """Deduction gives the only solution when it finishes without search: the same loop
    as the exact cover search (and the stored one); otherwise the search decides."""
    for p in psm[::400 // STEP]:
        got = solutions(p)
        assert got == [psm_loops[p.name]] == list(masyu.solve(p, limit=2)), p.name
    assert solutions(Puzzle(2, 2, {(0, 0): "W"})) == []
    assert len(solutions(Puzzle(4, 4, {(0, 2): "W"}))) == 2

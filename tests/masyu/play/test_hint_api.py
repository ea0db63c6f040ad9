"""POST /api/hint over HTTP: the next deduction for right marks, the wrong mark named,
and a 400 naming the field for every malformed request.  The answers are checked
against the stored loops of tests/data/puzzles, not against the hint code."""
from __future__ import annotations

import json
import random
import threading

import pytest

import masyu
from masyu.collection import load_solutions
from masyu.explain import RULES
from masyu.play import make_server
from masyu.play.api import MAX_BODY

from .conftest import post_json, request


@pytest.fixture(scope="module")
def psm8(shared):
    puzzles = [p for p in masyu.load(shared / "puzzles" / "psm.txt") if p.rows == 8]
    loops = load_solutions(shared / "puzzles" / "psm_solutions.txt")
    return [(p, loops[p.name]) for p in random.Random(18).sample(puzzles, 3)]


def _marks(edges):
    return [[a[0], a[1], b[0], b[1], v] for (a, b), v in edges]


def _all_edges(p):
    return [((r, c), (r, c + 1)) for r in range(p.rows) for c in range(p.cols - 1)] + \
           [((r, c), (r + 1, c)) for r in range(p.rows - 1) for c in range(p.cols)]


def test_a_hint_from_right_marks_is_a_sound_step_in_the_contract_shape(server, psm8):
    rng = random.Random(1)
    for p, loop in psm8:
        edges = rng.sample(_all_edges(p), 12)
        marks = [(e, int(e in loop.edges)) for e in edges]
        status, got, _ = post_json(server, "/api/hint", {"puzzle": "\n".join(p.grid),
                                                         "state": {"set": _marks(marks)}})
        assert status == 200, got
        assert set(got) == {"kind", "text", "step", "wrong"} and got["kind"] == "step"
        step = got["step"]
        assert set(step) == {"rule", "level", "cells", "set", "text"}
        assert step["rule"] in RULES and step["level"] == RULES[step["rule"]].level
        assert step["set"] and got["wrong"] == []
        marked = {e for e, _ in marks}
        for r1, c1, r2, c2, v in step["set"]:
            e = ((r1, c1), (r2, c2))
            assert e not in marked                           # something new
            assert (e in loop.edges) == bool(v)              # and true


def test_a_wrong_mark_is_named(server, psm8):
    p, loop = psm8[0]
    wrong = next(e for e in _all_edges(p) if e in loop.edges)
    status, got, _ = post_json(server, "/api/hint", {"puzzle": "\n".join(p.grid),
                                                     "state": {"set": _marks([(wrong, 0)])}})
    assert status == 200 and got["kind"] == "wrong" and got["step"] is None
    assert [w["set"] for w in got["wrong"]] == [_marks([(wrong, 0)])[0]]
    assert got["wrong"][0]["text"]


@pytest.mark.parametrize("body, start", [
    (b"not json", "body: bad JSON"),
    (b"[1]", "body: expected a JSON object"),
    (b'{"state": {"set": []}}', "puzzle: this field is missing"),
    (b'{"puzzle": "W...\\n....\\n....\\n...B"}', "state: this field is missing"),
    (b'{"puzzle": "W...\\n....\\n....\\n...B", "state": [1]}', "state: expected an object"),
    (b'{"puzzle": "W...\\n....\\n....\\n...B", "state": {"set": [[0, 0, 2, 0, 1]]}}',
     "state, set, mark 1: the two cells of an edge must be adjacent"),
    (b'{"puzzle": "W...\\n....\\n....\\n...B", "state": {"set": [[0, 0, 0, 1, 7]]}}',
     "state, set, mark 1: v is 1"),
    (b'{"puzzle": "W...\\n....\\n....\\n...B", "state": {"set": [[3, 3, 3, 4, 1]]}}',
     "state, set, mark 1: the edge leaves the 4x4 board"),
    (b'{"puzzle": "W...\\n....\\n....\\n...B", "state": {"lines": []}}', "state: a state is"),
    (b'{"puzzle": "W...\\n....\\n....\\n...B", "state": {"set": []}, "x": 1}',
     "x: unknown field"),
    (b'{"puzzle": "W?", "state": {"set": []}}', "puzzle: grid text"),
])
def test_malformed_hint_bodies_get_a_400_naming_the_field(server, body, start):
    status, got, _ = request(server, "/api/hint", body=body, method="POST",
                             headers={"Content-Type": "application/json"})
    assert status == 400, got
    assert got["error"].startswith(start), got
    assert "Traceback" not in json.dumps(got)


def test_hint_takes_post_only(server):
    status, got, _ = request(server, "/api/hint")
    assert status in (404, 405) and "error" in got


def test_oversized_hints_are_refused_before_any_work(server):
    status, got, _ = request(server, "/api/hint", b" " * (MAX_BODY + 1), method="POST")
    assert status == 413 and "larger than" in got["error"]
    big = "\n".join(["W" + "." * 50] * 51)
    status, got, _ = post_json(server, "/api/hint", {"puzzle": big, "state": {"set": []}})
    assert status == 400 and got["error"].startswith("puzzle: boards here have at most 50")


def test_a_hint_past_its_deadline_is_a_503_not_a_hang(shared):
    p = next(p for p in masyu.load(shared / "puzzles" / "psm.txt") if p.rows == 40)
    srv = make_server("127.0.0.1", 0, seconds=0.05)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        status, got, _ = post_json(srv, "/api/hint", {"puzzle": "\n".join(p.grid),
                                                      "state": {"set": []}})
        assert status == 503 and "longer than" in got["error"]
        status, got, _ = post_json(srv, "/api/hint", {"puzzle": "W?", "state": {"set": []}})
        assert status == 400                       # bad input is told before any child starts
    finally:
        srv.shutdown()
        srv.server_close()

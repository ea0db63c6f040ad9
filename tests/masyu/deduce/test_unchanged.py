"""The deducer deduces what it deduced before it learnt to record its reasoning.

``reference_analyses.json`` and ``reference_known.json`` were made by the code
of commit 31b5134, before masyu.explain's listener hooks existed: every 36th
psm puzzle analysed at levels 1, 2 and 3, and in the generator's runs that know
the answer (count, complete, level, probes, nodes, assignments, edges left
open).  The same numbers must come out now, with and without a listener.
"""
import json
from pathlib import Path

import pytest

import masyu
from masyu.board import board
from masyu.collection import load_solutions
from masyu.deduce import analyze_kinds

REFERENCE = json.loads((Path(__file__).parent / "reference_analyses.json").read_text())
LEVELS = ({"max_level": 1}, {"max_level": 2}, {"max_level": 3, "node_limit": 200})


@pytest.fixture(scope="module")
def psm(shared):
    return {p.name: p for p in masyu.load(shared / "puzzles" / "psm.txt")}


def _numbers(a):
    return [a.count, a.complete, a.level, a.probes, a.nodes, a.assignments, len(a.undecided)]


def _listener(heard):
    def listen(st):
        def note(*args):
            heard.append(args[0])
        return note
    return listen


@pytest.mark.parametrize("with_listener", [False, True])
def test_analyses_are_unchanged(psm, with_listener):
    heard: list[int] = []
    assert len(REFERENCE) == 101
    for ref in REFERENCE:
        p = psm[ref["name"]]
        bd = board(p.rows, p.cols)
        kinds = bd.kinds(p.pearls)
        for kw, want in zip(LEVELS, ref["results"]):
            listen = _listener(heard) if with_listener else None
            got = _numbers(analyze_kinds(bd, kinds, listen=listen, **kw))
            assert got == want, (p.name, kw)
    assert bool(heard) == with_listener


KNOWN = json.loads((Path(__file__).parent / "reference_known.json").read_text())


@pytest.mark.parametrize("with_listener", [False, True])
def test_the_generators_runs_are_unchanged(psm, shared, with_listener):
    """The runs the generator makes (the answer known, a probe budget, search without
    probing), against ``reference_known.json`` made by the code of commit 31b5134."""
    loops = load_solutions(shared / "puzzles" / "psm_solutions.txt")
    assert len(KNOWN) == 101
    for ref in KNOWN:
        p = psm[ref["name"]]
        bd = board(p.rows, p.cols)
        kinds = bd.kinds(p.pearls)
        known = bd.values(loops[p.name].edges)
        runs = ({"max_level": 2, "known": known}, {"max_level": 2, "probe_budget": 50},
                {"max_level": 3, "known": known, "probe_nodes": False, "node_limit": 500})
        for kw, want in zip(runs, ref["results"]):
            listen = _listener([]) if with_listener else None
            assert _numbers(analyze_kinds(bd, kinds, listen=listen, **kw)) == want, (p.name, kw)

"""masyu.methods, the policy: the runs of each method, chosen from the engines'
facts in xcc's registry (``splits``, ``learns``), never from their names."""
from __future__ import annotations

import pytest

import xcc
from masyu.errors import MasyuError
from masyu.methods import DEFAULT_METHOD, METHODS, best_configuration, prover, runs, split_run


def test_the_prover_follows_the_engines_facts(monkeypatch):
    for name in xcc.ENGINES:
        expect = "guard" if xcc.engines.get(name).learns else "propagate"
        assert prover(name) == expect
    engine = xcc.engines.get("python")
    monkeypatch.setattr(engine, "learns", True, raising=False)   # a fact, not a name
    assert prover("python") == "guard"
    assert runs(False, "auto", None, engine="python")[0][1] == "guard"


def test_a_split_run_is_the_listing_run_on_an_engine_that_splits(monkeypatch):
    assert split_run(False, "auto", 7, engine="python") == ("423", "guard", "python", 7)
    with pytest.raises(MasyuError, match="weak solutions take no method 'guard'"):
        split_run(True, "guard", None, engine="python")  # a method is how strong ones are found
    monkeypatch.setattr(xcc.engines.get("python"), "splits", False, raising=False)
    enc, method, engine, _ = split_run(False, "guard", None, engine="python")
    assert (method, engine) == ("propagate", xcc.DEFAULT_ENGINE)


@pytest.mark.parametrize("weak", [False, True])
def test_every_method_makes_runs_of_known_names(weak):
    assert DEFAULT_METHOD in METHODS
    for method in METHODS:
        if weak and not METHODS[method].auto:  # weak solutions take auto or best only
            with pytest.raises(MasyuError, match="weak solutions take no method"):
                runs(weak, method, None, cells=16)
            continue
        for cells in (16, 400):
            for encoding, name, engine, _ in runs(weak, method, None, cells=cells):
                assert name in METHODS and not METHODS[name].auto and engine in xcc.ENGINES
    assert best_configuration(weak)[1] in METHODS

"""The reports of masyu (masyu/report.py, docs/reports.md): a count's dict is
complete (encoding, method, engine, mode, count, wall and CPU seconds) for every
way of counting; the CSV of --each has one column per counter, the same columns
in every mode; wrong types in the public API are refused naming the argument.

The counts are checked against brute force (tests/masyu/bruteforce.py)."""
from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

import masyu
import xcc
from masyu.cli import app
from masyu.exact import DEFAULT_EXACT_ENGINE
from masyu.report import ROW_COLUMNS, columns, counter_columns, human

from .bruteforce import strong_set, weak_set

GAME = "5x5:fBjWg"   # a small board brute force can count: 35 strong, 58 weak solutions
PUZZLE = masyu.Puzzle.parse(GAME)


def brute(weak: bool) -> int:
    p = PUZZLE
    pearls = {cell: kind for cell, kind in p.pearls}
    return len((weak_set if weak else strong_set)(p.rows, p.cols, pearls))


COUNTS = [  # (keyword arguments, the method and engine the report names)
    (dict(method="guard"), "guard", xcc.DEFAULT_ENGINE),
    (dict(method="filter"), "filter", xcc.DEFAULT_ENGINE),
    (dict(weak=True), None, xcc.DEFAULT_ENGINE),
    (dict(exact=True), "exact", DEFAULT_EXACT_ENGINE),          # the plugs (masyu.exact)
    (dict(exact=True, weak=True), "exact", DEFAULT_EXACT_ENGINE),
]


@pytest.mark.parametrize("how,method,engine", COUNTS)
def test_count_as_dict_is_complete(how, method, engine):
    weak = how.get("weak", False)
    n = masyu.count(PUZZLE, encoding="422", **how)
    d = n.as_dict()
    assert int(n) == brute(weak)
    mode = "weak" if weak else "strong"
    assert (d["mode"], d["count"], d[mode]) == (mode, brute(weak), brute(weak))
    assert (d["encoding"], d["method"], d["engine"]) == ("422", method, engine)
    assert d["cpu_seconds"] >= 0 and d["seconds"] >= 0
    assert d["complete"] is True and d["interrupted"] is False
    json.dumps(d)   # plain data


def test_a_count_json_is_count_as_dict_for_every_way():
    for extra in ([], ["--exact"], ["--weak"], ["--weak", "--exact"], ["--method", "filter"]):
        r = CliRunner().invoke(app, ["count", GAME, "--json", "-q", *extra])
        assert r.exit_code == 0, r.output
        d = json.loads(r.stdout)
        weak = "--weak" in extra
        assert d["count"] == brute(weak) and d["mode"] == ("weak" if weak else "strong")
        assert {"cpu_seconds", "seconds", "encoding", "method", "engine"} <= set(d)


def test_exact_prints_the_count_with_separators():
    r = CliRunner().invoke(app, ["count", "6x6:zj", "--exact", "--weak", "-q"])
    n = masyu.count(masyu.Puzzle.parse("6x6:zj"), weak=True, exact=True)
    assert int(n) > 1000   # the empty 6x6 board: thousands of loop sets
    assert r.stdout == f"{human(int(n))} weak solutions\n" and "," in r.stdout


def test_csv_columns_are_the_same_in_every_mode():
    tables = {}
    for mode in ([], ["--weak"]):
        r = CliRunner().invoke(app, ["count", "examples/puzzles.txt", "--each", "--csv", "-q",
                                     "--only", "wikipedia", *mode])
        assert r.exit_code == 0, r.output
        header, *rows = list(csv.reader(io.StringIO(r.stdout)))
        tables[tuple(mode)] = header, rows
    (strong_header, strong), (weak_header, weak) = tables[()], tables[("--weak",)]
    assert strong_header == weak_header == columns("count")
    assert strong_header[:len(ROW_COLUMNS)] == list(ROW_COLUMNS)
    assert set(counter_columns()) >= {"nodes", "mems", "solves", "conflicts", "states"}
    strong_row, weak_row = dict(zip(strong_header, strong[0])), dict(zip(weak_header, weak[0]))
    # wikipedia-masyu-example: 1 strong, 6 weak solutions (shared/puzzles/README.md)
    assert (strong_row["mode"], strong_row["count"]) == ("strong", "1")
    assert (weak_row["mode"], weak_row["count"]) == ("weak", "6")
    assert int(weak_row["nodes"]) > 0 and weak_row["solves"] == ""   # dancing links: no solves
    assert float(weak_row["cpu_seconds"]) >= 0


@pytest.mark.parametrize("argument,value", [("encoding", 422), ("weak", "yes"), ("weak", 1),
                                            ("method", 1), ("engine", 3)])
def test_wrong_types_are_refused_naming_the_argument(argument, value):
    for call in (lambda: masyu.count(PUZZLE, **{argument: value}),
                 lambda: list(masyu.solve(PUZZLE, **{argument: value})),
                 lambda: masyu.Search(PUZZLE, **{argument: value})):
        with pytest.raises(TypeError, match=f"argument '{argument}'"):
            call()
    if argument in ("encoding", "weak"):
        with pytest.raises(TypeError, match=f"argument '{argument}'"):
            masyu.count(PUZZLE, exact=True, **{argument: value})


@pytest.mark.parametrize("extra", [["--weak"], ["--exact"], ["--weak", "--exact"]])
def test_method_where_none_applies_is_an_error(extra):
    r = CliRunner().invoke(app, ["count", "examples/puzzle.txt", "--method", "filter", *extra])
    assert r.exit_code == 2 and r.stderr.startswith("masyu: --method: ")
    assert r.stdout == ""


def test_method_still_applies_to_strong_counts():
    r = CliRunner().invoke(app, ["count", "examples/puzzle.txt", "--method", "filter", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["method"] == "filter"
    r = CliRunner().invoke(app, ["solve", "examples/puzzle.txt", "--weak", "--method", "guard"])
    assert r.exit_code == 2 and "--method" in r.stderr

"""The page's JSON API over HTTP: the contract shapes, the week's schedule, the checker,
and a 400 (never a traceback) for every malformed request."""
from __future__ import annotations

import datetime
import json
import threading

from pathlib import Path

import pytest

import masyu.play

from masyu import Loop, Puzzle, count
from masyu.daily import daily
from masyu.deduce import analyze
from masyu.play import make_server
from masyu.play.api import MAX_BODY
from masyu.rules import PEARL_RULES

from .conftest import post_json, request

WEEK = [datetime.date(2024, 5, 6) + datetime.timedelta(days=k) for k in range(7)]  # Mon..Sun
SIZES = [8, 8, 10, 10, 12, 12, 20]


@pytest.fixture(scope="module")
def week(server):
    return [request(server, f"/api/daily?date={d.isoformat()}")[1] for d in WEEK]


def test_a_week_of_dates_gives_the_scheduled_sizes_and_the_contract_shape(week):
    for d, n, got in zip(WEEK, SIZES, week):
        assert set(got) == {"date", "rows", "cols", "puzzle", "difficulty", "weekday", "tier",
                            "penalty_seconds", "hint_seconds"}
        assert got["penalty_seconds"] == 30    # the rulebook's Time Attack Blitz
        assert got["hint_seconds"] == 60       # masyu.attempts: what the service charges
        assert got["date"] == d.isoformat()
        assert (got["rows"], got["cols"]) == (n, n)
        lines = got["puzzle"].split("\n")
        assert len(lines) == n and all(len(line) == n and set(line) <= set(".WB")
                                       for line in lines)


def test_each_daily_puzzle_is_unique_by_the_exact_cover_search_and_needs_no_search(week):
    for got in week:
        p = Puzzle.from_grid(got["puzzle"].split("\n"))
        assert int(count(p, limit=2, method="guard", engine="c")) == 1
        res = analyze(p, max_level=2)           # local rules and probes, no search
        assert res.complete and res.count == 1 and res.level == got["difficulty"]["level"]


def test_difficulty_rises_through_the_week(week):
    diffs = [g["difficulty"] for g in week]
    assert [d["band"] for d in diffs] == ["easy"] + ["medium"] * 6
    assert diffs[0]["level"] < diffs[1]["level"]
    assert diffs[2]["score"] < diffs[3]["score"] and diffs[4]["score"] < diffs[5]["score"]
    scores = [d["score"] for d in diffs]
    assert scores == sorted(scores)
    assert [g["tier"] for g in week] == ["Beginner"] * 2 + ["Intermediate"] * 2 + \
        ["Advanced"] * 2 + ["Master"]


def test_a_day_not_out_yet_is_refused(server):
    later = datetime.date.today() + datetime.timedelta(days=2)
    status, got, _ = request(server, f"/api/daily?date={later.isoformat()}")
    assert status == 400 and got["error"] == f"date: the puzzle of {later} is not out yet"
    tomorrow = datetime.date.today() + datetime.timedelta(days=1)   # a day of grace (time zones)
    assert request(server, f"/api/daily?date={tomorrow.isoformat()}")[0] == 200


def test_the_api_and_the_library_give_the_same_daily_puzzle(server, week):
    assert week[0]["puzzle"] == "\n".join(daily(WEEK[0]).puzzle.grid)


def test_daily_without_a_date_is_today(server):
    status, got, _ = request(server, "/api/daily")
    assert status == 200 and got["date"] == datetime.date.today().isoformat()


def test_zen_answers_the_same_shape_with_the_asked_size(server):
    status, got, _ = request(server, "/api/zen?rows=6&cols=9&white=0.2&black=0.1&seed=5")
    assert status == 200
    assert set(got) == {"date", "rows", "cols", "puzzle", "difficulty"} and got["date"] is None
    assert (got["rows"], got["cols"]) == (6, 9)
    p = Puzzle.from_grid(got["puzzle"].split("\n"))
    assert int(count(p, limit=2, method="guard", engine="c")) == 1
    again = request(server, "/api/zen?rows=6&cols=9&white=0.2&black=0.1&seed=5")[1]
    assert again == got


def test_check_accepts_the_solution(server):
    d = daily(WEEK[1])
    status, got, _ = post_json(server, "/api/check", {"puzzle": "\n".join(d.puzzle.grid),
                                                      "loop": d.loop.to("box")})
    assert status == 200 and got == {"solved": True, "violations": [],
                                     "pearl_rules": list(PEARL_RULES)}


def test_the_page_reads_the_pearl_rules_from_the_api(server):
    # The ids of the pearls' rules come with every answer of /api/check (masyu.rules),
    # and a violation of one of them is marked as such by the page: it keeps no list.
    status, got, _ = post_json(server, "/api/check", {"puzzle": "W.\n..", "loop": "┌┐\n└┘"})
    assert status == 200 and got["pearl_rules"] == list(PEARL_RULES)
    assert [v["rule"] for v in got["violations"]] == ["white-turns"]
    assert set(PEARL_RULES) == {"white-turns", "white-no-turn-beside", "black-straight",
                                "black-arm-turns"}
    page = (Path(masyu.play.__file__).parent / "static").glob("*.js")
    for script in page:
        text = script.read_text(encoding="utf-8")
        assert not [r for r in PEARL_RULES if r in text], script.name
    play = (Path(masyu.play.__file__).parent / "static" / "play.js").read_text(encoding="utf-8")
    assert "res.pearl_rules" in play


def test_check_names_the_cell_and_rule_of_each_violation(server):
    puzzle = "W...\n....\n....\n...B"
    square = Loop(4, 4, [((0, 1), (0, 2)), ((0, 2), (1, 2)), ((1, 1), (1, 2)), ((0, 1), (1, 1))])
    status, got, _ = post_json(server, "/api/check", {"puzzle": puzzle, "loop": square.to("box")})
    assert status == 200 and got["solved"] is False
    rules = {(tuple(v["cell"]) if v["cell"] else None, v["rule"]) for v in got["violations"]}
    assert rules == {((0, 0), "pearl-off-loop"), ((3, 3), "pearl-off-loop")}
    assert all(set(v) == {"cell", "rule", "text"} and v["text"] for v in got["violations"])
    # a board-wide rule has no cell
    status, got, _ = post_json(server, "/api/check", {"puzzle": "....\n....",
                                                      "loop": "┌┐┌┐\n└┘└┘"})
    assert status == 200 and got["solved"] is False
    assert [(v["cell"], v["rule"]) for v in got["violations"]] == [(None, "several-loops")]
    # a loose end is a degree violation at its cell
    status, got, _ = post_json(server, "/api/check", {"puzzle": "....\n....",
                                                      "loop": "╶╴  \n    "})
    assert {(tuple(v["cell"]), v["rule"]) for v in got["violations"]} == {
        ((0, 0), "degree"), ((0, 1), "degree")}


BAD_GETS = [
    ("/api/daily?date=2024-13-01", "date"),
    ("/api/daily?date=yesterday", "date"),
    ("/api/daily?date=1999-12-31", "date"),
    ("/api/daily?date=2024-05-06&date=2024-05-07", "date"),
    ("/api/daily?day=2024-05-06", "day"),
    ("/api/zen?rows=8&cols=8&white=0.1&black=0.1", "seed"),
    ("/api/zen?rows=80&cols=8&white=0.1&black=0.1&seed=1", "rows"),
    ("/api/zen?rows=3&cols=8&white=0.1&black=0.1&seed=1", "rows"),
    ("/api/zen?rows=8&cols=-8&white=0.1&black=0.1&seed=1", "cols"),
    ("/api/zen?rows=8&cols=8&white=1.5&black=0.1&seed=1", "white"),
    ("/api/zen?rows=8&cols=8&white=0.1&black=nan&seed=1", "black"),
    ("/api/zen?rows=8&cols=8&white=0.1&black=0.1&seed=a%20b", "seed"),
    ("/api/zen?rows=8&cols=8&white=0.1&black=0.1&seed=" + "x" * 41, "seed"),
]


@pytest.mark.parametrize("path, where", BAD_GETS)
def test_malformed_queries_get_a_400_naming_the_parameter(server, path, where):
    status, got, _ = request(server, path)
    assert status == 400, got
    assert got["error"].startswith(f"{where}: ") and "Traceback" not in got["error"]


GRID = "W...\n....\n....\n...B"
BAD_BODIES = [
    (b"{not json", "body: bad JSON"),
    (b"\xff\xfe", "body: the body is not UTF-8"),
    (b"[1, 2]", "body: expected a JSON object"),
    (json.dumps({"loop": ""}).encode(), "puzzle: this field is missing"),
    (json.dumps({"puzzle": GRID}).encode(), "loop: this field is missing"),
    (json.dumps({"puzzle": 4, "loop": ""}).encode(), "puzzle: expected a string"),
    (json.dumps({"puzzle": GRID, "loop": "", "x": 1}).encode(), "x: unknown field"),
    (json.dumps({"puzzle": "W..\n..", "loop": ""}).encode(), "puzzle"),
    (json.dumps({"puzzle": "/etc/passwd", "loop": ""}).encode(), "puzzle: grid text"),
    (json.dumps({"puzzle": ("." * 60 + "\n") * 60, "loop": ""}).encode(), "puzzle: boards"),
    (json.dumps({"puzzle": GRID, "loop": "?!"}).encode(), "loop"),
    (json.dumps({"puzzle": GRID, "loop": "─\n─\n─\n─\n─"}).encode(), "loop"),
]


@pytest.mark.parametrize("body, start", BAD_BODIES)
def test_malformed_check_bodies_get_a_400_with_a_message(server, body, start):
    status, got, _ = request(server, "/api/check", body, headers={
        "Content-Type": "application/json"})
    assert status == 400, got
    assert got["error"].startswith(start) and "Traceback" not in got["error"]


def test_oversized_bodies_unknown_pages_and_wrong_methods(server):
    status, got, _ = request(server, "/api/check", b" " * (MAX_BODY + 1))
    assert status == 413 and "larger than" in got["error"]
    assert request(server, "/api/nothing")[0] == 404
    assert request(server, "/../../etc/passwd")[0] == 404
    assert request(server, "/static/../daily.py")[0] == 404
    assert request(server, "/api/daily", b"{}")[0] == 405
    assert request(server, "/api/check")[0] == 404        # GET on a POST route: no such page


def test_the_page_and_its_files_are_served_with_a_strict_policy(server):
    status, html, headers = request(server, "/")
    assert status == 200 and "<svg id=\"board\"" in html
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert "http://" not in html and "https://" not in html   # nothing fetched from elsewhere
    for name in ("/board.js", "/play.js", "/play.css"):
        status, text, headers = request(server, name)
        assert status == 200 and text and "http://" not in text.replace("http://www.w3.org", "")


def test_generation_past_its_deadline_is_a_503_not_a_hang():
    srv = make_server("127.0.0.1", 0, seconds=0.05)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        status, got, _ = request(srv, "/api/zen?rows=20&cols=20&white=0.1&black=0.1&seed=3")
        assert status == 503 and "longer than" in got["error"]
        status, got, _ = request(srv, "/api/check", json.dumps(
            {"puzzle": GRID, "loop": ""}).encode())
        assert status == 200                       # the checker is not generation
    finally:
        srv.shutdown()
        srv.server_close()


def test_the_server_binds_the_loopback_address_by_default(server):
    assert server.server_address[0] == "127.0.0.1"

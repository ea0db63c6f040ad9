"""The daily schedule: sizes and difficulty by weekday, one puzzle per date everywhere,
and the ``masyu daily`` command."""
from __future__ import annotations

import datetime
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from masyu import MasyuError, Puzzle, check, count
from masyu.cli import app
from masyu.collection import parse_collection
from masyu.daily import SCHEDULE, daily, day_of, parse_date, solved_by_deduction
from masyu.deduce import analyze

runner = CliRunner()


def test_the_schedule_is_the_rulebooks():
    sizes = [(d.weekday, d.rows, d.cols) for d in SCHEDULE]
    assert sizes == [("monday", 8, 8), ("tuesday", 8, 8), ("wednesday", 10, 10),
                     ("thursday", 10, 10), ("friday", 12, 12), ("saturday", 12, 12),
                     ("sunday", 20, 20)]
    assert [day_of(datetime.date(2024, 5, 6) + datetime.timedelta(days=k)).weekday
            for k in range(7)] == [d.weekday for d in SCHEDULE]


@pytest.mark.parametrize("date", ["2023-01-02", "2025-02-27", "2026-12-05"])  # Mon, Thu, Sat
def test_a_daily_puzzle_has_one_solution_found_without_search(date):
    d = daily(date)
    assert (d.puzzle.rows, d.puzzle.cols) == (d.day.rows, d.day.cols)
    assert check(d.puzzle, d.loop) == []
    assert int(count(d.puzzle, limit=2, method="guard", engine="c")) == 1
    res = analyze(d.puzzle, max_level=2)
    assert res.complete and res.count == 1
    assert d.day.accepts(d.difficulty)
    assert solved_by_deduction(d.puzzle) and solved_by_deduction(d.puzzle, d.loop)


def test_solved_by_deduction_says_no_to_a_puzzle_that_needs_search_or_has_two_solutions():
    assert not solved_by_deduction(Puzzle(4, 4))             # 13 loops
    # one solution (by the exact cover search), but the generator's band says it needs search
    hard = Puzzle.from_grid(["......", "W...WW", ".WW...", "...W..", "..W..W", "B....."])
    assert int(count(hard, limit=2, method="guard", engine="c")) == 1
    assert not solved_by_deduction(hard)


def test_the_same_date_gives_the_same_puzzle_in_another_process_and_hash_seed():
    here = daily("2024-02-29").to_collection()
    code = "from masyu.daily import daily; print(daily('2024-02-29').to_collection(), end='')"
    for hash_seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, check=True).stdout
        assert out == here


def test_dates_differ_and_are_validated():
    assert daily("2024-05-06").puzzle != daily("2024-05-13").puzzle
    assert parse_date(datetime.datetime(2024, 5, 6, 13, 0)) == datetime.date(2024, 5, 6)
    for bad in ("2024-5-6", "2024-02-30", "1999-12-31", "", "06/05/2024", 20240506):
        with pytest.raises(MasyuError):
            parse_date(bad)


def test_masyu_daily_prints_the_puzzle_in_the_collection_format():
    res = runner.invoke(app, ["daily", "--date", "2024-05-08"])
    assert res.exit_code == 0, res.output
    header = res.stdout.splitlines()[0]
    assert header.startswith("# daily-2024-05-08 date=2024-05-08 weekday=wednesday size=10x10 "
                             "difficulty=medium ")
    [p] = parse_collection(res.stdout)
    assert p == daily("2024-05-08").puzzle and p.name == "daily-2024-05-08"


@pytest.mark.parametrize("bad", ["2024-02-30", "tomorrow", "1900-01-01"])
def test_masyu_daily_refuses_a_bad_date_in_one_line(bad):
    res = runner.invoke(app, ["daily", "--date", bad])
    assert res.exit_code == 2
    assert res.stderr.startswith("masyu: --date: ") and len(res.stderr.splitlines()) == 1
    assert "Traceback" not in res.output


def test_the_tiers_are_the_rulebooks_names_and_the_windows_follow_one_another():
    assert [d.tier for d in SCHEDULE] == ["Beginner", "Beginner", "Intermediate", "Intermediate",
                                          "Advanced", "Advanced", "Master"]
    assert "medium" not in {d.tier for d in SCHEDULE}
    for earlier, later in zip(SCHEDULE[1:], SCHEDULE[2:]):
        assert earlier.high == later.low               # consecutive windows, no overlap


@pytest.mark.slow
def test_no_later_weekday_is_easier_than_an_earlier_one_over_52_weeks():
    # The generator's own measure (masyu.generate.bands.measure: the probes deduction needs),
    # taken again on each published puzzle, not the schedule's bookkeeping.
    from masyu.generate.bands import measure
    start = datetime.date(2026, 1, 5)                  # a Monday
    assert start.weekday() == 0
    for week in range(52):
        scores = []
        for k in range(7):
            d = daily(start + datetime.timedelta(days=7 * week + k))
            got = measure(d.puzzle, d.loop)
            assert got.band == ("easy" if k == 0 else "medium")
            scores.append(got.score)
        assert scores == sorted(scores), (start + datetime.timedelta(days=7 * week), scores)

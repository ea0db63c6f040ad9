"""The tracker across days with the fake clock: streak, archive solves, milestones,
stats and the share text, against both databases."""
from __future__ import annotations

import datetime

from .conftest import solution_moves

DAY = 24 * 3600


def solve(p, clock, date: str, seconds: float = 30, hint: bool = False) -> dict:
    a = p.start(date).json()
    if hint:
        from .conftest import GRID
        assert p.post("/api/hint", {"puzzle": GRID, "state": {"set": []}}).status_code == 200
    clock.advance(seconds)
    res = p.finish(a["attempt"], solution_moves(step_ms=100))
    assert res.status_code == 200, res.text
    return res.json()


def test_streak_counts_days_solved_on_their_day_only(player, clock):
    ann = player()
    # Tue 1, Wed 2, Thu 3 December 2026, each on its day (the clock starts on Thu 3: go back)
    clock.advance(-2 * DAY)
    for day in ("2026-12-01", "2026-12-02", "2026-12-03"):
        solve(ann, clock, day)
        clock.advance(DAY - 30)
    # now Fri 4: still 3 (today is open); Sat 5 without a solve of Fri 4: 0
    got = ann.client.get("/api/v1/tracker?month=2026-12").json()
    assert (got["streak"], got["best_streak"]) == (3, 3)
    clock.advance(DAY)
    assert ann.client.get("/api/v1/tracker").json()["streak"] == 0
    # Friday solved from the archive on Saturday: listed, not on its day, no streak
    solve(ann, clock, "2026-12-04", seconds=50)
    got = ann.client.get("/api/v1/tracker?month=2026-12").json()
    assert got["streak"] == 0 and got["best_streak"] == 3
    assert [(d["date"], d["on_day"], d["seconds"]) for d in got["days"]] == [
        ("2026-12-01", True, 30.0), ("2026-12-02", True, 30.0), ("2026-12-03", True, 30.0),
        ("2026-12-04", False, 50.0)]
    solve(ann, clock, "2026-12-05")                     # Saturday on its day: 1 again
    assert ann.client.get("/api/v1/tracker").json()["streak"] == 1


def test_milestones_over_a_month(player, clock):
    ann = player()
    # every day of February 2026 solved on its day, one with a hint (not flawless);
    # Sundays (1, 8, 15, 22) under 15 minutes but the 22nd's took 20 minutes
    start = datetime.datetime(2026, 2, 1, 9, tzinfo=datetime.timezone.utc).timestamp()
    clock.t = start
    for k in range(28):
        day = datetime.date(2026, 2, 1) + datetime.timedelta(k)
        clock.t = start + k * DAY
        solve(ann, clock, day.isoformat(), seconds=1200 if day.day == 22 else 60,
              hint=day.day == 10)
    got = ann.client.get("/api/v1/tracker?month=2026-02").json()
    stones = {m["id"]: (m["done"], m["progress"]) for m in got["milestones"]}
    assert stones == {"every-day": (True, 1.0), "every-day-flawless": (False, 0.964),
                      "sundays-fast": (False, 0.75), "ten-flawless": (True, 1.0)}
    assert got["streak"] == 28 and len(got["days"]) == 28
    stats = ann.client.get("/api/v1/stats").json()
    sunday = next(w for w in stats["weekdays"] if w["weekday"] == "Sunday")
    assert (sunday["solves"], sunday["best"], sunday["median"]) == (4, 60.0, 60.0)
    tuesday = next(w for w in stats["weekdays"] if w["weekday"] == "Tuesday")
    assert tuesday["solves"] == 4 and tuesday["best"] == 60.0 and tuesday["median"] == 60.0
    assert stats["solved"] == 28 and stats["flawless"] == 27
    assert max(w["best"] for w in stats["weekdays"]) == 60.0
    share = ann.client.get("/api/v1/share?date=2026-02-28").json()["text"]
    assert share == ("Daily Masyu 2026-02-28 · Saturday 6×6\nSolved in 1:00 · flawless\n"
                     "Streak: 28 days")
    assert "┌" not in share and "W" not in share.split("\n", 1)[1]     # no spoiler


def test_the_tracker_needs_a_player(app):
    from starlette.testclient import TestClient
    assert TestClient(app).get("/api/v1/tracker").status_code == 401
    assert TestClient(app).get("/api/v1/tracker?month=2026-13").status_code == 401

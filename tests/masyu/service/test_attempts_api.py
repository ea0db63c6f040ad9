"""Ranked time attacks against both databases: races, server times, forgeries refused."""
from __future__ import annotations

import pytest

from .conftest import GRID, LOOP, TODAY, solution_moves


def test_two_players_race_and_the_board_orders_them_by_the_services_times(player, clock):
    ann, bob = player(), player()
    assert ann.post("/api/v1/me", {"name": "Ann"}).status_code == 200
    assert bob.post("/api/v1/me", {"name": "Bob"}).status_code == 200
    a, b = ann.start().json(), bob.start().json()
    assert a["ranked"] and b["ranked"]
    clock.advance(40)
    moves = solution_moves(step_ms=1000, start_ms=2000)     # Bob: the last move at 31 s
    got = ann.finish(a["attempt"], solution_moves())
    assert got.status_code == 200, got.text
    assert got.json()["seconds"] == 40.0 and got.json()["rank"] == 1
    clock.advance(15)
    got = bob.finish(b["attempt"], moves)
    assert got.status_code == 200, got.text
    assert got.json()["seconds"] == 55.0 and got.json()["rank"] == 2
    assert got.json()["percentile"] == 0.0
    board = ann.client.get(f"/api/v1/leaderboard?date={TODAY}").json()
    assert [(e["rank"], e["name"], e["seconds"], e["flawless"]) for e in board["entries"]] == \
        [(1, "Ann", 40.0, True), (2, "Bob", 55.0, True)]
    assert board["me"] == {"rank": 1, "percentile": 100.0, "seconds": 40.0}


def test_penalties_are_counted_by_the_service_from_the_moves(player, clock):
    ann = player()
    a = ann.start().json()
    moves = solution_moves()
    # a cell of the loop (two lines) and an edge down from it that is not the loop's
    lines = {(tuple(m[1:3]), tuple(m[3:5])) for m in moves}
    degree: dict = {}
    for p, q in lines:
        degree[p] = degree.get(p, 0) + 1
        degree[q] = degree.get(q, 0) + 1
    cell = next(c for c in sorted(degree) if c[0] + 1 < 6 and ((c, (c[0] + 1, c[1])) not in lines))
    third = [len(moves) * 1000, cell[0], cell[1], cell[0] + 1, cell[1], 1]
    # all the loop but its last edge, the third line (refused: +30 s), then the last edge
    log = moves[:-1] + [third] + [[len(moves) * 1000 + 500] + moves[-1][1:]]
    clock.advance(60)
    got = ann.finish(a["attempt"], log)
    assert got.status_code == 200, got.text
    out = got.json()
    assert [p["kind"] for p in out["penalties"]] == ["invalid-move"]
    assert out["seconds"] == 90.0 and out["penalty_seconds"] == 30 and not out["flawless"]


def test_one_ranked_attempt_a_day_then_practice(player, clock):
    ann = player()
    a = ann.start().json()
    clock.advance(10)
    again = ann.start().json()                    # a restart: the same clock runs on
    assert again["ranked"] and again["elapsed"] == 10.0
    clock.advance(10)
    assert ann.finish(again["attempt"], solution_moves(step_ms=100)).json()["seconds"] == 20.0
    practice = ann.start().json()
    assert not practice["ranked"]
    clock.advance(3)
    done = ann.finish(practice["attempt"], solution_moves(step_ms=100)).json()
    assert done["practice"] and done["rank"] is None
    board = ann.client.get("/api/v1/leaderboard").json()
    assert [e["seconds"] for e in board["entries"]] == [20.0]      # the practice run is not there
    assert a["attempt"] != practice["attempt"]


def test_future_days_refused_and_past_days_are_practice(player):
    ann = player()
    assert ann.start("2026-12-04").status_code == 403
    assert ann.client.get("/api/daily?date=2026-12-04").status_code == 403
    assert ann.client.get("/api/v1/leaderboard?date=2026-12-04").status_code == 403
    past = ann.start("2026-12-01")
    assert past.status_code == 200 and not past.json()["ranked"]
    assert ann.start("2026-02-30").status_code == 400


def test_forged_submissions_are_refused(player, clock):
    ann, eve = player(), player()
    a = ann.start().json()
    clock.advance(20)
    moves = solution_moves(step_ms=500)           # 30 edges: the last at 14.5 s
    # an edited time: a field the service does not take
    res = ann.post(f"/api/v1/attempts/{a['attempt']}/finish",
                   {"loop": LOOP, "moves": moves, "seconds": 1})
    assert res.status_code == 400 and "seconds" in res.json()["error"]
    # moves later than the service's clock allows (20 s + 5 s tolerance)
    late = [[m[0] + 30000] + m[1:] for m in moves]
    assert ann.finish(a["attempt"], late).status_code == 422
    # another player's cookie (Eve's own CSRF token), and Ann's token with Eve's cookie
    assert eve.finish(a["attempt"], moves).status_code == 403
    assert eve.finish(a["attempt"], moves, csrf=ann.csrf).status_code == 403
    # no CSRF token, a wrong one
    assert ann.finish(a["attempt"], moves, csrf=None).status_code == 403
    assert ann.finish(a["attempt"], moves, csrf="0" * 64).status_code == 403
    # a token not signed here: the signature's first letter changed (its last letter
    # holds padding bits: two spellings can decode alike)
    payload, signature = a["attempt"].rsplit(".", 1)
    forged = f"{payload}.{'A' if signature[0] != 'A' else 'B'}{signature[1:]}"
    assert ann.finish(forged, moves).status_code == 403
    # a loop that is not the solution; moves that do not draw the loop sent
    wrong = LOOP.replace("┌──┐┌┐", "┌──┐  ", 1)
    assert ann.finish(a["attempt"], moves, loop=wrong).status_code in (400, 422)
    assert ann.finish(a["attempt"], moves[:-1]).status_code == 422
    # and then the real one, once; reused: refused
    assert ann.finish(a["attempt"], moves).status_code == 200
    assert ann.finish(a["attempt"], moves).status_code == 409


def test_a_hint_in_a_ranked_attempt_costs_sixty_seconds(player, clock):
    ann = player()
    a = ann.start().json()
    body = {"puzzle": GRID, "state": {"set": []}}
    assert ann.post("/api/hint", body, csrf=None).status_code == 403
    res = ann.post("/api/hint", body)
    assert res.status_code == 200, res.text
    assert res.json()["charged_seconds"] == 60 and res.json()["kind"]
    clock.advance(30)
    done = ann.finish(a["attempt"], solution_moves(step_ms=100)).json()
    assert done["hints"] == 1 and done["seconds"] == 90.0 and not done["flawless"]


@pytest.mark.parametrize("name, ok", [("Ann-1_ b", True), ("<b>x</b>", False), ("x" * 25, False),
                                      ("Zoë", False), (" ", True)])
def test_names_are_validated(player, name, ok):
    ann = player()
    res = ann.post("/api/v1/me", {"name": name})
    assert (res.status_code == 200) == ok, res.text


def test_a_transfer_code_moves_the_player(player):
    ann, phone = player(), player()
    code = ann.post("/api/v1/transfer").json()["code"]
    res = phone.post("/api/v1/transfer/claim", {"code": code.lower()})
    assert res.status_code == 200 and res.json()["id"] == ann.me["id"]
    assert phone.client.get("/api/v1/me").json()["id"] == ann.me["id"]
    # the old device's cookie no longer opens the player; the code is used up
    assert ann.client.get("/api/v1/me").json()["id"] != ann.me["id"]
    assert phone.post("/api/v1/transfer/claim", {"code": code}, csrf=None).status_code == 403


def test_new_players_are_rate_limited_per_address(app):
    from starlette.testclient import TestClient
    codes = [TestClient(app).get("/api/v1/me").status_code for _ in range(11)]
    assert codes == [200] * 10 + [429]


def test_the_board_for_anyone_and_its_limit(app, player, clock):
    from starlette.testclient import TestClient
    players = [player() for _ in range(3)]
    tokens = [p.start().json()["attempt"] for p in players]
    for k, (p, t) in enumerate(zip(players, tokens)):
        clock.advance(20)
        assert p.finish(t, solution_moves(step_ms=100)).status_code == 200
    anyone = TestClient(app)                       # no cookie: the board, no "me"
    got = anyone.get(f"/api/v1/leaderboard?date={TODAY}&limit=2").json()
    assert [e["seconds"] for e in got["entries"]] == [20.0, 40.0] and got["me"] is None
    me = players[2].client.get("/api/v1/leaderboard").json()["me"]
    assert me == {"rank": 3, "percentile": 0.0, "seconds": 60.0}
    assert players[1].client.get("/api/v1/leaderboard").json()["me"]["percentile"] == 50.0
    for bad in ("0", "101", "x", "1&limit=2"):
        assert anyone.get(f"/api/v1/leaderboard?limit={bad}").status_code == 400
    assert anyone.get("/api/v1/leaderboard?dates=2026-12-01").status_code == 400


@pytest.mark.parametrize("base, secure", [("http://testserver", False),
                                          ("https://testserver", True)])
def test_the_cookie_is_httponly_lax_and_secure_over_https(app, base, secure):
    from starlette.testclient import TestClient
    res = TestClient(app, base_url=base).get("/api/v1/me")
    cookie = res.headers["set-cookie"]
    assert cookie.startswith("masyu_player=") and "HttpOnly" in cookie
    assert "SameSite=lax" in cookie and ("Secure" in cookie) == secure

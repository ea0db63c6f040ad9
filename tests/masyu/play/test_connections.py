"""Where the page's server spends its threads (issue 36's p99 under 20 clients): a request
waiting for a job holds no worker (masyu.play.answering's Later, masyu.play.jobs'
futures), and the quick requests (GET, HEAD, a check whose body has come whole) are
answered by the waiting thread itself, a slow reader's rest by a worker."""
from __future__ import annotations

import datetime
import json
import socket
import threading
import time

import pytest

from masyu.daily import daily
from masyu.play import make_server
from masyu.play.api import puzzle_json

GRID = "W.B...\n......\n..W...\n......\n...B..\n......"
CHECK = json.dumps({"puzzle": GRID, "loop": ""}).encode()


@pytest.fixture
def start():
    """``start(workers=, job_slots=)``: a fresh server with that many workers and job
    children at once (0: every job waits in the queue, to its deadline)."""
    servers = []

    def make(workers: int, job_slots: int = 2):
        srv = make_server("127.0.0.1", 0)
        srv.workers, srv.jobs.workers = workers, job_slots
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        servers.append(srv)
        return srv
    yield make
    for srv in servers:
        srv.shutdown()
        srv.server_close()


def connect(srv) -> socket.socket:
    return socket.create_connection(("127.0.0.1", srv.port), timeout=20)


def answer(sock: socket.socket) -> tuple[int, dict]:
    """Status and JSON body of one answer that closes its connection."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


def post_check(head_then_body_after: float | None) -> list[bytes]:
    head = (b"POST /api/check HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
            b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(CHECK))
    return [head + CHECK] if head_then_body_after is None else [head, CHECK]


def test_requests_waiting_for_jobs_leave_the_one_worker_free_for_a_check(start):
    srv = start(workers=1, job_slots=0)        # no job ever starts: each waits 30 s
    waiting = []
    for path in ("/api/zen?rows=6&cols=6&white=0.1&black=0.1&seed=1", "/api/daily"):
        s = connect(srv)
        s.sendall(b"GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % path.encode())
        waiting.append(s)
    s = connect(srv)
    hint = json.dumps({"puzzle": GRID, "state": {"set": []}}).encode()
    s.sendall(b"POST /api/hint HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s"
              % (len(hint), hint))                          # a POST: through the worker
    waiting.append(s)
    time.sleep(0.3)
    with connect(srv) as s:                    # its body after its head: the worker reads it
        first, body = post_check(0.2)
        s.sendall(first)
        time.sleep(0.2)
        s.sendall(body)
        status, got = answer(s)
    assert status == 200 and got["solved"] is False
    for s in waiting:                          # the three still wait for their jobs
        s.setblocking(False)
        with pytest.raises(BlockingIOError):
            s.recv(1)
        s.close()


def test_a_day_asked_for_while_it_is_made_waits_for_the_same_job(start):
    srv = start(workers=2)
    date = datetime.date(2024, 6, 4)
    first, second = srv.jobs.submit_daily(date), srv.jobs.submit_daily(date)
    assert first is second and not first.done()
    want = puzzle_json(daily(date).generated, date)             # the library's own
    got = first.result(timeout=120)
    assert {k: got[k] for k in want} == want
    assert srv.jobs.submit_daily(date).done()                   # kept


def test_quick_requests_are_answered_without_any_worker(start):
    srv = start(workers=0)                     # nothing but the waiting thread answers
    with connect(srv) as s:
        s.sendall(b"GET /play.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    assert data.startswith(b"HTTP/1.1 200") and srv.static("play.css") in data
    with connect(srv) as s:
        s.sendall(post_check(None)[0])
        status, got = answer(s)
    assert status == 200 and got["solved"] is False


def test_a_check_whose_body_comes_later_is_read_by_a_worker_not_refused(start):
    srv = start(workers=1)
    with connect(srv) as s:
        first, body = post_check(0.2)
        s.sendall(first + body[:10])           # part of the body: not quick
        time.sleep(0.2)
        s.sendall(body[10:])
        status, got = answer(s)
    assert status == 200 and got["solved"] is False, got


def test_a_client_that_does_not_read_does_not_stop_the_waiting_thread(start):
    srv = start(workers=2)
    rests = []
    send_rest = srv._send_rest
    srv._send_rest = lambda *args: (rests.append(1), send_rest(*args))
    n = 500                                    # 500 answers of play.js: 18 MB unread
    slow = connect(srv)
    slow.sendall(b"GET /play.js HTTP/1.1\r\nHost: x\r\n\r\n" * n)
    time.sleep(0.5)
    start_at = time.monotonic()
    with connect(srv) as s:                    # another client is answered meanwhile
        s.sendall(b"GET /play.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert s.recv(100).startswith(b"HTTP/1.1 200")
    assert time.monotonic() - start_at < 5
    size, data = len(srv.static("play.js")), bytearray()
    slow.settimeout(20)
    while len(data) < n * size or data.count(b"HTTP/1.1 200") < n or \
            not data.endswith(srv.static("play.js")):
        chunk = slow.recv(1 << 20)
        assert chunk, "the slow client's answers ended early"
        data += chunk
    slow.close()
    assert data.count(b"HTTP/1.1 200") == n
    assert rests                               # what the socket did not take, a worker sent

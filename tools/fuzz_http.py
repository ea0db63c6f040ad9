"""Hostile HTTP requests against a server of this project, on this machine only.

    python tools/fuzz_http.py --serve --count 10000            # starts `masyu play` itself
    python tools/fuzz_http.py --serve --server serve --count 10000 --idle 1000   # `masyu serve`
    python tools/fuzz_http.py http://127.0.0.1:8000/ --count 500 --log server.log

Each request is written on a raw socket (so it can be malformed anywhere): bad
request lines, headers, Content-Length variants, bodies shorter than announced
with a half-close, JSON nested deep, huge integers, wrong types in fields, bad
query strings, slow clients (a head sent in pieces) and stalled ones (a head never
finished: the server must answer 408 itself).  It counts the answers by status,
the 500s, the connections closed without an answer, the requests with no answer
in time, and afterwards scans the server's log for tracebacks.  With ``--idle N``
it opens N idle connections at the end and reports the server's threads (Linux,
when it knows the server's process: ``--serve`` or ``--pid``).

Bounded: ``--count`` requests and ``--seconds`` of wall time at most; it only
connects to loopback addresses (127.0.0.0/8, ::1) and refuses any other.  The
exit code is 0 when there were no 500s, no closed-without-answer, no timeouts
and no tracebacks, 1 otherwise.
"""
from __future__ import annotations

import argparse
import collections
import ipaddress
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from urllib.parse import quote, urlsplit

GRID = "W...\n....\n....\n...B"
BOX = "┌──┐\n│··│\n│··│\n└──┘"
CHECK = {"puzzle": GRID, "loop": BOX}
HINT = {"puzzle": GRID, "state": {"set": [[0, 0, 0, 1, 1]]}}
GETS = ["/api/daily", "/api/daily?date=2024-05-06", "/api/zen?rows=6&cols=6&white=0.1&black=0.1&seed=1",
        "/", "/play.js", "/board.js", "/play.css", "/index.html"]
POSTS = ["/api/check", "/api/hint"]
SERVICE = ["/api/v1/me", "/api/v1/attempts", "/api/v1/transfer/claim"]   # masyu serve's own
ANSWER_SECONDS = 40.0      # a request with no answer by then is counted as a timeout


def loopback(host: str) -> bool:
    try:
        infos = socket.getaddrinfo(host, None)
    except OSError:
        return False
    return bool(infos) and all(ipaddress.ip_address(i[4][0].split("%")[0]).is_loopback
                               for i in infos)


# -- the generators: each gives (bytes to send, what to do after) -------------------------

def _deep(r: random.Random) -> str:
    n = r.choice([65, 100, 1000, 10_000, 30_000])
    kind = r.choice(["array", "object", "field"])
    if kind == "array":
        return "[" * n + "]" * n
    if kind == "object":
        return '{"a":' * n + "1" + "}" * n
    return '{"puzzle": ' + "[" * n + "]" * n + ', "loop": ""}'


def _hostile_value(r: random.Random) -> object:
    return r.choice([None, True, 0, -1, 2 ** 70, 1.5, 1e308, "", "x" * 5000, [], {}, [[]],
                     [1, 2, 3, 4, 5], [[0, 0, 0, 1, 1]] * 3, {"set": None}, {"set": [[]]},
                     {"set": [["a", 0, 0, 1, 1]]}, {"set": [[0, 0, 0, 1, 7]]},
                     {"set": [[99, 99, 99, 100, 1]]}, {"set": [[0, 0, 1, 1, 1]]},
                     {"set": [[-1, 0, 0, 0, 1]]}, {"set": [[0, 0, 0, 1, 1.5]]},
                     "W.\n..", "\u2500" * 10, "┌┐\n└┘", "W" * 51, ("." * 50 + "\n") * 50,
                     "\x00", "\ud800" if False else "\ufeff", GRID, BOX])


def body_json(r: random.Random, route: str) -> bytes:
    base = dict(CHECK if route == "/api/check" else HINT)
    choice = r.randrange(9)
    if choice == 0:
        return _deep(r).encode()
    if choice == 1:
        digits = r.choice([301, 4300, 4301, 5000, 20_000])
        return ('{"puzzle": %s, "loop": ""}' % ("9" * digits)).encode()
    if choice == 2:
        return r.choice([b"NaN", b"[Infinity]", b'{"puzzle": 1e99999}', b"-", b"1" * 5000,
                         b"\xef\xbb\xbf{}", b"\xff\xfe{}", b"{}" * 100, b'"\\ud800"', b"",
                         b'{"puzzle": "' + b"\\" * 999 + b'"}', b"[" * 64 + b"]" * 64])
    if choice in (3, 4, 5):
        key = r.choice(list(base) + ["x", "", "state", "loop", "puzzle"])
        base[key] = _hostile_value(r)
        if r.random() < 0.3:
            base.pop(r.choice(list(base)), None)
        return json.dumps(base).encode()
    text = bytearray(json.dumps(base).encode())
    for _ in range(r.randint(1, 6)):         # byte mutations of a valid body
        i = r.randrange(len(text) + 1)
        op = r.randrange(3)
        if op == 0 and text:
            del text[min(i, len(text) - 1)]
        elif op == 1:
            text.insert(i, r.choice(b'{}[]",:\\0123456789eE-+.ntfu \x00\xff\n'))
        elif text:
            text[min(i, len(text) - 1)] = r.randrange(256)
    return bytes(text)


def query(r: random.Random) -> str:
    choice = r.randrange(6)
    if choice == 0:
        return "&".join(f"a{i}=1" for i in range(r.choice([21, 200, 5000])))
    if choice == 1:
        return r.choice(["%", "%zz", "%ff%fe", "date=%00", "date=" + "9" * 5000, "=&=&=",
                         "date=2024-05-06&date=2024-05-07", "rows=1e9", "seed=%F0%9F%98%80",
                         "date=２０２４-05-06", ";;;", "date=0000-00-00", "date=9999-12-31"])
    params = {"rows": "6", "cols": "6", "white": "0.1", "black": "0.1", "seed": "1"}
    key = r.choice(list(params))
    params[key] = r.choice(["", "-1", "0", "99999", "nan", "inf", "1e3", "٣", "6.0", "0x6",
                            " 6", "6 ", "x" * 300, "0." + "1" * 100, "9" * 5000])
    return "&".join(f"{k}={quote(v)}" for k, v in params.items() if r.random() > 0.1)


def request_line(r: random.Random) -> bytes:
    method = r.choice(["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE", "CONNECT",
                       "get", "G\x00T", "GET GET", "", "Ｇ", "X" * 300])
    path = r.choice(["/", "/api/daily", "*", "http://x/", "//[::1", "/%", "/\x00", "/" * 5000,
                     "/api/zen?" + query(r), "/../etc/passwd", "", "/ /", "/\u00e9"])
    version = r.choice(["HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/0.9", "HTTP/1", "HTTP/1.1.1",
                        "HTTP/11", "http/1.1", "HTTPS/1.1", "", "HTTP/1.1 extra",
                        "HTTP/" + "9" * 100])
    parts = [p for p in (method, path, version) if p or r.random() < 0.5]
    line = " ".join(parts)
    if r.random() < 0.05:
        line = "GET /" + "a" * 70_000 + " HTTP/1.1"
    return line.encode("utf-8", "replace") + r.choice([b"\r\n", b"\n", b"\r\n\r\n"])


def headers(r: random.Random) -> bytes:
    choice = r.randrange(7)
    if choice == 0:
        return b"".join(b"X-%d: y\r\n" % i for i in range(r.choice([99, 101, 1000])))
    if choice == 1:
        return b"X: " + b"y" * r.choice([1000, 65_536, 70_000]) + b"\r\n"
    if choice == 2:
        return r.choice([b"no colon\r\n", b": empty name\r\n", b" folded\r\n", b"X:\x00\r\n",
                         b"X: \xff\xfe\r\n", b"Host: a\r\nHost: b\r\n", b"\x00\r\n",
                         b"Connection: keep-alive, close, upgrade\r\n",
                         b"Expect: 100-continue\r\n", b"Expect: 999-nonsense\r\n"])
    return b"Host: localhost\r\n"


LENGTHS = ["²", "-1", "1e3", " 12 ", "0x10", "99999999999999999999999", "", "+5", "５", "1,2",
           "7\r\nContent-Length: 8", "0", "65537", "١٢"]


def case(r: random.Random) -> tuple[bytes, str]:
    """One hostile request: its bytes and ``close`` (half-close after) or ``keep``."""
    kind = r.randrange(10)
    if kind == 0:
        return request_line(r) + headers(r) + b"\r\n", r.choice(["close", "keep"])
    if kind == 1:
        path = r.choice(GETS + POSTS)
        return f"GET {path} HTTP/1.1\r\n".encode() + headers(r) + b"\r\n", "keep"
    if kind == 2:
        return f"GET /api/{r.choice(['daily', 'zen'])}?{query(r)} HTTP/1.1\r\nHost: x\r\n\r\n" \
            .encode("utf-8", "replace"), "keep"
    route = r.choice(POSTS + SERVICE + ["/api/daily", "/nothing", "/"])
    body = body_json(r, route)
    head = f"POST {route} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    if kind == 3:          # Content-Length variants
        return (head + f"Content-Length: {r.choice(LENGTHS)}\r\n\r\n").encode() + body, "close"
    if kind == 4:          # a body shorter than announced, then a half-close
        cut = r.randrange(len(body) + 1)
        return (head + f"Content-Length: {len(body)}\r\n\r\n").encode() + body[:cut], "close"
    if kind == 5:          # chunked, or no length at all
        te = r.choice(["Transfer-Encoding: chunked\r\n", "", "Transfer-Encoding: gzip\r\n"])
        return (head + te + "\r\n").encode() + b"5\r\nhello\r\n0\r\n\r\n", "close"
    return (head + f"Content-Length: {len(body)}\r\n\r\n").encode() + body, "keep"


# -- sending and reading ----------------------------------------------------------------

def read_answer(sock: socket.socket, deadline: float, head_only: bool = False
                ) -> tuple[str, bytes]:
    """``(outcome, bytes)``: outcome a status code, ``closed`` (no byte before the server
    closed), ``reset``, ``timeout`` or ``garbled``."""
    data = bytearray()
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return ("timeout" if not data else _status(data)), bytes(data)
        sock.settimeout(left)
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            return ("timeout" if not data else _status(data)), bytes(data)
        except ConnectionResetError:
            return ("reset" if not data else _status(data)), bytes(data)
        if not chunk:
            return ("closed" if not data else _status(data)), bytes(data)
        data += chunk
        head_end = data.find(b"\r\n\r\n")
        if head_end >= 0:
            m = re.search(rb"\r\ncontent-length: *(\d+)", data[:head_end], re.I)
            if data.startswith(b"HTTP/1.1 100 "):
                del data[:head_end + 4]
                continue
            if head_only or m and len(data) >= head_end + 4 + int(m.group(1)):
                return _status(data), bytes(data)


def _status(data: bytes) -> str:
    m = re.match(rb"HTTP/1\.[01] (\d{3}) ", data)
    return m.group(1).decode() if m else "garbled"


def send_one(host: str, port: int, data: bytes, after: str, slow: bool = False) -> str:
    deadline = time.monotonic() + ANSWER_SECONDS
    try:
        sock = socket.create_connection((host, port), timeout=10)
    except OSError as err:
        return f"connect failed ({err.__class__.__name__})"
    with sock:
        try:
            if slow:                  # the head in pieces, 20 ms apart
                for i in range(0, len(data), max(1, len(data) // 8)):
                    sock.sendall(data[i:i + max(1, len(data) // 8)])
                    time.sleep(0.02)
            else:
                sock.sendall(data)
            if after == "close":
                sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass                      # the server may answer before reading it all
        head_only = data.startswith(b"HEAD ")
        outcome, answer = read_answer(sock, deadline, head_only)
        if not head_only and outcome[:1] in ("4", "5"):
            start = answer.find(b"\r\n\r\n") + 4
            m = re.search(rb"\r\ncontent-length: *(\d+)", answer[:start], re.I)
            body = answer[start:start + int(m.group(1))] if m else b""
            try:
                if not isinstance(json.loads(body).get("error"), str) or b"\n" in body.strip():
                    return outcome + " (not a one-line JSON error)"
            except ValueError:
                return outcome + " (not a one-line JSON error)"
        return outcome


def stall(host: str, port: int, results: collections.Counter, lock: threading.Lock,
          seconds: float) -> None:
    """A head never finished: the server must answer (408) by itself, in time."""
    outcome = "timeout"
    try:
        with socket.create_connection((host, port), timeout=10) as sock:
            sock.sendall(b"POST /api/check HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            outcome, _ = read_answer(sock, time.monotonic() + seconds)
    except OSError as err:
        outcome = f"connect failed ({err.__class__.__name__})"
    with lock:
        results["stalled " + outcome] += 1


def threads_of(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/status") as f:
            return int(re.search(r"^Threads:\s+(\d+)", f.read(), re.M).group(1))
    except (OSError, AttributeError):
        return None


def idle_threads(host: str, port: int, n: int, pid: int | None) -> dict[str, object]:
    """Open ``n`` idle connections, then count the server's threads and ask it a question."""
    socks = []
    before = threads_of(pid) if pid else None
    try:
        for _ in range(n):
            try:
                socks.append(socket.create_connection((host, port), timeout=5))
            except OSError:
                break
        time.sleep(1.0)
        during = threads_of(pid) if pid else None
        answer = send_one(host, port, b"GET /api/daily?date=2024-05-06 HTTP/1.1\r\nHost: x\r\n"
                                      b"Connection: close\r\n\r\n", "keep")
    finally:
        for s in socks:
            s.close()
    return {"idle connections": len(socks), "threads before": before,
            "threads with them open": during, "a request meanwhile": answer}


def scan_log(path: str) -> dict[str, int]:
    text = open(path, encoding="utf-8", errors="replace").read()
    return {"tracebacks": text.count("Traceback (most recent call last)"),
            "internal errors": text.count("internal error")}


def serve(log: str, server: str = "play") -> tuple[subprocess.Popen, str]:
    """``masyu play`` (or ``masyu serve``: SQLite in a fresh data folder, its rate limits
    scaled out of the way) on a free loopback port, its stderr to ``log``."""
    out = open(log, "w")
    env = dict(os.environ)
    if server == "play":
        command = ["play", "--port", "0", "--no-browser"]
    else:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        env["MASYU_SERVICE_RATE_SCALE"] = "100000"     # one address sends every request
        command = ["serve", "--port", str(port), "--data", tempfile.mkdtemp(prefix="fuzz-")]
    proc = subprocess.Popen([sys.executable, "-m", "masyu", *command], env=env,
                            stdout=subprocess.DEVNULL, stderr=out)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        m = re.search(r"playing at (http://\S+?/)", open(log).read())
        if m:
            return proc, m.group(1)
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"fuzz_http: the server did not start; see {log}")


def stop(proc: subprocess.Popen, seconds: float = 60.0) -> dict[str, object]:
    """SIGTERM, then the seconds the server takes to exit (killed past ``seconds``)."""
    started = time.monotonic()
    proc.terminate()
    try:
        code = proc.wait(seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        return {"stop seconds": round(time.monotonic() - started, 1), "killed": True}
    return {"stop seconds": round(time.monotonic() - started, 1), "exit code": code}


def fuzz(url: str, count: int, seconds: float, seed: int, stalls: int = 4,
         workers: int = 8) -> dict[str, object]:
    parts = urlsplit(url)
    host, port = parts.hostname or "", parts.port or 80
    if not loopback(host):
        raise SystemExit(f"fuzz_http: {host!r} is not a loopback address; refused")
    results: collections.Counter[str] = collections.Counter()
    lock = threading.Lock()
    stop = time.monotonic() + seconds
    rng = random.Random(seed)
    cases = [case(rng) + (rng.random() < 0.03,) for _ in range(count)]
    todo = iter(enumerate(cases))
    examples: dict[str, str] = {}

    def worker() -> None:
        while time.monotonic() < stop:
            with lock:
                item = next(todo, None)
            if item is None:
                return
            i, (data, after, slow) = item
            outcome = send_one(host, port, data, after, slow)
            with lock:
                results[outcome] += 1
                if not outcome[:1].isdigit() or outcome.startswith("500") or " (" in outcome:
                    examples.setdefault(outcome, repr(data[:200]))

    extra = [threading.Thread(target=stall, args=(host, port, results, lock, 20.0))
             for _ in range(stalls)]
    pool = [threading.Thread(target=worker) for _ in range(workers)]
    for t in extra + pool:
        t.start()
    for t in extra + pool:
        t.join()
    done = sum(results.values()) - stalls
    bad = {k: v for k, v in results.items()
           if not k.split()[-1][:1].isdigit() or "500" in k or " (" in k}
    return {"requests": done, "by outcome": dict(sorted(results.items())), "bad": bad,
            "examples": examples}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("url", nargs="?", help="the server's base URL (loopback only)")
    ap.add_argument("--serve", action="store_true", help="start `masyu play` and fuzz it")
    ap.add_argument("--server", choices=("play", "serve"), default="play",
                    help="with --serve: `masyu play`, or `masyu serve` (SQLite)")
    ap.add_argument("--count", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=600.0, help="wall-time bound")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--log", help="the server's log, scanned for tracebacks afterwards")
    ap.add_argument("--pid", type=int, help="the server's process (for its thread count)")
    ap.add_argument("--idle", type=int, default=0, help="idle connections to open at the end")
    args = ap.parse_args(argv)
    if bool(args.url) == args.serve:
        ap.error("give a URL or --serve")
    proc = None
    if args.serve:
        args.log = args.log or os.path.join(tempfile.mkdtemp(), "play.log")
        proc, args.url = serve(args.log, args.server)
        args.pid = proc.pid
    try:
        started = time.monotonic()
        report = fuzz(args.url, args.count, args.seconds, args.seed)
        report["seconds"] = round(time.monotonic() - started, 1)
        if args.idle:
            parts = urlsplit(args.url)
            report["idle"] = idle_threads(parts.hostname, parts.port, args.idle, args.pid)
    finally:
        stopped = stop(proc) if proc is not None else {}
    report.update(stopped)
    failed = bool(report["bad"]) or bool(stopped.get("killed"))
    if args.log:
        report["log"] = scan_log(args.log)
        failed = failed or any(report["log"].values())
    print(json.dumps(report, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

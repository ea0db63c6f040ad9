"""The page's server under load: latency per route, errors and threads, on loopback.

    python benchmarks/serve_load.py [--clients 20] [--seconds 30] [--tree DIR] [--keep-alive]
        [--server play|serve] [--database URL] [--workers N]

Starts ``masyu play`` (or ``masyu serve`` with ``--server serve``: SQLite in a fresh data
folder, or PostgreSQL at ``--database``, ``--workers`` uvicorn processes, its rate limits
scaled out of the way) (this tree's, or the one in ``--tree DIR`` with its packages first on
PYTHONPATH, e.g. a checkout of an older commit, to compare) on a free loopback port, then
runs ``--clients`` client processes for ``--seconds``: each sends the page's requests in
the mix a player makes (the page and its files, the daily puzzle, checks of a loop, now
and then a hint or a zen puzzle), one after the other, on a new connection each (the
default: what makes a small listen backlog show) or on one kept-alive connection.
Prints p50/p99/max per route in milliseconds (wall time, as the player waits), the
errors (by status, or the exception), and the server's threads (sampled every 0.2 s, at
most; of its main process) and CPU seconds (all its processes, from /proc), and the
machine's load average before and after (compare rows of one run). Bounded in time;
talks to 127.0.0.1 only.
"""
from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GRID = "W.B...\n......\n..W...\n......\n...B..\n......"
CHECK = json.dumps({"puzzle": GRID, "loop": ""}).encode()
HINT = json.dumps({"puzzle": "W...\n....\n....\n...B", "state": {"set": []}}).encode()
# (route name, method, path, body, weight): a player's mix
ROUTES = [
    ("page /", "GET", "/", None, 3),
    ("page /play.js", "GET", "/play.js", None, 3),
    ("daily", "GET", "/api/daily?date=2024-05-06", None, 3),
    ("check", "POST", "/api/check", CHECK, 8),
    ("hint", "POST", "/api/hint", HINT, 1),
    ("zen 8x8", "GET", "/api/zen?rows=8&cols=8&white=0.15&black=0.1&seed=7", None, 1),
]


def client(port: int, seconds: float, seed: int, keep_alive: bool, out: "multiprocessing.Queue"
           ) -> None:
    rng = random.Random(seed)
    weights = [r[4] for r in ROUTES]
    times: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    stop = time.monotonic() + seconds
    conn = None
    while time.monotonic() < stop:
        name, method, path, body, _ = rng.choices(ROUTES, weights)[0]
        start = time.perf_counter()
        try:
            if conn is None:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            conn.request(method, path, body=body,
                         headers={"Content-Type": "application/json"} if body else {})
            res = conn.getresponse()
            res.read()
            if res.status != 200:
                errors[f"{name}: {res.status}"] += 1
        except (OSError, http.client.HTTPException) as err:
            errors[f"{name}: {type(err).__name__}"] += 1
            conn.close()
            conn = None
            continue
        times[name].append(time.perf_counter() - start)
        if not keep_alive:
            conn.close()
            conn = None
    out.put((dict(times), dict(errors)))


def threads_of(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            return int(re.search(r"^Threads:\s+(\d+)", f.read(), re.M).group(1))
    except (OSError, AttributeError):
        return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and its children (uvicorn's workers), alive."""
    tick = os.sysconf("SC_CLK_TCK")
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        try:
            fields = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            for t in os.listdir(f"/proc/{p}/task"):
                todo += [int(c) for c in open(f"/proc/{p}/task/{t}/children").read().split()]
        except (OSError, ValueError, IndexError):
            continue
    return total


def load_average() -> str:
    try:
        return open("/proc/loadavg").read().split()[0]
    except OSError:
        return "?"


def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(tree: Path, log: str, server: str = "play", database: str | None = None,
          workers: int = 1) -> tuple[subprocess.Popen, int]:
    env = dict(os.environ)
    if tree != ROOT:
        env["PYTHONPATH"] = os.pathsep.join([str(tree), env.get("PYTHONPATH", "")])
    if server == "play":
        command = ["play", "--port", "0", "--no-browser"]
    else:
        env["MASYU_SERVICE_RATE_SCALE"] = "100000"      # one address plays for 20 clients
        command = ["serve", "--port", str(free_port()), "--workers", str(workers),
                   "--data", tempfile.mkdtemp(prefix="serve-load-")]
        command += ["--database", database] if database else []
    err = open(log, "w")
    proc = subprocess.Popen([sys.executable, "-m", "masyu", *command], env=env,
                            cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        m = re.search(r"playing at http://127\.0\.0\.1:(\d+)/", open(log).read())
        if m:
            return proc, int(m.group(1))
        time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"serve_load: the server did not start; see {log}")


def ms(values: list[float], q: float) -> str:
    if not values:
        return "-"
    values = sorted(values)
    return f"{values[min(len(values) - 1, int(q * len(values)))] * 1000:.1f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--tree", type=Path, default=ROOT, help="the checkout whose server to run")
    ap.add_argument("--keep-alive", action="store_true", help="one connection per client")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--server", choices=("play", "serve"), default="play",
                    help="masyu play (one player) or masyu serve (many)")
    ap.add_argument("--database", help="masyu serve's PostgreSQL URL (default: SQLite)")
    ap.add_argument("--workers", type=int, default=1, help="masyu serve's processes")
    args = ap.parse_args(argv)
    if not 1 <= args.clients <= 200 or not 0 < args.seconds <= 600:
        ap.error("--clients is 1..200 and --seconds at most 600")
    log = os.path.join(tempfile.mkdtemp(), "play.log")
    proc, port = serve(args.tree.resolve(), log, args.server, args.database, args.workers)
    cpu, load = 0.0, [load_average()]
    try:
        # warm: the daily puzzle is made once, then kept (several workers: once they listen)
        deadline = time.monotonic() + 60
        while True:
            try:
                warm = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                warm.request("GET", ROUTES[2][2])
                warm.getresponse().read()
                warm.close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        ctx = multiprocessing.get_context("fork")
        out = ctx.Queue()
        clients = [ctx.Process(target=client, args=(port, args.seconds, args.seed + i,
                                                    args.keep_alive, out))
                   for i in range(args.clients)]
        peak = [threads_of(proc.pid)]
        sampling = threading.Event()

        def sample() -> None:
            while not sampling.wait(0.2):
                peak.append(threads_of(proc.pid))
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        for c in clients:
            c.start()
        results = [out.get(timeout=args.seconds + 120) for _ in clients]
        for c in clients:
            c.join(10)
        sampling.set()
        sampler.join()
        cpu = cpu_seconds(proc.pid)
        load.append(load_average())
    finally:
        proc.terminate()
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:   # reported: a server must stop on SIGTERM
            proc.kill()
            proc.wait()
            print("serve_load: the server did not stop within 60 s of SIGTERM: killed",
                  file=sys.stderr)
    times: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    for t, e in results:
        for k, v in t.items():
            times[k].extend(v)
        for k, v in e.items():
            errors[k] += v
    every = [v for vs in times.values() for v in vs]
    what = "masyu play" if args.server == "play" else (
        f"masyu serve ({'PostgreSQL' if args.database else 'SQLite'}, {args.workers} "
        f"worker{'s' if args.workers > 1 else ''})")
    print(f"# {what} under load: {args.clients} clients, {args.seconds:g} s, "
          f"{'kept-alive connections' if args.keep_alive else 'a connection per request'}, "
          f"tree {args.tree}")
    print()
    print("| route | requests | p50 ms | p99 ms | max ms |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, *_ in ROUTES:
        v = times.get(name, [])
        print(f"| {name} | {len(v)} | {ms(v, .5)} | {ms(v, .99)} | {ms(v, 1.0)} |")
    print(f"| all | {len(every)} | {ms(every, .5)} | {ms(every, .99)} | {ms(every, 1.0)} |")
    print()
    print(f"errors: {dict(errors) or 'none'}; requests per second: "
          f"{len(every) / args.seconds:.0f}; server threads: at most {max(peak)}; "
          f"server CPU: {cpu:.1f} s; "
          f"tracebacks in its log: {open(log).read().count('Traceback')}; "
          f"load average {' -> '.join(load)}")
    if every:
        print(f"median of all: {statistics.median(every) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Load on ``masyu serve``: N simulated players against uvicorn, SQLite and PostgreSQL.

    python benchmarks/service_load.py [--players 50,200,500] [--workers 2]
        [--concurrency 50] [--postgres URL] [--out FILE]

For each database (SQLite in a fresh data folder; PostgreSQL when ``--postgres`` or
``MASYU_TEST_POSTGRES_URL`` names a server: a fresh schema each run) and each N, a fresh
``masyu serve --workers W`` on a free loopback port, and N players (httpx, each its own
cookies), at most ``--concurrency`` at once, each: ``GET /api/v1/me`` (a new player),
``GET /api/daily``, ``POST /api/v1/attempts``, ``POST .../finish`` with today's loop
(``masyu.daily``'s, drawn edge by edge: the service replays it) and ``GET
/api/v1/leaderboard``.  The day's puzzle is made before the clock starts.

Reported per run: p50 and p99 latency of each route (wall time, milliseconds: a latency
is wall time by nature), throughput (requests a second), errors (any answer but 200),
the server's resident memory (all its processes, after the run) and its CPU seconds.
Loopback only; rate limits scaled out of the way (``MASYU_SERVICE_RATE_SCALE``).
Prints Markdown (also written to ``--out``).
"""
from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import platform
import secrets
import signal
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
ROUTES = ("me", "daily", "attempt", "finish", "leaderboard")
SSL = ssl.create_default_context()   # one for all clients (httpx makes one per client: ~CPU)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tree(pid: int) -> list[int]:
    """The process and its descendants (from /proc)."""
    kids: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(kids.get(p, []))
    return out


def memory_and_cpu(pid: int) -> tuple[float, float]:
    """Resident MiB and CPU seconds (user + system) of the server's processes."""
    rss = cpu = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for p in tree(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    rss += int(line.split()[1]) / 1024
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            cpu += (int(fields[11]) + int(fields[12])) / tick
        except OSError:
            continue
    return rss, cpu


def start_server(data: Path, database: str | None, workers: int) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = dict(os.environ, MASYU_SERVICE_RATE_SCALE="1000000")
    cmd = [sys.executable, "-m", "masyu", "serve", "--data", str(data), "--port", str(port),
           "--workers", str(workers)]
    if database:
        cmd += ["--database", database]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            if httpx.get(url + "/api/v1/leaderboard", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError("the server did not start: " + proc.stderr.read().decode()[-500:])


async def one_player(url: str, date: str, loop_box: str, moves: list, times: dict,
                     errors: list, gate: asyncio.Semaphore) -> None:
    async with gate, httpx.AsyncClient(base_url=url, timeout=120, verify=SSL) as c:
        async def timed(route: str, method: str, path: str, **kw) -> httpx.Response | None:
            t = time.perf_counter()
            try:
                res = await c.request(method, path, **kw)
            except httpx.HTTPError as err:
                errors.append(f"{route}: {type(err).__name__}")
                return None
            times[route].append((time.perf_counter() - t) * 1000)
            if res.status_code != 200:
                errors.append(f"{route}: {res.status_code} {res.text[:100]}")
                return None
            return res
        me = await timed("me", "GET", "/api/v1/me")
        if me is None:
            return
        headers = {"X-CSRF-Token": me.json()["csrf"]}
        if await timed("daily", "GET", f"/api/daily?date={date}") is None:
            return
        a = await timed("attempt", "POST", "/api/v1/attempts", headers=headers,
                        json={"date": date, "mode": "attack"})
        if a is None:
            return
        await timed("finish", "POST", f"/api/v1/attempts/{a.json()['attempt']}/finish",
                    headers=headers, json={"loop": loop_box, "moves": moves})
        await timed("leaderboard", "GET", f"/api/v1/leaderboard?date={date}")


def run(players: int, database: str | None, workers: int, concurrency: int,
        date: str, loop_box: str, moves: list) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_server(Path(tmp) / "data", database, workers)
        try:
            httpx.get(f"{url}/api/daily?date={date}", timeout=120)    # made before the clock
            times: dict[str, list[float]] = {r: [] for r in ROUTES}
            errors: list[str] = []
            _, cpu0 = memory_and_cpu(proc.pid)

            async def main() -> None:
                gate = asyncio.Semaphore(concurrency)
                await asyncio.gather(*(one_player(url, date, loop_box, moves, times, errors, gate)
                                       for _ in range(players)))
            t = time.perf_counter()
            asyncio.run(main())
            wall = time.perf_counter() - t
            rss, cpu1 = memory_and_cpu(proc.pid)
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
    total = sum(len(v) for v in times.values())
    return {"times": times, "errors": errors, "wall": wall, "throughput": total / wall,
            "rss": rss, "cpu": cpu1 - cpu0}


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 \
        else values[0]


def fresh_schema(url: str) -> str:
    """A fresh schema on the PostgreSQL server (the URL that uses it)."""
    import sqlalchemy as sa

    from masyu.service.store import database_url
    schema = "bench_" + secrets.token_hex(4)
    engine = sa.create_engine(database_url(url, Path(".")))
    with engine.begin() as c:
        c.exec_driver_sql(f"CREATE SCHEMA {schema}")
    engine.dispose()
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options=-csearch_path%3D{schema}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", default="50,200,500")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--concurrency", type=int, default=50)
    ap.add_argument("--postgres", default=os.environ.get("MASYU_TEST_POSTGRES_URL"))
    ap.add_argument("--out")
    args = ap.parse_args()
    from masyu.daily import daily
    day = datetime.date.today()
    found = daily(day)
    loop_box = found.loop.to("box")
    moves = [[0, a[0], a[1], b[0], b[1], 1] for a, b in sorted(found.loop.edges)]
    bases = [("SQLite", None)] + ([("PostgreSQL", args.postgres)] if args.postgres else [])
    lines = [f"Players each: me, daily, attempt, finish ({len(moves)} moves, "
             f"{found.puzzle.rows}x{found.puzzle.cols}), leaderboard; {args.workers} uvicorn "
             f"workers, at most {args.concurrency} players at once; {platform.machine()}, "
             f"{os.cpu_count()} cores, Python {platform.python_version()}, {day}.", "",
             "| database | players | " + " | ".join(f"{r} p50/p99 ms" for r in ROUTES)
             + " | requests/s | errors | server RSS MiB | server CPU s |",
             "|---|---:|" + "---:|" * (len(ROUTES) + 4)]
    for name, url in bases:
        for n in (int(x) for x in args.players.split(",")):
            r = run(n, fresh_schema(url) if url else None, args.workers, args.concurrency,
                    day.isoformat(), loop_box, moves)
            cells = [f"{pct(r['times'][k], 50):.0f} / {pct(r['times'][k], 99):.0f}"
                     for k in ROUTES]
            lines.append(f"| {name} | {n} | " + " | ".join(cells) +
                         f" | {r['throughput']:.0f} | {len(r['errors'])} | {r['rss']:.0f} |"
                         f" {r['cpu']:.1f} |")
            print(lines[-1], file=sys.stderr)
            for e in r["errors"][:5]:
                print("  error:", e, file=sys.stderr)
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        Path(args.out).write_text(text)


if __name__ == "__main__":
    main()

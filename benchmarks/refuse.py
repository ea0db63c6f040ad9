"""Benchmark of the up-front refusals (issue 36): CPU seconds of each long command on
a 1000x1000 board, and of ``xcc count`` with every engine on a DLX file of 10^6
items and one option (each with the same ``--memory``); the target is under 5 CPU s
each, an answer or a refusal.

    python benchmarks/refuse.py                  # with --memory 100M, then the default
    python benchmarks/refuse.py --memory 2G      # one limit only
    python benchmarks/refuse.py --skip-xcc

Each command runs in its own process; its CPU seconds (user + system, of the
child: ``resource.getrusage(RUSAGE_CHILDREN)``) are printed in a Markdown table
with the exit code and the first line of stderr.  A command is stopped after
``--timeout`` seconds of wall time (then marked "timeout").  The board and the DLX
file are made here, in a temporary folder, and removed after.
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIDE = 1000
COMMANDS = (["explain"], ["hint", "--state", '{"set": []}'], ["ambiguity"], ["sample"],
            ["count", "--exact"], ["prove", "-o", "{tmp}/cert"])


def board(path: Path, pearls: int = 2000) -> None:
    """A 1000x1000 Tatham game ID with ``pearls`` pearls spread over it."""
    cells = SIDE * SIDE
    step = cells // pearls
    out, run = [], 0
    for k in range(cells):
        if k % step == step // 2:
            if run:
                out.append(chr(96 + run))
                run = 0
            out.append("WB"[(k // step) % 2])
        else:
            run += 1
            if run == 26:
                out.append("z")
                run = 0
    if run:
        out.append(chr(96 + run))
    path.write_text(f"{SIDE}x{SIDE}:{''.join(out)}\n")


def dlx(path: Path, items: int = 10**6) -> None:
    """``items`` primary items and one option naming them all (one solution)."""
    names = " ".join(f"i{k}" for k in range(items))
    path.write_text(f"{names}\n{names}\n")


def timed(argv: list[str], timeout: float) -> tuple[float, str, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
        code, line = str(done.returncode), (done.stderr.strip().splitlines() or [""])[-1]
    except subprocess.TimeoutExpired:
        code, line = "timeout", ""
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, code, line[:110]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--memory", action="append", help="--memory of the commands "
                    "(repeatable; default: 100M and the default limit)")
    ap.add_argument("--timeout", type=float, default=120.0, help="wall seconds per command")
    ap.add_argument("--skip-xcc", action="store_true")
    ap.add_argument("--skip-masyu", action="store_true")
    args = ap.parse_args()
    limits = args.memory or ["100M", None]
    print("| command | --memory | CPU s | exit | last line of stderr |")
    print("|---|---|---:|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_masyu:
            puzzle = Path(tmp) / "board.txt"
            board(puzzle)
            for limit in limits:
                for verb in COMMANDS:
                    argv = [sys.executable, "-m", "masyu", verb[0], str(puzzle),
                            *(a.replace("{tmp}", tmp) for a in verb[1:])]
                    if limit is not None and verb[0] != "prove":
                        argv += ["--memory", limit]
                    cpu, code, line = timed(argv, args.timeout)
                    print(f"| masyu {' '.join(verb[:1] + verb[1:2])} 1000x1000 | "
                          f"{limit or 'default'} | {cpu:.2f} | {code} | {line} |", flush=True)
        if not args.skip_xcc:
            path = Path(tmp) / "million.dlx"
            dlx(path)
            import xcc  # noqa: E402  (the registry: every engine available here)
            for limit in limits:
                for name in xcc.ENGINES:
                    argv = [sys.executable, "-m", "xcc", "count", "--engine", name, str(path),
                            "-q", *(["--memory", limit] if limit is not None else [])]
                    cpu, code, line = timed(argv, args.timeout)
                    print(f"| xcc count --engine {name} (10^6 items, 1 option) | "
                          f"{limit or 'default'} | {cpu:.2f} | {code} | {line} |", flush=True)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()

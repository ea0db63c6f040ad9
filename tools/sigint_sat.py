"""Ctrl-C during SAT runs: send SIGINT at a random moment, many times, and check
that every run prints its partial count and exits 130 (never an abort).

    .venv/bin/python tools/sigint_sat.py            # 50 tries (issue 20)
    .venv/bin/python tools/sigint_sat.py --tries 9 --seed 3

The tries cycle through three commands that spend their time inside CaDiCaL:
``masyu count --engine sat``, ``masyu count --method best`` (the SAT engine
with lazy cuts) and ``xcc count --engine sat``.  Each waits for the command's
first progress line (the search is under way), then from 0 to 1.5 s more,
then sends SIGINT.  (A signal before the interpreter has its handler, while it
imports the package, ends the process by SIGINT: counted apart, no fault of
the engine.)
Prints one line per try and a table; exits 1 if any try went wrong.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def commands(tmp: Path) -> list[tuple[str, list[str], re.Pattern]]:
    """(label, argv, the pattern of the partial count on stdout/stderr)."""
    sys.path.insert(0, str(ROOT))
    import masyu  # the DLX file of an empty board's weak solutions: millions of them
    dlx = tmp / "empty6.dlx"
    import xcc
    xcc.write_dlx(masyu.encode(masyu.Puzzle(6, 6), "422").problem, str(dlx))
    count = re.compile(r"[0-9][0-9,]* (weak |strong )?solutions?|\"solutions\": [0-9]+")
    return [
        ("masyu count --engine sat", [str(BIN / "masyu"), "count", "6x6:zj", "--weak",
                                      "--engine", "sat"], count),
        ("masyu count --method best", [str(BIN / "masyu"), "count", "7x7:zw", "--method", "best"],
         count),
        ("xcc count --engine sat", [str(BIN / "xcc"), "count", str(dlx), "--engine", "sat"],
         count),
    ]


def one(argv: list[str], delay: float) -> tuple[int, str, str]:
    """Run ``argv``, wait for its first progress line on stderr (the search is
    under way), wait ``delay`` more seconds, send SIGINT; the exit code and output."""
    # a command started in the background of a shell inherits SIGINT ignored: undo that
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=ROOT, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    err_lines: list[str] = []
    started = threading.Event()

    def read_stderr() -> None:
        for line in proc.stderr:
            err_lines.append(line)
            if line.startswith("..."):
                started.set()
        started.set()

    reader = threading.Thread(target=read_stderr, daemon=True)
    reader.start()
    started.wait(120)
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    try:
        out = proc.communicate(timeout=60)[0]
    except subprocess.TimeoutExpired:
        proc.kill()
        out = proc.communicate()[0]
        reader.join(5)
        return -999, out, "".join(err_lines)
    reader.join(5)
    return proc.returncode, out, "".join(err_lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tries", type=int, default=50)
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    columns = ("SIGABRT", "killed in start-up", "traceback", "exit 130", "other exit",
               "count printed")
    with tempfile.TemporaryDirectory() as tmp:
        cmds = commands(Path(tmp))
        tally = {label: dict.fromkeys(columns, 0) for label, _, _ in cmds}
        bad = 0
        for k in range(args.tries):
            label, argv, pattern = cmds[k % len(cmds)]
            delay = rng.uniform(0.0, 1.5)
            code, out, err = one(argv, delay)
            t = tally[label]
            printed = pattern.search(out + err) is not None
            t["SIGABRT"] += code == -signal.SIGABRT
            # a signal before the interpreter has its handler (the imports) ends it by SIGINT
            t["killed in start-up"] += code == -signal.SIGINT
            t["traceback"] += "Traceback" in err
            t["exit 130"] += code == 130
            t["other exit"] += code >= 0 and code != 130 or code not in (
                130, -signal.SIGABRT, -signal.SIGINT) and code < 0
            t["count printed"] += printed
            ok = code == 130 and printed and "Traceback" not in err
            bad += not ok
            last = (err.strip().splitlines() or ["(nothing on stderr)"])[-1][:90]
            print(f"{k + 1:3} {label:26} {delay:4.2f} s into the search: exit {code}"
                  + ("" if ok else f"  <-- {last}"), flush=True)
    print()
    print("| command | tries | " + " | ".join(columns) + " |")
    print("|---|---|" + "---|" * len(columns))
    for label, t in tally.items():
        print(f"| `{label}` | {sum(t[c] for c in columns[:2] + columns[3:5])} | "
              + " | ".join(str(t[c]) for c in columns) + " |")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

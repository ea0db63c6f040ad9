"""Benchmark of the daily puzzle (``masyu.daily``): CPU seconds to make each weekday's puzzle.

    python benchmarks/daily.py                  # 4 weeks from 2024-05-06 (a Monday)
    python benchmarks/daily.py --weeks 8 --start 2025-01-06

Prints a Markdown table by weekday: the board, the CPU seconds (median and worst) to make
the day's puzzle (every candidate tried included), which candidate was taken (1: the first seed),
and the scores met.  It is what the server pays for a day it has not made yet (it keeps
each day once made).  CPU time (``time.process_time``), since this machine is shared.
"""
from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from masyu.daily import SCHEDULE, daily  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--start", default="2024-05-06", help="a Monday, YYYY-MM-DD")
    ap.add_argument("--weeks", type=int, default=4)
    args = ap.parse_args(argv)
    start = datetime.date.fromisoformat(args.start)
    start -= datetime.timedelta(days=start.weekday())
    print("| weekday | board | window | CPU s median | CPU s worst "
          "| candidate taken (median, latest) | scores |")
    print("|---|---|---|---|---|---|---|")
    for k, day in enumerate(SCHEDULE):
        times, tried, scores = [], [], []
        for w in range(args.weeks):
            t = time.process_time()
            d = daily(start + datetime.timedelta(days=7 * w + k))
            times.append(time.process_time() - t)
            tried.append(d.candidate + 1)
            scores.append(d.difficulty.score)
        window = f"{day.band} {day.low}..{'' if day.high is None else day.high - 1}"
        print(f"| {day.weekday} | {day.rows}x{day.cols} | {window} | "
              f"{statistics.median(times):.2f} | {max(times):.2f} | "
              f"{statistics.median(tried):g}, {max(tried)} | {min(scores)}..{max(scores)} |",
              flush=True)


if __name__ == "__main__":
    main()

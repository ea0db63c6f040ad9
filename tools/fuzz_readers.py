"""The long fuzz run of issue 20: 10^5 hostile inputs for every reader.

    .venv/bin/python tools/fuzz_readers.py                 # 100,000 a reader
    .venv/bin/python tools/fuzz_readers.py -n 2000 --seed 3

Inputs are the seeds of ``tests/fuzz_inputs.py`` mutated a few times; one in
ten is grown to about 20 KB by repeating a piece of it (the shape that makes a
backtracking pattern explode).  For each reader it prints how many inputs
parsed, were refused with their place, were refused without one (a fault, but
for blank input) or raised a foreign exception (a fault), and the slowest
inputs of 20 KB in CPU time (the limit is 50 ms).  Exits 1 on any fault.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz_inputs import grow, judge, mutate, readers  # noqa: E402

LIMIT = 0.050   # seconds of CPU for a 20 KB input


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", type=int, default=100_000, help="inputs a reader")
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args()
    faults = 0
    print("| reader | inputs | parsed | refused with a place | without a place | foreign "
          "| 20 KB inputs | slowest 20 KB (ms) | over 50 ms |")
    print("|---|---|---|---|---|---|---|---|---|")
    examples: list[str] = []
    for reader in readers():
        rng = random.Random(f"{args.seed}-{reader.name}")
        tally = {"ok": 0, "refused": 0, "no place": 0, "foreign": 0}
        big, slowest, over = 0, 0.0, 0
        for k in range(args.n):
            text = mutate(rng, rng.choice(reader.seeds))
            if k % 10 == 0:
                text = grow(rng, text)
            verdict, seconds, detail = judge(reader, text)
            tally[verdict] += 1
            if len(text) >= 19_000:
                big += 1
                slowest = max(slowest, seconds)
                if seconds > LIMIT:
                    over += 1
                    examples.append(f"{reader.name}: {seconds * 1000:.0f} ms on "
                                    f"{text[:60]!r}... ({len(text)} chars)")
            if verdict in ("no place", "foreign"):
                faults += 1
                if len(examples) < 40:
                    examples.append(f"{reader.name}: {verdict}: {text[:80]!r} -> {detail}")
        print(f"| {reader.name} | {args.n:,} | {tally['ok']:,} | {tally['refused']:,} | "
              f"{tally['no place']} | {tally['foreign']} | {big:,} | {slowest * 1000:.1f} | "
              f"{over} |", flush=True)
    for line in examples[:40]:
        print(line)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())

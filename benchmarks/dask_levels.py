"""The memo count spread over Dask workers, level by level, against the count in one process.

    python benchmarks/dask_levels.py [--size 14] [--workers 4] [--weak] [--every 1]

The empty n x n board (strong: the cycles of the grid graph, OEIS A140517
term n - 1), counted first in this process by engine ``memo`` (CPU seconds,
the C core's peak bytes), then by ``xcc.count(..., scheduler=client)`` on a
``distributed.LocalCluster`` of ``--workers`` single-threaded worker
processes (``xcc/parallel/levels.py``).  For each level (every ``--every``-th
printed, and the last) the table gives the states read, the states after it
(merged), the bytes exchanged between workers (the pieces a worker sends to
another; a piece for itself stays), the wall seconds of the level, and over
the workers the largest data held at the peak of the level (its shard, its
children, its pieces) and the largest peak resident memory of a worker
process (``ru_maxrss``: Python, numpy and Dask included, about 100 MB
alone).  Then the totals, and the count, which must equal the one-process
count (and up to n = 13 the published term).  Needs the dask extra.
"""
from __future__ import annotations

import argparse
import time

import xcc
from masyu import Puzzle
from masyu.exact import _setup

MB = 2 ** 20


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, default=14)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--weak", action="store_true")
    ap.add_argument("--every", type=int, default=1, help="print every N-th level")
    args = ap.parse_args()
    import distributed  # the dask extra

    n, W = args.size, args.workers
    enc, cycle, engine = _setup(Puzzle(n, n), args.weak, "423", None, None)
    start = time.process_time()
    one = xcc.count(enc.problem, engine=engine, cycle=cycle)
    cpu_one = time.process_time() - start
    print(f"# empty {n}x{n}, {'weak' if args.weak else 'strong'}: one process: {int(one)} "
          f"in {cpu_one:.1f} s CPU, {one.counters['states']:,} states, widest layer "
          f"{one.counters['width']:,}, peak {one.counters['peak_bytes'] / MB:.1f} MB (C core)")
    with distributed.LocalCluster(n_workers=W, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        client.wait_for_workers(W)
        start = time.perf_counter()
        stats = xcc.count(enc.problem, engine=engine, cycle=cycle, scheduler=client)
        wall = time.perf_counter() - start
    table = stats.table
    print(f"# {W} Dask workers (LocalCluster, processes): {int(stats)} in {wall:.1f} s wall, "
          f"{stats.cpu_seconds:.1f} s CPU (workers' tasks and this process)")
    print("| level | states | after | exchanged (bytes) | seconds | held per worker (max, MB) "
          "| peak RSS per worker (max, MB) |")
    print("|---|---|---|---|---|---|---|")
    for row in table:
        if row["level"] % args.every and row["level"] != len(table) - 1:
            continue
        print(f"| {row['level']} | {row['states']:,} | {row['after']:,} | {row['exchanged']:,} "
              f"| {row['seconds']:.2f} | {max(row['held']) / MB:.1f} | {max(row['rss']) / MB:.0f} |")
    held = [max(row["held"][w] for row in table) for w in range(W)]
    rss = [max(row["rss"][w] for row in table) for w in range(W)]
    print(f"| total | {sum(r['states'] for r in table):,} | | "
          f"{sum(r['exchanged'] for r in table):,} | {sum(r['seconds'] for r in table):.1f} | "
          f"{', '.join(f'{h / MB:.1f}' for h in held)} | {', '.join(f'{r / MB:.0f}' for r in rss)} |")
    same = int(stats) == int(one)
    print(f"# the counts {'agree' if same else 'DIFFER'}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()

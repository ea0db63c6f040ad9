"""Benchmark of ``masyu.generate``: CPU time per puzzle over seeds 0..N-1, per size.

    python benchmarks/generate.py                     # 10x10, 20x20, 30x30, 10 seeds
    python benchmarks/generate.py --sizes 15x15 --seeds 5 --difficulty hard
    python benchmarks/generate.py --sizes 30x30 --seeds 3 --baseline
    python benchmarks/generate.py --sizes 40x40,50x50 --versus python
    python benchmarks/generate.py --sizes 100x100 --seeds 5 --first-seed 5

Prints a Markdown table: size, seeds, median and worst CPU seconds
(``time.process_time``: steady on a shared machine), median pearls (and their
share of the cells), the difficulty bands met, the median loops grown, and the
deductions and oracle questions asked.  ``--baseline`` also times, in the same
run and seed by seed, the generator without its uniqueness oracle (one
deduction per removal, as before issue 15), checks that both give the same
puzzle, and adds the ratio.  ``--deducer`` picks the code of deduction levels 1
and 2 (``masyu.deduce.native.DEDUCERS``: ``c`` by default when built, ``python``
the reference); ``--versus NAME`` times each seed again with that deducer in the
same run, checks that the puzzle is the same and adds the ratio.

``--per-seed`` adds a table of each seed's CPU seconds; with ``--uncapped`` each seed
is also timed, in the same run, with the difficulty measure's search not cut
(``bands.MEASURE_NODES = None``: the generator before issue 31), the same puzzle
checked, and the ratio added.

Every puzzle is checked against its loop, its uniqueness is counted by
dancing links with propagation (``masyu.count(method="propagate",
engine="c")``: another model, engine and code than the generator's deduction
and SAT oracle), and a requested band must be the band measured.  Each seed's line
(on stderr) ends with the SHA-1 of the puzzle's grid rows joined: a speed-up that
keeps the answers exact keeps these.
"""
from __future__ import annotations

import argparse
import collections
import hashlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import masyu  # noqa: E402
from masyu.deduce import native  # noqa: E402
from masyu.generate import bands, generate_with_loop, pearls  # noqa: E402


class Counting:
    """Counts the deductions and oracle questions of the judges made meanwhile."""

    def __enter__(self) -> "Counting":
        self.deductions = self.questions = 0
        self._init = pearls.Judge.close

        def close(judge, _close=self._init, counts=self):
            counts.deductions += judge.checks
            if judge.oracle is not None:
                counts.questions += judge.oracle.questions
            _close(judge)

        pearls.Judge.close = close
        return self

    def __exit__(self, *exc) -> None:
        pearls.Judge.close = self._init


def one(rows: int, cols: int, seed: int, args, use_oracle: bool = True,
        deducer: str | None = None, measure_nodes: int | None = bands.MEASURE_NODES):
    native.DEFAULT_DEDUCER = deducer or args.deducer
    kept, bands.MEASURE_NODES = bands.MEASURE_NODES, measure_nodes
    try:
        with Counting() as counts:
            start = time.process_time()
            g = generate_with_loop(rows, cols, seed=seed, difficulty=args.difficulty,
                                   minimal=args.minimal, use_oracle=use_oracle)
            seconds = time.process_time() - start
    finally:
        bands.MEASURE_NODES = kept
    return g, seconds, counts


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="10x10,20x20,30x30")
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--first-seed", type=int, default=0,
                    help="seeds FIRST..FIRST+SEEDS-1 (to split one size over two runs)")
    ap.add_argument("--difficulty", default=None, choices=list(masyu.DIFFICULTIES))
    ap.add_argument("--minimal", action="store_true")
    ap.add_argument("--baseline", action="store_true",
                    help="also time the generator without the oracle (same run)")
    ap.add_argument("--no-check", action="store_true", help="skip the uniqueness count")
    ap.add_argument("--deducer", default=native.DEFAULT_DEDUCER, choices=native.DEDUCERS,
                    help="the code of deduction levels 1 and 2")
    ap.add_argument("--versus", default=None, choices=native.DEDUCERS,
                    help="also time the generator with this deducer (same run)")
    ap.add_argument("--per-seed", action="store_true", help="a table of each seed's CPU s")
    ap.add_argument("--uncapped", action="store_true",
                    help="also time each seed with the measure's search not cut (same run)")
    args = ap.parse_args(argv)
    head = "| size | seeds | median s | worst s | pearls (median) | difficulty | loops grown " \
           "| deductions | oracle questions |"
    rule = "|---|---|---|---|---|---|---|---|---|"
    if args.baseline:
        head += " baseline median s | median ratio |"
        rule += "---|---|"
    if args.versus:
        head += f" {args.versus} deducer median s | median ratio |"
        rule += "---|---|"
    print(f"deducer: {args.deducer}", file=sys.stderr)
    print(head)
    print(rule)
    for size in args.sizes.split(","):
        rows, cols = (int(x) for x in size.lower().split("x"))
        times, base, ratios, npearls, bands, attempts = [], [], [], [], collections.Counter(), []
        vs, vs_ratios = [], []
        deductions, questions = [], []
        rows_of_seeds = []
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            g, seconds, counts = one(rows, cols, seed, args)
            times.append(seconds)
            assert masyu.check(g.puzzle, g.loop) == []
            if not args.no_check:
                n = masyu.count(g.puzzle, method="propagate", engine="c", limit=2)
                assert int(n) == 1, (size, seed, int(n))
            if args.difficulty is not None:
                assert g.difficulty.band == args.difficulty, (size, seed, g.difficulty)
            npearls.append(len(g.puzzle.pearls))
            bands[g.difficulty.band] += 1
            attempts.append(g.attempts)
            deductions.append(counts.deductions)
            questions.append(counts.questions)
            note = ""
            if args.baseline:
                b, bs, _ = one(rows, cols, seed, args, use_oracle=False)
                assert b.puzzle == g.puzzle, (size, seed, "the oracle changed the puzzle")
                base.append(bs)
                ratios.append(seconds / bs)
                note = f", baseline {bs:.2f} s"
            if args.versus:
                b, bs, _ = one(rows, cols, seed, args, deducer=args.versus)
                assert b.puzzle == g.puzzle, (size, seed, "the deducer changed the puzzle")
                vs.append(bs)
                vs_ratios.append(seconds / bs)
                note += f", {args.versus} deducer {bs:.2f} s"
            if args.uncapped:
                u, us, _ = one(rows, cols, seed, args, measure_nodes=None)
                assert u.puzzle == g.puzzle, (size, seed, "the cut changed the puzzle")
                note += f", uncapped {us:.2f} s (score {u.difficulty.score})"
                rows_of_seeds.append((seed, seconds, us, g.difficulty.score, u.difficulty.score))
            else:
                rows_of_seeds.append((seed, seconds, None, g.difficulty.score, None))
            digest = hashlib.sha1("".join(g.puzzle.grid).encode()).hexdigest()[:12]
            print(f"  {size} seed {seed}: {seconds:.2f} s{note}, {npearls[-1]} pearls, "
                  f"{g.difficulty.band} (score {g.difficulty.score}), grid sha1 {digest}",
                  file=sys.stderr, flush=True)
        p = statistics.median(npearls)
        band_text = ", ".join(f"{b} {n}" for b, n in sorted(bands.items()))
        line = (f"| {rows}x{cols} | {args.seeds} | {statistics.median(times):.2f} | "
                f"{max(times):.2f} | {p:g} ({p / (rows * cols):.0%}) | {band_text} | "
                f"{statistics.median(attempts):g} | {statistics.median(deductions):g} | "
                f"{statistics.median(questions):g} |")
        if args.baseline:
            line += f" {statistics.median(base):.2f} | {statistics.median(ratios):.2f} |"
        if args.versus:
            line += f" {statistics.median(vs):.2f} | {statistics.median(vs_ratios):.2f} |"
        print(line, flush=True)
        if args.per_seed:
            print(f"\n| {rows}x{cols} seed | CPU s | score |" +
                  (" uncapped CPU s | uncapped score | ratio |" if args.uncapped else ""))
            print("|---|--:|--:|" + ("--:|--:|--:|" if args.uncapped else ""))
            for seed, s, us, score, uscore in rows_of_seeds:
                extra = f" {us:.2f} | {uscore} | {us / s:.1f} |" if us is not None else ""
                print(f"| {seed} | {s:.2f} | {score} |{extra}", flush=True)


if __name__ == "__main__":
    main()

"""CLI verb: ``sample``, loops drawn uniformly from all the solutions of a puzzle.

It runs the memo engine (masyu.exact): no enumeration, memory bounded by
``--memory`` (default xcc's one limit, :func:`xcc.sizes.default_limit`),
Ctrl-C stops while the diagram is built (exit 130).
"""
from __future__ import annotations

import time
from typing import Optional

import xcc

from .common import fail, say
from .outputs import Stdout
from .running import EXACT_LEAST, memory_limit
from .declare import MEMORY, REQUIRED, SHORT_PUZZLE_HELP, argument, option
from ..exact import sample as sample_loops
from ..report import sample_note
from ..showing import SHOWS, Shown, one_a_file, summaries
from ..sources import read_puzzle

SAMPLE = (
    argument("puzzle", metavar="PUZZLE", default=REQUIRED, help=SHORT_PUZZLE_HELP),
    option("k", "-k", kind=int, default=1, min=0, metavar="N", help="How many loops to draw."),
    option("seed", "--seed", kind=int, default=0, metavar="S",
           help="The random seed (same seed, same loops)."),
    option("weak", "--weak", kind=bool, default=False,
           help="Draw weak solutions (several disjoint loops allowed)."),
    MEMORY,
    option("fmt", "--format", choices=SHOWS, default="box",
           help="The loops as " + summaries(SHOWS) + " Several SVG pictures: one document."),
    option("quiet", "--quiet", "-q", kind=bool, default=False, help="No summary on stderr."),
)
PARAMS = {"sample": SAMPLE}


def sample(puzzle: str, k: int, seed: int, weak: bool, memory_: Optional[str], fmt: str,
           quiet: bool) -> int:
    """Draw N loops uniformly at random from all the solutions of a puzzle.

    Every solution is equally likely and the draws are independent (a loop
    may come twice).  The loops are printed as boxes (--format: as solve
    prints them), separated by blank lines.  Exit 1 if the puzzle has no solution.

    Example: masyu sample '6x6:eBbBfWbWbBaBcWbBe' -k 3 --seed 7 --weak
    """
    if k > 1 and one_a_file(fmt):
        fail(f"several {fmt} files cannot share one output: draw one (-k 1)", "--format")
    p = read_puzzle(puzzle)
    limit = memory_limit(memory_, EXACT_LEAST)
    start, cpu = time.perf_counter(), xcc.cpu_time()
    try:
        loops = sample_loops(p, k, seed=seed, weak=weak, memory=limit)
    except KeyboardInterrupt:
        say("masyu: interrupted while building the diagram")
        return 130
    shown = Shown(p, fmt, Stdout(), several=len(loops) > 1)
    for loop in loops:
        shown.write(loop)
    shown.close()
    if not quiet:
        say(sample_note(len(loops), weak, seed, time.perf_counter() - start, xcc.cpu_time() - cpu))
    return 0 if loops or k == 0 else 1

"""CLI verb: generate.

Puzzles go to stdout in the collection format (``# name key=value ...``
header, ``.WB`` grid, blank line); their solutions, with ``--solutions FILE``,
to a solutions file with the same headers; progress and timings to stderr.  Both outputs are streamed: each puzzle as
soon as it is made, so that Ctrl-C loses only the one under way.
"""
from __future__ import annotations

import threading
import time
from contextlib import nullcontext
from typing import Optional

from .common import say
from .declare import REQUIRED, option
from .outputs import OutputFile, Status, emit, held_interrupt
from ..board import check_size
from ..generate import DIFFICULTIES, generate_with_loop
from ..generate.series import (density_note, format_generated, format_solution, nth_seed,
                               parse_seed, parse_size)
from ..generate.pearls import Budget
from ..generate.symmetry import DEFAULT_SYMMETRY, SYMMETRIES
from ..report import budget_note, made_note

BAND_HELP = "; ".join(f"{name}: {band.summary}" for name, band in DIFFICULTIES.items()) + "."


class Heartbeat:
    """While a puzzle is being made, a line on stderr now and then: which one, the
    candidates (loops) tried, the steps spent, the pearls left and the last candidate's
    score, how long (first after ``FIRST`` seconds, then every ``every``; redrawn on a
    terminal)."""

    FIRST = 2.0

    def __init__(self, quiet: bool, every: float = 10.0) -> None:
        self.status = Status(quiet, every=every)
        self.text = self.detail = ""
        self.start = time.perf_counter()
        self.stop = threading.Event()
        self.lock = threading.Lock()     # one writer of stderr at a time: no torn lines
        self.thread = None if quiet else threading.Thread(target=self._beat, daemon=True)

    def _beat(self) -> None:
        while not self.stop.wait(0.5):
            elapsed = time.perf_counter() - self.start
            if elapsed >= self.FIRST:
                with self.lock:
                    self.status.show(f"{self.text}{self.detail}, {elapsed:.0f} s",
                                     force=not self.status.shown)

    def progress(self, budget: Budget) -> None:
        """The generator's progress (:class:`masyu.generate.pearls.Budget`), shown at the next beat."""
        self.detail = budget_note(budget)

    def working(self, text: str) -> None:
        with self.lock:
            self.text, self.detail, self.start = text, "", time.perf_counter()
            self.status.shown = False
        if self.thread is not None and not self.thread.is_alive():
            self.thread.start()

    def close(self) -> None:
        self.stop.set()
        if self.thread is not None and self.thread.is_alive():
            self.thread.join()
        self.status.clear()

    def say(self, text: str) -> None:
        """A line of its own on stderr (the progress line cleared first)."""
        with self.lock:
            self.status.clear()
            say(text)


GENERATE = (
    option("size", "--size", "-s", default="10x10", help="Board size RxC (rows first)."),
    option("seed", "--seed", default=REQUIRED, help="An integer or any text; the same seed "
                                                    "gives the same puzzles everywhere."),
    # -n is --limit in every verb (how many results); --count, its older name here, still works
    option("count", "--limit", "-n", "--count", kind=int, default=1, min=1, metavar="N",
           help="How many puzzles (seeds 7, 8, 9, ...; for a text seed daily, daily-1, ...)."),
    option("difficulty", "--difficulty", "-d", choices=tuple(DIFFICULTIES), help=BAND_HELP),
    option("density", "--density", kind=float,
           help="Fraction of the cells holding pearls (as near as the loop and the difficulty "
                "allow: stderr says what was reached)."),
    option("minimal", "--minimal", kind=bool, default=False,
           help="Remove pearls until none can go (by search)."),
    option("budget", "--budget", kind=int, min=1, metavar="STEPS",
           help="Steps each puzzle may take (questions asked, loops grown; counted, not "
                "timed: the same seed and budget give the same puzzle). When spent, the "
                "pearls left stay; a band not reached is an error."),
    option("symmetry", "--symmetry", choices=tuple(SYMMETRIES), default=DEFAULT_SYMMETRY,
           help="The pearls' layout: " + "; ".join(f"{s.name}: {s.summary}"
                                                    for s in SYMMETRIES.values()) + "."),
    option("solutions", "--solutions", metavar="FILE", help="Also write the loops to this file."),
    option("quiet", "--quiet", "-q", kind=bool, default=False,
           help="No progress or timings on stderr."),
)
PARAMS = {"generate": GENERATE}


def generate(size: str, seed: str, count: int, difficulty: Optional[str],
             density: Optional[float], minimal: bool, budget: Optional[int],
             symmetry: str, solutions: Optional[str], quiet: bool) -> int:
    """Generate puzzles with exactly one solution.

    Reproducible from a seed.  Each puzzle is printed as soon as it is made,
    its loop written to the --solutions file; progress and timings go to
    stderr; Ctrl-C keeps the finished puzzles and exits 130.

    Example: masyu generate --size 10x10 --seed 42 --count 3 --difficulty medium
    """
    rows, cols = parse_size(size)
    base = parse_seed(seed)
    check_size(rows, cols)
    beat = Heartbeat(quiet)
    made = 0
    try:
        with nullcontext() if solutions is None else OutputFile(solutions, stream=True) as loops:
            try:
                for k in range(count):
                    s = nth_seed(base, k)
                    beat.working(f"masyu: making puzzle {k + 1} of {count} "
                                 f"({rows}x{cols}, seed {s})")
                    start = time.perf_counter()
                    g = generate_with_loop(rows, cols, seed=s, difficulty=difficulty,
                                           density=density, minimal=minimal, budget=budget,
                                           on_progress=beat.progress, symmetry=symmetry)
                    with held_interrupt():   # the puzzle and its loop, or neither
                        emit(format_generated(g))
                        if loops is not None:
                            loops.write(format_solution(g))
                        made += 1
                    if not quiet:
                        beat.say("masyu: " + made_note(g, time.perf_counter() - start,
                                                       density_note(g, density)))
            finally:
                beat.close()
    except KeyboardInterrupt:
        if not quiet:
            say(f"masyu: interrupted: {made} of {count} puzzles made, kept")
        return 130
    return 0

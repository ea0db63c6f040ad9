"""CLI verbs for exact work: ``sample``, and the ``count --exact`` path.

Both run the memo engine (masyu.exact): no enumeration, memory bounded by
``--memory`` (default a quarter of the machine), progress on stderr about
once a second, Ctrl-C stops with what was reached (exit 130).
"""
from __future__ import annotations

import json
import re
import sys
import time
from typing import Optional

import typer

import xcc

from .inputs import errors_exit, fail, read_puzzle_arg
from .. import formats
from ..exact import EXACT_ENGINES, exact_count, sample as sample_loops
from ..puzzle import Puzzle

MEMORY_HELP = ("Memory limit, e.g. 2G or 500M (default: a quarter of the machine's memory); "
               "a build that would pass it stops with an error first.")
UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def parse_memory(text: Optional[str]) -> Optional[int]:
    """``None`` (the default), or a size such as ``2G``, ``500M``, ``1048576``."""
    if text is None:
        return None
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMGT]?)i?B?\s*", text, re.IGNORECASE)
    if m is None:
        fail(f"bad memory size {text!r} (e.g. 2G, 500M)", "--memory")
    value = int(float(m.group(1)) * UNITS[m.group(2).upper()])
    if value < 1 << 20:
        fail(f"memory limit {text!r} is below 1M", "--memory")
    return value


class BuildProgress:
    """About once a second: the level, the states so far, the memory."""

    def __init__(self, quiet: bool) -> None:
        self.quiet, self.shown, self.tty = quiet, False, sys.stderr.isatty()

    def __call__(self, stats: xcc.Stats) -> None:
        if self.quiet:
            return
        c = stats.counters
        text = (f"... level {c.get('level', 0):,} of {c.get('levels', 0):,}, "
                f"{c.get('states', 0):,} states, {c.get('bytes', 0) / 2**20:,.0f} MB, "
                f"{stats.seconds:.0f} s")
        sys.stderr.write(("\r" + text + "\033[K") if self.tty else text + "\n")
        sys.stderr.flush()
        self.shown = True

    def done(self) -> None:
        if self.shown and self.tty:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def _kind(weak: bool, n: int) -> str:
    return f"{'weak' if weak else 'strong'} solution{'' if n == 1 else 's'}"


def exact_engine(engine: Optional[str]) -> Optional[str]:
    """The exact engine ``--engine`` names with ``--exact``: memo or memo-python,
    or None (the default) when left at the dancing-links default."""
    if engine in EXACT_ENGINES:
        return engine
    if engine is None or engine == xcc.DEFAULT_ENGINE:
        return None
    fail(f"--exact counts with an exact engine ({', '.join(EXACT_ENGINES)}), not {engine!r}",
         "--engine")


def run_exact_count(p: Puzzle, *, weak: bool, encoding: str, memory: Optional[str],
                    as_json: bool, quiet: bool, engine: Optional[str] = None) -> None:
    """``masyu count --exact``: print the count, exit 0 (some), 1 (none), 130 (Ctrl-C)."""
    limit = parse_memory(memory)
    progress = BuildProgress(quiet)
    with errors_exit():
        stats = exact_count(p, weak=weak, encoding=encoding, engine=engine, memory=limit,
                            on_progress=progress)
    progress.done()
    c = stats.counters
    if stats.interrupted:
        typer.echo(f"masyu: interrupted at level {c.get('level', 0):,} of "
                   f"{c.get('levels', 0):,}: no count", err=True)
        raise typer.Exit(code=130)
    n = stats.solutions
    if as_json:
        data = {"weak" if weak else "strong": n}
        data.update(stats.as_dict())
        data.update(encoding=str(encoding), method="exact", engine=stats.engine)
        typer.echo(json.dumps(data))
    else:
        typer.echo(f"{n} {_kind(weak, n)}")
        if not quiet:
            typer.echo(f"exact ({stats.engine}, encoding {encoding}): {c['states']:,} states, "
                       f"widest layer {c['width']:,}, peak {c['peak_bytes'] / 2**20:,.1f} MB, "
                       f"{stats.seconds:.3f} s", err=True)
    raise typer.Exit(code=0 if n else 1)


def sample(
    puzzle: str = typer.Argument(..., metavar="PUZZLE",
                                 help="The puzzle: a file, - for stdin, FILE#NAME, or the "
                                      "URL / game ID / grid."),
    k: int = typer.Option(1, "-k", min=0, metavar="N", help="How many loops to draw."),
    seed: int = typer.Option(0, "--seed", metavar="S", help="The random seed (same seed, "
                                                            "same loops)."),
    weak: bool = typer.Option(False, "--weak", help="Draw weak solutions (several disjoint "
                                                    "loops allowed)."),
    memory: Optional[str] = typer.Option(None, "--memory", metavar="SIZE", help=MEMORY_HELP),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No summary on stderr."),
) -> None:
    """Draw N loops uniformly at random from all the solutions of a puzzle.

    Every solution is equally likely and the draws are independent (a loop
    may come twice).  The loops are printed as boxes, separated by blank
    lines.  Exit 1 if the puzzle has no solution.

    Example: masyu sample '6x6:eBbBfWbWbBaBcWbBe' -k 3 --seed 7 --weak
    """
    p = read_puzzle_arg(puzzle)
    limit = parse_memory(memory)
    start = time.perf_counter()
    with errors_exit():
        try:
            loops = sample_loops(p, k, seed=seed, weak=weak, memory=limit)
        except KeyboardInterrupt:
            typer.echo("masyu: interrupted while building the diagram", err=True)
            raise typer.Exit(code=130) from None
    for j, loop in enumerate(loops):
        if j:
            typer.echo("")
        typer.echo(formats.write_loop(loop, "box"), nl=False)
    if not quiet:
        what = _kind(weak, 2)
        note = f"{len(loops)} draw{'' if len(loops) == 1 else 's'}" if loops else f"no {what}"
        typer.echo(f"{note} (seed {seed}), {time.perf_counter() - start:.3f} s", err=True)
    raise typer.Exit(code=0 if loops or k == 0 else 1)

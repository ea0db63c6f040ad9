"""CLI verb: generate.

Puzzles go to stdout in the collection format (``# name key=value ...``
header, ``.WB`` grid, blank line); their solutions, with ``--solutions FILE``,
to a solutions file with the same headers; timings to stderr.
"""
from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Literal, Optional

import typer

from . import app
from .puzzles import errors_exit, fail
from ..errors import MasyuError
from ..formats import box, grid
from ..generate import DIFFICULTIES, Generated, generate_with_loop

Band = Literal[tuple(DIFFICULTIES)]
BAND_HELP = "; ".join(f"{name}: {band.summary}" for name, band in DIFFICULTIES.items()) + "."

_SIZE = re.compile(r"^\s*([0-9]{1,4})\s*[xX×]\s*([0-9]{1,4})\s*$")


def parse_size(text: str) -> tuple[int, int]:
    """``RxC`` (rows first), or a single number for a square board."""
    m = _SIZE.match(text)
    if m:
        return int(m.group(1)), int(m.group(2))
    if text.strip().isdigit() and len(text.strip()) <= 4:
        n = int(text)
        return n, n
    raise MasyuError(f"a size is RxC, e.g. 10x10, not {text[:40]!r}", "--size")


def parse_seed(text: str) -> int | str:
    """A decimal integer is an integer seed; anything else is a string seed."""
    t = text.strip()
    if re.fullmatch(r"-?[0-9]{1,30}", t):
        return int(t)
    if not t or re.search(r"\s", text):
        raise MasyuError("a text seed is one word (no spaces)", "--seed")
    return text


def nth_seed(seed: int | str, k: int) -> int | str:
    """The seed of the k-th puzzle (from 0) of a run: 7, 8, 9, ... or daily, daily-1, daily-2, ..."""
    if k == 0:
        return seed
    return seed + k if isinstance(seed, int) else f"{seed}-{k}"


def format_generated(g: Generated) -> str:
    return f"# {g.header()}\n" + grid.write(g.puzzle) + "\n"


def format_solution(g: Generated) -> str:
    return f"# {g.header()}\n" + box.write(g.loop) + "\n"


@app.command()
def generate(
    size: str = typer.Option("10x10", "--size", "-s", help="Board size RxC (rows first)."),
    seed: str = typer.Option(..., "--seed", help="An integer or any text; the same seed "
                                                 "gives the same puzzles everywhere."),
    count: int = typer.Option(1, "--count", "-n", min=1, help="How many puzzles (seeds 7, 8, 9, ...; "
                                                              "for a text seed daily, daily-1, ...)."),
    difficulty: Optional[Band] = typer.Option(None, "--difficulty", "-d", help=BAND_HELP),
    density: Optional[float] = typer.Option(
        None, "--density", help="Fraction of the cells holding pearls (as near as possible)."),
    minimal: bool = typer.Option(False, "--minimal",
                                 help="Remove pearls until none can go (by search)."),
    solutions: Optional[Path] = typer.Option(None, "--solutions",
                                             help="Also write the loops to this file."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No timings on stderr."),
) -> None:
    """Generate puzzles with exactly one solution, reproducible from a seed.

    Example: masyu generate --size 10x10 --seed 42 --count 3 --difficulty medium
    """
    with errors_exit():
        rows, cols = parse_size(size)
        base = parse_seed(seed)
        loops: list[str] = []
        for k in range(count):
            s = nth_seed(base, k)
            start = time.perf_counter()
            g = generate_with_loop(rows, cols, seed=s,
                                   difficulty=difficulty,
                                   density=density, minimal=minimal)
            typer.echo(format_generated(g), nl=False)
            if not quiet:
                typer.echo(f"masyu: {g.puzzle.name}: {time.perf_counter() - start:.2f} s, "
                           f"{len(g.puzzle.pearls)} pearls, {g.difficulty.band} "
                           f"(score {g.difficulty.score})", err=True)
            loops.append(format_solution(g))
        if solutions is not None:
            try:
                solutions.write_text("".join(loops), encoding="utf-8")
            except OSError as err:
                fail(err.strerror or str(err), str(solutions))

"""Where the benchmarks' puzzles come from: the option ``--puzzles FILE`` of every benchmark
that reads the psm collection.

FILE is a psm collection file (``psm.txt``), or a folder holding one; ``psm_solutions.txt``,
``extra.txt`` and ``rcra.txt`` are read from beside it.  The default is the subset the
repository carries, ``tests/data/puzzles/psm.txt`` (696 of the 3,604 puzzle-masyu.com puzzles,
every class from 6x6 to 40x40).  The full collection, which the tables of ``docs/`` were
measured on, is the ``puzzles/`` folder of github.com/joshprzybyszewski/masyu (MIT License):
``tests/data/puzzles/README.md`` says how it is laid out."""
from __future__ import annotations

import argparse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
DEFAULT = DATA / "puzzles" / "psm.txt"
DLX = DATA / "xcc"           # small DLX files (queens4, queens8, color)
HELP = ("the psm collection file, or its folder (default: the 696 puzzles the repository "
        "carries in tests/data/puzzles; the full 3,604: see its README.md)")


def psm_file(given: str | Path | None = None) -> Path:
    """The collection file ``--puzzles`` names (a folder: its ``psm.txt``), checked."""
    path = Path(given) if given else DEFAULT
    if path.is_dir():
        path = path / "psm.txt"
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"no collection file at {path}")
    return path


def add_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--puzzles", type=psm_file, default=DEFAULT, metavar="FILE", help=HELP)

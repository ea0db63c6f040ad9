"""The tests' data, carried in the repository: ``puzzles/``, a subset of the Masyu collection with
its stored loops (its README names the source), and ``xcc/``, small DLX files.

``XCC_MASYU_DATA=DIR`` points the tests at another folder laid out the same way (``DIR/puzzles``,
``DIR/xcc``), such as the full collection: the sweeps then run over all of it."""
import os
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = Path(os.environ["XCC_MASYU_DATA"]).resolve() if os.environ.get("XCC_MASYU_DATA") else HERE
PUZZLES = DATA / "puzzles"
FULL = DATA != HERE   # the full collection, not the subset carried here

# The puzzles of each file (its README's table): a reader that drops one fails the tests.
COUNTS = {"psm.txt": 3604 if FULL else 696, "extra.txt": 39, "rcra.txt": 2}
# The subset keeps one psm puzzle in STEP of each class (puzzles/subset.py): a sweep that takes
# every k-th puzzle of the full collection takes every (k // STEP)-th here, about the same ones.
STEP = 1 if FULL else 6

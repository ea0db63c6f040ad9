"""What the native peers of ``small.py`` share: where they are built, how they are run.

A native peer is a program built from another project's source by a builder script of this
folder (``build_tatham.py``, ``build_cspuz.py``), into a cache directory outside the
repository: ``$XCC_MASYU_PEERS``, else ``$XDG_CACHE_HOME/xcc-masyu/peers``, else
``~/.cache/xcc-masyu/peers``.  Neither is a dependency of the project.

Every driver speaks the same protocol.  It is started as ``DRIVER REPEAT`` and reads one
puzzle a line on stdin, ``NAME ROWS COLS CLUES`` with ``CLUES`` the board row by row, one
of ``.WB`` a cell; for each it writes ``NAME COLD_MS WARM_MS VERDICT`` on stdout: the CPU
time (``CLOCK_PROCESS_CPUTIME_ID``) of the first call on the puzzle, the best of
``REPEAT`` more, and ``unique``, ``multiple``, ``none`` or ``stuck`` (a deduction that
stopped short of the loop: no verdict).
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path


def cache_dir() -> Path:
    """The directory the peers are built in (see the module's docstring)."""
    if os.environ.get("XCC_MASYU_PEERS"):
        return Path(os.environ["XCC_MASYU_PEERS"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "xcc-masyu" / "peers"


def board(puzzle) -> str:
    """``puzzle`` as one protocol line (without the newline)."""
    pearls = dict(puzzle.pearls)
    clues = "".join(pearls.get((r, c), ".") for r in range(puzzle.rows)
                    for c in range(puzzle.cols))
    return f"{puzzle.name or '-'} {puzzle.rows} {puzzle.cols} {clues}"


def run(driver: Path, puzzles, repeat: int = 5) -> dict[str, tuple[float, float, str]]:
    """``{name: (cold ms, warm ms, verdict)}`` of ``puzzles`` by ``driver``, one process."""
    lines = "".join(board(p) + "\n" for p in puzzles)
    done = subprocess.run([str(driver), str(repeat)], input=lines, capture_output=True,
                          text=True, check=True)
    out = {}
    for line in done.stdout.splitlines():
        name, cold, warm, verdict = line.split()
        out[name] = (float(cold), float(warm), verdict)
    return out

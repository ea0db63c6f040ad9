"""Exact counts of Masyu loops by a frontier of plugs, cell by cell: the
Masyu-specific fast path of exact counting (issue 33).

The generic memo engine of ``xcc`` counts any XCC problem, and on the 423
encoding of a puzzle it is the reference (:mod:`masyu.exact`); this module
counts the same weak or strong solutions of a Masyu board directly, with a
state a few bits wide per column.  The proof is in docs/plugs.md; the tests
hold the two to equal counts on the collection, on random boards and by
brute force.

The board is swept row by row along its long side (a board wider than tall
is transposed: the rules are symmetric), ``W`` columns across.  Before cell
``(r, c)`` the frontier has ``W + 1`` plugs: at positions ``0 .. c-1`` the
edges down from the cells ``(r, 0 .. c-1)``, at ``c`` the edge into ``(r, c)``
from its left, at ``c+1 .. W`` the edges down into ``(r, c .. W-1)`` from the
row above.  A plug is 3 bits: 0 (no edge), else its end of a path (``OPEN``,
``CLOSE``: the paths' ends nest like parentheses along the frontier) and a
flag about the cell it enters:

- into a plain cell, what a pearl beside it demands: ``STRAIGHT`` (a black
  pearl's arm goes straight on through it) or ``TURN`` (a white pearl whose
  other side went straight needs this side to turn);
- into a pearl, 1 if the cell it comes from is straight (a black pearl's arm
  needs it; a white pearl needs one side to turn).

``Plugs`` here is the readable twin; ``masyu._plugs`` (masyu/csrc/plugs.c)
is the compiled one, with the same states at every level.  ``count`` runs
either, one cell a call, so Ctrl-C and the memory limit are met between cells.
"""
from __future__ import annotations

import os
import time
from collections import deque
from typing import Callable

import xcc

from ..errors import MasyuError
from ..puzzle import Puzzle
from .rules import (ALL, BACK, BLACK, E_, N_, PLAIN, S_, SHAPE_MASKS, STEP, W_, WHITE, Board,
                    cell_rule, moves, packed_moves, sent_flag, shapes, sides)
from . import keep as keeping
from .twin import Plugs

try:
    from .. import _plugs   # the compiled twin (optional: the Python code stands alone)
except ImportError:
    _plugs = None

# The engines, the compiled twin first when built (the default: the first).
ENGINES: tuple[str, ...] = ("plugs",) * (_plugs is not None) + ("plugs-python",)
MAX_WIDTH = 41   # the short side the compiled twin holds (W + 1 plugs of 3 bits in 128)

__all__ = ["ENGINES", "MAX_WIDTH", "Board", "Plugs", "Native", "count", "holds", "moves",
           "packed_moves", "shapes", "cell_rule", "sent_flag", "ALL", "BACK", "BLACK", "E_",
           "N_", "PLAIN", "S_", "SHAPE_MASKS", "STEP", "W_", "WHITE", "sides", "race"]


def holds(puzzle: object) -> bool:
    """True if the plugs can count ``puzzle``: a Puzzle at most ``MAX_WIDTH``
    cells across its short side (the memo engine counts the others)."""
    return isinstance(puzzle, Puzzle) and min(puzzle.rows, puzzle.cols) <= MAX_WIDTH


class Native:
    """The compiled twin (``masyu._plugs``) behind the readable one's face."""

    dropped = False   # set by race: past its share of the memory limit

    def __init__(self, puzzle: Puzzle, weak: bool, limit: int, wide: bool = False) -> None:
        board = Board(puzzle)
        if board.W > MAX_WIDTH:
            raise MasyuError(f"the plugs hold boards up to {MAX_WIDTH} cells across, not "
                             f"{board.W}: count with the memo engine (--engine memo)", "--engine")
        self.weak, self.levels, self.W = weak, board.H * board.W, board.W
        self.sweep = _plugs.new(board.W, self.levels, weak, wide, packed_moves(board, weak),
                                 limit)

    @property
    def level(self) -> int:
        """The cells swept, as the C sweep counts them (a Ctrl-C heard just after a
        step finds them there, not yet here)."""
        return _plugs.counters(self.sweep)[1]

    def step(self) -> None:
        why = _plugs.step(self.sweep)
        if why is not None:
            raise xcc.MemoryLimit(why)

    def total(self) -> int:
        return int.from_bytes(_plugs.total(self.sweep), "little")

    def counters(self) -> dict[str, int]:
        return dict(zip(("levels", "level", "states", "width", "bytes", "peak_bytes", "layer"),
                        _plugs.counters(self.sweep)))

    def limit(self, bytes_: int) -> None:
        _plugs.limit(self.sweep, bytes_)

    def state(self) -> dict:
        """The layer and counters to keep (:mod:`masyu.plugs.keep`, as the twin's)."""
        keys, counts, words, closed = _plugs.layer(self.sweep)
        c = self.counters()
        return {"level": c["level"], "states": c["states"], "width": c["width"],
                "closed": int.from_bytes(closed, "little"), "words": words,
                "keys": keys, "counts": counts}

    def restore(self, state: dict) -> None:
        """Go on from a kept ``state`` (ValueError if it does not fit this board;
        xcc.MemoryLimit if its layer passes the memory limit)."""
        closed = state["closed"]
        why = _plugs.restore(self.sweep, state["level"], state["keys"], state["counts"],
                             state["words"],
                             closed.to_bytes((closed.bit_length() + 63) // 64 * 8, "little"),
                             state["states"], state["width"])
        if why is not None:
            raise xcc.MemoryLimit(why)


def race(runs: list, limit: int, step: Callable[[object], None]) -> object:
    """The first run to finish, the runs (one a side, :func:`sides`) sharing the
    work: the one whose whole work looks least takes the next step (ties: the
    first).  How wide a side's layers grow is not known before (it may be a
    hundredfold the best side's), hence a race, not a guess; the guess of each
    step is :func:`_looks`, the states so far and the rest at the widest layer
    of the last row, so that a side that blows up is left as soon as it does
    and one that keeps small is run to the end.  A run whose layer passes its
    share of the memory limit drops out (``dropped`` set) and its share goes to
    the others; ``step(run)`` steps one."""
    runs = [r for r in runs if not r.dropped]
    _share(runs, limit)
    rows = {id(r): deque([r.counters()["layer"]], maxlen=r.W) for r in runs}
    while True:
        run = min(runs, key=lambda r: _looks(r, rows[id(r)]))
        if run.level == run.levels:
            return run
        try:
            step(run)
        except xcc.MemoryLimit:
            if len(runs) == 1:
                raise
            run.dropped = True
            runs = [r for r in runs if r is not run]
            _share(runs, limit)
            continue
        rows[id(run)].append(run.counters()["layer"])


def _share(runs: list, limit: int) -> None:
    """The memory limit shared out among the runs of a race (the compiled twin's)."""
    for r in runs:
        if isinstance(r, Native):
            r.limit(max(limit // len(runs), 1 << 16))


def _looks(run, row: deque) -> int:
    """How many states a run looks to need in all: those so far, and each level
    left at the widest layer of its last row of cells (a finished run: its own)."""
    return run.counters()["states"] + (run.levels - run.level) * max(row)


def _state(run) -> dict:
    """A run's state to keep; a run that dropped out keeps only that."""
    if run.dropped:
        return {"level": 0, "states": 0, "width": 0, "closed": 0, "dropped": True,
                "words": 1, "keys": b"", "counts": b""}
    return run.state()


def count(puzzle: Puzzle, *, weak: bool = False, engine: str = "plugs", memory: int | None = None,
          on_progress: Callable[[xcc.Stats], None] | None = None,
          progress_every: float = 1.0, resume: str | os.PathLike | None = None,
          keep: str | os.PathLike | None = None) -> xcc.Stats:
    """The weak or strong solutions of ``puzzle`` counted by the plugs:
    ``engine`` one of ``ENGINES``, ``memory`` the limit in bytes of the
    compiled twin (None: xcc's default); the statistics as the memo engine's
    (``levels``, ``level``, ``states``, ``width``, ``bytes``, ``peak_bytes``).
    Ctrl-C between two cells: ``interrupted``, no count, and with ``keep`` the
    layers kept in that file (:mod:`masyu.plugs.keep`); ``resume``: a file so
    kept, if it exists, the count taken up from it (either twin's, by either).
    A level that would pass the memory limit raises ``xcc.MemoryLimit`` saying
    where."""
    if engine not in ENGINES:
        raise MasyuError(f"unknown plugs engine {engine!r}; valid: {', '.join(ENGINES)}",
                         "--engine")
    try:
        limit = xcc.memory_or_default(memory)
    except xcc.XCCError as err:
        raise MasyuError(str(err), "--memory") from None
    stats = xcc.Stats(engine=engine)
    start, cpu0, last = time.perf_counter(), xcc.cpu_time(), time.monotonic()
    candidates = sides(puzzle)
    share = max(limit // len(candidates), 1 << 16)   # race shares it out again as runs drop
    runs = [Native(q, weak, share) if engine == "plugs" else Plugs(q, weak) for q in candidates]
    if resume is not None and os.path.exists(resume):
        for run, state in zip(runs, keeping.load(resume, puzzle, weak, len(runs))):
            try:
                if state.get("dropped"):
                    run.dropped = True
                else:
                    run.restore(state)
            except ValueError:
                raise MasyuError(f"{resume}: a layer that does not fit this board",
                                 "--resume") from None
        if all(r.dropped for r in runs):
            raise MasyuError(f"{resume}: every side dropped out", "--resume")
    stats.follow(runs[0].counters)

    def step(run) -> None:
        nonlocal last
        stats.follow(run.counters)
        run.step()
        if on_progress is not None and time.monotonic() - last >= progress_every:
            last = time.monotonic()
            on_progress(stats)

    try:
        run = race(runs, limit, step)
        stats.follow(run.counters)
        stats.solutions = run.total()
    except KeyboardInterrupt:
        stats.interrupted, stats.complete = True, False
        if keep is not None:
            try:
                with xcc.textio.held_interrupt():   # kept whole: a second Ctrl-C waits for it
                    keeping.save(keep, puzzle, weak, [_state(r) for r in runs])
            except OSError as err:
                raise MasyuError(f"{keep}: the layers could not be kept ({err.strerror})",
                                 "--resume") from None
    stats.follow(None)
    stats.seconds, stats.cpu_seconds = time.perf_counter() - start, xcc.cpu_time() - cpu0
    return stats

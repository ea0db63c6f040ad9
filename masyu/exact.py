"""Exact counts and uniform samples of Masyu loops, without enumeration.

Weak and strong solutions are counted by the memoized search of ``xcc``
(the engines whose ``exact`` is set: ``memo`` and its twin ``memo-python``)
on an encoding's XCC problem, the strong ones with the loop's single-cycle
constraint in the memo key.  What is Masyu-specific is the order of the
levels: cell by cell along the board's long side, so that the frontier runs
across the short side (``grid_order``).

Measured (docs/counts.md): the 423 encoding needs 4 to 47 times fewer states
than 422 (its classes of edges carry the pearl relations into the state), so
it is the default; a frontier search over single edges with the pearl rules
in its state holds the same information as 422 and was not built.

``masyu.count(p, exact=True)`` (in :mod:`masyu.solving`) and ``masyu.sample``
are the public doors; ``exact_count`` gives the engine's statistics, and with
``by`` (one of ``BY``) the counts for each loop length or number of loops
(``stats.by``: xcc's counts by weight, docs/exact.md).
"""
from __future__ import annotations

from typing import Callable

import xcc

from .board import Cell
from .encodings import DEFAULT_ENCODING, Encoding, check_encoding, encode
from .encodings.names import DIGITS
from . import plugs
from .errors import MasyuError
from .loop import Loop
from .puzzle import Puzzle

# The exact counters: the plugs (masyu.plugs, a frontier of this package's own,
# the default: docs/plugs.md) and xcc's memo engines on an encoding's problem,
# which alone count by value (--by), spread over Dask workers and draw samples.
EXACT_ENGINES: tuple[str, ...] = plugs.ENGINES + xcc.EXACT_ENGINES
DEFAULT_EXACT_ENGINE = EXACT_ENGINES[0]


def _coordinate(text: str) -> int:
    value = 0
    for ch in text:
        value = 62 * value + DIGITS.index(ch)
    return value


def cell_of(name: str, rows: int, cols: int) -> Cell:
    """The cell of a tile or circle item (names of masyu.encodings.names: a
    prefix, then the doubled row and column, one base-62 digit each, two
    beyond 31)."""
    width = 1 if max(2 * rows, 2 * cols) - 1 < len(DIGITS) else 2
    r, c = _coordinate(name[1:1 + width]), _coordinate(name[1 + width:1 + 2 * width])
    return (r - 1) // 2, (c - 1) // 2


def grid_order(encoding: Encoding) -> tuple[int, ...]:
    """The primary items cell by cell, row by row when the board is at least
    as tall as wide, column by column otherwise (the short side across the
    frontier); in a cell, the tile before the circle."""
    puzzle = encoding.puzzle
    rows, cols = puzzle.rows, puzzle.cols
    primary = encoding.problem.primary

    def key(k: int) -> tuple[int, int, int]:
        r, c = cell_of(primary[k], rows, cols)
        kind = 0 if primary[k][0] == "t" else 1
        return (r, c, kind) if cols <= rows else (c, r, kind)

    return tuple(sorted(range(len(primary)), key=key))


# Frontier slots per level and per cell of the short side of a board's plan
# in grid_order, weak (no cycle) and strong: the least measured on empty
# boards from 3x3 to 400x400 is 8.1 and 10.0 (the fewest of any board whose
# clues agree: pearls widen the frontier, 11 to 19 on generated puzzles),
# rounded down by about a tenth.  A board whose clues contradict each other
# has an empty plan: pearls are allowed for below (PEARL_CELLS).
SLOTS_PER_CELL = {True: 7, False: 9}
PEARL_CELLS = 5  # cells a pearl may take out of the plan: its own and its four neighbours'


def check_frontier(puzzle: Puzzle, engine: xcc.MemoEngine, weak: bool = False) -> None:
    """Refuse, before encoding, a board whose plan alone would pass the memory
    limit, from its shape: in :func:`grid_order` every level past the first
    and last short side keeps at least the short side less one of the loop's
    vertices in its frontier (a bound for every board), and the plan of a
    board with few pearls holds ``SLOTS_PER_CELL`` times that (the levels of
    ``PEARL_CELLS`` cells a pearl left out: a board rich in pearls is weighed
    by the first bound only, then by the plan itself once encoded)."""
    short = min(puzzle.rows, puzzle.cols)
    levels = max(0, puzzle.rows * puzzle.cols - 2 * short)
    engine.check_frontier(levels, short - 1)
    sparse = max(0, levels - PEARL_CELLS * len(puzzle.pearls))
    engine.check_frontier(sparse, SLOTS_PER_CELL[weak] * (short - 1))


def length_weights(encoding: Encoding) -> list[int]:
    """Per option, the cells it puts on the loop: 1 for an option of a
    cell's tile (or of a pearl with no tile item, as in 423) whose edges at
    that cell, with the edges present from the start, are two; else 0.
    Every cell is decided by one such option, and a loop set has as many
    edges as cells on it, so a solution's weight is its total length."""
    puzzle, problem = encoding.puzzle, encoding.problem
    rows, cols = puzzle.rows, puzzle.cols
    tiles = {cell_of(name, rows, cols) for name in problem.primary if name[0] == "t"}
    present = set(encoding.present)
    table = encoding._option_edges()
    out = []
    for o, option in enumerate(problem.options):
        weight = 0
        for item, _ in option:
            if item in problem.secondary or item[0] not in "twb":
                continue
            cell = cell_of(item, rows, cols)
            if item[0] == "t":
                ends = {e for e in table[o] if cell in e} | {e for e in present if cell in e}
                weight += len(ends) == 2
            elif cell not in tiles:
                weight += 1  # a pearl is on the loop
        out.append(weight)
    return out


def _by_loops(encoding: Encoding, weak: bool) -> str:
    if not weak:
        raise MasyuError("a strong solution is one loop: count by loops with --weak", "--by")
    return "cycles"


# ``--by`` of an exact count: the name, what xcc counts by (an encoding, weak -> by=).
BY: dict[str, Callable[[Encoding, bool], object]] = {
    "length": lambda encoding, weak: length_weights(encoding),
    "loops": _by_loops,
}


def check_by(by: object) -> str:
    """The ``by`` name, or one clear error listing the valid ones."""
    if by not in BY:
        raise MasyuError(f"unknown count by {by!r}; valid: {', '.join(BY)}", "--by")
    return by  # type: ignore[return-value]


def _setup(puzzle: Puzzle, weak: bool, encoding: str, engine: str | None,
           memory: int | None) -> tuple[Encoding, xcc.Cycle | None, xcc.MemoEngine]:
    if not isinstance(puzzle, Puzzle):
        raise MasyuError(f"expected a Puzzle, not {type(puzzle).__name__}")
    encoding = check_encoding(encoding)
    engine = xcc.DEFAULT_EXACT_ENGINE if engine is None else engine
    if engine not in xcc.EXACT_ENGINES:
        raise MasyuError(f"engine {engine!r} does not draw exactly; valid: "
                         f"{', '.join(xcc.EXACT_ENGINES)}")
    if engine not in xcc.ENGINES:
        raise MasyuError(f"engine {engine!r} is not available (the compiled extension is not "
                         f"built); use memo-python")
    native = xcc.engines.get(engine).native
    try:
        check_frontier(puzzle, xcc.MemoEngine(native=native, memory=memory), weak)
        enc = encode(puzzle, encoding)
        configured = xcc.MemoEngine(native=native, order=grid_order(enc), memory=memory)
    except xcc.MemoryLimit as err:  # the plan weighed before it is built: its place
        raise MasyuError(str(err), "--memory") from None
    except xcc.XCCError as err:
        raise MasyuError(str(err)) from None
    return enc, (None if weak else enc.cycle()), configured


def exact_count(puzzle: Puzzle, *, weak: bool = False, encoding: str = DEFAULT_ENCODING,
                engine: str | None = None, memory: int | None = None,
                on_progress: Callable[[xcc.Stats], None] | None = None,
                progress_every: float = 1.0, by: str | None = None, scheduler=None,
                local_cluster: int | None = None, resume: str | None = None,
                keep: str | None = None) -> xcc.Stats:
    """Count the strong (or weak) solutions without listing them; the
    engine's statistics, ``solutions`` the exact count.  ``on_progress(stats)``
    about every ``progress_every`` seconds (counters ``level`` of ``levels``,
    ``states``, ``bytes``).  Ctrl-C stops the build: the statistics then have
    ``interrupted`` set and no solutions.  ``by`` (``"length"``: the edges of
    the loop or loops; ``"loops"``: their number, weak solutions only):
    ``stats.by`` is ``{value: solutions}``, the rows summing to the count.
    ``scheduler`` (a Dask address or client) or ``local_cluster=W``: the
    count spread over Dask workers level by level (``xcc.parallel.LevelCount``).
    ``keep``, ``resume``: the plugs' file of a count stopped half-way, written
    after Ctrl-C, taken up if it exists (:func:`masyu.plugs.count`; the memo
    engine keeps no state: ``resume`` is refused there)."""
    if by is not None:
        check_by(by)
    encoding = check_encoding(encoding)   # the plugs read no encoding: a wrong one is still wrong
    spread = scheduler is not None or local_cluster is not None
    if engine is None and by is None and not spread and plugs.holds(puzzle):
        engine = DEFAULT_EXACT_ENGINE
    if engine is not None and engine not in EXACT_ENGINES:
        raise MasyuError(f"engine {engine!r} does not count exactly; valid exact engines: "
                         f"{', '.join(EXACT_ENGINES)}", "--engine")
    if engine in plugs.ENGINES:
        if by is not None or spread:
            raise MasyuError(f"the plugs count no rows by value and run in one process: "
                             f"--engine {xcc.DEFAULT_EXACT_ENGINE}", "--engine")
        if not isinstance(puzzle, Puzzle):
            raise MasyuError(f"expected a Puzzle, not {type(puzzle).__name__}")
        try:
            return plugs.count(puzzle, weak=weak, engine=engine, memory=memory,
                               on_progress=on_progress, progress_every=progress_every,
                               resume=resume, keep=keep)
        except xcc.MemoryLimit as err:
            raise MasyuError(str(err), "--memory") from None
    if resume is not None:
        raise MasyuError(f"only the plugs keep an exact count's state, not engine "
                         f"{engine or xcc.DEFAULT_EXACT_ENGINE}", "--resume")
    enc, cycle, configured = _setup(puzzle, weak, encoding, engine, memory)
    weigh = None if by is None else BY[by](enc, weak)
    if weigh == "cycles":
        cycle = enc.cycle()  # any number of loops, counted
    if spread and by is not None:
        raise MasyuError("a count by value is not spread over Dask workers", "--by")
    try:
        if spread:
            search = xcc.parallel.LevelCount(enc.problem, engine=configured, cycle=cycle,
                                             scheduler=scheduler, local_cluster=local_cluster,
                                             on_progress=on_progress,
                                             progress_every=progress_every)
            search.count()
        else:
            search = xcc.Search(enc.problem, engine=configured, cycle=cycle, exact=True,
                                on_progress=on_progress, progress_every=progress_every, by=weigh)
            with search:
                for _ in search:
                    pass
    except KeyboardInterrupt:
        pass  # the driver marked the statistics interrupted
    except xcc.MemoryLimit as err:  # refused up front or past the limit: its place
        raise MasyuError(str(err), "--memory") from None
    except xcc.XCCError as err:
        raise MasyuError(str(err)) from None
    return search.stats


def sample(puzzle: Puzzle, k: int, *, seed: int, weak: bool = False,
           encoding: str = DEFAULT_ENCODING, engine: str | None = None,
           memory: int | None = None) -> list[Loop]:
    """``k`` loops (weak: loop sets) drawn uniformly at random and
    independently from all the solutions; the same seed, the same loops.
    Ctrl-C raises KeyboardInterrupt."""
    enc, cycle, configured = _setup(puzzle, weak, encoding, engine, memory)
    try:
        draws = xcc.sample(enc.problem, k, seed=seed, cycle=cycle, engine=configured)
    except xcc.MemoryLimit as err:
        raise MasyuError(str(err), "--memory") from None
    except xcc.XCCError as err:
        raise MasyuError(str(err)) from None
    return [enc.loop_of(d).on(puzzle) for d in draws]

"""The up-front check of explanations, hints and ambiguity reports: the memory they
will need, estimated from the board's size before anything is built (the deducer's
figure in :data:`masyu.memory.PER_CELL`, and the search's, :func:`masyu.solving.estimate_memory`,
when one runs), refused with :class:`masyu.memory.TooBig` above ``memory`` (None: the
default limit, ``--memory``'s)."""
from __future__ import annotations

from .. import memory as sizes
from ..puzzle import Puzzle
from ..solving import estimate_memory


def check(puzzle: Puzzle, memory: int | None, *, search: bool) -> None:
    """Refuse ``puzzle`` when deducing on it (and, with ``search``, searching it) would
    need more than ``memory`` bytes."""
    rows, cols = puzzle.rows, puzzle.cols
    needed = sizes.estimate(rows, cols, ("explain",))
    if search:
        needed = max(needed, estimate_memory(rows, cols))
    sizes.check(needed, sizes.limit() if memory is None else memory, f"a {rows}x{cols} board")

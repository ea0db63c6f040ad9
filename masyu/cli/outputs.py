"""What every masyu verb writes: whole records, files that appear whole or not at all.

The writers are xcc's (:mod:`xcc.textio`, the one door to the disk), raising
masyu's error (a full disk, a missing folder: one line, exit 2):

- ``emit(text)``: one record on stdout, written and flushed with Ctrl-C held
  back, so that an interrupted run never leaves half a solution;
- ``OutputFile(path)``: :class:`xcc.textio.AtomicFile`, opened before the work
  starts, so that a path that cannot be written is refused at once.  A stream
  of records (``stream=True``: rows, generated puzzles) keeps every finished
  record when the run stops; a document written at once appears only if it
  is finished; ``Stdout()`` stands in for it;
- ``Status``: one line of progress on stderr, redrawn on a terminal.
"""
from __future__ import annotations

import functools
import os
import sys
import time

import xcc

from ..errors import MasyuError

held_interrupt = xcc.textio.held_interrupt   # Ctrl-C held while a record is written
emit, Stdout = xcc.textio.emit, xcc.textio.Stdout
OutputFile = functools.partial(xcc.textio.AtomicFile, error=MasyuError)


class Status:
    """One line of progress on stderr: redrawn in place on a terminal, else a line at
    most every ``every`` seconds (``quiet``: nothing)."""

    def __init__(self, quiet: bool = False, every: float = 10.0) -> None:
        self.quiet = quiet
        self.tty = sys.stderr.isatty()
        self.every = 0.1 if self.tty else every
        self.last = 0.0
        self.shown = False

    def show(self, text: str, force: bool = False) -> None:
        now = time.monotonic()
        if self.quiet or (not force and now - self.last < self.every):
            return
        self.last = now
        with held_interrupt():
            if self.tty:
                sys.stderr.write("\r" + text[:max(20, _width() - 1)] + "\033[K")
            else:
                sys.stderr.write(text + "\n")
            sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown and self.tty:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
        self.shown = False


def _width() -> int:
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns
    except (OSError, ValueError):
        return 80

"""What every masyu verb writes: whole records, files that appear whole or not at all.

- ``emit(text)``: one record on stdout, written and flushed with Ctrl-C held
  back, so that an interrupted run never leaves half a solution;
- ``OutputFile(path)``: a file written through a temporary file beside it and
  renamed at the end; opened before the work starts, so that a path that
  cannot be written is refused at once.  A stream of records
  (``stream=True``: rows, generated puzzles) keeps every finished record
  when the run stops (Ctrl-C, or an error in a later record); a document
  written at once appears only if it is finished; a failed write leaves
  the path as it was;
- ``write_file(path, text)``: the same for a file written at once;
- ``RowsFile(path)``: rows (``--each -o``) appended to the file itself, each
  whole and flushed, so that ``--resume`` finds every finished row there;
- ``Status``: one line of progress on stderr, redrawn on a terminal.

Errors while writing (a full disk, a missing folder) are one line and exit 2;
stdout's own faults are turned into that line by ``masyu.cli.main``.
"""
from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
import time

import xcc

from .inputs import fail


held_interrupt = xcc.textio.held_interrupt   # Ctrl-C held while a record is written


def emit(text: str) -> None:
    """Write one whole record to stdout and flush it."""
    with held_interrupt():
        sys.stdout.write(text)
        sys.stdout.flush()


def _mode_of(path: str) -> int | None:
    """The file mode of ``path`` (None: not there yet); a directory is refused."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISDIR(mode):
        fail("is a directory, not a file", path)
    return mode


class OutputFile:
    """A file that appears whole: written to ``.NAME.XXXX.part`` beside it, renamed on
    ``commit``; a path that is a device or a pipe is written directly.  ``keep`` is text to start with (``--resume``); ``stream``: commit
    on leaving the ``with`` block however it is left, once a record is written
    (the records are whole)."""

    def __init__(self, path: str, *, keep: str = "", stream: bool = False) -> None:
        self.path = path
        self.stream = stream
        folder, base = os.path.split(os.path.abspath(path))
        mode = _mode_of(path)
        self.temp = None     # a device or a pipe (/dev/null, /dev/stdout) is written as it is
        try:
            if mode is not None and not stat.S_ISREG(mode):
                fd = os.open(path, os.O_WRONLY)
            else:
                fd, self.temp = tempfile.mkstemp(prefix=f".{base}.", suffix=".part", dir=folder)
        except OSError as err:
            fail(f"cannot write here: {err.strerror or err}", path)
        self.file = os.fdopen(fd, "w", encoding="utf-8", newline="")
        self.closed = False
        self.records = 0
        if keep:
            self.write(keep)

    def write(self, text: str) -> None:
        """Append one whole record (flushed, so that a crash loses at most this one)."""
        try:
            with held_interrupt():
                self.file.write(text)
                self.file.flush()
                self.records += 1
        except OSError as err:
            self.discard()
            fail(err.strerror or str(err), self.path)

    def commit(self) -> None:
        """Move the finished file into place (keeping the mode a new file gets)."""
        if self.closed:
            return
        self.closed = True
        try:
            self.file.close()
            if self.temp is None:
                return
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(self.temp, 0o666 & ~umask)
            os.replace(self.temp, self.path)
        except OSError as err:
            self._remove()
            fail(err.strerror or str(err), self.path)

    def discard(self) -> None:
        """Remove the temporary file: the path keeps what it had."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(OSError):
            self.file.close()
        self._remove()

    def _remove(self) -> None:
        if self.temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.temp)

    def __enter__(self) -> "OutputFile":
        return self

    def __exit__(self, kind, value, traceback) -> None:
        if kind is None or (self.stream and self.records):
            self.commit()
        else:
            self.discard()


class RowsFile:
    """Rows appended to the named file itself (``--each -o rows.jsonl``), each
    written whole and flushed as it comes: a run stopped any way (a signal,
    SIGKILL, a crash) leaves every finished row in the file, where
    ``--resume`` finds them.  ``start``: the bytes of the file to keep (its
    whole rows, when resuming), the rest cut off; 0 for a new file.  A row
    that cannot be written (a full disk) is cut off again: the file ends
    with a whole row.  A device or a pipe is written as it is."""

    def __init__(self, path: str, start: int = 0) -> None:
        self.path = path
        mode = _mode_of(path)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o666)
            self.size = start
            if mode is None or stat.S_ISREG(mode):
                os.ftruncate(fd, start)
                os.lseek(fd, start, os.SEEK_SET)
            else:
                self.size = None   # nothing to cut back
        except OSError as err:
            fail(f"cannot write here: {err.strerror or err}", path)
        self.file = os.fdopen(fd, "wb")
        self.records = 0

    def write(self, text: str) -> None:
        """Append one whole row (flushed: a crash loses at most this one)."""
        data = text.encode("utf-8")
        try:
            with held_interrupt():
                self.file.write(data)
                self.file.flush()
                if self.size is not None:
                    self.size += len(data)
                self.records += 1
        except OSError as err:
            self._cut()
            fail(err.strerror or str(err), self.path)

    def _cut(self) -> None:
        """Back to the last whole row, after a failed write."""
        with contextlib.suppress(OSError, ValueError):
            self.file.close()
        if self.size is not None:
            with contextlib.suppress(OSError):
                os.truncate(self.path, self.size)

    def __enter__(self) -> "RowsFile":
        return self

    def __exit__(self, *exc: object) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.file.close()


def write_file(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole, or leave the path as it was."""
    with OutputFile(path) as out:
        out.write(text)


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

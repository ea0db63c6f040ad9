"""Text files read with a size cap and written atomically: the one door to the disk.

Both packages (and their command lines) read and write files here, so every
fault is one error naming the file and a short reason, never a traceback:

- :func:`read_text` reads a path (``-`` for stdin) or an open stream: a
  regular file, a pipe (``<(...)``, ``/dev/stdin``) or a device.  It stops at
  ``limit`` bytes (a file larger than that, or an input that never ends such
  as ``/dev/zero``, is refused after at most ``limit`` bytes are read, in
  bounded memory), refuses NUL bytes and text that is not UTF-8 as soon as
  they are seen, and says so for a directory.  A leading byte-order mark is
  dropped and line ends become ``\\n`` (as Python's text files do).
- :func:`write_text` writes a temporary file beside the target and renames
  it over the target, so a full disk, a missing directory or an interruption
  leaves no half-written file; a device or a pipe (``/dev/stdout``,
  ``/dev/full``) is written in place, since nothing can be renamed over it.
  :class:`AtomicFile` is that writer, for a file written a record at a time
  (``stream``: the finished records kept when a run stops);
  :class:`AppendFile` appends whole records to the file itself (rows a
  resumed run reads back); :func:`emit` writes a whole record to stdout.

``error`` is the exception class to raise, called as ``error(message,
where)``: ``XCCError`` by default, ``MasyuError`` for masyu.
"""
from __future__ import annotations

import codecs
import contextlib
import errno
import os
import stat
import sys
from typing import IO, Callable, Iterator

from .errors import XCCError, XCCTypeError
from .interrupts import held

MIB = 1 << 20
MAX_BYTES = 4 * MIB   # the default cap: a puzzle, a loop, a small DLX file
CHUNK = 1 << 16

ErrorType = Callable[[str, str], Exception]

# Short reasons for the faults users meet (strerror, lower-cased, otherwise).
_REASONS = {
    errno.ENOENT: "no such file",
    errno.EISDIR: "is a directory, not a file",
    errno.ENOTDIR: "a part of the path is not a directory",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOSPC: "no space left on the device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EROFS: "read-only file system",
    errno.EPIPE: "broken pipe: the reader went away",
    errno.ENAMETOOLONG: "file name too long",
    errno.ELOOP: "too many symbolic links",
    errno.EFBIG: "file too large for the device",
    errno.EIO: "input/output error",
}


def reason(err: OSError) -> str:
    """A short lower-case reason for an OSError."""
    text = _REASONS.get(err.errno or 0) or (err.strerror or str(err)) or type(err).__name__
    return text[:1].lower() + text[1:]


def size_text(nbytes: int) -> str:
    """``4 MiB``, ``512 KiB``, ``300 bytes``."""
    if nbytes >= MIB and nbytes % MIB == 0:
        return f"{nbytes // MIB} MiB"
    if nbytes >= 1024 and nbytes % 1024 == 0:
        return f"{nbytes // 1024} KiB"
    return f"{nbytes:,} bytes"


def check_limit(limit: object, argument: str = "limit") -> int:
    """A size cap: a positive integer of bytes (or characters)."""
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise XCCTypeError(f"{argument} must be an integer number of bytes, not "
                           f"{type(limit).__name__}", f"argument {argument!r}")
    if limit < 1:
        raise XCCError(f"{argument} must be at least 1, not {limit}", f"argument {argument!r}")
    return limit


def _source(path: object) -> str:
    if isinstance(path, bytes):
        raise XCCTypeError("path must be a str or os.PathLike, not bytes", "argument 'path'")
    try:
        return os.fspath(path)  # type: ignore[arg-type]
    except TypeError:
        raise XCCTypeError(f"path must be a str or os.PathLike, not {type(path).__name__}",
                           "argument 'path'") from None


def _line_col(data: bytes, offset: int) -> str:
    """``line L, column C`` of byte ``offset`` (columns in characters where decodable)."""
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[start:offset].decode("utf-8", "replace")) + 1
    return f"line {line}, column {column}"


def _too_big(limit: int, what: str) -> str:
    return (f"{what} is larger than the limit of {size_text(limit)} "
            "(raise the limit for a bigger input)")


def read_text(path: str | os.PathLike | IO, *, limit: int = MAX_BYTES,
              error: ErrorType = XCCError, what: str = "the input") -> str:
    """The text of ``path`` (``-``: stdin; an open binary or text stream too).

    Refused with ``error(message, where)``, ``where`` the file's name: a
    missing or unreadable file, a directory, more than ``limit`` bytes, a NUL
    byte, text that is not UTF-8.
    """
    limit = check_limit(limit)
    if hasattr(path, "read"):
        return read_stream(path, getattr(path, "name", None) or "<stream>", limit=limit,
                           error=error, what=what)
    source = _source(path)
    if source == "-":
        stream = getattr(sys.stdin, "buffer", sys.stdin)
        return read_stream(stream, "<stdin>", limit=limit, error=error, what=what)
    if "\0" in source:
        raise error("a file name cannot contain a NUL character", repr(source)[:80])
    try:
        f = open(source, "rb")
    except OSError as err:
        raise error(reason(err), source) from None
    with f:
        try:
            info = os.fstat(f.fileno())
        except OSError as err:
            raise error(reason(err), source) from None
        if stat.S_ISDIR(info.st_mode):
            raise error("is a directory, not a file", source)
        if stat.S_ISREG(info.st_mode) and info.st_size > limit:
            raise error(_too_big(limit, f"{what} ({info.st_size:,} bytes)"), source)
        return read_stream(f, source, limit=limit, error=error, what=what)


def read_stream(stream: IO, source: str, *, limit: int = MAX_BYTES,
                error: ErrorType = XCCError, what: str = "the input") -> str:
    """The text of an open stream, read in chunks with the checks of :func:`read_text`."""
    limit = check_limit(limit)
    source = str(source)
    decoder = codecs.getincrementaldecoder("utf-8")("strict")
    raw = bytearray()   # kept to place a fault by line and column
    parts: list[str] = []
    try:
        while True:
            chunk = stream.read(min(CHUNK, limit + 1 - len(raw)) or 1)
            if not chunk:
                break
            if isinstance(chunk, str):   # a text stream: its own decoding happened already
                chunk = chunk.encode("utf-8", "surrogatepass")
            start = len(raw)
            raw += chunk
            if len(raw) > limit:
                raise error(_too_big(limit, what), source)
            nul = chunk.find(b"\0")
            if nul >= 0:
                raise error(f"a NUL byte at {_line_col(bytes(raw), start + nul)}: "
                            "this is not a text file", source)
            try:
                parts.append(decoder.decode(chunk))
            except UnicodeDecodeError as err:
                raise error(f"not UTF-8 text: byte 0x{chunk[err.start]:02x} at "
                            f"{_line_col(bytes(raw), start + err.start)}", source) from None
        try:
            parts.append(decoder.decode(b"", final=True))
        except UnicodeDecodeError:
            raise error("not UTF-8 text: the input ends inside a character "
                        f"({_line_col(bytes(raw), len(raw))})", source) from None
    except UnicodeDecodeError as err:   # a text stream that could not decode its own bytes
        raise error(f"not UTF-8 text ({err.reason})", source) from None
    except OSError as err:
        raise error(reason(err), source) from None
    text = "".join(parts)
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def write_text(path: str | os.PathLike, text: str, *, error: ErrorType = XCCError) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: a temporary file beside it,
    renamed over it.  A device or a pipe is written in place.  Every fault is
    ``error(message, path)``, and no temporary file is left behind."""
    if not isinstance(text, str):
        raise XCCTypeError(f"text must be a str, not {type(text).__name__}", "argument 'text'")
    with AtomicFile(path, error=error) as f:
        f.write(text)


class AtomicFile:
    """A file that appears whole (the writer of :func:`write_text`): written to a
    temporary file beside ``path`` and renamed over it by :meth:`commit` (the
    target's mode kept; through a symbolic link, not over it), or removed by
    :meth:`discard`; a device or a pipe is written in place.  Each
    :meth:`write` is one whole record, flushed with Ctrl-C held back.  Leaving
    the ``with`` block commits, or discards after an exception; ``stream``:
    commits once a record is written however the block is left (a stream of
    whole records keeps the finished ones).  Every fault is ``error(message,
    path)``."""

    def __init__(self, path: str | os.PathLike, *, error: ErrorType = XCCError,
                 stream: bool = False) -> None:
        target = _source(path)
        if target in ("", "-") or "\0" in target:
            raise error("not a file name to write to", repr(target)[:80])
        self.path, self.error, self.stream = target, error, stream
        self.records, self.closed, self.temp = 0, False, None
        try:
            info = os.stat(target)
        except FileNotFoundError:
            info = None
        except OSError as err:
            raise error(reason(err), target) from None
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise error("is a directory, not a file", target)
        if info is not None and not stat.S_ISREG(info.st_mode):
            fd = self._opened(lambda: os.open(target, os.O_WRONLY | os.O_TRUNC))
        else:
            self.real = os.path.realpath(target)   # through a symbolic link, not over it
            directory, base = os.path.split(self.real)
            if not os.path.isdir(directory or "."):
                raise error(f"no such directory: {os.path.dirname(target) or '.'}", target)
            self.temp, fd = _temporary(directory, base, info, target, error)
        self.file = os.fdopen(fd, "wb")

    def _opened(self, open_: Callable[[], int]) -> int:
        try:
            return open_()
        except OSError as err:
            raise self.error(reason(err), self.path) from None

    def write(self, text: str) -> None:
        """Append one whole record (flushed: a crash loses at most this one)."""
        try:
            with held():
                self.file.write(text.encode("utf-8", "surrogateescape"))
                self.file.flush()
                self.records += 1
        except OSError as err:
            self.discard()
            raise self.error(reason(err), self.path) from None

    def commit(self) -> None:
        """Move the finished file into place."""
        if self.closed:
            return
        self.closed = True
        try:
            self.file.close()
            if self.temp is not None:
                os.replace(self.temp, self.real)
        except BaseException as err:   # (Ctrl-C between the write and the rename too)
            self._remove()
            if isinstance(err, OSError):
                raise self.error(reason(err), self.path) from None
            raise

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

    def __enter__(self) -> "AtomicFile":
        return self

    def __exit__(self, kind, value, traceback) -> None:
        if kind is None or (self.stream and self.records):
            self.commit()
        else:
            self.discard()


class AppendFile:
    """Records appended to ``path`` itself, each whole and flushed as it comes
    (rows that a resumed run reads back): a run stopped any way (a signal,
    SIGKILL, a crash) leaves every finished record in the file.  ``start``: the
    bytes of the file to keep, the rest cut off (0: a new file).  A record that
    cannot be written (a full disk) is cut off again: the file ends with a whole
    one.  A device or a pipe is written as it is."""

    def __init__(self, path: str, start: int = 0, *, error: ErrorType = XCCError) -> None:
        self.path, self.error, self.records = path, error, 0
        try:
            mode: int | None = os.stat(path).st_mode
        except OSError:
            mode = None
        if mode is not None and stat.S_ISDIR(mode):
            raise error("is a directory, not a file", path)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o666)
            self.size: int | None = start
            if mode is None or stat.S_ISREG(mode):
                os.ftruncate(fd, start)
                os.lseek(fd, start, os.SEEK_SET)
            else:
                self.size = None   # nothing to cut back
        except OSError as err:
            raise error(reason(err), path) from None
        self.file = os.fdopen(fd, "wb")

    def write(self, text: str) -> None:
        """Append one whole record (flushed: a crash loses at most this one)."""
        data = text.encode("utf-8")
        try:
            with held():
                self.file.write(data)
                self.file.flush()
                if self.size is not None:
                    self.size += len(data)
                self.records += 1
        except OSError as err:
            with contextlib.suppress(OSError, ValueError):   # back to the last whole record
                self.file.close()
            if self.size is not None:
                with contextlib.suppress(OSError):
                    os.truncate(self.path, self.size)
            raise self.error(reason(err), self.path) from None

    def __enter__(self) -> "AppendFile":
        return self

    def __exit__(self, *exc: object) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.file.close()


class Stdout:
    """stdout as an output of whole records (the stand-in for :class:`AtomicFile`)."""

    records = 0

    def write(self, text: str) -> None:
        emit(text)

    def __enter__(self) -> "Stdout":
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def emit(text: str) -> None:
    """Write one whole record to stdout and flush it, Ctrl-C held back meanwhile."""
    with held():
        sys.stdout.write(text)
        sys.stdout.flush()


def _temporary(directory: str, base: str, info, target: str, error: ErrorType) -> tuple[str, int]:
    """A new file ``.BASE.PID.K.tmp`` beside the target, with the target's mode
    (or the umask's, for a new file)."""
    mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666
    for k in range(100):
        tmp = os.path.join(directory, f".{base}.{os.getpid()}.{k}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        except FileExistsError:
            continue
        except OSError as err:
            raise error(reason(err), target) from None
        if info is not None:
            try:
                os.fchmod(fd, mode)   # the umask may have taken bits the old file had
            except OSError:
                pass
        return tmp, fd
    raise error("cannot make a temporary file beside it", target)


__all__ = ["MAX_BYTES", "MIB", "read_text", "read_stream", "write_text", "reason", "size_text",
           "check_limit", "AtomicFile", "AppendFile", "Stdout", "emit"]


# Ctrl-C, SIGTERM and SIGHUP held back while a record is written (one mechanism: xcc.interrupts)
held_interrupt = held


def output_fault(err: OSError, prog: str = "xcc") -> int:
    """The command's answer to a failed write of its output: point stdout at
    /dev/null (so Python's last flush is quiet), say what failed in one line
    (``prog: FILE: reason``), return the exit code (1 for a closed pipe, else 2)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
    if err.errno == errno.EPIPE:
        return 1
    try:
        print(f"{prog}: {err.filename or 'cannot write the output'}: {err.strerror or err}",
              file=sys.stderr)
    except OSError:
        pass
    return 2

"""Ctrl-C, SIGTERM and SIGHUP: one way to stop a long run, written once.

A batch system stops a job with SIGTERM (``timeout``, SLURM, ``docker
stop``), a closed ssh session with SIGHUP; a user at the terminal with
Ctrl-C (SIGINT).  The commands handle all three alike: :func:`install` (the
first thing the console entry points do, as they are imported, :func:`early`;
then :func:`launch`) makes SIGTERM and
SIGHUP raise ``KeyboardInterrupt`` as SIGINT does, so every place that stops
cleanly on Ctrl-C (prints what was found, keeps its files whole, writes its
state for ``--resume``) does so on them too.  A signal the parent set to be
ignored (``nohup``, a shell's background job) stays ignored.

The exit code says which signal stopped the run, as a shell does for a
process it killed: 130 (128 + 2) for SIGINT, 129 for SIGHUP, 143 for SIGTERM
(:func:`exit_code`; the commands return 130 when stopped, and ``launch``
turns it into the code of the signal that came).

:func:`held` holds the three back while a record (a solution, a row, a
puzzle and its loop) is written, and delivers them after: a record is
written whole or not at all.  Only the main thread of the main interpreter
receives signals; elsewhere ``held`` changes nothing.  A library user's
process is left alone: nothing here runs on import.
"""
from __future__ import annotations

import sys
from contextlib import contextmanager

try:  # the C module: ``signal`` wraps it in enums, which costs the quick path a few ms
    import _signal as signal
except ImportError:  # pragma: no cover - another Python
    import signal  # type: ignore[no-redef]

TYPE_CHECKING = False
if TYPE_CHECKING:  # (typing is not imported at start-up)
    from typing import Callable, Iterator

# the signals that stop a run, and the exit code each gives (128 + its number)
STOPS: tuple[int, ...] = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                               if hasattr(signal, name))
INTERRUPTED = 130  # the code a command returns when a stop signal ended it (that of SIGINT)
received: list[int] = []  # the stop signals received by the handler, in order
_early = [False]  # an entry module started (early) and launch has not yet taken over


def _stop(signum: int, frame: object) -> None:
    received.append(signum)
    if not _early[0]:
        _raise_outside_imports(frame)


# A KeyboardInterrupt raised inside Python's import machinery can leave the
# import lock or a module's lock held (between ``_imp.acquire_lock()`` and its
# ``try``): a thread importing later (the pool's start, a worker's engine) then
# waits forever, or the interpreter ends by SIGINT.  So a stop signal that comes
# while the main thread is inside importlib is raised once the import is done,
# looked at again every few milliseconds (SIGALRM), at most ``DEFER_SECONDS``.
DEFER_SECONDS = 2.0
_RETRY_SECONDS = 0.001
_deferred: list = []  # while a stop is deferred: [retries left, the SIGALRM handler before]


def _in_import(frame: object) -> bool:
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib._bootstrap"):  # type: ignore[attr-defined]
            return True
        frame = frame.f_back  # type: ignore[attr-defined]
    return False


def _raise_outside_imports(frame: object) -> None:
    if hasattr(signal, "setitimer") and _in_import(frame):
        if not _deferred:  # the retries left, and the SIGALRM handler to put back
            _deferred[:] = [DEFER_SECONDS / _RETRY_SECONDS, signal.signal(signal.SIGALRM, _retry)]
        if _deferred[0] > 0:
            _deferred[0] -= 1
            signal.setitimer(signal.ITIMER_REAL, _RETRY_SECONDS)
            return
    _undefer()
    raise KeyboardInterrupt


def _undefer() -> None:
    """No stop deferred any more: the retries stopped, SIGALRM's handler back."""
    if _deferred:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, _deferred[1])
        _deferred.clear()


def _retry(signum: int, frame: object) -> None:
    if _deferred:
        _raise_outside_imports(frame)


def install() -> None:
    """SIGINT, SIGTERM and SIGHUP raise ``KeyboardInterrupt`` in the main
    thread (and are noted for :func:`exit_code`); one that is ignored stays
    ignored.  In the main thread of the main interpreter only."""
    for signum in STOPS:
        try:
            if signal.getsignal(signum) in (signal.SIG_DFL, signal.default_int_handler):
                signal.signal(signum, _stop)
        except (ValueError, OSError):  # not the main thread of the main interpreter
            return


def early() -> None:
    """An entry module's first step, as it is imported: :func:`install`, a
    stop signal only noted until :func:`launch` takes over, which then ends
    with one line.  (Between the import of the entry module and the call of
    its ``main``, the console script's own lines run: a stop raised there was
    a bare traceback.)"""
    _early[0] = True
    install()


def exit_code(code: object) -> object:
    """The exit code of a command that returned ``code``: 130 (stopped)
    becomes 128 + the number of the first stop signal received (143 for
    SIGTERM, 129 for SIGHUP); anything else is kept."""
    if code == INTERRUPTED and received:
        return 128 + received[0]
    return code


@contextmanager
def held() -> Iterator[list[int]]:
    """While inside, a stop signal is noted (the list yielded), not raised;
    on leaving, the first one noted goes to the handler that was there
    before (``KeyboardInterrupt`` by default): what the block writes is
    written whole.  In a thread other than the main one (where Python
    delivers no signal) nothing changes."""
    noted: list[int] = []

    def note(signum: int, frame: object) -> None:
        noted.append(signum)

    previous: dict[int, object] = {}
    try:
        for signum in STOPS:
            if signal.getsignal(signum) != signal.SIG_IGN:
                previous[signum] = signal.signal(signum, note)
    except ValueError:  # not the main thread of the main interpreter: no signal comes here
        _put_back(previous)
        yield noted
        return
    except BaseException:  # a stop that came before (its handler ran now): none left noting
        _put_back(previous)
        raise
    try:
        yield noted
    finally:
        _put_back(previous)
    if noted:
        handler = previous.get(noted[0])
        if callable(handler):
            handler(noted[0], None)
        elif handler == signal.SIG_DFL and noted[0] == signal.SIGINT:
            raise KeyboardInterrupt
        elif handler == signal.SIG_DFL:  # not installed: the signal's own end
            signal.raise_signal(noted[0])


def _put_back(previous: dict[int, object]) -> None:
    """The handlers ``previous`` put back, a stop signal that comes meanwhile
    blocked until they all are (then raised by its own handler, not noted by
    a ``note`` left in place)."""
    block = getattr(signal, "pthread_sigmask", None)
    mask = block(signal.SIG_BLOCK, STOPS) if block is not None else None
    try:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    finally:
        if block is not None:
            block(signal.SIG_SETMASK, mask)


def launch(prog: str, load: Callable[[], Callable[[], object]]) -> None:
    """A console entry point: :func:`install` first, then ``load()`` (the
    imports of the command: a signal during them ends it with one line, not a
    traceback), then the command it returns; exit with its code, 130 made
    the code of the signal that stopped it (:func:`exit_code`)."""
    try:
        install()
        _early[0] = False  # from here a stop raises KeyboardInterrupt
        if received:  # one came after the entry module's import (early): it ends the start
            raise KeyboardInterrupt
        code = load()()
    except KeyboardInterrupt:  # before the command could catch it (starting up)
        code = _said(prog)
    except SystemExit as done:
        code = done.code
    except Exception:
        # a stop signal inside an import can surface as another error (numpy turns
        # a KeyboardInterrupt in its C extension's imports into an ImportError)
        if not received:
            raise
        code = _said(prog)
    _undefer()  # a stop that came in the command's last import: the command ended first
    sys.exit(exit_code(code))


def _said(prog: str) -> int:
    try:
        sys.stderr.write(f"{prog}: interrupted\n")
        sys.stderr.flush()
    except (OSError, ValueError, KeyboardInterrupt):
        pass
    return INTERRUPTED


__all__ = ["STOPS", "INTERRUPTED", "install", "early", "exit_code", "held", "launch"]

"""Commands run as a test's child processes, every wait on them bounded: for the tests that
interrupt a run (Ctrl-C) and read what it printed, and those that serve a page."""
from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from contextlib import contextmanager

DEADLINE = 180  # seconds a child may live: far more than any of these tests needs


@contextmanager
def child(command: list[str], deadline: float = DEADLINE, **popen):
    """``subprocess.Popen(command)`` in a process group of its own.  A watchdog
    ends it ``deadline`` seconds on (``abort_then_kill_group``), and the group
    is killed when the block ends: the command, and any fork server, resource
    tracker or worker it started.  Those hold its pipes open, so without it a
    read of them, or a ``readline`` for a line never printed, could wait
    forever: the test fails instead of hanging the suite."""
    popen.setdefault("text", True)
    # a Python that is still running at the deadline prints every thread's stack
    popen["env"] = {**(popen.get("env") or os.environ), "PYTHONFAULTHANDLER": "1"}
    proc = subprocess.Popen(command, start_new_session=True, **popen)
    watchdog = threading.Timer(deadline, abort_then_kill_group, (proc,))
    watchdog.daemon = True
    watchdog.start()
    try:
        yield proc
    finally:
        watchdog.cancel()
        kill_group(proc)
        proc.wait(timeout=60)


def abort_then_kill_group(proc: subprocess.Popen) -> None:
    """Past the deadline: SIGABRT to the command (its stacks to its stderr, read by
    the test, whose assertion shows them), then, a few seconds on, the group killed."""
    try:
        os.kill(proc.pid, signal.SIGABRT)
    except ProcessLookupError:
        pass
    time.sleep(5)
    kill_group(proc)


def kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass  # the group is gone


def interrupt_after(command: list[str], lines: int) -> tuple[int, str, str]:
    """Run ``command`` in a process group of its own, send the group SIGINT
    (as Ctrl-C does) once ``lines`` lines are on its stdout; its exit code,
    all its stdout and its stderr."""
    with child(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        first = [proc.stdout.readline() for _ in range(lines)]
        os.killpg(proc.pid, signal.SIGINT)
        # the rest as the pipe holds it (communicate() would skip what readline buffered)
        out, err = proc.stdout.read(), proc.stderr.read()
        proc.wait(timeout=120)
    return proc.returncode, "".join(first) + out, err


def interrupt_at_progress(command: list[str], **popen) -> tuple[int, str, str]:
    """Run ``command`` in a process group of its own, send the group SIGINT once
    its first progress report (a line ``...``) is on stderr, when the tasks are
    under way; its exit code, stdout and stderr."""
    with child(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **popen) as proc:
        line = proc.stderr.readline()
        assert line.startswith("..."), line
        os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C does: the whole process group
        out, err = proc.communicate()  # (bounded by the deadline: then err has the stacks)
    return proc.returncode, out, line + err


def signal_at_progress(command: list[str], signum: int, *, group: bool = True,
                       ready=None, **popen) -> tuple[int, str, str]:
    """Run ``command`` in a process group of its own and send it ``signum`` (to the
    whole group, as ``timeout`` and a closed terminal do, or, not ``group``, to the
    command alone, as ``docker stop`` does) once ``ready()`` says so (polled), or
    else once its first progress line (``...``) is on stderr; its exit code,
    stdout and stderr."""
    with child(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **popen) as proc:
        first = ""
        if ready is None:
            first = proc.stderr.readline()
            assert first.startswith("..."), first
        else:
            start = time.monotonic()
            while not ready():
                assert time.monotonic() - start < DEADLINE / 2, "never ready"
                assert proc.poll() is None, proc.communicate()
                time.sleep(0.05)
        if group:
            os.killpg(proc.pid, signum)
        else:
            os.kill(proc.pid, signum)
        out, err = proc.communicate()
    return proc.returncode, out, first + err

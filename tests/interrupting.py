"""Ctrl-C of a command while it prints: for the tests that interrupt a run and resume it."""
from __future__ import annotations

import os
import signal
import subprocess


def interrupt_after(command: list[str], lines: int) -> tuple[int, str, str]:
    """Run ``command`` in a process group of its own, send the group SIGINT
    (as Ctrl-C does) once ``lines`` lines are on its stdout; its exit code,
    all its stdout and its stderr."""
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    first = [proc.stdout.readline() for _ in range(lines)]
    os.killpg(proc.pid, signal.SIGINT)
    # the rest as the pipe holds it (communicate() would skip what readline buffered)
    out, err = proc.stdout.read(), proc.stderr.read()
    proc.wait(timeout=120)
    return proc.returncode, "".join(first) + out, err

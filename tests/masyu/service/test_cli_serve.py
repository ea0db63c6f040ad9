"""``masyu serve`` end to end: a Ctrl-C at any moment of its start-up, or once it listens,
ends it with exit code 130 and one line (issue 36), never a traceback or silence.

"Start-up" counts from the moment the command's own code holds the signal (the launcher's
first step, :func:`xcc.interrupts.install`); before it the interpreter itself is starting
(its site module, an editable install's finder), which no command can cover.  The test
times that part once (an interpreter that imports the launcher and exits, twice over for
safety) and sends the Ctrl-C ``delay`` seconds after it."""
from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from ...interrupting import child

MASYU = [sys.executable, "-c", "from masyu.launch import main; main()"]


def _default_sigint() -> None:   # a test run as a shell's background job inherits it ignored
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interpreter_start() -> float:
    """Seconds for an interpreter to start and import the launcher, twice over."""
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import masyu.launch, xcc.interrupts"], check=True,
                   timeout=120)
    return 2 * (time.perf_counter() - t)


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("delay", [0, 0.2, 0.6, 1.2, None])
def test_ctrl_c_during_start_up_or_once_listening_is_130_and_one_line(tmp_path, delay):
    start = _interpreter_start()
    command = MASYU + ["serve", "--port", str(_port()), "--data", str(tmp_path / "data")]
    with child(command, stderr=subprocess.PIPE, preexec_fn=_default_sigint) as proc:
        if delay is None:                        # once it listens: it answers, then stops
            line = proc.stderr.readline()
            url = re.search(r"playing at (http://\S+/) ", line)
            assert url, line
            with urllib.request.urlopen(url.group(1) + "api/v1/me", timeout=60) as res:
                assert res.status == 200
        else:
            time.sleep(start + delay)
            line = ""
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=60) == 130
        # (click writes an empty line before it hands a Ctrl-C on: not a line that says anything)
        said = [s for s in (line + proc.stderr.read()).splitlines() if s]
    assert "Traceback" not in "\n".join(said)
    if said and said[0].startswith("masyu: playing at"):
        assert said[1:] == ["masyu: stopped"], said
    else:
        assert said == ["masyu: interrupted"], said

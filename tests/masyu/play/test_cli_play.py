"""``masyu play`` end to end: it serves the page, and Ctrl-C stops it with exit code 130."""
from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import urllib.request

from typer.testing import CliRunner

from masyu.cli import app

from ...interrupting import child

runner = CliRunner()
MASYU = [sys.executable, "-c", "from masyu.cli import main; main()"]


def test_masyu_play_serves_the_page_and_ctrl_c_exits_130():
    with child(MASYU + ["play", "--no-browser", "--port", "0"], stderr=subprocess.PIPE,
               env=dict(os.environ)) as proc:
        line = proc.stderr.readline()
        m = re.search(r"playing at (http://127\.0\.0\.1:[0-9]+/)", line)
        assert m, line
        with urllib.request.urlopen(m.group(1), timeout=30) as res:
            assert b'<svg id="board"' in res.read()
        with urllib.request.urlopen(m.group(1) + "api/daily?date=2024-05-06", timeout=60) as res:
            assert json.loads(res.read())["rows"] == 8
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 130
        assert "stopped" in proc.stderr.read()


def test_masyu_play_refuses_a_bad_port_or_one_in_use_in_one_line():
    res = runner.invoke(app, ["play", "--no-browser", "--port", "70000"])
    assert res.exit_code == 2 and res.stderr.startswith("masyu: --port: ")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        res = runner.invoke(app, ["play", "--no-browser", "--port", str(port)])
    assert res.exit_code == 2 and "cannot listen on 127.0.0.1" in res.stderr
    assert "Traceback" not in res.output

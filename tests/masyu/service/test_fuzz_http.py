"""tools/fuzz_http.py on a short budget against ``masyu serve`` (uvicorn with the
service's protocol, masyu.service.protocol): no 500, no connection closed without an
answer, no request left waiting, no traceback in the server's log."""
from __future__ import annotations

import importlib.util
import json
import os
import pathlib
import signal
import socket
import subprocess
import sys
import time

import pytest

pytest.importorskip("uvicorn")

TOOL = pathlib.Path(__file__).parents[3] / "tools" / "fuzz_http.py"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_service_answers_every_hostile_request(tmp_path, capsys):
    port, log = free_port(), tmp_path / "serve.log"
    with open(log, "wb") as out:
        server = subprocess.Popen([sys.executable, "-m", "masyu", "serve", "--port", str(port),
                                   "--data", str(tmp_path / "data")], stdout=out, stderr=out,
                                  start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
        spec = importlib.util.spec_from_file_location("fuzz_http", TOOL)
        tool = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(tool)
        code = tool.main([f"http://127.0.0.1:{port}", "--count", "300", "--seconds", "60",
                          "--seed", "32", "--log", str(log), "--pid", str(server.pid)])
        report = json.loads(capsys.readouterr().out)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    assert report["bad"] == {}, report
    assert report["log"] == {"tracebacks": 0, "internal errors": 0}
    assert report["requests"] == 300 and code == 0
    assert report["by outcome"].get("stalled 408") == 4     # a head never finished: answered
    assert {"200", "400", "404", "405"} <= set(report["by outcome"])

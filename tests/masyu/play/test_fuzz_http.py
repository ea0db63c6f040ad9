"""tools/fuzz_http.py on a short budget against ``masyu play`` (its own process and log),
and the threads of the server under many idle connections."""
from __future__ import annotations

import importlib.util
import json
import pathlib
import socket
import threading
import time

import pytest

from masyu.play import connections
from tests.masyu.play.conftest import request

TOOL = pathlib.Path(__file__).parents[3] / "tools" / "fuzz_http.py"


def load_tool():
    spec = importlib.util.spec_from_file_location("fuzz_http", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fuzzer_finds_no_500_no_silent_close_and_no_traceback(capsys):
    tool = load_tool()
    code = tool.main(["--serve", "--count", "300", "--seconds", "25", "--seed", "36"])
    report = json.loads(capsys.readouterr().out)
    assert report["bad"] == {} and report["log"] == {"tracebacks": 0, "internal errors": 0}
    assert report["requests"] == 300 and code == 0
    outcomes = report["by outcome"]
    assert outcomes.get("stalled 408") == 4             # a head never finished: answered
    assert {"200", "400", "404", "405", "411"} <= set(outcomes)


def test_the_fuzzer_talks_to_loopback_only():
    tool = load_tool()
    assert tool.loopback("127.0.0.1") and tool.loopback("::1") and tool.loopback("localhost")
    assert not tool.loopback("10.0.0.1") and not tool.loopback("192.168.1.1")
    with pytest.raises(SystemExit, match="not a loopback address"):
        tool.fuzz("http://10.0.0.1:8000/", 1, 1.0, 0)


def test_a_thousand_idle_connections_hold_no_thread(server):
    before = threading.active_count()
    socks = []
    try:
        for _ in range(1000):
            socks.append(socket.create_connection(("127.0.0.1", server.port), timeout=5))
        time.sleep(0.5)
        during = threading.active_count()
        status, _, _ = request(server, "/play.css")       # and the server still answers
    finally:
        for s in socks:
            s.close()
    assert status == 200
    # the selector thread and at most WORKERS workers, whatever the clients do
    assert during <= before + connections.WORKERS, (before, during)

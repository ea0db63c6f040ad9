"""A stopped ``masyu play`` server exits at once, whatever its workers are answering
(issue 36's fuzz at length: after 10,000 hostile requests the server took 38 s to exit
after SIGTERM, the interpreter joining a worker that waited for a hint's child, up to
its 30 s deadline)."""
from __future__ import annotations

import subprocess
import sys
import textwrap
import time

SCRIPT = textwrap.dedent("""
    import socket, sys, threading, time
    from http.server import BaseHTTPRequestHandler
    from masyu.play.connections import BoundedServer

    class Slow(BaseHTTPRequestHandler):
        def do_GET(self):
            print("answering", flush=True)
            time.sleep(120)        # an answer in flight: a job under its deadline

    server = BoundedServer(("127.0.0.1", 0), Slow)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sock = socket.create_connection(server.server_address)
    sock.sendall(b"GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n")
    sys.stdin.readline()           # the worker is answering: stop now
    server.shutdown()
    server.server_close()
    print("stopped", flush=True)
""")


def test_the_server_exits_without_waiting_for_an_answer_in_flight():
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline() == "answering\n"
        start = time.monotonic()
        proc.stdin.write("\n")
        proc.stdin.flush()
        assert proc.wait(timeout=60) == 0
        assert time.monotonic() - start < 20 and proc.stdout.read() == "stopped\n"
    finally:
        proc.kill()
        proc.wait()

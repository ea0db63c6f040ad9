"""A play server for the tests of this folder (one per session, on a free port)."""
from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from typing import Any

import pytest

from masyu.play import make_server


@pytest.fixture(scope="session")
def server():
    srv = make_server("127.0.0.1", 0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


def request(srv, path: str, body: bytes | None = None, method: str | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, Any, dict[str, str]]:
    """``(status, decoded JSON or text, headers)`` of one request to ``srv``."""
    req = urllib.request.Request(srv.url.rstrip("/") + path, data=body, method=method,
                                 headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=120) as res:
            status, raw, hdrs = res.status, res.read(), dict(res.headers)
    except urllib.error.HTTPError as err:
        status, raw, hdrs = err.code, err.read(), dict(err.headers)
    text = raw.decode("utf-8")
    if hdrs.get("Content-Type", "").startswith("application/json"):
        return status, json.loads(text), hdrs
    return status, text, hdrs


def post_json(srv, path: str, value: Any) -> tuple[int, Any, dict[str, str]]:
    return request(srv, path, json.dumps(value).encode(), headers={
        "Content-Type": "application/json"})

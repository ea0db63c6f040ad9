"""What a request must be (masyu.play.requests), checked on the function and over HTTP.

The hostile inputs are those that gave 500s or a closed connection before: JSON
nested 10,000 deep, integers past Python's 4,300-digit limit, a Content-Length of
``²`` (a digit to ``str.isdigit`` and ``int``), a body shorter than its length."""
from __future__ import annotations

import json
import socket

import pytest

from masyu.errors import MasyuError
from masyu.play.requests import (MAX_DEPTH, MAX_INT_DIGITS, BadRequest, content_length,
                                 error_json, read_json, read_object)


def test_valid_json_reads_as_json_does():
    body = json.dumps({"a": [1, -2, 3.5, "x\"[[[", None, True, {"b": [[[]]]}]}).encode()
    assert read_json(body) == json.loads(body)
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert read_json(nested.encode()) == json.loads(nested)
    assert read_json(b"-" + b"9" * MAX_INT_DIGITS) == -int("9" * MAX_INT_DIGITS)


@pytest.mark.parametrize("body, says", [
    (b"[" * 10_000 + b"]" * 10_000, "nested deeper than 64 levels at line 1, column 65"),
    (b'{"a":' * 10_000 + b"1" + b"}" * 10_000, "nested deeper than 64"),
    (b'{"puzzle": ' + b"[" * 65 + b"]" * 65 + b"}", "column 75"),
    (b"9" * 4301, "an integer of 4301 digits"),
    (b'{"puzzle": ' + b"1" * 5000 + b"}", "an integer of 5000 digits"),
    (b"9" * (MAX_INT_DIGITS + 1), f"at most {MAX_INT_DIGITS}"),
    (b"[NaN]", "NaN is not JSON"),
    (b"-Infinity", "-Infinity is not JSON"),
    (b"1e99999", "a number too large"),
    (b"\xef\xbb\xbf{}", "byte-order mark"),
    (b"\xff", "not UTF-8 (byte 0)"),
    (b"{\n  1}", "bad JSON at line 2, column 3"),
])
def test_hostile_json_is_refused_with_its_place_as_a_400(body, says):
    with pytest.raises(BadRequest) as err:
        read_json(body)
    assert says in str(err.value) and err.value.status == 400
    assert str(err.value).startswith("body: ") and isinstance(err.value, MasyuError)


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = json.dumps(["[" * 1000, "{" * 1000, "\\\"[[["])
    assert read_json(text.encode()) == json.loads(text)


def test_an_object_is_asked_for_by_name():
    with pytest.raises(BadRequest, match="expected a JSON object, not an array"):
        read_object(b"[1]")


@pytest.mark.parametrize("value, status, says", [
    ("12", None, None), (["7", "7"], None, None), (" 3 ", None, None),
    ("²", 400, "expected ASCII digits"), ("١٢", 400, "ASCII"), ("-1", 400, "ASCII"),
    ("+5", 400, "ASCII"), ("1e3", 400, "ASCII"), ("", 400, "ASCII"),
    (["7", "8"], 400, "different values"), (None, 411, "needs a Content-Length"),
    ("65537", 413, "larger than 65536"), ("9" * 40, 413, "larger than"),
])
def test_content_length_is_ascii_digits_one_value_and_bounded(value, status, says):
    if status is None:
        assert content_length(value) == int(value[0] if isinstance(value, list) else value)
        return
    with pytest.raises(BadRequest, match=says) as err:
        content_length(value)
    assert err.value.status == status


def test_chunked_bodies_are_refused_for_a_length():
    with pytest.raises(BadRequest, match="Transfer-Encoding: a body is sent") as err:
        content_length("5", chunked=True)
    assert err.value.status == 411


def test_the_error_is_one_line_of_json():
    body = error_json(MasyuError("two\nlines\r\n here", "field"))
    assert b"\n" not in body and json.loads(body) == {"error": "field: two lines here"}


# -- over HTTP, on raw sockets ---------------------------------------------------------------

def raw(server, data: bytes, half_close: bool = True) -> tuple[int, dict]:
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(data)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1."), answer[:200]
    return int(head.split()[1]), json.loads(body)


def post(body: bytes, length: str | None = None) -> bytes:
    length = str(len(body)) if length is None else length
    return (b"POST /api/check HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
            b"Content-Length: " + length.encode() + b"\r\n\r\n" + body)


@pytest.mark.parametrize("data, status, says", [
    (post(b"[" * 10_000 + b"]" * 10_000), 400, "body: JSON nested deeper"),
    (post(b'{"puzzle": ' + b"[" * 20_000 + b"]" * 20_000 + b', "loop": ""}'), 400, "body: JSON nested"),
    (post(b'{"puzzle": ' + b"7" * 4301 + b', "loop": ""}'), 400, "body: an integer of 4301"),
    (post(b"{}", "²".encode().decode("latin-1")), 400, "Content-Length: expected ASCII"),
    (post(b'{"puzzle": "W.\\n..", "loop": ""}', "500"), 400, "body: 32 bytes of the 500"),
    (b"GET / HTTP/1.1 extra\r\n\r\n", 400, "request: "),
    (b"GET /\r\n\r\n", 400, "request: HTTP/0.9"),
    (b"G\x00T / HTTP/0.9\r\n\r\n", 400, "request: "),
    (b"BREW / HTTP/1.1\r\n\r\n", 405, "method"),
    (b"GET / HTTP/2.0\r\n\r\n", 505, "request: "),
    (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n\r\n", 414, "request: "),
    (b"GET / HTTP/1.1\r\nX: " + b"y" * 70_000 + b"\r\n\r\n", 431, "request: "),
    (b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 101 + b"\r\n", 431, "request: "),
    (b"POST /api/check HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 411, ""),
    (b"GET /api/da", 400, "request: the connection ended"),
])
def test_hostile_requests_get_a_4xx_and_a_one_line_json_error(server, data, status, says):
    got, body = raw(server, data)
    assert (got, body["error"][:len(says)]) == (status, says), body


def test_a_request_kept_open_with_a_body_still_gets_its_answer(server):
    # no half-close: the server must not wait for more than Content-Length bytes
    body = b'{"puzzle": "W.\\n..", "loop": ""}'
    status, got = raw(server, post(body), half_close=False)
    assert status == 200 and got["solved"] is False


def test_a_client_gone_before_its_answer_is_no_internal_error(capfd):
    # the page navigating away while the day's puzzle is made: the answer cannot be
    # written; that was logged as "internal error" with a BrokenPipeError (the screenshots)
    import struct
    import threading
    import time

    from masyu.play import make_server
    srv = make_server("127.0.0.1", 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        with socket.create_connection(("127.0.0.1", srv.server_address[1]), timeout=60) as s:
            s.sendall(b"GET /api/daily?date=2024-06-03 HTTP/1.1\r\nHost: x\r\n\r\n")
            time.sleep(0.3)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        time.sleep(0.5)
        with socket.create_connection(("127.0.0.1", srv.server_address[1]), timeout=120) as s:
            s.sendall(b"GET /api/daily?date=2024-06-03 HTTP/1.1\r\nHost: x\r\n"
                      b"Connection: close\r\n\r\n")
            assert s.recv(100).startswith(b"HTTP/1.1 200")   # the same day, answered
    finally:
        srv.shutdown()
        srv.server_close()
    assert "internal error" not in capfd.readouterr().err

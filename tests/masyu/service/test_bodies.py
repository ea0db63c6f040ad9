"""The service's JSON body check, and the extra kept optional."""
from __future__ import annotations

import subprocess
import sys

import pytest

from masyu.errors import MasyuError
from masyu.service.bodies import MAX_BODY, read_json


@pytest.mark.parametrize("body, where", [
    (b"[" * 5000 + b"]" * 5000, "body"),               # RecursionError in json, refused first
    (b'{"a": ' + b"9" * 5000 + b"}", "body"),          # ValueError in int(), refused first
    (b'{"a": NaN}', "body"),
    (b'{"a": 1', "body"),
    (b"\xff", "body"),
    (b"[]", "body"),
    (b'{"b": 1}', "b"),
    (b" " * (MAX_BODY + 1), "body"),
])
def test_bad_bodies_are_refused_naming_the_place(body, where):
    with pytest.raises(MasyuError) as err:
        read_json(body, ("a",))
    assert err.value.where == where


def test_a_good_body_passes():
    assert read_json(b'{"a": [[1, 2, 3]], "b": "x"}', ("a", "b")) == {"a": [[1, 2, 3]], "b": "x"}


def test_masyu_and_masyu_play_need_no_service_extra():
    code = ("import sys\n"
            "for name in ('starlette', 'uvicorn', 'sqlalchemy', 'alembic', 'itsdangerous'):\n"
            "    sys.modules[name] = None\n"
            "import masyu, masyu.play, masyu.cli.playing, masyu.attempts\n"
            "from masyu.cli import serving\n"
            "serving.serve('127.0.0.1', 0, None, None, 1, False)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 2, r.stderr
    assert r.stderr == ("masyu: serve: masyu serve needs the service extra (uvicorn is "
                        "missing): pip install 'xcc-masyu[service]'\n")

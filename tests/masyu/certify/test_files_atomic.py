"""A certificate written over an earlier one on a disk that fills up (issue 36):
the earlier one is kept whole and nothing half written is left (``files._put`` is
the fault-injection seam: it writes part of a file, then fails as a full disk does)."""
from __future__ import annotations

import errno
import os

import pytest

from masyu import Puzzle
from masyu.certify import files, verify
from masyu.certify.prove import prove

BOARD = "6x6:eBbBfWbWbBaBcWbBe"


def snapshot(d):
    return {p.name: p.read_bytes() for p in sorted(d.iterdir())}


@pytest.mark.parametrize("fail_at", [0, 3, 7])
def test_a_full_disk_keeps_the_earlier_certificate(tmp_path, monkeypatch, fail_at):
    cert = prove(Puzzle.parse(BOARD))
    d = tmp_path / "cert"
    cert.write(d)
    (d / "notes.txt").write_text("mine\n")   # a file of the user's, not the certificate's
    before = snapshot(d)
    written = []
    real = files._put

    def full_disk(path, data):
        if len(written) == fail_at:
            real(path, data[: len(data) // 2])   # cut short, as a full disk leaves it
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        written.append(path)
        real(path, data)

    monkeypatch.setattr(files, "_put", full_disk)
    with pytest.raises(OSError):
        cert.write(d)
    assert snapshot(d) == before
    assert os.listdir(tmp_path) == ["cert"]   # no temporary folder left beside it
    assert verify(d).verified


def test_a_new_certificate_appears_whole(tmp_path, monkeypatch):
    cert = prove(Puzzle.parse(BOARD))
    d = tmp_path / "new"

    def full_disk(path, data):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(files, "_put", full_disk)
    with pytest.raises(OSError):
        cert.write(d)
    assert os.listdir(tmp_path) == []
    monkeypatch.undo()
    cert.write(d)
    assert sorted(p.name for p in d.iterdir()) == sorted([*files.FILES.values(), files.MANIFEST])

"""The one door to the disk (xcc.textio): capped reads with one clear error for every
fault, atomic writes that leave no half-written file (issue 20)."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import masyu
import xcc
from xcc.examples import queens
from xcc import textio
from xcc.errors import XCCError


def refused(call, words: str, where: str | None = None) -> XCCError:
    with pytest.raises(XCCError) as info:
        call()
    assert words in info.value.message, info.value.message
    if where is not None:
        assert info.value.where == where
    return info.value


def test_reads_a_file_a_pipe_and_a_stream(tmp_path):
    f = tmp_path / "a.txt"
    f.write_bytes(b"\xef\xbb\xbfone\r\ntwo\rthree\n")
    assert textio.read_text(f) == "one\ntwo\nthree\n"   # BOM dropped, line ends as Python's
    r, w = os.pipe()                                      # a pipe is a file too
    os.write(w, "héllo\n".encode())
    os.close(w)
    assert textio.read_text(f"/dev/fd/{r}") == "héllo\n"
    os.close(r)
    import io
    assert textio.read_text(io.BytesIO(b"x")) == "x"


def test_faults_are_one_error_naming_the_file(tmp_path):
    refused(lambda: textio.read_text(tmp_path / "missing"), "no such file", str(tmp_path / "missing"))
    refused(lambda: textio.read_text(tmp_path), "is a directory", str(tmp_path))
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\nab\xffc\n")
    refused(lambda: textio.read_text(bad), "byte 0xff at line 2, column 3")
    bad.write_bytes(b"ok\n\x00")
    refused(lambda: textio.read_text(bad), "NUL byte at line 2, column 1")
    big = tmp_path / "big.txt"
    big.write_text("x" * 101)
    refused(lambda: textio.read_text(big, limit=100), "larger than the limit of 100 bytes")
    with pytest.raises(TypeError):
        textio.read_text(5)


def test_endless_inputs_are_refused_in_bounded_memory():
    refused(lambda: textio.read_text("/dev/zero"), "NUL byte")
    yes = subprocess.Popen(["yes"], stdout=subprocess.PIPE)   # endless, valid text
    try:
        refused(lambda: textio.read_text(yes.stdout, limit=1 << 20), "larger than the limit")
    finally:
        yes.kill()
        yes.wait()


def test_xcc_count_dev_zero_exits_2_at_once():
    proc = subprocess.run([str(Path(sys.executable).parent / "xcc"), "count", "/dev/zero"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and ("NUL byte" in proc.stderr
                                           or "not a DLX file" in proc.stderr)
    assert "Traceback" not in proc.stderr


def test_read_dlx_takes_a_limit(tmp_path):
    f = tmp_path / "q.dlx"
    xcc.write_dlx(queens(4), f)
    assert xcc.read_dlx(f).options == queens(4).options
    refused(lambda: xcc.read_dlx(f, limit=10), "larger than the limit")
    refused(lambda: xcc.parse_dlx("a\0 b\na\n"), "control character", "<string>:1:2")


def test_writes_are_atomic(tmp_path, monkeypatch):
    target = tmp_path / "out.txt"
    textio.write_text(target, "old\n")
    os.chmod(target, 0o640)
    textio.write_text(target, "new\n")
    assert target.read_text() == "new\n" and (os.stat(target).st_mode & 0o777) == 0o640

    def broken(src, dst):
        raise KeyboardInterrupt   # Ctrl-C between the write and the rename
    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(KeyboardInterrupt):
        textio.write_text(target, "half")
    assert target.read_text() == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]   # no temporary left


def test_write_faults(tmp_path):
    refused(lambda: textio.write_text(tmp_path / "no" / "x.txt", "x"), "no such directory")
    refused(lambda: textio.write_text(tmp_path, "x"), "is a directory")
    if os.path.exists("/dev/full"):
        refused(lambda: textio.write_text("/dev/full", "x" * 10_000), "no space left",
                "/dev/full")
    with pytest.raises(masyu.MasyuError, match="no such directory"):
        masyu.dump([masyu.Puzzle(2, 2)], tmp_path / "no" / "x.txt")
    with pytest.raises(xcc.XCCError, match="no such directory"):
        xcc.write_dlx(queens(4), tmp_path / "no" / "x.dlx")


def test_a_read_only_directory(tmp_path):
    ro = tmp_path / "ro"
    ro.mkdir()
    os.chmod(ro, 0o555)
    try:
        probe = ro / "probe"
        try:
            probe.write_text("x")
        except PermissionError:
            pass
        else:
            probe.unlink()
            pytest.skip("permissions are not enforced here (root)")
        refused(lambda: textio.write_text(ro / "x.txt", "x"), "permission denied")
    finally:
        os.chmod(ro, 0o755)


def test_a_fifo_with_a_writer(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_text("pzprv3/mashu/2/2/. 1 /2 . /"))
    writer.start()
    assert masyu.Puzzle.parse(textio.read_text(fifo)).pearls == (((0, 1), "W"), ((1, 0), "B"))
    writer.join()

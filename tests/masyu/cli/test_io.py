"""I/O at the doors of both commands: full disks, unwritable folders, broken pipes,
pipes and devices given as paths, endless input; always one line, never a traceback.

The commands run in subprocesses through their real entry points, so that what the
shell sees (exit code, stderr, files left) is what is checked.
"""
from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
BIN = Path(sys.executable).parent
MASYU = [str(BIN / "masyu")]
XCC = [str(BIN / "xcc")]
GAME = "6x6:eBbBfWbWbBaBcWbBe"

needs_dev_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")


def sh(command: str, **kw) -> subprocess.CompletedProcess:
    """Run a shell command line (bash: for <(...) and pipes) with the venv's commands."""
    env = dict(os.environ, PATH=f"{BIN}:{os.environ.get('PATH', '')}")
    return subprocess.run(["bash", "-c", command], capture_output=True, text=True, env=env,
                          cwd=kw.pop("cwd", ROOT), timeout=120, **kw)


def one_line(r: subprocess.CompletedProcess, prefix: str, code: int = 2, *words: str) -> str:
    assert r.returncode == code, (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr and "Exception ignored" not in r.stderr, r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(prefix + ": "), r.stderr
    for w in words:   # (the reason as xcc.textio words it, or Python's strerror)
        assert w.lower() in lines[0].lower(), lines[0]
    return lines[0]


@needs_dev_full
@pytest.mark.parametrize("command", [
    f"masyu solve {GAME} -q > /dev/full",
    f"masyu solve {GAME} --all -q --format json > /dev/full",
    f"masyu count {GAME} --json -q > /dev/full",
    f"masyu convert {GAME} --to svg > /dev/full",
    f"masyu encode {GAME} > /dev/full",
    "masyu generate --size 6x6 --seed 1 -q > /dev/full",
    "masyu count examples/puzzles.txt --each -q > /dev/full",
    "masyu list examples/puzzles.txt > /dev/full",
    "masyu --help > /dev/full",
])
def test_a_full_disk_is_one_line_and_exit_2(command):
    one_line(sh(command), "masyu", 2, "space left on")


@needs_dev_full
@pytest.mark.parametrize("command", [
    "xcc solve examples/queens8.dlx > /dev/full",
    "xcc count examples/queens8.dlx --json > /dev/full",
])
def test_xcc_on_a_full_disk_too(command):
    one_line(sh(command), "xcc", 2, "space left on")


@needs_dev_full
@pytest.mark.parametrize("command", [
    f"masyu encode {GAME} -o /dev/full",
    f"masyu solve {GAME} -o /dev/full",
    f"masyu render {GAME} --svg /dev/full",
    "masyu count examples/puzzles.txt --each -q -o /dev/full",
    "masyu generate --seed 1 -q --solutions /dev/full",
])
def test_devices_as_output_files_are_written_not_replaced(command):
    one_line(sh(command), "masyu", 2, "/dev/full", "space left on")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)      # still the device
    r = sh(command.replace("/dev/full", "/dev/null"))
    assert r.returncode == 0 and stat.S_ISCHR(os.stat("/dev/null").st_mode)


def _read_only_folder(tmp_path: Path) -> Path:
    """A folder this process cannot write in: a chmod 555 one, or (as root, who may write
    anywhere) a read-only mount; skip where there is none."""
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    candidates = [folder, Path("/sys"), Path("/proc")]
    for candidate in candidates:
        try:
            fd, name = tempfile.mkstemp(dir=candidate)
        except OSError:
            return candidate
        os.close(fd)
        os.unlink(name)
    pytest.skip("no folder here refuses this user (root without a read-only mount)")


@pytest.mark.parametrize("options", [
    ["solve", GAME, "-o", "{dir}/loop.txt"],
    ["solve", GAME, "--all", "--format", "svg", "--out-dir", "{dir}/svgs"],
    ["solve", str(EXAMPLES / "puzzles.txt"), "--each", "--solutions", "{dir}/s.txt"],
    ["count", str(EXAMPLES / "puzzles.txt"), "--each", "-o", "{dir}/rows.jsonl"],
    ["encode", GAME, "-o", "{dir}/p.dlx"],
    ["render", GAME, "--svg", "{dir}/p.svg"],
    ["generate", "--size", "20x20", "--seed", "1", "--difficulty", "hard", "--solutions",
     "{dir}/s.txt"],
])
def test_an_unwritable_folder_is_refused_before_the_work(tmp_path, options):
    folder = _read_only_folder(tmp_path)
    args = [a.replace("{dir}", str(folder)) for a in options]
    r = subprocess.run(MASYU + args, capture_output=True, text=True, timeout=60)
    line = one_line(r, "masyu", 2, str(folder))
    assert any(why in line.lower() for why in ("permission denied", "read-only", "not permitted")), line
    assert r.stdout == ""          # refused before a puzzle was made or solved
    if folder.is_relative_to(tmp_path):
        assert list(folder.iterdir()) == []


def test_a_missing_folder_is_one_line(tmp_path):
    r = subprocess.run(MASYU + ["encode", GAME, "-o", str(tmp_path / "no" / "p.dlx")],
                       capture_output=True, text=True)
    one_line(r, "masyu", 2, "no/p.dlx")
    r = subprocess.run(MASYU + ["generate", "--seed", "1", "--solutions",
                                str(tmp_path / "no" / "s.txt")], capture_output=True, text=True)
    one_line(r, "masyu", 2, "no/s.txt")
    assert r.stdout == ""


def test_an_interrupted_or_failed_write_keeps_the_old_file(tmp_path):
    target = tmp_path / "p.dlx"
    target.write_text("old\n")
    r = subprocess.run(MASYU + ["encode", "3x3:Wz", "-o", str(target)], capture_output=True,
                       text=True)
    assert r.returncode == 2 and target.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.dlx"]
    r = subprocess.run(MASYU + ["encode", GAME, "-o", str(target)], capture_output=True,
                       text=True)
    assert r.returncode == 0 and target.read_text().startswith("| masyu")
    assert oct(target.stat().st_mode & 0o777) != "0o600"   # a normal file, not mkstemp's


def test_a_broken_pipe_is_exit_1_and_silent():
    r = sh(f"masyu solve 3x3:i --all --format json -q | head -c 1 > /dev/null; "
           f"exit ${{PIPESTATUS[0]}}")
    assert r.returncode in (0, 1) and r.stderr == ""
    r = sh("masyu count '6x6:zj' --weak --each -q 2>&1 >/dev/null; "
           "masyu solve 6x6:zj --weak --all --format json -q | head -1 >/dev/null; "
           "exit ${PIPESTATUS[0]}")
    assert r.returncode == 1 and r.stderr == "" and "Traceback" not in r.stdout


def test_pipes_and_devices_are_files():
    r = sh("masyu solve <(cat examples/puzzle.txt) --format box -q")
    assert r.returncode == 0 and r.stdout == (EXAMPLES / "loop.txt").read_text(encoding="utf-8")
    r = sh("masyu solve /dev/stdin --format box -q < examples/puzzle.txt")
    assert r.returncode == 0 and r.stdout == (EXAMPLES / "loop.txt").read_text(encoding="utf-8")
    r = sh("cat examples/puzzles.txt | masyu count -#rcra-masyu06 --weak")
    assert r.returncode == 0 and r.stdout == "12 weak solutions\n"
    r = sh("masyu count /dev/stdin#rcra-masyu06 --weak < examples/puzzles.txt")
    assert r.returncode == 0 and r.stdout == "12 weak solutions\n"
    r = sh("cat examples/queens8.dlx | xcc count /dev/stdin -q")
    assert r.returncode == 0 and r.stdout.startswith("Altogether 92 solutions")


def test_a_fifo_is_read(tmp_path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    r = sh(f"cat examples/puzzle.txt > {fifo} & masyu solve {fifo} --format box -q")
    assert r.returncode == 0 and r.stdout == (EXAMPLES / "loop.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("command, prefix, words", [
    ("masyu count /dev/zero", "masyu", ["/dev/zero", "NUL byte"]),
    ("xcc count /dev/zero", "xcc", ["/dev/zero", "larger than"]),
    ("masyu solve /tmp", "masyu", ["/tmp: is a directory"]),
    ("xcc count /tmp", "xcc", ["/tmp", "is a directory"]),
    ("masyu solve puzzles.txt#rcra-masyu06", "masyu", ["puzzles.txt: no such file"]),
    ("masyu solve mypuzzle", "masyu", ["mypuzzle: no such file, nor a puzzle"]),
    ("masyu solve examples/puzzles.txt", "masyu", ["6 puzzles", "#rcra-masyu05", "--each"]),
    ("printf 'W\\0.' | masyu solve -", "masyu", ["<stdin>"]),
    ("printf '\\377' | masyu solve -", "masyu", ["<stdin>: not UTF-8"]),
    ("printf '\\377' | xcc count -", "xcc", ["<stdin>: not UTF-8"]),
])
def test_bad_files_are_one_line(command, prefix, words):
    one_line(sh(command), prefix, 2, *words)


def test_file_name_reads_only_the_named_puzzle(tmp_path):
    # a broken puzzle elsewhere in the file does not matter: only the named block is parsed
    text = (EXAMPLES / "puzzles.txt").read_text(encoding="utf-8")
    broken = tmp_path / "c.txt"
    broken.write_text("# bad size=2x2\nQQ\nQQ\n\n" + text, encoding="utf-8")
    r = sh(f"masyu count {broken}#rcra-masyu06 --weak")
    assert r.returncode == 0 and r.stdout == "12 weak solutions\n", r.stderr
    r = sh(f"masyu count {broken}#bad")
    one_line(r, "masyu", 2, "c.txt, line 2, column 1")


def test_minus_hash_name_is_not_an_option():
    r = sh("masyu solve --seed -#x 2>&1; cat examples/puzzles.txt | masyu convert -#puzsq-9833 "
           "--to url")
    assert r.stdout.splitlines()[-1].startswith("https://puzz.link/p?mashu/10/10/"), r.stdout

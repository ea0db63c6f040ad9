"""Long runs under batch systems lose nothing (issue 31): SIGTERM (``timeout``,
SLURM, ``docker stop``) and SIGHUP (a closed ssh session) stop a count as Ctrl-C
does: the count so far printed, the documented exit code (129 HUP, 130 INT, 143
TERM: docs/batch.md), the state kept, and ``--resume FILE`` goes on to the total
of an uninterrupted run, its counters summing to the same statistics.

The board: an empty 7x5, whose weak count takes about two seconds of CPU.  The
total is checked against the memo engine's exact count (another engine), and
the counters against those of an uninterrupted sequential run of engine "c",
recorded here."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ...interrupting import child, signal_at_progress

BOARD = "7x5:zi"
# masyu count 7x5:zi --weak --json (uninterrupted, engine c, encoding 423)
COUNTERS = {"nodes": 20554243, "updates": 114756423, "cleansings": 56456376,
            "mems": 2569503987, "max_level": 35}
# split over 2 workers the 7x5 ends within a second on a quiet machine, before the first
# progress line: an empty 8x5 (masyu count 8x5:zn --weak --json, as above) takes about 8 s
BIG = "8x5:zn"
BIG_COUNTERS = {"nodes": 238208065, "updates": 1322057833, "cleansings": 652577594,
                "mems": 29692317777, "max_level": 40}
MASYU = [sys.executable, "-m", "masyu"]
CODES = {signal.SIGINT: 130, signal.SIGHUP: 129, signal.SIGTERM: 143}


def run(*args, **kw):
    return subprocess.run([*MASYU, *map(str, args)], capture_output=True, text=True,
                          timeout=300, **kw)


def exact_weak(board: str) -> int:
    """The weak count by the memo engine: an independent source."""
    r = run("count", board, "--weak", "--exact", "--json", "-q")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)["weak"]


@pytest.fixture(scope="module")
def total():
    return exact_weak(BOARD)


def state_named(err: str, cwd: Path) -> Path:
    """The state file the one-line message names."""
    lines = [line for line in err.splitlines() if "--resume" in line]
    assert len(lines) == 1 and len(lines[0]) < 200, err
    path = cwd / lines[0].rsplit("--resume ", 1)[1].strip()
    assert path.exists(), err
    return path


@pytest.mark.parametrize("signum,jobs", [(signal.SIGTERM, None), (signal.SIGHUP, None),
                                         (signal.SIGTERM, 2), (signal.SIGHUP, 2)])
def test_stopped_count_prints_partial_and_resumes_to_the_total(signum, jobs, total, tmp_path):
    split = [] if jobs is None else ["--jobs", str(jobs)]
    board, counters = (BOARD, COUNTERS) if jobs is None else (BIG, BIG_COUNTERS)
    total = total if jobs is None else exact_weak(BIG)
    code, out, err = signal_at_progress([*MASYU, "count", board, "--weak", *split],
                                        signum, cwd=tmp_path)
    assert code == CODES[signum], err
    assert "Traceback" not in err and "resource_tracker" not in err, err
    first = out.strip().splitlines()
    assert len(first) == 1 and first[0].endswith("weak solutions so far (interrupted)"), out
    partial = int(first[0].split()[0].replace(",", ""))
    assert 0 <= partial < total
    state = state_named(err, tmp_path)
    r = run("count", board, "--weak", *split, "--resume", state, "--json", "-q", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    assert got["weak"] == total
    assert {k: got[k] for k in counters} == counters


def test_term_to_the_command_alone_as_docker_stop(total, tmp_path):
    """SIGTERM to the main process only (docker stop): its workers stop with it."""
    code, out, err = signal_at_progress([*MASYU, "count", BIG, "--weak", "--jobs", "2"],
                                        signal.SIGTERM, group=False, cwd=tmp_path)
    assert code == 143 and "so far (interrupted)" in out and "Traceback" not in err, err
    state_named(err, tmp_path)


def empty(rows: int, cols: int, name: str) -> str:
    return f"# {name} size={rows}x{cols}\n" + ("." * cols + "\n") * rows + "\n"


def test_each_rows_are_in_the_named_file_and_resume_from_it(tmp_path):
    """--each -o rows.jsonl: the rows finished before SIGTERM are in rows.jsonl itself
    (whole lines, no hidden part file), and --resume rows.jsonl does the rest."""
    boards = [(5, 5, "a"), (4, 6, "b"), (5, 4, "c"), (7, 5, "d"), (4, 4, "e")]
    collection = tmp_path / "boards.txt"
    collection.write_text("".join(empty(r, c, n) for r, c, n in boards))
    rows = tmp_path / "rows.jsonl"

    def three_rows() -> bool:
        return rows.exists() and rows.read_text().count("\n") >= 3

    code, out, err = signal_at_progress([*MASYU, "count", collection, "--each", "--weak",
                                         "-o", rows], signal.SIGTERM, ready=three_rows,
                                        cwd=tmp_path)
    assert code == 143 and "Traceback" not in err, err
    text = rows.read_text()
    assert text.endswith("\n") and [json.loads(line)["name"] for line in text.splitlines()] \
        == ["a", "b", "c"]
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".part")]
    r = run("count", collection, "--each", "--weak", "--resume", rows, "-q", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    got = {d["name"]: d["weak"] for d in map(json.loads, rows.read_text().splitlines())}
    # the memo engine's exact counts: another engine
    exact = run("count", collection, "--each", "--weak", "--exact", "-q")
    assert exact.returncode == 0, exact.stderr
    want = {d["name"]: d["weak"] for d in map(json.loads, exact.stdout.splitlines())}
    assert got == want and len(got) == 5 and want["d"] == 3185462


def test_resume_cuts_a_row_written_half(tmp_path):
    """A row cut short (a crash mid-write) is dropped and done again; whole rows kept."""
    collection = tmp_path / "boards.txt"
    collection.write_text(empty(3, 3, "a") + empty(4, 4, "b"))
    rows = tmp_path / "rows.jsonl"
    r = run("count", collection, "--each", "--weak", "-o", rows, "-q")
    assert r.returncode == 0, r.stderr
    whole = rows.read_text().splitlines(keepends=True)
    rows.write_text(whole[0] + whole[1][:20])
    r = run("count", collection, "--each", "--weak", "--resume", rows, "-q")
    assert r.returncode == 0, r.stderr
    again = rows.read_text().splitlines(keepends=True)
    assert again[0] == whole[0] and len(again) == 2
    assert json.loads(again[1])["weak"] == json.loads(whole[1])["weak"]


# the console script's steps, saying when the interpreter's own start-up is over (a
# signal before that, while Python imports site, is Python's to report, not ours)
LAUNCH = ("import sys; from masyu.launch import main; print('ready', flush=True); "
          "sys.argv[0] = 'masyu'; main()")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_signal_during_start_up_is_one_line(signum, tmp_path):
    """A stop signal while the command imports and starts its workers: one line, not
    a traceback, nor a hang (a stop inside an import once left the import lock held)."""
    for delay in (0.0, 0.05, 0.15, 0.3):
        with child([sys.executable, "-c", LAUNCH, "count", BOARD, "--weak", "--jobs", "2"],
                   cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
            assert proc.stdout.readline() == "ready\n"
            time.sleep(delay)
            os.killpg(proc.pid, signum)
            out, err = proc.communicate()
        assert "Traceback" not in err and len(err.splitlines()) <= 3, err
        assert proc.returncode in (CODES[signum], -signum), (proc.returncode, err)


@pytest.mark.parametrize("entry", ["masyu", "xcc"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_signal_between_the_entry_import_and_its_main_is_one_line(entry, signum, tmp_path):
    """A console script runs lines of its own between the import of its entry module and
    the call of ``main`` (``sys.argv[0]`` rewritten, then ``sys.exit(main())``): a stop
    signal there, made to land by a pause in those lines, ends with one line and the
    code of the signal, not a traceback nor the command run (``--version`` would end 0)."""
    script = (f"import sys, time; from {entry}.launch import main; print('ready', flush=True); "
              f"time.sleep(1); sys.argv[0] = '{entry}'; main()")
    with child([sys.executable, "-c", script, "--version"], cwd=tmp_path,
               stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout.readline() == "ready\n"
        os.killpg(proc.pid, signum)
        out, err = proc.communicate()
    assert (proc.returncode, out, err) == (CODES[signum], "", f"{entry}: interrupted\n")

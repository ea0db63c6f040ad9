"""The quick path of ``xcc count FILE`` (xcc/csrc/glue/quick.c) against the full
command (xcc/cli.py): the same output, statistics and exit code for every
call it takes, and every other call left to the full command."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from xcc.cli import app

native = pytest.importorskip("xcc._native")
BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "dlx"
SECONDS = re.compile(r'\d+\.\d{3} s$|"(cpu_)?seconds": [0-9.e-]+')


def full(argv: list[str]) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, argv)
    return r.exit_code, r.stdout, r.stderr


def fast(argv: list[str], capsys) -> tuple[int | None, str, str]:
    code = native.quick(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def masked(text: str) -> str:
    return SECONDS.sub("SECONDS", text.strip())


@pytest.mark.parametrize("name", ["queens4.dlx", "queens8.dlx", "psm-6x6-easy-2581930-423.dlx",
                                  "color.dlx",
                                  "empty3x3-422.dlx", "psm-8x8-easy-1819520-422.dlx"])
@pytest.mark.parametrize("flags", [[], ["--json"], ["--quiet"], ["--json", "-q"]])
def test_the_quick_path_prints_what_the_command_prints(name, flags, capsys):
    argv = ["count", str(BENCH / name), *flags]
    code, out, err = fast(argv, capsys)
    assert code is not None, "the quick path must take this call"
    expected_code, expected, expected_err = full(argv)
    assert (code, masked(out), err) == (expected_code, masked(expected), expected_err)
    if "--json" in flags:
        assert json.loads(out)["complete"] is True


def test_no_solution_exits_1(tmp_path, capsys):
    f = tmp_path / "none.dlx"
    f.write_text("a b\na\n")
    code, out, _ = fast(["count", str(f)], capsys)
    assert code == 1 and (code, masked(out)) == (1, masked(full(["count", str(f)])[1]))


def test_other_calls_go_to_the_full_command(tmp_path, capsys):
    bad = tmp_path / "bad.dlx"
    bad.write_text("a b\na c\n")
    wide = tmp_path / "wide.dlx"
    wide.write_text("a | \u00e9\na \u00e9:1\n")
    for argv in (["count"], ["solve", str(BENCH / "queens4.dlx")], ["count", "-"],
                 ["count", str(BENCH / "queens4.dlx"), "--limit", "1"],
                 ["count", str(BENCH / "queens4.dlx"), "-e", "c"],
                 ["count", str(bad)], ["count", str(wide)], ["count", str(tmp_path / "missing")],
                 ["count", str(tmp_path)], ["--help"]):
        assert fast(argv, capsys) == (None, "", ""), argv


def test_the_entry_point_is_quick():
    """``xcc count FILE`` imports neither typer nor numpy."""
    code = ("import sys\nfrom xcc import main\nsys.argv[1:] = ['count', sys.argv[1]]\n"
            "try:\n    main()\nexcept SystemExit as stop:\n"
            "    print(stop.code, 'typer' in sys.modules, 'numpy' in sys.modules, file=sys.stderr)\n")
    r = subprocess.run([sys.executable, "-c", code, str(BENCH / "queens8.dlx")],
                       capture_output=True, text=True, timeout=60)
    assert r.stdout.startswith("Altogether 92 solutions")
    assert r.stderr.split()[:2] == ["0", "False"]


def test_ctrl_c_reports_what_was_counted(tmp_path):
    """Progress on stderr while it runs; Ctrl-C prints the count so far, exit 130."""
    import os
    import signal
    import time

    import xcc
    from xcc.examples import queens
    path = tmp_path / "queens16.dlx"
    xcc.write_dlx(queens(16), path)  # minutes of search
    command = Path(sys.executable).with_name("xcc")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    proc = subprocess.Popen([str(command), "count", str(path)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    time.sleep(2.5)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130, (out, err)
    assert re.fullmatch(r"Altogether [\d,]+ solutions, [\d,]+ nodes, [\d,]+ updates, 0 cleansings, "
                        r"[\d,]+ mems, max level \d+, \d+\.\d{3} s \(stopped early\) \[interrupted\]\n",
                        out), out
    assert re.match(r"\.\.\. \d+ solutions, \d+ nodes \([\d,]+ nodes/s\)\n", err), err


def test_options_without_primary_items_dropped_as_the_full_command_drops_them(tmp_path, capsys):
    """Several such options between others (the quick path rebuilds the arrays)."""
    f = tmp_path / "mixed.dlx"
    f.write_text("a b c | x y\nx:1\na x:0\ny:2 x:0\nb c y:2\nb\ny\nc x:0\na b c\n")
    argv = ["count", str(f)]
    code, out, err = fast(argv, capsys)
    assert code is not None and err.count("option ignored") == 3
    assert (code, masked(out), err) == (full(argv)[0], masked(full(argv)[1]), full(argv)[2])


def test_the_quick_path_imports_only_the_extension():
    """Its cost after ``import xcc`` is what DLX2's whole run is compared with
    (benchmarks/dlx2.py): no typer, numpy, typing, xcc.textio or array."""
    code = ("import sys, os, xcc\n"
            "before = set(sys.modules)\n"
            "sys.stdout = open(os.devnull, 'w')\n"
            "from xcc._native import quick\n"
            f"assert quick(['count', {str(BENCH / 'color.dlx')!r}]) == 0\n"
            "sys.stdout = sys.__stdout__\n"
            "print(' '.join(sorted(set(sys.modules) - before)))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert set(r.stdout.split()) <= {"xcc._native"}, r.stdout


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_disk_is_one_line_and_exit_2_as_in_the_full_command():
    command = str(Path(sys.executable).with_name("xcc"))
    said = []
    for extra in ([], ["--limit", "1000"]):  # the quick path; the full command
        with open("/dev/full", "w") as out:
            r = subprocess.run([command, "count", str(BENCH / "queens4.dlx"), *extra], stdout=out,
                               stderr=subprocess.PIPE, text=True, timeout=60)
        said.append((r.returncode, r.stderr))
    assert said[0] == said[1] == (2, "xcc: cannot write the output: No space left on device\n")


def test_the_quick_path_takes_exactly_the_options_the_declaration_marks_quick(capsys):
    """quick.c's options are those ``xcc.cli.COUNT`` marks quick, with the same meaning
    (the output of the full command, above); every other declared option, and any
    other argument, is left to the full command."""
    from xcc.cli import COUNT
    queens = str(BENCH / "queens4.dlx")
    taken = set()
    for p in COUNT:
        value = [] if p.is_flag else (["3"] if p.kind is int else ["x"])
        for flag in p.flags:
            code, out, err = fast(["count", queens, flag, *value], capsys)
            if code is not None:
                taken.add(flag)
                assert (code, masked(out), masked(err)) == tuple(
                    masked(x) if isinstance(x, str) else x
                    for x in full(["count", queens, flag, *value])), flag
    assert taken == {flag for p in COUNT if p.quick for flag in p.flags}
    assert all(p.is_flag for p in COUNT if p.quick)
    for other in (["--stats"], ["--nonesuch"], ["-x"], ["--json=1"], ["-qn", "2"], ["--"],
                  ["--help"]):
        assert fast(["count", queens, *other], capsys) == (None, "", ""), other

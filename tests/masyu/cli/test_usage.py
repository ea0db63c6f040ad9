"""The command line as a new user meets it: one-line usage errors, plain help, --version,
the same short options in both commands, a fast start, the default method.

Usage errors are formatted by ``masyu.cli.main`` / ``xcc.cli.main`` (the real entry
points), so these tests run them in subprocesses.
"""
from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import masyu.cli
import xcc
from masyu.cli import COMMANDS, app

ROOT = Path(__file__).resolve().parents[3]
MASYU = [sys.executable, "-m", "masyu"]
XCC = [sys.executable, "-m", "xcc"]
GAME = "6x6:eBbBfWbWbBaBcWbBe"


def call(args, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=120, cwd=ROOT, **kw)


@pytest.mark.parametrize("args, words", [
    (MASYU + ["count", "3x3:i", "--method", "foo"], ["'--method'", "'foo' is not one of 'auto'"]),
    (MASYU + ["count", "3x3:i", "--limit", "0"], ["'--limit'", "greater than or equal to 1"]),
    (MASYU + ["solve", "3x3:i", "--weak=3"], ["--weak"]),
    (MASYU + ["count"], ["missing argument 'PUZZLE'"]),
    (MASYU + ["sovle", GAME], ["no such command 'sovle'", "'solve'"]),
    (MASYU + ["solve", GAME, "--nonesuch"], ["no such option: --nonesuch"]),
    (XCC + ["count", "x.dlx", "--limit", "0"], ["'--limit'"]),
    (XCC + ["cuont"], ["no such command"]),
])
def test_usage_errors_are_one_line_and_exit_2(args, words):
    r = call(args)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.splitlines()
    prefix = "xcc: " if args[2] == "xcc" else "masyu: "
    assert len(lines) == 1 and lines[0].startswith(prefix), r.stderr
    for w in words:
        assert w in lines[0], lines[0]


@pytest.mark.parametrize("command", [MASYU, XCC])
def test_version(command):
    r = call(command + ["--version"])
    assert r.returncode == 0 and r.stdout.split()[1][0].isdigit(), r.stdout


@pytest.mark.parametrize("args", [
    ["--help"], ["solve", "--help"], ["count", "--help"], ["check", "--help"],
    ["generate", "--help"], ["list", "--help"],
])
def test_help_is_plain_text_without_type_noise(args):
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0
    text = r.stdout
    assert "<bool>" not in text and "{PUZZLE}" not in text and "╭" not in text, text


def test_xcc_help_is_plain_too():
    r = call(XCC + ["count", "--help"])
    assert "Usage: xcc count [OPTIONS] FILE" in r.stdout and "<bool>" not in r.stdout


def test_the_short_options_mean_the_same_in_both_commands():
    masyu_count = CliRunner().invoke(app, ["count", "--help"]).stdout
    xcc_count = call(XCC + ["count", "--help"]).stdout
    for text in (masyu_count, xcc_count):
        assert "-n, --limit N" in text and "-q, --quiet" in text


def test_the_summaries_are_the_first_lines_of_the_docstrings():
    for name, (module, function, summary) in COMMANDS.items():
        verb = getattr(__import__(f"masyu.cli.{module}", fromlist=[function]), function)
        assert verb.__doc__.splitlines()[0] == summary, name
    listed = CliRunner().invoke(app, ["--help"]).stdout
    for name, (_, _, summary) in COMMANDS.items():
        assert f"{name}" in listed and summary in " ".join(listed.split()), name


def _imported(args: list[str]) -> set[str]:
    code = ("import sys, runpy\n"
            "sys.argv = ['masyu'] + sys.argv[1:]\n"
            "try:\n    from masyu.cli import main; main()\n"
            "except SystemExit:\n    pass\n"
            "print('MODULES', ' '.join(sorted(m for m in sys.modules if m.startswith('masyu.cli'))),"
            " file=sys.stderr)")
    r = call([sys.executable, "-c", code, *args])
    line = [ln for ln in r.stderr.splitlines() if ln.startswith("MODULES")][0]
    return set(line.split()[1:])


def test_the_cli_imports_only_the_modules_a_command_needs():
    assert _imported(["--help"]) == {"masyu.cli", "masyu.cli.common", "masyu.cli.full"}
    quick = _imported(["solve", GAME, "-q"])   # the quick path: the verbs, no Typer
    assert {"masyu.cli.solving", "masyu.cli.listing"} <= quick
    assert not quick & {"masyu.cli.full", "masyu.cli.each", "masyu.cli.jobs",
                        "masyu.cli.puzzles"}, quick
    assert {"masyu.cli.solving", "masyu.cli.each"} <= _imported(["solve", GAME, "-q", "--each"])
    assert "masyu.cli.playing" not in _imported(["solve", GAME, "--each"])
    assert "masyu.cli.generating" not in _imported(["count", GAME, "-q"])


def test_the_default_method_is_auto_and_fast():
    # psm's 40x40 (guard: minutes); auto proves it unique with the prover
    puzzle = f"{ROOT}/tests/data/puzzles/psm.txt#psm-40x40-hard-Jan"
    r = CliRunner().invoke(app, ["count", puzzle, "--json", "-q"])
    d = json.loads(r.stdout)
    assert r.exit_code == 0 and d["strong"] == 1 and d["complete"]
    assert (d["method"], d["engine"]) == ("deduce", "deduce") or (   # deduction first (issue 34)
        d["method"] in ("guard", "propagate") and d["engine"] in ("sat", xcc.DEFAULT_ENGINE))
    help_text = " ".join(CliRunner().invoke(app, ["solve", "--help"]).stdout.split())
    assert "[default: (auto)]" in help_text and "auto: the fastest for the task" in help_text


def test_several_svg_pictures_make_one_document_or_a_folder(tmp_path):
    r = CliRunner().invoke(app, ["solve", "3x3:i", "--all", "--format", "svg", "-q"])
    assert r.exit_code == 0 and r.stdout.count("<svg") == 13 + 1   # 13 in one document
    r = CliRunner().invoke(app, ["solve", "3x3:i", "--all", "--format", "svg", "--out-dir",
                                 str(tmp_path / "svgs"), "-q"])
    files = sorted((tmp_path / "svgs").iterdir())
    assert r.exit_code == 0 and len(files) == 13
    assert all(f.read_text().lstrip().startswith("<svg") and f.read_text().count("<svg") == 1
               for f in files)
    # numbered with zeros in front, so that the names sort in the order found: the
    # k-th file holds the k-th loop of the document printed above (issue 31)
    assert [f.name for f in files] == [f"3x3-{k:02d}.svg" for k in range(1, 14)] or \
        [f.name.rsplit("-", 1)[1] for f in files] == [f"{k:02d}.svg" for k in range(1, 14)]
    shown = CliRunner().invoke(app, ["solve", "3x3:i", "--all", "--format", "svg", "-q"]).stdout
    inner = [part.split("</svg>")[0] for part in shown.split("<svg")[2:]]
    assert [f.read_text().split("<svg", 1)[1].split(">", 1)[1].split("</svg>")[0] for f in files] \
        == [part.split(">", 1)[1] for part in inner]
    r = CliRunner().invoke(app, ["solve", "3x3:i", "--limit", "12", "--format", "svg",
                                 "--out-dir", str(tmp_path / "twelve"), "-q"])
    assert sorted(f.name.rsplit("-", 1)[1] for f in (tmp_path / "twelve").iterdir()) == \
        [f"{k:02d}.svg" for k in range(1, 13)]


def test_the_count_of_one_is_singular():
    r = CliRunner().invoke(app, ["count", GAME])
    assert r.stdout == "1 strong solution\n" and "1 solution," in r.stderr


def test_the_tool_reads_its_own_picture():
    r = subprocess.run(f"{MASYU[0]} -m masyu solve {GAME} -q | {MASYU[0]} -m masyu check "
                       f"{GAME} -", shell=True, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and r.stdout == "valid strong solution\n", r.stderr

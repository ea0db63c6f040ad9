"""The masyu verbs explain, hint and ambiguity, end to end (exit codes 0 / 1 / 2)."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

import pytest
from typer.testing import CliRunner

from masyu import Loop
from masyu.cli import app
from masyu.collection import load_solutions

from ...interrupting import child


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(app, list(args), input=stdin)


@pytest.fixture(scope="module")
def psm(shared):
    return str(shared / "puzzles" / "psm.txt")


@pytest.fixture(scope="module")
def loops(shared):
    return load_solutions(shared / "puzzles" / "psm_solutions.txt")


EASY = "psm-6x6-easy-3184225"
HARD = "psm-8x8-hard-8147923"      # the deducer is stuck on it: it needs search


def test_explain_json_is_the_contract_and_ends_with_the_stored_loop(psm, loops):
    r = run("explain", f"{psm}#{EASY}", "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    assert got["result"] == "solved" and got["level"] == 1
    assert Loop.parse(got["loop"], format="box") == loops[EASY]
    for step in got["steps"]:
        for r1, c1, r2, c2, v in step["set"]:
            assert (((r1, c1), (r2, c2)) in loops[EASY].edges) == bool(v)


def test_explain_text_numbers_the_steps_and_says_how_it_ends(psm):
    r = run("explain", f"{psm}#{EASY}")
    assert r.exit_code == 0
    assert r.stdout.startswith(" 1. [") and "solved: the loop is closed" in r.stdout
    r = run("explain", f"{psm}#{HARD}")
    assert r.exit_code == 1
    assert "stuck: the rest needs search (level 3: search)" in r.stdout


def test_svg_steps_writes_one_picture_per_step(psm, tmp_path):
    out = tmp_path / "steps"
    r = run("explain", f"{psm}#{EASY}", "--json", "--svg-steps", str(out), "--theme", "contrast")
    n = len(json.loads(r.stdout)["steps"])
    files = sorted(p.name for p in out.iterdir())
    assert files == ["end.svg"] + [f"step-{k:04d}.svg" for k in range(1, n + 1)]
    for name in files[:3] + ["end.svg"]:
        ET.parse(out / name)


def test_hint_gives_the_next_step_or_names_the_wrong_mark(psm, loops, tmp_path):
    loop = loops[EASY]
    (a, b) = sorted(loop.edges)[0]
    state = json.dumps({"set": [[*a, *b, 1]]})
    r = run("hint", f"{psm}#{EASY}", "--state", state, "--json")
    assert r.exit_code == 0, r.output
    got = json.loads(r.stdout)
    assert got["kind"] == "step" and got["wrong"] == []
    for r1, c1, r2, c2, v in got["step"]["set"]:
        assert (((r1, c1), (r2, c2)) in loop.edges) == bool(v)
    f = tmp_path / "state.json"
    f.write_text(json.dumps({"set": [[*a, *b, 0]]}))
    r = run("hint", f"{psm}#{EASY}", "--state", str(f))
    assert r.exit_code == 1
    assert "1 mark is wrong" in r.stdout and "wrong:" in r.stdout
    r = run("hint", f"{psm}#{EASY}", "--state", "-", stdin=loop.to("box"))
    assert r.exit_code == 0 and r.stdout.startswith("Solved")


def test_hint_reads_a_pzprv3_state(psm, loops, shared):
    import masyu
    p = next(p for p in masyu.load(shared / "puzzles" / "psm.txt") if p.name == EASY)
    r = run("hint", f"{psm}#{EASY}", "--state", p.to("pzprv3", loops[EASY]))
    assert r.exit_code == 0 and r.stdout.startswith("Solved")


@pytest.mark.parametrize("state, message", [
    ('{"set": [[0, 0, 1, 1, 1]]}', "masyu: --state, set, mark 1: the two cells of an edge"),
    ("no-such-file.json", "masyu: --state: no such file"),
    ('{"set": [[0, 0, 0, 1, 1]', "masyu: --state, line 1"),
])
def test_bad_states_are_one_line_and_exit_2(psm, state, message):
    r = run("hint", f"{psm}#{EASY}", "--state", state)
    assert r.exit_code == 2
    assert r.stderr.startswith(message) and len(r.stderr.strip().splitlines()) == 1


def test_ambiguity_of_a_draft_and_of_a_unique_puzzle(psm, tmp_path):
    draft = tmp_path / "draft.txt"
    draft.write_text("..W.\n....\n....\n....\n")
    r = run("ambiguity", str(draft), "--json")
    assert r.exit_code == 1
    got = json.loads(r.stdout)
    assert not got["unique"] and got["solutions"] >= 2 and got["cells"]
    assert set(got) == {"solutions", "unique", "first", "second", "cells", "pearls", "text",
                        "interrupted"} and got["interrupted"] is False
    r = run("ambiguity", f"{psm}#{EASY}")
    assert r.exit_code == 0 and "exactly one solution" in r.stdout


def test_a_bad_puzzle_is_exit_2(tmp_path):
    r = run("explain", "..Q.\n....")
    assert r.exit_code == 2 and r.stderr.startswith("masyu: ")


@pytest.mark.parametrize("verb", ["explain", "hint", "ambiguity"])
def test_every_help_has_an_example(verb):
    result = run(verb, "--help")
    assert result.exit_code == 0 and "Example: masyu " + verb in result.stdout
    if verb == "explain":
        assert "premature small loop" in result.stdout      # the rules, from the registry


@pytest.mark.skipif(os.name != "posix", reason="needs SIGINT")
def test_ctrl_c_stops_ambiguity_with_exit_130(shared, tmp_path):
    # a 25x25 psm puzzle less ten pearls: finding its solutions and the pearls that fix
    # them takes about 30 s (less one pearl, deduction's seed settles it within a second)
    import masyu
    p = next(p for p in masyu.load(shared / "puzzles" / "psm.txt")
             if p.rows == 25 and "hard" in p.name)
    draft = tmp_path / "draft.txt"
    draft.write_text("\n".join(masyu.Puzzle(25, 25, dict(p.pearls[10:])).grid) + "\n")
    with child([sys.executable, "-m", "masyu", "ambiguity", str(draft)],
               stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        time.sleep(4)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert err.strip().splitlines()[-1] == "masyu: interrupted"
    assert "Traceback" not in err

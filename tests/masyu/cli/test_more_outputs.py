"""The outputs issue 31 found missing: hint on a blank puzzle, a solved pzprv3
file, several SVG pictures in one document, sample in every format of solve, a
Loop that Jupyter draws with its pearls, shell completion, and -n as --limit in
every verb.  Answers from the stored loop (examples/loop.txt) and the checker."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.dom.minidom
from pathlib import Path

import pytest
from typer.testing import CliRunner

import masyu
from masyu.cli import app

ROOT = Path(__file__).resolve().parents[3]
PUZZLE = str(ROOT / "examples" / "puzzle.txt")
LOOP = masyu.Loop.parse((ROOT / "examples" / "loop.txt").read_text())
P = masyu.Puzzle.parse((ROOT / "examples" / "puzzle.txt").read_text())
WEAK = 20   # weak solutions of examples/puzzle.txt (docs/guide.md)


def run(*args):
    return CliRunner().invoke(app, list(args))


def test_hint_on_a_blank_puzzle_needs_no_state():
    blank = run("hint", PUZZLE)
    marked = run("hint", PUZZLE, "--state", '{"set": []}')
    assert blank.exit_code == 0, blank.output
    assert blank.stdout == marked.stdout and blank.stdout.startswith("The black pearl at (1, 1)")


def test_solve_writes_a_solved_pzprv3_file():
    r = run("solve", PUZZLE, "--format", "pzprv3", "-q")
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("pzprv3\nmashu\n6\n6\n")
    assert masyu.Puzzle.parse(r.stdout).pearls == P.pearls
    assert masyu.Loop.parse(r.stdout, format="pzprv3") == LOOP   # the stored loop


def test_several_pzprv3_files_need_a_folder(tmp_path):
    r = run("solve", PUZZLE, "--weak", "--all", "--format", "pzprv3")
    assert r.exit_code == 2 and r.stderr.startswith("masyu: --format: ")
    ok = run("solve", PUZZLE, "--weak", "--all", "--format", "pzprv3", "--out-dir",
             str(tmp_path), "-q")
    assert ok.exit_code == 0 and len(list(tmp_path.iterdir())) == WEAK


def test_several_svg_pictures_make_one_document():
    r = run("solve", PUZZLE, "--weak", "--all", "--format", "svg", "-q")
    assert r.exit_code == 0, r.output
    doc = xml.dom.minidom.parseString(r.stdout).documentElement
    pictures = [n for n in doc.childNodes if getattr(n, "tagName", None) == "svg"]
    assert len(pictures) == WEAK
    assert len({(p.getAttribute("x"), p.getAttribute("y")) for p in pictures}) == WEAK
    circles = doc.getElementsByTagName("circle")
    assert len(circles) == WEAK * len(P.pearls)


@pytest.mark.parametrize("fmt", ["json", "box", "pzprv3"])
def test_sample_prints_every_format_of_solve(fmt):
    boxes = run("sample", PUZZLE, "-k", "3", "--weak", "--seed", "5", "-q")
    drawn = [masyu.Loop.parse(b, 6, 6) for b in boxes.stdout.split("\n\n")]
    k = 1 if fmt == "pzprv3" else 3
    r = run("sample", PUZZLE, "-k", str(k), "--weak", "--seed", "5", "-q", "--format", fmt)
    assert r.exit_code == 0, r.output
    if fmt == "json":
        loops = [masyu.Loop.parse(line) for line in r.stdout.splitlines()]
    elif fmt == "box":
        loops = [masyu.Loop.parse(b, 6, 6) for b in r.stdout.split("\n\n")]
    else:
        loops = [masyu.Loop.parse(r.stdout, format="pzprv3")]
    assert loops == drawn[:k]
    assert all(not masyu.check(P, loop, weak=True) for loop in loops)


def test_sample_svg_is_one_document():
    r = run("sample", PUZZLE, "-k", "3", "--weak", "-q", "--format", "svg")
    doc = xml.dom.minidom.parseString(r.stdout).documentElement
    assert len([n for n in doc.childNodes if getattr(n, "tagName", None) == "svg"]) == 3


def test_a_loop_of_solve_shows_its_pearls_in_jupyter():
    loop = next(masyu.solve(P))
    assert loop == LOOP and hash(loop) == hash(LOOP)   # the puzzle is no part of the value
    picture = xml.dom.minidom.parseString(loop._repr_svg_()).documentElement
    assert len(picture.getElementsByTagName("circle")) == len(P.pearls)
    assert masyu.sample(P, 1, seed=0)[0].puzzle is P
    assert "<circle" not in LOOP._repr_svg_()   # a loop alone: an empty board
    with pytest.raises(TypeError, match="argument 'puzzle'"):
        LOOP.on(masyu.Puzzle(5, 5))


def _complete(prog: str, words: str) -> list[str]:
    env = dict(os.environ, COMP_WORDS=words, COMP_CWORD=str(len(words.split()) - 1),
               **{f"_{prog.upper()}_COMPLETE": "complete_bash"})
    code = f"import sys; sys.argv[0] = {prog!r}; from {prog} import main; main()"
    if prog == "masyu":
        code = "import sys; sys.argv[0] = 'masyu'; from masyu.cli import main; main()"
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                       timeout=120)
    return r.stdout.split()


def test_shell_completion():
    r = subprocess.run([sys.executable, "-c", "from masyu.cli import main; main()",
                        "--show-completion", "bash"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "_MASYU_COMPLETE=complete_bash" in r.stdout
    assert _complete("masyu", "masyu count --we") == ["--weak"]
    assert _complete("masyu", "masyu count --method b") == ["best"]
    assert _complete("xcc", "xcc co") == ["count"]


def test_n_is_limit_in_every_verb():
    made = {flag: run("generate", "--seed", "3", "--size", "6x6", flag, "2", "-q").stdout
            for flag in ("-n", "--limit", "--count")}
    assert made["-n"].count("size=6x6") == 2
    assert made["-n"] == made["--limit"] == made["--count"]
    for verb in (["solve", PUZZLE, "--weak"], ["count", PUZZLE, "--weak"]):
        assert run(*verb, "-n", "3", "-q").stdout == run(*verb, "--limit", "3", "-q").stdout

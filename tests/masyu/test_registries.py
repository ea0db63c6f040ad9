"""Every choice is named once: the registries, and what reads them (the library's checks,
``Puzzle.to_*``, detection, the CLI's choices, defaults and messages)."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import masyu
import xcc
from masyu import DIFFICULTIES, ENCODINGS, FORMATS, METHODS, MasyuError, Puzzle
from masyu.cli import app
from masyu.formats import LOOP_FORMATS, PUZZLE_FORMATS, detect
from masyu.render import PICTURES

PUZZLE = Puzzle.parse("6x6:eBbBfWbWbBaBcWbBe")


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def test_the_registries_are_exported_with_summaries():
    assert list(ENCODINGS) == ["422", "423"]
    assert list(METHODS) == ["auto", "filter", "guard", "propagate", "best"]
    assert list(DIFFICULTIES) == ["easy", "medium", "hard"]
    assert set(FORMATS) == {"grid", "url", "tatham", "tatham-url", "psm", "pzprv3", "picture",
                            "box", "json"}
    for registry in (ENCODINGS, METHODS, DIFFICULTIES, FORMATS):
        assert all(entry.name == name and entry.summary for name, entry in registry.items())
    assert set(PUZZLE_FORMATS) | set(LOOP_FORMATS) == set(FORMATS)
    assert PUZZLE_FORMATS[-1] == "grid" and LOOP_FORMATS[-1] == "box"   # the catch-alls


@pytest.mark.parametrize("name", PUZZLE_FORMATS)
def test_every_puzzle_format_writes_what_detection_reads(name):
    text = PUZZLE.to(name)
    assert detect(text) == name
    assert Puzzle.parse(text) == PUZZLE
    assert FORMATS[name].read(text) == PUZZLE
    assert Puzzle.parse(text, format=name) == PUZZLE == masyu.formats.parse(text, format=name)
    assert FORMATS[name].write(PUZZLE) == text == masyu.formats.write(PUZZLE, name)


@pytest.mark.parametrize("name", LOOP_FORMATS)
def test_every_loop_format_round_trips(name):
    loop = next(iter(masyu.solve(PUZZLE, engine="python")))
    text = masyu.formats.write_loop(loop, name)
    assert masyu.Loop.parse(text, 6, 6) == loop == FORMATS[name].read(text)
    assert loop.to(name) == text and masyu.Loop.parse(text, format=name) == loop
    assert masyu.Loop.parse(PUZZLE.to("pzprv3", loop)) == loop       # a puzzle file's loop


def test_unknown_names_list_the_registry():
    with pytest.raises(MasyuError, match="valid formats: " + ", ".join(PUZZLE_FORMATS)):
        PUZZLE.to("png")
    with pytest.raises(MasyuError, match="cannot carry a loop"):
        PUZZLE.to("url", masyu.Loop(6, 6))
    with pytest.raises(MasyuError, match="valid formats: " + ", ".join(LOOP_FORMATS)):
        masyu.Loop(6, 6).to("grid")
    with pytest.raises(MasyuError, match="unknown puzzle format 'box'"):
        Puzzle.parse("┌┐\n└┘", format="box")
    with pytest.raises(MasyuError, match="valid encodings: 422, 423"):
        masyu.encode(PUZZLE, "424")
    with pytest.raises(MasyuError, match="valid methods: " + ", ".join(METHODS)):
        masyu.count(PUZZLE, method="sieve")
    with pytest.raises(MasyuError, match=", ".join(DIFFICULTIES)):
        masyu.generate(6, 6, seed=1, difficulty="fiendish")
    for bad in (["guard"], None):
        with pytest.raises(MasyuError):
            masyu.count(PUZZLE, method=bad)


def test_defaults_are_the_registries_and_xccs():
    search = masyu.Search(PUZZLE, method="guard")
    assert search.encoding.kind == "423" and search.method == "guard"
    assert search.engine == xcc.DEFAULT_ENGINE
    # auto (the default): the prover to two solutions, then the guard on the default engine
    prove = masyu.methods.best_configuration(False)
    assert masyu.methods.runs(False, "auto", None) == [prove + (2,), ("423", "guard",
                                                                   xcc.DEFAULT_ENGINE, None)]
    # ... after deduction, which answers alone when it settles the puzzle (issue 34)
    settled = masyu.deduce.settle(PUZZLE) is not None
    assert masyu.Search(PUZZLE).method == ("deduce" if settled else prove[1])
    assert masyu.Search(PUZZLE, engine=prove[2]).method == prove[1]


@pytest.mark.parametrize("verb, option, names", [
    ("count", "--encoding", list(ENCODINGS)),
    ("count", "--method", list(METHODS)),
    ("solve", "--format", list(LOOP_FORMATS) + list(PICTURES)),
    ("convert", "--to", list(PUZZLE_FORMATS) + list(PICTURES)),
    ("generate", "--difficulty", list(DIFFICULTIES)),
])
def test_the_cli_choices_are_the_registries(verb, option, names):
    args = [verb, option, "nonesuch"] + (["--seed", "1"] if verb == "generate" else ["3x3:i"])
    r = run(*args)
    assert r.exit_code == 2
    listed = " ".join(r.output.split()).replace("│ │", " ").replace("│", "")
    assert "'nonesuch' is not one of " + ", ".join(f"'{n}'" for n in names) in " ".join(
        listed.split()), r.output


def test_convert_writes_every_format_and_picture():
    for name in PUZZLE_FORMATS:
        r = run("convert", PUZZLE.to("tatham"), "--to", name)
        assert r.exit_code == 0 and r.stdout == PUZZLE.to(name) + ("" if name in ("grid", "pzprv3", "picture")
                                                                  else "\n"), name
    assert run("convert", PUZZLE.to("tatham"), "--to", "psm").stdout == "6:eBbBfWbWbBaBcWbBe\n"
    assert run("convert", PUZZLE.to("tatham"), "--to", "svg").stdout.startswith("<svg")
    assert run("convert", PUZZLE.to("tatham"), "--to", "text").stdout == masyu.render_text(PUZZLE)
    bad = run("convert", "3x2:f", "--to", "psm")
    assert bad.exit_code == 2 and "square" in bad.output


def test_the_guide_lists_every_choice():
    guide = Path(__file__).resolve().parents[2] / "docs" / "guide.md"
    text = " ".join(guide.read_text(encoding="utf-8").split())
    # the formats in detection order, as the registry has them
    assert f"{', '.join(PUZZLE_FORMATS)} for puzzles" in text
    assert f"{', '.join(LOOP_FORMATS)} for loops" in text
    for name in list(ENCODINGS) + list(METHODS) + list(DIFFICULTIES):
        assert f'"{name}"' in text or f"{name}:" in text, name

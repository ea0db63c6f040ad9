"""Every example in the docs runs: README.md, docs/*.md and the --help texts.

What is extracted, from every Markdown file found (a new doc is picked up by itself):

- ```` ```console ```` blocks: ``$ command`` lines (a line ending in ``\\`` goes on),
  each followed by the output it prints (stdout and stderr, in order).  An output
  line may hold ``...`` (any text there), a line of only ``...`` stands for any
  number of lines, and a last line ``[exit N]`` gives the exit code (else 0).  A
  command with no output lines shown must just exit 0.
- ```` ```sh ```` blocks: every line a command that must exit 0 (``# comments`` allowed).
- ```` ```python ```` blocks: run, in order, in one namespace per document;
  ```` ```pycon ```` blocks (``>>>`` prompts): doctests, output checked, same namespace.
- The ``Example:`` lines of every ``masyu`` and ``xcc`` command's help: each runs and
  exits 0; ``(runs until Ctrl-C)`` after one: it must start, then stop on SIGINT with 130.

A block preceded by ``<!-- doctest: skip (why) -->`` is not run; the list of those is
short and checked below.  Everything runs in a scratch folder holding a copy of
``examples/``, with ``.venv`` and ``tests/data`` linked (no ``../shared`` beside it), the venv's
``bin`` first on the PATH: as a user in a fresh clone would.
"""
from __future__ import annotations

import doctest
import os
import re
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import typer.main

import masyu.cli
import xcc.cli

from .interrupting import child

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
SKIP = re.compile(r"<!--\s*doctest:\s*skip\s*\((.+?)\)\s*-->")
MAX_SKIPPED = 8          # the blocks that cannot run here: keep this list short


@dataclass
class Block:
    path: Path
    line: int            # where the block's text starts (1-based)
    lang: str
    text: str
    skip: str | None     # the reason, for a block marked skip


def blocks(path: Path) -> list[Block]:
    lines = path.read_text(encoding="utf-8").splitlines()
    out, i = [], 0
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        before = next((lines[k] for k in range(i - 1, -1, -1) if lines[k].strip()), "")
        skip = SKIP.search(before)
        out.append(Block(path, i + 2, m.group(1), "\n".join(lines[i + 1:j]) + "\n",
                         skip.group(1) if skip else None))
        i = j + 1
    return out


def every_block() -> list[Block]:
    return [b for path in DOCS for b in blocks(path)]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    """Where fresh-clone-like folders go (``clone``)."""
    return tmp_path_factory.mktemp("docs")


def clone(scratch: Path, name: str) -> Path:
    """A folder like a fresh clone: examples/ copied, .venv and tests/data linked (its bin/
    holds masyu)."""
    repo = scratch / name
    repo.mkdir()
    shutil.copytree(ROOT / "examples", repo / "examples")
    (repo / "tests").mkdir()
    (repo / "tests" / "data").symlink_to(ROOT / "tests" / "data")
    (repo / ".venv").symlink_to(Path(sys.executable).parent.parent)
    return repo


def environment() -> dict[str, str]:
    bin_dir = str(Path(sys.executable).parent)
    return dict(os.environ, PATH=f"{bin_dir}:{os.environ.get('PATH', '')}", PYTHONUNBUFFERED="1",
                BROWSER="true", COLUMNS="80", NO_COLOR="1")


def shell(command: str, cwd: Path, timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=environment(), timeout=timeout,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


# ---------------------------------------------------------------------------
# console and sh blocks

def console_commands(block: Block) -> list[tuple[int, str, list[str]]]:
    """``(line, command, expected output lines)`` of a console block."""
    out: list[tuple[int, str, list[str]]] = []
    lines = block.text.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise AssertionError(f"{block.path.name}:{block.line + i}: output before a command")
        start, command = block.line + i, lines[i][2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command + "\n" + lines[i]      # bash reads the backslash-newline
        i += 1
        expected = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        out.append((start, command, expected))
    return out


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line, ``...`` in a line any text, a line of only ``...`` any lines."""
    if not expected:
        return not actual
    if expected[0].strip() == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    if not actual:
        return False
    pattern = ".*".join(re.escape(part) for part in expected[0].rstrip().split("..."))
    return re.fullmatch(pattern, actual[0].rstrip()) is not None and \
        matches(expected[1:], actual[1:])


def check_console(block: Block, cwd: Path) -> None:
    for line, command, expected in console_commands(block):
        code = 0
        if expected and re.fullmatch(r"\[exit \d+\]", expected[-1].strip()):
            code = int(expected.pop()[6:-1])
        r = shell(command, cwd)
        where = f"{block.path.name}:{line}: {command}"
        assert r.returncode == code, f"{where}\nexit {r.returncode}, not {code}\n{r.stdout}"
        if expected:
            assert matches(expected, r.stdout.splitlines()), \
                f"{where}\nexpected:\n" + "\n".join(expected) + "\ngot:\n" + r.stdout


def check_sh(block: Block, cwd: Path) -> None:
    for k, raw in enumerate(block.text.splitlines()):
        command = raw.strip()
        if not command or command.startswith("#"):
            continue
        r = shell(command, cwd)
        assert r.returncode == 0, f"{block.path.name}:{block.line + k}: {command}\n{r.stdout}"


# ---------------------------------------------------------------------------
# python and pycon blocks

def check_python(block: Block, namespace: dict) -> None:
    if block.lang == "python":
        code = compile(block.text, f"{block.path.name}:{block.line}", "exec")
        exec(code, namespace)
        return
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block.text, namespace, block.path.name, str(block.path),
                              block.line - 1)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failures = []
    runner.run(test, out=failures.append, clear_globs=False)
    namespace.update(test.globs)      # DocTest copies its globals: the next block sees these
    assert runner.failures == 0, "".join(failures)


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_the_examples_of_a_document_run(path, scratch):
    here = clone(scratch, path.stem)
    namespace: dict = {"__name__": f"doc_{path.stem}"}
    ran = 0
    cwd = Path.cwd()
    os.chdir(here)            # the snippets open examples/... as a user would
    try:
        for block in blocks(path):
            if block.skip or block.lang not in ("console", "sh", "python", "pycon"):
                continue
            ran += 1
            if block.lang == "console":
                check_console(block, here)
            elif block.lang == "sh":
                check_sh(block, here)
            else:
                check_python(block, namespace)
    finally:
        os.chdir(cwd)
    if path.name in ("README.md", "guide.md"):
        assert ran >= 2, f"{path.name}: only {ran} runnable examples"


def test_the_list_of_skipped_blocks_is_short():
    skipped = [f"{b.path.name}:{b.line} ({b.skip})" for b in every_block() if b.skip]
    assert len(skipped) <= MAX_SKIPPED, skipped
    unmarked = [f"{b.path.name}:{b.line}" for b in every_block()
                if b.lang in ("bash", "shell", "py", "python3", "console3")]
    assert not unmarked, f"use console, sh, python or pycon: {unmarked}"


def test_the_extractor_sees_a_failing_example(tmp_path):
    """The checks can fail: a wrong output, a failing command, a failing doctest."""
    bad = tmp_path / "bad.md"
    bad.write_text("```console\n$ echo 1\n2\n```\n\n```sh\nfalse\n```\n\n"
                   "```pycon\n>>> 1 + 1\n3\n```\n", encoding="utf-8")
    found = blocks(bad)
    with pytest.raises(AssertionError, match="expected"):
        check_console(found[0], tmp_path)
    with pytest.raises(AssertionError, match="false"):
        check_sh(found[1], tmp_path)
    with pytest.raises(AssertionError):
        check_python(found[2], {})
    assert matches(["a ... c", "...", "z"], ["a b c", "x", "y", "z"])
    assert not matches(["a ... c"], ["a b d"])


# ---------------------------------------------------------------------------
# --help examples

def help_examples() -> list[tuple[str, str]]:
    """``(command, example)`` for every verb of masyu and xcc."""
    found = []
    for prog, app in (("masyu", masyu.cli.make_app()), ("xcc", xcc.cli.app)):
        group = typer.main.get_command(app)
        for name in group.list_commands(None):
            text = group.get_command(None, name).help or ""
            for line in text.splitlines():
                if line.strip().startswith("Example: "):
                    found.append((f"{prog} {name}", line.strip()[len("Example: "):]))
    return found


def test_every_verb_has_an_example():
    verbs = {verb for verb, _ in help_examples()}
    assert verbs == {f"masyu {name}" for name in masyu.cli.COMMANDS} | {"xcc solve", "xcc count"}


@pytest.fixture(scope="module")
def help_clone(scratch) -> Path:
    """One folder for the help examples (one per xdist worker).  The example that writes
    what another reads (prove's cert/, read by verify's) is run first, so that the
    examples pass in any order and on any worker."""
    repo = clone(scratch, "help")
    for verb, example in help_examples():
        if verb == "masyu prove":
            shell(example, repo)
    return repo


@pytest.mark.parametrize("verb, example", help_examples(), ids=lambda x: x)
def test_the_help_examples_run(verb, example, help_clone):
    scratch = help_clone
    assert example.startswith(verb) or f"| {verb}" in example, (verb, example)
    if example.endswith("(runs until Ctrl-C)"):
        command = example[:-len("(runs until Ctrl-C)")].strip().replace("--port 8000",
                                                                        "--port 0")
        with child(["bash", "-c", "exec " + command], cwd=scratch, env=environment(),
                   stderr=subprocess.PIPE) as p:
            first = p.stderr.readline()
            assert "playing at http://" in first, first
            p.send_signal(signal.SIGINT)
            assert p.wait(timeout=30) == 130
        return
    r = shell(example, scratch)
    assert r.returncode == 0, f"{example}\n{r.stdout}"

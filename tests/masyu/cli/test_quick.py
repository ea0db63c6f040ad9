"""The quick path of ``masyu solve`` and ``masyu count`` (``masyu.cli.quick``, the
parser of xcc.command driven by the verbs' declarations) against the Typer command.

Every command line the quick path takes must print what the Typer verb prints
(stdout, stderr, exit code: the engine's seconds aside); every other one must be
left to the Typer command with nothing printed.  The Typer command is
``masyu.cli.full.main``, what ``masyu.cli.main`` runs when the quick path
declines.  Each declaration is enumerated against both doors: the Typer
command has exactly the declared options, and the quick path takes the
declared ones it claims and leaves the others.
"""
from __future__ import annotations

import importlib
import inspect
import os
import re
import subprocess
import sys
import typing
from pathlib import Path

import pytest
import typer

import xcc
import masyu.cli
from masyu.cli import COMMANDS, full, solving
from xcc.command import parse_quick

ROOT = Path(__file__).resolve().parents[3]
from tests.data import PUZZLES
GAME = "6x6:eBbBfWbWbBaBcWbBe"           # unique
MANY = "3x3:i"                            # the empty 3x3: two loops
NONE = "2x2:Bc"                           # a black pearl in a corner: no loop
URL = "https://puzz.link/p?mashu/6/6/1063000i3000"
SAT = ["--engine", "sat"] if "sat" in xcc.ENGINES else ["--engine", "python"]

TAKEN = [
    [], ["-q"], ["--all", "-q"], ["--weak", "--limit", "3"], ["--format", "json"],
    [GAME], [GAME, "-q"], ["-q", GAME], [GAME, "--quiet"], [URL], [URL, "--format", "box"],
    [GAME, "--format", "box"], [GAME, "--format=json"], [GAME, "--format", "svg"],
    [GAME, "--all"], [GAME, "--limit", "1"], [GAME, "-n", "2"], [GAME, "--limit=5"],
    [MANY], [MANY, "--all"], [MANY, "--all", "--format", "box"], [MANY, "-n", "1"],
    [MANY, "--limit", "2", "--format", "text"], [MANY, "--weak", "--all", "-q"],
    [NONE], [NONE, "--all"], [NONE, "--weak"],
    [GAME, "--engine", "python"], [GAME, *SAT], [GAME, "--engine", "c", "--method", "propagate"],
    [GAME, "--method", "filter"], [GAME, "--method=guard", "--encoding", "422"],
    [GAME, "--method", "best"], [MANY, "--method", "auto", "--all"],
    [GAME, "--encoding=423", "--weak"],
    # errors said by the shared body: the same line, exit code 2
    [GAME, "--engine", "nonesuch"], [GAME, "--engine=memo"], ["bogus"], ["4x4:aWk"],
    [GAME, "--all", "--limit", "2"], [GAME, "--format", "svg", "--all"],
    [MANY, "--format", "svg", "-n", "2"], ["no/such/file.txt"], [str(PUZZLES)],
    [f"{PUZZLES}/extra.txt#ohmec-mypuzzles-00"], [f"{PUZZLES}/extra.txt#nonesuch"],
    [f"{PUZZLES}/extra.txt"], [""],
]
LEFT = [
    ["--help"], [GAME, "--help"], [GAME, "--each"], [GAME, "--nonesuch"], [GAME, "-x"],
    [GAME, "--limit", "0"], [GAME, "--limit", "x"], [GAME, "--limit", "01"], [GAME, "-n3"],
    [GAME, "-n=3"], [GAME, "--limit"], [GAME, "--limit", "-q"], [GAME, "--method", "foo"],
    [GAME, "--encoding", "424"], [GAME, "--format", "pdf"], [GAME, "--format", "grid"], [GAME, "--engine="],
    [GAME, GAME], ["-"], ["-#name"], [GAME, "-q", "-q"], [GAME, "--", "-q"],
    [GAME, "--weak=3"], [GAME, "-qn", "2"], [GAME, "-o", "out.txt"], [GAME, "--memory", "1G"],
    [GAME, "--out-dir", "d"], [GAME, "--only", "x"], [GAME, "--solutions", "s.txt"],
    [GAME, "--jobs", "2"], [GAME, "--method", "Auto"],
]


def _seconds(text: str) -> str:
    return re.sub(r"\d+\.\d+ s\b", "T s", text)


def _typer(argv: list[str], capsys, verb: str = "solve") -> tuple[int, str, str]:
    try:
        code = full.main([verb, *argv])
    except SystemExit as done:
        code = done.code
    got = capsys.readouterr()
    return code, got.out, _seconds(got.err)


@pytest.mark.parametrize("argv", TAKEN, ids=lambda a: " ".join(a)[:60] or "(none)")
def test_the_quick_path_prints_what_the_typer_verb_prints(argv, capsys, tmp_path,
                                                          monkeypatch):
    monkeypatch.chdir(tmp_path)   # relative names (no/such/file.txt) alike for both
    code = masyu.cli.quick("solve", argv)
    got = capsys.readouterr()
    assert code is not None, "the quick path must take this command line"
    expected = _typer(argv, capsys)
    assert (code, got.out, _seconds(got.err)) == expected
    assert got.out or got.err


@pytest.mark.parametrize("argv", LEFT, ids=lambda a: " ".join(a)[:60])
def test_the_quick_path_leaves_the_rest_to_typer(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert masyu.cli.quick("solve", argv) is None
    assert capsys.readouterr() == ("", "")


def test_the_quick_path_takes_every_name_of_the_registries():
    from masyu import ENCODINGS, METHODS
    from masyu.showing import SHOWS
    for option, names in (("--encoding", ENCODINGS), ("--method", METHODS),
                          ("--format", SHOWS)):
        for name in names:
            assert parse_quick(solving.SOLVE, [GAME, option, name]) is not None, (option, name)


def _process(code: str, args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))


def test_the_entry_point_takes_the_quick_path_without_typer():
    probe = ("import sys; sys.argv[0] = 'masyu'\n"
             "from masyu.cli import main\n"
             "try:\n    main()\n"
             "finally:\n"
             "    print('TYPER', 'typer' in sys.modules, 'pydantic' in sys.modules, file=sys.stderr)")
    quick_run = _process(probe, ["solve", GAME])
    assert quick_run.returncode == 0
    assert quick_run.stderr.splitlines()[-1] == "TYPER False False", quick_run.stderr
    typer_run = _process("import sys; from masyu.cli.full import main; "
                         "sys.exit(main(sys.argv[1:]))", ["solve", GAME])
    assert (typer_run.returncode, typer_run.stdout) == (0, quick_run.stdout)
    assert _seconds(typer_run.stderr) == _seconds(quick_run.stderr.splitlines(True)[0])
    left = _process(probe, ["solve", GAME, "--nonesuch"])
    assert left.returncode == 2 and "TYPER True" in left.stderr
    assert left.stderr.startswith("masyu: no such option: --nonesuch")


# masyu count: the same, with count's options
COUNT_TAKEN = [
    [GAME], [GAME, "-q"], ["-q", GAME], [GAME, "--json"], [GAME, "--json", "--quiet"],
    [MANY], [MANY, "--weak"], [MANY, "--weak", "--json"], [MANY, "--limit", "1"],
    [MANY, "-n", "1", "--json"], [MANY, "--limit=2", "--weak"], [NONE], [NONE, "--weak"],
    [URL, "-q"], [GAME, "--engine", "python"], [GAME, *SAT], [GAME, "--method", "filter"],
    [GAME, "--method=guard", "--encoding", "422"], [GAME, "--method", "best", "--json"],
    [MANY, "--method", "propagate", "--engine", "c"], [GAME, "--encoding=423", "--weak"],
    ["4x4:i", "--weak", "-q"],
    [GAME, "--engine", "nonesuch"], [GAME, "--engine=memo"], ["bogus"], ["4x4:aWk"],
    ["no/such/file.txt"], [str(PUZZLES)], [f"{PUZZLES}/extra.txt#ohmec-mypuzzles-00"],
    [f"{PUZZLES}/extra.txt#nonesuch"], [f"{PUZZLES}/extra.txt"], [""],
]
COUNT_LEFT = [
    [], ["-q"], ["--help"], [GAME, "--help"], [GAME, "--each"], [GAME, "--exact"],
    [GAME, "--all"], [GAME, "--format", "json"], [GAME, "--limit", "0"], [GAME, "-n3"],
    [GAME, GAME], ["-"], ["-#name"], [GAME, "-q", "-q"], [GAME, "--", "-q"],
    [GAME, "--jobs", "2"], [GAME, "--resume", "s.json"], [GAME, "--continue", "s.json"],
    [GAME, "--memory", "1G"], [GAME, "-o", "out.txt"], [GAME, "--csv"], [GAME, "--json=1"],
    [GAME, "--method", "Auto"], [GAME, "--encoding", "424"],
]


def _timeless(text: str) -> str:
    return re.sub(r'"(cpu_)?seconds": [0-9.e-]+', '"seconds": T', _seconds(text))


def _typer_count(argv: list[str], capsys) -> tuple[int, str, str]:
    code, out, err = _typer(argv, capsys, "count")
    return code, _timeless(out), err


@pytest.mark.parametrize("argv", COUNT_TAKEN, ids=lambda a: " ".join(a)[:60])
def test_the_quick_count_prints_what_the_typer_verb_prints(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = masyu.cli.quick("count", argv)
    got = capsys.readouterr()
    assert code is not None, "the quick path must take this command line"
    expected = _typer_count(argv, capsys)
    assert (code, _timeless(got.out), _seconds(got.err)) == expected
    assert got.out or got.err


@pytest.mark.parametrize("argv", COUNT_LEFT, ids=lambda a: " ".join(a)[:60] or "(none)")
def test_the_quick_count_leaves_the_rest_to_typer(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert masyu.cli.quick("count", argv) is None
    assert capsys.readouterr() == ("", "")


def test_the_entry_point_counts_without_typer():
    probe = ("import sys; sys.argv[0] = 'masyu'\n"
             "from masyu.cli import main\n"
             "try:\n    main()\n"
             "finally:\n"
             "    print('TYPER', 'typer' in sys.modules, file=sys.stderr)")
    run = _process(probe, ["count", MANY, "--weak", "--json"])
    assert run.returncode == 0 and run.stderr.splitlines()[-1] == "TYPER False", run.stderr
    assert '"weak": ' in run.stdout


# The declarations against each door
def _declared(name: str):
    module, function, _ = COMMANDS[name]
    verbs = importlib.import_module(f"masyu.cli.{module}")
    return verbs.PARAMS[function], getattr(verbs, function)


def _choices(p) -> tuple:
    """The names a click parameter takes (its Literal annotation), or ()."""
    annotation = p.type_descriptor.annotation
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) is typing.Union and len(args) == 1:
        annotation = args[0]
    return typing.get_args(annotation) if typing.get_origin(annotation) is typing.Literal else ()


def _shape(params) -> list[tuple]:
    """What a click command's parameters say: name, option names, flag, required,
    default, choices, help, metavar, hidden."""
    return [(p.name, tuple(p.opts), getattr(p, "is_flag", False), p.required,
             None if p.required else p.default,
             _choices(p),
             getattr(p, "help", None), p.metavar, getattr(p, "hidden", False))
            for p in params]


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_typer_command_has_exactly_the_declared_options(name):
    params, body = _declared(name)
    command = typer.main.get_command(masyu.cli.make_app([name])).get_command(None, name)
    expected = [(p.name, p.flags or (p.name,), p.is_flag, p.required,
                 None if p.required else p.default, p.choices or (), p.help, p.metavar,
                 p.hidden) for p in params]
    assert _shape(command.params) == expected
    assert list(inspect.signature(body).parameters) == [p.name for p in params]
    assert command.help == inspect.cleandoc(body.__doc__)


def _a_value(p) -> tuple[list[str], object]:
    """Arguments giving ``p`` a value the Typer command takes, and that value."""
    if p.is_flag:
        return [], True
    if p.choices:
        return [p.choices[-1]], p.choices[-1]
    return (["3"], 3) if p.kind is int else (["x.txt"], "x.txt")


@pytest.mark.parametrize("verb", ["solve", "count"])
def test_the_quick_path_takes_the_declared_options_it_claims_and_leaves_the_rest(verb):
    params = solving.PARAMS[verb]
    plain = parse_quick(params, [GAME])
    assert plain == {**{p.name: (None if p.required else p.default) for p in params},
                     "puzzle": GAME}
    claimed = set()
    for p in params:
        value, expected = _a_value(p)
        for flag in p.flags:
            got = parse_quick(params, [GAME, flag, *value])
            if p.quick:
                assert got == {**plain, p.name: expected}, flag
                claimed.add(flag)
            else:
                assert got is None, flag
            if value and flag.startswith("--"):
                assert parse_quick(params, [GAME, f"{flag}={value[0]}"]) == (
                    {**plain, p.name: expected} if p.quick else None), flag
            assert parse_quick(params, [GAME, flag, *value, flag, *value]) is None, flag
    assert claimed == ({"--all", "--format"} if verb == "solve" else {"--json"}) | {
        "--limit", "-n", "--weak", "--encoding", "--method", "--engine", "--quiet", "-q"}

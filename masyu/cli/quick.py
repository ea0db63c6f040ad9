"""The quick path of ``masyu solve`` and ``masyu count``: one puzzle, a few
options, no Typer.

Solving a 6x6 puzzle takes a millisecond; building the Typer command line
(which imports pydantic here) takes far longer than the solve.  So
:func:`masyu.cli.main` hands ``masyu solve ...`` to :func:`quick` and
``masyu count ...`` to :func:`quick_count` first.  They take the plainest
command lines: at most one PUZZLE (exactly one for count; not ``-``, not
``-#NAME``) and the verb's options of ``OPTIONS`` and ``FLAGS``, each at most
once, with values the Typer verb would accept as they are (``--limit`` a
positive decimal number, ``--encoding``, ``--method`` and ``--format`` names
of their registries; ``--engine`` any name, checked below as in the verb).
They run them through :func:`masyu.cli.solve_one.solve` and
:func:`masyu.cli.count_one.count`, the bodies the Typer verbs run, so the
output, errors and exit codes are the verbs'.  Anything else (another option,
``--each``, ``--help``, ``--``, a repeated option, a value that Typer would
refuse or read otherwise) returns None before anything is printed, and the
Typer command runs (a test compares the two doors on many command lines).
"""
from __future__ import annotations

import re
from typing import Sequence

from .common import exits
from .count_one import count
from .inputs import read_puzzle_arg
from .solve_one import SHOWS, limit_memory, solve, start
from ..encodings import ENCODINGS
from ..solving import METHODS

FLAGS = {"--quiet": "quiet", "-q": "quiet", "--weak": "weak", "--all": "all_"}
OPTIONS = {"--limit": "limit", "-n": "limit", "--encoding": "encoding", "--method": "method",
           "--engine": "engine", "--format": "fmt"}
COUNT_FLAGS = {"--quiet": "quiet", "-q": "quiet", "--weak": "weak", "--json": "as_json"}
COUNT_OPTIONS = {k: v for k, v in OPTIONS.items() if v != "fmt"}
CHOICES = {"encoding": ENCODINGS, "method": METHODS, "fmt": SHOWS}
NUMBER = re.compile(r"[1-9][0-9]{0,17}\Z")   # what Typer reads as the same positive int


def parse(argv: Sequence[str], flags: dict = FLAGS, options: dict = OPTIONS) -> dict | None:
    """The keyword arguments of ``solve_one.solve`` for the arguments after
    ``solve`` (of ``count_one.count`` after ``count``, with its ``flags`` and
    ``options``), or None if the quick path does not take them."""
    given: dict = {}
    puzzle: list[str] = []
    args = list(argv)
    while args:
        arg = args.pop(0)
        if not arg.startswith("-"):
            puzzle.append(arg)
            continue
        name, eq, value = arg.partition("=")
        if name in flags and not eq:
            key, value = flags[name], True
        elif name in options and (eq and name.startswith("--") or not eq and args):
            key = options[name]
            value = value if eq else args.pop(0)
            if value.startswith("-") or not value:
                return None
        else:
            return None
        if key in given:
            return None
        given[key] = value
    if len(puzzle) > 1:
        return None
    for key, choices in CHOICES.items():
        if key in given and given[key] not in choices:
            return None
    if "limit" in given:
        if not NUMBER.match(given["limit"]):
            return None
        given["limit"] = int(given["limit"])
    given["puzzle"] = puzzle[0] if puzzle else None
    return given


def quick(argv: Sequence[str]) -> int | None:
    """Run ``masyu solve ARGV`` if the quick path takes it and return the exit
    code; else None, with nothing printed."""
    given = parse(argv)
    if given is None:
        return None
    puzzle = given.pop("puzzle")

    def call() -> int:
        allowed = start(given.get("all_", False), given.get("limit"), None)
        return solve(puzzle, allowed, **given)

    try:
        return exits(call, "masyu")
    except SystemExit as done:  # fail(): its line is said, the code is 2
        return done.code if isinstance(done.code, int) else 2


def quick_count(argv: Sequence[str]) -> int | None:
    """Run ``masyu count ARGV`` if the quick path takes it and return the exit
    code; else None, with nothing printed."""
    given = parse(argv, COUNT_FLAGS, COUNT_OPTIONS)
    if given is None or given["puzzle"] is None:  # no PUZZLE: Typer says what is missing
        return None
    puzzle = given.pop("puzzle")

    def call() -> int:
        allowed = limit_memory(None)
        return count(read_puzzle_arg(puzzle), allowed, **given)

    try:
        return exits(call, "masyu")
    except SystemExit as done:  # fail(): its line is said, the code is 2
        return done.code if isinstance(done.code, int) else 2

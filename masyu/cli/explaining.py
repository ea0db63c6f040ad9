"""CLI verbs for reasons: explain (the deductions in order), hint (the next step from a
player's marks), ambiguity (where a non-unique puzzle is ambiguous).

Exit codes: 0 solved / a hint given / unique; 1 stuck or no solution / wrong marks /
not unique; 2 bad input; 130 Ctrl-C (ambiguity reports the pearls verified so far).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

from .common import fail, say
from .outputs import emit
from .running import memory_limit
from .declare import MEMORY, REQUIRED, argument, option
from .declare import SHORT_PUZZLE_HELP as PUZZLE_HELP
from ..explain import RULES, THEMES, ambiguity as find_ambiguity, explain as explain_puzzle
from ..errors import MasyuError
from ..explain import Marks, hint as find_hint, parse_marks
from ..explain.pictures import DEFAULT_THEME
from ..sources import read_puzzle, read_state

THEME_HELP = "The pictures' look: " + "; ".join(f"{n}: {t.summary}" for n, t in THEMES.items())
STEP_FILES = 10_000   # pictures written by --svg-steps, at most


EXPLAIN_HELP = """Explain a puzzle step by step.

Each deduction with the rule it applies (in the words solvers use), the cells it reads and the edges it sets.  It ends with the loop, with
"stuck: the rest needs search", or with the contradiction that proves there is no
solution.  Exit code 0 solved, 1 stuck or no solution.

Rules: """ + ", ".join(RULES) + """.

Example: masyu explain examples/puzzle.txt --svg-steps steps/
"""


EXPLAIN = (
    argument("puzzle", default=REQUIRED, help=PUZZLE_HELP),
    option("as_json", "--json", kind=bool, default=False,
           help="The account as JSON: result, level, steps (rule, level, cells, set, text), loop."),
    option("svg_steps", "--svg-steps", kind=Path, metavar="DIR",
           help="Write one SVG picture per step into DIR (step-0001.svg, ...; end.svg the state "
                "reached)."),
    option("theme", "--theme", choices=tuple(THEMES), default=DEFAULT_THEME, help=THEME_HELP),
    MEMORY,
)
HINT = (
    argument("puzzle", default=REQUIRED, help=PUZZLE_HELP),
    option("state", "--state", metavar="STATE",
           help="Your marks: a pzprv3 file with its segment lines (1 line, -1 cross), JSON "
                "{\"set\": [[r1, c1, r2, c2, v], ...]} (v 1 line, 0 cross), or a box drawing; a "
                "file, - for stdin, or the text.  Default: no marks (the first step of a blank "
                "puzzle)."),
    option("as_json", "--json", kind=bool, default=False,
           help="The hint as JSON: kind, text, step, wrong."),
    MEMORY,
)
AMBIGUITY = (argument("puzzle", default=REQUIRED, help=PUZZLE_HELP),
             option("as_json", "--json", kind=bool, default=False, help="The report as JSON."),
             MEMORY)
PARAMS = {"explain": EXPLAIN, "hint": HINT, "ambiguity": AMBIGUITY}


def explain(puzzle: str, as_json: bool, svg_steps: Optional[Path], theme: str,
            memory_: Optional[str]) -> int:
    p = read_puzzle(puzzle)
    try:
        account = explain_puzzle(p, memory=memory_limit(memory_))
    except KeyboardInterrupt:
        return _interrupted()
    if svg_steps is not None:
        if len(account.steps) > STEP_FILES:
            fail(f"{len(account.steps)} steps: more pictures than {STEP_FILES}", "--svg-steps")
        account.write_svgs(svg_steps, theme)
    _show(account, as_json)
    return 0 if account.result == "solved" else 1


explain.__doc__ = EXPLAIN_HELP


def _interrupted() -> int:   # Ctrl-C before anything is found
    say("masyu: interrupted")
    return 130


def _show(answer, as_json: bool) -> None:
    """An explanation, a hint or an ambiguity report on stdout: as JSON, or as text."""
    emit(json.dumps(answer.as_dict(), ensure_ascii=False) + "\n" if as_json
         else answer.as_text())


def hint(puzzle: str, state: Optional[str], as_json: bool, memory_: Optional[str]) -> int:
    """The next step from your marks, or which marks are wrong.

    A deduction and its reason (not the answer's next edge), or which marks are wrong
    and why.  Exit code 0 a step (or solved), 1 wrong
    marks, stuck, or no solution.

    Example: masyu hint examples/puzzle.txt --state '{"set": [[1, 1, 2, 1, 1]]}'
    """
    p = read_puzzle(puzzle)
    text = None if state is None else read_state(state)
    try:
        marks = Marks(p.rows, p.cols) if text is None else parse_marks(text, p)
    except MasyuError as err:   # name the option
        raise MasyuError(err.message, f"--state, {err.where}" if err.where else "--state") \
            from None
    try:
        found = find_hint(p, marks, memory=memory_limit(memory_))
    except KeyboardInterrupt:
        return _interrupted()
    _show(found, as_json)
    return 0 if found.kind in ("step", "solved") else 1


def ambiguity(puzzle: str, as_json: bool, memory_: Optional[str]) -> int:
    """Where a puzzle with two or more solutions is ambiguous.

    Two solutions that differ in as few edges as found, the cells where they differ, and single pearls whose addition makes it unique (each
    verified by counting).  Exit code 0 unique, 1 not unique or no solution.

    Example: masyu ambiguity examples/puzzle.txt
    """
    p = read_puzzle(puzzle)
    try:
        report = find_ambiguity(p, memory=memory_limit(memory_))
    except KeyboardInterrupt:
        return _interrupted()
    _show(report, as_json)
    if report.interrupted:
        return _interrupted()
    return 0 if report.unique else 1

"""The JSON API of the page, as plain functions: validated input in, JSON-ready dicts out.

No HTTP here (see :mod:`masyu.play.server`) and no clocks: the server runs the
generating calls under a deadline (:mod:`masyu.play.jobs`).  Bad input raises
MasyuError, naming the parameter; the server answers it with a 400.

- ``GET /api/daily?date=YYYY-MM-DD`` -> :func:`daily_response`
- ``GET /api/zen?rows=R&cols=C&white=W&black=B&seed=S`` -> :func:`zen_response`
- ``POST /api/check`` ``{"puzzle": grid, "loop": box}`` -> :func:`check_response` (with
  the ids of the pearls' rules, which the page reads from here)
- ``POST /api/hint`` ``{"puzzle": grid, "state": {"set": [[r1, c1, r2, c2, v], ...]}}``
  -> :func:`hint_response` (``masyu.hint``: the next step, or the wrong marks and why)
"""
from __future__ import annotations

import datetime
import re
from typing import Any, Mapping, Sequence

from .. import formats
from ..attempts import HINT_SECONDS, PENALTY_SECONDS
from ..check import check
from ..daily import daily, parse_date
from ..errors import MasyuError
from ..explain import Marks, as_marks
from ..explain.hints import hint
from ..generate.generator import Generated
from ..loop import Loop
from ..puzzle import Puzzle
from ..rules import PEARL_RULES
from .requests import MAX_BODY, read_object
from .zen import validate, zen

MAX_CHECK_SIDE = 50           # rows or columns of a board sent to /api/check
_GRID = re.compile(r"[.WBwbox01]+(?:\n[.WBwbox01]+)*\n?")
_SEED = re.compile(r"-?[0-9]{1,18}|[A-Za-z0-9_-]{1,40}")
_NUMBER = re.compile(r"[0-9]{1,4}(?:\.[0-9]{1,6})?|\.[0-9]{1,6}")
Query = Mapping[str, Sequence[str]]


def _params(query: Query, names: Sequence[str], required: Sequence[str]) -> dict[str, str]:
    """The query's parameters: each at most once, none unknown, the required present."""
    out: dict[str, str] = {}
    for key, values in query.items():
        if key not in names:
            raise MasyuError(f"unknown parameter (use {', '.join(names)})", key)
        if len(values) != 1:
            raise MasyuError("give this parameter once", key)
        out[key] = values[0]
    for key in required:
        if key not in out:
            raise MasyuError("this parameter is missing", key)
    return out


def _int(text: str, name: str) -> int:
    if not re.fullmatch(r"[0-9]{1,4}", text.strip()):
        raise MasyuError(f"expected a whole number, not {text[:20]!r}", name)
    return int(text)


def _fraction(text: str, name: str) -> float:
    if not _NUMBER.fullmatch(text.strip()):
        raise MasyuError(f"expected a fraction of the cells such as 0.1, not {text[:20]!r}",
                         name)
    return float(text)


def _seed(text: str) -> int | str:
    if not _SEED.fullmatch(text):
        raise MasyuError("a seed is an integer or one word of letters, digits, '-' and '_' "
                         "(at most 40)", "seed")
    return int(text) if re.fullmatch(r"-?[0-9]+", text) else text


def puzzle_json(g: Generated, date: datetime.date | None) -> dict[str, Any]:
    """The shape /api/daily and /api/zen answer with."""
    d = g.difficulty
    return {"date": date.isoformat() if date else None, "rows": g.puzzle.rows,
            "cols": g.puzzle.cols, "puzzle": "\n".join(g.puzzle.grid),
            "difficulty": {"band": d.band, "level": d.level, "score": d.score}}


def parse_daily(query: Query, today: datetime.date) -> datetime.date:
    """The date asked for (today without ``date=``); a day not yet out is refused (one day of
    grace: a player east of the server may be a day ahead of its clock)."""
    p = _params(query, ("date",), ())
    if "date" not in p:
        return today
    date = parse_date(p["date"], "date")
    if date > today + datetime.timedelta(days=1):
        raise MasyuError(f"the puzzle of {date} is not out yet", "date")
    return date


def daily_response(date: datetime.date) -> dict[str, Any]:
    """The puzzle of a date (generating: run it under the deadline), and the time attack's
    ``penalty_seconds`` (:mod:`masyu.attempts`, the rulebook's table)."""
    found = daily(date)
    out = puzzle_json(found.generated, found.date)
    out.update(weekday=found.day.weekday, tier=found.day.tier,   # the rulebook's tier name
               penalty_seconds=PENALTY_SECONDS, hint_seconds=HINT_SECONDS)
    return out


def parse_zen(query: Query) -> dict[str, Any]:
    """Zen's arguments, validated (sizes and densities by :func:`masyu.play.zen.zen`'s rules)."""
    p = _params(query, ("rows", "cols", "white", "black", "seed"),
                ("rows", "cols", "white", "black", "seed"))
    args = {"rows": _int(p["rows"], "rows"), "cols": _int(p["cols"], "cols"),
            "white": _fraction(p["white"], "white"), "black": _fraction(p["black"], "black"),
            "seed": _seed(p["seed"])}
    validate(args["rows"], args["cols"], args["white"], args["black"])
    return args


def zen_response(args: Mapping[str, Any]) -> dict[str, Any]:
    """A zen puzzle (generating: run it under the deadline)."""
    return puzzle_json(zen(args["rows"], args["cols"], white=args["white"], black=args["black"],
                           seed=args["seed"]), None)


def read_json(body: bytes) -> dict[str, Any]:
    """A JSON object from a request body (limits and errors: :mod:`masyu.play.requests`)."""
    return read_object(body)


def _field(obj: Mapping[str, Any], name: str) -> str:
    if name not in obj:
        raise MasyuError("this field is missing", name)
    value = obj[name]
    if not isinstance(value, str):
        raise MasyuError(f"expected a string, not {type(value).__name__}", name)
    return value


def _puzzle(obj: Mapping[str, Any]) -> Puzzle:
    """The ``puzzle`` field: grid text of a board up to MAX_CHECK_SIDE a side."""
    grid = _field(obj, "puzzle")
    if not _GRID.fullmatch(grid):
        raise MasyuError("grid text is rows of '.', 'W' and 'B' joined by newlines", "puzzle")
    lines = grid.rstrip("\n").split("\n")
    if len(lines) > MAX_CHECK_SIDE or len(lines[0]) > MAX_CHECK_SIDE:
        raise MasyuError(f"boards here have at most {MAX_CHECK_SIDE} rows and columns", "puzzle")
    try:
        return formats.parse(grid)
    except MasyuError as err:
        raise MasyuError(err.message, f"puzzle, {err.where}" if err.where else "puzzle") from None


def check_response(body: bytes) -> dict[str, Any]:
    """``{"solved", "violations", "pearl_rules"}`` for ``{"puzzle": grid text, "loop": box
    text}``: ``pearl_rules`` the ids of the pearls' rules (``masyu.rules.PEARL_RULES``:
    the page counts their violations as broken rules)."""
    obj = read_json(body)
    unknown = sorted(set(obj) - {"puzzle", "loop"})
    if unknown:
        raise MasyuError("unknown field (use puzzle, loop)", unknown[0][:40])
    puzzle, box = _puzzle(obj), _field(obj, "loop")
    try:
        # the page sends "" for a board with nothing drawn (Loop.parse refuses an empty text)
        loop = formats.parse_loop(box, puzzle.rows, puzzle.cols) if box.strip("\r\n") else \
            Loop(puzzle.rows, puzzle.cols)
    except MasyuError as err:
        raise MasyuError(err.message, f"loop, {err.where}" if err.where else "loop") from None
    violations = check(puzzle, loop)
    return {"solved": not violations,
            "violations": [{"cell": list(v.cell) if v.cell is not None else None,
                            "rule": v.rule, "text": v.message} for v in violations],
            "pearl_rules": list(PEARL_RULES)}


def parse_hint(body: bytes) -> tuple[Puzzle, Marks]:
    """The puzzle and marks of ``{"puzzle": grid text, "state": {"set": [...]}}``."""
    obj = read_json(body)
    unknown = sorted(set(obj) - {"puzzle", "state"})
    if unknown:
        raise MasyuError("unknown field (use puzzle, state)", unknown[0][:40])
    puzzle = _puzzle(obj)
    if "state" not in obj:
        raise MasyuError("this field is missing", "state")
    state = obj["state"]
    if not isinstance(state, dict):
        raise MasyuError('expected an object {"set": [[r1, c1, r2, c2, v], ...]}', "state")
    return puzzle, as_marks(puzzle, state)


def hint_response(body: bytes) -> dict[str, Any]:
    """``masyu.hint`` for ``{"puzzle": grid text, "state": {"set": [[r1, c1, r2, c2, v], ...]}}``:
    ``{"kind", "text", "step": {"rule", "level", "cells", "set", "text"} or null, "wrong":
    [{"set", "rule", "cells", "text"}]}`` (a search: run it under the deadline)."""
    puzzle, marks = parse_hint(body)
    return hint(puzzle, marks).as_dict()

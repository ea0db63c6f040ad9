"""A loop as JSON: ``{"rows": R, "cols": C, "edges": [[[r1, c1], [r2, c2]], ...]}``, edges sorted."""
from __future__ import annotations

import json  # the standard library's (imports are absolute)

from ..board import check_size
from ..errors import MasyuError
from ..loop import Loop
from .common import expect_text, no_gc

SUMMARY = 'JSON {"rows", "cols", "edges"}'


def detect(head: str) -> bool:
    return head.startswith("{")


def read(text: str) -> Loop:
    """Read a JSON loop (every edge checked as :class:`masyu.Loop` checks it)."""
    expect_text(text)
    with no_gc():
        return _read(text)


def _read(text: str) -> Loop:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise MasyuError(f"bad JSON: {err.msg}", f"line {err.lineno}, column {err.colno}") \
            from None
    except (TypeError, ValueError, RecursionError) as err:
        raise MasyuError(f"bad JSON: {err}"[:120], "the JSON text") from None
    if not isinstance(data, dict) or not {"rows", "cols", "edges"} <= data.keys():
        raise MasyuError('a JSON loop is an object with "rows", "cols" and "edges"',
                         "the JSON value")
    if not isinstance(data["edges"], list):
        raise MasyuError('"edges" must be a list of [[r1, c1], [r2, c2]]', 'JSON "edges"')
    rows, cols = data["rows"], data["cols"]
    check_size(rows, cols, '"rows" and "cols"')
    edges = []
    for k, e in enumerate(data["edges"]):   # one pass: types, adjacency, the board
        try:
            (r1, c1), (r2, c2) = e
            ok = type(e) is list and type(e[0]) is list and type(e[1]) is list and \
                type(r1) is int and type(c1) is int and type(r2) is int and type(c2) is int
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise MasyuError("an edge is [[r1, c1], [r2, c2]] with integers",
                             f"JSON edge {k + 1}")
        if abs(r1 - r2) + abs(c1 - c2) != 1:
            raise MasyuError("the two cells of an edge must be adjacent", f"JSON edge {k + 1}")
        if not (0 <= r1 < rows and 0 <= c1 < cols or 0 <= r2 < rows and 0 <= c2 < cols):
            raise MasyuError(f"the edge lies outside the {rows}x{cols} board", f"JSON edge {k + 1}")
        edges.append(((r1, c1), (r2, c2)))
    return Loop.unchecked(rows, cols, edges)


def write(loop: Loop) -> str:
    """What ``json.dumps`` writes of ``{"rows", "cols", "edges"}``, edges sorted,
    made as text at once (a million edges: no million small lists to free)."""
    with no_gc():
        body = ", ".join(f"[[{r1}, {c1}], [{r2}, {c2}]]"
                         for (r1, c1), (r2, c2) in loop.sorted_edges())
    return f'{{"rows": {loop.rows}, "cols": {loop.cols}, "edges": [{body}]}}'

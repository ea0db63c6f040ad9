"""A loop as JSON: ``{"rows": R, "cols": C, "edges": [[[r1, c1], [r2, c2]], ...]}``, edges sorted."""
from __future__ import annotations

import json  # the standard library's (imports are absolute)

from ..errors import MasyuError
from ..loop import Loop

SUMMARY = 'JSON {"rows", "cols", "edges"}'


def detect(head: str) -> bool:
    return head.startswith("{")


def read(text: str) -> Loop:
    """Read a JSON loop."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise MasyuError(f"bad JSON: {err.msg}", f"line {err.lineno}, column {err.colno}") \
            from None
    except (TypeError, ValueError, RecursionError) as err:
        raise MasyuError(f"bad JSON: {err}"[:120]) from None
    if not isinstance(data, dict) or not {"rows", "cols", "edges"} <= data.keys():
        raise MasyuError('a JSON loop is an object with "rows", "cols" and "edges"')
    if not isinstance(data["edges"], list):
        raise MasyuError('"edges" must be a list of [[r1, c1], [r2, c2]]')
    edges = []
    for k, e in enumerate(data["edges"]):
        if not (isinstance(e, list) and len(e) == 2 and all(
                isinstance(p, list) and len(p) == 2 and all(
                    type(v) is int for v in p) for p in e)):
            raise MasyuError("an edge is [[r1, c1], [r2, c2]] with integers",
                             f"JSON edge {k + 1}")
        edges.append(((e[0][0], e[0][1]), (e[1][0], e[1][1])))
    return Loop(data["rows"], data["cols"], edges)


def write(loop: Loop) -> str:
    edges = [[list(a), list(b)] for a, b in sorted(loop.edges)]
    return json.dumps({"rows": loop.rows, "cols": loop.cols, "edges": edges})

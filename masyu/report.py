"""The reports of masyu as plain data: one table of their keys and columns.

A count (``masyu.count(...).as_dict()``, ``masyu count --json``, with or
without ``--exact``) and a row of ``--each`` (``masyu solve|count --each``)
are dicts whose keys are named here once; the CSV of ``--each`` has one column
per key of ``ROW_COLUMNS`` and per counter of any engine (``counter_columns``),
in every mode and for every engine, so that rows of several runs line up.
docs/reports.md lists them.  The number style is also here: human text with
thousands separators (``human``), JSON and CSV plain integers.

- ``mode``: ``strong`` or ``weak``, the kind of solution counted;
- ``count``: the number counted (``solve --each``: found, at most the limit,
  2 by default: 2 means "more than one"); the older key ``strong`` or
  ``weak`` (the mode's name) holds the same number;
- the engine's statistics (``xcc.Stats.as_dict``): ``solutions`` (the engine's
  solutions: the weak ones examined when the method filters), its counters,
  ``seconds`` (wall clock), ``cpu_seconds`` (CPU: ``xcc.cpu_time``, a split
  search's workers included), ``complete``, ``interrupted``, ``engine``;
- ``encoding`` and ``method`` of the run that answered (``method`` None for
  weak solutions, ``exact`` for a count without listing).
"""
from __future__ import annotations

from typing import Mapping

import xcc

# the keys a count adds to the engine's statistics, after them
COUNT_KEYS = ("encoding", "method", "mode", "count")
# the columns of a row of solve/count --each before the counters' (CSV), in order
ROW_COLUMNS = ("name", "rows", "cols", "mode", "count", "complete", "interrupted", "seconds",
               "cpu_seconds", "encoding", "method", "engine")
# the columns of a row of check --each
CHECK_COLUMNS = ("name", "rows", "cols", "valid", "violations", "seconds", "cpu_seconds")


def human(n: int) -> str:
    """A number in human text: thousands separated (``1,046,916``)."""
    return f"{n:,}"


def mode(weak: bool) -> str:
    return "weak" if weak else "strong"


def count_dict(n: int, weak: bool, stats: xcc.Stats, encoding: str | None,
               method: str | None) -> dict:
    """The report of a count: ``{mode's name: n}``, the engine's statistics,
    then ``COUNT_KEYS`` (see the module)."""
    out: dict = {mode(weak): n}
    out.update(stats.as_dict())
    out.update(encoding=encoding, method=method, mode=mode(weak), count=n)
    return out


def counter_columns() -> tuple[str, ...]:
    """``solutions`` and every counter any engine of the registry may have, in the
    registry's order (the CSV's columns after ``ROW_COLUMNS``)."""
    names = dict.fromkeys(["solutions"])
    for engine in xcc.engines.REGISTRY.values():
        names.update(dict.fromkeys(engine.counter_labels))
    return tuple(names)


def columns(verb: str) -> list[str]:
    """The CSV columns of the rows of ``verb --each`` (solve, count or check)."""
    if verb == "check":
        return list(CHECK_COLUMNS)
    return [*ROW_COLUMNS, *counter_columns()]


def csv_line(values: list) -> str:
    """One CSV line (``\\n`` ended)."""
    import csv   # start-up: only --csv writes CSV (masyu solve GAMEID imports this module)
    import io    # start-up: with csv, only --csv writes CSV
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(values)
    return buffer.getvalue()


def csv_values(row: Mapping, names: list[str]) -> list:
    """The values of ``row`` under the columns ``names``: plain numbers, an empty
    cell for a counter the engine does not have, violations joined by ``; ``."""
    out: list = []
    for name in names:
        value = row.get(name, "")
        if name == "violations":
            value = "; ".join(value)
        elif value is None:
            value = ""
        out.append(value)
    return out

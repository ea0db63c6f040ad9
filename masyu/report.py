"""The reports of masyu as plain data: one table of their keys and columns.

A count (``masyu.count(...).as_dict()``, ``masyu count --json``, with or
without ``--exact``) and a row of ``--each`` (``masyu solve|count --each``)
are dicts whose keys are named here once; the CSV of ``--each`` has one column
per key of ``ROW_COLUMNS`` and per counter of any engine (``counter_columns``),
in every mode and for every engine, so that rows of several runs line up.
docs/reports.md lists them.  The number style is also here: human text with
thousands separators (``human``), JSON and CSV plain integers; and the human
lines the commands print on stderr (``progress``, ``bar``, ``summary``,
``times``: wall and CPU seconds, ``answered_by``, ``exact_progress``, ``exact_note``,
``budget_note``, ``made_note``, ``sample_note``, ``sizes_note``), and ``puzzle_list``, the table of ``masyu list``.

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


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def kind(weak: bool, n: int) -> str:
    """``strong solution``, ``weak solutions``: the kind of ``n`` solutions."""
    return f"{mode(weak)} solution{'' if n == 1 else 's'}"


times = xcc.results.times   # ``0.125 s (0.118 s CPU)``: wall and CPU seconds


def count_line(n: int, weak: bool, complete: bool = True, interrupted: bool = False) -> str:
    """``1,234 weak solutions``, with `` so far (interrupted)`` or `` (stopped at the
    limit)``: a count as ``masyu count`` prints it."""
    note = " so far (interrupted)" if interrupted else (
        "" if complete else " (stopped at the limit)")
    return f"{human(n)} {kind(weak, n)}{note}"


def solve_note(n: int, weak: bool, listed: bool, complete: bool, interrupted: bool) -> str:
    """What a solve found: ``unique strong solution``, ``no weak solutions``, ``3 strong
    solutions`` (``listed``: --all or --limit), ``interrupted: ... so far``."""
    if interrupted:
        return f"interrupted: {n:,} {kind(weak, n)} so far"
    if listed:
        return f"{n:,} {kind(weak, n)}" + ("" if complete else " (stopped at the limit)")
    if n < 2:
        return f"unique {kind(weak, 1)}" if n else f"no {kind(weak, 2)}"
    return f"more than one {kind(weak, 1)}; --all lists them"


def answered_by(search) -> str:
    """``by 423/guard/sat``: the encoding, method and engine of the run that answered
    (``by deduction`` when the deducer answered alone: no run was made)."""
    if search.method == "deduce":
        return "by deduction"
    how = [search.encoding.kind] + ([] if search.weak else [search.method]) + [search.engine]
    return "by " + "/".join(how)


def sample_note(n: int, weak: bool, seed: int, seconds: float, cpu_seconds: float) -> str:
    """``3 draws (seed 7), 0.1 s (0.1 s CPU)``, or ``no weak solutions (seed 7), ...``."""
    note = plural(n, "draw") if n else f"no {kind(weak, 2)}"
    return f"{note} (seed {seed}), {times(seconds, cpu_seconds)}"


def sizes_note(sizes: Mapping[str, int], contradiction: str | None) -> str:
    """``36 primary and 41 secondary items, 146 options``: an encoding's problem (and its
    contradiction, when the clues contradict each other)."""
    return (f"{sizes['primary']:,} primary and {sizes['secondary']:,} secondary items, "
            f"{sizes['options']:,} options" + (f"; {contradiction}" if contradiction else ""))


def clock(seconds: float) -> str:
    """``12.5 s``, ``4m05s``, ``2h10m``."""
    if seconds < 60:
        return f"{seconds:.1f} s"
    s = int(seconds)
    return f"{s // 3600}h{s // 60 % 60:02d}m" if s >= 3600 else f"{s // 60}m{s % 60:02d}s"


def bar(done: int, total: int, elapsed: float, name: str) -> str:
    """``[=====>     ] 1,234/3,604 34% 2m10s, about 4m05s left: NAME``"""
    width = 20
    filled = width * done // total if total else width
    left = elapsed / done * (total - done) if done else 0.0
    eta = f", about {clock(left)} left" if done else ""
    return (f"[{'=' * filled}{'>' if filled < width else ''}{' ' * (width - filled - 1)}] "
            f"{done:,}/{total:,} {100 * done // max(total, 1)}% {clock(elapsed)}{eta}: {name}")


def summary(key: str, tally: Mapping, before: int, seconds: float) -> str:
    """``3,604 puzzles in 1m02s: 3,604 with one strong solution``, and the rest
    (``key``: the rows' answer, strong, weak or valid; ``tally``: rows by answer)."""
    total = sum(tally.values())
    if key == "valid":
        parts = [f"{tally.get(True, 0):,} valid", f"{tally.get(False, 0):,} not"]
    else:
        names = {0: f"no {key} solution", 1: f"one {key} solution", 2: "more than one"}
        parts = [f"{tally[k]:,} with {names[k]}" for k in sorted(tally)]
    done = f" ({before:,} done before)" if before else ""
    return f"{total:,} puzzles in {clock(seconds)}{done}: " + (", ".join(parts) or "none")


def progress(found: int, filtering: bool, stats: xcc.Stats, elapsed: float) -> str:
    """``... 12 solutions (of 40 weak), 1,234 nodes, 5,000 nodes/s, 3 s``: a search so far."""
    text = f"... {plural(found, 'solution')}"
    if filtering:  # the weak solutions examined
        text += f" (of {stats.solutions:,} weak)"
    name, value = next(iter(stats.counters.items()), ("nodes", 0))
    rate = value / elapsed if elapsed > 0 else 0.0
    return text + f", {value:,} {name}, {rate:,.0f} {name}/s, {elapsed:.0f} s"


def exact_progress(stats: xcc.Stats) -> str:
    """``... level 12 of 40, 1,234 states, 56 MB, 3 s``: an exact count so far."""
    c = stats.counters
    return (f"... level {c.get('level', 0):,} of {c.get('levels', 0):,}, "
            f"{c.get('states', 0):,} states, {c.get('bytes', 0) / 2**20:,.0f} MB, "
            f"{stats.seconds:.0f} s")


def exact_interrupted(stats: xcc.Stats, kept: str | None = None) -> str:
    """``masyu: interrupted at level 12 of 40: no count``: an exact count stopped
    (``; continue with --resume FILE`` when its layers were ``kept`` there)."""
    c = stats.counters
    then = f"; continue with --resume {kept}" if kept else ""
    return (f"masyu: interrupted at level {c.get('level', 0):,} of {c.get('levels', 0):,}: "
            f"no count{then}")


def exact_note(stats: xcc.Stats, encoding: str) -> str:
    """``exact (memo, encoding 423): 1,234 states, widest layer 56, peak 1.2 MB, ...``"""
    c = stats.counters
    how = stats.engine if stats.engine.startswith("plugs") else f"{stats.engine}, encoding {encoding}"
    return (f"exact ({how}): {c['states']:,} states, "
            f"widest layer {c['width']:,}, peak {c['peak_bytes'] / 2**20:,.1f} MB, "
            f"{times(stats.seconds, stats.cpu_seconds)}")


def by_rows(by: str, rows: Mapping) -> str:
    """The rows ``VALUE  COUNT`` of an exact count by ``by`` (length or loops), under a header."""
    return f"{by}  count\n" + "".join(f"{w:>{len(by)}}  {c}\n" for w, c in rows.items())


def budget_note(budget) -> str:
    """``: candidate 3, 1,234 steps, 20 pearls, last score 12 (easy)``: a puzzle being
    made (the generator's :class:`masyu.generate.pearls.Budget`)."""
    score = "" if budget.score is None else f", last score {budget.score:,} ({budget.band})"
    return (f": candidate {budget.candidates}, {budget.spent:,} steps, "
            f"{budget.pearls} pearls{score}")


def made_note(g, seconds: float, note: str | None) -> str:
    """``NAME: 0.52 s, 23 pearls, easy (score 12)``: a puzzle made (``note``: about its
    density)."""
    return (f"{g.puzzle.name}: {seconds:.2f} s, {len(g.puzzle.pearls)} pearls, "
            f"{g.difficulty.band} (score {g.difficulty.score})" + (f"; {note}" if note else ""))


def puzzle_list(puzzles) -> str:
    """``NAME  10x10    23 pearls``, a line a puzzle, in columns (``masyu list``)."""
    sizes = [f"{p.rows}x{p.cols}" for p in puzzles]
    width = max((len(p.name) for p in puzzles), default=0)
    size_width = max((len(s) for s in sizes), default=0)
    return "".join(f"{p.name:<{width}}  {size:<{size_width}}  {len(p.pearls):>4,} pearls\n"
                   for p, size in zip(puzzles, sizes))

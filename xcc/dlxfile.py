"""Knuth's DLX text format, read and written.

- Lines whose first non-blank character is ``|`` are comments; blank lines
  are skipped.
- The first other line names the primary items, then ``|``, then the
  secondary items.  A primary item may carry multiplicities, as in Knuth's
  DLX3: ``u:v|name`` (covered u to v times) or ``v|name`` (exactly v times),
  u and v decimal, 0 <= u <= v, v >= 1 (:attr:`xcc.Problem.bounds`).
- Every later line is one option: item names, a secondary one possibly
  written ``name:color``, and costs as in Knuth's DLX5: after any item, tokens
  ``|`` followed by decimal digits, summed (``a |2 b |1``: the option costs 3;
  none: 0; :attr:`xcc.Problem.costs`).  Also accepted, at most once per option
  and added to those: a token ``$`` and digits (``a b $3``), the form this
  project read first; an item may therefore not be named ``$`` and digits.

Reading accepts long names and multi-character colors; every error names
``file:line:col`` and the offending text.  Reading takes time linear in the
text and refuses more than ``MAX_DLX_BYTES`` (``limit=``): parsing needs about
30 bytes of memory per byte of text, so the default 128 MiB stays under 4 GB.
Writing produces a file that DLX2 reads whenever names fit 8 characters and
colors 1 character (DLX3 when there are multiplicities, DLX5 when there are
costs), and warns otherwise; it writes a temporary file and
renames it (:func:`xcc.textio.write_text`).
"""
from __future__ import annotations

import io
import os
import re
import warnings
from typing import IO, Iterable

from . import dlxread
from .errors import XCCError, expect
from .problem import MAX_BOUND, MAX_COST, Problem
from .textio import MIB, check_limit, read_text, write_text

_TOKEN = re.compile(r"\S+")
_BOUNDED = re.compile(r"(?:([0-9]+):)?([0-9]+)\|(.*)")  # u:v|name or v|name (DLX3)
_COST = re.compile(r"\$[0-9]+")  # $cost in an option (DLX5); no item is named so
_BAR_COST = re.compile(r"\|[0-9]+")  # DLX5's |cost after an item of an option
MAX_DLX_BYTES = 128 * MIB
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")  # line ends and tabs are blanks


def _tokens(line: str) -> Iterable[tuple[int, str]]:
    for m in _TOKEN.finditer(line):
        yield m.start() + 1, m.group()


def _column(line: str, k: int) -> int:
    """The 1-based column of the ``k``-th blank-separated token of ``line``."""
    for j, (col, _) in enumerate(_tokens(line)):
        if j == k:
            return col
    return 1  # pragma: no cover - k is always a token's index


class _Places:
    """``source:line:1`` of each option, made only when an error asks for one."""

    def __init__(self, source: str, lines: list[int]) -> None:
        self.source, self.lines = source, lines

    def __getitem__(self, j: int) -> str:
        return f"{self.source}:{self.lines[j]}:1"

    def __len__(self) -> int:
        return len(self.lines)


def parse_dlx(text: str, source: str = "<string>", *, warn: bool = True,
              limit: int = MAX_DLX_BYTES) -> Problem:
    """Parse DLX text; errors carry ``source:line:col``.

    Text longer than ``limit`` characters, and any NUL or other control
    character but tab (which no name may hold), is refused.
    """
    expect(text, str, "text", "a str of DLX text")
    expect(source, str, "source", "a str naming the text")
    if len(text) > check_limit(limit):
        raise XCCError(f"the DLX text is longer than the limit of {limit:,} characters", source)
    bad = _CONTROL.search(text)
    if bad is not None:
        lineno = text.count("\n", 0, bad.start()) + 1
        col = bad.start() - text.rfind("\n", 0, bad.start())
        raise XCCError(f"control character {bad.group()!r} in the text", f"{source}:{lineno}:{col}")
    if (fast := dlxread.parse(text, source, warn)) is not None:
        return fast  # the one-pass C reader took it (xcc.dlxread; None: read here)
    primary: list[str] = []
    secondary: list[str] = []
    seen: dict[str, int] = {}
    options: list[list[tuple[str, str | None]]] = []
    where: list[str] = []
    bounds: dict[str, tuple[int, int]] = {}
    costs: list[int] = []  # one per option, 0 when it has no $cost
    header_done = False
    good_colors: set[str] = set()

    def fail(lineno: int, col: int, message: str) -> XCCError:
        return XCCError(message, f"{source}:{lineno}:{col}")

    for lineno, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("|"):
            continue
        if not header_done:
            header_done = True
            bar = False
            for col, tok in _tokens(line):
                if tok == "|":
                    if bar:
                        raise fail(lineno, col, "'|' appears twice in the item line")
                    bar = True
                    continue
                bounded = _BOUNDED.fullmatch(tok)
                if bounded:
                    if bar:
                        raise fail(lineno, col, f"bounds on secondary item in {tok!r} "
                                                "(only primary items have multiplicities)")
                    u, v = int(bounded.group(1) or bounded.group(2)), int(bounded.group(2))
                    if not 0 <= u <= v or v < 1 or v > MAX_BOUND:
                        raise fail(lineno, col, f"bad bounds in {tok!r}: want u:v|name with "
                                                f"0 <= u <= v, 1 <= v <= {MAX_BOUND}")
                    col += len(tok) - len(bounded.group(3))
                    tok = bounded.group(3)
                    if not tok:
                        raise fail(lineno, col, "empty item name after its bounds")
                    bounds[tok] = (u, v)
                if ":" in tok or "|" in tok or not tok.isprintable():
                    raise fail(lineno, col, f"illegal character in item name {tok!r}")
                if _COST.fullmatch(tok):
                    raise fail(lineno, col, f"item name {tok!r} is a cost ('$' and digits)")
                if tok in seen:
                    raise fail(lineno, col, f"duplicate item name {tok!r}")
                seen[tok] = 1 if not bar else 2
                (secondary if bar else primary).append(tok)
            if not primary:
                raise fail(lineno, 1, "no primary items before '|'")
            continue
        option: list[tuple[str, str | None]] = []
        in_option: set[str] = set()
        cost = None
        bar_cost = 0  # DLX5's own cost tokens: |n after an item, summed when several
        for k, tok in enumerate(line.split()):   # columns are found only for an error
            if k and tok[0] == "|":
                if not _BAR_COST.fullmatch(tok):
                    raise fail(lineno, _column(line, k),
                               f"option cost {tok!r} should be '|' and decimal digits (DLX5)")
                bar_cost += int(tok[1:])
                if bar_cost > MAX_COST:
                    raise fail(lineno, _column(line, k), f"cost {tok!r} makes the option's "
                                                         f"cost above {MAX_COST}")
                continue
            if tok[0] == "$" and _COST.fullmatch(tok):
                if cost is not None:
                    raise fail(lineno, _column(line, k), f"a second cost {tok!r} in this option")
                cost = int(tok[1:])
                if cost > MAX_COST:
                    raise fail(lineno, _column(line, k), f"cost {tok!r} is above {MAX_COST}")
                continue
            name, sep, color = tok.partition(":")
            kind = seen.get(name)
            if kind is None:
                col = _column(line, k)
                if not name:
                    raise fail(lineno, col, f"empty item name in {tok!r}")
                if "|" in name or not name.isprintable():
                    raise fail(lineno, col, f"illegal character in item name {tok!r}")
                raise fail(lineno, col, f"unknown item {name!r}")
            if name in in_option:
                raise fail(lineno, _column(line, k), f"item {name!r} appears twice in this option")
            in_option.add(name)
            if sep:
                if kind == 1:
                    raise fail(lineno, _column(line, k),
                               f"primary item {name!r} cannot have a color")
                if color not in good_colors:
                    if not color or ":" in color or "|" in color or not color.isprintable():
                        raise fail(lineno, _column(line, k) + len(name) + 1,
                                   f"bad color in {tok!r}")
                    good_colors.add(color)
                option.append((name, color))
            else:
                option.append((name, None))
        options.append(option)
        cost = (cost or 0) + bar_cost
        if cost > MAX_COST:
            raise fail(lineno, 1, f"the option's cost {cost} is above {MAX_COST}")
        costs.append(cost)
        where.append(lineno)
    if not header_done:
        raise XCCError("empty item line: no items", f"{source}:1:1")
    return Problem(primary, secondary, options, name=source, warn=warn, bounds=bounds,
                   costs=costs, _locations=_Places(source, where))


def read_dlx(path_or_file: str | os.PathLike | IO[str], *, warn: bool = True,
             limit: int = MAX_DLX_BYTES) -> Problem:
    """Read a DLX file (a path, ``-`` for stdin, or an open file), at most
    ``limit`` bytes: a larger or endless input is refused after reading that
    much, and so are NUL bytes and text that is not UTF-8 (one error naming
    the file, never a traceback)."""
    if hasattr(path_or_file, "read"):
        source = str(getattr(path_or_file, "name", None) or "<stream>")
    else:
        source = "<stdin>" if path_or_file == "-" else None
    text = read_text(path_or_file, limit=limit, what="the DLX file")
    if source is None:
        source = os.fspath(path_or_file)
    return parse_dlx(text, source, warn=warn, limit=limit)


def knuth_compatible(problem: Problem) -> bool:
    """True if DLX2 reads the file we write: names <= 8 chars, colors 1 char
    (DLX3 reads it when the problem has multiplicities, DLX5 when it has costs)."""
    return (all(len(n) <= 8 for n in problem.items)
            and all(len(c) == 1 for c in problem.colors()))


def format_dlx(problem: Problem, comment: str | None = None) -> str:
    """The DLX text of ``problem`` (``comment`` as ``|`` lines first), which
    :func:`parse_dlx` reads back as the same problem (an option's cost, when
    not 0, last: ``|cost``, as DLX5 reads it).  A problem with an item named ``$`` and digits
    is refused: the text would read it as a cost."""
    expect(problem, Problem, "problem", "an xcc.Problem")
    for name in problem.items:
        if _COST.fullmatch(name):
            raise XCCError(f"item name {name!r} would read as a cost ('$' and digits) "
                           "in the DLX format", "argument 'problem'")
    if comment is not None:
        expect(comment, str, "comment", "a str")
    out = io.StringIO()
    if comment:
        for line in comment.splitlines():
            out.write(f"| {line}\n")
    bounds = problem.bounds or ((1, 1),) * len(problem.primary)
    out.write(" ".join(name if (u, v) == (1, 1) else f"{v}|{name}" if u == v else f"{u}:{v}|{name}"
                       for name, (u, v) in zip(problem.primary, bounds)))
    if problem.secondary:
        out.write(" | " + " ".join(problem.secondary))
    out.write("\n")
    costs = problem.costs
    for k in range(len(problem.options)):
        out.write(problem.option_text(k) + (f" |{costs[k]}\n" if costs and costs[k] else "\n"))
    return out.getvalue()


def write_dlx(problem: Problem, path_or_file: str | os.PathLike | IO[str],
              comment: str | None = None) -> bool:
    """Write ``problem`` to a path (atomically: a temporary file renamed) or an
    open text file; return whether DLX2 can read it (warn if not)."""
    expect(problem, Problem, "problem", "an xcc.Problem")
    if not hasattr(path_or_file, "write"):
        expect(path_or_file, (str, os.PathLike), "path_or_file", "a path or an open text file")
    ok = knuth_compatible(problem)
    if not ok:
        warnings.warn("item names longer than 8 characters or colors longer than 1: "
                      "Knuth's DLX2 will not read this file", stacklevel=2)
    text = format_dlx(problem, comment)
    if hasattr(path_or_file, "write"):
        path_or_file.write(text)
    else:
        write_text(path_or_file, text)
    return ok

"""Knuth's DLX text format, read and written.

- Lines whose first non-blank character is ``|`` are comments; blank lines
  are skipped.
- The first other line names the primary items, then ``|``, then the
  secondary items.
- Every later line is one option: item names, a secondary one possibly
  written ``name:color``.

Reading accepts long names and multi-character colors; every error names
``file:line:col`` and the offending text.  Writing produces a file that
DLX2 reads whenever names fit 8 characters and colors 1 character, and warns
otherwise.
"""
from __future__ import annotations

import io
import os
import re
import sys
import warnings
from typing import IO, Iterable

from . import dlxfast
from .errors import XCCError
from .problem import Problem

_TOKEN = re.compile(r"\S+")


def _tokens(line: str) -> Iterable[tuple[int, str]]:
    for m in _TOKEN.finditer(line):
        yield m.start() + 1, m.group()


def parse_dlx(text: str, source: str = "<string>", *, warn: bool = True) -> Problem:
    """Parse DLX text; errors carry ``source:line:col``."""
    if (fast := dlxfast.parse(text, source, warn)) is not None: return fast  # noqa: E701  (C, one pass)
    primary: list[str] = []
    secondary: list[str] = []
    seen: dict[str, int] = {}
    options: list[list[tuple[str, str | None]]] = []
    where: list[str] = []
    header_done = False

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
                if ":" in tok or "|" in tok:
                    raise fail(lineno, col, f"illegal character in item name {tok!r}")
                if tok in seen:
                    raise fail(lineno, col, f"duplicate item name {tok!r}")
                seen[tok] = 1 if not bar else 2
                (secondary if bar else primary).append(tok)
            if not primary:
                raise fail(lineno, 1, "no primary items before '|'")
            continue
        option: list[tuple[str, str | None]] = []
        in_option: set[str] = set()
        for col, tok in _tokens(line):
            name, sep, color = tok.partition(":")
            if not name:
                raise fail(lineno, col, f"empty item name in {tok!r}")
            if "|" in name:
                raise fail(lineno, col, f"illegal character in item name {tok!r}")
            kind = seen.get(name)
            if kind is None:
                raise fail(lineno, col, f"unknown item {name!r}")
            if name in in_option:
                raise fail(lineno, col, f"item {name!r} appears twice in this option")
            in_option.add(name)
            if sep:
                if kind == 1:
                    raise fail(lineno, col, f"primary item {name!r} cannot have a color")
                if not color or ":" in color or "|" in color:
                    raise fail(lineno, col + len(name) + 1, f"bad color in {tok!r}")
                option.append((name, color))
            else:
                option.append((name, None))
        options.append(option)
        where.append(f"{source}:{lineno}:1")
    if not header_done:
        raise XCCError("empty item line: no items", f"{source}:1:1")
    with warnings.catch_warnings():
        if not warn:
            warnings.simplefilter("ignore")
        return Problem(primary, secondary, options, name=source, _locations=where)


def read_dlx(path_or_file: str | os.PathLike | IO[str], *, warn: bool = True) -> Problem:
    """Read a DLX file (a path, ``-`` for stdin, or an open text file)."""
    if hasattr(path_or_file, "read"):
        source = getattr(path_or_file, "name", "<stream>")
        return parse_dlx(path_or_file.read(), str(source), warn=warn)
    path = os.fspath(path_or_file)
    if path == "-":
        return parse_dlx(sys.stdin.read(), "<stdin>", warn=warn)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise XCCError(f"cannot read: {e.strerror}", path) from None
    except UnicodeDecodeError:
        raise XCCError("not a UTF-8 text file", path) from None
    return parse_dlx(text, path, warn=warn)


def knuth_compatible(problem: Problem) -> bool:
    """True if DLX2 reads the file we write: names <= 8 chars, colors 1 char."""
    return (all(len(n) <= 8 for n in problem.items)
            and all(len(c) == 1 for c in problem.colors()))


def format_dlx(problem: Problem, comment: str | None = None) -> str:
    out = io.StringIO()
    if comment:
        for line in comment.splitlines():
            out.write(f"| {line}\n")
    out.write(" ".join(problem.primary))
    if problem.secondary:
        out.write(" | " + " ".join(problem.secondary))
    out.write("\n")
    for k in range(len(problem.options)):
        out.write(problem.option_text(k) + "\n")
    return out.getvalue()


def write_dlx(problem: Problem, path_or_file: str | os.PathLike | IO[str],
              comment: str | None = None) -> bool:
    """Write ``problem``; return whether DLX2 can read it (warn if not)."""
    ok = knuth_compatible(problem)
    if not ok:
        warnings.warn("item names longer than 8 characters or colors longer than 1: "
                      "Knuth's DLX2 will not read this file", stacklevel=2)
    text = format_dlx(problem, comment)
    if hasattr(path_or_file, "write"):
        path_or_file.write(text)
    else:
        with open(os.fspath(path_or_file), "w", encoding="utf-8") as f:
            f.write(text)
    return ok

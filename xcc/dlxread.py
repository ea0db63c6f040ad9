"""Knuth's DLX text format read in one pass in C, for the common case.

``parse`` gives the same problem as :func:`xcc.dlxfile.parse_dlx` (the
reference, which calls it first) for every text it takes, built from the
arrays the C reader (``xcc/csrc/reader/dlxread.c``) makes, with the same warnings
for options without a primary item.  It takes no text the C reader leaves
alone: one with an error or an unusual character (non-ASCII, control
characters), or when the compiled extension is missing.  It then answers
None, and ``parse_dlx`` reads the text itself, naming any error at its place:
so the errors are always the reference's.
"""
from __future__ import annotations

import warnings

import numpy as np

from .problem import Problem

try:
    from . import _native
except ImportError:  # the compiled extension is optional: the Python reader then reads all
    _native = None


def parse(text: str, source: str, warn: bool = True) -> Problem | None:
    """The problem in ``text``, or None to leave the text to the Python reader."""
    if _native is None or type(text) is not str:
        return None
    read = _native.parse_dlx(text)
    if read is None:
        return None
    n1, names, starts, items, colors, color_names, lines, _, bounds = read
    i32 = np.int32
    if bounds is not None:  # multiplicities (DLX3's u:v|name), as (u, v) per primary item
        b = np.frombuffer(bounds, i32).tolist()
        bounds = {names[k]: (b[2 * k], b[2 * k + 1]) for k in range(n1)}
    problem = Problem.from_arrays(names[:n1], names[n1:], np.frombuffer(starts, i32),
                                  np.frombuffer(items, i32), np.frombuffer(colors, i32),
                                  color_names, name=source, warn=False, bounds=bounds)
    if warn and problem.dropped:
        line = np.frombuffer(lines, i32)
        start = np.frombuffer(starts, i32)
        item = np.frombuffer(items, i32).tolist()
        code = np.frombuffer(colors, i32).tolist()
        for j in problem.dropped:  # as Problem words it, with the reader's place
            text = " ".join(names[item[e]] if not code[e] else
                            f"{names[item[e]]}:{color_names[code[e] - 1]}"
                            for e in range(int(start[j]), int(start[j + 1])))
            warnings.warn(f"{source}:{int(line[j])}:1: option ignored (no primary items): "
                          f"{text}", stacklevel=2)
    return problem

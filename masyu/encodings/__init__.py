"""Masyu as XCC: the constructions of TAOCP 7.2.2.1, exercises 422 and 423.

``ENCODINGS`` is the one list of them (name -> summary and construction); the
CLI's ``--encoding``, the validation messages and the benchmarks read it.
One module per construction (``ex422``, ``ex423``) over what they share: the
slot tables and the normalization (``slots``), the item names (``names``)
and the result (``encoding``).
See ``docs/constructions.md`` for the proofs.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import MasyuError, expect
from ..puzzle import Puzzle
from . import ex422, ex423
from .encoding import Encoding


@dataclass(frozen=True)
class Construction:
    """One encoding: its name (the exercise), a one-line summary, and the construction."""

    name: str
    summary: str
    build: Callable[..., Encoding]   # (puzzle, forced=None)


ENCODINGS: dict[str, Construction] = {c.name: c for c in (
    Construction("422", ex422.SUMMARY, ex422.encode_422),
    Construction("423", ex423.SUMMARY, ex423.encode_423),
)}
DEFAULT_ENCODING = "423"


def check_encoding(encoding: object) -> str:
    """The encoding's name, or one clear error listing the valid ones (a name
    that is not a string, such as the int 422: a MasyuTypeError)."""
    expect(encoding, str, "encoding", f"a string, one of {', '.join(map(repr, ENCODINGS))}")
    name = encoding
    if name not in ENCODINGS:
        raise MasyuError(f"unknown encoding {encoding!r}; valid encodings: {', '.join(ENCODINGS)}")
    return name


def encode(puzzle: Puzzle, encoding: str = DEFAULT_ENCODING, *, forced=None) -> Encoding:
    """The XCC problem whose solutions are the weak solutions of ``puzzle``.

    ``forced`` (a search's seed: one value per edge in the board's order, 0 absent,
    1 present, 2 open; the C deducer's ``values``, :func:`masyu.deduce.deduction`)
    makes each decided edge a constant, as the edges off the board are: the
    options that disagree with it are dropped and it is no item.  The weak
    solutions are then those that agree with it: sound deductions hold in every
    strong solution, so the strong ones are all kept."""
    if not isinstance(puzzle, Puzzle):
        raise MasyuError(f"expected a Puzzle, not {type(puzzle).__name__}")
    build = ENCODINGS[check_encoding(encoding)].build
    return build(puzzle) if forced is None else build(puzzle, forced)


__all__ = ["ENCODINGS", "DEFAULT_ENCODING", "Construction", "Encoding", "encode",
           "check_encoding"]

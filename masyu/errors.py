"""The exception types of the masyu package.

``MasyuError`` is a ``ValueError`` (bad input: callers may catch either);
``MasyuTypeError`` is raised for an argument of the wrong Python type and is a
``TypeError`` too; ``SeveralPuzzles`` is a MasyuError for a collection where
one puzzle was wanted.  All carry the place.
"""
from __future__ import annotations


class MasyuError(ValueError):
    """Bad input to masyu: a malformed puzzle, loop, URL or argument.

    ``where`` names the place: ``line 3, column 5``, ``cell (2, 4)``, a URL segment,
    ``argument 'rows'``.
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}" if where else message)


class SeveralPuzzles(MasyuError):
    """Text holding ``count`` puzzles where one was wanted (a collection: pick one
    by name, or read them all)."""

    def __init__(self, message: str, where: str | None = None, count: int = 2) -> None:
        super().__init__(message, where)
        self.count = count


class MasyuTypeError(MasyuError, TypeError):
    """An argument of the wrong type; ``where`` names the argument."""


def expect(value: object, kinds: type | tuple[type, ...], argument: str, what: str) -> None:
    """Refuse ``value`` unless it is one of ``kinds`` (a bool is never an int here)."""
    allowed = kinds if isinstance(kinds, tuple) else (kinds,)
    if not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
        raise MasyuTypeError(f"{argument} must be {what}, not {type(value).__name__}",
                             f"argument {argument!r}")

"""The exception types of the masyu package.

``MasyuError`` is a ``ValueError`` (bad input: callers may catch either);
``MasyuTypeError`` is raised for an argument of the wrong Python type and is a
``TypeError`` too.  Both carry the place.
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


class MasyuTypeError(MasyuError, TypeError):
    """An argument of the wrong type; ``where`` names the argument."""


def expect(value: object, kinds: type | tuple[type, ...], argument: str, what: str) -> None:
    """Refuse ``value`` unless it is one of ``kinds`` (a bool is never an int here)."""
    allowed = kinds if isinstance(kinds, tuple) else (kinds,)
    if not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
        raise MasyuTypeError(f"{argument} must be {what}, not {type(value).__name__}",
                             f"argument {argument!r}")

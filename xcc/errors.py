"""The exception types of the xcc package.

``XCCError`` is a ``ValueError`` (bad input: callers may catch either);
``XCCTypeError`` is raised for an argument of the wrong Python type and is a
``TypeError`` too.  Both carry the place.
"""


class XCCError(ValueError):
    """Bad input to xcc: a malformed problem, DLX file or argument.

    ``where`` is the place (``file:line:col``, or an option number) when known.
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}" if where else message)


class XCCTypeError(XCCError, TypeError):
    """An argument of the wrong type; ``where`` names the argument."""


def expect(value: object, kinds: type | tuple[type, ...], argument: str, what: str) -> None:
    """Refuse ``value`` unless it is one of ``kinds`` (a bool is never an int here)."""
    allowed = kinds if isinstance(kinds, tuple) else (kinds,)
    if not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
        raise XCCTypeError(f"{argument} must be {what}, not {type(value).__name__}",
                           f"argument {argument!r}")

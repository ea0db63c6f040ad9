"""The one exception type of the xcc package."""


class XCCError(ValueError):
    """Bad input to xcc: a malformed problem, DLX file or argument.

    ``where`` is the place (``file:line:col``, or an option number) when known.
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}" if where else message)

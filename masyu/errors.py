"""The one exception type of the masyu package."""


class MasyuError(ValueError):
    """Bad input to masyu: a malformed puzzle, loop, URL or argument.

    ``where`` names the place: ``line 3, column 5``, ``cell (2, 4)``, a URL segment.
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}" if where else message)

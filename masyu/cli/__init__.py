"""The ``masyu`` command: a thin face over the masyu library.

Each submodule registers its verbs on ``app``; errors become one line on
stderr and exit code 2 (see ``run``).
"""
from __future__ import annotations

import typer

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Solve, count, check, convert and draw Masyu puzzles.",
    pretty_exceptions_enable=False,
)

from . import puzzles as _puzzles  # noqa: E402,F401  (registers convert, check, render)
from . import solving as _solving  # noqa: E402,F401  (registers solve, count, encode)
from . import sampling as _sampling  # noqa: E402,F401  (registers sample)
from . import generating as _generating  # noqa: E402,F401  (registers generate)
from . import playing as _playing  # noqa: E402,F401  (registers daily, play)


def main() -> None:
    app()

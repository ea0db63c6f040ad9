"""What every verb of the ``masyu`` command shares: the table of verbs, the help
line, and the house's messages and exit codes (``say``, ``exits``),
and how a verb fails: ``fail(message, where=None)``, one line ``masyu: ...`` on
stderr and exit code 2 (``SystemExit``: the same under Typer and on the quick
path); ``errors_exit()``, MasyuError and xcc's XCCError as ``fail``, which
every verb runs inside (``guarded``: :mod:`masyu.cli.full` and the quick path
wrap each verb), so the library's errors need no handling in the verbs.
Below every other module of ``masyu.cli`` (the package's ``__init__``
re-exports these and imports the verbs, so they cannot live there without a
circle).  No Typer, no library (its errors only): the quick path reads it.
"""
from __future__ import annotations

import contextlib
import sys
from typing import Callable, Iterator, NoReturn

import xcc

from ..errors import MasyuError

# name: (module of masyu.cli, function, summary: the first line of its docstring)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "solve": ("solving", "solve", "Solve a puzzle and print its loop."),
    "count": ("solving", "count", "Count the solutions of a puzzle."),
    "check": ("puzzles", "check", "Check a loop against the rules."),
    "list": ("puzzles", "list_", "List the puzzles of a collection file."),
    "convert": ("puzzles", "convert", "Write a puzzle in another format."),
    "render": ("puzzles", "render", "Draw a puzzle, and a loop on it."),
    "encode": ("solving", "encode", "Write the XCC problem of a puzzle in Knuth's DLX format."),
    "generate": ("generating", "generate", "Generate puzzles with exactly one solution."),
    "daily": ("playing", "daily", "Print the day's puzzle."),
    "play": ("playing", "play", "Play in the browser."),
    "serve": ("serving", "serve", "Serve Daily Masyu to many players."),
    "sample": ("sampling", "sample",
               "Draw N loops uniformly at random from all the solutions of a puzzle."),
    "explain": ("explaining", "explain", "Explain a puzzle step by step."),
    "hint": ("explaining", "hint", "The next step from your marks, or which marks are wrong."),
    "ambiguity": ("explaining", "ambiguity",
                  "Where a puzzle with two or more solutions is ambiguous."),
    "prove": ("certifying", "prove",
              "Prove a puzzle's solution unique, in a certificate others can check."),
    "verify": ("certifying", "verify", "Check a certificate of uniqueness without a SAT solver."),
}
HELP = "Solve, count, check, convert, draw and generate Masyu puzzles."
OUT_OF_MEMORY = "out of memory; see --memory"   # what running out of memory says, on both paths


def say(text: str) -> None:
    """One line on stderr, flushed (what ``typer.echo(text, err=True)`` writes)."""
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def exits(call: Callable[[], int], prog: str) -> int:
    """Run ``call`` (it returns an exit code) with the house's errors
    (:func:`xcc.command.exits`: I/O faults in one line, a broken pipe as 1,
    Ctrl-C as 130; running out of memory points at --memory).  Returns the exit
    code.  (``fail``'s SystemExit passes through.)"""
    return xcc.command.exits(call, prog, OUT_OF_MEMORY)


def fail(message: str, where: str | None = None) -> NoReturn:
    """Print ``masyu: <where>: <message>`` on stderr and exit with code 2."""
    text = f"{where}: {message}" if where else message
    say(f"masyu: {' '.join(text.split())}")
    raise SystemExit(2)


@contextlib.contextmanager
def errors_exit() -> Iterator[None]:
    """Turn MasyuError / XCCError into one line on stderr and exit 2 (no traceback)."""
    try:
        yield
    except (MasyuError, xcc.XCCError) as err:
        fail(getattr(err, "message", str(err)), getattr(err, "where", None))


def guarded(verb: Callable[..., object]) -> Callable[..., object]:
    """``verb`` run inside :func:`errors_exit` (its name and docstring kept)."""
    return errors_exit()(verb)

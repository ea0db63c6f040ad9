"""What every verb of the ``masyu`` command shares: the table of verbs, the help
line, the stdin token, and the house's messages and exit codes (``say``,
``fault``, ``exits``).  Below every other module of ``masyu.cli`` (the package's
``__init__`` re-exports these and imports the verbs, so they cannot live there
without a circle).  No Typer, no library: the quick path reads it.
"""
from __future__ import annotations

import sys
from typing import Callable

import xcc

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
STDIN_PICK = "\x00stdin#"   # -#NAME, protected from the option parser (see inputs.py)


def say(text: str) -> None:
    """One line on stderr, flushed (what ``typer.echo(text, err=True)`` writes)."""
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def fault(command: str, message: str, code: int = 2) -> int:
    """One line on stderr (if it can still be written) and the exit code."""
    return xcc.command.fault(command, message, code)


def exits(call: Callable[[], int], prog: str) -> int:
    """Run ``call`` (it returns an exit code) with the house's errors
    (:func:`xcc.command.exits`: I/O faults in one line, a broken pipe as 1,
    Ctrl-C as 130; running out of memory points at --memory).  Returns the exit
    code.  (``fail``'s SystemExit passes through.)"""
    return xcc.command.exits(call, prog, "out of memory; see --memory")

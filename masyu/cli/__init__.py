"""The ``masyu`` command: a thin face over the masyu library.

``COMMANDS`` names every verb, the module that defines it and its one-line
summary.  ``main`` runs the plainest ``masyu solve`` and ``masyu count`` (one
puzzle, the options their declarations mark ``quick``) on the quick path,
without Typer (:func:`quick`); for all else it builds the command line with only the modules the arguments need
(:mod:`masyu.cli.full`: ``masyu --help`` imports none of them; ``masyu solve
...`` only ``masyu.cli.solving``), so that it starts fast; ``app`` (for tests
and embedding) has them all.  Nothing here imports Typer or the library.

Every failure is one line on stderr: ``masyu: ...``.  Exit codes: 0 success;
1 "no" (no solution, violations found), or the reader of the output went away
(a broken pipe: nothing more is said); 2 bad input, a usage error, or output
that cannot be written (a full disk); 130 interrupted by Ctrl-C, after what
was found so far.  ``exits`` says them for both paths.
"""
from __future__ import annotations

import os
import sys
from typing import Sequence

import xcc

# The table of verbs and the house's messages live in .common, below every verb
# module (they import them from there); re-exported here, the face of the command.
from .common import COMMANDS, HELP, exits, guarded, say  # noqa: F401


def main(argv: Sequence[str] | None = None) -> None:
    """The ``masyu`` entry point: the quick path, else the verbs the arguments name; exit."""
    args = list(sys.argv[1:] if argv is None else argv)
    # No masyu or xcc code calls BLAS; OpenBLAS's idle threads, started when numpy
    # is imported, would spin for about 0.1 s of CPU in every command.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    if args[:1] in (["solve"], ["count"]):
        xcc.parallel.prestart_if_asked(args)  # --jobs: the fork server boots meanwhile
        code = quick(args[0], args[1:])
        if code is not None:
            sys.exit(code)
    from .full import main as full  # start-up: Typer only for what quick leaves
    sys.exit(full(args))


def quick(verb: str, argv: Sequence[str]) -> int | None:
    """The quick path of ``masyu solve|count ARGV``, without Typer: if the verb's
    declaration (:mod:`masyu.cli.solving`) reads ``argv`` exactly as Typer
    would (:func:`xcc.command.parse_quick`), run the verb and return its exit
    code; else None, with nothing printed."""
    from . import solving  # start-up: the library only for a solve or count (not for --help)
    given = xcc.command.parse_quick(solving.PARAMS[verb], argv)
    if given is None:
        return None
    try:
        return exits(lambda: guarded(getattr(solving, verb))(**given), "masyu")
    except SystemExit as done:  # fail(): its line is said, the code is 2
        return done.code if isinstance(done.code, int) else 2


def __getattr__(name: str):
    if name == "app":     # every verb built: for tests and for embedding
        from .full import make_app  # start-up: Typer only when asked for
        return make_app()
    if name in ("make_app", "Command"):
        from . import full as built  # start-up: Typer only when asked for
        return getattr(built, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

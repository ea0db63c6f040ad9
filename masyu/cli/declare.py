"""What the verbs' declarations share: the builders (:mod:`xcc.command`'s), the
help texts and options several verbs use, and the refusal of ``--each``'s options without it.
No Typer here: the quick path reads them."""
from __future__ import annotations

import xcc

from .common import fail

REQUIRED, argument, option = xcc.command.REQUIRED, xcc.command.argument, xcc.command.option

PUZZLE_HELP = ("The puzzle: a file (- for stdin), FILE#NAME for one puzzle of a collection "
               "(-#NAME: of stdin), or the URL / game ID / grid itself.")
SHORT_PUZZLE_HELP = "The puzzle: a file, - for stdin, FILE#NAME, or the URL / game ID / grid."
LOOP_HELP = ("The loop: box drawing, JSON or pzprv3; a file (- for stdin), FILE#NAME in a "
             "solutions file, or the text itself.")
EACH_HELP = "Every puzzle of the PUZZLE file: one row each (JSON lines; --csv for CSV)."
ONLY_HELP = "With --each or list: only the puzzles whose names match this regular expression."
CSV_HELP = "With --each: CSV rows, not JSON lines."
# every verb's --memory (masyu.cli.running.memory_limit reads it)
MEMORY = option("memory_", "--memory", metavar="SIZE",
                help="Refuse a task that would need more memory than this (e.g. 4G, 800M). "
                     "Default: half the machine's memory, at most 4/5 of what is free.")


def no_each(verb: str | None = None, **given: object) -> None:
    """Refuse the options of ``--each`` given without it (``only``, ``csv``,
    ``resume``: their values; ``verb``: a parallel one takes ``--resume FILE``)."""
    for name, value in given.items():
        if value:
            also = f" (or takes the FILE of a parallel {verb})" if name == "resume" and verb else ""
            fail(f"--{name} goes with --each{also}", f"--{name}")

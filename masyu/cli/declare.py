"""What the verbs' declarations share: the builders (:mod:`xcc.command`'s) and the
help texts several verbs use.  No Typer here: the quick path reads them."""
from __future__ import annotations

import xcc

from ..formats import FORMATS
from ..render import PICTURES

REQUIRED, argument, option = xcc.command.REQUIRED, xcc.command.argument, xcc.command.option

PUZZLE_HELP = ("The puzzle: a file (- for stdin), FILE#NAME for one puzzle of a collection "
               "(-#NAME: of stdin), or the URL / game ID / grid itself.")
SHORT_PUZZLE_HELP = "The puzzle: a file, - for stdin, FILE#NAME, or the URL / game ID / grid."
LOOP_HELP = ("The loop: box drawing, JSON or pzprv3; a file (- for stdin), FILE#NAME in a "
             "solutions file, or the text itself.")
EACH_HELP = "Every puzzle of the PUZZLE file: one row each (JSON lines; --csv for CSV)."
ONLY_HELP = "With --each or list: only the puzzles whose names match this regular expression."
CSV_HELP = "With --each: CSV rows, not JSON lines."


def summaries(names: tuple[str, ...]) -> str:
    """``name: summary; ...`` of formats and pictures, for a --help text."""
    return "; ".join(f"{name}: {FORMATS[name].summary if name in FORMATS else PICTURES[name][0]}"
                     for name in names) + "."

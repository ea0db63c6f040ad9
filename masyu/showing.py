"""Loops as the commands show them: in a loop format, as a picture of the puzzle,
or as a puzzle file carrying its loop (pzprv3, for puzz.link's player).

``SHOWS`` names them (``solve --format``, ``sample --format``); ``show`` gives
one loop's text; ``summaries`` says what names mean; ``out_folder`` makes the folder of ``--out-dir``; ``Shown`` writes the loops of one puzzle, one after another:
to an output of whole records (a blank line between drawings; several SVG
pictures as one document, written at the end), or each to its own file in a
folder (``NAME-01.svg``, ...: numbered so that the names sort in the order
found).
"""
from __future__ import annotations

import os

import xcc

from .errors import MasyuError
from .formats import FORMATS, LOOP_FORMATS, write as write_puzzle, write_loop
from .formats import svg as svg_format
from .loop import Loop
from .puzzle import Puzzle
from .render import PICTURES

# the puzzle formats that carry a loop drawn on the puzzle (pzprv3: for puzz.link's player)
WITH_LOOP = tuple(name for name, f in FORMATS.items() if f.kind == "puzzle" and f.read_loop)
# solve --format (sample's too): the loop formats, the pictures, the puzzles with their loop
SHOWS = LOOP_FORMATS + tuple(PICTURES) + tuple(n for n in WITH_LOOP if n not in PICTURES)
BLANK_LINE_BETWEEN = ("box", "text", "picture")   # drawings of several lines, one after another
SUFFIX = {"json": ".json", "svg": ".svg"}  # files of a folder; the others are .txt
DOCUMENTS = {"svg": svg_format.document}   # several in one document, written at the end


def show(puzzle: Puzzle, loop: Loop, fmt: str) -> str:
    """The loop in a loop format, or the picture of the puzzle with it; ends in a newline."""
    if fmt in PICTURES:
        text = PICTURES[fmt][1](puzzle, loop)
    elif fmt in WITH_LOOP:
        text = write_puzzle(puzzle, fmt, loop)
    else:
        text = write_loop(loop, fmt)
    return text if text.endswith("\n") else text + "\n"


def summaries(names: tuple[str, ...]) -> str:
    """``name: summary; ...`` of formats and pictures (a --help text's list of ``SHOWS``)."""
    return "; ".join(f"{name}: {FORMATS[name].summary if name in FORMATS else PICTURES[name][0]}"
                     for name in names) + "."


def out_folder(path: str) -> str:
    """A folder for the files of :class:`Shown`: made if missing, refused at once
    (:class:`MasyuError`) if it cannot be written."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as err:
        raise MasyuError(err.strerror or str(err), path) from None
    xcc.textio.AtomicFile(os.path.join(path, "probe"), error=MasyuError).discard()
    return path


def one_a_file(fmt: str) -> bool:
    """Whether several loops in ``fmt`` cannot share one output (a puzzle file each)."""
    return fmt in WITH_LOOP and fmt not in BLANK_LINE_BETWEEN


class Shown:
    """The loops of ``puzzle`` written in ``fmt``, in the order given: to ``out`` (an
    output of whole records, :mod:`xcc.textio`), or each to its own file in
    ``folder``, numbered ``width`` digits wide (``width=None``: open-ended, the
    files renamed by :meth:`close` to the width of the number written);
    ``several``: SVG pictures as one document, written by :meth:`close`."""

    def __init__(self, puzzle: Puzzle, fmt: str, out, folder: str | None = None,
                 several: bool = False, width: int | None = 1) -> None:
        self.puzzle, self.fmt, self.out, self.folder = puzzle, fmt, out, folder
        self.open_ended, self.width = width is None, width or 1
        self.collected: list[str] | None = (
            [] if fmt in DOCUMENTS and several and folder is None else None)
        self.written = 0

    def write(self, loop: Loop) -> None:
        text = show(self.puzzle, loop, self.fmt)
        if self.collected is not None:
            self.collected.append(text)
        elif self.folder is not None:
            xcc.textio.write_text(self._path(self.written + 1, self.width), text,
                                  error=MasyuError)
        else:
            self.out.write(("\n" if self.written and self.fmt in BLANK_LINE_BETWEEN else "")
                           + text)
        self.written += 1

    def _path(self, k: int, width: int) -> str:
        name = f"{self.puzzle.name or 'solution'}-{k:0{width}d}{SUFFIX.get(self.fmt, '.txt')}"
        return os.path.join(self.folder or "", name)

    def close(self) -> None:
        """The document of the pictures collected; the files of an open-ended run
        renamed to the width of the number written."""
        final = len(str(self.written))
        if self.folder is not None and self.open_ended and final > self.width:
            for k in range(1, self.written + 1):
                os.replace(self._path(k, self.width), self._path(k, final))
        if self.collected:
            self.out.write(DOCUMENTS[self.fmt](self.collected))

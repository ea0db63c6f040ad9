"""``masyu solve`` of one puzzle: its loops on stdout (or ``-o FILE``, ``--out-dir
DIR``), the note on stderr (unique, how many, by which encoding, method and engine)."""
from __future__ import annotations

import os
from importlib import resources
from typing import Optional

from .common import fail, say
from .outputs import OutputFile, Stdout, held_interrupt, write_file
from .running import Progress, by, check_memory
from ..formats import FORMATS, LOOP_FORMATS, write as write_puzzle, write_loop
from ..formats import svg as svg_format
from ..loop import Loop
from ..puzzle import Puzzle
from ..render import PICTURES
from ..report import kind
from ..solving import Search
from ..sources import read_puzzle

# the puzzle formats that carry a loop drawn on the puzzle (pzprv3: for puzz.link's player)
WITH_LOOP = tuple(name for name, f in FORMATS.items() if f.kind == "puzzle" and f.read_loop)
# solve --format (sample's too): the loop formats, the pictures, the puzzles with their loop
SHOWS = LOOP_FORMATS + tuple(PICTURES) + tuple(n for n in WITH_LOOP if n not in PICTURES)
BLANK_LINE_BETWEEN = ("box", "text", "picture")   # drawings of several lines, one after another
SUFFIX = {"json": ".json", "svg": ".svg"}  # --out-dir files; the others are .txt
DOCUMENTS = {"svg": svg_format.document}   # several in one document, written at the end


def example_puzzle() -> Puzzle:
    """The bundled example (masyu/data/example.txt)."""
    from ..collection import parse_collection  # start-up: only the example needs it
    text = resources.files("masyu.data").joinpath("example.txt").read_text(encoding="utf-8")
    return parse_collection(text, "example.txt")[0]


def show(puzzle: Puzzle, loop: Loop, fmt: str) -> str:
    """The loop in a loop format, or the picture of the puzzle with it; ends in a newline."""
    if fmt in PICTURES:
        text = PICTURES[fmt][1](puzzle, loop)
    elif fmt in WITH_LOOP:
        text = write_puzzle(puzzle, fmt, loop)
    else:
        text = write_loop(loop, fmt)
    return text if text.endswith("\n") else text + "\n"


def out_folder(path: str) -> str:
    """A folder for --out-dir: made if missing, refused at once if it cannot be written."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as err:
        fail(err.strerror or str(err), path)
    OutputFile(os.path.join(path, "probe")).discard()   # fails in one line if not writable
    return path


def solve(puzzle: Optional[str], allowed: int | None, *, all_: bool = False,
          limit: Optional[int] = None, weak: bool = False, encoding: Optional[str] = None,
          method: str = "auto", engine: Optional[str] = None, fmt: str = "text",
          output: Optional[str] = None, out_dir: Optional[str] = None,
          quiet: bool = False, where: dict | None = None,
          continue_: Optional[str] = None) -> int:
    """Solve one puzzle (``None``: the bundled example), print its loops and the
    note on stderr; the exit code (0 found, 1 none, 130 interrupted).  ``where``:
    the executor options of a parallel search (``--jobs`` and the like);
    ``continue_`` its state file (``--resume FILE``: kept after Ctrl-C, the
    search continued from it if it exists)."""
    how = dict(weak=weak, encoding=encoding, method=method, engine=engine)
    several = all_ or (limit is not None and limit > 1)
    if fmt in WITH_LOOP and fmt not in BLANK_LINE_BETWEEN and several and out_dir is None:
        fail(f"several {fmt} files cannot share one output: use --out-dir DIR, one file each",
             "--format")
    collected: list[str] | None = (
        [] if fmt in DOCUMENTS and several and out_dir is None else None)
    p = example_puzzle() if puzzle is None else read_puzzle(puzzle)
    search_limit = None if all_ else (limit if limit is not None else 2)
    check_memory(p, allowed, limit=search_limit, **how)
    folder = None if out_dir is None else out_folder(out_dir)
    with OutputFile(output, stream=True) if output is not None else Stdout() as out:
        progress = Progress(quiet)
        if where is None:
            search = Search(p, on_progress=progress, limit=search_limit, **how)
        else:
            from . import jobs  # start-up: only a parallel solve needs masyu.parallel
            search = jobs.search(p, where, continue_, True, limit=search_limit, **how)
        if puzzle is None and not quiet:
            say(f"the bundled example {p.name} ({p.rows}x{p.cols}):")
        shown = None if all_ else (limit if limit is not None else 1)
        width = 1 if shown is None else len(str(shown))   # --all: widened at the end
        received, interrupted = 0, False
        try:
            for loop in search:
                with held_interrupt():    # a solution is written and counted, or neither
                    if shown is None or received < shown:
                        if collected is not None:   # one document, written at the end
                            collected.append(show(p, loop, fmt))
                        else:
                            _put(p, loop, fmt, received, out, folder, width)
                    received += 1
        except KeyboardInterrupt:
            interrupted = True
            search.interrupted()
            if where is not None:  # taken now: the loops written, not those found
                state = search.state(received)
            if search.found > received and not search.filtering:
                search.stats.solutions = received   # the last one never reached the output
        progress.done()
        if folder is not None and shown is None:
            _pad_names(p, fmt, folder, received, width)
        if collected:
            out.write(DOCUMENTS[fmt](collected))
    n = received
    if not quiet:
        answer = kind(weak, n)
        if interrupted:
            note = f"interrupted: {n:,} {answer} so far"
        elif all_ or limit is not None:
            note = f"{n:,} {answer}" + ("" if search.stats.complete else " (stopped at the limit)")
        elif n == 0:
            note = f"no {kind(weak, 2)}"
        elif n == 1:
            note = f"unique {kind(weak, 1)}"
        else:
            note = f"more than one {kind(weak, 1)}; --all lists them"
        say(f"{note}, {by(search)}; {search.stats.text(cpu=True)}")
    if interrupted and where is not None:
        jobs.keep_state(state, continue_)
    return 130 if interrupted else (0 if n else 1)


def _file_name(p: Puzzle, fmt: str, k: int, width: int) -> str:
    """The --out-dir file of the k-th solution (from 1), its number zero-padded to
    ``width`` digits, so that the names sort in the order found."""
    return f"{p.name or 'solution'}-{k:0{width}d}{SUFFIX.get(fmt, '.txt')}"


def _pad_names(p: Puzzle, fmt: str, folder: str, n: int, width: int) -> None:
    """After an open-ended run (--all), the files written ``width`` wide renamed to the
    width of the number found (``n``)."""
    final = len(str(n))
    for k in range(1, n + 1) if final > width else ():
        os.replace(os.path.join(folder, _file_name(p, fmt, k, width)),
                   os.path.join(folder, _file_name(p, fmt, k, final)))


def _put(p: Puzzle, loop: Loop, fmt: str, before: int, out, folder: str | None,
         width: int = 1) -> None:
    """Write one solution: to ``out``, or to its own file in ``folder``."""
    text = show(p, loop, fmt)
    if folder is not None:
        write_file(os.path.join(folder, _file_name(p, fmt, before + 1, width)), text)
    else:
        out.write(("\n" if before and fmt in BLANK_LINE_BETWEEN else "") + text)

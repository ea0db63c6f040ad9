"""``masyu solve`` of one puzzle: its loops on stdout (or ``-o FILE``, ``--out-dir
DIR``), the note on stderr (unique, how many, by which encoding, method and engine)."""
from __future__ import annotations

from typing import Optional

from .common import fail, say
from .outputs import OutputFile, Stdout, held_interrupt
from .running import Progress, check_memory
from ..report import answered_by, solve_note
from ..showing import Shown, one_a_file, out_folder
from ..search import Search
from ..sources import example_puzzle, read_puzzle


def solve(puzzle: Optional[str], allowed: int | None, *, all_: bool = False,
          limit: Optional[int] = None, fmt: str = "text", output: Optional[str] = None,
          out_dir: Optional[str] = None, quiet: bool = False, where: dict | None = None,
          resume: Optional[str] = None, **how) -> int:
    """Solve one puzzle (``None``: the bundled example), print its loops and the
    note on stderr; the exit code (0 found, 1 none, 130 interrupted).  ``how``: the
    search's weak, encoding, method and engine; ``where``: the executor options of
    a parallel search (``--jobs`` and the like); ``resume`` its state file
    (``--resume FILE``: kept after Ctrl-C, the search continued from it if it exists)."""
    several = all_ or (limit is not None and limit > 1)
    if one_a_file(fmt) and several and out_dir is None:
        fail(f"several {fmt} files cannot share one output: use --out-dir DIR, one file each",
             "--format")
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
            search = jobs.search(p, where, resume, True, limit=search_limit, **how)
        if puzzle is None and not quiet:
            say(f"the bundled example {p.name} ({p.rows}x{p.cols}):")
        shown = None if all_ else (limit if limit is not None else 1)
        loops = Shown(p, fmt, out, folder, several, None if shown is None else len(str(shown)))
        received, interrupted = 0, False
        try:
            for loop in search:
                with held_interrupt():    # a solution is written and counted, or neither
                    if shown is None or received < shown:
                        loops.write(loop)
                    received += 1
        except KeyboardInterrupt:
            interrupted = True
            search.interrupted()
            if where is not None:  # taken now: the loops written, not those found
                state = search.state(received)
            if search.found > received and not search.filtering:
                search.stats.solutions = received   # the last one never reached the output
        progress.done()
        loops.close()
    if not quiet:
        note = solve_note(received, how["weak"], all_ or limit is not None,
                          search.stats.complete, interrupted)
        say(f"{note}, {answered_by(search)}; {search.stats.text(cpu=True)}")
    if interrupted and where is not None:
        jobs.keep_state(state, resume)
    return 130 if interrupted else (0 if received else 1)

"""Build Simon Tatham's Pearl solver (his Masyu, in C) as a peer of ``small.py``.

    python benchmarks/peers/build_tatham.py [--source GIT] [--subdir DIR]

Clones Simon Tatham's Portable Puzzle Collection (``--source``: the upstream repository
by default, or any mirror; ``--subdir`` where its C files are, e.g.
``app/src/main/jni`` in the Android port's repository) into the peers' cache directory
(``native.cache_dir()``) and compiles a driver with ``cc -O2``: ``pearl.c`` as its own
``pearlsolver`` rule does (``-DSTANDALONE_SOLVER``, the collection's library files that
it links, ``nullfe.c``), with the standalone program's ``main`` renamed, and a ``main``
that speaks ``native.py``'s protocol.  Neither the mid-end (``midend.c``, which forks
such as the Android port change) nor ``drawing.c`` is needed: ``nullfe.c`` stubs the
drawing API, and nothing draws.  Each puzzle becomes a Pearl game
description (runs of blank cells as ``a``..``z``, pearls ``B``/``W``) and is checked by
``pearl_solve`` at the hardest deduction level (``DIFFCOUNT - 1``: Tricky), ``partial``
off: ``unique`` when its sound deductions close the loop (a proof), ``stuck`` when they
stop short, ``none`` when they meet a contradiction.  The time is of ``pearl_solve``
alone (parsing the description is not in it).  Prints the driver's path.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import native  # noqa: E402

SOURCE = "https://git.tartarus.org/simon/puzzles.git"

# The files of the collection's library (CMakeLists.txt: core_obj and common) that
# pearl.c links (less midend.c and drawing.c); and the null front end every cliprogram links.
LIBRARY = ("combi.c dsf.c findloop.c grid.c loopgen.c malloc.c misc.c penrose.c "
           "penrose-legacy.c random.c sort.c tdq.c tree234.c hat.c spectre.c "
           "nullfe.c").split()

DRIVER_C = r"""/* The protocol of benchmarks/peers/native.py over pearl.c's solver. */
#define main pearl_standalone_main
#include "pearl.c"
#undef main
#include <time.h>

static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int check(game_params *p, game_state *s)
{
    return pearl_solve(p->w, p->h, s->shared->clues, s->lines, DIFFCOUNT - 1, false);
}

int main(int argc, char **argv)
{
    static char name[256], cells[1 << 16], desc[1 << 16];
    int repeat = argc > 1 ? atoi(argv[1]) : 5, rows, cols;
    while (scanf("%255s %d %d %65535s", name, &rows, &cols, cells) == 4) {
        int i, n = 0, blanks = 0, ret, r;
        for (i = 0; cells[i]; i++) {
            if (cells[i] == 'B' || cells[i] == 'W') {
                if (blanks) desc[n++] = 'a' + blanks - 1;
                blanks = 0;
                desc[n++] = cells[i];
            } else if (++blanks == 26) {
                desc[n++] = 'z';
                blanks = 0;
            }
        }
        if (blanks) desc[n++] = 'a' + blanks - 1;
        desc[n] = '\0';
        game_params *p = default_params();
        p->w = cols;
        p->h = rows;
        const char *err = validate_desc(p, desc);
        if (err) {
            fprintf(stderr, "%s: %s\n", name, err);
            return 2;
        }
        game_state *s = new_game(NULL, p, desc);
        clear_solution(s);
        double start = cpu_ms();
        ret = check(p, s);
        double cold = cpu_ms() - start, warm = 1e300;
        for (r = 0; r < repeat; r++) {
            clear_solution(s);
            start = cpu_ms();
            check(p, s);
            double t = cpu_ms() - start;
            if (t < warm) warm = t;
        }
        printf("%s %.4f %.4f %s\n", name, cold, warm,
               ret == 0 ? "none" : ret == 1 ? "unique" : "stuck");
        fflush(stdout);
        free_game(s);
        free_params(p);
    }
    return 0;
}
"""


def build(source: str = SOURCE, subdir: str = ".") -> Path:
    """Clone (once), compile the driver; its path."""
    cache = native.cache_dir()
    repo = cache / "puzzles"
    if not (repo / ".git").exists():
        cache.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "clone", "--quiet", source, str(repo)], check=True)
    src = repo / subdir
    out = cache / "tatham"
    out.mkdir(exist_ok=True)
    (out / "driver.c").write_text(DRIVER_C)
    binary = out / "pearl-driver"
    cc = shutil.which("cc") or "gcc"
    subprocess.run([cc, "-O2", "-w", "-DSTANDALONE_SOLVER", "-I", str(src), "-o", str(binary),
                    str(out / "driver.c"), *(str(src / f) for f in LIBRARY), "-lm"],
                   check=True)
    return binary


def binary() -> Path | None:
    """The built driver, or None."""
    path = native.cache_dir() / "tatham" / "pearl-driver"
    return path if path.exists() else None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", default=SOURCE, help="git URL or path of the collection")
    ap.add_argument("--subdir", default=".", help="the folder of pearl.c in it")
    args = ap.parse_args(argv)
    print(build(args.source, args.subdir))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The frontier search against a baseline tree and other programs: empty n x n strong counts, side by side.

    python benchmarks/frontier.py [--baseline /tmp/memo-base] [--peer NAME=COMMAND ...]
                                  [--engines plugs,memo] [--sizes 10,11,12,13] [--repeat 1]

The number of cycles of the n x n grid graph (the strong solutions of an
empty n x n board; OEIS A140517 term n - 1), counted by engine ``memo``
(``masyu.exact.exact_count``) in this tree, in a ``--baseline`` tree (run
as this tree's first ``--engines``; a
git worktree of an earlier commit with its own ``.venv``, e.g.
``git worktree add /tmp/memo-base c9bce8e`` and ``pip install -e .`` there),
and by each ``--peer``: a program outside the project, run as ``COMMAND``
with ``{n}`` replaced by the side, that prints the count (e.g. a small
driver over TdZdd's ``CycleZdd``, built by hand into /tmp: the project
neither builds nor depends on it).  Every run is a fresh child process, the
systems alternating per size; the table gives the CPU seconds (user +
system of the child) and the peak resident memory (``ru_maxrss`` of the
child, from GNU time when there is one) of each, and the ratios of this tree to each
other system (below 1: this tree is faster or smaller); the last column is
the memo engine's own peak (its layers and plan, ``peak_bytes``: the rest of
the process is Python and its imports, about 30 MB).  TdZdd's driver and its
build: ``benchmarks/peers/tdzdd/build.sh``.  Counts must agree,
and up to n = 13, equal the published term.
"""
from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHILD = ("import sys; from masyu import Puzzle; from masyu.exact import exact_count; "
         "n = int(sys.argv[1]); s = exact_count(Puzzle(n, n)); "
         "print(s.solutions, s.counters['peak_bytes'])")  # the count; the engine's own peak
# this tree's engines by name (--engines): the plugs by their own door (masyu.plugs.count,
# which imports neither numpy nor the encodings), memo by masyu.exact's
ENGINE_CHILD = {
    "plugs": ("import sys; from masyu import Puzzle; from masyu.plugs import count; "
              "n = int(sys.argv[1]); s = count(Puzzle(n, n)); "
              "print(s.solutions, s.counters['peak_bytes'])"),
    "memo": ("import sys; from masyu import Puzzle; from masyu.exact import exact_count; "
             "n = int(sys.argv[1]); s = exact_count(Puzzle(n, n), engine='memo'); "
             "print(s.solutions, s.counters['peak_bytes'])"),
}
# OEIS A140517 (cycles in the grid of m x m squares) as its page lists it: the n x n board
# is term n - 1; beyond, the systems of the table must agree with each other.
A140517 = {
    2: 1, 3: 13, 4: 213, 5: 9349, 6: 1222363, 7: 487150371, 8: 603841648931,
    9: 2318527339461265, 10: 27359264067916806101, 11: 988808811046283595068099,
    12: 109331355810135629946698361371, 13: 36954917962039884953387868334644457,
}


def run(argv: list[str], cwd: Path | None = None) -> tuple[int, float, int, int | None]:
    """(count, CPU seconds, peak bytes, the engine's own peak bytes if the
    child prints them after the count) of one child printing a count.  The
    child runs under GNU time (``/usr/bin/time``) when there is one: Linux
    keeps in a process's ``ru_maxrss`` the memory it had before its exec, so
    a program started straight from this Python would be charged this
    Python's pages (about 13 MB); started from ``time``, only its own."""
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as rss:
        wrap = ["/usr/bin/time", "-f", "%M", "-o", rss.name] if Path("/usr/bin/time").exists() else []
        proc = subprocess.Popen(wrap + argv, cwd=cwd, stdout=subprocess.PIPE, text=True)
        out = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)  # time's usage includes its child's
        code = os.waitstatus_to_exitcode(status)
        if code:
            raise SystemExit(f"{' '.join(argv)}: exited {code}")
        peak = int(rss.read().split()[-1]) if wrap else usage.ru_maxrss
    words = out.split()
    own = int(words[1]) if len(words) > 1 else None
    return int(words[0]), usage.ru_utime + usage.ru_stime, peak * 1024, own


def tree_command(tree: Path, n: int, child: str = CHILD) -> tuple[list[str], Path]:
    python = tree / ".venv" / "bin" / "python"
    return [str(python if python.exists() else sys.executable), "-c", child, str(n)], tree


def peer(spec: str) -> tuple[str, str]:
    name, sep, command = spec.partition("=")
    if not sep or not name or "{n}" not in command:
        raise SystemExit(f"--peer {spec!r}: expected NAME=COMMAND with {{n}} in COMMAND")
    return name, command


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", type=Path, help="a tree to compare with")
    ap.add_argument("--peer", action="append", default=[], type=peer, metavar="NAME=COMMAND",
                    help="a program printing the count of the n x n grid's cycles ({n}: the side)")
    ap.add_argument("--sizes", default="10,11,12,13")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each system per size (best kept)")
    ap.add_argument("--engines", help="this tree's engines, each a system: plugs, memo "
                    "(the first is 'this'); default: masyu.exact's default")
    a = ap.parse_args(argv)
    systems: list[tuple[str, object]] = [("this", lambda n: tree_command(ROOT, n))]
    if a.engines:
        names = a.engines.split(",")
        for name in names:
            if name not in ENGINE_CHILD:
                raise SystemExit(f"--engines: unknown {name!r}; valid: {', '.join(ENGINE_CHILD)}")
        systems = [("this" if i == 0 else name, lambda n, c=ENGINE_CHILD[name]: tree_command(ROOT, n, c))
                   for i, name in enumerate(names)]
    if a.baseline is not None:  # run as this tree's first engine is
        first = ENGINE_CHILD[a.engines.split(",")[0]] if a.engines else CHILD
        systems.append(("baseline", lambda n, t=a.baseline: tree_command(t, n, first)))
    for name, command in a.peer:
        systems.append((name, lambda n, c=command: (shlex.split(c.replace("{n}", str(n))), None)))
    others = [name for name, _ in systems[1:]]
    head = ["n", "count"] + [f"{s} {w}" for s, _ in systems for w in ("CPU s", "MB")]
    head += [f"CPU this/{o}" for o in others] + [f"MB this/{o}" for o in others]
    head += ["this engine MB"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for n in (int(s) for s in a.sizes.split(",")):
        best: dict[str, tuple[int, float, int, int | None]] = {}
        for _ in range(a.repeat):
            for name, command in systems:  # alternating, so a busy machine hurts all alike
                got = run(*command(n))
                if name not in best or got[1] < best[name][1]:
                    best[name] = got
        counts = {name: got[0] for name, got in best.items()}
        if len(set(counts.values())) != 1:
            raise SystemExit(f"n={n}: counts differ: {counts}")
        count = counts["this"]
        if n in A140517 and count != A140517[n]:
            raise SystemExit(f"n={n}: {count} is not A140517's {A140517[n]}")
        t1, m1 = best["this"][1], best["this"][2]
        row = [str(n), str(count)]
        row += [f"{best[s][1]:.2f} | {best[s][2] / 2**20:.0f}" for s, _ in systems]
        row += [f"{t1 / best[o][1]:.2f}" for o in others]
        row += [f"{m1 / best[o][2]:.2f}" for o in others]
        row += [f"{best['this'][3] / 2**20:.1f}" if best["this"][3] is not None else "-"]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()

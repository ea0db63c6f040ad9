"""Uniqueness proofs, cold and warm, side by side with another build (issues 15 and 34).

    python benchmarks/small.py [--against TREE] [--per-class 20] [--all] [--puzzles FILE]
                               [--repeat 5] [--rounds 1]

For each class of ``--puzzles FILE`` (``puzzle_files.py``: by default the subset in
tests/data/puzzles; the first ``--per-class`` of each class: 6x6 and 8x8 easy, 10x10 easy
and hard, or with ``--all`` every class of the file), in milliseconds of CPU time
(``time.process_time``), the median over puzzles of:

- ``cold``: ``masyu.is_unique(p)`` the first time, in a fresh process per class (after
  ``import masyu``: what a one-shot script or ``masyu count`` pays);
- ``warm``: the best of ``--repeat`` more calls on the same puzzle;
- ``first``: the cold time of the class's first puzzle, the first call in the process
  (it pays the imports ``import masyu`` defers; the workers may write and read their
  bytecode, under the peers' cache directory, as an installed package does), and
  cspuz's first call beside;
- ``deduce``: :func:`masyu.deduce.settle` alone, the C deducer's one call, warm (the
  floor of a proof by deduction), and the share of the class it settles;
- the peers of ``benchmarks/peers`` that are built (``build_tatham.py``,
  ``build_cspuz.py``; a peer not built is left out, with a note on stderr), the same
  ``cold`` and ``warm`` in one process per class, and the medians over puzzles of the
  ratios this / peer: Tatham's deduction (``pearl_solve``, C) over the puzzles it
  finishes (``finished``), cspuz (Rust + Glucose) over all;
- with ``--against TREE`` (another checkout with its own ``.venv``, e.g. a worktree of
  the commit before a change), the same ``cold`` and ``warm`` with that tree's code, in
  the same run, and the ratios this / that.

With ``--rounds N`` every measurement (this tree, the peers, ``--against``'s) is made N
times, in turn (this tree and ``--against``'s first by turns), each in a fresh process,
and each puzzle keeps its least cold and warm time: on a shared machine, the load of the moment weighs on one round, not on one column.

Issue 34's targets read off the table: 6x6 and 8x8 easy ``warm / tatham warm`` at most
2 and ``cold / cspuz cold`` at most 1; 10x10 easy and hard ``/ cspuz`` at most 0.7.
docs/policy.md keeps the last run's table.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent / "peers"))
import native  # noqa: E402  (benchmarks/peers: the peers' cache and protocol)

CLASSES = ("6x6-easy", "8x8-easy", "10x10-easy", "10x10-hard")   # issue 34's


def worker(root: str, puzzles: str, names: list[str], repeat: int) -> dict:
    """In a fresh process of ``root``'s code: cold, warm and deduce times of ``names``."""
    sys.path.insert(0, root)
    import masyu
    chosen = {p.name: p for p in masyu.load(puzzles) if p.name in set(names)}
    out: dict = {"cold": [], "warm": [], "deduce": [], "settled": 0}
    settle = getattr(getattr(masyu, "deduce", None), "settle", None)
    for name in names:
        p = chosen[name]
        start = time.process_time()
        assert masyu.is_unique(p), name
        out["cold"].append((time.process_time() - start) * 1000)
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            masyu.is_unique(p)
            best = min(best, time.process_time() - start)
        out["warm"].append(best * 1000)
        if settle is not None:
            best = float("inf")
            for _ in range(repeat):
                start = time.process_time()
                settled = settle(p)
                best = min(best, time.process_time() - start)
            out["deduce"].append(best * 1000)
            out["settled"] += settled is not None
    return out


def measure(tree: Path, puzzles: str, names: list[str], repeat: int) -> dict:
    python = tree / ".venv" / "bin" / "python"
    code = (f"import sys, json; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); "
            f"import small; print(json.dumps(small.worker({str(tree)!r}, {puzzles!r}, "
            f"{names!r}, {repeat})))")
    env = dict(os.environ, PYTHONPYCACHEPREFIX=str(native.cache_dir() / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # a user's first call finds its bytecode
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, cwd=tree,
                          check=True, env=env)
    return json.loads(done.stdout.splitlines()[-1])


def least(rounds: list[dict], keys=("cold", "warm", "deduce")) -> dict:
    """One measurement from several rounds of it: per puzzle, the least of each time."""
    out = dict(rounds[0])
    for key in keys:
        out[key] = [min(times) for times in zip(*(r[key] for r in rounds))]
    return out


def med(values) -> float | None:
    return statistics.median(values) if values else None


def cell(value) -> str:
    return "" if value is None else f"{value:.3f}"


def ratio(this: list[float], that: list[float], keep=None) -> float | None:
    """The median over puzzles of this / that (of the puzzles ``keep`` marks)."""
    keep = keep or [True] * len(this)
    return med([a / b for a, b, k in zip(this, that, keep) if k and b > 0])


def peers() -> dict:
    """``{name: driver}`` of the native peers built here (stderr names the others)."""
    import build_cspuz
    import build_tatham
    out = {}
    for name, module in (("tatham", build_tatham), ("cspuz", build_cspuz)):
        driver = module.binary()
        if driver is None:
            print(f"small.py: peer {name} not built (python benchmarks/peers/"
                  f"{Path(module.__file__).name}); left out", file=sys.stderr)
        else:
            out[name] = driver
    return out


def main(argv=None) -> int:
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import masyu
    import puzzle_files
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-class", type=int, default=20)
    ap.add_argument("--all", action="store_true", help="every class of the file")
    ap.add_argument("--against", type=Path, metavar="TREE")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=1, help="measure each N times, in turn")
    puzzle_files.add_option(ap)
    args = ap.parse_args(argv)
    classes: dict[str, list[str]] = {}
    chosen = {}
    for p in masyu.load(args.puzzles):
        parts = (p.name or "").split("-")
        if len(parts) < 3:
            continue
        cls = f"{parts[1]}-{parts[2]}"
        if (args.all or cls in CLASSES) and len(classes.setdefault(cls, [])) < args.per_class:
            classes[cls].append(p.name)
            chosen[p.name] = p
    drivers = peers()
    head = ["first ms", "cold ms", "warm ms", "deduce ms", "settled", "warm / deduce"]
    if "tatham" in drivers:
        head += ["tatham cold / warm ms", "finished", "cold / tatham", "warm / tatham"]
    if "cspuz" in drivers:
        head += ["cspuz first ms", "cspuz cold / warm ms", "cold / cspuz", "warm / cspuz"]
    if args.against:
        head += ["that cold ms", "that warm ms", "cold this / that", "warm this / that"]
    print(f"| class | puzzles | " + " | ".join(head) + " |")
    print("|---|---:|" + "---:|" * len(head))
    for cls, names in classes.items():
        rounds: dict[str, list[dict]] = {}
        trees = {"this": ROOT}
        if args.against:
            trees["that"] = args.against.resolve()
        for k in range(args.rounds):   # in turn: the machine's load spread over all
            for tree in (list(trees) if k % 2 == 0 else list(trees)[::-1]):  # first by turns
                rounds.setdefault(tree, []).append(
                    measure(trees[tree], str(args.puzzles), names, args.repeat))
            for peer, driver in drivers.items():
                got = native.run(driver, [chosen[n] for n in names], args.repeat)
                rounds.setdefault(peer, []).append(
                    {"cold": [got[n][0] for n in names], "warm": [got[n][1] for n in names],
                     "verdict": [got[n][2] for n in names]})
        this = least(rounds["this"])
        row = [cell(this["cold"][0]), cell(med(this["cold"])), cell(med(this["warm"])), cell(med(this["deduce"])),
               f"{this['settled']}/{len(names)}",
               cell(med([w / d for w, d in zip(this["warm"], this["deduce"])]))]
        for peer in drivers:
            got = least(rounds[peer], ("cold", "warm"))
            cold, warm, verdicts = got["cold"], got["warm"], got["verdict"]
            done = [v == "unique" for v in verdicts]
            wrong = [(n, v) for n, v in zip(names, verdicts) if v not in ("unique", "stuck")]
            if wrong:
                print(f"small.py: {peer} says {wrong[0][1]} of {wrong[0][0]}", file=sys.stderr)
            if peer == "tatham":
                both = [cell(med([c for c, d in zip(cold, done) if d])),
                        cell(med([w for w, d in zip(warm, done) if d]))]
                row += [" / ".join(x or "–" for x in both), f"{sum(done)}/{len(names)}",
                        cell(ratio(this["cold"], cold, done)),
                        cell(ratio(this["warm"], warm, done))]
            else:
                row += [cell(cold[0]), f"{cell(med(cold))} / {cell(med(warm))}",
                        cell(ratio(this["cold"], cold)), cell(ratio(this["warm"], warm))]
        if args.against:
            that = least(rounds["that"])
            row += [cell(med(that["cold"])), cell(med(that["warm"])),
                    cell(med([a / b for a, b in zip(this["cold"], that["cold"])])),
                    cell(med([a / b for a, b in zip(this["warm"], that["warm"])]))]
        print(f"| {cls} | {len(names)} | " + " | ".join(row) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Where the plugs' sweep starts: the race of the sides (masyu.plugs.race) against the
best side alone, and against the race of a ``--baseline`` tree, on puzzles of the collection.

    python benchmarks/race.py --classes psm-25x25-medium,psm-25x25-hard --limit 20 \\
        [--baseline TREE] [--sides] [--puzzles FILE]

Each count (weak solutions) runs in a fresh child, which reports the CPU seconds of the
count alone and the states it made; the systems alternate per puzzle.  ``--sides``: each
side of the board alone too (``masyu.plugs.sides``), the best of them the yardstick a
race is measured against (a race can at best find it at no cost).  ``--baseline``: a
tree of an earlier commit (its own ``.venv``, or this one's Python with the tree first
on the path, its compiled modules copied in).  Every count must agree.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import puzzle_files  # noqa: E402  (this folder's module)

ROOT = Path(__file__).resolve().parents[1]


def child(collection: str, name: str, side: int) -> None:
    """In the child: one count, side -1 the race; a JSON line."""
    import time
    from masyu import plugs
    from masyu.collection import load
    p = next(q for q in load(collection) if q.name == name)
    t = time.process_time()
    if side < 0:
        stats = plugs.count(p, weak=True)
        n, states = stats.solutions, stats.counters["states"]
    else:
        run = plugs.Native(plugs.sides(p)[side], True, 16 << 30)
        while run.level < run.levels:
            run.step()
        n, states = run.total(), run.counters()["states"]
    print(json.dumps({"count": n, "cpu": time.process_time() - t, "states": states}))


def measure(tree: Path | None, collection: Path, name: str, side: int) -> dict:
    python, env = sys.executable, dict(os.environ)
    if tree is not None:
        own = tree / ".venv" / "bin" / "python"
        python = str(own) if own.exists() else python
        env["PYTHONPATH"] = str(tree)
    script = (tree or ROOT) / "benchmarks" / "race.py"
    if not script.exists():   # a baseline from before this file: this one, run there
        script = Path(__file__).resolve()
    out = subprocess.run([python, str(script), "--child", str(collection.resolve()), name, str(side)],
                         capture_output=True, text=True, env=env, cwd=tree or ROOT)
    if out.returncode != 0:
        sys.exit(f"{name}: {out.stderr[-400:]}")
    return json.loads(out.stdout)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--classes", default="psm-25x25-medium")
    ap.add_argument("--limit", type=int, default=10, help="puzzles per class")
    ap.add_argument("--baseline", type=Path, default=None)
    ap.add_argument("--sides", action="store_true", help="each side alone too")
    puzzle_files.add_option(ap)
    a = ap.parse_args()
    from masyu import plugs
    from masyu.collection import load
    names = [(p.name, len(plugs.sides(p))) for cls in a.classes.split(",")
             for p in [q for q in load(a.puzzles) if q.name.startswith(cls + "-")][:a.limit]]
    head = ["puzzle", "race CPU s", "states"]
    if a.baseline:
        head += ["baseline CPU s", "race / baseline"]
    if a.sides:
        head += ["best side CPU s", "race / best side"]
    print("| " + " | ".join(head) + " |\n|" + "---|" * len(head))
    ratios: dict[str, list[float]] = {"base": [], "best": []}
    sums = {"race": 0.0, "base": 0.0, "best": 0.0}
    for name, k in names:
        systems = [("race", None, -1)] + ([("base", a.baseline, -1)] if a.baseline else []) \
            + ([(f"side{i}", None, i) for i in range(k)] if a.sides else [])
        got = {s: measure(tree, a.puzzles, name, side) for s, tree, side in systems}
        if len({g["count"] for g in got.values()}) != 1:
            sys.exit(f"{name}: the counts differ: {got}")
        race = got["race"]["cpu"]
        row = [name, f"{race:.2f}", f"{got['race']['states']:,}"]
        sums["race"] += race
        if a.baseline:
            base = got["base"]["cpu"]
            sums["base"] += base
            ratios["base"].append(race / base)
            row += [f"{base:.2f}", f"{race / base:.2f}"]
        if a.sides:
            best = min(g["cpu"] for s, g in got.items() if s.startswith("side"))
            sums["best"] += best
            ratios["best"].append(race / best)
            row += [f"{best:.2f}", f"{race / best:.2f}"]
        print("| " + " | ".join(row) + " |", flush=True)
    tail = ["**all**", f"{sums['race']:.1f}", ""]
    if a.baseline:
        tail += [f"{sums['base']:.1f}", f"{sums['race'] / sums['base']:.2f} "
                 f"(median {statistics.median(ratios['base']):.2f})"]
    if a.sides:
        tail += [f"{sums['best']:.1f}", f"{sums['race'] / sums['best']:.2f} "
                 f"(median {statistics.median(ratios['best']):.2f})"]
    print("| " + " | ".join(tail) + " |")


if __name__ == "__main__":
    main()

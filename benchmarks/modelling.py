"""Which engine when: CPU seconds of ``Model.count`` on docs/modelling.md's examples.

The models are built by the page's own ``python`` blocks (run here as the doc
tests run them), so the table measures what the page shows.  Each count is
checked against the first engine's; a cell is left out ("—") where the run
would take minutes (``SKIP``).  Prints the Markdown table of docs/modelling.md.

    python benchmarks/modelling.py
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import xcc

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ("python", "c", "sat", "memo")
SKIP = {("pentominoes 6×10", "python"), ("pentominoes 6×10", "sat"),  # minutes each
        ("dominoes 8×8", "python"), ("dominoes 8×8", "sat")}


def namespace() -> dict:
    """The page's python blocks, run in one namespace."""
    text = (ROOT / "docs" / "modelling.md").read_text(encoding="utf-8")
    ns: dict = {"__name__": "modelling"}
    for block in re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M):
        exec(compile(block, "docs/modelling.md", "exec"), ns)
    return ns


def main() -> None:
    ns = namespace()
    problems = {
        "queens 8": lambda: ns["queens"](8),
        "queens 10": lambda: ns["queens"](10),
        "pentominoes 3×20": lambda: ns["tiling"](3, 20),
        "pentominoes 6×10": lambda: ns["tiling"](6, 10),
        "sudoku": lambda: ns["sudoku"](ns["PUZZLE"]),
        "word square 3×3": lambda: ns["word_square"](ns["WORDS"]),
        "dominoes 8×8": lambda: ns["dominoes"](8, 8),
    }
    print("| problem | solutions | " + " | ".join(ENGINES) + " |")
    print("|---|---:|" + "---:|" * len(ENGINES))
    for name, make in problems.items():
        model = make()
        model.problem()  # built before the clock starts
        cells, count = [], None
        for engine in ENGINES:
            if (name, engine) in SKIP:
                cells.append("—")
                continue
            start = xcc.cpu_time()
            stats = model.count(engine=engine)
            seconds = xcc.cpu_time() - start
            if count is None:
                count = stats.solutions
            assert stats.solutions == count, (name, engine, stats.solutions, count)
            cells.append(f"{seconds:.3f}")
            print(f"{name} {engine}: {stats}", file=sys.stderr)
        print(f"| {name} | {count:,} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()

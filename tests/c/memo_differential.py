"""The memo engine's C core (tests/c/memo_driver.c) against its Python twin.

    python tests/c/memo_differential.py DRIVER [--count N] [--seed S]

Random XCC problems with colors, random graphs with the single-cycle
constraint, n queens and small Masyu boards, each in a random order of items,
counted (two layers) and built as a diagram, stepped in small budgets: the
totals, the states per level, the first solutions by rank and five uniform
draws must equal the twin's.  A memory limit too small must give "E"; plans
with a number broken must be refused ("X") or run to the end; the sanitizers
(tools/sanitize.sh) watch every one of them.  Exit 1 on any difference.
"""
from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from differential import random_graph_cycle, random_problem  # noqa: E402

from xcc.engines.memo.diagram import Build, MemoryLimit  # noqa: E402
from xcc.engines.memo.engine import prepare  # noqa: E402
from xcc.engines.memo.native import flatten  # noqa: E402
from xcc.examples import queens  # noqa: E402

LIMIT = 1 << 30


def plan_text(sizes, arrays, limit: int, budget: int) -> str:
    out = [" ".join(map(str, sizes))]
    for a in arrays:
        values = [int.from_bytes(a[4 * i:4 * i + 4], "little", signed=True)
                  for i in range(len(a) // 4)]
        out.append(" ".join(map(str, [len(values)] + values)))
    out.append(f"{limit} {budget}")
    return "\n".join(out) + "\n"


def twin_lines(plan, diagram: bool, limit: int) -> list[str]:
    build = Build(plan, diagram, limit)
    try:
        build.step(0)
    except MemoryLimit:
        return ["E"]
    total = build.total
    words = max(1, (total.bit_length() + 63) // 64)
    lines = ["T " + " ".join(f"{(total >> (64 * j)) & (2**64 - 1):016x}" for j in range(words)),
             "W " + " ".join(map(str, build.widths))]
    if diagram:
        lines += ["U" + "".join(f" {o}" for o in build.unrank(r)) for r in range(min(20, total))]
        lines += ["D" + "".join(f" {o}" for o in s) for s in build.sample(5, 7)]
    return lines


def cases(count: int, rng: random.Random):
    for k in range(count):
        if k % 3 == 0:
            problem, cycle = random_graph_cycle(rng)
        else:
            problem, cycle = random_problem(rng), None
        yield problem, cycle
    for n in range(1, 8):
        yield queens(n), None
    import masyu  # Masyu boards: the generic memo on both encodings, with the loop's cycle
    for rows, cols, pearls in ((3, 3, {}), (4, 5, {(1, 1): "W"}), (5, 4, {(2, 2): "B", (0, 1): "W"})):
        enc = masyu.encode(masyu.Puzzle(rows, cols, pearls), rng.choice(["422", "423"]))
        yield enc.problem, enc.cycle()
        yield enc.problem, None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("driver")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    texts, expected = [], []
    for problem, cycle in cases(args.count, rng):
        order = list(range(len(problem.primary)))
        rng.shuffle(order)
        plan = prepare(problem, cycle, order)
        if plan.root is None:  # no root: no C (the twin answers alone)
            continue
        for diagram in (False, True):
            budget = rng.choice([1, 3, 50, 1 << 40])
            sizes, arrays = flatten(plan, problem.compact(), diagram)
            texts.append(plan_text(sizes, arrays, LIMIT, budget))
            expected.append(twin_lines(plan, diagram, LIMIT))
    # a limit too small, and broken plans (only the sanitizers judge those)
    plan = prepare(queens(9), None, None)
    sizes, arrays = flatten(plan, queens(9).compact(), True)
    texts.append(plan_text(sizes, arrays, 1 << 16, 1000))
    expected.append(["E"])
    plan = prepare(queens(5), None, None)
    sizes, arrays = flatten(plan, queens(5).compact(), True)
    broken = []
    for _ in range(args.count // 2):
        damaged = list(arrays)
        j = rng.randrange(len(damaged))
        if not damaged[j]:
            continue
        data = bytearray(damaged[j])
        i = rng.randrange(len(data) // 4)
        data[4 * i:4 * i + 4] = rng.choice([-1, 1 << 20, 99, 7]).to_bytes(4, "little", signed=True)
        damaged[j] = bytes(data)
        broken.append(len(texts))
        texts.append(plan_text(sizes, damaged, LIMIT, 100))
        expected.append(None)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(f"{len(texts)}\n" + "".join(texts))
    run = subprocess.run([args.driver, f.name], capture_output=True, text=True)
    Path(f.name).unlink()
    if run.returncode or run.stderr:
        sys.exit(f"memo driver failed ({run.returncode}): {run.stderr[-3000:]}")
    got: list[list[str]] = []
    for line in run.stdout.splitlines():
        if line.startswith("P "):
            got.append([])
        else:
            got[-1].append(line.rstrip())
    bad = [k for k, e in enumerate(expected)
           if k >= len(got) or (e is not None and got[k] != e)]
    for k in bad[:3]:
        print(f"plan {k}: expected {expected[k][:4]}, got {got[k][:4] if k < len(got) else None}",
              file=sys.stderr)
    checked = len(expected) - len(broken)
    refused = sum(1 for k in broken if k < len(got) and got[k] == ["X"])
    print(f"{checked - len(bad)}/{checked} memo plans agree with the twin; "
          f"{len(broken)} broken plans ({refused} refused, the rest ran)")
    return 1 if bad or len(got) != len(expected) else 0


if __name__ == "__main__":
    sys.exit(main())

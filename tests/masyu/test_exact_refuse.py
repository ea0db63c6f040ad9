"""The exact count's up-front refusal from the board's shape (issue 36, round 2):
an empty 400x400 board at the default limit of a 24 GB machine (12 GB) used to
pass the shape's lower bound, then spend about 10 CPU s and 1.4 GB encoding
before its plan (59 GB) was refused; ``masyu.exact.check_frontier`` now weighs
the plan of a board with few pearls at its measured size per level.

The estimate is held under the plan itself (``plan_size`` of the encoded
problem, the independent source) on empty boards, boards with a few pearls and
published puzzles, weak and strong: what counts today still counts."""
from __future__ import annotations

import random
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

import xcc
from masyu import MasyuError, Puzzle
from masyu.collection import load
from masyu.encodings import encode
from masyu.exact import check_frontier, exact_count, grid_order, sample
from xcc.engines.memo.engine import prepare
from xcc.engines.memo.plan import BYTES_PER_SLOT, MemoryLimit, plan_size

ROOT = Path(__file__).resolve().parents[2]
EMPTY_400 = "400x400:" + "z" * 6153 + "v\n"   # 26 * 6153 + 22 = 160,000 empty cells
A140517_6 = 1222363                           # the strong loops of the empty 6x6 board


def plan_slots(puzzle: Puzzle, weak: bool) -> int:
    """The slots of the plan the memo engine would build (before its layouts)."""
    enc = encode(puzzle)
    plan = prepare(enc.problem, None if weak else enc.cycle(), grid_order(enc))
    return plan_size(plan)[0]


def sparse(rows: int, cols: int, pearls: int, seed: int) -> Puzzle:
    rnd = random.Random(seed)
    cells = rnd.sample([(r, c) for r in range(rows) for c in range(cols)], pearls)
    return Puzzle(rows, cols, {cell: rnd.choice("WB") for cell in cells})


def boards() -> list[Puzzle]:
    out = [Puzzle(n, m) for n, m in ((2, 2), (3, 3), (5, 5), (8, 8), (12, 12), (20, 20),
                                      (3, 40), (40, 6), (24, 24))]
    out += [sparse(20, 20, k, seed) for k in (1, 4, 12) for seed in range(3)]
    out += load(ROOT / "examples" / "puzzles.txt")
    return [p for p in out if not encode(p).contradiction]  # clues that agree


@pytest.mark.parametrize("weak", [False, True])
def test_the_shape_estimate_stays_under_the_plan(weak):
    """Each board passes the shape's check at a limit of exactly its plan's size."""
    checked = 0
    for p in boards():
        need = max(BYTES_PER_SLOT * plan_slots(p, weak), 1 << 16)
        check_frontier(p, xcc.MemoEngine(memory=need), weak)  # must not raise
        checked += 1
    assert checked >= 15


def test_a_board_that_counts_still_counts_at_the_limit_of_its_plan():
    need = BYTES_PER_SLOT * plan_slots(Puzzle(6, 6), False)
    assert exact_count(Puzzle(6, 6), memory=need + (2 << 20)).solutions == A140517_6


def test_an_empty_400x400_board_is_refused_before_encoding(monkeypatch):
    """20 GB: over the old lower bound (6.4 GB), under the plan (59 GB strong)."""
    import masyu.exact as exact_module
    monkeypatch.setattr(exact_module, "encode", lambda *a: pytest.fail("encoded"))
    p = Puzzle.parse(EMPTY_400)
    start = time.process_time()
    for weak in (False, True):
        with pytest.raises(MasyuError, match="plan alone needs at least .*memory limit of "
                                             "20 GB.*--memory") as err:
            exact_count(p, weak=weak, memory=20 << 30)
        assert err.value.where == "--memory"
        with pytest.raises(MasyuError, match="plan alone needs at least"):
            sample(p, 1, seed=0, weak=weak, memory=20 << 30)
    assert time.process_time() - start < 2


def test_pearls_leave_a_board_to_its_plan(monkeypatch):
    """A board rich in pearls (a contradiction here: an empty plan) is weighed by
    the first bound only, then by its plan: it answers 0 at that limit."""
    p = Puzzle(40, 40, {(r, c): "W" for r in range(0, 40, 2) for c in range(0, 40, 2)})
    assert encode(p).contradiction
    with pytest.raises(MemoryLimit):  # the dense bound alone would refuse it
        xcc.MemoEngine(memory=10 << 20).check_frontier(40 * 40 - 80, 9 * 39)
    assert exact_count(p, memory=10 << 20).solutions == 0


def test_the_command_refuses_at_once(tmp_path):
    board = tmp_path / "empty400.txt"
    board.write_text(EMPTY_400)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "masyu", "count", str(board), "--exact",
                           "--memory", "20G"], capture_output=True, text=True, timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("masyu: --memory: the plan alone needs at")
    assert cpu < 5

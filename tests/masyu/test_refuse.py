"""Big work refused up front (issue 36): on a 1000x1000 board with a small --memory,
each long command answers exit 2 at once, with the estimate and the option that
raises the limit; the library's functions raise ``masyu.memory.TooBig`` the same way.

The subprocesses are bounded at 60 s of wall time (generous on a loaded machine);
``benchmarks/refuse.py`` measures the CPU seconds (the target: under 5)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from masyu.errors import MasyuError

from masyu import Puzzle, memory
from masyu.exact import sample
from masyu.explain import ambiguity, explain, hint

SIDE = 1000


def big_board(tmp_path) -> str:
    """A 1000x1000 puzzle with a few pearls (Tatham's game ID: a-z skip 1-26 cells)."""
    cells = SIDE * SIDE
    pearls = {SIDE * 3 + 3: "W", SIDE * 500 + 500: "B", cells - 7: "W"}
    out, run = [], 0
    for k in range(cells):
        if k in pearls:
            if run:
                out.append(chr(96 + run))
                run = 0
            out.append(pearls[k])
        else:
            run += 1
            if run == 26:
                out.append("z")
                run = 0
    if run:
        out.append(chr(96 + run))
    path = tmp_path / "big.txt"
    path.write_text(f"{SIDE}x{SIDE}:{''.join(out)}\n")
    return str(path)


@pytest.mark.parametrize("verb", [["explain"], ["ambiguity"], ["hint", "--state", '{"set": []}'],
                                  ["sample", "-k", "2"]])
def test_each_command_refuses_a_big_board_at_once(tmp_path, verb):
    done = subprocess.run([sys.executable, "-m", "masyu", verb[0], big_board(tmp_path),
                           *verb[1:], "--memory", "100M"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert lines[0].startswith("masyu: --memory: ") and done.stdout == ""
    if verb[0] == "sample":    # the memo engine's plan, weighed from the board's shape
        assert "the plan alone needs at least" in lines[0] and "(--memory" in lines[0]
    else:
        assert lines[0].startswith("masyu: --memory: a 1000x1000 board would need about ")
        assert "use --memory to allow more" in lines[0]


def test_the_library_refuses_with_the_estimate_and_the_option():
    p = Puzzle(SIDE, SIDE)
    for call in (lambda: explain(p, memory=100 << 20), lambda: hint(p, memory=100 << 20),
                 lambda: ambiguity(p, memory=100 << 20)):
        with pytest.raises(memory.TooBig) as err:
            call()
        assert err.value.option == "--memory" and err.value.where == "--memory"
        assert err.value.allowed == 100 << 20 and err.value.needed > 1 << 30
    # sample: the memo engine's own estimate of its plan, from the board's shape
    # (masyu.exact.check_frontier), before anything is encoded
    with pytest.raises(MasyuError, match="plan alone needs at least .*--memory"):
        sample(p, 1, seed=0, memory=100 << 20)


def test_the_estimates_follow_the_board_and_the_task():
    # explain needs less than a search of the same board
    assert memory.estimate(SIDE, SIDE, ("explain",)) < memory.estimate(SIDE, SIDE, ("c",))


def test_a_small_board_is_still_answered_under_a_small_limit():
    # 6x6: a few MB at most, answered as before (the exact answers: tests/masyu/explain)
    p = Puzzle.parse("6x6:eBbBfWbWbBaBcWbBe")
    assert explain(p, memory=300 << 20).result == "solved"
    assert ambiguity(p, memory=300 << 20).unique
    assert len(sample(p, 3, seed=7, weak=True, memory=1 << 20)) == 3
    assert json.dumps(hint(p, memory=300 << 20).as_dict())

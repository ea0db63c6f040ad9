"""The frontier of plugs (masyu.plugs, masyu/csrc/plugs.c): the default exact count.

Checked against brute force (tiny boards), the memo engine on the 423
encoding (random boards and the collection), OEIS A140517, and the stored
loops (every one of them fits the shapes the sweep allows); the two twins
against each other, level by level, with keys of 64 and of 128 bits.
"""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

import xcc
from masyu import MasyuError, Puzzle, count
from masyu import plugs
from masyu.collection import load, load_solutions
from masyu.exact import DEFAULT_EXACT_ENGINE, exact_count

from ..data import COUNTS, FULL, PUZZLES, STEP
from ..interrupting import interrupt_at_progress
from .bruteforce import random_boards, strong_set, weak_set
from .test_exact import A140517, WEAK_EMPTY

NATIVE = "plugs" in plugs.ENGINES
needs_c = pytest.mark.skipif(not NATIVE, reason="masyu._plugs is not built")
MEMO = "memo" if "memo" in xcc.ENGINES else "memo-python"


def random_puzzles(n: int, seed: int, rows=range(2, 8), most: int = 8) -> list[Puzzle]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        r, c = rng.choice(rows), rng.choice(rows)
        cells = [(y, x) for y in range(r) for x in range(c)]
        pearls = {cell: rng.choice("WB") for cell in rng.sample(cells, rng.randint(0, min(most, len(cells))))}
        out.append(Puzzle(r, c, pearls))
    return out


def levels(run) -> list[tuple[int, int]]:
    """(states, width) after every level of a run of either twin."""
    out = []
    while run.level < run.levels:
        run.step()
        c = run.counters()
        out.append((c["states"], c["width"]))
    return out + [(run.total(), 0)]


@pytest.mark.parametrize("seed", range(4))
def test_the_twins_agree_level_by_level_with_narrow_and_wide_keys(seed):
    if not NATIVE:
        pytest.skip("masyu._plugs is not built")
    for p in random_puzzles(60, seed):
        for weak in (False, True):
            python = levels(plugs.Plugs(p, weak))
            assert levels(plugs.Native(p, weak, 1 << 30)) == python, (p, weak)
            assert levels(plugs.Native(p, weak, 1 << 30, wide=True)) == python, (p, weak)


@pytest.mark.parametrize("engine", plugs.ENGINES)
def test_brute_force_on_tiny_boards(engine):
    for rows, cols, pearls in random_boards(40, seed=33):
        p = Puzzle(rows, cols, pearls)
        assert plugs.count(p, weak=True, engine=engine).solutions == len(weak_set(rows, cols, pearls))
        assert plugs.count(p, engine=engine).solutions == len(strong_set(rows, cols, pearls))


@pytest.mark.parametrize("seed", range(3))
def test_random_boards_equal_the_memo_engine(seed):
    for p in random_puzzles(80, 100 + seed, rows=range(2, 10), most=14):
        for weak in (False, True):
            want = exact_count(p, weak=weak, engine=MEMO).solutions
            assert plugs.count(p, weak=weak, engine=plugs.ENGINES[0]).solutions == want, (p, weak)


@needs_c
@pytest.mark.parametrize("n", range(2, 14))
def test_empty_boards_strong_are_a140517(n):
    assert plugs.count(Puzzle(n, n)).solutions == A140517[n - 2]


@needs_c
def test_empty_boards_weak_and_transposes():
    for (r, c), value in WEAK_EMPTY.items():
        assert plugs.count(Puzzle(r, c), weak=True).solutions == value
    for r, c in ((2, 9), (3, 7), (4, 9), (5, 8), (3, 22)):   # 22 wide: keys of 128 bits
        for weak in (False, True):
            a = plugs.count(Puzzle(r, c), weak=weak).solutions
            assert a == plugs.count(Puzzle(c, r), weak=weak).solutions
            assert a == exact_count(Puzzle(r, c), weak=weak, engine=MEMO).solutions
    assert plugs.count(Puzzle(2, 30), weak=True).solutions == 2 ** 29


@needs_c
def test_the_collection_weak_counts_equal_memo_and_strong_counts_are_one():
    puzzles = load(PUZZLES / "psm.txt")[::max(1, 24 // STEP)]
    assert len(puzzles) >= 25
    for p in puzzles:
        if p.rows * p.cols > 225:
            continue   # 20x20 and larger: the benchmark's table (docs/counts.md)
        assert plugs.count(p).solutions == 1, p.name
        assert plugs.count(p, weak=True).solutions == exact_count(p, weak=True, engine=MEMO).solutions, p.name


@needs_c
def test_the_published_weak_counts_of_the_collection_are_the_memo_engines():
    """docs/psm-weak-counts.txt, the plugs' weak count of every puzzle of the collection
    (docs/counts.md): every puzzle here is in it, and up to 15x15 its count is memo's."""
    path = Path(__file__).resolve().parents[2] / "docs" / "psm-weak-counts.txt"
    rows = [line.split() for line in path.read_text(encoding="utf-8").splitlines()
            if not line.startswith("#")]
    published = {name: int(count) for name, count in rows}
    assert len(rows) == len(published) == 3604
    puzzles = load(PUZZLES / "psm.txt")
    assert {p.name for p in puzzles} <= set(published)
    small = [p for p in puzzles if p.rows * p.cols <= 225][::36 if FULL else 6]
    assert len(small) >= 80
    for p in small:
        assert published[p.name] == exact_count(p, weak=True, engine=MEMO).solutions, p.name


def test_every_stored_loop_fits_the_shapes_the_sweep_allows():
    checked = 0
    for stem in ("psm", "extra"):
        loops = load_solutions(PUZZLES / f"{stem}_solutions.txt")
        for p in load(PUZZLES / f"{stem}.txt"):
            board = plugs.Board(p)
            loop = loops[p.name]
            for r in range(p.rows):
                for c in range(p.cols):
                    mask = 0
                    for d, (dr, dc) in plugs.STEP.items():
                        if tuple(sorted(((r, c), (r + dr, c + dc)))) in loop.edges:
                            mask |= d
                    if p.cols > p.rows:   # the sweep turns a wide board
                        mask = sum(t for d, t in ((plugs.N_, plugs.W_), (plugs.W_, plugs.N_),
                                                  (plugs.S_, plugs.E_), (plugs.E_, plugs.S_))
                                   if mask & d)
                    y, x = (c, r) if p.cols > p.rows else (r, c)
                    assert mask in board.shapes[y][x], (p.name, (r, c))
            checked += 1
    assert checked == COUNTS["psm.txt"] + COUNTS["extra.txt"]


def test_the_shapes_leave_out_what_the_pearls_forbid():
    # a black pearl in a corner: it turns away from both sides, its arms go straight on
    board = plugs.Board(Puzzle(5, 5, {(0, 0): "B"}))
    assert board.shapes[0][0] == {plugs.S_ | plugs.E_}
    assert board.shapes[0][1] == {plugs.E_ | plugs.W_}
    assert board.shapes[1][0] == {plugs.N_ | plugs.S_}
    # a white pearl on the top side goes along it
    board = plugs.Board(Puzzle(5, 5, {(0, 2): "W"}))
    assert board.shapes[0][2] == {plugs.E_ | plugs.W_}


def test_count_is_the_default_exact_count_and_memo_does_the_rest():
    p = Puzzle(6, 6, {(1, 1): "B", (3, 4): "W"})
    stats = count(p, weak=True, exact=True).stats
    assert stats.engine == DEFAULT_EXACT_ENGINE == plugs.ENGINES[0]
    by = exact_count(p, weak=True, by="length")   # by value: the memo engine
    assert by.engine.startswith("memo") and sum(by.by.values()) == stats.solutions
    with pytest.raises(MasyuError, match="--engine"):
        exact_count(p, engine="plugs-python", by="length")
    with pytest.raises(MasyuError, match="valid exact engines"):
        exact_count(p, engine="nope")


@needs_c
def test_a_level_past_the_memory_limit_is_refused_naming_it():
    with pytest.raises(MasyuError) as err:
        exact_count(Puzzle(14, 14), memory=1 << 16)
    assert err.value.where == "--memory" and "memory limit" in str(err.value)
    with pytest.raises(MasyuError, match="memory limit must be"):
        plugs.count(Puzzle(4, 4), memory="lots")


@needs_c
@pytest.mark.parametrize("n", [10, 11])
@pytest.mark.parametrize("weak", [False, True])
def test_the_two_layers_hold_about_one_layers_memory(n, weak):
    """The current layer and the next share one buffer of keys and one of
    counts, the next growing into the room the current leaves; only the next
    has a table.  So the peak is about the widest layer's keys (8 bytes) and
    counts (8 to 16 bytes of the widths here), a quarter more for growth, and
    a table of 4/3 to 8/3 four-byte slots a state: under 52 bytes a state of
    the widest layer.  Two layers each held at a doubled capacity (the
    earlier design) took 56 to 105."""
    stats = plugs.count(Puzzle(n, n), weak=weak)
    assert weak or stats.solutions == A140517[n - 2]
    assert stats.counters["peak_bytes"] < 52 * stats.counters["width"]


@needs_c
def test_moves_that_leave_the_board_are_refused():
    """The counts' width (docs/plugs.md) rests on nothing leaving the last
    column: the compiled twin refuses a table of moves that does."""
    board = Puzzle(3, 3)
    moves = bytearray(plugs.packed_moves(plugs.Board(board), False))
    assert plugs._plugs.new(3, 9, False, False, bytes(moves), 1 << 20) is not None
    entry = 2 * 49 * 10   # level 2 (the last column), pair (0, 0): 49 pairs of 10 bytes a level
    moves[entry] = 1
    moves[entry + 1:entry + 4] = bytes([0, 1, 0])     # a move whose right plug leaves the board
    with pytest.raises(ValueError, match="out of range"):
        plugs._plugs.new(3, 9, False, False, bytes(moves), 1 << 20)


def test_ctrl_c_between_two_cells_says_interrupted():
    def stop(stats):
        raise KeyboardInterrupt

    stats = plugs.count(Puzzle(8, 8), engine=plugs.ENGINES[0], on_progress=stop, progress_every=0)
    assert stats.interrupted and not stats.complete and stats.solutions == 0
    assert 0 < stats.counters["level"] < 64


def test_cli_counts_by_the_plugs_and_names_them():
    run = subprocess.run([sys.executable, "-m", "masyu", "count", "6x6:eBbBfWbWbBaBcWbBe",
                          "--exact", "--weak"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    want = exact_count(Puzzle.parse("6x6:eBbBfWbWbBaBcWbBe"), weak=True, engine=MEMO).solutions
    assert run.stdout.split()[0].replace(",", "") == str(want)
    assert f"exact ({DEFAULT_EXACT_ENGINE}):" in run.stderr
    bad = subprocess.run([sys.executable, "-m", "masyu", "count", "6x6:eBbBfWbWbBaBcWbBe",
                          "--exact", "--engine", "plugs", "--by", "length"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "--engine" in bad.stderr


def test_every_side_of_a_board_counts_alike_and_the_race_takes_one():
    for p in random_puzzles(30, 7, rows=range(3, 8), most=10):
        seen = plugs.sides(p)
        assert len(seen) == (4 if p.rows == p.cols else 2) and all(
            min(q.rows, q.cols) == q.cols and len(q.pearls) == len(p.pearls) for q in seen)
        for weak in (False, True):
            counts = {plugs.count(q, weak=weak, engine=plugs.ENGINES[0]).solutions for q in seen}
            assert counts == {exact_count(p, weak=weak, engine=MEMO).solutions}, p
    runs = [plugs.Plugs(q, True) for q in plugs.sides(Puzzle(6, 6, {(0, 0): "B", (5, 2): "W"}))]
    steps = []
    won = plugs.race(runs, 1 << 30, lambda run: (steps.append(runs.index(run)), run.step()))
    assert won.level == won.levels and set(steps) == {0, 1, 2, 3}


def _stop_at(k: int):
    """An ``on_progress`` that presses Ctrl-C at its ``k``-th call."""
    calls = [0]

    def stop(stats):
        calls[0] += 1
        if calls[0] == k:
            raise KeyboardInterrupt
    return stop


@pytest.mark.parametrize("weak", [False, True])
def test_a_count_stopped_and_kept_goes_on_to_the_same_count_in_either_twin(weak, tmp_path):
    """Stopped at several levels, kept, taken up by the same twin or the other:
    the count and the states of an uninterrupted run, on random boards."""
    for i, p in enumerate(random_puzzles(8, 11 + weak, rows=range(3, 8), most=6)):
        whole = plugs.count(p, weak=weak, engine=plugs.ENGINES[-1])
        for k in (1, 5, 17):
            for first, then in ((plugs.ENGINES[0], plugs.ENGINES[-1]),
                                (plugs.ENGINES[-1], plugs.ENGINES[0])):
                path = tmp_path / f"{i}-{k}-{first}.npz"
                stopped = plugs.count(p, weak=weak, engine=first, on_progress=_stop_at(k),
                                      progress_every=0, keep=path)
                if not stopped.interrupted:   # finished before the k-th cell
                    assert not path.exists() and stopped.solutions == whole.solutions
                    continue
                assert path.exists() and stopped.solutions == 0
                again = plugs.count(p, weak=weak, engine=then, resume=path)
                assert (again.solutions, again.counters["states"]) == \
                    (whole.solutions, whole.counters["states"]), (p, k, first)


def test_a_kept_state_of_another_count_or_no_state_is_refused_naming_resume(tmp_path):
    p, q = Puzzle(6, 6, {(1, 1): "B"}), Puzzle(6, 6, {(1, 1): "W"})
    path = tmp_path / "kept.npz"
    plugs.count(p, on_progress=_stop_at(3), progress_every=0, keep=path)
    for puzzle, weak, says in ((q, False, "another count"), (p, True, "another count")):
        with pytest.raises(MasyuError, match=says) as err:
            plugs.count(puzzle, weak=weak, resume=path)
        assert err.value.where == "--resume"
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a state")
    with pytest.raises(MasyuError, match="not the state of an exact count") as err:
        exact_count(p, resume=str(junk))
    assert err.value.where == "--resume"
    with pytest.raises(MasyuError, match="only the plugs") as err:
        exact_count(p, engine=MEMO, resume=str(path))
    assert plugs.count(p, resume=path).solutions == exact_count(p, engine=MEMO).solutions


@needs_c
def test_cli_ctrl_c_keeps_the_layers_and_resume_finishes_the_count(tmp_path):
    """A real SIGINT to ``masyu count --exact`` of the empty 16x16 board: exit 130, the
    file it names (``masyu-<hash>.exact.npz`` in the current folder) holds its layers;
    a file kept half-way through the 10x10 board goes on to A140517's count."""
    from masyu.plugs import keep
    big = Puzzle(16, 16)
    code, out, err = interrupt_at_progress(
        [sys.executable, "-m", "masyu", "count", big.to("tatham"), "--exact"], cwd=tmp_path)
    assert code == 130 and "Traceback" not in err, err
    kept = err.rsplit("--resume ", 1)[1].split()[0]
    assert kept == keep.default_path(big, False) and [f.name for f in tmp_path.iterdir()] == [kept]
    assert keep.load(tmp_path / kept, big, False, 1)[0]["level"] > 0
    small, path = Puzzle(10, 10), tmp_path / "ten.npz"
    plugs.count(small, on_progress=_stop_at(40), progress_every=0, keep=path)
    run = subprocess.run([sys.executable, "-m", "masyu", "count", small.to("tatham"), "--exact",
                          "--resume", str(path)], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.split()[0].replace(",", "") == str(A140517[8])


@needs_c
def test_the_race_spends_about_twice_the_best_sides_work_not_one_sides_work_per_side():
    """On six hard 20x20 puzzles, the states all the sides of a race made, against those
    of the best side run alone (each side's sweep is fixed, so this is exact): the rule
    of docs/plugs.md spends 2.08 times the best (the first rule, fewest states so far,
    4.13: it ran about every side to the end)."""
    puzzles = [p for p in load(PUZZLES / "psm.txt") if p.name.startswith("psm-20x20-hard")][:6]
    assert len(puzzles) == 6
    race_work = best_work = 0
    for p in puzzles:
        runs = [plugs.Native(q, True, 1 << 30) for q in plugs.sides(p)]
        won = plugs.race(runs, 1 << 30, lambda run: run.step())
        race_work += sum(r.counters()["states"] for r in runs)
        alone = []
        for q in plugs.sides(p):
            run = plugs.Native(q, True, 1 << 30)
            while run.level < run.levels:
                run.step()
            alone.append(run.counters()["states"])
        best_work += min(alone)
        assert won.counters()["states"] in alone
    assert race_work < 2.5 * best_work, race_work / best_work

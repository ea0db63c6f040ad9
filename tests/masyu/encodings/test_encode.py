"""The encodings of ex. 422 and 423: structure, names, and weak solutions
equal to an independent brute-force enumerator's on random boards."""
from __future__ import annotations

import io
import warnings

import pytest

import xcc
from masyu import Encoding, MasyuError, Puzzle, encode
from masyu.collection import load

from ..bruteforce import BOARDS, weak_set as brute_weak, weak_solutions

ENGINE = "c" if "c" in xcc.ENGINES else "python"


def weak_set(enc: Encoding, engine: str = "python") -> list[frozenset]:
    return [enc.edges_of(s) for s in xcc.solve(enc.problem, engine=engine)]


# ---- names -----------------------------------------------------------------

def test_names_use_doubled_coordinates():
    enc = encode(Puzzle.from_grid(["W..", "...", "..B"]), "422")
    p = enc.problem
    assert p.primary[:2] == ("t11", "w11")
    assert "t55" in p.primary and "b55" in p.primary
    # horizontal edge (0,0)-(0,1) at (1, 2), vertical (0,0)-(1,0) at (2, 1)
    assert p.secondary[:3] == ("e12", "e14", "e21")
    assert enc.edge_items["e12"] == ((((0, 0), (0, 1)), "1"),)


@pytest.mark.parametrize("side", [31, 32])
def test_names_fit_knuths_eight_characters(side):
    enc = encode(Puzzle(side, side, {(side - 1, side - 1): "B"}), "422")
    names = enc.problem.items
    assert len(set(names)) == len(names)
    assert max(map(len, names)) == (3 if side == 31 else 5)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert xcc.write_dlx(enc.problem, io.StringIO())


# ---- 422 ---------------------------------------------------------------------

def test_422_tile_options_name_every_edge_of_the_cell():
    enc = encode(Puzzle.from_grid(["....", "....", "...."]), "422")
    counts = {}
    for option in enc.problem.options:
        tile, *edges = option
        counts[tile[0]] = counts.get(tile[0], 0) + 1
        colors = [c for _, c in edges]
        assert set(colors) <= {"0", "1"} and colors.count("1") in (0, 2)
        r, c = (int(ch) // 2 for ch in tile[0][1:])
        degree = 4 - (r in (0, 2)) - (c in (0, 3))
        assert len(edges) == degree  # every on-board edge, used or not
    assert counts["t11"] == 2 and counts["t13"] == 4 and counts["t33"] == 7


def test_422_circle_options():
    enc = encode(Puzzle.from_grid([".....", ".....", "..B..", ".....", "....."]), "422")
    black = [o for o in enc.problem.options if o[0][0] == "b55"]
    assert len(black) == 4 and all(len(o) == 5 and all(c == "1" for _, c in o[1:])
                                   for o in black)
    # a black pearl next to the border: only the turns away from it
    enc = encode(Puzzle.from_grid(["....", ".B..", "....", "...."]), "422")
    assert [set(o) for o in enc.problem.options if o[0][0] == "b33"] == [
        {("b33", None), ("e34", "1"), ("e36", "1"), ("e43", "1"), ("e63", "1")}]
    # white, far edges on the board: 3 patterns for each orientation
    enc = encode(Puzzle.from_grid([".....", ".....", "..W..", ".....", "....."]), "422")
    assert sum(o[0][0] == "w55" for o in enc.problem.options) == 6
    # white on the top edge: only E-W, far edges off the board: one option
    enc = encode(Puzzle.from_grid([".W.", "...", "..."]), "422")
    assert [set(o) for o in enc.problem.options if o[0][0] == "w13"] == [
        {("w13", None), ("e12", "1"), ("e14", "1")}]


def test_colour_one_only_tiles_are_wrong():
    """The seed text of ex. 422 names only color-1 edges: far too many solutions."""
    puzzle = Puzzle.from_grid(["...", "...", "..."])
    enc = encode(puzzle, "422")
    seed = xcc.Problem(enc.problem.primary, enc.problem.secondary,
                       [[(i, c) for i, c in o if c != "0"] for o in enc.problem.options])
    right = xcc.count(enc.problem, engine=ENGINE).solutions
    wrong = xcc.count(seed, engine=ENGINE).solutions
    assert right == len(list(weak_solutions(3, 3, {}))) and wrong > 10 * right


# ---- 423 ---------------------------------------------------------------------

def test_423_clue_cells_have_no_tiles():
    puzzle = Puzzle.from_grid(["....", ".W..", "..B.", "...."])
    enc = encode(puzzle, "423")
    assert "t33" not in enc.problem.primary and "t55" not in enc.problem.primary
    assert {"w33", "b55"} <= set(enc.problem.primary)
    for option in enc.problem.options:
        names = [i for i, _ in option]
        assert len(names) == len(set(names))  # normalized: each item once


def test_423_constants_spread_from_the_border():
    # a white pearl on the top row: its E and W edges are present from the start
    enc = encode(Puzzle.from_grid([".W..", "....", "...."]), "423")
    assert set(enc.present) == {((0, 0), (0, 1)), ((0, 1), (0, 2))}
    assert ((0, 1), (1, 1)) in enc.absent
    assert enc.contradiction is None
    # and they are in every weak solution
    sols = weak_set(enc)
    assert sols and all(set(enc.present) <= s for s in sols)


def test_423_merges_edges_into_classes():
    enc = encode(Puzzle.from_grid(["...", ".W.", "..."]), "423")
    # N = S, E = W, E = not N: one class of four edges (two colors mean present)
    classes = [pairs for pairs in enc.edge_items.values() if len(pairs) > 1]
    assert len(classes) == 1 and len(classes[0]) == 4
    assert sorted(c for _, c in classes[0]) == ["0", "0", "1", "1"]
    assert len(enc.problem.secondary) == 12 - 3


@pytest.mark.parametrize("grid", [["W..", "...", "..."],   # a white pearl in a corner
                                  ["BB.", "...", "..."],   # not a contradiction of relations
                                  ["...", "BWB", "..."]])
def test_423_contradictions_are_zero_solutions(grid):
    puzzle = Puzzle.from_grid(grid)
    enc = encode(puzzle, "423")
    assert weak_set(enc) == [] == weak_set(encode(puzzle, "422"))
    assert list(weak_solutions(3, 3, dict(puzzle.pearls))) == []


def test_423_contradiction_is_reported():
    enc = encode(Puzzle.from_grid(["W..", "...", "..."]), "423")
    assert "white pearl at cell (0, 0)" in enc.contradiction
    assert enc.problem.options == ()
    why = encode(Puzzle.from_grid(["...", ".B.", "..."]), "423").contradiction
    assert why is None


def test_423_is_smaller_on_real_puzzles(shared):
    for puzzle in load(shared / "puzzles" / "rcra.txt"):
        s2, s3 = encode(puzzle, "422").sizes, encode(puzzle, "423").sizes
        assert s3["primary"] == puzzle.rows * puzzle.cols < s2["primary"]
        assert s3["secondary"] < s2["secondary"] and s3["options"] < s2["options"]


def test_unknown_encoding():
    with pytest.raises(MasyuError, match="valid encodings: 422, 423"):
        encode(Puzzle(3, 3), "424")


# ---- weak solutions against brute force ----------------------------------------

@pytest.mark.parametrize("chunk", range(10))
def test_weak_solutions_equal_brute_force(chunk):
    for rows, cols, pearls in BOARDS[chunk::10]:
        puzzle = Puzzle(rows, cols, pearls)
        expected = brute_weak(rows, cols, pearls)
        for kind in ("422", "423"):
            found = weak_set(encode(puzzle, kind))
            assert len(found) == len(set(found)), (puzzle.grid, kind)  # one to one
            assert set(found) == expected, (puzzle.grid, kind)


def test_the_boards_are_varied():
    sizes = {(r, c) for r, c, _ in BOARDS}
    assert len(sizes) == 9
    counts = [len(brute_weak(r, c, p)) for r, c, p in BOARDS[:40]]
    assert 0 in counts and max(counts) > 100


# ---- DLX files ----------------------------------------------------------------

@pytest.mark.parametrize("name", ["wikipedia-masyu-example", "puzsq-9833"])
@pytest.mark.parametrize("kind", ["422", "423"])
def test_dlx_round_trip(shared, name, kind):
    puzzle = {p.name: p for p in load(shared / "puzzles" / "extra.txt")}[name]
    enc = encode(puzzle, kind)
    out = io.StringIO()
    assert xcc.write_dlx(enc.problem, out, comment=enc.dlx_comment())
    back = xcc.read_dlx(io.StringIO(out.getvalue()))
    assert (back.primary, back.secondary, back.options) == \
        (enc.problem.primary, enc.problem.secondary, enc.problem.options)
    a = xcc.count(enc.problem, engine=ENGINE)
    b = xcc.count(back, engine=ENGINE)
    assert (a.solutions, a.nodes, a.mems) == (b.solutions, b.nodes, b.mems)

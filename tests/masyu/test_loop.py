"""Loops: box drawing, pzprv3 segments, JSON, components, and the errors of malformed text."""
import json
import random
import subprocess
import sys

import pytest

import masyu
from masyu import Loop, MasyuError, formats

from .errors import assert_names_the_place

SQUARE = "┌┐\n└┘\n"
TWO_LOOPS = ("┌┐┌┐\n"
             "└┘││\n"
             "  └┘\n")


def test_box_round_trip_and_edges():
    loop = Loop.parse(SQUARE, format="box")
    assert (loop.rows, loop.cols) == (2, 2)
    assert loop.edges == {((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)), ((1, 0), (1, 1))}
    assert loop.to("box") == SQUARE
    assert formats.box.read(SQUARE.splitlines()) == loop   # the reader takes lines too
    assert Loop.parse("╭╮\n╰╯", format="box") == loop   # rounded corners read as corners
    assert hash(loop) == hash(Loop(2, 2, loop.edges))


def test_box_padding_with_a_given_size():
    loop = Loop.parse("┌┐\n└┘", rows=3, cols=4, format="box")
    assert (loop.rows, loop.cols) == (3, 4)
    assert loop.to("box") == "┌┐  \n└┘  \n    \n"
    assert Loop.parse(loop.to("box").rstrip("\n"), format="box") == loop   # trailing spaces kept


def test_constructor_normalizes_and_validates():
    a = Loop(2, 2, [((0, 1), (0, 0)), [[1, 0], [1, 1]]])
    assert a.edges == {((0, 0), (0, 1)), ((1, 0), (1, 1))}
    with pytest.raises(MasyuError, match="adjacent"):
        Loop(3, 3, [((0, 0), (1, 1))])
    with pytest.raises(MasyuError, match="outside"):
        Loop(3, 3, [((5, 5), (5, 6))])
    with pytest.raises(MasyuError, match="pair of cells"):
        Loop(3, 3, [((0, 0.5), (0, 1))])
    with pytest.raises(MasyuError, match="pair of cells"):
        Loop(3, 3, ["ab"])
    with pytest.raises(MasyuError, match="too small"):
        Loop(1, 3)
    with pytest.raises(MasyuError, match="too large"):
        Loop(2, 10**6)
    with pytest.raises(MasyuError, match="integers"):
        Loop("2", 2)  # type: ignore[arg-type]


def test_off_board_edges_are_kept_for_check():
    loop = Loop.parse("─┐\n─┘", format="box")
    assert loop.off_board() == [((0, -1), (0, 0)), ((1, -1), (1, 0))]
    assert loop.to("box") == "─┐\n─┘\n"
    assert loop.cells() == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert loop.components() == [[(0, 0), (0, 1), (1, 1), (1, 0)]]


@pytest.mark.parametrize("text, where, words", [
    ("┌┐\n└x\n", "line 2, column 2", "'x' is not a loop shape"),
    ("┌─\n└┘\n", "line 2, column 2", "'┘' points north"),
    ("┌┐\n└ \n", "line 1, column 2", "'┐' points south but ' ' at line 2, column 2"),
    ("┌┐\n│┘\n", "line 2, column 2", "'┘' points west"),
    ("┌┐\n└┘\n┌┐", "line 3", "more than 2 rows"),
])
def test_malformed_box_names_line_and_column(text, where, words):
    rows = 2 if "more than" in words else None
    assert_names_the_place(lambda: Loop.parse(text, rows=rows, format="box"), where, words)


def test_shape_beyond_the_given_width():
    with pytest.raises(MasyuError) as info:
        Loop.parse("┌┐┌┐\n└┘└┘", rows=2, cols=2, format="box")
    assert info.value.where == "line 1, column 3"


def test_components_of_a_weak_solution():
    loop = Loop.parse(TWO_LOOPS, format="box")
    assert loop.components() == [
        [(0, 0), (0, 1), (1, 1), (1, 0)],
        [(0, 2), (0, 3), (1, 3), (2, 3), (2, 2), (1, 2)],
    ]
    assert len(loop.cells()) == 10


def test_components_of_paths_and_branches():
    path = Loop(3, 3, [((0, 2), (1, 2)), ((1, 1), (1, 2)), ((1, 0), (1, 1))])
    assert path.components() == [[(0, 2), (1, 2), (1, 1), (1, 0)]]
    tee = Loop(3, 3, [((1, 0), (1, 1)), ((1, 1), (1, 2)), ((1, 1), (2, 1))])
    assert tee.components() == [[(1, 0), (1, 1), (1, 2), (2, 1)]]
    assert tee.shape((1, 1)) == "┬" and tee.shape((1, 0)) == "╶"
    assert Loop.parse(tee.to("box"), format="box") == tee   # any edge set drawn and read back
    assert Loop(3, 3).components() == []


def test_json_round_trip():
    loop = Loop.parse(TWO_LOOPS, format="box")
    text = loop.to("json")
    assert json.loads(text)["edges"][0] == [[0, 0], [0, 1]]
    assert Loop.parse(text, format="json") == loop
    assert Loop.parse(text) == loop
    off = Loop.parse("─┐\n─┘", format="box")
    assert Loop.parse(off.to("json"), format="json") == off


@pytest.mark.parametrize("text, words", [
    ('{"rows": 2, "cols": 2', "bad JSON"),
    ("[1, 2]", "object"),
    ('{"rows": 2, "cols": 2, "edges": 5}', "list"),
    ('{"rows": 2, "cols": 2, "edges": [[[0, 0], [0, 1.0]]]}', "integers"),
    ('{"rows": 2, "cols": 2, "edges": [[[0, 0], [1, 1]]]}', "adjacent"),
    ('{"rows": true, "cols": 2, "edges": []}', "integers"),
    ('{"rows": 1e999, "cols": 2, "edges": []}', "integers"),
])
def test_bad_json(text, words):
    with pytest.raises(MasyuError, match=words):
        Loop.parse(text, format="json")


def test_json_error_has_a_place():
    with pytest.raises(MasyuError) as info:
        Loop.parse('{"rows": 2,\n "cols": }', format="json")
    assert info.value.where == "line 2, column 10"
    with pytest.raises(MasyuError) as info:
        Loop.parse('{"rows": 2, "cols": 2, "edges": [[[0, 0], [0, 1]], 7]}', format="json")
    assert info.value.where == "JSON edge 2"


def test_pzprv3_segments():
    loop = Loop.parse(TWO_LOOPS, format="box")
    lines = formats.pzprv3.write_segments(loop)
    assert lines == ["1 0 1 ", "1 0 0 ", "0 0 1 ", "1 1 1 1 ", "0 0 1 1 "]
    assert formats.pzprv3.read_segments(lines, 3, 4) == loop
    assert formats.pzprv3.read_segments("\n".join(lines).replace("0", "-1"), 3, 4) == loop
    with pytest.raises(MasyuError, match="expected 5 lines"):
        formats.pzprv3.read_segments(lines[:4], 3, 4)
    with pytest.raises(MasyuError, match="leaves the board"):
        formats.pzprv3.write_segments(Loop.parse("─┐\n─┘", format="box"))


def test_parse_detects_the_form():
    loop = Loop.parse(SQUARE, format="box")
    assert Loop.parse(SQUARE) == loop
    assert Loop.parse(loop.to("json"), 2, 2) == loop
    pz = "pzprv3/mashu/2/2/. . /. . /1 /1 /1 1 /"
    assert Loop.parse(pz) == loop
    with pytest.raises(MasyuError, match="no loop drawn"):
        Loop.parse("pzprv3/mashu/2/2/. . /. . /")
    with pytest.raises(MasyuError, match="expected 3x3"):
        Loop.parse(loop.to("json"), 3, 3)
    with pytest.raises(MasyuError):
        Loop.parse(None)  # type: ignore[arg-type]


def test_svg_of_a_loop():
    svg = Loop.parse(SQUARE, format="box")._repr_svg_()
    assert svg.startswith("<svg") and "<path" in svg


def _random_edge_sets(seed: int, n: int):
    rng = random.Random(seed)
    for _ in range(n):
        rows, cols = rng.randint(2, 6), rng.randint(2, 6)
        cand = [((r, c), (r, c + 1)) for r in range(rows) for c in range(-1, cols)] + \
            [((r, c), (r + 1, c)) for r in range(-1, rows) for c in range(cols)]
        yield Loop(rows, cols, rng.sample(cand, rng.randint(0, len(cand))))


def test_sorted_edges_and_json_are_the_sort_and_the_standard_json():
    for loop in _random_edge_sets(1, 500):
        assert loop.sorted_edges() == sorted(loop.edges)
        assert loop.to("json") == json.dumps({"rows": loop.rows, "cols": loop.cols, "edges": [
            [list(a), list(b)] for a, b in sorted(loop.edges)]})


def test_components_match_union_find():
    """The pieces as sets, and which are closed loops, against a union-find of the cells."""
    weak = list(masyu.solve(masyu.Puzzle(4, 4), weak=True))   # many small closed loops
    assert len(weak) > 100
    for loop in [*_random_edge_sets(2, 800), *weak]:
        def on(rc):
            return 0 <= rc[0] < loop.rows and 0 <= rc[1] < loop.cols
        parent: dict = {}

        def find(x):
            while parent.setdefault(x, x) != x:
                x = parent[x]
            return x
        degree: dict = {}
        offside = set()
        for a, b in loop.edges:
            for x in (a, b):
                if on(x):
                    find(x)
            if on(a) and on(b):
                parent[find(a)] = find(b)
                degree[a] = degree.get(a, 0) + 1
                degree[b] = degree.get(b, 0) + 1
            else:
                offside.add(a if on(a) else b)
        groups: dict = {}
        for x in parent:
            groups.setdefault(find(x), set()).add(x)
        pieces = loop.components()
        assert sorted(map(sorted, pieces)) == sorted(map(sorted, groups.values()))
        assert [min(p) for p in pieces] == sorted(min(p) for p in pieces)   # by first cell
        for piece, closed in zip(pieces, loop.closed_pieces()):
            assert closed == (len(piece) > 1 and all(degree.get(x) == 2 for x in piece)
                              and not offside & set(piece))
            if closed:   # walked in order: each cell next to the one before
                assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
                           for a, b in zip(piece, piece[1:] + piece[:1]))


def test_the_formats_install_themselves_on_the_value_types():
    # the value types import nothing above them: masyu.formats installs Loop.to & co.
    # when imported, and the package face imports it with any name it serves
    code = ("import sys\n"
            "from masyu.loop import Loop\n"
            "from masyu.errors import MasyuError\n"
            "try:\n    Loop(2, 2).to('json')\nexcept MasyuError as err:\n    print(err)\n"
            "import masyu\n"
            "masyu.generate_with_loop  # no Loop named: the loops it makes can be written\n"
            "print(Loop(2, 2, [((0, 0), (0, 1))]).to('box'), end='')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout == "reading and writing loops needs masyu.formats: import it, or use " \
        "masyu.Loop\n╶╴\n  \n", r.stdout + r.stderr

"""Every format users paste: the worked examples, the errors with their places, round trips."""

import pytest

from masyu import MasyuError, Puzzle
from masyu import formats
from masyu.collection import load, load_solutions
from masyu.loop import Loop

from ..errors import assert_names_the_place

from tests.data import COUNTS, PUZZLES

# The worked examples of tests/data/puzzles/README.md
README_URL = "https://puzz.link/p?mashu/6/6/1063000i3000"
README_URL_GRID = ["..W...", ".B..W.", "......", "...B..", ".W....", "......"]
README_TATHAM = "6x6:eBbBfWbWbBaBcWbBe"
README_TATHAM_GRID = [".....B", "..B...", "...W..", "W..B.B", "...W..", "B....."]
# From the puzz.link player's tests (pzprjs test/script/mashu.js): a loop drawn
PZPR_ONE_LINE = ("pzprv3/mashu/6/6/. . 1 . . . /. 2 . . 1 . /. . . . . . /. . . 2 . . /"
                 ". 1 . . . . /. . . . . . /1 1 1 0 1 /0 1 1 -1 0 /0 0 1 1 0 /0 1 -1 1 1 /"
                 "1 1 0 0 0 /0 0 1 0 0 /1 0 0 1 1 1 /1 1 0 0 1 1 /1 1 1 -1 0 1 /1 -1 0 1 0 0 /"
                 "0 0 1 1 0 0 /")


def test_readme_url_example():
    p = Puzzle.parse("p?mashu/6/6/1063000i3000")
    assert list(p.grid) == README_URL_GRID
    assert Puzzle.parse(README_URL) == p
    assert p.to("url") == README_URL


def test_readme_url_cells_one_by_one():
    p = Puzzle.parse(README_URL)
    assert p.pearl_at((0, 2)) == "W"      # '1' = 0,0,1: cell 2 white
    assert p.pearl_at((1, 1)) == "B"      # '6' = 0,2,0: cell 7 black
    assert p.pearl_at((1, 4)) == "W"      # '3': cell 10 white
    assert p.pearl_at((3, 3)) == "B"      # 'i' = 18 = 2,0,0: cell 21 black
    assert p.pearl_at((4, 1)) == "W"      # '3': cell 25 white
    assert len(p.pearls) == 5


@pytest.mark.parametrize("url", [
    "https://puzz.link/p?mashu/6/6/1063000i3000/",
    "http://pzv.jp/p.html?mashu/6/6/1063000i3000",
    "https://puzz.link/p?masyu/6/6/1063000i3000",
    "https://pzprxs.vercel.app/p?pearl/6/6/1063000i3000",
    "  https://puzz.link/p?mashu_edit/6/6/1063000i3000\n",
    "mashu/6/6/1063000i3000",
])
def test_url_variants(url):
    assert list(Puzzle.parse(url).grid) == README_URL_GRID


def test_url_width_comes_first():
    p = Puzzle.parse("p?mashu/4/2/" + formats.url.write(Puzzle(2, 4, {(0, 3): "B"})).split("/")[-1])
    assert (p.rows, p.cols) == (2, 4) and p.pearl_at((0, 3)) == "B"
    # cell 4: the middle of the 2nd
    assert Puzzle(2, 4, {(1, 0): "W"}).to("url").endswith("?mashu/4/2/030")


def test_readme_tatham_example():
    p = Puzzle.parse(README_TATHAM)
    assert list(p.grid) == README_TATHAM_GRID
    assert p.to("tatham") == README_TATHAM
    for variant in ("6x6de:eBbBfWbWbBaBcWbBe", "6x6dt:eBbBfWbWbBaBcWbBe", "6x6dtn:eBbBfWbWbBaBcWbBe"):
        assert Puzzle.parse(variant) == p


def test_tatham_width_first_and_long_runs():
    p = Puzzle(3, 30, {(0, 0): "W", (2, 29): "B"})
    gid = p.to("tatham")
    assert gid.startswith("30x3:W")
    assert "z" in gid                      # runs longer than 26 are split
    assert Puzzle.parse(gid) == p


def test_psm_task_with_size():
    task = "fWaWWfWbBcWcWbBaWc"            # psm-6x6-easy-3184225
    grid = ["......", "W.WW..", "....W.", ".B...W", "...W..", "B.W..."]
    for text in (f"6:{task}", f"6 {task}", f"6x6 {task}"):
        assert list(Puzzle.parse(text).grid) == grid
    assert list(formats.psm.read(task, 6).grid) == grid
    assert list(formats.psm.read(task, "6x6").grid) == grid
    assert formats.psm.write(Puzzle.parse(f"6:{task}")) == f"6:{task}"


def test_grid_variants_and_names():
    want = Puzzle.from_grid(["W.B", "..W"])
    assert Puzzle.parse("W.B\n..W\n") == want
    assert Puzzle.parse("o.x\n..o") == want
    assert Puzzle.parse("0.1\n..0") == want
    p = Puzzle.parse("# my-puzzle source=here size=2x3\n  W.B  \r\n..W\n\n")
    assert p == want and p.name == "my-puzzle"
    assert Puzzle.parse("W.B\n..W", name="other").name == "other"
    assert want.to("grid") == "W.B\n..W\n"


def test_pzprv3_with_loop():
    puzzle, loop = formats.pzprv3.read_with_loop(PZPR_ONE_LINE)
    assert list(puzzle.grid) == README_URL_GRID
    assert loop is not None and len(loop.edges) == 30
    assert loop.to("box").splitlines()[:2] == ["┌──┐┌┐", "│┌─┘││"]
    # the player's accepted answer is the stored loop of this puzzle
    solutions = load_solutions(PUZZLES / "extra_solutions.txt")
    assert loop == solutions["pzprjs-test-mashu-6x6"]
    assert Puzzle.parse(PZPR_ONE_LINE) == puzzle
    text = puzzle.to("pzprv3", loop)
    assert text.splitlines()[:6] == ["pzprv3", "mashu", "6", "6", ". . 1 . . . ", ". 2 . . 1 . "]
    assert formats.pzprv3.read_with_loop(text) == (puzzle, loop)


def test_pzprv3_without_loop_and_with_history():
    p = Puzzle.parse(README_URL)
    bare = "pzprv3\nmashu\n6\n6\n" + "".join(
        " ".join({"W": "1", "B": "2", ".": "."}[ch] for ch in row) + "\n" for row in p.grid)
    assert formats.pzprv3.read_with_loop(bare) == (p, None)
    with_history = p.to("pzprv3") + 'history:{\n "type": "pzpr",\n "datas": []\n}\n'
    assert formats.pzprv3.read_with_loop(with_history) == (p, Loop(6, 6))


def test_detect():
    assert formats.detect(README_URL) == "url"
    assert formats.detect(README_TATHAM) == "tatham"
    assert formats.detect(PZPR_ONE_LINE) == "pzprv3"
    assert formats.detect("6:fWaWWfWbBcWcWbBaWc") == "psm"
    assert formats.detect("..\n..") == "grid"


# ---------------------------------------------------------------------------
# Bad input: the one exception type, with the place

@pytest.mark.parametrize("text, where, words", [
    ("W.B\n..\n", "line 2", "ragged"),
    ("W.B\n.q.\n", "line 2, column 2", "unknown character 'q'"),
    ("# c\n\nW.B\n.?.\n", "line 4, column 2", "unknown character"),
    ("W.B\n", "line 1", "too small"),
    ("", None, "empty"),
    ("..\n..\n\n..\n..\n", "line 4", "2 puzzles"),
    ("eBbBfWbWbBaBcWbBe", "line 1", "without its size"),
    ("p?mashu/6/6/1063000i300", "URL segment '1063000i300'", "too short"),
    ("p?mashu/6/6/1063000i30000", "URL segment '1063000i30000'", "too long"),
    ("p?mashu/6/6/1063000i300z", "URL segment '1063000i300z'", "base-27"),
    ("p?mashu/2/2/02", "URL segment '02'", "past the last cell"),
    ("p?mashu/x/6/1063000i3000", "URL segment 'x'", "columns"),
    ("p?nurikabe/6/6/1063000i3000", "URL segment 'nurikabe'", "not a Masyu URL"),
    ("p?mashu/6/6", "URL segment ''", "too short"),
    ("p?mashu/6", "URL segment 'mashu/6'", "COLS/ROWS/BODY"),
    ("p?mashu/6/6/1063000i3000/zz", "URL segment 'zz'", "after the URL body"),
    ("p?mashu/1/6/00", "URL segment '1/6'", "too small"),
    ("p?mashu/5000/6/00", "URL segment '5000/6'", "too large"),
    ("6x6:eBbBfWbWbBaBcWbB", "column 20", "covers 31 of the 6x6 = 36"),
    ("6x6:eBbBfWbWbBaBcWbBz", "column 21", "runs past"),
    ("6x6:eBbBfWbWbBaBc?bBe", "column 18", "unknown character '?'"),
    ("6x6dq:eBbBfWbWbBaBcWbBe", "column 4", "difficulty"),
    ("2000x3:z", "game ID size 2000x3", "too large"),
    ("1x3:c", "game ID size 1x3", "too small"),
    ("6:fWaWWfWbBcWcWbBaW", "column 19", "covers 33"),
    ("6x7 fWaWWfWbBcWcWbBaWc", "column 1", "square"),
    ("pzprv3\nmashu\n6\n", "line 4", "ends early"),
    ("pzprv3\nslither\n6\n6\n", "line 2", "not a Masyu file"),
    ("pzprv3\nmashu\nsix\n6\n", "line 3", "rows"),
    ("pzprv3/mashu/2/2/. . /. /", "line 6", "expected 2 cells"),
    ("pzprv3/mashu/2/2/. - /. . /", "line 5, column 3", "unknown colour"),
    ("pzprv3/mashu/2/2/. 3 /. . /", "line 5, column 3", "unknown cell '3'"),
    ("pzprv3/mashu/2/2/. . /", "line 6", "expected 2 rows"),
    ("pzprv3/mashu/2/2/. . /. . /1 /0 /", "line 9", "needs 3 lines"),
    ("pzprv3/mashu/2/2/. . /. . /1 /0 /1 1 /1 /", "line 10", "unexpected line"),
    ("pzprv3/mashu/2/2/. . /. . /1 /2 /1 1 /", "line 8, column 1", "unknown segment '2'"),
    ("pzprv3/mashu/2/2/. . /. . /1 /1 1 /1 1 /", "line 8", "expected 1 horizontal"),
])
def test_bad_input_names_the_place(text, where, words):
    assert_names_the_place(lambda: Puzzle.parse(text), where, words)


def test_huge_numbers_do_not_escape():
    for text in ("9" * 5000 + "x6:a", "p?mashu/" + "9" * 5000 + "/6/0", "6:" + "z" * 10**5):
        with pytest.raises(MasyuError):
            Puzzle.parse(text)


def test_tatham_seed_is_not_a_description():
    with pytest.raises(MasyuError, match="random seed"):
        formats.tatham.read("6x6#12345")


def test_bad_types():
    with pytest.raises(MasyuError):
        Puzzle.parse(b"..\n..")  # type: ignore[arg-type]
    with pytest.raises(MasyuError):
        formats.psm.read("aa", size=True)  # type: ignore[arg-type]
    with pytest.raises(MasyuError, match="square"):
        formats.psm.write(Puzzle(2, 3))


# ---------------------------------------------------------------------------
# The whole corpus: everything parses and round-trips through every writer

@pytest.fixture(scope="module")
def corpus():
    puzzles = [p for f in ("psm.txt", "extra.txt", "rcra.txt") for p in load(PUZZLES / f)]
    assert len(puzzles) == sum(COUNTS.values())
    return puzzles


def test_corpus_round_trips(corpus):
    for p in corpus:
        assert Puzzle.parse(p.to("grid")) == p, p.name
        assert Puzzle.parse(p.to("url")) == p, p.name
        assert Puzzle.parse(p.to("tatham")) == p, p.name
        assert Puzzle.parse(p.to("pzprv3")) == p, p.name
        assert Puzzle.parse(p.to("pzprv3").replace("\n", "/")) == p, p.name
        if p.rows == p.cols:
            assert Puzzle.parse(formats.psm.write(p)) == p, p.name


def test_corpus_names_match_their_sources(corpus):
    by_name = {p.name: p for p in corpus}
    # the puzzle-masyu.com task string of the first psm puzzle (its source file's line)
    assert by_name["psm-6x6-easy-3184225"] == formats.psm.read("fWaWWfWbBcWcWbBaWc", 6)
    # extra.txt gives the puzz.link URL of two puzzles in their headers
    assert by_name["pzprjs-test-mashu-6x6"] == Puzzle.parse(README_URL)
    assert by_name["puzsq-9833"] == Puzzle.parse(
        "https://puzz.link/p?masyu/10/10/0600003i06b1300600000a30600i090330")

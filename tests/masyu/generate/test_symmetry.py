"""Symmetric pearl layouts (issue 32's --symmetry): the pearls' cells map onto
themselves (checked here by hand, not by the generator's helper), and the puzzle has
one solution, counted by dancing links with propagation (another model, engine and code
than the generator's SAT oracle and deduction)."""
from __future__ import annotations

import pytest

import masyu
from masyu import MasyuError
from masyu.generate import generate_with_loop

IMAGES = {
    "rotational": lambda r, c, rows, cols: (rows - 1 - r, cols - 1 - c),
    "mirror": lambda r, c, rows, cols: (r, cols - 1 - c),
}


@pytest.mark.parametrize("symmetry", sorted(IMAGES))
@pytest.mark.parametrize("size, seed, difficulty", [((10, 10), 1, None), ((9, 11), 2, "easy"),
                                                    ((12, 12), 5, "hard"), ((20, 20), 1, None)])
def test_symmetric_and_unique(symmetry, size, seed, difficulty):
    rows, cols = size
    g = generate_with_loop(rows, cols, seed=seed, difficulty=difficulty, symmetry=symmetry)
    cells = {cell for cell, _ in g.puzzle.pearls}
    assert cells and all(IMAGES[symmetry](r, c, rows, cols) in cells for r, c in cells)
    assert masyu.check(g.puzzle, g.loop) == []
    assert int(masyu.count(g.puzzle, method="propagate", engine="c", limit=2)) == 1
    if difficulty is not None:
        assert g.difficulty.band == difficulty
    again = generate_with_loop(rows, cols, seed=seed, difficulty=difficulty, symmetry=symmetry)
    assert again.puzzle == g.puzzle


def test_none_is_the_generator_as_before_and_a_bad_name_is_refused():
    assert generate_with_loop(10, 10, seed=3, symmetry="none").puzzle == \
        generate_with_loop(10, 10, seed=3).puzzle
    with pytest.raises(MasyuError, match="rotational"):
        generate_with_loop(10, 10, seed=3, symmetry="diagonal")

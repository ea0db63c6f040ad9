"""A deduction solver for Masyu: propagation, probing, then search.

It shares no code with the exact cover encodings, so it can check them and
they can check it.  Three levels, each a superset of the one before, one
module each:

1. *local* (:mod:`.local`): the rules of single cells and pearls (degree 0 or
   2; a white pearl goes straight and not both its neighbours do; a black
   pearl turns and both its arms go straight), and "never close a small loop"
   (an edge that would close a cycle while other lines or pearls lie outside
   it is empty; :mod:`.state`);
2. *probe* (:mod:`.probe`): level 1, plus the board-wide connectivity rule
   (the loop lives in one connected piece of the edges still possible, so any
   bridge of that graph is empty) and failed-edge probing (if giving an edge
   one value leads level 1 to a contradiction, it has the other value);
3. *search* (:mod:`.search`): level 2 at every node of a depth-first search
   over edges.

Edges are numbered as on every :class:`~masyu.board.Board`; probing and the
last resort of branching go through them in the board's ``scan`` order
(horizontal edges row by row, then vertical ones).

Given the answer (``known``, one 0/1 per edge), probing and search only try
the values that differ from it: every deduction is sound, so the answer's own
values can never be refuted.  This is what the generator uses; without
``known`` both values are tried.  :mod:`.analysis` runs the levels in turn;
:func:`rate` is the run without the answer that both the difficulty band and
:mod:`masyu.explain` rest on; :func:`deduction` the one C call that proves a puzzle
by deduction alone when it can, else gives the edges it forced (the first step of
``masyu.search``'s proofs, which those edges seed; :func:`settle` the proof alone).  A listener (``State.note``, see
:mod:`.state`) hears the reason of every deduction; without one nothing is said
and nothing changes.
"""
from .analysis import (LEVELS, Analysis, Deduced, Settled, analyze, analyze_kinds, band_level,
                       deduction, rate, settle, solutions)

__all__ = ["LEVELS", "Analysis", "Deduced", "Settled", "analyze", "analyze_kinds", "band_level",
           "deduction", "rate", "settle", "solutions"]

"""The rules an explanation names, in the words solvers use (the Daily Masyu rulebook's
techniques and the board-wide ones): the one table the steps, the CLI's help and the
docs read.

Level 1 rules read a few cells (a pearl and its neighbours, or one cell); level 2
rules read the whole board (connectivity) or follow a trial to a contradiction.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    """A rule of deduction: its name, level (1 local, 2 board-wide) and one-line summary."""

    name: str
    level: int
    summary: str


RULES: dict[str, Rule] = {r.name: r for r in (
    # Pearls (level 1).
    Rule("corner black pearl", 1,
         "a black pearl in or near a corner turns away from both walls"),
    Rule("edge black pearl", 1,
         "a black pearl on or next to the edge turns away from it: an arm needs two cells of room"),
    Rule("adjacent black pearls", 1,
         "two black pearls side by side: neither sends an arm into the other"),
    Rule("black turns", 1,
         "a black pearl turns: a line on one side means a cross opposite, and a cross a line"),
    Rule("black extends straight", 1,
         "a black pearl's arm goes straight on through the next cell; an arm that cannot is "
         "crossed"),
    Rule("edge white pearl", 1, "a white pearl on the edge runs along the wall"),
    Rule("white goes straight", 1,
         "a white pearl goes straight through: a line in, or a cross beside, fixes its way"),
    Rule("white needs a turn", 1,
         "the loop turns next to a white pearl on at least one side"),
    # Cells and lines (level 1).
    Rule("pearl on the loop", 1, "a pearl with only two ways left uses both"),
    Rule("only way out", 1, "a line that ends in a cell with one way left goes on that way"),
    Rule("no branching", 1, "a cell with two lines has no other"),
    Rule("dead end", 1, "a cell with one way left is not on the loop: its last edge is crossed"),
    Rule("premature small loop", 1,
         "an edge that would close a loop while lines or pearls lie outside it is crossed"),
    # Board-wide (level 2).
    Rule("connectivity", 2,
         "the loop is one piece: edges cut off from the pearls and lines are crossed"),
    Rule("bridge", 2,
         "an edge whose removal splits the edges still possible in two (a bridge) is never on "
         "a loop"),
    Rule("parity of a cut", 2,
         "the loop crosses a cut between two rows or two columns an even number of times: "
         "the last edge across it is fixed"),
    Rule("three whites in a row", 2,
         "three white pearls in a row cannot all go along it: a line along it leads to a "
         "contradiction"),
    Rule("line leads to contradiction", 2,
         "if this edge were a line, a contradiction would follow: it is crossed"),
    Rule("cross leads to contradiction", 2,
         "if this edge were crossed, a contradiction would follow: it is a line"),
    # The end of an account with no solution.
    Rule("contradiction", 1, "the rules cannot all hold here: the puzzle has no solution"),
)}

"""The rules of Masyu, once: their ids, the words users see, the pearls' local patterns, the CNF.

Every rule has one id (``"white-turns"``, ``"black-arm-turns"``, ...) and one
entry of :data:`RULES`, which holds what each reader shows of it:

- ``text``: the rule as ``masyu check`` states it (its violations name the
  id; ``message`` is the violation's sentence, a ``str.format`` template);
- ``name``, ``level``, ``summary``, ``intro``: the rule in an explanation, in
  the words solvers use (level 1 reads a few cells, level 2 the whole board;
  ``intro`` begins a step's sentence); the explanations' ``RULES`` is this
  table keyed by ``name``, and a step shows its rule by name.

A rule that the checker never reports (a technique of deduction) has no
``text``; one the explanations never name has no ``name``.

The pearls' rules as local patterns (:data:`PEARLS`): the ways the loop may
pass a pearl (``shapes``: its two edges) and, per shape, the allowed values of
the *far* edges (the edge beyond each neighbour the loop goes to, on the same
line).  The checker reads them (:func:`obeys`, and which rule a pass breaks),
the XCC options are them (``masyu/encodings/slots.py``: one option per shape
and far pattern), and :func:`cell_clauses` / :func:`pearl_clauses` write them
as clauses (the one CNF: the certificates' and the generator's), each clause
labelled by its rule id; the tests hold the three to the patterns on every
local assignment.  The deducer (``masyu/deduce/``) states the same rules its
own way, as a cross-check, and the explanations name its steps with these ids.
"""
from __future__ import annotations

from dataclasses import dataclass

from .board import BLACK, NESW, WHITE, Board


@dataclass(frozen=True)
class Rule:
    """One rule of Masyu: its id, what the checker says of it, and its words in an explanation."""

    id: str
    name: str = ""        # in explanations ("" when they never name it)
    level: int = 0        # in explanations: 1 local, 2 board-wide
    summary: str = ""     # in explanations: one line
    text: str = ""        # in ``masyu check``: the rule ("" when the checker never reports it)
    message: str = ""     # in ``masyu check``: a violation's sentence (a str.format template)
    intro: str = ""       # in explanations: a step's sentence (a str.format template)


# The one table, in the explanations' order (the CLI's help and docs/explain.md list them so).
RULES: dict[str, Rule] = {r.id: r for r in (
    # The cells and the board (checked).
    Rule("off-board", text="the loop leaves the board",
         message="the loop leaves the board going {word}"),
    Rule("degree", text="the loop must enter and leave a cell once (degree 0 or 2)",
         message="the loop meets this cell {count} time{plural} ({dirs}); it must be 0 or 2"),
    # Pearls (level 1).
    Rule("black-corner", "corner black pearl", 1,
         "a black pearl in or near a corner turns away from both walls",
         intro="The black pearl at {w} is in or near a corner: it turns away from both walls"),
    Rule("black-edge", "edge black pearl", 1,
         "a black pearl on or next to the edge turns away from it: an arm needs two cells of room",
         intro="The black pearl at {w} is near the edge: an arm toward it has no room"),
    Rule("black-adjacent", "adjacent black pearls", 1,
         "two black pearls side by side: neither sends an arm into the other",
         intro="The black pearls at {w} and {w2} are neighbours: neither sends an arm "
               "into the other"),
    Rule("black-straight", "black turns", 1,
         "a black pearl turns: a line on one side means a cross opposite, and a cross a line",
         text="the loop turns in a black pearl",
         message="the loop goes straight ({dirs}) through a black pearl",
         intro="The black pearl at {w} turns"),
    Rule("black-arm-turns", "black extends straight", 1,
         "a black pearl's arm goes straight on through the next cell; an arm that cannot is "
         "crossed",
         text="the loop goes straight through both cells next to a black pearl",
         message="the loop turns in cell ({row}, {col}) next to this black pearl; "
                 "it must go straight there",
         intro="The black pearl at {w} goes straight on for two cells on each side it uses"),
    Rule("white-edge", "edge white pearl", 1, "a white pearl on the edge runs along the wall",
         intro="The white pearl at {w} is on the edge: it runs along the wall"),
    Rule("white-turns", "white goes straight", 1,
         "a white pearl goes straight through: a line in, or a cross beside, fixes its way",
         text="the loop goes straight through a white pearl",
         message="the loop turns ({dirs}) in a white pearl",
         intro="The white pearl at {w} goes straight through"),
    Rule("white-no-turn-beside", "white needs a turn", 1,
         "the loop turns next to a white pearl on at least one side",
         text="the loop turns just before or after a white pearl",
         message="the loop goes straight through both cells beside this white pearl; "
                 "it must turn in one",
         intro="The loop must turn next to the white pearl at {w}"),
    # Cells and lines (level 1).
    Rule("pearl-off-loop", "pearl on the loop", 1, "a pearl with only two ways left uses both",
         text="every pearl is on the loop", message="the loop misses this {kind} pearl",
         intro="The pearl at {w} has only two ways left: it uses both"),
    Rule("only-way-out", "only way out", 1,
         "a line that ends in a cell with one way left goes on that way",
         intro="The line ending at {w} has one way out"),
    Rule("no-branching", "no branching", 1, "a cell with two lines has no other",
         intro="The cell {w} already has two lines"),
    Rule("dead-end", "dead end", 1,
         "a cell with one way left is not on the loop: its last edge is crossed",
         intro="The cell {w} is a dead end"),
    Rule("small-loop", "premature small loop", 1,
         "an edge that would close a loop while lines or pearls lie outside it is crossed",
         intro="Joining {w} and {w2} would close a small loop with lines or pearls left outside"),
    # Board-wide (level 2).
    Rule("connectivity", "connectivity", 2,
         "the loop is one piece: edges cut off from the pearls and lines are crossed",
         intro="The loop is one piece: these edges are cut off from the pearls"),
    Rule("bridge", "bridge", 2,
         "an edge whose removal splits the edges still possible in two (a bridge) is never on "
         "a loop",
         intro="The loop never uses a bridge of the edges still possible"),
    Rule("cut-parity", "parity of a cut", 2,
         "the loop crosses a cut between two rows or two columns an even number of times: "
         "the last edge across it is fixed",
         intro="The loop crosses the cut {cut} an even number of times, and every "
               "other edge across it is decided"),
    Rule("three-whites", "three whites in a row", 2,
         "three white pearls in a row cannot all go along it: a line along it leads to a "
         "contradiction",
         intro="The white pearls in a row at {w} cannot all go along it: a line along "
               "it makes the rules fail{at}"),
    Rule("line-contradiction", "line leads to contradiction", 2,
         "if this edge were a line, a contradiction would follow: it is crossed",
         intro="If {e} were a line, the rules would fail{at}"),
    Rule("cross-contradiction", "cross leads to contradiction", 2,
         "if this edge were crossed, a contradiction would follow: it is a line",
         intro="If {e} were crossed, the rules would fail{at}"),
    # The whole loop (checked).
    Rule("several-loops", text="a strong solution is one loop",
         message="{count} separate pieces, starting at {starts}"),
    Rule("no-loop", text="a strong solution has a loop", message="there is no loop"),
    # The end of an account with no solution.
    Rule("contradiction", "contradiction", 1,
         "the rules cannot all hold here: the puzzle has no solution",
         intro="The rules cannot all hold at {cells}: the puzzle has no solution"),
)}

# The rules by their name in explanations.
BY_NAME: dict[str, Rule] = {r.name: r for r in RULES.values() if r.name}
# The rules ``masyu check`` reports, in the order it lists a cell's violations.
CHECKED: tuple[str, ...] = ("off-board", "degree", "pearl-off-loop", "white-turns",
                            "white-no-turn-beside", "black-straight", "black-arm-turns",
                            "several-loops", "no-loop")

# The ways the loop passes a cell of degree 0 or 2: its edges (the degree rule's patterns).
SHAPES = ("", "NS", "EW", "NE", "NW", "SE", "SW")


@dataclass(frozen=True)
class Pearl:
    """A pearl's rules as local patterns: the loop passes it by one of ``shapes`` (its two
    edges), and then the far edges of the two arms (in the shape's order) take one of
    ``beyond`` (1: the loop goes straight on through the neighbour, 0: it turns there).
    A pass by another shape breaks ``shape_rule``; far edges not allowed, ``arm_rule``."""

    code: int
    name: str
    shapes: tuple[str, ...]
    beyond: tuple[tuple[int, int], ...]
    shape_rule: str
    arm_rule: str

    @property
    def rules(self) -> tuple[str, str]:
        return (self.shape_rule, self.arm_rule)


PEARLS: dict[int, Pearl] = {
    # white: straight through, and not straight on through both neighbours
    WHITE: Pearl(WHITE, "white", ("NS", "EW"), ((0, 0), (0, 1), (1, 0)),
                 "white-turns", "white-no-turn-beside"),
    # black: a turn, and straight on through both neighbours
    BLACK: Pearl(BLACK, "black", ("NE", "NW", "SE", "SW"), ((1, 1),),
                 "black-straight", "black-arm-turns"),
}
# The ids of the pearls' rules (the page marks their violations).
PEARL_RULES: tuple[str, ...] = tuple(r for p in PEARLS.values() for r in p.rules)


def obeys(code: int, near: dict[str, int], far: dict[str, int]) -> bool:
    """Does a loop obey the pearl ``code`` whose edges (by direction) are ``near`` and whose
    far edges are ``far`` (0/1 each; every cell of the loop of degree 0 or 2)?"""
    p = PEARLS[code]
    return any(near[a] and near[b] and (far[a], far[b]) in p.beyond for a, b in p.shapes)


def arm_breaks(code: int, far: tuple[int | None, int | None]) -> tuple[list[int], bool]:
    """What the far edges ``far`` of a pass by an allowed shape break (None: not known):
    the arms whose own value no pattern allows, and whether the pair breaks the rule
    when no arm does by itself (both known)."""
    beyond = PEARLS[code].beyond
    arms = [k for k in (0, 1) if far[k] is not None and far[k] not in {b[k] for b in beyond}]
    pair = not arms and None not in far and tuple(far) not in beyond
    return arms, pair


# The CNF.  Variable ``k + 1`` is edge ``k`` of the board; an edge that leaves the
# board is the constant false and appears in no clause.  Each clause comes as
# (rule id, label, literals); the label names the clause family in a certificate.
Clause = tuple[str, str, tuple[int, ...]]


def cell_clauses(bd: Board, i: int) -> list[Clause]:
    """The degree rule at cell ``i``: at most two lines (every three of its edges, not
    all), and no dead end (an edge in means another one in)."""
    off = bd.off
    lits = [e + 1 for e in bd.near[i] if e != off]
    out: list[Clause] = []
    for x in range(len(lits)):
        for y in range(x + 1, len(lits)):
            for z in range(y + 1, len(lits)):
                out.append(("degree", "at most two lines", (-lits[x], -lits[y], -lits[z])))
    for x in lits:
        out.append(("degree", "no dead end", (-x,) + tuple(y for y in lits if y != x)))
    return out


def pearl_clauses(bd: Board, i: int, code: int) -> list[Clause]:
    """The rules of a pearl (``WHITE`` or ``BLACK``) at cell ``i``: on the loop (some edge
    in); black: a turn (not N and S, not E and W), and each arm straight on (an edge in
    means the far edge on its side in; out if that one leaves the board); white:
    straight (N in exactly when S, E when W; an edge whose opposite leaves the board is
    out), and a turn next to it (not straight on through both neighbours)."""
    off = bd.off

    def var(e: int) -> int:          # 0 for an edge that leaves the board
        return 0 if e == off else e + 1

    edge = [var(e) for e in bd.near[i]]                     # N, E, S, W
    far = [var(bd.far(i, d)) for d in range(4)]
    out: list[Clause] = [("pearl-off-loop", "on the loop", tuple(x for x in edge if x))]
    if code == BLACK:
        for a, c in ((0, 2), (1, 3)):
            if edge[a] and edge[c]:
                out.append(("black-straight", "black turns", (-edge[a], -edge[c])))
        for d in range(4):
            if edge[d]:
                lits = (-edge[d], far[d]) if far[d] else (-edge[d],)
                out.append(("black-arm-turns", f"black goes straight on {NESW[d]}", lits))
    else:
        for a, c in ((0, 2), (1, 3)):
            if edge[a] and edge[c]:
                out.append(("white-turns", "white goes straight", (-edge[a], edge[c])))
                out.append(("white-turns", "white goes straight", (edge[a], -edge[c])))
            elif edge[a] or edge[c]:
                out.append(("white-turns", "white goes straight", (-(edge[a] or edge[c]),)))
        for a, c in ((1, 3), (0, 2)):
            if edge[a] and edge[c] and far[a] and far[c]:
                out.append(("white-no-turn-beside", "white turns next to it",
                            (-edge[a], -far[a], -far[c])))
    return out

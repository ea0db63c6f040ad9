"""``explain(puzzle)``: the deducer's reasoning as an account of steps.

The deducer runs levels 1 and 2 (the local rules, then connectivity and
trials) in the one rating run the generator's difficulty measure makes too
(:func:`masyu.deduce.rate`), with a :class:`~.record.Recorder` listening; the
account's level is the generator's band (1 easy, 2 medium, 3 hard).  Runs
of the same local rule are grouped into one step (at most ``GROUP`` firings),
so the account stays readable; every step still names the cells whose rules
force what it sets.
"""
from __future__ import annotations

from ..board import BLACK, Board, board
from ..deduce import band_level, rate
from ..deduce.state import UNKNOWN
from ..loop import Loop
from ..puzzle import Puzzle
from . import limits
from .marks import Marks
from .record import Raw, Recorder, cell_of
from ..rules import PEARLS, RULES
from .steps import Explanation, Step, cell_text, edge_text

GROUP = 8            # firings of one local rule grouped into a step, at most
SHOWN = 6            # edges named in a step's sentence, at most
GROUPED = {r.id for r in RULES.values() if r.level == 1} - {"small-loop", "contradiction"}



def _sets_text(bd: Board, sets: list[tuple[int, int]]) -> str:
    parts = []
    for v, word in ((1, "line"), (0, "cross")):
        es = [edge_text(bd.edges[e]) for e, x in sets if x == v]
        if not es:
            continue
        more = f" and {len(es) - SHOWN} more" if len(es) > SHOWN else ""
        parts.append(f"{word} {', '.join(es[:SHOWN])}{more}")
    return "; ".join(parts)


def _text(bd: Board, raw: Raw, places: list[int]) -> str:
    cells = [cell_of(bd, i) for i in raw.cells]
    if len(places) > 1:
        at = ", ".join(cell_text(cell_of(bd, i)) for i in places[:SHOWN])
        more = ", ..." if len(places) > SHOWN else ""
        intro = f"{RULES[raw.rule].summary[0].upper()}{RULES[raw.rule].summary[1:]} " \
                f"({len(places)} places: {at}{more})"
    else:
        w = cell_text(cell_of(bd, raw.where)) if raw.where >= 0 else ""
        w2 = cell_text(cells[1]) if len(cells) > 1 else w
        e = edge_text(bd.edges[raw.set[0][0]]) if raw.set else ""
        template = RULES[raw.rule].intro
        if raw.rule == PEARLS[BLACK].arm_rule and all(
                v == 0 and raw.where in bd.ends[x] for x, v in raw.set):
            template = "An arm of the black pearl at {w} could not go straight on"
        at = f" at {cell_text(cell_of(bd, raw.fails))}" if raw.fails >= 0 else ""
        cut = ""
        if raw.rule == "cut-parity" and raw.set:
            (r1, c1), (r2, c2) = bd.edges[raw.set[0][0]]
            cut = f"between columns {c1} and {c2}" if r1 == r2 else \
                f"between rows {r1} and {r2}"
        intro = template.format(w=w, w2=w2, e=e, at=at, cut=cut,
                                       cells=", ".join(cell_text(c) for c in cells[:SHOWN]))
    sets = _sets_text(bd, raw.set)
    return f"{intro}: {sets}." if sets else f"{intro}."


def group(raws: list[Raw]) -> list[tuple[Raw, list[int]]]:
    """Runs of one local rule as one step, with the places (pearls or cells) it is about;
    a run holds at most GROUP firings."""
    out: list[tuple[Raw, list[int], int]] = []
    for raw in raws:
        if out and raw.rule in GROUPED and out[-1][0].rule == raw.rule and out[-1][2] < GROUP:
            prev, places, n = out[-1]
            cells = prev.cells + [c for c in raw.cells if c not in prev.cells]
            if raw.where not in places:
                places = places + [raw.where]
            out[-1] = (Raw(prev.rule, cells, prev.set + raw.set, prev.where), places, n + 1)
        else:
            out.append((raw, [raw.where], 1))
    return [(raw, places) for raw, places, _ in out]


def steps_of(bd: Board, raws: list[Raw], given: set[int] = frozenset()) -> list[Step]:
    """The steps of the recorded ones, grouped; edges among ``given`` (a player's marks,
    which a deduction made while they were being set may repeat) are left out."""
    if given:
        raws = [Raw(r.rule, r.cells, [x for x in r.set if x[0] not in given], r.where)
                for r in raws]
        raws = [r for r in raws if r.set or r.rule == "contradiction"]
    steps = []
    for raw, places in group(raws):
        cells = tuple(sorted({cell_of(bd, i) for i in raw.cells}))
        sets = tuple((bd.edges[e], v) for e, v in raw.set)
        rule = RULES[raw.rule]
        steps.append(Step(rule.name, rule.level, cells, sets, _text(bd, raw, places)))
    return steps


def marks_of(bd: Board, val: list[int], loop: Loop | None) -> Marks:
    """The marks of a state (a solved one: the loop, and crosses everywhere else)."""
    edges = bd.edges
    if loop is not None:
        return Marks(bd.rows, bd.cols, loop.edges, frozenset(e for e in edges) - loop.edges)
    return Marks(bd.rows, bd.cols,
                 frozenset(edges[k] for k in range(bd.nedges) if val[k] == 1),
                 frozenset(edges[k] for k in range(bd.nedges) if val[k] == 0))


def explain(puzzle: Puzzle, given: Marks | None = None, *,
            memory: int | None = None) -> Explanation:
    """The deductions for ``puzzle`` in order, each a step with its rule, cells, edges and
    sentence; from the marks ``given`` if any (they must be right: see ``masyu.hint``).
    A board that would need more than ``memory`` bytes (None: the default limit) is
    refused first (:class:`masyu.memory.TooBig`)."""
    limits.check(puzzle, memory, search=False)
    bd = board(puzzle.rows, puzzle.cols)
    kinds = bd.kinds(puzzle.pearls)
    start = [(bd.index[e], v) for e, v in given.pairs()] if given is not None else []
    rec = Recorder(bd)
    res = rate(bd, kinds, given=start, listen=rec.listen)
    contradiction = res.complete and res.count == 0
    rec.finish(contradiction)
    if res.complete and res.count:
        result, loop = "solved", Loop(bd.rows, bd.cols, bd.edges_of(res.solutions[0]))
    else:
        result, loop = ("contradiction" if contradiction else "stuck"), None
    level = band_level(res)
    st = rec.st
    val = st.val if st is not None else [UNKNOWN] * (bd.nedges + 1)
    return Explanation(puzzle, result, level, steps_of(bd, rec.raw, {e for e, _ in start}), loop,
                       marks_of(bd, val, loop), given)

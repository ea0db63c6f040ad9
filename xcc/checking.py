"""Is this a solution?  ``check(problem, solution)``: the one checker of a candidate.

A candidate is a set of options; it is a solution when every primary item is
covered exactly once and every secondary item at most once, or by options
that all give it the same color (TAOCP 7.2.2.1, Algorithm C's problem).  A
wrong candidate is refused with the first fault found, as an
:class:`~xcc.XCCError` whose ``where`` is the place (the option at fault, or
the item left uncovered) and whose message is the reason.  ``xcc.Model.check``
is the same check with the options named by their labels.

The check reads the problem's options as given (``Problem.options``), not an
engine's arrays: it shares no code with the search it checks.
"""
from __future__ import annotations

from typing import Callable, Iterable, Sequence

from .errors import XCCError, XCCTypeError
from .problem import Occurrence, Problem


def check(problem: Problem, solution: object) -> None:
    """Refuse ``solution`` unless it is a solution of ``problem``; return None if it is.

    ``solution`` is an :class:`xcc.Solution` or the indices of the chosen
    options in ``problem.options`` (the options kept: ``Solution.indices``).
    The place of a fault names an option by its input position, 1-based, as
    the problem's own errors do (``option 5``: the fifth option given, dropped
    ones counted; ``problem.source_index`` maps one to the other)."""
    if not isinstance(problem, Problem):
        raise XCCTypeError(f"expected an xcc.Problem, not {type(problem).__name__}",
                           "argument 'problem'")
    indices = getattr(solution, "indices", solution)
    if isinstance(indices, (str, bytes)) or not hasattr(indices, "__iter__"):
        raise XCCTypeError(f"a solution is an xcc.Solution or option indices, not "
                           f"{type(solution).__name__}", "argument 'solution'")
    chosen = list(indices)
    options, source = problem.options, problem.source_index
    for k in chosen:
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(options):
            raise XCCError(f"no option has index {k!r} (the problem keeps {len(options)} "
                           f"options: 0 to {len(options) - 1})", "argument 'solution'")

    def name(k: int) -> str:
        return f"option {source[k] + 1} ({problem.option_text(k)})"

    refuse(problem.primary, options, chosen, name)


def refuse(primary: Sequence[str], options: Sequence[tuple[Occurrence, ...]],
           chosen: Iterable[int], name: Callable[[int], str]) -> None:
    """The check itself: options ``chosen`` (positions in ``options``) against
    the rules, each named by ``name(k)`` in a refusal."""
    holder: dict[str, int] = {}  # item -> the first chosen option naming it
    color: dict[str, str | None] = {}  # item -> its color (None: covered uncolored)
    seen: set[int] = set()
    for k in chosen:
        if k in seen:
            raise XCCError("the option is chosen twice", name(k))
        seen.add(k)
        for item, c in options[k]:
            if item not in holder:
                holder[item], color[item] = k, c
                continue
            other = name(holder[item])
            if c is None or color[item] is None:
                raise XCCError(f"item {item!r} is covered twice: here and by {other}", name(k))
            if c != color[item]:
                raise XCCError(f"item {item!r} gets color {c!r} here and {color[item]!r} "
                               f"from {other}", name(k))
    for item in primary:
        if item not in holder:
            raise XCCError(f"primary item {item!r} is not covered", f"item {item!r}")

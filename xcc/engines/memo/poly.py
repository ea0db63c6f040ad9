"""Counts by weight: the number of solutions of each total weight, exact.

``xcc.count(problem, engine="memo", by=...)`` (``stats.by``) and
:meth:`xcc.Diagram.polynomial` answer with ``{weight: solutions}``, the rows
summing to the count.  The weight of a solution is the sum of the weights of
its arcs in the diagram (:mod:`.saved`): an arc taking option ``o`` weighs
``weights[o]``, and with ``by="cycles"`` an arc weighs the number of cycles
it closes (the cycle constraint then allows any number of disjoint cycles:
``plan.several``).

``by`` is, generically: a sequence of one non-negative integer per option;
a callable giving the weight of option ``o`` (its index); or ``"cycles"``
(with ``cycle=``).  A caller maps its own notion onto it (``masyu`` maps a
loop's length to the options that put a cell on the loop).

The computation is a pass over the diagram from the last layer up, as for
the paths below each node, with a polynomial in place of the number: the
coefficients packed into one integer, ``B`` bits each (Kronecker's
substitution ``x = 2**B``), so that multiplying by ``x**w`` is a shift and
adding two polynomials is adding two integers.  No coefficient below a node
exceeds the total (each completion below a reachable node is a different
solution), so ``B`` = the bit length of the total keeps them apart.
"""
from __future__ import annotations

from typing import Callable, Sequence

from ...errors import XCCError

CYCLES = "cycles"


def check_by(by: object, noptions: int, has_cycle: bool) -> tuple[list[int] | None, bool]:
    """``(weights, cycles)`` of a ``by=`` argument: the option weights (None
    with ``"cycles"``) and whether the weight is the number of cycles."""
    if isinstance(by, str):
        if by != CYCLES:
            raise XCCError(f"by must be {CYCLES!r}, a weight per option, or a function of the "
                           f"option, not {by!r}"[:160], "argument 'by'")
        if not has_cycle:
            raise XCCError("by='cycles' counts the cycles of a cycle constraint: give cycle=",
                           "argument 'by'")
        return None, True
    if callable(by):
        weights = [by(o) for o in range(noptions)]
    elif isinstance(by, (bytes, dict)) or not hasattr(by, "__len__"):
        raise XCCError(f"by must be {CYCLES!r}, a weight per option, or a function of the "
                       f"option, not {type(by).__name__}", "argument 'by'")
    else:
        weights = list(by)  # type: ignore[call-overload]
        if len(weights) != noptions:
            raise XCCError(f"by: {len(weights)} weights for {noptions} options",
                           "argument 'by'")
    for o, w in enumerate(weights):
        if isinstance(w, bool) or not isinstance(w, int) or w < 0:
            raise XCCError(f"by: the weight of option {o} must be a non-negative integer, "
                           f"not {w!r}"[:160], "argument 'by'")
    return weights, False


def polynomial(levels: int, arcs: Callable[[int], tuple[Sequence[int], Sequence[int],
                                                        Sequence[int], Sequence[int] | None]],
               accept: Sequence[int], total: int, weights: Sequence[int] | None,
               offset: int = 0) -> dict[int, int]:
    """``{weight: paths}`` of a diagram of ``levels`` layers: ``arcs(k)`` gives
    layer ``k``'s ``(start, choice, child, closures)`` (closures None: 0),
    ``accept`` the last layer's flags, ``total`` the number of paths; an arc
    weighs ``weights[choice]`` (skips 0; no weights: 0) plus its closures;
    ``offset`` is added to every weight."""
    if total == 0:
        return {}
    bits = max(1, total.bit_length())
    below = [1 if a else 0 for a in accept]
    for k in range(levels - 1, -1, -1):
        start, choice, child, closures = arcs(k)
        shift = [0] * len(choice) if weights is None else \
            [weights[c] * bits if c >= 0 else 0 for c in choice]
        if closures is not None:
            shift = [s + w * bits for s, w in zip(shift, closures)]
        here = []
        for j in range(len(start) - 1):
            acc = 0
            for a in range(start[j], start[j + 1]):
                value = below[child[a]]
                if value:
                    acc += value << shift[a]
            here.append(acc)
        below = here
    packed, mask, out, w = below[0], (1 << bits) - 1, {}, offset
    while packed:
        coefficient = packed & mask
        if coefficient:
            out[w] = coefficient
        packed >>= bits
        w += 1
    return out

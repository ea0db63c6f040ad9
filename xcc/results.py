"""What a search returns: solutions and statistics, as plain data."""
from __future__ import annotations

from dataclasses import dataclass, field, asdict
from typing import TYPE_CHECKING, Iterator

if TYPE_CHECKING:
    from .problem import Problem, Occurrence

STAT_KEYS = ("solutions", "nodes", "updates", "cleansings", "mems", "max_level", "seconds")


@dataclass
class Stats:
    """Counters of one run, as Knuth's DLX2 counts them.

    ``nodes`` counts search-tree nodes, solutions included; ``updates`` counts
    removals of options from item lists; ``cleansings`` purifications;
    ``mems`` the search mems (input excluded).  ``cycle_cuts`` counts partial
    solutions refused by a cycle constraint, ``forced`` the colors forced by
    propagation.  ``complete`` is False when the run stopped early (a limit
    or an interrupt).  ``extra`` holds an engine's own counters (the SAT
    engine's conflicts, decisions, propagations); only ``as_dict(extra=True)``
    includes it.
    """

    solutions: int = 0
    nodes: int = 0
    updates: int = 0
    cleansings: int = 0
    mems: int = 0
    max_level: int = 0
    seconds: float = 0.0
    cycle_cuts: int = 0
    forced: int = 0
    complete: bool = True
    interrupted: bool = False
    extra: dict = field(default_factory=dict)

    def as_dict(self, extra: bool = False) -> dict:
        d = asdict(self)
        if not extra:
            return {k: d[k] for k in STAT_KEYS}
        return d

    def __str__(self) -> str:
        if "solves" in self.extra and not self.nodes:  # the SAT engine: its own counters
            s = (f"{self.solutions} solutions, {self.extra['solves']} solves, "
                 f"{self.extra.get('conflicts', 0)} conflicts, {self.seconds:.3f} s")
        else:
            s = (f"{self.solutions} solutions, {self.nodes} nodes, {self.updates} updates, "
                 f"{self.cleansings} cleansings, {self.mems} mems, max level {self.max_level}, "
                 f"{self.seconds:.3f} s")
        if self.cycle_cuts:
            s += f", {self.cycle_cuts} cycle cuts"
        if self.forced:
            s += f", {self.forced} forced colors"
        if not self.complete:
            s += " (stopped early)"
        return s


@dataclass(frozen=True)
class Solution:
    """One solution: the indices of the chosen options, in the order chosen."""

    indices: tuple[int, ...]
    problem: "Problem" = field(repr=False, compare=False)

    @property
    def options(self) -> tuple[tuple["Occurrence", ...], ...]:
        """The chosen options, each a tuple of ``(item, color)``."""
        return tuple(self.problem.options[k] for k in self.indices)

    def colors(self) -> dict[str, str]:
        """The color each colored secondary item received."""
        out: dict[str, str] = {}
        for option in self.options:
            for item, color in option:
                if color is not None:
                    out[item] = color
        return out

    def __iter__(self) -> Iterator[tuple["Occurrence", ...]]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.indices)

    def text(self) -> str:
        """One option per line, in Knuth's style."""
        return "\n".join(self.problem.option_text(k) for k in self.indices)

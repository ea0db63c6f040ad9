"""What a search returns: solutions and statistics, as plain data."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterator

if TYPE_CHECKING:  # start-up: statistics need no numpy (the problem's module imports it)
    from .problem import Occurrence, Problem


def cpu_time() -> float:
    """The CPU seconds (user and system) this process has used so far: the one
    clock of every ``cpu_seconds`` the package reports.  A report's
    ``cpu_seconds`` is the difference of two readings around its run, plus the
    CPU seconds its worker processes report for their tasks (a split search:
    ``xcc.parallel``); on a shared machine it is the steadier measure, and
    ``seconds`` (wall clock) the one a user waits for.  (``time.process_time``:
    the workers of a process pool are the fork server's children, not ours, so
    ``RUSAGE_CHILDREN`` would not see them.)"""
    return time.process_time()

def _label(label: str, value: int) -> str:
    """``label`` with ``value`` in it, the plural ``s`` dropped for 1."""
    if value == 1 and label.endswith("s"):
        label = label[:-1]
    return label.format(f"{value:,}")


def _counter(name: str) -> property:
    return property(lambda self: self.counters.get(name, 0),
                    doc=f"The engine's counter {name!r} (0 if it has none).")


@dataclass
class Stats:
    """What one run counted, as plain data.

    ``solutions`` is the number of solutions the search handed to its
    caller; ``seconds`` its wall-clock time and ``cpu_seconds`` its CPU time
    (:func:`cpu_time`; a split search's workers included); ``complete`` is
    False when it stopped early (a limit or an interrupt), ``interrupted``
    True after Ctrl-C; ``engine`` names the engine.  ``counters`` holds the counters the engine
    really has, in its order: for dancing links (as Knuth's DLX2 counts
    them) ``nodes`` (search-tree nodes, solutions included), ``updates``
    (removals of options from item lists), ``cleansings`` (purifications),
    ``mems`` (search mems, input excluded), ``max_level``, and with a cycle
    constraint ``cycle_cuts`` (partial solutions it refused), with
    propagation ``forced`` (colors forced) and ``probes``; for SAT
    ``solves``, CaDiCaL's ``conflicts``, ``decisions``, ``propagations``,
    ``restarts``, the CNF's ``variables`` and ``clauses``, and
    ``cycle_cuts`` (cut clauses added); for the memo engines ``levels``,
    ``level`` (reached), ``states``, ``width`` (the largest layer),
    ``bytes`` (held) and ``peak_bytes``.  Each counter is also an attribute
    (``stats.nodes``), 0 when the engine has no such counter.  ``str(stats)``
    shows each counter with its engine's label (``Engine.counter_labels``,
    which the driver gives as ``labels``), any other as ``{value} {name}``.

    While a search is under way the counters are read from its run when
    asked for (``follow``), so that they are live at no cost per solution;
    when the run ends they keep their last values.
    """

    solutions: int = 0
    seconds: float = 0.0
    complete: bool = True
    interrupted: bool = False
    engine: str | None = None
    cpu_seconds: float = 0.0
    by: dict[int, int] | None = None  # an exact count by weight (xcc.count(..., by=)): {weight: solutions}
    labels: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    _counters: dict[str, int] = field(default_factory=dict)
    _source: Callable[[], dict[str, int]] | None = field(default=None, compare=False)

    @property
    def counters(self) -> dict[str, int]:
        if self._source is not None:
            self._counters.update(self._source())
        return self._counters

    def __int__(self) -> int:
        """``int(stats)`` is ``stats.solutions`` (an exact count: a Python int)."""
        return self.solutions

    __index__ = __int__

    def follow(self, source: Callable[[], dict[str, int]] | None) -> None:
        """Read the counters from ``source`` (a run's ``counters``) from now
        on; ``follow(None)`` keeps the last values read."""
        if self._source is not None:
            self._counters.update(self._source())
        self._source = source

    def __repr__(self) -> str:
        return (f"Stats(solutions={self.solutions}, seconds={self.seconds}, "
                f"complete={self.complete}, interrupted={self.interrupted}, "
                f"engine={self.engine!r}, counters={self.counters})")

    nodes = _counter("nodes")
    updates = _counter("updates")
    cleansings = _counter("cleansings")
    mems = _counter("mems")
    max_level = _counter("max_level")
    cycle_cuts = _counter("cycle_cuts")
    forced = _counter("forced")
    probes = _counter("probes")
    solves = _counter("solves")
    conflicts = _counter("conflicts")

    def as_dict(self) -> dict:
        """``solutions``, the engine's counters, ``seconds`` (wall), ``cpu_seconds``,
        ``complete``, ``interrupted`` and ``engine``, in that order (plain data: a
        copy; the keys of docs/reports.md)."""
        return {"solutions": self.solutions, **self.counters, "seconds": self.seconds,
                "cpu_seconds": self.cpu_seconds, "complete": self.complete,
                "interrupted": self.interrupted, "engine": self.engine}

    def __str__(self) -> str:
        return self.text()

    def text(self, cpu: bool = False) -> str:
        """``1 solution, 1,199 nodes, ..., 0.012 s``: thousands separated, singular
        for 1 (``cpu``: the CPU seconds too, ``0.012 s (0.011 s CPU)``)."""
        parts = [_label("{} solutions", self.solutions)]
        labels = self.labels
        parts += [_label(labels.get(k, "{} " + k), v) for k, v in self.counters.items()]
        parts.append(times(self.seconds, self.cpu_seconds) if cpu else f"{self.seconds:.3f} s")
        s = ", ".join(parts)
        if not self.complete:
            s += " (stopped early)"
        return s


def times(seconds: float, cpu_seconds: float) -> str:
    """``0.125 s (0.118 s CPU)``: wall and CPU seconds, as a statistics line says them."""
    return f"{seconds:.3f} s ({cpu_seconds:.3f} s CPU)"


@dataclass(frozen=True)
class Solution:
    """One solution: the indices of the chosen options in ``problem.options``
    (the options kept), in the order chosen; ``source_indices`` their input
    positions."""

    indices: tuple[int, ...]
    problem: Problem = field(repr=False, compare=False)

    @property
    def options(self) -> tuple[tuple[Occurrence, ...], ...]:
        """The chosen options, each a tuple of ``(item, color)``."""
        return tuple(self.problem.options[k] for k in self.indices)

    @property
    def source_indices(self) -> tuple[int, ...]:
        """The chosen options' input positions (0-based, dropped options
        counted): ``indices`` index ``problem.options``, the options *kept*,
        which differ from the options given once one without a primary item
        was dropped (``Problem.source_index``).  Index your own list of options
        with these, or use :class:`xcc.Model`, whose solutions are labels."""
        source = self.problem.source_index
        return tuple(source[k] for k in self.indices)

    def colors(self) -> dict[str, str]:
        """The color each colored secondary item received."""
        out: dict[str, str] = {}
        for option in self.options:
            for item, color in option:
                if color is not None:
                    out[item] = color
        return out

    def __iter__(self) -> Iterator[tuple[Occurrence, ...]]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.indices)

    def text(self) -> str:
        """One option per line, in Knuth's style."""
        return "\n".join(self.problem.option_text(k) for k in self.indices)

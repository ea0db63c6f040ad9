"""A problem built from named items and labelled options: ``xcc.Model``.

For modelling a problem of your own (docs/modelling.md): declare the items,
add each option under a label of your choice (any hashable value: a string,
a tuple such as ``("Q", 3, 5)``), and read every solution as the labels of
its options.  ``Model.check`` refuses a candidate that is not a solution,
naming the label at fault and the reason (:func:`xcc.check`, the same check
on a bare :class:`~xcc.Problem`).

Labels always name the option they were given with: an option without a
primary item is dropped from the problem the engines see (as DLX2 does), and
the positions of the options kept then differ from the positions given; the
model maps them back through ``Problem.source_index``.

``seed=`` runs the search on the problem with its items and options in a
seeded random order (:mod:`xcc.shuffle`, as ``xcc.Search(seed=)``):
Algorithm C takes the leftmost of the items with the fewest options, so ties
are broken by a random priority drawn from the seed, and each item's options
are tried in a random order.  The same seed gives the same problem, hence the
same solutions in the same order and the same statistics with the python and
the c engine alike.  ``mem_limit=`` stops a
dancing-links search after that many mems (:class:`xcc.Search`).

``add_option(label, items, cost=n)`` gives an option a nonnegative integer
cost (:attr:`xcc.Problem.costs`); ``Model.cheapest(k)`` returns the ``k``
cheapest solutions with their costs (:func:`xcc.cheapest`, engine "costs":
docs/costs.md), ``Model.cost(labels)`` a candidate's cost.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Callable, Hashable, Iterable, Iterator

from .checking import refuse
from .driving import engine_of
from .engines import DEFAULT_ENGINE, DEFAULT_EXACT_ENGINE, Engine
from .engines.costs.engine import for_k
from .errors import XCCError, XCCTypeError
from .problem import MAX_COST, Problem, _names
from .results import Solution, Stats
from .search import Search, sample
from .shuffle import check_seed, shuffle

Label = Hashable


@dataclass(frozen=True)
class LabelledSolution:
    """One solution of a :class:`Model`: ``labels`` of the chosen options, in
    the order the search chose them; ``numbers`` their positions in the order
    they were added (0-based); ``colors`` the color each colored secondary
    item received; ``solution`` the engine's :class:`xcc.Solution` (indices
    into the problem it searched)."""

    labels: tuple[Label, ...]
    numbers: tuple[int, ...]
    colors: dict[str, str]
    solution: Solution = field(repr=False, compare=False)

    def __iter__(self) -> Iterator[Label]:
        return iter(self.labels)

    def __len__(self) -> int:
        return len(self.labels)


class Solutions:
    """The solutions of one search of a model (``Model.solutions``): iterate it
    (once) for :class:`LabelledSolution`; ``stats`` is the search's live
    statistics (:class:`xcc.Stats`).  Leaving it as a context manager, or
    iterating to the end, releases the engine's state."""

    def __init__(self, search: Search, label_of: Callable[[Solution], LabelledSolution]) -> None:
        self.search = search
        self._label_of = label_of

    @property
    def stats(self) -> Stats:
        return self.search.stats

    @property
    def mem_limited(self) -> bool:
        """True if the search stopped at its ``mem_limit``."""
        return self.search.mem_limited

    def __iter__(self) -> Iterator[LabelledSolution]:
        return map(self._label_of, self.search)

    def __enter__(self) -> "Solutions":
        return self

    def __exit__(self, kind, value, traceback) -> None:
        self.search.__exit__(kind, value, traceback)

    def close(self) -> None:
        self.search.close()


class Model:
    """Items and labelled options, solved and checked by their labels.

    ``primary`` items must be covered exactly once, ``secondary`` ones at most
    once or with one agreed color; ``add_primary``/``add_secondary`` declare
    more.  ``add_option(label, items)`` adds an option: ``items`` names its
    items, a secondary one with a color as ``"x:red"`` or ``("x", "red")``.
    Every fault is an :class:`xcc.XCCError` naming the option by its label.

    >>> m = Model(["a", "b"], ["x"])
    >>> m.add_option("left", ["a", "x:1"])
    >>> m.add_option("right", ["b", ("x", 1)])
    >>> m.add_option("both", ["a", "b"])
    >>> sorted(sorted(s.labels) for s in m.solutions())
    [['both'], ['left', 'right']]
    """

    def __init__(self, primary: Iterable[str] = (), secondary: Iterable[str] = (), *,
                 name: str | None = None) -> None:
        self.name = name
        self._primary: list[str] = list(_names(primary, "primary"))
        self._secondary: list[str] = list(_names(secondary, "secondary"))
        self._labels: list[Label] = []
        self._number: dict[Label, int] = {}
        self._options: list[tuple] = []
        self._costs: list[int] = []
        self._made: tuple[Problem, tuple[int, ...]] | None = None

    # ---- building ------------------------------------------------------------------

    def add_primary(self, *names: str) -> None:
        """Declare primary items (covered exactly once)."""
        self._primary += _names(names, "primary")
        self._made = None

    def add_secondary(self, *names: str) -> None:
        """Declare secondary items (covered at most once, or with one color)."""
        self._secondary += _names(names, "secondary")
        self._made = None

    def add_option(self, label: Label, items: Iterable[object], *, cost: int = 0) -> None:
        """Add the option ``items`` under ``label`` (hashable, not used before),
        costing ``cost`` (an integer from 0 to 2**62 - 1)."""
        try:
            hash(label)
        except TypeError:
            raise XCCTypeError(f"a label must be hashable, not {type(label).__name__}",
                               f"option {len(self._options) + 1}") from None
        if label in self._number:
            raise XCCError("duplicate label", f"option {label!r}")
        if isinstance(items, (str, bytes)) or not hasattr(items, "__iter__"):
            raise XCCTypeError(f"an option's items are a list, not {type(items).__name__}"
                               + (f" (write [{items!r}] for one item)" if isinstance(items, str)
                                  else ""), f"option {label!r}")
        if isinstance(cost, bool) or not hasattr(cost, "__index__"):
            raise XCCTypeError(f"a cost is an integer, not {cost!r}"[:120], f"option {label!r}")
        cost = int(cost)  # type: ignore[call-overload]
        if not 0 <= cost <= MAX_COST:
            raise XCCError(f"cost {cost} must be between 0 and {MAX_COST}", f"option {label!r}")
        self._number[label] = len(self._options)
        self._labels.append(label)
        self._options.append(tuple(items))
        self._costs.append(cost)
        self._made = None

    @property
    def labels(self) -> tuple[Label, ...]:
        """Every option's label, in the order added."""
        return tuple(self._labels)

    def __len__(self) -> int:
        return len(self._options)

    def problem(self, seed: int | None = None) -> Problem:
        """The :class:`xcc.Problem` the engines search (validated when first
        asked for; with ``seed``, its items and options in that seed's order:
        :func:`xcc.shuffle.shuffle`, what a search with that seed runs)."""
        if check_seed(seed) is None:
            return self._problem()[0]
        return shuffle(self._problem()[0], seed).problem

    def _problem(self) -> tuple[Problem, tuple[int, ...]]:
        """The problem, and for each of its options the model's position of it."""
        made = self._made
        if made is None:
            with warnings.catch_warnings(record=True) as dropped:
                warnings.simplefilter("always")
                problem = Problem(self._primary, self._secondary, self._options, name=self.name,
                                  costs=self._costs,
                                  _locations=[f"option {label!r}" for label in self._labels])
            for warning in dropped:  # to the caller of the public method: its line
                warnings.warn(warning.message, warning.category, stacklevel=3)
            made = self._made = problem, problem.source_index
        return made

    # ---- solving -------------------------------------------------------------------

    def solutions(self, *, engine: str | Engine = DEFAULT_ENGINE, limit: int | None = None,
                  mem_limit: int | None = None, seed: int | None = None,
                  deadline: float | None = None) -> Solutions:
        """The solutions, as labels, lazily in the engine's order (see :class:`Solutions`).

        ``limit`` stops after that many solutions, ``mem_limit`` after that
        many mems (the dancing-links engines), ``deadline`` after that many
        seconds; ``seed`` searches in a seeded random order."""
        problem, number = self._problem()
        return Solutions(Search(problem, engine=engine, limit=limit, mem_limit=mem_limit,
                                deadline=deadline, seed=seed), self._labeller(number))

    def sample(self, k: int, *, seed: int,
               engine: str | Engine | None = None) -> list[LabelledSolution]:
        """``k`` solutions drawn uniformly at random and independently (repeats
        possible) by an ``exact`` engine (:func:`xcc.sample`; default: the
        fastest available), as labels; the same seed gives the same draws."""
        problem, number = self._problem()
        chosen = engine if engine is not None else DEFAULT_EXACT_ENGINE
        return list(map(self._labeller(number), sample(problem, k, seed=seed, engine=chosen)))

    def _labeller(self, number: tuple[int, ...]) -> Callable[[Solution], LabelledSolution]:
        """A solution of the problem whose option ``k`` is the model's ``number[k]``, as labels."""
        labels = self._labels

        def label_of(solution: Solution) -> LabelledSolution:
            numbers = tuple(number[k] for k in solution.indices)
            return LabelledSolution(tuple(labels[j] for j in numbers), numbers,
                                    solution.colors(), solution)

        return label_of

    def count(self, *, engine: str | Engine = DEFAULT_ENGINE, limit: int | None = None,
              mem_limit: int | None = None, seed: int | None = None,
              deadline: float | None = None) -> Stats:
        """Count the solutions (all, or up to a limit) and return the statistics;
        an ``exact`` engine (``memo``) counts without listing when no limit is set."""
        problem = self._problem()[0]
        exact = limit is None and mem_limit is None and engine_of(engine).exact
        with Search(problem, engine=engine, limit=limit, mem_limit=mem_limit, deadline=deadline,
                    exact=exact, seed=seed) as search:
            return search.count()

    def cheapest(self, k: int = 1, *, engine: str | None = None, seed: int | None = None,
                 deadline: float | None = None) -> list[tuple[int, LabelledSolution]]:
        """The ``k`` cheapest solutions (fewer if there are fewer), as ``(cost,
        solution as labels)`` pairs, cheapest first (:func:`xcc.cheapest`;
        ``engine`` "costs" or "costs-python", ``seed`` a seeded order)."""
        made = for_k(k, engine)
        problem, number = self._problem()
        label_of = self._labeller(number)
        with Search(problem, engine=made, deadline=deadline, seed=seed) as search:  # as xcc.cheapest
            return [(problem.cost(s.indices), label_of(s)) for s in search]

    def cost(self, labels: Iterable[Label]) -> int:
        """The cost of the options of ``labels`` (checked as by :meth:`check`)."""
        labels = list(labels) if hasattr(labels, "__iter__") and not isinstance(
            labels, (str, bytes)) else labels  # type: ignore[assignment]
        self.check(labels)
        return sum(self._costs[self._number[label]] for label in labels)

    def check(self, labels: Iterable[Label]) -> None:
        """Refuse ``labels`` unless their options form a solution: an
        :class:`xcc.XCCError` whose place is the label at fault (or the item
        left uncovered) and whose message the reason; return None if they do."""
        if isinstance(labels, (str, bytes)) or not hasattr(labels, "__iter__"):
            raise XCCTypeError(f"a candidate is a list of labels, not {type(labels).__name__}",
                               "argument 'labels'")
        problem, number = self._problem()
        kept = {j: k for k, j in enumerate(number)}
        chosen = []
        for label in labels:
            try:
                j = self._number.get(label)
            except TypeError:
                j = None
            if j is None:
                raise XCCError("no option has this label", f"option {label!r}")
            if j not in kept:
                raise XCCError("the option has no primary item (dropped, as DLX2 does)",
                               f"option {label!r}")
            chosen.append(kept[j])
        refuse(problem.primary, problem.options, chosen,
               lambda k: f"option {self._labels[number[k]]!r}")

    def __repr__(self) -> str:
        return (f"Model({len(self._primary)} primary, {len(self._secondary)} secondary items, "
                f"{len(self._options)} options)")


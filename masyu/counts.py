"""What a count of Masyu solutions answers: ``Count``, the number with how it was found.

:class:`masyu.search.Search` makes one (``count()``, ``result()``), and so does an exact
count (``masyu.count(p, exact=True)``, :mod:`masyu.solving`); ``as_dict()`` gives the keys
of :mod:`masyu.report` (docs/reports.md).
"""
from __future__ import annotations

import xcc

from .report import count_dict


class Count(int):
    """A number of solutions that also carries how it was found.

    ``stats`` is the engine's :class:`xcc.Stats` (with ``method="filter"`` its
    ``solutions`` are the weak solutions examined; ``seconds`` and
    ``cpu_seconds`` its wall and CPU time); ``weak`` says which kind was
    counted; ``encoding`` and ``method`` those of the run that answered
    (``method`` None for weak solutions, ``"exact"`` for a count without
    listing); ``complete`` is False if a limit or Ctrl-C stopped the count.
    """

    stats: xcc.Stats
    weak: bool
    encoding: str | None
    method: str | None

    def __new__(cls, value: int, stats: xcc.Stats, weak: bool, encoding: str | None = None,
                method: str | None = None) -> "Count":
        self = super().__new__(cls, value)
        self.stats = stats
        self.weak = weak
        self.encoding = encoding
        self.method = method
        return self

    @property
    def complete(self) -> bool:
        return self.stats.complete

    def as_dict(self) -> dict:
        """``{"weak" or "strong": count}``, the engine statistics (``stats.as_dict()``:
        ``seconds`` wall, ``cpu_seconds`` CPU), then ``encoding``, ``method``, ``mode``
        and ``count``: the keys of :mod:`masyu.report` (docs/reports.md)."""
        return count_dict(int(self), self.weak, self.stats, self.encoding, self.method)

    def __repr__(self) -> str:
        return f"Count({int(self)}, weak={self.weak}, stats=<{self.stats}>)"

    def __str__(self) -> str:  # print(count) shows the number
        return int.__repr__(self)

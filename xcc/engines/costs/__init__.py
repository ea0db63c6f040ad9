"""The min-cost engine ``costs``: the solutions cheapest first, or the k cheapest
alone (``CostsEngine(k)``, :func:`xcc.cheapest`), of an XCC problem
whose options have costs (:attr:`xcc.Problem.costs`), after Knuth's DLX5
(TAOCP 7.2.2.1, "exact covering with costs", Algorithm C$), in Python.

``python`` holds the search, DLX5 translated mem for mem (taxes, every item's
list in increasing net cost, the cutoff at the k-th cheapest cost found so
far, DLX5's choice of item; docs/costs.md): its statistics equal DLX5's.
"""

LENTHRESH = 10  # DLX5's default h: usable options counted per item before its len is taken

# What the engine counts, in the order of its runs' counters, each with its label
# in str(stats): the dancing-links engines' names, so that masyu's reports (one
# column per counter of any engine) gain no column.
COUNTER_LABELS = {"nodes": "{} nodes", "updates": "{} updates", "cleansings": "{} cleansings",
                  "mems": "{} mems", "max_level": "max level {}"}


class CostsFacts:
    """The facts of the min-cost engine (xcc.engines.base.Engine)."""

    learns = False
    counter_labels = COUNTER_LABELS
    exact = False  # finds the k cheapest by a search, lists nothing else
    splits = False  # no choice prefixes: the bound is shared by the whole search
    cycle = False  # no single-cycle constraint (refused: engines.refuse_unfit)
    multiplicities = False  # no bounds on items (refused: engines.refuse_unfit)
    task_budget = None

"""The min-cost engine ``costs``: the solutions cheapest first, or the k cheapest
alone (``CostsEngine(k)``, :func:`xcc.cheapest`), of an XCC problem
whose options have costs (:attr:`xcc.Problem.costs`), after Knuth's DLX5
(TAOCP 7.2.2.1, "exact covering with costs", Algorithm C$), in Python.

``python`` holds the search (Algorithm C with the options of each item in
increasing cost order and branch and bound against the k-th cheapest cost
found so far; docs/costs.md).  There is no C twin yet.
"""

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

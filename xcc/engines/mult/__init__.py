"""The multiplicity engines: Algorithm M in Python (``mult-python``) and in C (``mult``).

Knuth's Algorithm M (TAOCP 7.2.2.1; his program DLX3) covers each primary
item between ``u`` and ``v`` times (:attr:`xcc.Problem.bounds`), by
covering an item when its bound reaches 0 and "tweaking" it (hiding its top
option only) while it may take more.  ``python`` is the readable reference,
``native`` its C twin (``xcc/csrc/mult/``); both count nodes, updates,
cleansings and mems as DLX3 does, so their statistics equal DLX3's (its
second mem figure, the search's).  A problem without bounds is solved too,
with DLX3's figures (the dancing-links engines keep DLX2's).
"""

# What both engines count, in the order of their runs' counters, each with its
# label in str(stats).
COUNTER_LABELS = {"nodes": "{} nodes", "updates": "{} updates", "cleansings": "{} cleansings",
                  "mems": "{} mems", "max_level": "max level {}"}


class MultFacts:
    """The facts both Algorithm M engines share (xcc.engines.base.Engine)."""

    learns = False
    counter_labels = COUNTER_LABELS
    exact = False  # counts by listing every solution
    splits = False  # no choice prefixes: xcc.parallel does not split its runs
    cycle = False  # no single-cycle constraint (refused: engines.refuse_unfit)
    multiplicities = True  # solves problems with bounds (u:v|name)
    task_budget = None

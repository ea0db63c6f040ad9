"""The Dancing Cells engines: Knuth's SSXCC (sparse-set XCC, TAOCP 7.2.2.3)
in Python (``cells-python``) and in C (``cells``).

``layout`` lays a problem out as SSXCC's ``set`` and node arrays, ``python``
is the search in Python, ``native`` its compiled twin
(``xcc/csrc/cells/``): the same solutions in the same order and the same
statistics as SSXCC on the same input.
"""

# What both engines count, in the order of their runs' counters (and of the C
# search's stats(), after its solutions), each with its label in str(stats).
COUNTER_LABELS = {"nodes": "{} nodes", "updates": "{} updates", "mems": "{} mems",
                  "max_level": "max level {}"}


class CellsFacts:
    """The facts both Dancing Cells engines share (xcc.engines.base.Engine)."""

    learns = False
    counter_labels = COUNTER_LABELS
    exact = False  # counts by listing every solution
    splits = False  # no choice prefixes: xcc.parallel does not split its runs
    cycle = False  # no single-cycle constraint (refused: engines.refuse_unfit)
    multiplicities = False  # no bounds on items (refused: engines.refuse_unfit)
    task_budget = None

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


def refuse_cycle(name: str, cycle: object) -> None:
    """Algorithm M here has no single-cycle constraint: refuse one clearly."""
    if cycle is not None:
        from ...errors import XCCError
        from .. import ENGINES, get
        able = [e for e in ENGINES if getattr(get(e), "cycle", True)]
        raise XCCError(f"engine {name!r} (multiplicities) does not take the single-cycle "
                       f"constraint; use one of {', '.join(able)} for a problem with a cycle",
                       "argument 'cycle'")

"""The dancing-links engines: Algorithm C in Python (``python``) and in C (``c``).

``arrays`` lays a problem out as DLX2's flat arrays, ``links`` holds the
operations on them, ``guard`` and ``propagate`` the single-cycle constraint,
``lookahead`` the forcing and probes; ``python`` and ``native`` are the two
engines.
"""

# What both engines count, in the order of their runs' counters (and of the C
# solver's stats(), after its solutions), each with its label in str(stats):
# cycle_cuts with a cycle constraint, forced and probes with propagation too.
COUNTER_LABELS = {"nodes": "{} nodes", "updates": "{} updates", "cleansings": "{} cleansings",
                  "mems": "{} mems", "max_level": "max level {}", "cycle_cuts": "{} cycle cuts",
                  "forced": "{} forced colors", "probes": "{} probes"}

"""The dancing-links engines: Algorithm C in Python (``python``) and in C (``c``).

``arrays`` lays a problem out as DLX2's flat arrays, ``links`` holds the
operations on them, ``guard`` and ``propagate`` the single-cycle constraint,
``lookahead`` the forcing and probes; ``python`` and ``native`` are the two
engines.
"""

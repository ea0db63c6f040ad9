"""The SAT engine (``sat``): an XCC problem as CNF, solved by CaDiCaL.

``formula`` holds clauses and cardinality encodings, ``translate`` the
reference translation, ``compiled`` its C twin, ``cuts`` the connectivity
cuts of a model, ``propagator`` the loop guard inside CaDiCaL, ``engine``
the run.  python-sat is optional: without it the engine is unavailable.
"""

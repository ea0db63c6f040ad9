"""What the fork server of our process pools imports, once, before it forks
any worker (``xcc.parallel.pools.context``).

Every worker is forked from the fork server, so what it imports here a
worker has for free: the workers' module (``xcc.parallel.task``, with the
engines and numpy) and the process pool's own worker code, which each
worker would otherwise import after its fork.  First it asks for one BLAS
thread (unless the environment says otherwise): the search uses none, and
numpy's OpenBLAS starts a thread a core at import, which costs the fork
server (and the driver's search, on the cores it shares) some hundredths
of a second of CPU as the pool starts.  The setting is this process's (and
its workers'), not the driver's.
"""
from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import concurrent.futures.process  # noqa: E402,F401  (the pool's worker code)

from . import task  # noqa: E402,F401  (what a worker runs: the engines, numpy)

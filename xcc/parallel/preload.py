"""What the fork server of our process pools imports, once, before it forks
any worker (``xcc.parallel.pools.context``).

Every worker is forked from the fork server, so what it imports here a
worker has for free: the workers' module (``xcc.parallel.task``), engine
"c" and the process pool's own worker code, which each worker would
otherwise import after its fork.  No numpy: engine "c"'s tasks are sent the
problem made ready (``task.shipped``), and the fork server starts in a few
hundredths of a second instead of a tenth or more.  A worker asked for
another engine imports it then.  In case numpy is imported after all, one
BLAS thread (unless the environment says otherwise): the search uses none,
and numpy's OpenBLAS starts a thread a core at import, which costs some
hundredths of a second of CPU.  The setting is this process's (and its
workers'), not the driver's.
"""
from __future__ import annotations

import os

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import concurrent.futures.process  # noqa: E402,F401  (the pool's worker code)

from . import task  # noqa: E402,F401  (what a worker runs)
from ..engines import get  # noqa: E402
from ..errors import XCCError  # noqa: E402

try:  # the engine of most tasks
    get("c")
except XCCError:  # not built here: the tasks name another, imported when asked for
    pass

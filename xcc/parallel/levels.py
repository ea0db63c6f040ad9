"""The memo engine's exact count spread over Dask workers, level by level.

``xcc.count(problem, engine="memo", scheduler=ADDRESS)`` (or
``local_cluster=W``) runs here: the level-synchronous count of
:mod:`xcc.engines.memo.shards` with one shard a worker.  Each level,
worker ``w`` expands its shard (``shards.expand``, pinned to ``w``), its
children merged by key and cut by owner; the piece for worker ``d`` moves
to ``d`` (Dask carries it, worker to worker), which merges the pieces it
receives into its next shard (``shards.combine``).  Nothing but the small
reports of each level comes back here, read while the next level runs; after the last level each worker
adds up its accepting states and the count is the sum.  A worker holds
about 1/W of each level: the way to count past one machine's memory.

``LevelCount`` is a :class:`~xcc.driving.Driver` (the engine, the cycle,
progress, the clock and Ctrl-C as every driver has them); the Dask client is
the one of the split searches (:func:`.pools.dask_client`).  Its statistics
(``LevelStats``) keep a row per level (``table``): the states read, the
children found, the states after (and in each worker's shard: ``shards``),
the bytes exchanged between workers, the wall seconds, the CPU seconds of
the workers' tasks, and per worker the bytes held at the peak (``held``)
and the process's peak memory (``rss``).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from operator import getitem
from typing import Callable

from ..cycle import Cycle
from ..driving import Driver
from ..engines.memo import shards
from ..errors import XCCError
from ..problem import Problem
from ..results import Stats
from .pools import dask_client

WAIT = 30  # seconds to wait for a first worker of a scheduler that has none


@dataclass(repr=False)
class LevelStats(Stats):
    """``Stats`` of a count over Dask workers: ``workers``, and ``table``, a
    row per level (see the module's text)."""

    workers: int = 0
    table: list[dict] = field(default_factory=list)


def _piece(out, d: int):
    """The piece of an expanded shard bound for worker ``d``."""
    return out[0][d]


class LevelCount(Driver):
    """The exact count of ``problem`` by engine ``memo`` on the Dask
    scheduler ``scheduler`` (an address or a ``distributed.Client``) or on a
    new local cluster of ``local_cluster`` workers; ``count()``, once."""

    stats_type = LevelStats

    def __init__(self, problem: Problem, *, engine="memo", cycle: Cycle | None = None,
                 scheduler=None, local_cluster: int | None = None,
                 on_progress: Callable[[Stats], None] | None = None,
                 progress_every: float = 1.0) -> None:
        super().__init__(problem, engine=engine, cycle=cycle, on_progress=on_progress,
                         progress_every=progress_every)
        if not self._engine.exact or not getattr(self._engine, "native", False):
            raise XCCError(f"a count over Dask workers is run by engine 'memo', not "
                           f"{self.engine!r}", "argument 'engine'")
        if (scheduler is None) == (local_cluster is None):
            raise XCCError("give one of scheduler, local_cluster")
        self._where = (scheduler, local_cluster)
        self._counters = {"levels": 0, "level": 0, "states": 0, "width": 0,
                          "bytes": 0, "exchanged": 0, "peak_bytes": 0}

    def count(self) -> LevelStats:
        self._once()
        s = shards.setup(self.problem, self.cycle, order=self._engine.order,
                         memory=self._engine.memory)
        self._counters["levels"] = s.levels
        self.stats.follow(lambda: dict(self._counters))
        with self._clocked():
            if s.known is not None:
                self.stats.solutions = s.known
            else:
                client, own = dask_client(*self._where)
                try:
                    self.stats.solutions = self._levels(client, s)
                finally:
                    if own is not None:
                        own[0].close()
                        if own[1] is not None:
                            own[1].close()
        self.stats.follow(None)
        return self.stats

    def _levels(self, client, s: shards.Setup) -> int:
        if not client.scheduler_info()["workers"]:
            try:
                client.wait_for_workers(1, timeout=WAIT)
            except TimeoutError:
                raise XCCError(f"the Dask scheduler has no workers (waited {WAIT} s)") from None
        workers = sorted(client.scheduler_info()["workers"])
        W = self.stats.workers = len(workers)

        def on(w: int) -> dict:  # the task runs on worker w, and only there
            return {"workers": [workers[w]], "allow_other_workers": False, "pure": False}

        setup = client.scatter(s, broadcast=True, hash=False)
        held = [client.scatter(shards.root_shard(s) if w == 0 else shards.empty(s.words[0]),
                               workers=[workers[w]], hash=False) for w in range(W)]
        c = self._counters
        c["states"] = c["width"] = 1
        self._clock = [z["cpu"] for z in client.gather(
            [client.submit(shards.describe, held[w], **on(w)) for w in range(W)])]
        self._last = time.perf_counter()
        reports = None  # the futures of the level before: read while this one runs
        for k in range(s.levels):
            outs = [client.submit(shards.expand, setup, k, held[w], W, **on(w)) for w in range(W)]
            infos = [client.submit(getitem, outs[w], 1, **on(w)) for w in range(W)]
            pieces = [[client.submit(_piece, outs[w], d, **on(w)) for d in range(W)]
                      for w in range(W)]
            held = [client.submit(shards.combine, [pieces[w][d] for w in range(W)], **on(d))
                    for d in range(W)]
            sizes = [client.submit(shards.describe, held[d], **on(d)) for d in range(W)]
            del outs, pieces  # (freed on the workers once used)
            if reports is not None:
                self._report(client, *reports)
            reports = (k, infos, sizes)
        if reports is not None:
            self._report(client, *reports)
        totals = [client.submit(shards.total, setup, held[d], **on(d)) for d in range(W)]
        return sum(client.gather(totals))

    def _report(self, client, k: int, infos, sizes) -> None:
        """Level ``k``'s row of the table, from its workers' reports (the
        seconds: from the row before to this one's reports)."""
        infos, sizes = client.gather(infos), client.gather(sizes)
        now = time.perf_counter()
        row = {"level": k, "states": sum(i["states"] for i in infos),
               "children": sum(i["children"] for i in infos),
               "after": sum(z["states"] for z in sizes),
               "shards": [z["states"] for z in sizes],
               "exchanged": sum(b for w, i in enumerate(infos)
                                for d, b in enumerate(i["bytes"]) if d != w),
               "seconds": now - self._last,
               "cpu": sum(z["cpu"] - t for z, t in zip(sizes, self._clock)),
               "held": [max(i["held"], z["bytes"]) for i, z in zip(infos, sizes)],
               "rss": [max(i["rss"], z["rss"]) for i, z in zip(infos, sizes)]}
        self._last, self._clock = now, [z["cpu"] for z in sizes]
        self.stats.table.append(row)
        self.stats.cpu_seconds += row["cpu"]  # (the driver adds this process's)
        c = self._counters
        c["level"], c["states"] = k + 1, c["states"] + row["after"]
        c["width"] = max(c["width"], row["after"])
        c["exchanged"] += row["exchanged"]
        c["bytes"] = max(row["held"])  # (the level's largest worker)
        c["peak_bytes"] = max(c["peak_bytes"], c["bytes"])
        self._tick()

"""Rate limits: token buckets in the process's memory, one per (kind, key).

A bucket holds ``burst`` tokens and gains ``rate`` a second; a request takes one or is
refused (HTTP 429).  Keys are a player's id and a client address, so each kind is
limited both per player and per address.  In-process: with N workers a client may get
up to N times the rate (a shared store such as Redis would make it exact; the limits
are against floods, not a quota).  ``LIMITS`` is the one table.
"""
from __future__ import annotations

import threading
from typing import Callable

# kind -> (burst, tokens a second)
LIMITS: dict[str, tuple[float, float]] = {
    "player": (10, 10 / 3600),     # new players per address: 10, then 10 an hour
    "attempt": (30, 30 / 3600),    # attempts started: 30, then 30 an hour
    "finish": (30, 30 / 3600),
    "hint": (60, 1 / 10),          # hints: 60, then one every 10 s
    "write": (60, 1.0),            # names, transfer codes: 60, then one a second
}
MAX_KEYS = 100_000                 # buckets kept per kind (the oldest dropped beyond)


class Limiter:
    def __init__(self, clock: Callable[[], float], limits: dict[str, tuple[float, float]] = LIMITS,
                 scale: float = 1.0) -> None:
        self.clock = clock
        self.limits = {k: (b * scale, r * scale) for k, (b, r) in limits.items()}
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, kind: str, *keys: str) -> bool:
        """One token from each key's bucket of ``kind``; False (none taken) if any is empty."""
        burst, rate = self.limits[kind]
        now = self.clock()
        with self._lock:
            levels = []
            for key in keys:
                level, at = self._buckets.get((kind, key), (burst, now))
                level = min(burst, level + (now - at) * rate)
                if level < 1:
                    return False
                levels.append(level)
            for key, level in zip(keys, levels):
                self._buckets[(kind, key)] = (level - 1, now)
            if len(self._buckets) > MAX_KEYS * len(self.limits):
                for old in list(self._buckets)[: len(self._buckets) // 2]:
                    del self._buckets[old]
        return True

"""The generating jobs' forkserver imports this (:mod:`.jobs`), and nothing else does: one
small job of each kind, so every module the jobs import on first use (a hint's first call
imports the engines, about 0.3 s) is imported once there, and each child forked from it
starts warm.  Best effort: a failure here only leaves the children cold."""
from __future__ import annotations

from . import api

try:
    api.hint_response(b'{"puzzle": "W...\\n....\\n....\\n...B", "state": {"set": []}}')
    api.zen_response({"rows": 4, "cols": 4, "white": 0.2, "black": 0.1, "seed": 0})
except Exception:   # noqa: BLE001 - never stop the forkserver from starting
    pass

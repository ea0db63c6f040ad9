"""Path fragments whose ends know each other, with an exact undo trail.

The one fragment tracker of the project: the loop guard of the dancing-links
engines (:class:`xcc.engines.dlx.guard.CycleGuard`) and the loop propagator
inside CaDiCaL (:class:`xcc.engines.sat.propagator.LoopPropagator`) are
built on it, each adding its own rules.

Edges arrive one at a time on vertices ``0 .. n-1``.  ``deg[v]`` counts the
edges at ``v``; the edges so far form paths (fragments) and perhaps cycles.
For an end ``v`` of a fragment (``deg[v] == 1``) ``mate[v]`` is the other
end, so an edge ``u-v`` between two ends either closes a cycle
(``mate[u] == v``) or joins two fragments into one, in constant time.

Every change goes on ``trail`` as ``(container, key, old value)``; ``mark()``
and ``undo_to(mark)`` put every changed entry back, last change first.  A
container is a list or dict (the key an index), ``None`` for an attribute of
the tracker itself (the key its name), and a key of ``-1`` undoes an append.
Subclasses record their own changes on the same trail.
"""
from __future__ import annotations


class Fragments:
    """Degrees and fragment ends of a growing set of edges, undoable."""

    def __init__(self, nverts: int) -> None:
        self.deg = [0] * nverts
        self.mate = list(range(nverts))
        self.trail: list[tuple] = []

    # ---- the trail: each change beside its undo -------------------------------

    def _set(self, array, k, value) -> None:
        self.trail.append((array, k, array[k]))
        array[k] = value

    def _set_attr(self, name: str, value) -> None:
        self.trail.append((None, name, getattr(self, name)))
        setattr(self, name, value)

    def _push(self, array: list, value) -> None:
        self.trail.append((array, -1, None))
        array.append(value)

    def mark(self) -> int:
        return len(self.trail)

    def undo_to(self, mark: int) -> None:
        pop = self.trail.pop
        for _ in range(len(self.trail) - mark):
            array, k, old = pop()
            if array is None:
                setattr(self, k, old)
            elif k == -1:
                array.pop()
            else:
                array[k] = old

    # ---- edges ----------------------------------------------------------------

    def closes(self, u: int, v: int) -> bool:
        """Would edge ``u-v`` join the two ends of one fragment (a cycle)?"""
        return bool(self.deg[u] and self.deg[v] and self.mate[u] == v)

    def join(self, u: int, v: int) -> tuple[int, int]:
        """Add edge ``u-v``, which does not close a cycle (both ends have
        degree below 2): it starts, extends or merges fragments.  Returns
        the two ends of the fragment that now holds it."""
        deg, mate, log = self.deg, self.mate, self.trail.append
        du, dv = deg[u], deg[v]
        a = mate[u] if du else u  # the far end on u's side
        b = mate[v] if dv else v
        log((deg, u, du))  # each change on the trail, as _set does (inlined: hot)
        deg[u] = du + 1
        log((deg, v, dv))
        deg[v] = dv + 1
        log((mate, a, mate[a]))
        mate[a] = b
        log((mate, b, mate[b]))
        mate[b] = a
        return a, b

    def close_cycle(self, u: int, v: int) -> None:
        """Add edge ``u-v`` between the two ends of one fragment."""
        self._set(self.deg, u, 2)
        self._set(self.deg, v, 2)

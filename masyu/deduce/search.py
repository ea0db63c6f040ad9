"""Level 3 of the deduction solver: depth-first search over edges, level 2 at every node."""
from __future__ import annotations

from typing import Sequence

from .probe import ProbeState
from .state import UNKNOWN, Contradiction


def branch_edge(st: ProbeState) -> int:
    """An unknown edge to branch on: one at a path end with fewest choices, else the
    first at a pearl, else the first in the board's scan order."""
    val, cell_edges, deg = st.val, st.bd.near, st.deg
    best, best_unk = -1, 5
    for i in range(st.bd.ncells):
        if deg[i] == 1:
            unk = 0
            pick = -1
            for e in cell_edges[i]:
                if val[e] == UNKNOWN:
                    unk += 1
                    if pick < 0:
                        pick = e
            if 0 < unk < best_unk:
                best, best_unk = pick, unk
                if unk == 2:
                    break
    if best >= 0:
        return best
    for i in st.pearl_cells:
        for e in cell_edges[i]:
            if val[e] == UNKNOWN:
                return e
    for e in st.bd.scan:
        if val[e] == UNKNOWN:
            return e
    return -1


def depth_first(st: ProbeState, found: list[list[int]], *, known: Sequence[int] | None,
                limit: int, node_limit: int | None, probe_nodes: bool) -> tuple[int, bool]:
    """Search below ``st``, adding the solutions to ``found`` until there are
    ``limit``; returns the nodes visited and whether the search was complete
    (False when ``node_limit`` stopped it).

    Each node runs level 2 (``probe_nodes``; else level 1 and connectivity),
    probing against ``known`` only on the answer's own branch, where the
    answer is still a completion.
    """
    nodes = 0
    complete = True

    def search(on_known: bool) -> bool:
        """Search below the current state; False to stop (limit or node cap reached)."""
        nonlocal nodes, complete
        nodes += 1
        if node_limit is not None and nodes > node_limit:
            complete = False
            return False
        e = branch_edge(st)
        if e < 0:
            sol = st.solution()
            if sol is not None:
                found.append(sol)
            return len(found) < limit
        if known is not None and on_known:
            values = (1 - known[e], known[e])
        else:
            values = (1, 0)
        for v in values:
            follow = on_known and known is not None and v == known[e]
            mark = st.mark()
            try:
                st.assign(e, v)
                if probe_nodes:
                    st.level2(known if follow else None, None)
                else:
                    st.propagate()
                    st.connect()
                    st.propagate()
                ok = True
            except Contradiction:
                ok = False
            if ok:
                if st.closed or st.unknown == 0:
                    sol = st.solution()
                    if sol is not None:
                        found.append(sol)
                    if len(found) >= limit:
                        st.undo(mark)
                        return False
                elif not search(follow):
                    st.undo(mark)
                    return False
            st.undo(mark)
        return True

    search(known is not None)
    return nodes, complete

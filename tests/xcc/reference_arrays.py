"""The DLX2 layout built node by node, as Knuth's input phase does: the oracle
for the whole-array ``xcc.arrays.build_arrays``."""
from __future__ import annotations

from xcc.arrays import Arrays
from xcc.problem import Problem


def build_arrays_loop(problem: Problem) -> Arrays:
    """Lay out ``problem`` as DLX2 does after reading its input."""
    n1 = len(problem.primary)
    n = n1 + len(problem.secondary)
    index = {name: k + 1 for k, name in enumerate(problem.items)}
    color_code: dict[str, int] = {}
    for name in problem.colors():
        color_code[name] = len(color_code) + 1

    llink = [0] * (n + 2)
    rlink = [0] * (n + 2)
    for i in range(1, n + 2):
        llink[i], rlink[i - 1] = i - 1, i
    # primary items: root <-> 1 <-> ... <-> n1 <-> root
    llink[0] = n1
    rlink[n1] = 0
    # secondary items: header n+1 <-> n1+1 <-> ... <-> n <-> n+1
    second = n1 + 1
    llink[second] = n + 1
    rlink[n + 1] = second
    if second == n + 1:  # no secondary items
        llink[n + 1] = rlink[n + 1] = n + 1

    up = list(range(n + 1))
    down = list(range(n + 1))
    itm = [0] * (n + 1)
    color = [0] * (n + 1)
    # first spacer
    up.append(0)
    down.append(0)
    itm.append(0)
    color.append(0)
    option_start = []
    for k, option in enumerate(problem.options):
        spacer = len(up) - 1
        option_start.append(spacer + 1)
        for name, col in option:
            i = index[name]
            p = len(up)
            itm[i] += 1  # the header's len
            q = up[i]  # the current bottom of the list
            up.append(q)
            down.append(i)
            down[q] = p
            up[i] = p
            itm.append(i)
            color.append(0 if col is None else color_code[col])
        down[spacer] = len(up) - 1
        # the spacer after option k
        up.append(spacer + 1)
        down.append(0)
        itm.append(-(k + 1))
        color.append(0)
    return Arrays(n1, n, llink, rlink, up, down, itm, color, list(color_code), option_start)

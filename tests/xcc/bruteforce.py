"""An independent XCC solver for tiny problems: try every subset of options."""
from __future__ import annotations

from itertools import combinations

from xcc import Problem


def is_solution(problem: Problem, chosen: tuple[int, ...]) -> bool:
    primary = set(problem.primary)
    covered: dict[str, int] = {}
    colors: dict[str, set] = {}
    for k in chosen:
        for item, color in problem.options[k]:
            if item in primary or color is None:
                covered[item] = covered.get(item, 0) + 1
            else:
                colors.setdefault(item, set()).add(color)
    if any(covered.get(i, 0) != 1 for i in problem.primary):
        return False
    for item in problem.secondary:
        if covered.get(item, 0) > 1:
            return False
        if covered.get(item, 0) == 1 and item in colors:
            return False
        if len(colors.get(item, ())) > 1:
            return False
    return True


def all_solutions(problem: Problem) -> set[frozenset[int]]:
    n = len(problem.options)
    out = set()
    for size in range(n + 1):
        for chosen in combinations(range(n), size):
            if is_solution(problem, chosen):
                out.add(frozenset(chosen))
    return out

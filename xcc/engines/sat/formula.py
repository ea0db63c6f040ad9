"""Clauses over numbered variables, and the cardinality encodings the SAT
translation uses (at most one, exactly one, at most two with weights)."""
from __future__ import annotations


class Formula:
    """Clauses over numbered variables, with fresh auxiliary variables."""

    def __init__(self, nvars: int = 0) -> None:
        self.nvars = nvars
        self.clauses: list[list[int]] = []
        self.unsat = False  # an empty clause was added

    def new_var(self) -> int:
        self.nvars += 1
        return self.nvars

    def add(self, clause: list[int]) -> None:
        if not clause:
            self.unsat = True
        self.clauses.append(clause)

    def at_most_one(self, lits: list[int]) -> None:
        """Pairwise for a few literals, a sequential counter beyond."""
        if len(lits) <= 6:
            for i in range(len(lits)):
                for j in range(i + 1, len(lits)):
                    self.add([-lits[i], -lits[j]])
            return
        prev = 0  # s_i: some of the first i literals is true
        for i, lit in enumerate(lits):
            if prev:
                self.add([-lit, -prev])
            if i == len(lits) - 1:
                break
            s = self.new_var()
            self.add([-lit, s])
            if prev:
                self.add([-prev, s])
            prev = s

    def exactly_one(self, lits: list[int]) -> None:
        self.add(list(lits))
        self.at_most_one(lits)

    def at_most_two(self, weighted: list[tuple[int, int]]) -> None:
        """At most 2 in total, each literal counting its weight (1 or 2)."""
        if len(weighted) <= 6:
            for i, (a, wa) in enumerate(weighted):
                for j in range(i + 1, len(weighted)):
                    b, wb = weighted[j]
                    if wa + wb > 2:
                        self.add([-a, -b])
                    else:
                        for k in range(j + 1, len(weighted)):
                            self.add([-a, -b, -weighted[k][0]])
            return
        one = two = 0  # the count so far is at least 1, at least 2
        for lit, w in weighted:
            if two:
                self.add([-lit, -two])
            if w == 2 and one:
                self.add([-lit, -one])
            new_one, new_two = self.new_var(), self.new_var()
            self.add([-lit, new_one])
            if one:
                self.add([-one, new_one])
                self.add([-lit, -one, new_two])
            if two:
                self.add([-two, new_two])
            if w == 2:
                self.add([-lit, new_two])
            one, two = new_one, new_two


"""CaDiCaL kept alive across solves: clauses added as they come, solves under assumptions.

The engine (:mod:`.engine`) solves one XCC problem; a caller with a family of
questions over one formula (masyu's generator asks hundreds, each one solve
under the assumptions that pick its case) keeps one :class:`SatSolver`
(``xcc.SatSolver``) instead: everything the solver learns stays for the next
question.  The same solver as the engine (``SOLVER``, python-sat's CaDiCaL
1.9.5).  A context manager; ``SatSolver.available()`` says whether python-sat
is there.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from ...distribution import install_hint

SOLVER = "cadical195"  # the solver of the engine "sat"


def _solver_class():
    try:
        # python-sat is an optional extra (the 'sat' extra): imported on first use
        from pysat.solvers import Solver
    except ImportError:
        return None
    return Solver


class SatSolver:
    """One CaDiCaL over ``clauses`` (DIMACS literals), kept across :meth:`solve` calls.

    ``add_clause`` adds a clause for good; ``set_phases`` gives literals the
    solver tries first; ``solve(assumptions)`` answers True (then ``model``: the
    literals of every variable, in order) or False; a Ctrl-C inside the solver
    raises ``KeyboardInterrupt`` and leaves the solver closed.  ImportError
    without python-sat."""

    @staticmethod
    def available() -> bool:
        """Is python-sat there (so that a solver can be made)?"""
        return _solver_class() is not None

    def __init__(self, clauses: Iterable[Sequence[int]] = ()) -> None:
        Solver = _solver_class()
        if Solver is None:
            raise ImportError(f"an incremental SAT solver needs python-sat: "
                              f"{install_hint('sat')}")
        self._solver = Solver(name=SOLVER, bootstrap_with=[list(c) for c in clauses])

    def add_clause(self, lits: Sequence[int]) -> None:
        self._solver.add_clause(list(lits))

    def set_phases(self, lits: Sequence[int]) -> None:
        self._solver.set_phases(list(lits))

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        try:
            return bool(self._solver.solve(assumptions=list(assumptions)))
        except Exception as exc:   # Ctrl-C inside CaDiCaL: python-sat's own error
            if "keyboard interrupt" not in str(exc).lower():
                raise
            self._solver = None   # the interrupt leaves it invalid: never touched again
            raise KeyboardInterrupt from None

    @property
    def model(self) -> list[int]:
        """The model of the last satisfiable :meth:`solve`."""
        return self._solver.get_model()

    @property
    def closed(self) -> bool:
        return self._solver is None

    def close(self) -> None:
        if self._solver is not None:
            self._solver.delete()
            self._solver = None

    def __enter__(self) -> "SatSolver":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

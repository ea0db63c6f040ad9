"""Certificates of uniqueness that a third party can check (issue 18).

``prove(puzzle) -> Certificate`` (``Certificate.write(dir)``) solves with
CaDiCaL and keeps the rules as CNF over edge variables, the loop cuts used,
the solution, its blocking clause and a DRAT proof that no second solution
exists; ``verify(dir) -> Verdict`` checks all of it without a SAT solver
(``xcc.drat``).  The files: ``masyu.certify.files``; the argument:
docs/certificates.md.
"""
from .files import FILES, FORMAT
from .prove import Certificate, NotUnique, prove
from .verify import Verdict, verify

__all__ = ["prove", "verify", "Certificate", "Verdict", "NotUnique", "FILES", "FORMAT"]

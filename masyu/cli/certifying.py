"""CLI verbs for certificates of uniqueness: prove, verify (issue 18).

``masyu prove PUZZLE -o DIR`` writes a certificate; ``masyu verify DIR``
checks one without a SAT solver.  Exit codes: 0 proved / verified, 1 not
unique / not verified (with the reason), 2 bad or unreadable input, 130
interrupted.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import xcc

from .common import say
from .outputs import emit
from .declare import REQUIRED, SHORT_PUZZLE_HELP, argument, option
from ..certify import NotUnique, prove as prove_puzzle, verify as verify_dir
from ..sources import read_puzzle

CHECKERS = xcc.drat.CHECKERS
CHECKER_HELP = "The DRAT checker: " + "; ".join(f"{k}: {v}" for k, v in CHECKERS.items()) + "."


PROVE = (
    argument("puzzle", default=REQUIRED, help=SHORT_PUZZLE_HELP),
    option("out", "-o", "--out", kind=Path, default=REQUIRED,
           help="The directory to write the certificate in."),
    option("quiet", "--quiet", "-q", kind=bool, default=False, help="No summary on stderr."),
)
VERIFY = (
    argument("directory", kind=Path, default=REQUIRED,
             help="A certificate directory (from masyu prove)."),
    option("puzzle", "--puzzle",
           help="The puzzle the certificate must be about (else the one it holds)."),
    option("checker", "--checker", choices=tuple(CHECKERS), default="c", help=CHECKER_HELP),
    option("as_json", "--json", kind=bool, default=False, help="The verdict as JSON on stdout."),
)
PARAMS = {"prove": PROVE, "verify": VERIFY}


def prove(puzzle: str, out: Path, quiet: bool) -> int:
    """Prove a puzzle's solution unique, in a certificate others can check.

    The certificate: the rules as CNF over edge variables (each clause commented with its
    rule and cell), the loop cuts used, the solution, its blocking clause, a DRAT proof and
    a manifest of sizes and SHA-256 hashes.  Exit 1 if the puzzle has no solution or two.

    Example: masyu prove examples/puzzle.txt -o cert/
    """
    p = read_puzzle(puzzle)
    try:
        cert = prove_puzzle(p)
        cert.write(out)
    except NotUnique as err:
        say(f"masyu: not unique: {err.message}")
        return 1
    except KeyboardInterrupt:
        say("masyu: interrupted: no certificate written")
        return 130
    if not quiet:
        say(f"unique: certificate in {out} ({cert.summary()})")
    return 0


def verify(directory: Path, puzzle: Optional[str], checker: str, as_json: bool) -> int:
    """Check a certificate of uniqueness without a SAT solver.

    Rebuilds the rules' clauses from the puzzle and compares them with the CNF, checks every
    loop cut against the single-loop rule, the solution against the rules and the blocking
    clause against the solution, and checks the DRAT proof.  Exit 0 verified, 1 not
    verified (the reason on stderr), 2 unreadable.

    Example: masyu verify cert/
    """
    p = read_puzzle(puzzle) if puzzle is not None else None
    try:
        v = verify_dir(directory, checker, p)
    except KeyboardInterrupt:
        say("masyu: interrupted: not verified")
        return 130
    if as_json:
        emit(json.dumps(v.as_dict()) + "\n")
    if not v.verified:
        say(f"masyu: not verified: {v.reason}")
        return 1
    if not as_json:
        emit(v.as_text())
    return 0

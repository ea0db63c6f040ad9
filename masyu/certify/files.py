"""A certificate on disk: the files, the manifest, and reading them back.

A certificate directory holds

- ``puzzle.txt``: the puzzle (grid lines ``.WB``);
- ``rules.cnf``: DIMACS, the rules as clauses over edge variables, each
  clause after a comment line naming its rule and cell, and a comment per
  variable naming its edge;
- ``cuts.json``: the loop cuts, ``[{"kind", "cells", "clause"}]``;
- ``solution.txt``: the solution, in the box drawing of the solutions files;
- ``blocking.cnf``: DIMACS, one clause: the negation of the solution;
- ``proof.drat``: a text DRAT proof that rules + cuts + blocking clause (in
  that order) are unsatisfiable;
- ``formula.cnf``: DIMACS, those clauses in that order, for other checkers
  (``drat-trim formula.cnf proof.drat``); the verifier checks that it is
  exactly them;
- ``manifest.json``: the format, the claim, the counts, and each file's size
  and SHA-256.

``write(certificate, dir)`` writes them; ``read(dir)`` gives their texts after
checking the manifest (``Unreadable`` when something cannot be read at all,
``Refused`` when a file is not the one the manifest names).
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path

from .. import formats
from ..board import board
from ..errors import MasyuError

FORMAT = "masyu-certificate/1"
FILES = {"puzzle": "puzzle.txt", "rules": "rules.cnf", "cuts": "cuts.json",
         "solution": "solution.txt", "blocking": "blocking.cnf", "proof": "proof.drat",
         "formula": "formula.cnf"}
MANIFEST = "manifest.json"
CLAIM = ("the puzzle in puzzle.txt has exactly one solution, the loop in solution.txt: "
         "every other loop through all pearls satisfies rules.cnf, every cut of cuts.json "
         "and blocking.cnf, whose conjunction proof.drat refutes")


class Refused(Exception):
    """A certificate that is readable but not right: the reason is the message."""


def _dimacs(header: list[str], nvars: int, clauses) -> str:
    lines = [f"c {h}" for h in header]
    lines.append(f"p cnf {nvars} {len(clauses)}")
    for comment, lits in clauses:
        if comment:
            lines.append(comment)
        lines.append(" ".join(map(str, (*lits, 0))))
    return "\n".join(lines) + "\n"


def texts(cert) -> dict[str, str]:
    """The text of every file but the manifest."""
    p = cert.puzzle
    b = board(p.rows, p.cols)
    names = [f"var {k + 1} = edge ({u[0]}, {u[1]})-({v[0]}, {v[1]})"
             for k, (u, v) in enumerate(b.edges)]
    rules = _dimacs([f"the rules of a {p.rows}x{p.cols} Masyu puzzle over edge variables "
                     f"(masyu.certify.rules); a comment names each clause's rule and cell"]
                    + names, b.nedges, [(c.comment(), c.lits) for c in cert.rules])
    blocking = _dimacs(["the negation of the solution in solution.txt: some edge differs"],
                       b.nedges, [("", cert.blocking)])
    cuts = "[\n" + ",\n".join(json.dumps(c.as_json()) for c in cert.cuts) + "\n]\n"
    formula = _dimacs(["rules.cnf, the clauses of cuts.json and blocking.cnf, in that order: "
                       "the formula proof.drat refutes"], b.nedges,
                      [("", lits) for lits in cert.formula()])
    return {"puzzle": formats.write(p, "grid").rstrip("\n") + "\n", "rules": rules, "cuts": cuts,
            "solution": formats.write_loop(cert.solution, "box"), "blocking": blocking,
            "proof": "\n".join(cert.proof) + ("\n" if cert.proof else ""), "formula": formula}


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _put(path: Path, data: bytes) -> None:
    """Write one file (the seam where tests make the disk full)."""
    path.write_bytes(data)


def write(cert, directory) -> dict:
    """Write the certificate's files and manifest in ``directory`` (made if
    missing), so that a write that fails (a full disk) or is cut short leaves
    the directory as it was: every file is written first to a temporary
    folder beside it (``.NAME.XXXX.part``), then a new directory is that
    folder renamed, or the files of an existing one are replaced by renames
    (the manifest removed first and put back last: between the two, no
    certificate, never a mixed one).  Other files in the directory stay."""
    d = Path(directory)
    d.parent.mkdir(parents=True, exist_ok=True)
    files = {}
    temp = Path(tempfile.mkdtemp(prefix=f".{d.name}.", suffix=".part", dir=d.parent))
    try:
        for key, text in texts(cert).items():
            data = text.encode("utf-8")
            _put(temp / FILES[key], data)
            files[FILES[key]] = {"bytes": len(data), "sha256": digest(data)}
        manifest = {"format": FORMAT, "claim": CLAIM, "rows": cert.puzzle.rows,
                    "cols": cert.puzzle.cols, "variables": cert.nvars,
                    "proof_format": "DRAT, text (drat-trim reads it)",
                    "solver": "CaDiCaL 1.9.5 (python-sat's cadical195)",
                    "counts": {"rules": len(cert.rules), "cuts": len(cert.cuts),
                               "proof_lines": len(cert.proof)},
                    "stats": cert.stats, "files": files}
        _put(temp / MANIFEST, (json.dumps(manifest, indent=2) + "\n").encode("utf-8"))
        os.chmod(temp, 0o777 & ~_umask())
        if not d.exists():
            os.rename(temp, d)   # the whole certificate appears at once
            return manifest
        (d / MANIFEST).unlink(missing_ok=True)
        for name in [*files, MANIFEST]:
            os.replace(temp / name, d / name)
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    return manifest


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def rehash(directory) -> None:
    """Put the present sizes and hashes of the files in the manifest (for tests that
    tamper with a file the way a forger would, hiding it from the hash check)."""
    d = Path(directory)
    manifest = json.loads((d / MANIFEST).read_text(encoding="utf-8"))
    for name in manifest["files"]:
        data = (d / name).read_bytes()
        manifest["files"][name] = {"bytes": len(data), "sha256": digest(data)}
    (d / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


def read(directory) -> tuple[dict, dict[str, str]]:
    """The manifest and the texts of the files, each checked against the manifest."""
    d = Path(directory)
    if not d.is_dir():
        raise MasyuError("not a directory", str(d))
    try:
        manifest = json.loads((d / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MasyuError(f"no {MANIFEST}: not a certificate directory", str(d)) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise MasyuError(f"unreadable manifest: {err}", str(d / MANIFEST)) from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT \
            or not isinstance(manifest.get("files"), dict):
        raise MasyuError(f"the manifest is not a {FORMAT} manifest", str(d / MANIFEST))
    out = {}
    for key, name in FILES.items():
        entry = manifest["files"].get(name)
        if not isinstance(entry, dict):
            raise MasyuError(f"the manifest does not name {name}", str(d / MANIFEST))
        try:
            data = (d / name).read_bytes()
        except OSError as err:
            raise MasyuError(f"cannot read it: {err.strerror}", str(d / name)) from None
        if entry.get("bytes") != len(data) or entry.get("sha256") != digest(data):
            raise Refused(f"{name} is not the file the manifest names (size or SHA-256 "
                          f"differs): it was changed")
        try:
            out[key] = data.decode("utf-8")
        except UnicodeDecodeError:
            raise MasyuError("not UTF-8 text", str(d / name)) from None
    return manifest, out

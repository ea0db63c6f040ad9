"""Tampered and damaged certificates (masyu.certify.verify): each refused with the reason.

A forger who changes a file can also redo the manifest's hashes (``files.rehash``), so
every tampering here is checked both ways: by the hash, and with the hashes redone, by
what verify rebuilds from the puzzle.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from masyu import Loop, Puzzle
from masyu.certify import prove, verify
from masyu.certify import files as cfiles
from masyu.collection import load
from xcc import drat

from tests.data import PUZZLES
CHECKERS = [c for c in drat.CHECKERS if drat.available(c)]


@pytest.fixture(scope="module")
def psm():
    return load(PUZZLES / "psm.txt"), None


def first_of_size(puzzles, rows, label=""):
    return next(p for p in puzzles if p.rows == rows and label in p.name)


# -- tampering: each refused, with the reason ------------------------------------------


@pytest.fixture(scope="module")
def cert10(psm):
    puzzles, _ = psm
    return prove(first_of_size(puzzles, 10, "hard"))


def write_then(cert, directory: Path, name: str, change) -> Path:
    """Write the certificate, change one file, and re-hash the manifest (as a forger would)."""
    cert.write(directory)
    path = directory / name
    path.write_text(change(path.read_text()))
    cfiles.rehash(directory)
    return directory


def dimacs_lines(text: str) -> list[str]:
    return text.splitlines()


def drop_clause(text: str) -> str:
    lines = dimacs_lines(text)
    i = next(k for k, ln in enumerate(lines) if ln and ln[0] not in "cp" and len(ln.split()) == 3)
    header = next(k for k, ln in enumerate(lines) if ln.startswith("p cnf"))
    _, _, v, n = lines[header].split()
    lines[header] = f"p cnf {v} {int(n) - 1}"
    del lines[i]
    return "\n".join(lines) + "\n"


def add_clause(text: str) -> str:
    lines = dimacs_lines(text)
    header = next(k for k, ln in enumerate(lines) if ln.startswith("p cnf"))
    _, _, v, n = lines[header].split()
    lines[header] = f"p cnf {v} {int(n) + 1}"
    return "\n".join(lines + ["1 2 3 4 5 0"]) + "\n"


def bad_cut(text: str) -> str:
    cuts = json.loads(text)
    # the whole board minus one empty corner: it holds every pearl, so a loop may stay inside
    cells = [c for cut in cuts for c in cut["cells"]] + [[r, c] for r in range(10)
                                                         for c in range(10)]
    cells = sorted({tuple(c) for c in cells} - {(0, 0)})
    cuts.append({"kind": "separate", "cells": [list(c) for c in cells], "clause": [1]})
    return json.dumps(cuts)


def change_proof_line(text: str) -> str:
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if not ln.startswith("d") and len(ln.split()) > 2)
    lines[i] = "-" + lines[i].split()[0] + " 0" if not lines[i].startswith("-") \
        else lines[i].split()[0][1:] + " 0"
    return "\n".join(lines) + "\n"


def other_solution(text: str) -> str:
    # a loop around the whole board: a loop, but not this puzzle's solution
    return Loop(10, 10, [((0, c), (0, c + 1)) for c in range(9)]
                + [((9, c), (9, c + 1)) for c in range(9)]
                + [((r, 0), (r + 1, 0)) for r in range(9)]
                + [((r, 9), (r + 1, 9)) for r in range(9)]).to("box")


def flip_blocking(text: str) -> str:
    lines = text.splitlines()
    lits = lines[-1].split()
    lits[0] = str(-int(lits[0]))
    return "\n".join(lines[:-1] + [" ".join(lits)]) + "\n"


@pytest.mark.parametrize("name, change, words", [
    ("rules.cnf", drop_clause, "lacks the clause"),
    ("rules.cnf", add_clause, "does not give"),
    ("cuts.json", bad_cut, "hold every pearl"),
    ("formula.cnf", drop_clause, "formula.cnf is not"),
    ("proof.drat", change_proof_line, "neither RUP nor RAT"),
    ("proof.drat", lambda t: "\n".join(t.splitlines()[:10]) + "\n", "without deriving"),
    ("solution.txt", other_solution, "not a solution"),
    ("blocking.cnf", flip_blocking, "not the negation"),
])
def test_a_tampered_certificate_is_refused(cert10, tmp_path, name, change, words):
    d = write_then(cert10, tmp_path, name, change)
    for checker in CHECKERS:
        v = verify(d, checker)
        assert not v.verified and words in v.reason, v.reason


def test_without_its_cuts_the_proof_fails(cert10, tmp_path):
    """The cuts dropped (and formula.cnf made to match): the rules and the blocking clause
    alone have models (loops apart), so no proof of their refutation can check."""
    bare = cfiles.texts(type(cert10)(cert10.puzzle, cert10.rules, [], cert10.solution,
                                     cert10.blocking, cert10.proof))
    cert10.write(tmp_path)
    for key in ("cuts", "formula"):
        (tmp_path / cfiles.FILES[key]).write_text(bare[key])
    cfiles.rehash(tmp_path)
    for checker in CHECKERS:
        v = verify(tmp_path, checker)
        assert not v.verified and v.reason.startswith("proof.drat"), v.reason


def test_a_changed_file_is_refused_by_its_hash(cert10, tmp_path):
    cert10.write(tmp_path)
    (tmp_path / "proof.drat").write_text("0\n")
    v = verify(tmp_path)
    assert not v.verified and "proof.drat" in v.reason and "changed" in v.reason


def test_an_unreadable_certificate_is_an_error(cert10, tmp_path):
    from masyu import MasyuError
    with pytest.raises(MasyuError, match="not a directory"):
        verify(tmp_path / "missing")
    with pytest.raises(MasyuError, match="no manifest.json"):
        verify(tmp_path)
    cert10.write(tmp_path)
    (tmp_path / "cuts.json").write_text("{")
    cfiles.rehash(tmp_path)
    with pytest.raises(MasyuError, match="cuts.json"):
        verify(tmp_path)


def test_boards_too_big_to_certify_are_refused_up_front(tmp_path, cert10):
    from masyu import MasyuError
    big = Puzzle(201, 200, {(0, 0): "W"})
    with pytest.raises(MasyuError, match="too large for a certificate"):
        prove(big)
    cert10.write(tmp_path)
    (tmp_path / "puzzle.txt").write_text(big.to("grid"))
    cfiles.rehash(tmp_path)
    with pytest.raises(MasyuError, match="puzzle.txt: a 201x200 board is too large"):
        verify(tmp_path)
    (tmp_path / "puzzle.txt").write_text("..X\n")
    cfiles.rehash(tmp_path)
    with pytest.raises(MasyuError, match="puzzle.txt"):
        verify(tmp_path)


def test_random_damage_is_refused_or_an_error_never_a_crash(psm, tmp_path):
    """Bytes changed, cut out, put in or the file cut short, in any file (hashes redone):
    verify refuses it or raises MasyuError; a damaged clause never verifies."""
    import shutil

    from masyu import MasyuError
    puzzles, _ = psm
    base = tmp_path / "base"
    prove(first_of_size(puzzles, 6)).write(base)
    rng = random.Random(20)
    names = sorted(cfiles.FILES.values())

    def clauses(text):
        return [ln.split() for ln in text.splitlines() if ln.strip() and ln[0] not in "c"]

    seen = set()
    for t in range(150):
        d = tmp_path / f"d{t}"
        shutil.copytree(base, d)
        name = rng.choice(names)
        data = bytearray((d / name).read_bytes())
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(data)) if data else 0
            how = rng.randrange(4)
            if how == 0 and data:
                data[i] = rng.choice(b"0123456789- \n-dcp[]{},\"xW.B")
            elif how == 1 and data:
                del data[i:i + rng.randint(1, 20)]
            elif how == 2:
                data[i:i] = bytes(rng.choice(b"0123456789- \n") for _ in range(rng.randint(1, 5)))
            else:
                data = data[:i]
        (d / name).write_bytes(bytes(data))
        cfiles.rehash(d)
        try:
            v = verify(d, rng.choice(CHECKERS))
        except MasyuError:
            seen.add("error")
            continue
        seen.add(v.verified)
        if v.verified and name in ("blocking.cnf", "formula.cnf", "solution.txt"):
            old, new = (base / name).read_text(), (d / name).read_text()
            assert clauses(old) == clauses(new), (name, t)
        shutil.rmtree(d)
    assert {"error", False} <= seen

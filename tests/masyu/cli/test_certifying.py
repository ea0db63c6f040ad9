"""The prove and verify verbs: exit codes 0, 1 (with the reason), 2 (one line, no traceback)."""

from typer.testing import CliRunner

from masyu.certify import files as cfiles
from masyu.cli import app

from tests.data import PUZZLES
PSM = str(PUZZLES / "psm.txt")
runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_prove_then_verify(tmp_path):
    r = run("prove", PSM + "#psm-10x10-easy-6657591", "-o", str(tmp_path / "c"))
    assert r.exit_code == 0, r.output
    assert "unique: certificate in" in r.stderr
    assert sorted(p.name for p in (tmp_path / "c").iterdir()) == sorted(
        [*cfiles.FILES.values(), cfiles.MANIFEST])
    for checker in ("c", "python"):
        r = run("verify", str(tmp_path / "c"), "--checker", checker)
        assert r.exit_code == 0, r.output
        assert r.stdout.startswith("verified: the 10x10 puzzle has exactly one solution")
    r = run("verify", str(tmp_path / "c"), "--json", "--puzzle", PSM + "#psm-10x10-easy-6657591")
    assert r.exit_code == 0 and '"verified": true' in r.stdout
    r = run("verify", str(tmp_path / "c"), "--puzzle", PSM + "#psm-10x10-hard-7520147")
    assert r.exit_code == 1 and "another puzzle" in r.stderr


def test_verify_refuses_a_tampered_certificate_with_exit_1(tmp_path):
    assert run("prove", PSM + "#psm-10x10-easy-6657591", "-o", str(tmp_path), "-q").exit_code == 0
    proof = tmp_path / "proof.drat"
    proof.write_text("\n".join(proof.read_text().splitlines()[:5]) + "\n")
    r = run("verify", str(tmp_path))
    assert r.exit_code == 1 and "proof.drat" in r.stderr and "changed" in r.stderr
    cfiles.rehash(tmp_path)
    r = run("verify", str(tmp_path))
    assert r.exit_code == 1 and "without deriving the empty clause" in r.stderr
    assert "Traceback" not in r.output


def one_line_error(r, *words):
    assert r.exit_code == 2, r.output
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("masyu: ") and "Traceback" not in r.output
    assert all(w in lines[0] for w in words), lines


def test_unreadable_input_exits_2(tmp_path):
    one_line_error(run("verify", str(tmp_path / "nothing")), "not a directory")
    one_line_error(run("verify", str(tmp_path)), "manifest.json")
    r = run("verify", str(tmp_path), "--checker", "java")   # typer's usage error
    assert r.exit_code == 2 and "java" in r.stderr
    one_line_error(run("prove", "no/such/file.txt", "-o", str(tmp_path)), "no such file")
    assert run("prove", PSM + "#psm-10x10-easy-6657591", "-o", str(tmp_path), "-q").exit_code == 0
    (tmp_path / "proof.drat").write_text("1 2 x 0\n")
    cfiles.rehash(tmp_path)
    one_line_error(run("verify", str(tmp_path)), "proof.drat:1")


def test_prove_says_not_unique_with_exit_1(tmp_path):
    r = run("prove", "W...\n....\n....\n....\n", "-o", str(tmp_path / "c"))
    assert r.exit_code == 1 and "not unique: the puzzle has no solution" in r.stderr
    r = run("prove", "......\n.W....\n......\n......\n", "-o", str(tmp_path / "c"))
    assert r.exit_code == 1 and "two solutions" in r.stderr
    assert not (tmp_path / "c").exists()


def test_ctrl_c_exits_130(tmp_path, monkeypatch):
    import masyu.cli.certifying as certifying

    def interrupted(*args, **kw):
        raise KeyboardInterrupt
    monkeypatch.setattr(certifying, "prove_puzzle", interrupted)
    r = run("prove", PSM + "#psm-10x10-easy-6657591", "-o", str(tmp_path / "c"))
    assert r.exit_code == 130 and "interrupted: no certificate written" in r.stderr
    assert not (tmp_path / "c").exists()
    monkeypatch.setattr(certifying, "verify_dir", interrupted)
    r = run("verify", str(tmp_path))
    assert r.exit_code == 130 and "interrupted" in r.stderr

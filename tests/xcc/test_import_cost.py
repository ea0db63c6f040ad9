"""``import xcc`` is light (issue 35: under 30 ms): it loads the package's face alone.

What a name needs is imported when the name is first used (PEP 562): numpy with
``xcc.Problem``, the model with ``xcc.Model``.  The measure is the set of modules
loaded (a time would depend on the machine): ``python -X importtime -c "import xcc"``
shows the same, about a millisecond for ``xcc`` itself.
"""
from __future__ import annotations

import subprocess
import sys

import xcc

PROBE = ("import sys\nbefore = set(sys.modules)\n{code}\n"
         "print(' '.join(sorted(set(sys.modules) - before)))\n")


def loaded(code: str) -> set[str]:
    r = subprocess.run([sys.executable, "-c", PROBE.format(code=code)], capture_output=True,
                       text=True, timeout=120, cwd="/")
    assert r.returncode == 0, r.stderr
    return set(r.stdout.split())


def test_import_xcc_loads_the_package_face_alone():
    assert loaded("import xcc") == {"xcc"}


def test_a_name_loads_what_it_needs_when_first_used():
    model = loaded("import xcc\nxcc.Model")
    assert {"xcc.model", "xcc.checking", "xcc.search", "numpy"} <= model
    assert "typer" not in model and "masyu" not in model
    assert "numpy" not in loaded("import xcc\nxcc.XCCError\nxcc.DISTRIBUTION")


def test_every_public_name_is_served():
    for name in xcc.__all__:
        assert getattr(xcc, name) is not None, name
    assert {"Model", "check"} <= set(xcc.__all__) <= set(dir(xcc))
    assert xcc.check.__module__ == "xcc.checking" and xcc.Model.__module__ == "xcc.model"

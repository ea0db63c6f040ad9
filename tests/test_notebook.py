"""The tour notebook runs from top to bottom (docs/notebooks/tour.ipynb).

Executed with nbclient in a fresh kernel of this interpreter.  nbclient,
nbformat and ipykernel are in the ``dev`` extra: without them this test
fails, since a notebook nobody runs rots.
"""
import importlib.util
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "docs" / "notebooks" / "tour.ipynb"


def test_tour_notebook_runs():
    missing = [m for m in ("nbclient", "nbformat", "ipykernel", "matplotlib")
               if importlib.util.find_spec(m) is None]
    if missing:
        pytest.fail(f"cannot run the notebook: {', '.join(missing)} not installed "
                    f"(pip install -e '.[dev]')")
    import nbclient
    import nbformat

    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    client.execute()  # raises CellExecutionError, with the cell and traceback, on any error
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "weak solutions:    5,328" in text and "strong solutions:      1" in text
    kinds = {k for o in outputs for k in o.get("data", {})}
    assert {"image/svg+xml", "text/html", "text/markdown", "image/png"} <= kinds


def test_the_committed_notebook_shows_its_outputs():
    """Committed executed: read on GitHub or in a viewer, it shows what it computes."""
    import nbformat  # optional: the dev extra (the test above says so when missing)

    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert code and all(cell.outputs for cell in code), \
        [cell.source[:60] for cell in code if not cell.outputs]
    assert not [o for cell in code for o in cell.outputs if o.output_type == "error"]


def test_the_dev_extra_can_refresh_and_the_notebook_extra_can_open_it():
    """`jupyter nbconvert` comes with dev; `jupyter notebook` with the notebook extra."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert any(d.startswith("nbconvert") for d in extras["dev"])
    assert {"nbconvert", "notebook", "ipykernel"} <= {d.split(">")[0] for d in extras["notebook"]}
    found = Path(sys.executable).with_name("jupyter-nbconvert")
    if not found.exists():
        pytest.fail("jupyter nbconvert is missing: pip install -e '.[dev]'")

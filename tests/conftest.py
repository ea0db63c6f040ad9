"""Shared test fixtures: where the test data lives (tests/data, or the folder
XCC_MASYU_DATA names: see tests/data/__init__.py).  And the suite's bound on its own end:
the main pytest process may not hang on its way out."""
import faulthandler
from pathlib import Path

import pytest

from tests.data import DATA

EXIT_DEADLINE = 120  # seconds from the last hook to the process's exit


@pytest.fixture(scope="session")
def shared() -> Path:
    """The data folder: ``puzzles/`` (psm.txt, extra.txt, rcra.txt and their loops), ``xcc/``."""
    if not (DATA / "puzzles").is_dir():
        pytest.fail(f"the test data is missing: expected {DATA / 'puzzles'}")
    return DATA


def pytest_unconfigure(config):
    """A test's time is bounded by pytest-timeout (pyproject.toml); what runs
    after the last test (exit handlers that join threads or child processes)
    by this: past the deadline every thread's stack goes to stderr and the
    process exits with 1, so a hang fails the run with its place named.  In
    the main process only: an xdist worker that is done waits, rightly, for
    the others (and is ended by the main process)."""
    if not hasattr(config, "workerinput"):
        faulthandler.dump_traceback_later(EXIT_DEADLINE, exit=True)

"""Shared test fixtures: where ../shared lives (beside the repository)."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.fail(f"the shared folder is missing: expected {SHARED}")
    return SHARED

"""The one way a test checks a MasyuError: where it points, and what it says."""
from __future__ import annotations

from typing import Callable

import pytest

from masyu import MasyuError


def assert_names_the_place(call: Callable[[], object], where: str, words: str) -> None:
    """``call()`` raises a MasyuError whose place is ``where`` and whose
    message contains ``words``."""
    with pytest.raises(MasyuError) as info:
        call()
    assert info.value.where == where
    assert words in info.value.message

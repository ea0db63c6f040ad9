"""What the readers share: the number pattern of sizes, and short quotes of bad input."""
from __future__ import annotations

import re

from ..errors import MasyuError

NUMBER = r"[0-9]{1,9}"  # ASCII digits only, and never enough of them to trouble int()
NUMBER_RE = re.compile(NUMBER)


def short(text: str, limit: int = 40) -> str:
    """``text``, cut to ``limit`` characters for an error message."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def expect_text(text: object) -> str:
    """Refuse anything but a string at the door."""
    if not isinstance(text, str):
        raise MasyuError(f"expected text, not {type(text).__name__}")
    return text

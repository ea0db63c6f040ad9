"""Which distribution installed ``xcc``, and its version: ``version()``.

Two distributions ship the package (docs/architecture.md, "Packaging"):
``xcc-masyu`` (pyproject.toml: xcc and masyu) and ``xcc-dlx`` (xcc alone, built
by packaging/xcc_dlx.py).  Their version is pyproject.toml's, the one source,
read from the installed metadata by ``xcc.__version__``, ``masyu.__version__``
and both commands' ``--version``.  A module of its own, importing nothing at
load, so that ``xcc.command`` reads it without importing the package's face.
"""
from __future__ import annotations

import importlib

DISTRIBUTION = "xcc-masyu"   # the distribution that ships xcc and masyu (pyproject.toml)
ALONE = "xcc-dlx"   # the distribution of xcc alone, numpy its one dependency (packaging/xcc_dlx.py)


def installed() -> str:
    """The distribution that installed xcc: ``DISTRIBUTION``, or ``ALONE`` when only
    it is installed (a source tree never installed: ``DISTRIBUTION``)."""
    metadata = importlib.import_module("importlib.metadata")   # start-up: only when asked
    for name in (DISTRIBUTION, ALONE):
        try:
            metadata.version(name)
            return name
        except metadata.PackageNotFoundError:
            pass
    return DISTRIBUTION


def install_hint(extra: str) -> str:
    """``pip install 'xcc-masyu[sat]'``: how to install an extra of the distribution
    that installed xcc (both ship ``sat`` and ``dask``)."""
    return f"pip install '{installed()}[{extra}]'"


def version() -> str:
    """The installed distribution's version (``DISTRIBUTION``'s or, xcc installed
    alone, ``ALONE``'s); ``0+unknown`` for a source tree that was never installed."""
    metadata = importlib.import_module("importlib.metadata")   # start-up: only when asked
    for name in (DISTRIBUTION, ALONE):
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            pass
    return "0+unknown"
